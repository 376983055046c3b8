/// A property with a model value and a presentation value, as a Core Animation layer has.
///
/// Setting the property changes the model at once; the presentation value — what is drawn at `t` —
/// gets there through the animations. Retargeting never makes the presentation jump:
/// - curve animations are additive, as UIKit's: each new one animates the offset from the old
///   target to the new one down to zero, on top of those still running, so the value is
///   continuous (and the velocity too, for curves that start flat, like ease-in-out);
/// - a spring takes over the current presentation value *and* velocity, so typing then deleting
///   quickly carries the motion on smoothly; the animations it absorbs end as cancelled.
///
/// Completions run exactly once, with `true` when their animation finished and `false` when it
/// was cancelled. They are handed back by `update(at:)` and `set(_:)` for the caller to run once
/// the new state is in place, so a completion may start the next animation.
///
/// ```swift
/// var x = AnimatedProperty(0.0)
/// try x.animate(to: 100, duration: 0.3, curve: .caEaseInEaseOut, at: 0)
/// x.model               // 100
/// x.presentation(at: 0.15)  // 50
/// ```
public struct AnimatedProperty<Value: Interpolatable> {
    /// Called once when an animation ends: `finished` is false when a later one replaced it.
    public typealias Completion = (_ finished: Bool) -> Void

    /// The value set last: where the presentation is heading.
    public private(set) var model: Value
    private var contributions: [Contribution] = []
    private var pending: [() -> Void] = []

    /// One animation's share of the presentation: an offset from the model that decays to zero.
    private struct Contribution {
        enum Motion {
            case curve(offset: Value.AnimatableData, timing: AnimationTiming, curve: TimingCurve)
            case spring(offset: Value.AnimatableData, velocity: Value.AnimatableData, beginTime: Double, spring: Spring, settle: Double)
            /// An explicit animation replacing the value while it has an effect.
            case explicit(Animation<Value>)
        }
        let motion: Motion
        var completion: Completion?

        var endTime: Double {
            switch motion {
            case .curve(_, let timing, _): timing.endTime
            case .spring(_, _, let beginTime, _, let settle): beginTime + settle
            case .explicit(let animation): animation.endTime
            }
        }

        /// The offset from the model at `t`; nil for an explicit animation (it replaces instead).
        func offset(at t: Double) -> Value.AnimatableData? {
            switch motion {
            case .curve(let offset, let timing, let curve):
                let progress = timing.progress(at: t) ?? (t < timing.beginTime + timing.delay ? 0 : 1)
                return offset.scaled(by: 1 - curve.value(at: progress))
            case .spring(let offset, let velocity, let beginTime, let spring, let settle):
                let elapsed = t - beginTime
                guard elapsed < settle else { return .zero }
                guard elapsed > 0 else { return offset }
                // Linear in the initial conditions: x(t) = x0 · P(t) + v0 · Q(t).
                let p = spring.displacement(at: elapsed, from: 1, velocity: 0).position
                let q = spring.displacement(at: elapsed, from: 0, velocity: 1).position
                return offset.scaled(by: p) + velocity.scaled(by: q)
            case .explicit:
                return nil
            }
        }
    }

    /// A property holding `value`, with no animation.
    public init(_ value: Value) {
        model = value
    }

    /// True while any animation is running.
    public var isAnimating: Bool { !contributions.isEmpty }

    /// What is drawn at `t`.
    public func presentation(at t: Double) -> Value {
        var data = model.animatableData
        for contribution in contributions {
            if let offset = contribution.offset(at: t) {
                data = data + offset
            } else if case .explicit(let animation) = contribution.motion, let value = animation.value(at: t) {
                data = value.animatableData
            }
        }
        return Value(animatableData: data)
    }

    /// How fast the presentation moves at `t`, per second.
    public func velocity(at t: Double) -> Value.AnimatableData {
        let h = 1e-4
        return (presentation(at: t + h).animatableData - presentation(at: t - h).animatableData).scaled(by: 1 / (2 * h))
    }

    /// Sets the model with no animation: running animations are cancelled, the value jumps.
    /// Returns the cancelled completions to run.
    @discardableResult
    public mutating func set(_ value: Value) -> [() -> Void] {
        model = value
        cancelAll()
        return takePending()
    }

    /// Animates from wherever the presentation is to `value` along `curve`, starting at `time`
    /// (plus `delay`). Running animations carry on underneath: the motion blends.
    public mutating func animate(
        to value: Value, duration: Double, curve: TimingCurve = .caDefault, delay: Double = 0,
        at time: Double, completion: Completion? = nil
    ) throws(AnimationError) {
        let timing = try AnimationTiming(beginTime: time, duration: duration, delay: delay)
        let offset = model.animatableData - value.animatableData
        model = value
        contributions.append(Contribution(motion: .curve(offset: offset, timing: timing, curve: curve), completion: completion))
    }

    /// Springs from the current presentation value and velocity at `time` to `value`.
    /// The animations running until now are absorbed (their completions run as cancelled).
    ///
    /// The spring's `initialVelocity` (in distances per second, toward the target, as
    /// `CASpringAnimation`'s) is added to the velocity carried over: from rest the motion leaves at
    /// `initialVelocity · |value − current|` per second.
    public mutating func animate(to value: Value, spring: Spring, at time: Double, completion: Completion? = nil) {
        let current = presentation(at: time).animatableData
        let carried = isAnimating ? self.velocity(at: time) : Value.AnimatableData.zero
        cancelAll()
        model = value
        let offset = current - value.animatableData
        // The offset decays toward zero, so "toward the target" is along −offset.
        let velocity = carried + offset.scaled(by: -spring.initialVelocity)
        let omega = spring.naturalFrequency
        let magnitude = max(offset.magnitudeSquared.squareRoot(), velocity.magnitudeSquared.squareRoot() / omega)
        // Settled once within 0.01 % of the motion's size, measured along the motion's own scale.
        let settle = magnitude == 0 ? 0 : max(
            spring.settlingTime(from: 1, velocity: 0, tolerance: 1e-4),
            spring.settlingTime(from: 0, velocity: omega, tolerance: 1e-4)
        )
        contributions.append(Contribution(
            motion: .spring(offset: offset, velocity: velocity, beginTime: time, spring: spring, settle: settle),
            completion: completion
        ))
    }

    /// Adds an explicit animation (e.g. keyframes) that replaces the presentation while it has an
    /// effect, as `CALayer.add(_:forKey:)`; the model is unchanged.
    public mutating func add(_ animation: Animation<Value>, completion: Completion? = nil) {
        contributions.append(Contribution(motion: .explicit(animation), completion: completion))
    }

    /// Removes the animations that have ended by `t` and returns their completions (and any
    /// cancelled ones not yet handed back), to run after the frame at `t` is shown.
    public mutating func update(at t: Double) -> [() -> Void] {
        var kept: [Contribution] = []
        for contribution in contributions {
            if t >= contribution.endTime {
                if let completion = contribution.completion { pending.append { completion(true) } }
            } else {
                kept.append(contribution)
            }
        }
        contributions = kept
        return takePending()
    }

    /// Cancels every running animation; the presentation snaps to the model.
    public mutating func removeAllAnimations() -> [() -> Void] {
        cancelAll()
        return takePending()
    }

    private mutating func cancelAll() {
        for contribution in contributions {
            if let completion = contribution.completion { pending.append { completion(false) } }
        }
        contributions.removeAll()
    }

    private mutating func takePending() -> [() -> Void] {
        defer { pending.removeAll() }
        return pending
    }
}
