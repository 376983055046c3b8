#if canImport(Glibc)
import CadenceLayers
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CadenceAnimation

extension CountingLabel {
    /// The display the original's timer is phase-locked to, in Hz.
    static let originalRefreshRate = 60.0

    /// UICountingLabel's counters (`UICountingLabel.m` at commit 51d8f02, lines 45–126), with
    /// their `Float` arithmetic: `powf` takes and returns `Float`, so the easing is only as
    /// precise as a `Float`.
    ///
    /// The ease-in bounce is the original's (lines 84–104): `1 − bounceOut(t) − t`, which runs
    /// from 1 at the start to −1 at the end, so a count from 0 to 100 shows 100 first and −100
    /// last. Methods the original lacks (`.curve`) use Cadence's curve.
    public static func originalCounter(_ method: Method, rate: Double, at t: Double) -> Double {
        let r = Float(rate)
        /// `powf(11.0 / 4.0, 2) * powf(x, 2)`, in Float.
        func bounceTerm(_ x: Double) -> Double { Double(powf(11.0 / 4.0, 2) * powf(Float(x), 2)) }
        switch method {
        case .linear:
            return t
        case .easeIn:
            return Double(powf(Float(t), r))
        case .easeOut:
            return 1.0 - Double(powf(Float(1.0 - t), r))
        case .easeInOut:
            let doubled = t * 2
            if doubled < 1 { return Double(Float(0.5) * powf(Float(doubled), r)) }
            return Double(Float(0.5) * (Float(2.0) - powf(Float(2.0 - doubled), r)))
        case .easeInBounce:
            if t < 4.0 / 11.0 { return 1.0 - bounceTerm(t) - t }
            if t < 8.0 / 11.0 { return 1.0 - (3.0 / 4.0 + bounceTerm(t - 6.0 / 11.0)) - t }
            if t < 10.0 / 11.0 { return 1.0 - (15.0 / 16.0 + bounceTerm(t - 9.0 / 11.0)) - t }
            return 1.0 - (63.0 / 64.0 + bounceTerm(t - 21.0 / 22.0)) - t
        case .easeOutBounce:
            if t < 4.0 / 11.0 { return bounceTerm(t) }
            if t < 8.0 / 11.0 { return 3.0 / 4.0 + bounceTerm(t - 6.0 / 11.0) }
            if t < 10.0 / 11.0 { return 15.0 / 16.0 + bounceTerm(t - 9.0 / 11.0) }
            return 63.0 / 64.0 + bounceTerm(t - 21.0 / 22.0)
        case .curve(let curve):
            return curve.value(at: t)
        }
    }

    /// The original's `(int)value` for integer formats (line 259): truncated toward zero to 32
    /// bits. Out of range that cast is undefined in C; on the arm64 devices the original runs on
    /// it saturates (`fcvtzs`), and NaN gives 0 — reproduced here, never a trap.
    public static func originalInt(_ value: Double) -> Int32 {
        guard !value.isNaN else { return 0 }
        let truncated = value.rounded(.towardZero)
        if truncated >= Double(Int32.max) { return .max }
        if truncated <= Double(Int32.min) { return .min }
        return Int32(truncated)
    }
}
