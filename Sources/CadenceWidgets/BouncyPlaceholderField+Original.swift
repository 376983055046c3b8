#if canImport(Glibc)
import CadenceLayers
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CadenceAnimation

extension BouncyPlaceholderField {
    /// LTBouncyPlaceholder's keyframe track as progress (0 at the start, 1 at the target), `s`
    /// seconds after it began: the values `1 − 2.5^(−0.055 i) · cos(0.1 i)` for i = 0 … 99
    /// (`_bounceKeyframes`, `UITextField+LTBouncyPlaceholder.swift` lines 158–173 at commit
    /// 1199f48), spread evenly over 0.6 s and joined by straight lines (linear calculation mode),
    /// held at the last value (1.006) afterwards (fill mode forwards, never removed).
    public static func originalTrack(at s: Double) -> Double {
        func value(_ i: Int) -> Double { 1 - pow(2.5, -0.055 * Double(i)) * cos(0.1 * Double(i)) }
        guard s > 0 else { return value(0) }
        guard s < 0.6 else { return value(99) }
        let position = s / 0.6 * 99  // in 0 ..< 99, so the conversion below cannot trap
        let index = min(Int(position.rounded(.down)), 98)
        return value(index) + (value(index + 1) - value(index)) * (position - Double(index))
    }

    /// The original's state at `time`, from its text-change notifications (`changes`; its
    /// `_didChange`, lines 126–141, runs on every change).
    ///
    /// Each notification with text starts the bounce to the right and the cross-fade, unless the
    /// abbreviation's presentation opacity is above 0 (the re-trigger guard, line 178): so with an
    /// abbreviation, keystrokes while it shows restart nothing, and typing again within 0.2 s of
    /// clearing is ignored. Without an abbreviation every keystroke restarts the bounce from the
    /// left (lines 245–247). A notification without text bounces back from the right. Every start
    /// removes all running animations first (lines 182–183, 214–215, 246), so the labels jump to
    /// where the new track begins.
    func originalPlaceholderState(
        at time: Double, distance: Double, changes: [(time: Double, hasText: Bool)]
    ) -> (offset: Double, placeholderAlpha: Double, abbreviationAlpha: Double) {
        let hasAbbreviation = abbreviatedPlaceholder != nil
        var started: (time: Double, toRight: Bool)?
        /// The abbreviation's opacity at `t` under the animation started last.
        func abbreviationAlpha(at t: Double) -> Double {
            guard hasAbbreviation, let started else { return 0 }
            let progress = min(max((t - started.time) / 0.2, 0), 1)
            return started.toRight ? progress : 1 - TimingCurve.caEaseIn.value(at: progress)
        }
        for change in changes where change.time <= time {
            if change.hasText, hasAbbreviation, abbreviationAlpha(at: change.time) > 0 { continue }
            started = (change.time, change.hasText)
        }
        guard let started else { return (0, 1, 0) }
        let elapsed = time - started.time
        let track = Self.originalTrack(at: elapsed)
        let offset = distance * (started.toRight ? track : 1 - track)
        guard hasAbbreviation else { return (offset, 1, 0) }
        let progress = min(max(elapsed / 0.2, 0), 1)
        let placeholderAlpha = started.toRight ? 1 - progress : TimingCurve.caEaseIn.value(at: progress)
        return (offset, placeholderAlpha, abbreviationAlpha(at: time))
    }
}
