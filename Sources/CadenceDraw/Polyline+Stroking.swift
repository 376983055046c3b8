#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Array where Element == Polyline {
    /// Closed polygons whose non-zero union is the stroke of these polylines drawn with `style`,
    /// ready for `PathFill(contours:fillRule: .nonZero, color:)`.
    ///
    /// - The band `lineWidth` wide centred on each segment, consecutive segments in one outline
    ///   (a run): along one side, round the far end, back along the other. At each vertex of a
    ///   run the outline takes the join's outer corners on the side the line turns away from and,
    ///   on the inner side, the point where the two segments' edges cross. A run ends where that
    ///   point would not lie within both segments (the line turns more tightly than half its
    ///   width), at a U-turn, where a segment is out of sight and at the polyline's end (a closed
    ///   polyline's first vertex too); the join there is a piece of its own. One outline instead
    ///   of a piece a segment and a piece a join: a curve's stroke has a third of the edges to
    ///   rasterise, and no overlapping pieces whose edge pixels count their overlap twice.
    /// - Joins: `.miter` extends the outer edges to their meeting point unless miter length /
    ///   `lineWidth` exceeds `miterLimit` (as Core Graphics), then bevels; `.round` goes round the
    ///   arc; `.bevel` cuts straight across between the outer edges' ends.
    /// - Caps at both ends of open polylines: `.butt` adds nothing, `.square` half a width of
    ///   square extension, `.round` a half disc. A polyline that is a single point (or whose
    ///   points are all equal) becomes a dot with round caps, an axis-aligned square with square caps,
    ///   and nothing with butt caps.
    /// - Round pieces circumscribe their arcs: every point within `lineWidth / 2` of the line is
    ///   covered, and nothing farther than `lineWidth / 2 + tolerance`.
    /// - Every polygon has positive signed area in the y-down frame (clockwise on screen), so the
    ///   non-zero union never cancels where pieces overlap.
    /// - Dashing is not applied here: dash first with `dashed(pattern:phase:)`.
    /// - With `visible`, pieces that lie wholly outside it are left out: they cannot cover any
    ///   of it, and a path mostly off screen would otherwise cost a polygon per segment.
    /// - Never traps: non-finite points are skipped, as are zero-length segments and segments too
    ///   long to measure; a non-positive or non-finite `lineWidth` strokes nothing; pieces whose
    ///   points overflow are left out; round pieces have at most 1024 sides.
    ///
    /// ```swift
    /// let style = StrokeStyle(lineWidth: 2, lineCap: .round, lineDashPattern: [10, 5])
    /// let contours = try Path(svg: "M0 0 H100").flattened()
    ///     .dashed(pattern: style.lineDashPattern, phase: style.lineDashPhase)
    ///     .strokeOutline(style)
    /// // 7 dashes, each a run of one segment and two half discs: 21 polygons
    /// ```
    public func strokeOutline(_ style: StrokeStyle, tolerance: Double = 0.25, visible: Rect? = nil) -> [[Point]] {
        let halfWidth = style.lineWidth / 2
        guard halfWidth > 0, halfWidth.isFinite else { return [] }
        var stroker = _Stroker(style: style, halfWidth: halfWidth, tolerance: tolerance, visible: visible.map(_Box.init))
        for polyline in self {
            stroker.stroke(polyline)
        }
        return stroker.polygons
    }
}

/// Builds the pieces of one stroke outline.
struct _Stroker {
    let style: StrokeStyle
    let halfWidth: Double
    let tolerance: Double
    /// Pieces wholly outside this box are dropped.
    let visible: _Box?
    private(set) var polygons: [[Point]] = []

    init(style: StrokeStyle, halfWidth: Double, tolerance: Double, visible: _Box? = nil) {
        self.style = style
        self.halfWidth = halfWidth
        self.tolerance = tolerance
        self.visible = visible
    }

