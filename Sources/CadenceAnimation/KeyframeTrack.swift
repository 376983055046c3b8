/// How a keyframe moves from its start value to its end value: held, at constant speed, or along
/// timing curves.
public enum KeyframeEasing: Sendable, Hashable {
    /// The start value until the next keyframe.
    case hold
    /// Constant speed.
    case linear
    /// One cubic Bézier timing curve per dimension, the last repeating for the dimensions after
    /// it (Lottie's `o` and `i` handles, given per dimension or once); none is linear.
    case curves([CubicBezier])
    /// One timing curve for every dimension (a `CAKeyframeAnimation` timing function).
    case timing(TimingCurve)

    /// The eased progress of dimension `dimension` at linear progress `t` (0 ... 1).
    @inlinable
    public func progress(_ t: Double, dimension: Int) -> Double {
        switch self {
        case .hold: return 0
        case .linear: return t
        case .curves(let curves):
            guard !curves.isEmpty else { return t }
            return curves[min(dimension, curves.count - 1)].value(at: t)
        case .timing(let curve): return curve.value(at: t)
        }
    }
}

/// The path a keyframe's value takes through space, where it is not the straight line.
public enum KeyframePath: Sendable, Hashable {
    /// Along a 2-D cubic by arc length (Lottie's spatial tangents `to` and `ti`, which After Effects
    /// writes for positions, anchors and gradient points); dimensions after the second move straight.
    case spatial(SpatialCurve)
    /// A cubic Hermite segment with these tangents at its start and end, one number per dimension,
    /// already scaled for the segment's span (`CAKeyframeAnimation`'s cubic calculation mode).
    case hermite(outgoing: [Double], incoming: [Double])
}

/// One keyframe: from `time` to `endTime` the value moves from `start` to `end` by `easing`
/// (along `path` where there is one); at `endTime` the next keyframe starts. Lottie's keyframes
/// may end on a value other than the next one's start (its old `e` values), so both are kept.
public struct Keyframe<Value: Sendable>: Sendable {
    /// When it starts, in the track's time (Lottie frames; progress 0 ... 1 for a layer's keyframes).
    public var time: Double
    /// When it ends: the next keyframe's time, or its own time for the last.
    public var endTime: Double
    /// The value at `time`.
    public var start: Value
    /// The value at `endTime`.
    public var end: Value
    /// How it moves from start to end.
    public var easing: KeyframeEasing
    /// Its path through space, if not straight.
    public var path: KeyframePath?

    /// A keyframe from `start` at `time` to `end` at `endTime`.
    public init(time: Double, endTime: Double, start: Value, end: Value, easing: KeyframeEasing, path: KeyframePath? = nil) {
        self.time = time
        self.endTime = endTime
        self.start = start
        self.end = end
        self.easing = easing
        self.path = path
    }
}

extension Keyframe: Equatable where Value: Equatable {}
extension Keyframe: Hashable where Value: Hashable {}

/// A value a keyframe track can hold: it says how it moves within a keyframe.
public protocol KeyframeValue: Sendable {
    /// The value at linear progress `t` (0 ..< 1) through `keyframe`, its easing applied.
    static func value(in keyframe: Keyframe<Self>, at t: Double) -> Self
}

extension Interpolatable {
    /// On the straight line from start to end, by the easing of dimension 0.
    @inlinable
    public static func value(in keyframe: Keyframe<Self>, at t: Double) -> Self {
        interpolate(from: keyframe.start, to: keyframe.end, fraction: keyframe.easing.progress(t, dimension: 0))
    }
}

