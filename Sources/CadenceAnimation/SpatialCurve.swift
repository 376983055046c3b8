/// A keyframe's path in space: the cubic from its start point to its end point with the file's
/// tangents, measured once so that the value moves along it by arc length.
public struct SpatialCurve: Sendable, Hashable {
    public let p0: SIMD2<Double>, p1: SIMD2<Double>, p2: SIMD2<Double>, p3: SIMD2<Double>
    /// Arc length at each of `samples` + 1 equal parameter steps, from 0 to the whole length.
    public let lengths: [Double]
    /// How many chords measure the curve.
    public static let samples = 64

    /// The cubic from `start` to `end` leaving along `outTangent` and arriving along `inTangent`
    /// (both relative to their end points).
    public init(from start: SIMD2<Double>, to end: SIMD2<Double>, outTangent: SIMD2<Double>, inTangent: SIMD2<Double>) {
        p0 = start
        p1 = start + outTangent
        p2 = end + inTangent
        p3 = end
        var lengths = [0.0]
        lengths.reserveCapacity(Self.samples + 1)
        var previous = start
        var total = 0.0
        for step in 1...Self.samples {
            let point = Self.point(p0, p1, p2, p3, at: Double(step) / Double(Self.samples))
            let delta = point - previous
            total += (delta.x * delta.x + delta.y * delta.y).squareRoot()
            lengths.append(total)
            previous = point
        }
        self.lengths = lengths
    }

    /// The cubic through `p0` ... `p3` at parameter `s`.
    @inlinable
    public static func point(_ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>, at s: Double) -> SIMD2<Double> {
        let u = 1 - s
        return u * u * u * p0 + 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s * p3
    }

    /// The point a fraction `progress` of the way along the curve by length (outside 0 ... 1,
    /// an overshooting ease, it continues along the end tangents).
    @inlinable
    public func point(atLengthFraction progress: Double) -> SIMD2<Double> {
        let total = lengths[lengths.count - 1]
        guard total > 0, progress.isFinite else { return p0 + (p3 - p0) * (progress.isFinite ? progress : 0) }
        if progress <= 0 {
            let direction = Self.point(p0, p1, p2, p3, at: 1.0 / Double(Self.samples)) - p0
            let length = lengths[1]
            return length > 0 ? p0 + direction * (progress * total / length) : p0
        }
        if progress >= 1 {
            let direction = p3 - Self.point(p0, p1, p2, p3, at: 1 - 1.0 / Double(Self.samples))
            let length = total - lengths[lengths.count - 2]
            return length > 0 ? p3 + direction * ((progress - 1) * total / length) : p3
        }
        let target = progress * total
        var low = 0, high = lengths.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if lengths[middle] < target { low = middle } else { high = middle }
        }
        let span = lengths[high] - lengths[low]
        let fraction = span > 0 ? (target - lengths[low]) / span : 0
        let s = (Double(low) + fraction) / Double(Self.samples)
        return Self.point(p0, p1, p2, p3, at: s)
    }
}
