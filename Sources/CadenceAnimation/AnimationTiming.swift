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

/// Core Animation's timing model: when an animation runs and how its time is shaped.
///
/// Local time is `(t − beginTime − delay) × speed`; one pass takes `duration`, an autoreversing
/// pass goes there and back (2 × `duration`), and `repeatCount` passes make the active time
/// (fractions allowed, `.infinity` for ever).
public struct AnimationTiming: Sendable, Hashable {
    public var beginTime: Double
    public var duration: Double
    public var delay: Double
    public var speed: Double
    public var repeatCount: Double
    public var autoreverses: Bool
    public var fillMode: FillMode

    public init(
        beginTime: Double = 0, duration: Double, delay: Double = 0, speed: Double = 1,
        repeatCount: Double = 1, autoreverses: Bool = false, fillMode: FillMode = .removed
    ) throws(AnimationError) {
        guard beginTime.isFinite else { throw .invalid("beginTime", beginTime, "must be finite") }
        guard duration.isFinite, duration >= 0 else { throw .invalid("duration", duration, "must be a finite number of seconds, 0 or more") }
        guard delay.isFinite, delay >= 0 else { throw .invalid("delay", delay, "must be a finite number of seconds, 0 or more") }
        guard speed.isFinite, speed > 0 else { throw .invalid("speed", speed, "must be a finite number above 0") }
        guard !repeatCount.isNaN, repeatCount > 0 else { throw .invalid("repeatCount", repeatCount, "must be above 0 (or infinity)") }
        self.beginTime = beginTime
        self.duration = duration
        self.delay = delay
        self.speed = speed
        self.repeatCount = repeatCount
        self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    /// Seconds of one pass including the way back when autoreversing.
    var cycle: Double { duration * (autoreverses ? 2 : 1) }

    /// Local seconds the animation is active for.
    public var activeDuration: Double { cycle * repeatCount }

    /// The absolute time the animation ends (infinite when it repeats for ever).
    public var endTime: Double { beginTime + delay + activeDuration / speed }

    /// Progress through the duration (0 ... 1) at absolute time `t`, or nil where the animation
    /// has no effect (before or after it, with the fill mode not holding).
    public func progress(at t: Double) -> Double? {
        let local = (t - beginTime - delay) * speed
        if local < 0 {
            return fillMode == .backwards || fillMode == .both ? 0 : nil
        }
        if local >= activeDuration {
            guard fillMode == .forwards || fillMode == .both else { return nil }
            let whole = repeatCount.rounded(.down)
            if repeatCount == whole { return autoreverses ? 0 : 1 }
            return phase(of: (repeatCount - whole) * cycle)
        }
        return phase(of: local.truncatingRemainder(dividingBy: max(cycle, .leastNonzeroMagnitude)))
    }

    private func phase(of withinCycle: Double) -> Double {
        guard duration > 0 else { return 1 }
        let p = withinCycle / duration
        return p > 1 ? 2 - p : p
    }

    /// True once `t` is at or past the end of the active time.
    public func isFinished(at t: Double) -> Bool {
        t >= endTime
    }
}

/// Bad animation parameters, each named.
public enum AnimationError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalid(String, Double, String)
    case keyframes(String)

    public var description: String {
        switch self {
        case .invalid(let name, let value, let rule): "\(name) \(rule), got \(value)"
        case .keyframes(let message): "keyframes: \(message)"
        }
    }
}
