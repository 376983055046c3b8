import CadenceDraw
import CadenceAnimation

/// An animation of a layer key path as Swift writes it: the animation object of scene files,
/// field for field (`CABasicAnimation`, `CASpringAnimation` and `CAKeyframeAnimation` in one
/// value).
///
/// ```swift
/// var card = Layer(id: "card")
/// try card.add(.spring(keyPath: "position.y", from: 300, to: 120, stiffness: 180, damping: 14), forKey: "rise")
/// try card.add(.basic(keyPath: "opacity", from: 0, to: 1, duration: 0.3), forKey: "fade")
/// ```
///
/// Nothing is checked until the animation is added: then the key path, the values and the
/// timing go through the scene reader's rules and fail with its `SceneError`s (node id and key).
public struct LayerAnimation: Sendable, Hashable {
    /// What is interpolated, and how.
    public enum Kind: Sendable, Hashable {
        /// `type: "basic"`: from/to/by as Core Animation resolves them, eased by `timingFunction`.
        case basic(from: LayerValue?, to: LayerValue?, by: LayerValue?, timingFunction: TimingCurve)
        /// `type: "spring"`: from/to/by moved by a spring.
        case spring(from: LayerValue?, to: LayerValue?, by: LayerValue?, spring: SpringParameters)
        /// `type: "keyframe"`: through `values` at `keyTimes`.
        case keyframe(values: [LayerValue], keyTimes: [Double]?, timingFunctions: [TimingCurve]?, calculationMode: CalculationMode)
        /// `type: "keyframe"` with a `path`: `position` along the path, as `CAKeyframeAnimation.path`
        /// (`paced`: at an even speed along its length; `linear` and `cubic`: each of its segments
        /// in the same time; `discrete`: from segment end to segment end), turning with its
        /// tangent under a `rotationMode`.
        case motion(path: Path, calculationMode: CalculationMode, rotationMode: RotationMode?)
        /// `type: "group"` (`CAAnimationGroup`): `animations` on the group's own time — its
        /// `beginTime`, `duration` (0.25 unless told), `speed`, repeats, autoreverse and fill —
        /// each clipped to the group's duration. The group's `keyPath` is not used.
        indirect case group([LayerAnimation])
    }

    /// How a layer moving along a path turns, as `CAKeyframeAnimation.rotationMode`: `auto` adds
    /// the path's direction to the layer's rotation, `autoReverse` that direction turned half a turn.
    public enum RotationMode: String, Sendable, Hashable, CaseIterable {
        case auto, autoReverse
    }

    /// A spring as scene files give it: by its physics, or by damping ratio and response.
    public enum SpringParameters: Sendable, Hashable {
        /// `mass`, `stiffness`, `damping`, `initialVelocity` (`CASpringAnimation`'s).
        case physical(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double)
        /// `dampingRatio`, `response` (SwiftUI's), `mass`, `initialVelocity`.
        case perceptual(dampingRatio: Double, response: Double, mass: Double, initialVelocity: Double)
    }

    /// The key path animated, as scene files name it: `position.y`, `opacity`, `strokeEnd`, …
    public var keyPath: String
    /// What is interpolated, and how.
    public var kind: Kind
    /// Seconds after the animation is added that it starts.
    public var beginTime = 0.0
    /// Seconds of one pass; nil: a spring's settling duration, else 0.25.
    public var duration: Double?
    /// Rate of local time against the layer's.
    public var speed = 1.0
    /// Local seconds added to the position in the active time.
    public var timeOffset = 0.0
    /// Passes to play (`.infinity`: for ever; 0 plays once).
    public var repeatCount = 1.0
    /// When above 0, the active time in seconds.
    public var repeatDuration = 0.0
    /// Whether each pass plays forwards then backwards.
    public var autoreverses = false
    /// What shows outside the active time.
    public var fillMode = FillMode.removed
    /// Whether the value is added to what lies beneath.
    public var isAdditive = false
    /// Whether each repeat starts where the last ended.
    public var isCumulative = false

