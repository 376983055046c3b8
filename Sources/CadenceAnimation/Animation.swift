/// An animation of one value, as a pure function of time: `value(at:)` can be asked for any time,
/// in any order, and nothing is accumulated between frames.
///
/// ```swift
/// let fade = try Animation.basic(from: 0.0, to: 1.0, duration: 0.2, curve: .linear, beginTime: 1)
/// fade.value(at: 1.1)  // 0.5
/// ```
public struct Animation<Value: Interpolatable>: Sendable, Equatable {
    /// What the animation interpolates, and how.
    public enum Kind: Sendable, Equatable {
        /// From one value to another along a timing curve.
        case basic(from: Value, to: Value, curve: TimingCurve)
        /// From one value to another on a spring, in real seconds.
        case spring(from: Value, to: Value, spring: Spring)
        /// Through `values` at `keyTimes` (fractions of the duration), with a curve per segment.
        case keyframes(values: [Value], keyTimes: [Double], curves: [TimingCurve])
    }

    /// What is interpolated.
    public let kind: Kind
    /// When it runs: begin time, duration, repeats, fill mode.
    public let timing: AnimationTiming
    /// The keyframes of a `.keyframes` kind as the one keyframe track, over progress 0 ... 1.
    private let track: KeyframeTrack<Value>?

    /// An animation of `kind` running on `timing`.
    public init(kind: Kind, timing: AnimationTiming) {
        self.kind = kind
        self.timing = timing
        if case .keyframes(let values, let keyTimes, let curves) = kind, values.count == keyTimes.count {
            track = KeyframeTrack(
                keys: zip(keyTimes, values).map { (time: $0.0, value: $0.1) },
                easing: curves.map { .timing($0) }
            )
        } else {
            track = nil
        }
    }

    /// Equal when they animate the same way on the same timing.
    public static func == (lhs: Animation, rhs: Animation) -> Bool {
        lhs.kind == rhs.kind && lhs.timing == rhs.timing
    }

    /// From `from` to `to` over `duration` seconds on `curve`; throws for timing that breaks `AnimationTiming`'s rules.
    public static func basic(
        from: Value, to: Value, duration: Double, curve: TimingCurve = .caDefault, delay: Double = 0,
        beginTime: Double = 0, repeatCount: Double = 1, autoreverses: Bool = false, speed: Double = 1, fillMode: FillMode = .removed
    ) throws(AnimationError) -> Animation {
        Animation(kind: .basic(from: from, to: to, curve: curve), timing: try AnimationTiming(
            beginTime: beginTime, duration: duration, delay: delay, speed: speed,
            repeatCount: repeatCount, autoreverses: autoreverses, fillMode: fillMode
        ))
    }

    /// A spring animation lasting the spring's settling duration unless `duration` is given (a spring
    /// without damping never settles: it needs one).
    public static func spring(
        from: Value, to: Value, spring: Spring, duration: Double? = nil, delay: Double = 0, beginTime: Double = 0,
        repeatCount: Double = 1, autoreverses: Bool = false, speed: Double = 1, fillMode: FillMode = .removed
    ) throws(AnimationError) -> Animation {
        let length = if let duration { duration } else { try spring.defaultAnimationDuration() }
        return Animation(kind: .spring(from: from, to: to, spring: spring), timing: try AnimationTiming(
            beginTime: beginTime, duration: length, delay: delay, speed: speed,
            repeatCount: repeatCount, autoreverses: autoreverses, fillMode: fillMode
        ))
    }

    /// Keyframes; `keyTimes` default to evenly spaced, `curves` (one per segment) to linear.
    /// Key times must start at 0, end at 1 and never decrease.
    public static func keyframes(
        values: [Value], keyTimes: [Double]? = nil, curves: [TimingCurve]? = nil, duration: Double, delay: Double = 0,
        beginTime: Double = 0, repeatCount: Double = 1, autoreverses: Bool = false, speed: Double = 1, fillMode: FillMode = .removed
    ) throws(AnimationError) -> Animation {
        guard values.count >= 2 else { throw .invalidField("values", "values must hold at least 2 values, got \(values.count)") }
        // The rules `PropertyAnimation`'s keyframes follow, in the same words.
        try KeyframeTiming.validate(keyTimes: keyTimes, curves: curves, curvesName: "curves", valueCount: values.count, requiringEnds: true)
        let times = keyTimes ?? Keyframes.evenlySpaced(values.count)
        let segmentCurves = curves ?? Array(repeating: .linear, count: values.count - 1)
        return Animation(kind: .keyframes(values: values, keyTimes: times, curves: segmentCurves), timing: try AnimationTiming(
            beginTime: beginTime, duration: duration, delay: delay, speed: speed,
            repeatCount: repeatCount, autoreverses: autoreverses, fillMode: fillMode
        ))
    }

    /// The value at absolute time `t`, or nil where the animation has no effect (fill mode).
    public func value(at t: Double) -> Value? {
        guard let progress = timing.progress(at: t) else { return nil }
        return value(atProgress: progress)
    }

    /// The value at progress `u` (0 ... 1) through one pass.
    public func value(atProgress u: Double) -> Value {
        switch kind {
        case .basic(let from, let to, let curve):
            return Value.interpolate(from: from, to: to, fraction: curve.value(at: u))
        case .spring(let from, let to, let spring):
            return Value.interpolate(from: from, to: to, fraction: spring.value(at: u * timing.duration))
        case .keyframes(let values, _, _):
            // The same track as `PropertyAnimation`'s keyframes and Lottie's.
            return track?.value(at: u) ?? values[0]
        }
    }

    /// The rate of change at `t`, per second (central difference over 0.1 ms).
    public func velocity(at t: Double) -> Value.AnimatableData {
        let h = 1e-4
        guard let later = value(at: t + h), let earlier = value(at: t - h) else { return .zero }
        return (later.animatableData - earlier.animatableData).scaled(by: 1 / (2 * h))
    }

    /// The absolute time the animation ends.
    public var endTime: Double { timing.endTime }
}
