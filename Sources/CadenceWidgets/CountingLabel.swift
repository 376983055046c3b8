import CadenceAnimation
import CadenceDraw
import CadenceLayers

/// A label that counts from one number to another, as UICountingLabel.
///
/// The value is a pure function of time: each count records its begin time, and `value(at:)`
/// evaluates the newest count begun by then — never `progress += now − last`. Rules it keeps:
/// - a duration of 0 shows the final value at once;
/// - `countFromCurrentValue` starts from the value shown at that moment;
/// - `stop` freezes the value shown;
/// - the completion runs after the frame showing the final value (`finish(at:)`), and is cleared
///   before it runs, so it may start the next count;
/// - displayed digits never run backwards on a monotonic count: printf rounding and
///   `NumberFormatter` rounding are both monotone.
public struct CountingLabel: Sendable {
    /// How the count moves: UICountingLabel's methods, or any curve.
    public enum Method: Sendable, Hashable {
        /// UICountingLabel's counting methods.
        case linear, easeIn, easeOut, easeInOut, easeInBounce, easeOutBounce
        /// Any timing curve.
        case curve(TimingCurve)

        /// The curve for a power rate (`rate` applies to easeIn, easeOut, easeInOut).
        public func curve(rate: Double) -> TimingCurve {
            switch self {
            case .linear: .linear
            case .easeIn: .easeIn(rate: rate)
            case .easeOut: .easeOut(rate: rate)
            case .easeInOut: .easeInOut(rate: rate)
            case .easeInBounce: .penner(Penner(.bounce, .in))
            case .easeOutBounce: .penner(Penner(.bounce, .out))
            case .curve(let curve): curve
            }
        }
    }

    /// Runs once a count has shown its final value; gets the label to chain the next count.
    public typealias Completion = @Sendable (inout CountingLabel, _ time: Double) -> Void

    struct Count: Sendable {
        var begin: Double
        var from: Double
        var to: Double
        var duration: Double
        var curve: TimingCurve
        var method: Method
        var rate: Double
        /// A `stop`: the value frozen, no completion.
        var isStop = false
    }

    /// Where the label is, in its parent's coordinates.
    public var frame: Rect
    /// How the value becomes text (UICountingLabel's default: `%f`).
    public var format = NumberFormat.printf(.default)
    /// How the count moves over its duration.
    public var method = Method.easeInOut
    /// UICountingLabel's rate for the power curves.
    public var rate = 3.0
    /// Seconds a count takes when it names no duration (UICountingLabel's 2).
    public var animationDuration = 2.0
    /// The label's font.
    public var font: FontDescriptor
    /// The label's text colour.
    public var textColor = Color.black
    /// Where the text sits in the frame's width.
    public var alignment = TextAlignment.left
    /// A shadow under the text; nil for none.
    public var shadow: TextShadow?
    /// Called when a count finishes (see the type's rules).
    public var completion: Completion?
    /// Text for a value, used instead of `format` (UICountingLabel's `formatBlock`).
    public var formatter: (@Sendable (Double) -> String)?
    /// Attributed text for a value; takes precedence over `formatter` and `format`
    /// (UICountingLabel's `attributedFormatBlock`).
    public var attributedFormatter: (@Sendable (Double) -> AttributedText)?
    /// Updates per second on the display link: 0 means every frame; 30 on a 60 Hz display shows
    /// a new value every second vsync, as the original's timer did. The value shown is the one at
    /// the last update, phase-locked to the grid of 1/30 s.
    public var preferredFramesPerSecond = 0

    /// `.original` reproduces UICountingLabel exactly (see `CountingLabel+Original.swift`): updates
    /// every second vsync, its Float easing, its broken ease-in bounce and 32-bit integer formats.
    /// `preferredFramesPerSecond` is then ignored.
    public var quirks = Quirks.none

    var counts: [Count] = []
    private var finishedThrough: Double = -.infinity