    /// An animation of `keyPath` of `kind`, with the timing given.
    public init(
        keyPath: String, kind: Kind, beginTime: Double = 0, duration: Double? = nil, speed: Double = 1, timeOffset: Double = 0,
        repeatCount: Double = 1, repeatDuration: Double = 0, autoreverses: Bool = false, fillMode: FillMode = .removed,
        isAdditive: Bool = false, isCumulative: Bool = false
    ) {
        self.keyPath = keyPath
        self.kind = kind
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
    }

    /// `CABasicAnimation`: from `from` to `to` (or by `by`) over `duration` seconds on
    /// `timingFunction` (Core Animation's default curve unless told), with `CAMediaTiming`'s
    /// parameters (`fillMode: .forwards` keeps the end value when it ends).
    public static func basic(
        keyPath: String, from: LayerValue? = nil, to: LayerValue? = nil, by: LayerValue? = nil,
        timingFunction: TimingCurve = .caDefault, duration: Double = 0.25, beginTime: Double = 0,
        repeatCount: Double = 1, autoreverses: Bool = false, fillMode: FillMode = .removed, speed: Double = 1,
        timeOffset: Double = 0, repeatDuration: Double = 0, isAdditive: Bool = false, isCumulative: Bool = false
    ) -> LayerAnimation {
        LayerAnimation(
            keyPath: keyPath, kind: .basic(from: from, to: to, by: by, timingFunction: timingFunction), beginTime: beginTime,
            duration: duration, speed: speed, timeOffset: timeOffset, repeatCount: repeatCount, repeatDuration: repeatDuration,
            autoreverses: autoreverses, fillMode: fillMode, isAdditive: isAdditive, isCumulative: isCumulative
        )
    }