    mutating func stroke(_ polyline: Polyline) {
        let points = Self.cleaned(polyline)
        guard let first = points.first else { return }
        guard points.count > 1 else {
            dot(at: first)
            return
        }
        let closed = polyline.closed
        let segmentCount = closed ? points.count : points.count - 1
        var directions: [SIMD2<Double>] = []
        directions.reserveCapacity(segmentCount)
        // A run, and the caps.
        polygons.reserveCapacity(polygons.count + 3)
        var lengths: [Double] = []
        lengths.reserveCapacity(segmentCount)
        for index in 0..<segmentCount {
            let from = points[index]
            let to = points[(index + 1) % points.count]
            // `cleaned` keeps only measurable segments, so every direction exists.
            guard let measured = _direction(to - from) else { return }
            directions.append(measured.unit)
            lengths.append(measured.length)
        }
        // Segments go into runs, each one outline: its left side forwards, the joins' outer
        // corners on the side the line turns away from, and on the inner side the point where
        // the two segments' edges cross. A run ends where that point would not lie within both
        // segments (the width is more than the turn's radius: the inner side would fold back),
        // where a segment is out of sight, at a U-turn and at the end of the polyline (a closed
        // one's start too); the join there is a piece of its own, as are caps.
        var left: [SIMD2<Double>] = [], right: [SIMD2<Double>] = []
        var running = false
        // How far along the segment from its start each side's edge begins: the inner point of
        // the join before it cuts that much of the edge away.
        var inset = (left: 0.0, right: 0.0)
        for index in 0..<segmentCount {
            let from = points[index]
            let to = points[(index + 1) % points.count]
            let direction = directions[index]
            let offset = direction._perpendicular * halfWidth
            guard sees(from + offset, to + offset, to - offset, from - offset) else {
                // Out of sight (or overflowing); the join at its end may still reach into sight
                // (a long miter).
                if index + 1 < segmentCount { join(at: to, incoming: direction, outgoing: directions[index + 1]) }
                continue
            }
            if !running {
                // The run's memory is kept from run to run.
                left.removeAll(keepingCapacity: true)
                right.removeAll(keepingCapacity: true)
                left.append(from + offset)
                right.append(from - offset)
                inset = (0, 0)
                running = true
            }
            let next = index + 1
            if next < segmentCount {
                let nextOffset = directions[next]._perpendicular * halfWidth
                let after = points[(next + 1) % points.count]
                if sees(to + nextOffset, after + nextOffset, after - nextOffset, to - nextOffset), turn(
                    at: to, incoming: direction, outgoing: directions[next], lengths: (lengths[index], lengths[next]),
                    inset: &inset, left: &left, right: &right
                ) {
                    continue
                }
            }
            // The run ends here.
            left.append(to + offset)
            right.append(to - offset)
            emit(left + right.reversed())
            running = false
            if next < segmentCount {
                join(at: to, incoming: direction, outgoing: directions[next])
            }
        }
        if closed {
            join(at: points[0], incoming: directions[segmentCount - 1], outgoing: directions[0])
        } else {
            cap(at: points[0], outward: -directions[0])
            cap(at: points[points.count - 1], outward: directions[segmentCount - 1])
        }
    }

    /// Takes a run round the vertex `point` from the segment along `incoming` into the one along
    /// `outgoing`: the join's outer corners in order (from the end of the incoming edge to the
    /// start of the outgoing one) go onto the side the line turns away from (`left`, the side
    /// `_perpendicular` points to, or `right`), the point where the inner edges cross onto the
    /// other, and `inset` becomes how much of the outgoing segment's edges that point cuts away.
    /// False, with nothing added, where the run must end: a U-turn, an inner point that would not
    /// lie within both segments (`inset`: how much of the incoming segment's edges joins before
    /// cut away; `lengths`: the two segments'), or a point that overflows.
    private func turn(
        at point: SIMD2<Double>, incoming: SIMD2<Double>, outgoing: SIMD2<Double>, lengths: (Double, Double),
        inset: inout (left: Double, right: Double), left: inout [SIMD2<Double>], right: inout [SIMD2<Double>]
    ) -> Bool {
        let cross = incoming._cross(outgoing)
        let dot = incoming._dot(outgoing)
        // Straight on: the segments' edges meet end to end.
        if cross == 0, dot > 0 {
            inset = (0, 0)
            return true
        }
        // The outer side is the one the line turns away from.
        let side: Double = cross > 0 ? -1 : 1
        // The inner edges cross halfWidth · tan(θ / 2) before and after the vertex, θ the turn.
        let cut = halfWidth * abs(cross) / (1 + dot)
        let innerInset = side > 0 ? inset.right : inset.left
        guard 1 + dot > 0, cut.isFinite, innerInset + cut <= lengths.0, cut <= lengths.1 else { return false }
        let inner = point + (incoming._perpendicular + outgoing._perpendicular) * (-side * halfWidth / (1 + dot))
        let outerIn = point + incoming._perpendicular * (side * halfWidth)
        let outerOut = point + outgoing._perpendicular * (side * halfWidth)
        // A point that overflows would cost the whole run (an outline with one is left out): the
        // run ends here instead, and the join is a piece of its own.
        guard inner._isFinite, outerIn._isFinite, outerOut._isFinite else { return false }
        // Between the outer corners: a miter's tip, or a round join's arc (its ends are the corners).
        var tip: SIMD2<Double>?
        var arcAngles: (from: Double, sweep: Double)?
        switch style.lineJoin {
        case .bevel:
            break
        case .round:
            let from = incoming._perpendicular * side
            let to = outgoing._perpendicular * side
            arcAngles = (atan2(from.y, from.x), atan2(from._cross(to), from._dot(to)))
        case .miter:
            let halfCosine = ((1 + dot) / 2).squareRoot()
            if halfCosine > 0, 1 / halfCosine <= style.miterLimit {
                let miter = point + (incoming._perpendicular + outgoing._perpendicular) * (side * halfWidth / (1 + dot))
                guard miter._isFinite else { return false }
                tip = miter
            }
        }
        func extend(outer: inout [SIMD2<Double>], inner innerSide: inout [SIMD2<Double>]) {
            if let arcAngles {
                appendArc(around: point, from: arcAngles.from, sweep: arcAngles.sweep, to: &outer)
            } else {
                outer.append(outerIn)
                if let tip { outer.append(tip) }
                outer.append(outerOut)
            }
            innerSide.append(inner)
        }
        if side > 0 {
            extend(outer: &left, inner: &right)
            inset = (0, cut)
        } else {
            extend(outer: &right, inner: &left)
            inset = (cut, 0)
        }
        return true
    }

