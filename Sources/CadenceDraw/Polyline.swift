/// A chain of straight segments through `points`, and back to the first point when `closed`: a
/// flattened subpath, ready to fill, trim, dash or stroke.
///
/// See also: `Path.flattened(tolerance:)`, `Array<Polyline>.strokeOutline(_:tolerance:)`.
public struct Polyline: Sendable, Hashable {
    /// The vertices in order; a closed polyline does not repeat its first point at the end.
    public var points: [Point]
    /// True when a segment joins the last point back to the first.
    public var closed: Bool

    /// A polyline through `points`, closed back to the first point when `closed`.
    public init(points: [Point], closed: Bool) {
        self.points = points
        self.closed = closed
    }

    /// The total length of the segments, the closing one included when `closed`.
    ///
    /// 0 for fewer than two points; infinite or NaN when the points are.
    public var length: Double {
        segments.reduce(0) { $0 + $1.length }
    }

    /// Each segment's end points and length in drawing order, the closing segment last.
    var segments: [(from: SIMD2<Double>, to: SIMD2<Double>, length: Double)] {
        guard points.count > 1 else { return [] }
        var result: [(from: SIMD2<Double>, to: SIMD2<Double>, length: Double)] = []
        result.reserveCapacity(points.count)
        var previous = SIMD2(points[0])
        for point in points.dropFirst() {
            let next = SIMD2(point)
            result.append((previous, next, (next - previous)._length))
            previous = next
        }
        if closed {
            let first = SIMD2(points[0])
            result.append((previous, first, (first - previous)._length))
        }
        return result
    }
}
