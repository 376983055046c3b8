/// How a keyframe animation moves between its values, as `CAKeyframeAnimation.calculationMode`.
public enum CalculationMode: String, Sendable, Hashable, CaseIterable {
    /// Straight lines between the values, each segment shaped by its timing function.
    case linear
    /// Jumps: value i from `keyTimes[i]` until `keyTimes[i + 1]`, the last value at progress 1.
    case discrete
    /// Straight lines at constant speed: key times come from the distances between the values.
    case paced
    /// A Catmull-Rom spline through the values (`kCAAnimationCubic`).
    case cubic
}

/// Core Animation's key-path animation model, type-erased: an animation of a property that has
/// been turned into a vector of numbers (a colour as premultiplied linear RGBA, a point as
/// [x, y], a path as all its coordinates, a Bool as [0] or [1]).
///
/// Like `Animation`, it is a pure function of time: `value(at:base:)` may be asked for any time,
/// in any order. `base` is the value beneath the animation: the model value with earlier
/// animations applied, as the render tree of Core Animation composes them.
///
/// ```swift
/// let move = try PropertyAnimation(
///     kind: .basic(from: nil, to: [100, 0], by: nil, timingFunction: .linear),
///     timing: AnimationTiming(duration: 2)
/// )
/// move.value(at: 1, base: [0, 50])  // [50, 25]: from the base to `to`
/// ```
///
/// See also: `Animation`, the typed animation of one value; `AnimationTiming`.
public struct PropertyAnimation: Sendable, Hashable {
    /// What the animation interpolates, and how.
    public enum Kind: Sendable, Hashable {
        /// `CABasicAnimation`: from/to/by resolved as Core Animation documents — from and to:
        /// from → to; from and by: from → from + by; by and to: to − by → to; from only:
        /// from → base; to only: base → to; by only: base → base + by; none: base → base.
        case basic(from: [Double]?, to: [Double]?, by: [Double]?, timingFunction: TimingCurve)
        /// `CASpringAnimation`: from/to/by resolved as `basic`; the progress is
        /// `spring.value(at:)` of the seconds into the pass (so `speed` and repeats apply).
        case spring(from: [Double]?, to: [Double]?, by: [Double]?, spring: Spring)
        /// `CAKeyframeAnimation`. `keyTimes` nil spaces the values evenly (`paced` computes its own
        /// from the distances, ignoring `keyTimes` and `timingFunctions`); `timingFunctions` (one per
        /// segment) nil is linear; `cubic` is Kochanek–Bartels with zero tension, continuity and
        /// bias (Catmull-Rom), the end tangents made by repeating the end points; `discrete` shows
        /// value i from `keyTimes[i]` until `keyTimes[i + 1]` and the last value at progress 1.
        case keyframe(values: [[Double]], keyTimes: [Double]?, timingFunctions: [TimingCurve]?, calculationMode: CalculationMode)
    }

    /// What is animated.
    public var kind: Kind {
        didSet { keyframes = Self.resolvedKeyframes(of: kind) }
    }
    /// The keyframes of a `.keyframe` kind, key times resolved: made when the kind is set.
    private var keyframes: Keyframes?
    /// When it runs.
    public var timing: AnimationTiming
    /// Whether the result is added to `base` (`CAPropertyAnimation.isAdditive`).
    public var isAdditive: Bool
    /// Whether each repeat starts where the last ended (`CAPropertyAnimation.isCumulative`): the
    /// change of one pass (end value − start value) is added once per completed cycle.
    public var isCumulative: Bool
    /// The timings of the animation groups that hold it (`CAAnimationGroup`), outermost first:
    /// each turns the time it is given into its own local time (the position in its current
    /// pass, with its speed, repeats, autoreverse and fill), which the next one, then this
    /// animation, sees. Where a group has no effect, neither has the animation.
    public var groups: [AnimationTiming] = []

    /// The time this animation's own timing sees at absolute time `t`: `t` through each
    /// enclosing group; nil where a group has no effect.
    public func localTime(_ t: Double) -> Double? {
        var time = t
        for group in groups {
            guard let phase = group.phase(at: time) else { return nil }
            time = phase.progress * group.duration
        }
        return time
    }

    /// Checks the animation; errors name the field at fault.
    ///
    /// Rules: every number finite; all vectors (from, to, by, every keyframe value) of one length;
    /// timing curves valid. Keyframes: at least 1 value (1 value is a constant); `keyTimes`, when
    /// given, one per value, within 0 ... 1, never decreasing, and for `linear`, `cubic` and
    /// `discrete` starting at 0 and ending at 1; `timingFunctions`, when given, one per segment.
    public init(kind: Kind, timing: AnimationTiming, isAdditive: Bool = false, isCumulative: Bool = false) throws(AnimationError) {
        try Self.validate(kind)
        try Self.validate(timing)
        self.kind = kind
        self.timing = timing
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
        keyframes = Self.resolvedKeyframes(of: kind)
    }

    private static func resolvedKeyframes(of kind: Kind) -> Keyframes? {
        guard case .keyframe(let values, let keyTimes, let timingFunctions, let mode) = kind else { return nil }
        return Keyframes(values: values, keyTimes: keyTimes, timingFunctions: timingFunctions, mode: mode)
    }

    /// The number of components the animation's vectors have, or nil when it has none of its own
    /// (a basic or spring animation with neither from, to nor by, which works on any base).
    public var dimension: Int? {
        switch kind {
        case .basic(let from, let to, let by, _), .spring(let from, let to, let by, _):
            (from ?? to ?? by)?.count
        case .keyframe(let values, _, _, _):
            values.first?.count
        }
    }

