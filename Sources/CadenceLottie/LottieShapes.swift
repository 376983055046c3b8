import CadenceDraw
import Foundation

/// The circle's cubic handle length, as a fraction of the radius (After Effects' constant).
private let kappa = 0.5519150244935105707435627

extension RectangleShape {
    /// The rectangle centred on its position, starting at the top-right corner and running
    /// clockwise (anticlockwise when reversed), its corners rounded by the roundness (at most
    /// half the shorter side).
    func path(at frame: Double) -> Path {
        let centre = position.point(at: frame)
        let size = self.size.point(at: frame)
        let w = abs(size.x) / 2, h = abs(size.y) / 2
        guard w.isFinite, h.isFinite else { return Path() }
        let r = min(max(roundness.scalar(at: frame), 0), min(w, h))
        let (left, right, top, bottom) = (centre.x - w, centre.x + w, centre.y - h, centre.y + h)
        func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
        var elements: [Path.Element]
        if r <= 0 {
            let corners = reversed
                ? [p(right, top), p(left, top), p(left, bottom), p(right, bottom)]
                : [p(right, top), p(right, bottom), p(left, bottom), p(left, top)]
            elements = [.move(corners[0])] + corners.dropFirst().map { .line($0) } + [.close]
        } else {
            let c = r * (1 - kappa)
            if !reversed {
                elements = [
                    .move(p(right, top + r)), .line(p(right, bottom - r)),
                    .curve(control1: p(right, bottom - c), control2: p(right - c, bottom), to: p(right - r, bottom)),
                    .line(p(left + r, bottom)),
                    .curve(control1: p(left + c, bottom), control2: p(left, bottom - c), to: p(left, bottom - r)),
                    .line(p(left, top + r)),
                    .curve(control1: p(left, top + c), control2: p(left + c, top), to: p(left + r, top)),
                    .line(p(right - r, top)),
                    .curve(control1: p(right - c, top), control2: p(right, top + c), to: p(right, top + r)),
                    .close,
                ]
            } else {
                elements = [
                    .move(p(right - r, top)), .line(p(left + r, top)),
                    .curve(control1: p(left + c, top), control2: p(left, top + c), to: p(left, top + r)),
                    .line(p(left, bottom - r)),
                    .curve(control1: p(left, bottom - c), control2: p(left + c, bottom), to: p(left + r, bottom)),
                    .line(p(right - r, bottom)),
                    .curve(control1: p(right - c, bottom), control2: p(right, bottom - c), to: p(right, bottom - r)),
                    .line(p(right, top + r)),
                    .curve(control1: p(right, top + c), control2: p(right - c, top), to: p(right - r, top)),
                    .close,
                ]
            }
        }
        return Path(elements: elements)
    }
}

extension EllipseShape {
    /// The ellipse as four cubic arcs from its top, clockwise (anticlockwise when reversed).
    func path(at frame: Double) -> Path {
        let centre = position.point(at: frame)
        let size = self.size.point(at: frame)
        let rx = abs(size.x) / 2, ry = abs(size.y) / 2
        guard rx.isFinite, ry.isFinite else { return Path() }
        let (x, y) = (centre.x, centre.y)
        let (kx, ky) = (rx * kappa, ry * kappa)
        func p(_ px: Double, _ py: Double) -> Point { Point(x: px, y: py) }
        let side: Double = reversed ? -1 : 1
        return Path(elements: [
            .move(p(x, y - ry)),
            .curve(control1: p(x + side * kx, y - ry), control2: p(x + side * rx, y - ky), to: p(x + side * rx, y)),
            .curve(control1: p(x + side * rx, y + ky), control2: p(x + side * kx, y + ry), to: p(x, y + ry)),
            .curve(control1: p(x - side * kx, y + ry), control2: p(x - side * rx, y + ky), to: p(x - side * rx, y)),
            .curve(control1: p(x - side * rx, y - ky), control2: p(x - side * kx, y - ry), to: p(x, y - ry)),
            .close,
        ])
    }
}

