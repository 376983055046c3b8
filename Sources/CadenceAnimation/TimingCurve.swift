#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a `steps` curve jumps: at the start of each interval or at its end (as CSS `steps()`).
public enum StepPosition: String, Sendable, Hashable, CaseIterable {
    /// Jump at the start or at the end of each interval.
    case start, end
}

/// A timing curve maps progress through an animation's duration (0 ... 1) to progress through its
/// values. Every curve maps 0 to 0 and 1 to 1; inputs outside 0 ... 1 are clamped. Some curves
/// overshoot in between (`easeInBack`, `easeOutElastic`, Bézier curves with y outside 0 ... 1).
///
/// ```swift
/// TimingCurve.easeInOut().value(at: 0.25)  // 0.0625: UICountingLabel's rate 3
/// TimingCurve.caEaseInEaseOut.value(at: 0.5)  // 0.5
/// ```
///
/// See also: `Spring`, which runs in seconds rather than on 0 ... 1.
public enum TimingCurve: Sendable, Hashable {
    /// t: constant speed.
    case linear
    /// tᴿ (UICountingLabel's ease-in; R = 3 there).
    case easeIn(rate: Double)
    /// 1 − (1 − t)ᴿ.
    case easeOut(rate: Double)
    /// (2t)ᴿ / 2 below one half, 1 − (2 − 2t)ᴿ / 2 above: symmetric, f(1 − t) = 1 − f(t), for every
    /// rate. UICountingLabel's older code wrote the second half as `sign · ½ · ((2t − 2)ᴿ + 2 · sign)`
    /// with `sign = −1` for even rates; that gives the same values for integer rates (2, 3, 4 …),
    /// but raises a negative number to the power R, so any non-integer rate gives NaN there.
    case easeInOut(rate: Double)
    /// A cubic Bézier through (0, 0) and (1, 1), as `CAMediaTimingFunction`.
    case cubicBezier(CubicBezier)
    /// One of Robert Penner's easing equations.
    case penner(Penner)
    /// `count` equal jumps, as CSS `steps(count, position)`.
    case steps(Int, StepPosition)
    /// A curve of your own, known by its name (see `CustomTimingCurve`).
    case custom(CustomTimingCurve)

    /// UICountingLabel's default rate.
    public static let defaultRate = 3.0

    /// A curve of your own: `function` maps progress through the time to progress through the
    /// values. Curves are equal when their names are, so give each function its own name.
    ///
    /// ```swift
    /// let smoothstep = TimingCurve.custom("smoothstep") { t in t * t * (3 - 2 * t) }
    /// smoothstep.value(at: 0.5)  // 0.5
    /// ```
    public static func custom(_ name: String, _ function: @escaping @Sendable (Double) -> Double) -> TimingCurve {
        .custom(CustomTimingCurve(name: name, function))
    }

    /// t³: UICountingLabel's ease-in at its default rate.
    public static func easeIn() -> TimingCurve { .easeIn(rate: defaultRate) }
    /// 1 − (1 − t)³: UICountingLabel's ease-out at its default rate.
    public static func easeOut() -> TimingCurve { .easeOut(rate: defaultRate) }
    /// UICountingLabel's ease-in-out at its default rate (3), made symmetric.
    public static func easeInOut() -> TimingCurve { .easeInOut(rate: defaultRate) }

    /// `CAMediaTimingFunction(name: .default)`: (0.25, 0.1, 0.25, 1).
    public static let caDefault = TimingCurve.cubicBezier(CubicBezier(uncheckedX1: 0.25, y1: 0.1, x2: 0.25, y2: 1))
    /// `CAMediaTimingFunction(name: .easeIn)`: (0.42, 0, 1, 1).
    public static let caEaseIn = TimingCurve.cubicBezier(CubicBezier(uncheckedX1: 0.42, y1: 0, x2: 1, y2: 1))
    /// `CAMediaTimingFunction(name: .easeOut)`: (0, 0, 0.58, 1).
    public static let caEaseOut = TimingCurve.cubicBezier(CubicBezier(uncheckedX1: 0, y1: 0, x2: 0.58, y2: 1))
    /// `CAMediaTimingFunction(name: .easeInEaseOut)`: (0.42, 0, 0.58, 1).
    public static let caEaseInEaseOut = TimingCurve.cubicBezier(CubicBezier(uncheckedX1: 0.42, y1: 0, x2: 0.58, y2: 1))

