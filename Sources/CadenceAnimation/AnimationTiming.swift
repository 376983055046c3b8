/// What an animation shows outside its active time, as `CAMediaTimingFillMode`.
public enum FillMode: String, Sendable, Hashable, CaseIterable {
    /// No effect before it begins or after it ends: the model value shows.
    case removed
    /// Holds its last value after it ends.
    case forwards
    /// Shows its first value before it begins (during a delay).
    case backwards
    /// Both.
    case both
}

/// Core Animation's timing model (`CAMediaTiming`): when an animation runs and how its time is shaped.
///
/// The rules, in the order they apply to an absolute time `t`:
/// - local time is `(t − beginTime − delay) × speed`;
/// - one pass takes `duration`; an autoreversing cycle goes there and back (2 × `duration`);
/// - the active time is `repeatDuration` when above 0, else `repeatCount` cycles (fractions allowed,
///   `.infinity` for ever, 0 plays once as in Core Animation); a repeat may end mid-cycle;
/// - `timeOffset` shifts where in the active time the animation is: inside a finite active time the
///   position is `(local + timeOffset) mod activeDuration`, so a 5 s animation with `timeOffset` 2
///   plays 2 → 5 then 0 → 2 over its 5 s;
/// - before and after the active time `fillMode` decides whether the first and last states hold.
///
/// ```swift
/// let timing = try AnimationTiming(duration: 5, timeOffset: 2)
/// timing.progress(at: 0)    // 0.4: the position 2 s into the pass
/// timing.progress(at: 3.5)  // 0.1: wrapped round to 0.5 s
/// ```
public struct AnimationTiming: Sendable, Hashable {
    /// Absolute time the animation starts counting from.
    public var beginTime: Double
    /// Seconds of one pass, in local time.
    public var duration: Double
    /// Seconds after `beginTime` before the active time starts, in absolute time.
    public var delay: Double
    /// How fast local time runs against absolute time (2 plays twice as fast).
    public var speed: Double
    /// How many cycles the active time lasts; 0 plays once; ignored when `repeatDuration` is above 0.
    public var repeatCount: Double
    /// Whether each cycle plays forwards then backwards.
    public var autoreverses: Bool
    /// What shows outside the active time.
    public var fillMode: FillMode
    /// Local seconds added to the position inside the active time, wrapping round within it.
    public var timeOffset: Double
    /// When above 0, the active time in local seconds (cycles repeat inside it, possibly ending mid-cycle).
    public var repeatDuration: Double

    /// Checks every field; errors name the field and the value given.
    ///
    /// Rules: `beginTime` and `timeOffset` finite; `duration`, `delay` and `repeatDuration` finite
    /// and 0 or more; `speed` finite and above 0; `repeatCount` 0 or more, or `.infinity`.
    public init(
        beginTime: Double = 0, duration: Double, delay: Double = 0, speed: Double = 1,
        repeatCount: Double = 1, autoreverses: Bool = false, fillMode: FillMode = .removed,
        timeOffset: Double = 0, repeatDuration: Double = 0
    ) throws(AnimationError) {
        guard beginTime.isFinite else { throw .invalid("beginTime", beginTime, "must be finite") }
        guard duration.isFinite, duration >= 0 else { throw .invalid("duration", duration, "must be a finite number of seconds, 0 or more") }
        guard delay.isFinite, delay >= 0 else { throw .invalid("delay", delay, "must be a finite number of seconds, 0 or more") }
        guard speed.isFinite, speed > 0 else { throw .invalid("speed", speed, "must be a finite number above 0") }
        guard !repeatCount.isNaN, repeatCount >= 0 else { throw .invalid("repeatCount", repeatCount, "must be 0 or more (0 plays once), or infinity") }
        guard timeOffset.isFinite else { throw .invalid("timeOffset", timeOffset, "must be finite") }
        guard repeatDuration.isFinite, repeatDuration >= 0 else {
            throw .invalid("repeatDuration", repeatDuration, "must be a finite number of seconds, 0 or more")
        }
        self.beginTime = beginTime
        self.duration = duration
        self.delay = delay
        self.speed = speed
        self.repeatCount = repeatCount
        self.autoreverses = autoreverses
        self.fillMode = fillMode
        self.timeOffset = timeOffset
        self.repeatDuration = repeatDuration
    }

    /// Seconds of one pass including the way back when autoreversing.
    var cycle: Double { duration * (autoreverses ? 2 : 1) }