extension StarShape {
    /// A star (points alternating between the outer and inner radius) or a polygon, its first
    /// point straight up from the centre turned by the rotation; roundness pulls handles along
    /// each point's tangent, a quarter of the arc between points long at 100 %.
    ///
    /// A star's fractional point count draws a partial point, as After Effects grows one while
    /// the count animates (and lottie-android, lottie-ios, rlottie and ThorVG draw it): the whole
    /// points each take 360° / count, the partial point the fraction of that, its tip the fraction
    /// of the way from the inner to the outer radius and its handles the fraction as long. The
    /// path starts at that tip. A polygon's count is whole (the fraction dropped), as those
    /// players draw it.
    func path(at frame: Double) -> Path {
        let centre = position.point(at: frame)
        let requested = points.scalar(at: frame, fallback: 5)
        let clamped = min(max(requested.isFinite ? requested : 0, 0), Self.maximumPoints)
        let count = Int(clamped.rounded(.down))
        guard count >= (isStar ? 2 : 3) else { return Path() }
        // Fractions too small to move a point by a representable amount count as none.
        let fraction = isStar && clamped - Double(count) > 1e-9 ? clamped - Double(count) : 0
        let outer = outerRadius.scalar(at: frame), inner = innerRadius.scalar(at: frame)
        let outerRound = outerRoundness.scalar(at: frame) / 100, innerRound = innerRoundness.scalar(at: frame) / 100
        let rotation = self.rotation.scalar(at: frame)
        guard outer.isFinite, inner.isFinite, outerRound.isFinite, innerRound.isFinite, rotation.isFinite else { return Path() }
        let direction: Double = reversed ? -1 : 1
        // The angle from one point to the next, and the number of points the handles share the
        // circle among (the count, fraction included).
        let share = fraction > 0 ? clamped : Double(count)
        let pointAngle = 2 * Double.pi / share * direction
        var angle = -Double.pi / 2 + rotation * .pi / 180
        // The vertex `radius` from the centre at `angle`, its handle along the circle as long as
        // `roundness` times a quarter of the arc between points of radius `handleRadius`, times `scale`.
        func vertex(_ radius: Double, roundness: Double, handleRadius: Double, scale: Double = 1) -> (point: SIMD2<Double>, tangent: SIMD2<Double>) {
            let offset = SIMD2(radius * cos(angle), radius * sin(angle))
            let length = (offset.x * offset.x + offset.y * offset.y).squareRoot()
            let perimeter = 2 * Double.pi * abs(handleRadius) / (share * 4)
            let tangent = length > 0 ? SIMD2(-offset.y, offset.x) / length * perimeter * roundness * direction * scale : .zero
            return (centre + offset, tangent)
        }
        var points: [(point: SIMD2<Double>, tangent: SIMD2<Double>)] = []
        if !isStar {
            points.reserveCapacity(count)
            for _ in 0..<count {
                points.append(vertex(outer, roundness: outerRound, handleRadius: outer))
                angle += pointAngle
            }
        } else if fraction == 0 {
            points.reserveCapacity(2 * count)
            for index in 0..<(2 * count) {
                let isOuter = index.isMultiple(of: 2)
                points.append(isOuter ? vertex(outer, roundness: outerRound, handleRadius: outer) : vertex(inner, roundness: innerRound, handleRadius: inner))
                angle += pointAngle / 2
            }
        } else {
            // The partial point's tip, half its share before the first inner vertex and half after the last.
            points.reserveCapacity(2 * count + 2)
            angle += pointAngle / 2 * (1 - fraction)
            points.append(vertex(inner + (outer - inner) * fraction, roundness: outerRound, handleRadius: outer, scale: fraction))
            angle += pointAngle / 2 * fraction
            for index in 0..<(2 * count + 1) {
                let isOuter = !index.isMultiple(of: 2)
                points.append(isOuter ? vertex(outer, roundness: outerRound, handleRadius: outer) : vertex(inner, roundness: innerRound, handleRadius: inner))
                angle += pointAngle / 2
            }
        }
        let vertices = points.count
        var elements: [Path.Element] = [.move(Point(points[0].point))]
        for index in 0..<vertices {
            let from = points[index], to = points[(index + 1) % vertices]
            if from.tangent == .zero && to.tangent == .zero {
                elements.append(.line(Point(to.point)))
            } else {
                elements.append(.curve(control1: Point(from.point + from.tangent), control2: Point(to.point - to.tangent), to: Point(to.point)))
            }
        }
        elements.append(.close)
        return Path(elements: elements)
    }
}