    /// The presented vector at absolute time `t` over `base`, or nil where the animation has no
    /// effect (outside its active time with a fill mode that does not hold, a not-a-number time),
    /// or when `base` has another length than the animation's vectors.
    ///
    /// Rules: the pass's value (from the progress of `timing`), plus the change of one pass per
    /// completed cycle when cumulative, plus `base` when additive. With `discrete`, basic and
    /// spring animations show the start value until the eased progress reaches 0.5 and the end
    /// value from there (CSS's discrete rule, for properties such as `hidden`), and keyframe
    /// animations behave as calculation mode `discrete`.
    public func value(at t: Double, base: [Double], discrete: Bool = false) -> [Double]? {
        guard let t = localTime(t) else { return nil }
        guard dimension == nil || dimension == base.count, let phase = timing.phase(at: t) else { return nil }
        guard let pass = passValues(base: base) else { return nil }
        var result: [Double]
        switch kind {
        case .basic(_, _, _, let timingFunction):
            result = Self.blend(pass, fraction: timingFunction.value(at: phase.progress), discrete: discrete)
        case .spring(_, _, _, let spring):
            result = Self.blend(pass, fraction: spring.value(at: phase.progress * timing.duration), discrete: discrete)
        case .keyframe:
            guard let keyframes else { return nil }
            result = keyframes.value(atProgress: phase.progress, discrete: discrete)
        }
        if isCumulative, phase.iteration != 0 {
            result = Vector.sum(result, Vector.scaled(Vector.difference(pass.end, pass.start), by: phase.iteration))
        }
        if isAdditive {
            result = Vector.sum(result, base)
        }
        return result
    }

    /// The rate of change per second at absolute time `t` over `base`: a central difference over
    /// 0.1 ms, one-sided at the edges of the animation's effect, the zero vector where it has none.
    public func velocity(at t: Double, base: [Double]) -> [Double] {
        let h = 1e-4
        let zero = [Double](repeating: 0, count: base.count)
        guard let middle = value(at: t, base: base) else { return zero }
        let later = value(at: t + h, base: base)
        let earlier = value(at: t - h, base: base)
        switch (earlier, later) {
        case (let earlier?, let later?): return Vector.scaled(Vector.difference(later, earlier), by: 1 / (2 * h))
        case (nil, let later?): return Vector.scaled(Vector.difference(later, middle), by: 1 / h)
        case (let earlier?, nil): return Vector.scaled(Vector.difference(middle, earlier), by: 1 / h)
        case (nil, nil): return zero
        }
    }

    /// The absolute time the animation begins having effect (ignoring a backwards fill):
    /// `beginTime + delay` of its timing.
    public var beginTime: Double {
        // Inside groups: from the group's start, at the group's speed (its time offset aside).
        var time = timing.beginTime + timing.delay
        for group in groups.reversed() { time = group.beginTime + group.delay + time / group.speed }
        return time
    }

    /// The absolute time its active time ends; infinite when it repeats for ever.
    public var endTime: Double { groups.first?.endTime ?? timing.endTime }

    /// How long `spring` needs to settle (`CASpringAnimation.settlingDuration`): the default
    /// `duration` for a spring animation.
    public static func settlingDuration(of spring: Spring) -> Double {
        spring.settlingDuration
    }

    /// The start and end of one pass over `base`: from/to/by resolved for basic and spring
    /// animations, the first and last value for keyframes. Nil when the vectors do not fit together.
    private func passValues(base: [Double]) -> (start: [Double], end: [Double])? {
        switch kind {
        case .basic(let from, let to, let by, _), .spring(let from, let to, let by, _):
            let pass: (start: [Double], end: [Double]) = switch (from, to, by) {
            case (let from?, let to?, _): (from, to)
            case (let from?, nil, let by?): (from, Vector.sum(from, by))
            case (nil, let to?, let by?): (Vector.difference(to, by), to)
            case (let from?, nil, nil): (from, base)
            case (nil, let to?, nil): (base, to)
            case (nil, nil, let by?): (base, Vector.sum(base, by))
            case (nil, nil, nil): (base, base)
            }
            return pass.start.count == base.count && pass.end.count == base.count ? pass : nil
        case .keyframe(let values, _, _, _):
            guard let first = values.first, let last = values.last, values.allSatisfy({ $0.count == base.count }) else { return nil }
            return (first, last)
        }
    }

    /// `pass` at `fraction` of the way (beyond the end for an overshoot); with `discrete`, the start
    /// below one half and the end from there.
    private static func blend(_ pass: (start: [Double], end: [Double]), fraction: Double, discrete: Bool) -> [Double] {
        if discrete { return fraction < 0.5 ? pass.start : pass.end }
        return Vector.interpolate(pass.start, pass.end, fraction: fraction)
    }
}

/// Arithmetic on vectors of equal length (callers check the lengths).
enum Vector {
    static func sum(_ a: [Double], _ b: [Double]) -> [Double] {
        zip(a, b).map { $0 + $1 }
    }

    static func difference(_ a: [Double], _ b: [Double]) -> [Double] {
        zip(a, b).map { $0 - $1 }
    }

    static func scaled(_ a: [Double], by factor: Double) -> [Double] {
        a.map { $0 * factor }
    }

    /// `a` at 0, `b` at 1, on the straight line through them.
    static func interpolate(_ a: [Double], _ b: [Double], fraction: Double) -> [Double] {
        zip(a, b).map { $0 + ($1 - $0) * fraction }
    }

    /// The Euclidean distance between `a` and `b`.
    static func distance(_ a: [Double], _ b: [Double]) -> Double {
        zip(a, b).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
    }
}
