import CadenceAnimation
import CadenceDraw

/// How a keyframe's value moves towards the next one: one timing curve per dimension (a file
/// may give one for all), or held until the next keyframe.
enum KeyframeEasing: Sendable {
    case hold
    case curves([CubicBezier])

    /// The eased progress of dimension `dimension` at linear progress `t` (0 ... 1).
    func progress(_ t: Double, dimension: Int) -> Double {
        switch self {
        case .hold: return 0
        case .curves(let curves):
            guard !curves.isEmpty else { return t }
            return curves[min(dimension, curves.count - 1)].value(at: t)
        }
    }
}

/// A position keyframe's path in space: the cubic from the start value to the end value with the
/// file's tangents, measured once so the value moves along it by arc length.
struct SpatialCurve: Sendable {
    let p0: SIMD2<Double>, p1: SIMD2<Double>, p2: SIMD2<Double>, p3: SIMD2<Double>
    /// Arc length at each of `samples` + 1 equal parameter steps, from 0 to the whole length.
    let lengths: [Double]
    static let samples = 64

    init(from start: SIMD2<Double>, to end: SIMD2<Double>, outTangent: SIMD2<Double>, inTangent: SIMD2<Double>) {
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

    static func point(_ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>, at s: Double) -> SIMD2<Double> {
        let u = 1 - s
        return u * u * u * p0 + 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s * p3
    }

    /// The point a fraction `progress` of the way along the curve by length (outside 0 ... 1,
    /// an overshooting ease, it continues along the end tangents).
    func point(atLengthFraction progress: Double) -> SIMD2<Double> {
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

/// A keyframe of any value: its span of frames, its start and end values and its easing.
protocol Keyframe {
    associatedtype Value
    var time: Double { get }
    var endTime: Double { get }
    var start: Value { get }
    var end: Value { get }
    var easing: KeyframeEasing { get }
}

extension Array where Element: Keyframe {
    /// Where `frame` falls: before the first keyframe (or at a frame that is not finite) the
    /// first's start value; after a keyframe's span its end value; on a hold keyframe its start
    /// value; otherwise within the keyframe whose span holds it (found by binary search on start
    /// times), at linear progress `t`. Indices, so that values are read from the keyframe in
    /// place, not from a copy of it (a copy retains and releases every array it holds).
    func location(at frame: Double) -> KeyframeLocation? {
        guard !isEmpty else { return nil }
        if frame < self[0].time || !frame.isFinite { return .start(0) }
        var low = 0, high = count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if self[middle].time <= frame { low = middle } else { high = middle - 1 }
        }
        let (time, endTime) = (self[low].time, self[low].endTime)
        if frame >= endTime { return .end(low) }
        if case .hold = self[low].easing { return .start(low) }
        let span = endTime - time
        return .within(low, t: span > 0 ? (frame - time) / span : 1)
    }
}

/// Where a frame falls among keyframes, by index: at a keyframe's start or end value, or within
/// a keyframe's span at linear progress `t` (0 ..< 1).
enum KeyframeLocation {
    case start(Int)
    case end(Int)
    case within(Int, t: Double)
}

/// One keyframe of numbers, resolved when read: its start and end values, when it starts and
/// ends (in the layer's frames), how it eases, and for positions its path in space.
struct NumberKeyframe: Keyframe, Sendable {
    var time: Double
    var endTime: Double
    var start: [Double]
    var end: [Double]
    var easing: KeyframeEasing
    var spatial: SpatialCurve?
}

/// An animatable property holding numbers: a scalar (rotation, opacity), a vector (position,
/// scale, colour) or a gradient's packed stops. Its value at a frame is computed, never
/// accumulated.
struct AnimatedNumbers: Sendable {
    var initial: [Double]
    var keyframes: [NumberKeyframe]

    init(_ value: [Double]) {
        initial = value
        keyframes = []
    }

    init(initial: [Double], keyframes: [NumberKeyframe]) {
        self.initial = initial
        self.keyframes = keyframes
    }

    var isAnimated: Bool { !keyframes.isEmpty }

    /// The value at `frame` (in the layer's frames). Before the first keyframe, its start value;
    /// after the last, its end value.
    func value(at frame: Double) -> [Double] {
        let index: Int, t: Double
        switch keyframes.location(at: frame) {
        case nil: return initial
        case .start(let at): return keyframes[at].start
        case .end(let at): return keyframes[at].end
        case .within(let at, let progress): (index, t) = (at, progress)
        }
        if let spatial = keyframes[index].spatial {
            let point = spatial.point(atLengthFraction: keyframes[index].easing.progress(t, dimension: 0))
            var value = [point.x, point.y]
            for dimension in 2..<max(keyframes[index].start.count, 2) where dimension < keyframes[index].end.count {
                let p = keyframes[index].easing.progress(t, dimension: dimension)
                value.append(keyframes[index].start[dimension] + (keyframes[index].end[dimension] - keyframes[index].start[dimension]) * p)
            }
            return value
        }
        var value = keyframes[index].start
        for dimension in value.indices where dimension < keyframes[index].end.count {
            let p = keyframes[index].easing.progress(t, dimension: dimension)
            value[dimension] += (keyframes[index].end[dimension] - value[dimension]) * p
        }
        return value
    }

    /// The first number at `frame`, or `fallback` when there is none: `value(at:)`'s first,
    /// worked out alone (no array is made).
    func scalar(at frame: Double, fallback: Double = 0) -> Double {
        switch keyframes.location(at: frame) {
        case nil: return initial.first ?? fallback
        case .start(let index): return keyframes[index].start.first ?? fallback
        case .end(let index): return keyframes[index].end.first ?? fallback
        case .within(let index, let t):
            if let spatial = keyframes[index].spatial {
                return spatial.point(atLengthFraction: keyframes[index].easing.progress(t, dimension: 0)).x
            }
            guard let start = keyframes[index].start.first else { return fallback }
            guard let end = keyframes[index].end.first else { return start }
            return start + (end - start) * keyframes[index].easing.progress(t, dimension: 0)
        }
    }

    /// The first two numbers at `frame` as a point (a missing y is 0): `value(at:)`'s, worked
    /// out alone (no array is made).
    func point(at frame: Double) -> SIMD2<Double> {
        func point(_ value: [Double]) -> SIMD2<Double> { SIMD2(value.first ?? 0, value.count > 1 ? value[1] : 0) }
        switch keyframes.location(at: frame) {
        case nil: return point(initial)
        case .start(let index): return point(keyframes[index].start)
        case .end(let index): return point(keyframes[index].end)
        case .within(let index, let t):
            if let spatial = keyframes[index].spatial {
                return spatial.point(atLengthFraction: keyframes[index].easing.progress(t, dimension: 0))
            }
            func dimension(_ dimension: Int) -> Double {
                guard dimension < keyframes[index].start.count else { return 0 }
                let start = keyframes[index].start[dimension]
                guard dimension < keyframes[index].end.count else { return start }
                return start + (keyframes[index].end[dimension] - start) * keyframes[index].easing.progress(t, dimension: dimension)
            }
            return SIMD2(dimension(0), dimension(1))
        }
    }
}

/// A Bézier path as Lottie stores it: vertices, and each vertex's in and out tangents relative
/// to it; `closed` joins the last vertex back to the first with a curve.
struct BezierShape: Sendable, Hashable {
    var vertices: [SIMD2<Double>]
    var inTangents: [SIMD2<Double>]
    var outTangents: [SIMD2<Double>]
    var closed: Bool

    static let empty = BezierShape(vertices: [], inTangents: [], outTangents: [], closed: false)

    /// The path, in the shape's coordinates.
    var path: Path {
        guard let first = vertices.first else { return Path() }
        var elements: [Path.Element] = [.move(Point(first))]
        elements.reserveCapacity(vertices.count + 2)
        let count = vertices.count
        func segment(_ from: Int, _ to: Int) {
            let a = vertices[from], b = vertices[to]
            let c1 = a + outTangents[from], c2 = b + inTangents[to]
            if c1 == a && c2 == b {
                elements.append(.line(Point(b)))
            } else {
                elements.append(.curve(control1: Point(c1), control2: Point(c2), to: Point(b)))
            }
        }
        for index in 1..<max(count, 1) { segment(index - 1, index) }
        if closed {
            if count > 1 { segment(count - 1, 0) }
            elements.append(.close)
        }
        return Path(elements: elements)
    }

    /// This shape `t` of the way to `other`, vertex by vertex; when they differ in vertex count
    /// the start shape holds, as After Effects does.
    func interpolated(to other: BezierShape, _ t: Double) -> BezierShape {
        guard other.vertices.count == vertices.count else { return self }
        func mix(_ a: [SIMD2<Double>], _ b: [SIMD2<Double>]) -> [SIMD2<Double>] {
            zip(a, b).map { $0 + ($1 - $0) * t }
        }
        return BezierShape(
            vertices: mix(vertices, other.vertices), inTangents: mix(inTangents, other.inTangents),
            outTangents: mix(outTangents, other.outTangents), closed: closed
        )
    }
}

/// One keyframe of a path property.
struct ShapeKeyframe: Keyframe, Sendable {
    var time: Double
    var endTime: Double
    var start: BezierShape
    var end: BezierShape
    var easing: KeyframeEasing
}

/// An animatable path (`sh`'s `ks`, a mask's `pt`).
struct AnimatedShape: Sendable {
    var initial: BezierShape
    var keyframes: [ShapeKeyframe]

    var isAnimated: Bool { !keyframes.isEmpty }

    func value(at frame: Double) -> BezierShape {
        switch keyframes.location(at: frame) {
        case nil: return initial
        case .start(let index): return keyframes[index].start
        case .end(let index): return keyframes[index].end
        case .within(let index, let t):
            return keyframes[index].start.interpolated(to: keyframes[index].end, keyframes[index].easing.progress(t, dimension: 0))
        }
    }
}

extension Point {
    init(_ vector: SIMD2<Double>) {
        self.init(x: vector.x, y: vector.y)
    }
}