    /// A label in `frame` showing 0 in `font`, formatted `%f`, counting ease-in-out.
    public init(frame: Rect, font: FontDescriptor) {
        self.frame = frame
        self.font = font
    }

    // MARK: Counting

    /// Counts from `start` to `end` from `time` on, over `duration` (`animationDuration` when nil).
    public mutating func count(from start: Double, to end: Double, duration: Double? = nil, at time: Double) {
        counts.append(Count(
            begin: time, from: start, to: end, duration: max(duration ?? animationDuration, 0), curve: method.curve(rate: rate),
            method: method, rate: rate
        ))
    }

    /// Counts from the value shown at `time` (with quirks, the one at the original's last update).
    public mutating func countFromCurrentValue(to end: Double, duration: Double? = nil, at time: Double) {
        count(from: shownValue(at: time), to: end, duration: duration, at: time)
    }

    /// Counts from 0 to `end` from `time` on.
    public mutating func countFromZero(to end: Double, duration: Double? = nil, at time: Double) {
        count(from: 0, to: end, duration: duration, at: time)
    }

    /// Freezes the value shown at `time`; no completion runs for the count stopped.
    public mutating func stop(at time: Double) {
        let current = shownValue(at: time)
        counts.append(Count(begin: time, from: current, to: current, duration: 0, curve: .linear, method: .linear, rate: rate, isStop: true))
        finishedThrough = time
    }

    /// The last count begun by `time`: where it went from and to, and how long it took.
    public func lastCount(at time: Double) -> (from: Double, to: Double, duration: Double)? {
        counts.last { $0.begin <= time }.map { ($0.from, $0.to, $0.duration) }
    }

    /// The value at `time`: that of the newest count begun by then (0 before any).
    public func value(at time: Double) -> Double {
        guard let count = counts.last(where: { $0.begin <= time }) else { return 0 }
        guard count.duration > 0 else { return count.to }
        let progress = min(max((time - count.begin) / count.duration, 0), 1)
        return count.from + (count.to - count.from) * count.curve.value(at: progress)
    }

    /// The value shown at `time`: `value(at:)` at the last update, or with `quirks` set to
    /// `.original`, the original's (`originalValue(at:)`).
    public func shownValue(at time: Double) -> Double {
        quirks == .original ? originalValue(at: time) : value(at: updateTime(at: time))
    }

    /// UICountingLabel's value at `time`, as its timer leaves it: the display link fires every
    /// second vsync of a 60 Hz display (`frameInterval = 2`, line 202 of `UICountingLabel.m` at
    /// commit 51d8f02), first at the second vsync after the count begins, and each update adds
    /// `now − lastUpdate` to the progress (line 228), so an update shows the value for
    /// `vsync − begin`; once that reaches the duration the final value shows. Before a count's
    /// first update the label still shows what it showed before. Easing in `Float` (`powf`), as
    /// the original's counters.
    public func originalValue(at time: Double) -> Double {
        var end = counts.endIndex
        var moment = time
        while let index = counts[..<end].lastIndex(where: { $0.begin <= moment }) {
            let count = counts[index]
            if count.duration <= 0 { return count.to }  // set at once, no timer (lines 167–172)
            // Whole vsyncs as Doubles: no conversion to Int, so no time can trap.
            let vsync = (count.begin * Self.originalRefreshRate + 1e-9).rounded(.down)
            let updates = ((moment * Self.originalRefreshRate + 1e-9 - vsync) / 2).rounded(.down)
            if updates >= 1 {
                let progress = (vsync + 2 * updates) / Self.originalRefreshRate - count.begin
                if progress >= count.duration { return count.to }
                let eased = Self.originalCounter(count.method, rate: count.rate, at: progress / count.duration)
                return count.from + eased * (count.to - count.from)
            }
            end = index
            moment = count.begin
        }
        return 0
    }

    /// The time of the last display update at or before `time`.
    public func updateTime(at time: Double) -> Double {
        guard preferredFramesPerSecond > 0 else { return time }
        let rate = Double(preferredFramesPerSecond)
        return (time * rate + 1e-9).rounded(.down) / rate
    }