    /// Whether the band of a segment, the quadrilateral `a`, `b`, `c`, `d`, is drawn: its corners
    /// finite (one that overflowed leaves the segment out, as it did a piece), and touching the
    /// visible box.
    private func sees(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>, _ d: SIMD2<Double>) -> Bool {
        guard a._isFinite, b._isFinite, c._isFinite, d._isFinite else { return false }
        guard let visible else { return true }
        var box = visible
        (box.low, box.high) = (pointwiseMin(pointwiseMin(a, b), pointwiseMin(c, d)), pointwiseMax(pointwiseMax(a, b), pointwiseMax(c, d)))
        return visible.touches(box)
    }

    /// The finite points, each one a measurable distance from the one kept before it (and, for a
    /// closed polyline, the last one from the first).
    private static func cleaned(_ polyline: Polyline) -> [SIMD2<Double>] {
        var points: [SIMD2<Double>] = []
        points.reserveCapacity(polyline.points.count)
        for point in polyline.points {
            let vector = SIMD2(point)
            guard vector._isFinite else { continue }
            if let last = points.last, _direction(vector - last) == nil { continue }
            points.append(vector)
        }
        if polyline.closed {
            while points.count > 1, let first = points.first, let last = points.last, _direction(first - last) == nil {
                points.removeLast()
            }
        }
        return points
    }

    private mutating func join(at point: SIMD2<Double>, incoming: SIMD2<Double>, outgoing: SIMD2<Double>) {
        let cross = incoming._cross(outgoing)
        let dot = incoming._dot(outgoing)
        // Straight on: the segments' quadrilaterals already meet edge to edge.
        if cross == 0, dot > 0 { return }
        // The outer side is the one the line turns away from.
        let side: Double = cross > 0 ? -1 : 1
        let outerIn = point + incoming._perpendicular * (side * halfWidth)
        let outerOut = point + outgoing._perpendicular * (side * halfWidth)
        switch style.lineJoin {
        case .bevel:
            emit(point, outerIn, outerOut)
        case .round:
            let from = incoming._perpendicular * side
            let to = outgoing._perpendicular * side
            // A U-turn (cross 0) goes round the far side, past the corner along `incoming`.
            let turn = cross == 0 ? -Double.pi : atan2(from._cross(to), from._dot(to))
            emit([point] + arc(around: point, from: atan2(from.y, from.x), sweep: turn))
        case .miter:
            // Miter length / width = 1 / sin(θ/2) for the angle θ between the segments,
            // and sin(θ/2) = cos(turn/2) = √((1 + dot) / 2).
            let halfCosine = ((1 + dot) / 2).squareRoot()
            guard halfCosine > 0, 1 / halfCosine <= style.miterLimit else {
                emit(point, outerIn, outerOut)
                return
            }
            let tip = point + (incoming._perpendicular + outgoing._perpendicular) * (side * halfWidth / (1 + dot))
            emit(point, outerIn, tip, outerOut)
        }
    }

    private mutating func cap(at point: SIMD2<Double>, outward: SIMD2<Double>) {
        let across = outward._perpendicular * halfWidth
        switch style.lineCap {
        case .butt:
            break
        case .square:
            let forward = outward * halfWidth
            emit(point + across, point + across + forward, point - across + forward, point - across)
        case .round:
            let start = outward._perpendicular
            emit([point] + arc(around: point, from: atan2(start.y, start.x), sweep: -.pi))
        }
    }

