extension Array where Element == Polyline {
    /// The part between the fractions `start` and `end` (0…1) of the total length of all the
    /// polylines together, as `CAShapeLayer`'s `strokeStart` and `strokeEnd`.
    ///
    /// - Both fractions are clamped to 0…1; `start >= end`, or either one NaN, gives nothing.
    /// - Polylines wholly outside the range are dropped; one wholly inside is kept as it is (a closed
    ///   one stays closed); one the range cuts becomes an open polyline of the part inside.
    /// - When the total length is zero or not finite, only the whole range 0…1 keeps anything (all
    ///   of it).
    ///
    /// ```swift
    /// [Polyline(points: [(0, 0), (10, 0)], closed: false)].trimmed(from: 0.25, to: 0.75)
    /// // [Polyline(points: [(2.5, 0), (7.5, 0)], closed: false)]
    /// ```
    public func trimmed(from start: Double, to end: Double) -> [Polyline] {
        guard !start.isNaN, !end.isNaN else { return [] }
        let start = Swift.min(Swift.max(start, 0), 1)
        let end = Swift.min(Swift.max(end, 0), 1)
        guard start < end else { return [] }
        if start == 0, end == 1 { return self }
        let lengths = map(\.length)
        let total = lengths.reduce(0, +)
        guard total > 0, total.isFinite else { return [] }
        let from = start * total
        let to = end * total
        var result: [Polyline] = []
        var offset = 0.0
        for (polyline, length) in zip(self, lengths) {
            defer { offset += length }
            if from <= offset, offset + length <= to {
                result.append(polyline)
            } else if from < offset + length, to > offset {
                result.append(polyline._slice(from: Swift.max(from - offset, 0), to: Swift.min(to - offset, length)))
            }
        }
        return result
    }
}

extension Polyline {
    /// The open polyline from `from` to `to` along this one's length (the closing segment
    /// included when closed), with `0 <= from <= to <= length`.
    func _slice(from: Double, to: Double) -> Polyline {
        var points: [Point] = []
        var offset = 0.0
        for segment in segments {
            let segmentEnd = offset + segment.length
            defer { offset = segmentEnd }
            guard segmentEnd > from, segment.length > 0 else { continue }
            if points.isEmpty {
                points.append(Self._point(on: segment, at: from - offset))
            }
            if segmentEnd >= to {
                points.append(Self._point(on: segment, at: to - offset))
                break
            }
            points.append(segment.to._point)
        }
        return Polyline(points: points, closed: false)
    }

    /// The point `distance` along a segment, clamped to the segment.
    static func _point(on segment: (from: SIMD2<Double>, to: SIMD2<Double>, length: Double), at distance: Double) -> Point {
        let fraction = Swift.min(Swift.max(distance / segment.length, 0), 1)
        return (segment.from + (segment.to - segment.from) * fraction)._point
    }
}