extension Array: KeyframeValue where Element == Double {
    /// Each number moves by its own dimension's easing, along the keyframe's path when it has one.
    /// Where the start and end differ in length, numbers past the end's length keep their start.
    @inlinable
    public static func value(in keyframe: Keyframe<[Double]>, at t: Double) -> [Double] {
        switch keyframe.path {
        case .spatial(let spatial)?:
            let point = spatial.point(atLengthFraction: keyframe.easing.progress(t, dimension: 0))
            var value = [point.x, point.y]
            for dimension in 2..<Swift.max(keyframe.start.count, 2) where dimension < keyframe.end.count {
                let p = keyframe.easing.progress(t, dimension: dimension)
                value.append(keyframe.start[dimension] + (keyframe.end[dimension] - keyframe.start[dimension]) * p)
            }
            return value
        case .hermite(let outgoing, let incoming)?:
            let s = keyframe.easing.progress(t, dimension: 0)
            let s2 = s * s
            let s3 = s2 * s
            let h00 = 2 * s3 - 3 * s2 + 1
            let h10 = s3 - 2 * s2 + s
            let h01 = -2 * s3 + 3 * s2
            let h11 = s3 - s2
            let count = Swift.min(keyframe.start.count, keyframe.end.count, outgoing.count, incoming.count)
            return (0..<count).map { j in
                h00 * keyframe.start[j] + h10 * outgoing[j] + h01 * keyframe.end[j] + h11 * incoming[j]
            }
        case nil:
            var value = keyframe.start
            for dimension in value.indices where dimension < keyframe.end.count {
                let p = keyframe.easing.progress(t, dimension: dimension)
                value[dimension] += (keyframe.end[dimension] - value[dimension]) * p
            }
            return value
        }
    }
}

/// Where a time falls in a track, by keyframe index: at a keyframe's start or end value, or within
/// its span at linear progress `t` (0 ..< 1).
public enum KeyframeLocation: Sendable, Hashable {
    case start(Int)
    case end(Int)
    case within(Int, t: Double)
}

/// The one keyframe track: an animated value of any type, a pure function of time. Layer
/// animations (`Animation.keyframes`, `PropertyAnimation`'s `.keyframe`) and every animated Lottie
/// property are evaluated by it; expressions read it at random (`value(at:)`, `velocity`, keys).
///
/// Before the first keyframe the value is the first's start; from a keyframe's end time to the
/// next keyframe's time its end; with no keyframes, `initial`.
///
/// ```swift
/// let track = KeyframeTrack<Double>(keys: [(0, 0), (10, 100)], easing: [.linear])!
/// track.value(at: 5)  // 50
/// track.nearestKey(to: 8)  // 1
/// ```
public struct KeyframeTrack<Value: KeyframeValue>: Sendable {
    /// The value when there are no keyframes.
    public var initial: Value
    /// The keyframes, their times never decreasing.
    public var keyframes: [Keyframe<Value>]
    /// What computes the value from the keyframed one at each time (a Lottie expression), if
    /// anything does: `value(at:)` asks it; `keyframedValue(at:)`, the keys and velocities do not.
    public var expression: (any KeyframeExpression)?

    /// A value that does not change.
    public init(_ constant: Value) {
        initial = constant
        keyframes = []
    }

    /// `keyframes` (times never decreasing), and `initial` for when there are none.
    public init(initial: Value, keyframes: [Keyframe<Value>]) {
        self.initial = initial
        self.keyframes = keyframes
    }

    /// A track through `keys` (times never decreasing), with one easing per segment between them
    /// (missing ones are linear) and optionally a path per segment. The last key is held after
    /// its time. Nil for no keys (a constant is `init(_:)`).
    public init?(keys: [(time: Double, value: Value)], easing: [KeyframeEasing] = [], paths: [KeyframePath?] = []) {
        guard !keys.isEmpty else { return nil }
        var keyframes: [Keyframe<Value>] = []
        keyframes.reserveCapacity(keys.count)
        for index in keys.indices {
            let next = index + 1 < keys.count ? keys[index + 1] : keys[index]
            keyframes.append(Keyframe(
                time: keys[index].time, endTime: next.time, start: keys[index].value, end: next.value,
                easing: index < easing.count ? easing[index] : (index + 1 < keys.count ? .linear : .hold),
                path: index < paths.count ? paths[index] : nil
            ))
        }
        self.init(initial: keys[0].value, keyframes: keyframes)
    }