    /// `CASpringAnimation`: from `from` to `to` (or by `by`) on a spring of `mass`,
    /// `stiffness` and `damping`, for its settling duration unless `duration` is given.
    public static func spring(
        keyPath: String, from: LayerValue? = nil, to: LayerValue? = nil, by: LayerValue? = nil,
        mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0,
        duration: Double? = nil, beginTime: Double = 0,
        repeatCount: Double = 1, autoreverses: Bool = false, fillMode: FillMode = .removed, speed: Double = 1,
        timeOffset: Double = 0, repeatDuration: Double = 0, isAdditive: Bool = false, isCumulative: Bool = false
    ) -> LayerAnimation {
        let spring = SpringParameters.physical(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
        return LayerAnimation(
            keyPath: keyPath, kind: .spring(from: from, to: to, by: by, spring: spring), beginTime: beginTime,
            duration: duration, speed: speed, timeOffset: timeOffset, repeatCount: repeatCount, repeatDuration: repeatDuration,
            autoreverses: autoreverses, fillMode: fillMode, isAdditive: isAdditive, isCumulative: isCumulative
        )
    }

    /// A spring given as SwiftUI gives it: `dampingRatio` (1: no overshoot) and `response`
    /// (seconds of one undamped period).
    public static func spring(
        keyPath: String, from: LayerValue? = nil, to: LayerValue? = nil, by: LayerValue? = nil,
        dampingRatio: Double, response: Double, mass: Double = 1, initialVelocity: Double = 0,
        duration: Double? = nil, beginTime: Double = 0,
        repeatCount: Double = 1, autoreverses: Bool = false, fillMode: FillMode = .removed, speed: Double = 1,
        timeOffset: Double = 0, repeatDuration: Double = 0, isAdditive: Bool = false, isCumulative: Bool = false
    ) -> LayerAnimation {
        let spring = SpringParameters.perceptual(dampingRatio: dampingRatio, response: response, mass: mass, initialVelocity: initialVelocity)
        return LayerAnimation(
            keyPath: keyPath, kind: .spring(from: from, to: to, by: by, spring: spring), beginTime: beginTime,
            duration: duration, speed: speed, timeOffset: timeOffset, repeatCount: repeatCount, repeatDuration: repeatDuration,
            autoreverses: autoreverses, fillMode: fillMode, isAdditive: isAdditive, isCumulative: isCumulative
        )
    }

    /// `CAKeyframeAnimation`: through `values` at `keyTimes` (evenly spaced unless given).
    public static func keyframe(
        keyPath: String, values: [LayerValue], keyTimes: [Double]? = nil, timingFunctions: [TimingCurve]? = nil,
        calculationMode: CalculationMode = .linear, duration: Double = 0.25, beginTime: Double = 0,
        repeatCount: Double = 1, autoreverses: Bool = false, fillMode: FillMode = .removed, speed: Double = 1,
        timeOffset: Double = 0, repeatDuration: Double = 0, isAdditive: Bool = false, isCumulative: Bool = false
    ) -> LayerAnimation {
        LayerAnimation(
            keyPath: keyPath,
            kind: .keyframe(values: values, keyTimes: keyTimes, timingFunctions: timingFunctions, calculationMode: calculationMode),
            beginTime: beginTime, duration: duration, speed: speed, timeOffset: timeOffset, repeatCount: repeatCount,
            repeatDuration: repeatDuration, autoreverses: autoreverses, fillMode: fillMode, isAdditive: isAdditive, isCumulative: isCumulative
        )
    }

    /// `CAKeyframeAnimation` with a `path`: `position` along `path` (`paced`: at an even speed;
    /// `linear`: each segment in the same time), turning with it under a `rotationMode`.
    public static func motion(
        along path: Path, calculationMode: CalculationMode = .paced, rotationMode: RotationMode? = nil,
        duration: Double = 0.25, beginTime: Double = 0,
        repeatCount: Double = 1, autoreverses: Bool = false, fillMode: FillMode = .removed, speed: Double = 1,
        timeOffset: Double = 0, repeatDuration: Double = 0
    ) -> LayerAnimation {
        LayerAnimation(
            keyPath: "position", kind: .motion(path: path, calculationMode: calculationMode, rotationMode: rotationMode),
            beginTime: beginTime, duration: duration, speed: speed, timeOffset: timeOffset, repeatCount: repeatCount,
            repeatDuration: repeatDuration, autoreverses: autoreverses, fillMode: fillMode
        )
    }

    /// `CAAnimationGroup`: `animations` run on the group's time, each clipped to its `duration`.
    public static func group(
        _ animations: [LayerAnimation], duration: Double = 0.25, beginTime: Double = 0,
        repeatCount: Double = 1, autoreverses: Bool = false, fillMode: FillMode = .removed, speed: Double = 1,
        timeOffset: Double = 0, repeatDuration: Double = 0
    ) -> LayerAnimation {
        LayerAnimation(
            keyPath: "", kind: .group(animations), beginTime: beginTime, duration: duration, speed: speed, timeOffset: timeOffset,
            repeatCount: repeatCount, repeatDuration: repeatDuration, autoreverses: autoreverses, fillMode: fillMode
        )
    }

    // MARK: Typed key paths

    /// `basic(keyPath:…)` of a typed key path: `.basic(keyPath: .positionX, to: 100)`.
    public static func basic(
        keyPath: AnimatableKeyPath, from: LayerValue? = nil, to: LayerValue? = nil, by: LayerValue? = nil,
        timingFunction: TimingCurve = .caDefault, duration: Double = 0.25, beginTime: Double = 0,
        repeatCount: Double = 1, autoreverses: Bool = false, fillMode: FillMode = .removed, speed: Double = 1,
        timeOffset: Double = 0, repeatDuration: Double = 0, isAdditive: Bool = false, isCumulative: Bool = false
    ) -> LayerAnimation {
        basic(
            keyPath: keyPath.rawValue, from: from, to: to, by: by, timingFunction: timingFunction, duration: duration, beginTime: beginTime,
            repeatCount: repeatCount, autoreverses: autoreverses, fillMode: fillMode, speed: speed, timeOffset: timeOffset,
            repeatDuration: repeatDuration, isAdditive: isAdditive, isCumulative: isCumulative
        )
    }

    /// `spring(keyPath:…)` of a typed key path: `.spring(keyPath: .positionY, to: 100, damping: 12)`.
    public static func spring(
        keyPath: AnimatableKeyPath, from: LayerValue? = nil, to: LayerValue? = nil, by: LayerValue? = nil,
        mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0,
        duration: Double? = nil, beginTime: Double = 0,
        repeatCount: Double = 1, autoreverses: Bool = false, fillMode: FillMode = .removed, speed: Double = 1,
        timeOffset: Double = 0, repeatDuration: Double = 0, isAdditive: Bool = false, isCumulative: Bool = false
    ) -> LayerAnimation {
        spring(
            keyPath: keyPath.rawValue, from: from, to: to, by: by, mass: mass, stiffness: stiffness, damping: damping,
            initialVelocity: initialVelocity, duration: duration, beginTime: beginTime, repeatCount: repeatCount,
            autoreverses: autoreverses, fillMode: fillMode, speed: speed, timeOffset: timeOffset, repeatDuration: repeatDuration,
            isAdditive: isAdditive, isCumulative: isCumulative
        )
    }

    /// `spring(keyPath:…dampingRatio:response:…)` of a typed key path.
    public static func spring(
        keyPath: AnimatableKeyPath, from: LayerValue? = nil, to: LayerValue? = nil, by: LayerValue? = nil,
        dampingRatio: Double, response: Double, mass: Double = 1, initialVelocity: Double = 0,
        duration: Double? = nil, beginTime: Double = 0,
        repeatCount: Double = 1, autoreverses: Bool = false, fillMode: FillMode = .removed, speed: Double = 1,
        timeOffset: Double = 0, repeatDuration: Double = 0, isAdditive: Bool = false, isCumulative: Bool = false
    ) -> LayerAnimation {
        spring(
            keyPath: keyPath.rawValue, from: from, to: to, by: by, dampingRatio: dampingRatio, response: response, mass: mass,
            initialVelocity: initialVelocity, duration: duration, beginTime: beginTime, repeatCount: repeatCount,
            autoreverses: autoreverses, fillMode: fillMode, speed: speed, timeOffset: timeOffset, repeatDuration: repeatDuration,
            isAdditive: isAdditive, isCumulative: isCumulative
        )
    }

    /// `keyframe(keyPath:…)` of a typed key path.
    public static func keyframe(
        keyPath: AnimatableKeyPath, values: [LayerValue], keyTimes: [Double]? = nil, timingFunctions: [TimingCurve]? = nil,
        calculationMode: CalculationMode = .linear, duration: Double = 0.25, beginTime: Double = 0,
        repeatCount: Double = 1, autoreverses: Bool = false, fillMode: FillMode = .removed, speed: Double = 1,
        timeOffset: Double = 0, repeatDuration: Double = 0, isAdditive: Bool = false, isCumulative: Bool = false
    ) -> LayerAnimation {
        keyframe(
            keyPath: keyPath.rawValue, values: values, keyTimes: keyTimes, timingFunctions: timingFunctions,
            calculationMode: calculationMode, duration: duration, beginTime: beginTime, repeatCount: repeatCount,
            autoreverses: autoreverses, fillMode: fillMode, speed: speed, timeOffset: timeOffset, repeatDuration: repeatDuration,
            isAdditive: isAdditive, isCumulative: isCumulative
        )
    }

    /// A copy with the timing changed by `change`: `.spring(…).with { $0.repeatCount = .infinity }`.
    public func with(_ change: (inout LayerAnimation) -> Void) -> LayerAnimation {
        var copy = self
        change(&copy)
        return copy
    }
}