    /// The text shown at `time`.
    public func text(at time: Double) -> String {
        text(for: shownValue(at: time))
    }

    /// The text for `value`, as the label formats it.
    public func text(for value: Double) -> String {
        if let formatter { return formatter(value) }
        if quirks == .original, case .printf(let printf) = format, printf.isInteger {
            return printf.string(for: Double(Self.originalInt(value)))
        }
        return format.string(for: value)
    }

    /// What is drawn at `time`: the attributed formatter's text, or the text in the label's style.
    public func attributedText(at time: Double) -> AttributedText {
        attributedText(for: shownValue(at: time))
    }

    /// What is drawn for `value`.
    public func attributedText(for value: Double) -> AttributedText {
        if let attributedFormatter { return attributedFormatter(value) }
        return AttributedText(text(for: value), attributes: TextAttributes(font: font, color: textColor, shadow: shadow))
    }

    /// What shows at `time` under `rule` (the label's default under `reduced` is `fade`): under
    /// `keep`, the counting value; under `jump`, a count's final value from its begin time;
    /// under `fade`, while a count runs, its start value cross-fading into its final one over
    /// the count's duration on the count's curve (no digits roll), then the final value.
    /// Each entry is a value and its opacity.
    public func shownValues(at time: Double, rule: ReducedMotion) -> [(value: Double, alpha: Double)] {
        guard rule != .keep, let count = counts.last(where: { $0.begin <= time }) else { return [(shownValue(at: time), 1)] }
        guard rule == .fade, count.duration > 0, time < count.begin + count.duration else { return [(count.to, 1)] }
        let fraction = min(max(count.curve.value(at: (time - count.begin) / count.duration), 0), 1)
        return [(count.from, 1 - fraction), (count.to, fraction)]
    }

    /// When the count begun by `time` shows its final value under `rule`: at its end, or at its
    /// begin under `jump`; nil before any count.
    public func finalValueTime(at time: Double, rule: ReducedMotion = .keep) -> Double? {
        guard let count = counts.last(where: { $0.begin <= time }) else { return nil }
        return rule == .jump ? count.begin : count.begin + count.duration
    }

    /// True while a count begun by `time` has not reached its end.
    public func isCounting(at time: Double) -> Bool {
        guard let count = counts.last(where: { $0.begin <= time }) else { return false }
        return time < count.begin + count.duration
    }

    /// Call after the frame at `time` is shown: runs the completion once for a count that has
    /// reached its end by then, clearing it first. Under the `none` profile (or a `jump` rule) a
    /// count reaches its end when it begins, so the completion runs at once.
    public mutating func finish(at time: Double, motion: MotionSetting = .full) {
        guard let count = counts.last(where: { $0.begin <= time }), count.begin > finishedThrough,
              let final = finalValueTime(at: time, rule: motion.rule(default: .fade)),
              time >= final, let completion
        else { return }
        finishedThrough = count.begin
        self.completion = nil
        completion(&self, time)
    }

    // MARK: Drawing

    /// Draws the text at `time` into `list`, vertically centred in the frame; `motion` decides
    /// whether the digits roll (`shownValues(at:rule:)`).
    public func draw(at time: Double, fonts: any TextLayoutEngine, motion: MotionSetting = .full, into list: inout DisplayList) throws(TextError) {
        for shown in shownValues(at: time, rule: motion.rule(default: .fade)) where shown.alpha > 0 {
            let layout = try fonts.layout(
                attributedText(for: shown.value),
                options: TextLayoutOptions(width: frame.width, lineBreak: .truncateTail, alignment: alignment)
            )
            let origin = Point(x: frame.minX, y: frame.minY + (frame.height - layout.size.height) / 2)
            for var run in layout.glyphRuns(at: origin) {
                run.color.alpha *= shown.alpha
                list.glyphs(run)
            }
        }
    }
}