    /// Whether its value changes: it has keyframes, or an expression computes it.
    @inlinable public var isAnimated: Bool { !keyframes.isEmpty || expression != nil }

    /// Where `time` falls: before the first keyframe (or at a time that is not finite) the first's
    /// start value; after a keyframe's span its end value; on a hold keyframe its start value;
    /// otherwise within the keyframe whose span holds it (found by binary search on start times),
    /// at linear progress `t`. Indices, so that values are read from the keyframe in place, not
    /// from a copy of it. Nil when there are no keyframes.
    @inlinable
    public func location(at time: Double) -> KeyframeLocation? {
        guard !keyframes.isEmpty else { return nil }
        if time < keyframes[0].time || !time.isFinite { return .start(0) }
        let low = lastKeyframe(atOrBefore: time)
        let (start, end) = (keyframes[low].time, keyframes[low].endTime)
        if time >= end { return .end(low) }
        if case .hold = keyframes[low].easing { return .start(low) }
        let span = end - start
        return .within(low, t: span > 0 ? (time - start) / span : 1)
    }

    /// The last keyframe whose time is at or before `time` (0 when none is): a binary search, as
    /// times never decrease. A NaN `time` gives 0.
    @inlinable
    public func lastKeyframe(atOrBefore time: Double) -> Int {
        var low = 0, high = keyframes.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if keyframes[middle].time <= time { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The value at `time`: the expression's when there is one, otherwise the keyframed value.
    @inlinable
    public func value(at time: Double) -> Value {
        if let expression { return expression.value(at: time, of: self) }
        return keyframedValue(at: time)
    }

    /// The value at `time` from the keyframes alone (an expression's `valueAtTime`).
    @inlinable
    public func keyframedValue(at time: Double) -> Value {
        switch location(at: time) {
        case nil: return initial
        case .start(let index): return keyframes[index].start
        case .end(let index): return keyframes[index].end
        case .within(let index, let t): return Value.value(in: keyframes[index], at: t)
        }
    }

    // MARK: Keys, as expressions see them

    /// The number of keys: each keyframe's start, and the last keyframe's end where it ends later
    /// than it starts (a file's last key that only says when the one before ends).
    public var keyCount: Int {
        guard let last = keyframes.last else { return 0 }
        return keyframes.count + (last.endTime > last.time ? 1 : 0)
    }

    /// Key `index` (0 ..< `keyCount`): its time and value. Nil outside that range.
    public func key(_ index: Int) -> (time: Double, value: Value)? {
        guard index >= 0, index < keyCount else { return nil }
        if index < keyframes.count { return (keyframes[index].time, keyframes[index].start) }
        let last = keyframes[keyframes.count - 1]
        return (last.endTime, last.end)
    }

    /// The index of the key nearest `time`, the earlier of two as near; nil with no keys.
    public func nearestKey(to time: Double) -> Int? {
        let count = keyCount
        guard count > 0 else { return nil }
        guard time.isFinite, let first = key(0), time > first.time else { return 0 }
        var low = 0, high = count - 1
        // The last key at or before `time`.
        while low < high {
            let middle = (low + high + 1) / 2
            if let key = key(middle), key.time <= time { low = middle } else { high = middle - 1 }
        }
        guard low + 1 < count, let before = key(low), let after = key(low + 1) else { return low }
        return time - before.time > after.time - time ? low + 1 : low
    }
}

extension KeyframeTrack: Equatable where Value: Equatable {
    /// Equal keyframes, and the same expression object (or none).
    public static func == (a: Self, b: Self) -> Bool {
        a.initial == b.initial && a.keyframes == b.keyframes && a.expression.map(ObjectIdentifier.init) == b.expression.map(ObjectIdentifier.init)
    }
}

extension KeyframeTrack: Hashable where Value: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(initial)
        hasher.combine(keyframes)
        hasher.combine(expression.map(ObjectIdentifier.init))
    }
}