    /// Progress through the values at progress `t` through the time.
    public func value(at t: Double) -> Double {
        let t = t.isNaN ? 0 : min(max(t, 0), 1)
        switch self {
        case .linear:
            return t
        case .easeIn(let rate):
            return pow(t, rate)
        case .easeOut(let rate):
            return 1 - pow(1 - t, rate)
        case .easeInOut(let rate):
            return t < 0.5 ? pow(2 * t, rate) / 2 : 1 - pow(2 - 2 * t, rate) / 2
        case .cubicBezier(let curve):
            return curve.value(at: t)
        case .penner(let curve):
            return curve.value(at: t)
        case .steps(let count, let position):
            let scaled = t * Double(count)
            let step = position == .start ? scaled.rounded(.up) : scaled.rounded(.down)
            return min(step / Double(count), 1)
        case .custom(let curve):
            // The rule every curve keeps, whatever the function does at the ends.
            if t == 0 { return 0 }
            if t == 1 { return 1 }
            let value = curve.function(t)
            return value.isFinite ? value : t
        }
    }

    /// The slope dValue/dt at `t`, by central difference (one-sided at the ends).
    public func slope(at t: Double) -> Double {
        let h = 1e-6
        let low = max(t - h, 0)
        let high = min(t + h, 1)
        return (value(at: high) - value(at: low)) / (high - low)
    }

    /// Checks the parameters: rates finite and above 0, at least one step.
    public func validated() throws(CurveError) -> TimingCurve {
        switch self {
        case .easeIn(let rate), .easeOut(let rate), .easeInOut(let rate):
            guard rate.isFinite, rate > 0 else { throw .invalidRate(rate) }
        case .steps(let count, _):
            guard count >= 1 else { throw .invalidStepCount(count) }
        case .custom(let curve):
            for step in 0...100 {
                let t = Double(step) / 100
                let value = curve.function(t)
                guard value.isFinite else { throw .customNotFinite(name: curve.name, at: t) }
            }
        case .linear, .cubicBezier, .penner:
            break
        }
        return self
    }
}

/// Bad curve parameters, each named.
public enum CurveError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A power rate that is not a finite number above 0.
    case invalidRate(Double)
    /// Fewer than 1 step.
    case invalidStepCount(Int)
    /// A Bézier control point's x outside 0 ... 1.
    case bezierXOutOfRange(x1: Double, x2: Double)
    /// A Bézier control point that is not finite.
    case bezierNotFinite
    /// Spring parameters out of range, with the rule broken.
    case invalidSpring(String)
    /// A custom curve's function gave a value that is not finite.
    case customNotFinite(name: String, at: Double)

    public var description: String {
        switch self {
        case .invalidRate(let rate): "rate must be a finite number above 0, got \(rate)"
        case .invalidStepCount(let count): "steps needs at least 1 step, got \(count)"
        case .bezierXOutOfRange(let x1, let x2): "cubic Bézier x1 and x2 must be in 0...1 (got x1 \(x1), x2 \(x2)), or time would run backwards"
        case .bezierNotFinite: "cubic Bézier control points must be finite numbers"
        case .invalidSpring(let message): "spring: \(message)"
        case .customNotFinite(let name, let t): "custom curve '\(name)' must give a finite value at every t in 0...1, not at t = \(t)"
        }
    }
}

/// A timing curve given as a Swift function, named so that curves stay `Hashable` and can be
/// told apart in messages: two custom curves are equal when their names are.
///
/// Rules: `TimingCurve.value(at:)` maps 0 to 0 and 1 to 1 whatever the function gives there,
/// and shows a non-finite result as linear progress; `validated()` (which animations call)
/// refuses a function that is not finite at 101 points across 0 ... 1.
public struct CustomTimingCurve: Sendable, Hashable, CustomStringConvertible {
    /// The curve's name: its identity.
    public let name: String
    /// Progress through the time (0 ... 1) to progress through the values.
    public let function: @Sendable (Double) -> Double

    /// A curve called `name` computing `function`.
    public init(name: String, _ function: @escaping @Sendable (Double) -> Double) {
        self.name = name
        self.function = function
    }

    public static func == (lhs: CustomTimingCurve, rhs: CustomTimingCurve) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
    public var description: String { "custom(\(name))" }
}
