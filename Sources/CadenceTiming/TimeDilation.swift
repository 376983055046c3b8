/// Slow motion for debugging, like Flutter's `timeDilation`: animation time runs `factor` times
/// slower than real time. Only animation time is scaled; frames keep their pace.
///
/// Changing the factor keeps animation time continuous: it goes on from where it was.
public struct TimeDilation: Sendable, Hashable {
    /// 1 is real time, 10 is ten times slower; finite and above 0.
    public private(set) var factor: Double = 1
    private var realAnchor: Double = 0
    private var animationAnchor: Double = 0

    /// Real time: a factor of 1.
    public init() {}

    /// Animation time at real time `time` (seconds).
    public func animationTime(at time: Double) -> Double {
        animationAnchor + (time - realAnchor) / factor
    }

    /// Sets the factor from real time `time` on. Throws for factors that are not finite and
    /// above 0 (zero would freeze time; negative would run it backwards).
    public mutating func setFactor(_ factor: Double, at time: Double) throws(TimingError) {
        guard factor.isFinite, factor > 0 else { throw .invalidDilation(factor) }
        animationAnchor = animationTime(at: time)
        realAnchor = time
        self.factor = factor
    }
}

/// Bad timing parameters, each named.
public enum TimingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A refresh rate that is not a finite number above 0.
    case invalidRefreshRate(Double)
    /// A dilation factor that is not a finite number above 0.
    case invalidDilation(Double)

    public var description: String {
        switch self {
        case .invalidRefreshRate(let rate): "refresh rate must be a finite number of Hz above 0, got \(rate)"
        case .invalidDilation(let factor): "time dilation must be a finite factor above 0, got \(factor)"
        }
    }
}