/// Computes a track's value at a time from its keyframes (`KeyframeTrack.expression`): a Lottie
/// expression is one. It must be a pure function of the time and the track, safe on any thread.
public protocol KeyframeExpression: AnyObject, Sendable {
    /// The value at `time` of `track` (whose `keyframedValue(at:)` is the value without it).
    func value<Value: KeyframeValue>(at time: Double, of track: KeyframeTrack<Value>) -> Value
}

extension KeyframeTrack where Value == [Double] {
    /// The first number at `time`, or `fallback` when there is none: `value(at:)`'s first, worked
    /// out alone (no array is made).
    @inlinable
    public func scalar(at time: Double, fallback: Double = 0) -> Double {
        if expression != nil { return value(at: time).first ?? fallback }
        switch location(at: time) {
        case nil: return initial.first ?? fallback
        case .start(let index): return keyframes[index].start.first ?? fallback
        case .end(let index): return keyframes[index].end.first ?? fallback
        case .within(let index, let t):
            switch keyframes[index].path {
            case .spatial(let spatial)?:
                return spatial.point(atLengthFraction: keyframes[index].easing.progress(t, dimension: 0)).x
            case .hermite?:
                return [Double].value(in: keyframes[index], at: t).first ?? fallback
            case nil:
                guard let start = keyframes[index].start.first else { return fallback }
                guard let end = keyframes[index].end.first else { return start }
                return start + (end - start) * keyframes[index].easing.progress(t, dimension: 0)
            }
        }
    }

    /// The first two numbers at `time` as a point (a missing y is 0): `value(at:)`'s, worked out
    /// alone (no array is made).
    @inlinable
    public func point(at time: Double) -> SIMD2<Double> {
        @inline(__always) func point(_ value: [Double]) -> SIMD2<Double> { SIMD2(value.first ?? 0, value.count > 1 ? value[1] : 0) }
        if expression != nil { return point(value(at: time)) }
        switch location(at: time) {
        case nil: return point(initial)
        case .start(let index): return point(keyframes[index].start)
        case .end(let index): return point(keyframes[index].end)
        case .within(let index, let t):
            switch keyframes[index].path {
            case .spatial(let spatial)?:
                return spatial.point(atLengthFraction: keyframes[index].easing.progress(t, dimension: 0))
            case .hermite?:
                return point([Double].value(in: keyframes[index], at: t))
            case nil:
                @inline(__always) func dimension(_ dimension: Int) -> Double {
                    guard dimension < keyframes[index].start.count else { return 0 }
                    let start = keyframes[index].start[dimension]
                    guard dimension < keyframes[index].end.count else { return start }
                    return start + (keyframes[index].end[dimension] - start) * keyframes[index].easing.progress(t, dimension: dimension)
                }
                return SIMD2(dimension(0), dimension(1))
            }
        }
    }

    /// The rate of change at `time`, per unit of the track's time, from the values at `time` and
    /// `time + step` (lottie-web's `velocityAtTime` steps back: a negative step). Dimensions the
    /// two values do not share are 0.
    public func velocity(at time: Double, step: Double) -> [Double] {
        guard step != 0, step.isFinite else { return keyframedValue(at: time).map { _ in 0 } }
        let now = keyframedValue(at: time), then = keyframedValue(at: time + step)
        return now.indices.map { $0 < then.count ? (then[$0] - now[$0]) / step : 0 }
    }

    /// The length of `velocity(at:step:)`.
    public func speed(at time: Double, step: Double) -> Double {
        velocity(at: time, step: step).reduce(0) { $0 + $1 * $1 }.squareRoot()
    }
}

extension KeyframeTrack where Value: Interpolatable {
    /// The rate of change at `time`, per unit of the track's time, from the values at `time` and
    /// `time + step`.
    public func velocity(at time: Double, step: Double) -> Value.AnimatableData {
        guard step != 0, step.isFinite else { return .zero }
        return (value(at: time + step).animatableData - value(at: time).animatableData).scaled(by: 1 / step)
    }
}