    private mutating func dot(at point: SIMD2<Double>) {
        switch style.lineCap {
        case .butt:
            break
        case .square:
            let corner = SIMD2(halfWidth, halfWidth)
            let flipped = SIMD2(halfWidth, -halfWidth)
            emit(point - corner, point + flipped, point + corner, point - flipped)
        case .round:
            emit(Array(arc(around: point, from: 0, sweep: 2 * .pi).dropFirst().dropLast()))
        }
    }

    /// Points of a polygonal arc that circumscribes the circle of radius `halfWidth`: the exact
    /// points at both ends, and between them corners at most `tolerance` outside the circle, each
    /// edge tangent to it.
    private func arc(around centre: SIMD2<Double>, from startAngle: Double, sweep: Double) -> [SIMD2<Double>] {
        var points: [SIMD2<Double>] = []
        appendArc(around: centre, from: startAngle, sweep: sweep, to: &points)
        return points
    }

    /// `arc(around:from:sweep:)`'s points appended to `points` (a run's side takes a round join's
    /// arc so, with no array of its own per vertex).
    private func appendArc(around centre: SIMD2<Double>, from startAngle: Double, sweep: Double, to points: inout [SIMD2<Double>]) {
        // A corner between tangents a step apart lies halfWidth / cos(step / 2) from the centre.
        let maximumStep = 2 * acos(halfWidth / (halfWidth + tolerance))
        let byTolerance = _boundedCount(abs(sweep) / maximumStep)
        let byQuarterTurns = _boundedCount(abs(sweep) / (.pi / 2))
        let count = Swift.max(byTolerance, byQuarterTurns)
        let step = sweep / Double(count)
        let cornerRadius = halfWidth / cos(step / 2)
        // Only a fresh array is sized here: reserving on every join of a run would defeat its growth.
        if points.isEmpty { points.reserveCapacity(count + 2) }
        points.append(centre + SIMD2(cos(startAngle), sin(startAngle)) * halfWidth)
        for index in 0..<count {
            let angle = startAngle + step * (Double(index) + 0.5)
            points.append(centre + SIMD2(cos(angle), sin(angle)) * cornerRadius)
        }
        points.append(centre + SIMD2(cos(startAngle + sweep), sin(startAngle + sweep)) * halfWidth)
    }

    /// Adds `polygon`, reversed when its signed area is negative; drops it when the area is zero
    /// or NaN (nothing to cover) or a point overflowed. The area is measured from the first point,
    /// so that coordinates far from the origin do not overflow it.
    private mutating func emit(_ polygon: [SIMD2<Double>]) {
        guard let origin = polygon.first, polygon.allSatisfy(\._isFinite) else { return }
        if let visible {
            var box = _Box(origin)
            for point in polygon.dropFirst() {
                box.low = pointwiseMin(box.low, point)
                box.high = pointwiseMax(box.high, point)
            }
            guard visible.touches(box) else { return }
        }
        var doubleArea = 0.0
        for index in 1..<polygon.count {
            let next = polygon[(index + 1) % polygon.count]
            doubleArea += (polygon[index] - origin)._cross(next - origin)
        }
        guard doubleArea != 0, !doubleArea.isNaN else { return }
        let points = polygon.map(\._point)
        polygons.append(doubleArea > 0 ? points : points.reversed())
    }

    /// `emit(_:)` of the triangle `a`, `b`, `c` or the quadrilateral `a`, `b`, `c`, `d` (the
    /// pieces of most strokes: segments, bevel and miter joins, square caps), the same sums in the
    /// same order, without an array for the input and another for the output turned round.
    private mutating func emit(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>, _ d: SIMD2<Double>? = nil) {
        guard a._isFinite, b._isFinite, c._isFinite, d?._isFinite ?? true else { return }
        if let visible {
            // The box of the points, worked out in place (`_Box(_:...)` would make an array).
            var low = pointwiseMin(pointwiseMin(a, b), c), high = pointwiseMax(pointwiseMax(a, b), c)
            if let d {
                low = pointwiseMin(low, d)
                high = pointwiseMax(high, d)
            }
            var box = visible
            (box.low, box.high) = (low, high)
            guard visible.touches(box) else { return }
        }
        var doubleArea = 0.0
        doubleArea += (b - a)._cross(c - a)
        if let d {
            doubleArea += (c - a)._cross(d - a)
            doubleArea += (d - a)._cross(a - a)
        } else {
            doubleArea += (c - a)._cross(a - a)
        }
        guard doubleArea != 0, !doubleArea.isNaN else { return }
        var points: [Point] = []
        points.reserveCapacity(4)
        if doubleArea > 0 {
            points.append(a._point)
            points.append(b._point)
            points.append(c._point)
            if let d { points.append(d._point) }
        } else {
            if let d { points.append(d._point) }
            points.append(c._point)
            points.append(b._point)
            points.append(a._point)
        }
        polygons.append(points)
    }
}