    /// Local seconds the animation is active for: `repeatDuration` when above 0, else
    /// `repeatCount` cycles (0 counting as 1); 0 when a cycle takes no time.
    public var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        guard cycle > 0 else { return 0 }
        return cycle * (repeatCount == 0 ? 1 : repeatCount)
    }

    /// The absolute time the animation ends (infinite when it repeats for ever).
    public var endTime: Double { beginTime + delay + activeDuration / speed }

    /// Progress through the duration (0 ... 1) at absolute time `t`, or nil where the animation
    /// has no effect (before or after it, with the fill mode not holding). The way back of an
    /// autoreversing cycle runs from 1 to 0.
    public func progress(at t: Double) -> Double? {
        phase(at: t)?.progress
    }

    /// Which cycle (0 for the first) the animation is in at absolute time `t`, or nil where it has
    /// no effect. Held fills report the cycle they hold: a `repeatCount` of 3 ends in cycle 2.
    ///
    /// `cumulative` animations add the change of one cycle once per completed cycle.
    public func iteration(at t: Double) -> Double? {
        phase(at: t)?.iteration
    }

    /// The cycle and the progress through the pass at absolute time `t`, or nil where the
    /// animation has no effect. Not-a-number times have no effect.
    func phase(at t: Double) -> (iteration: Double, progress: Double)? {
        guard !t.isNaN else { return nil }
        let local = (t - beginTime - delay) * speed
        let active = activeDuration
        if local < 0 {
            guard fillMode == .backwards || fillMode == .both else { return nil }
            return active > 0 ? cyclePhase(at: wrapped(timeOffset, within: active), endingThere: false) : (0, 0)
        }
        if local >= active {
            // An infinite time never reaches the end of an infinite active time.
            guard active.isFinite, fillMode == .forwards || fillMode == .both else { return nil }
            // The last state is the limit from below, so a wrapped end lands inside its cycle.
            guard active > 0 else { return cyclePhase(at: 0, endingThere: true) }
            let end = wrapped(active + timeOffset, within: active)
            return cyclePhase(at: end == 0 ? active : end, endingThere: true)
        }
        let position = active.isFinite ? wrapped(local + timeOffset, within: active) : local + timeOffset
        guard position.isFinite else { return nil }
        return cyclePhase(at: position, endingThere: false)
    }

    /// `value` modulo `period`, in 0 ..< `period` also for negative values.
    private func wrapped(_ value: Double, within period: Double) -> Double {
        let remainder = value.truncatingRemainder(dividingBy: period)
        let positive = remainder < 0 ? remainder + period : remainder
        return positive < period ? positive : 0
    }

    /// The cycle and progress at `position` local seconds into the active time. When
    /// `endingThere`, a position on a cycle boundary belongs to the cycle that ends there.
    private func cyclePhase(at position: Double, endingThere: Bool) -> (iteration: Double, progress: Double) {
        let cycle = self.cycle
        guard cycle > 0 else {
            // A pass that takes no time is over as soon as it starts.
            let done = (position > 0 || endingThere) && !autoreverses
            return (0, done ? 1 : 0)
        }
        var iteration = (position / cycle).rounded(.down)
        if endingThere, iteration > 0, position <= iteration * cycle { iteration -= 1 }
        let within = min(max(position - iteration * cycle, 0), cycle)
        let p = within / duration
        return (iteration, p > 1 ? 2 - p : p)
    }

    /// True once `t` is at or past the end of the active time.
    public func isFinished(at t: Double) -> Bool {
        t >= endTime
    }
}

/// Bad animation parameters, each named: the message starts with the field at fault.
public enum AnimationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A number breaking a rule: the field, the value given, and the rule.
    case invalid(String, Double, String)
    /// Keyframes of an `Animation` that do not fit together.
    case keyframes(String)
    /// A field of a `PropertyAnimation` breaking a rule: the field and the whole message, which
    /// starts with the field (e.g. "keyTimes must not decrease (keyTimes[2] = 0.3 after 0.5)").
    case invalidField(String, String)

    /// The name of the field at fault.
    public var field: String {
        switch self {
        case .invalid(let name, _, _): name
        case .keyframes: "keyframes"
        case .invalidField(let name, _): name
        }
    }

    /// The message for a person: the field, the rule it breaks, and what was given.
    public var description: String {
        switch self {
        case .invalid(let name, let value, let rule): "\(name) \(rule), got \(Self.number(value))"
        case .keyframes(let message): "keyframes: \(message)"
        case .invalidField(_, let message): message
        }
    }

    /// `value` as a person writes it: whole numbers without ".0" (0, not 0.0), others in full.
    static func number(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return String(value)
    }
}
