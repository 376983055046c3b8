#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An SVG elliptical arc (the A command) in endpoint form, converted to centre form and then to
/// cubic Béziers (SVG implementation notes F.6.5 and F.6.6).
struct _SVGArc {
    var start: SIMD2<Double>
    var end: SIMD2<Double>
    var radii: SIMD2<Double>
    var rotation: Double
    var largeArc: Bool
    var sweep: Bool

    init(from start: SIMD2<Double>, to end: SIMD2<Double>, radii: SIMD2<Double>, rotationDegrees: Double, largeArc: Bool, sweep: Bool) {
        self.start = start
        self.end = end
        self.radii = SIMD2(abs(radii.x), abs(radii.y))
        self.rotation = rotationDegrees.truncatingRemainder(dividingBy: 360) * .pi / 180
        self.largeArc = largeArc
        self.sweep = sweep
    }

    /// One `.curve` per quarter turn or less; a `.line` when a radius is zero or the numbers
    /// overflow; nothing when the arc ends where it starts.
    func elements() -> [Path.Element] {
        guard start != end else { return [] }
        guard radii.x > 0, radii.y > 0 else { return [.line(end._point)] }
        let cosine = cos(rotation)
        let sine = sin(rotation)
        // F.6.5.1: the start point in the ellipse's frame, centred between the end points.
        let half = (start - end) / 2
        let primed = SIMD2(cosine * half.x + sine * half.y, -sine * half.x + cosine * half.y)
        // F.6.6.2: radii too small to span the end points grow until they just do.
        var rx = radii.x
        var ry = radii.y
        let lambda = (primed.x * primed.x) / (rx * rx) + (primed.y * primed.y) / (ry * ry)
        if lambda > 1 {
            rx *= lambda.squareRoot()
            ry *= lambda.squareRoot()
        }
        // F.6.5.2: the centre in the ellipse's frame.
        let numerator = rx * rx * ry * ry - rx * rx * primed.y * primed.y - ry * ry * primed.x * primed.x
        let denominator = rx * rx * primed.y * primed.y + ry * ry * primed.x * primed.x
        var coefficient = (max(0, numerator) / denominator).squareRoot()
        if largeArc == sweep { coefficient = -coefficient }
        let centrePrimed = SIMD2(coefficient * rx * primed.y / ry, -coefficient * ry * primed.x / rx)
        // F.6.5.3: the centre.
        let middle = (start + end) / 2
        let centre = SIMD2(
            cosine * centrePrimed.x - sine * centrePrimed.y + middle.x,
            sine * centrePrimed.x + cosine * centrePrimed.y + middle.y
        )
        // F.6.5.5 and F.6.5.6: the start angle and the signed sweep.
        let startVector = SIMD2((primed.x - centrePrimed.x) / rx, (primed.y - centrePrimed.y) / ry)
        let endVector = SIMD2((-primed.x - centrePrimed.x) / rx, (-primed.y - centrePrimed.y) / ry)
        let startAngle = atan2(startVector.y, startVector.x)
        var delta = atan2(endVector.y, endVector.x) - startAngle
        if sweep, delta < 0 { delta += 2 * .pi }
        if !sweep, delta > 0 { delta -= 2 * .pi }
        guard centre._isFinite, rx.isFinite, ry.isFinite, delta.isFinite, delta != 0 else { return [.line(end._point)] }

        let count = _boundedCount(abs(delta) / (.pi / 2) - 1e-9, limit: 4)
        let step = delta / Double(count)
        // The control points of a circular arc of angle `step` lie 4/3·tan(step/4) along the tangents.
        let handle = 4.0 / 3.0 * tan(step / 4)
        func onEllipse(_ unit: SIMD2<Double>) -> SIMD2<Double> {
            let scaled = SIMD2(unit.x * rx, unit.y * ry)
            return centre + SIMD2(cosine * scaled.x - sine * scaled.y, sine * scaled.x + cosine * scaled.y)
        }
        var result: [Path.Element] = []
        var angle = startAngle
        for index in 0..<count {
            let next = index == count - 1 ? startAngle + delta : angle + step
            let from = SIMD2(cos(angle), sin(angle))
            let to = SIMD2(cos(next), sin(next))
            let control1 = onEllipse(from + from._perpendicular * handle)
            let control2 = onEllipse(to - to._perpendicular * handle)
            let point = index == count - 1 ? end : onEllipse(to)
            result.append(.curve(control1: control1._point, control2: control2._point, to: point._point))
            angle = next
        }
        return result
    }
}
