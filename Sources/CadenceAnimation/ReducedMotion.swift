/// How much a scene moves: `cadence render --motion`, a scene file's `motion` key, `Scene.motion`.
///
/// Like the reduce-motion setting of iOS and Android, it is a viewer's preference applied when a
/// scene is drawn; the scene's events and animations are the same under every profile, so what
/// shows at `t` stays a function of `t`.
public enum MotionProfile: String, Sendable, Hashable, CaseIterable {
    /// Everything moves as written.
    case full
    /// Movement is replaced by cross-fades of the same duration (each node's `ReducedMotion` rule).
    case reduced
    /// Every animation jumps to its final value when it begins; completions run at once.
    case none
}

/// What one node does under the `reduced` profile: a node's `reducedMotion` key, or the default
/// rule of each widget and animation kind (the README's table).
public enum ReducedMotion: String, Sendable, Hashable, CaseIterable {
    /// Movement becomes a cross-fade (or fade-through) of the same duration.
    case fade
    /// Every animation of the node jumps to its final value when it begins.
    case jump
    /// The node moves as under `full`.
    case keep
}

/// The motion a node draws under: the scene's profile and the nearest `reducedMotion` override
/// on the way down the tree (none for most nodes).
public struct MotionSetting: Sendable, Hashable {
    /// The scene's profile.
    public var profile: MotionProfile
    /// The node's own rule (or an ancestor layer's), used under `reduced`.
    public var override: ReducedMotion?

    /// `profile`, with `override` for the node when given.
    public init(profile: MotionProfile, override: ReducedMotion? = nil) {
        self.profile = profile
        self.override = override
    }

    /// Everything moves.
    public static let full = MotionSetting(profile: .full)

    /// The rule for something whose reduced-motion default is `standard`: `keep` under `full`,
    /// `jump` under `none`, the override (else `standard`) under `reduced`.
    public func rule(default standard: ReducedMotion) -> ReducedMotion {
        switch profile {
        case .full: .keep
        case .none: .jump
        case .reduced: override ?? standard
        }
    }

    /// The setting inside a node whose own rule is `rule` (nil: inherited).
    public func overridden(by rule: ReducedMotion?) -> MotionSetting {
        MotionSetting(profile: profile, override: rule ?? override)
    }
}

extension PropertyAnimation {
    /// The longest fade a spring becomes under `fade`: a spring's settling time is often a second
    /// or more, too long for a fade standing in for a bounce.
    public static let reducedSpringFade = 0.25

    /// How the animation shows under `rule` at absolute time `t`: the time to evaluate it at, and
    /// a factor for its layer's opacity. A pure function of `t`.
    ///
    /// - `keep`: `t` itself, opacity 1.
    /// - `jump`: the end state from its begin time on (before it, as usual).
    /// - `fade`, basic and keyframe: a fade-through of the same duration — the start state fading
    ///   out over the first half of the active time, then the end state fading in; a spring: the
    ///   end state from its begin, fading in over at most `reducedSpringFade` s on Core
    ///   Animation's ease-out.
    /// - An animation that repeats for ever, under `fade` or `jump`: held at its start (a static
    ///   glyph rather than a blinking one).
    public func reducedMotion(_ rule: ReducedMotion, at t: Double) -> (time: Double, opacity: Double) {
        let begin = beginTime
        let end = endTime
        guard rule != .keep, t >= begin else { return (t, 1) }
        guard end.isFinite else { return (begin, 1) }
        guard rule == .fade, t < end, end > begin else { return (max(end, t), 1) }
        if case .spring = kind {
            let fade = min(Self.reducedSpringFade, end - begin)
            return (end, TimingCurve.caEaseOut.value(at: min((t - begin) / fade, 1)))
        }
        let progress = (t - begin) / (end - begin)
        return progress < 0.5 ? (begin, 1 - 2 * progress) : (end, 2 * progress - 1)
    }
}
