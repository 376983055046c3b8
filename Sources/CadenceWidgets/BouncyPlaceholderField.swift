#if canImport(Glibc)
import CadenceLayers
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CadenceAnimation
import CadenceDraw
import CadenceText

/// A single-line text field whose placeholder bounces aside when typing starts, as
/// LTBouncyPlaceholder.
///
/// Rules it keeps (numbers from REFERENCE.md):
/// - text going from empty to non-empty slides the placeholder and the abbreviation right by
///   `distance` (the text rectangle's width minus the abbreviation's, or minus the placeholder's
///   when there is none) on a spring equal to the original's bounce (stiffness 341.4, damping
///   16.6, initial velocity 8.3: it starts moving at once and overshoots 23.2 %), while the placeholder fades 1 → 0 and the abbreviation 0 → 1 over 0.2 s, linear;
/// - clearing slides back with the same spring and fades the other way with Core Animation's
///   ease-in, the Bézier (0.42, 0, 1, 1);
/// - further keystrokes while the abbreviation shows restart nothing;
/// - typing then clearing mid-bounce carries on from the current position and velocity;
/// - with `alwaysBouncePlaceholder` false the placeholder simply hides while there is text;
/// - with bouncing on and no `abbreviatedPlaceholder`, the placeholder bounces to the right and
///   stays there, visible, while there is text (it does not fade);
/// - text longer than the field scrolls so its end (and the caret) stays in view.
///
/// Its state is a pure function of time: edits and focus changes are recorded with their times.
public struct BouncyPlaceholderField: Sendable {
    /// Where the field is, in its parent's coordinates.
    public var frame: Rect
    /// The text's (and placeholders') font.
    public var font: FontDescriptor
    /// The typed text's colour.
    public var textColor = Color.black
    /// A shadow under the typed text (set from `shadowColor` + `shadowOffset` in scene files).
    public var shadow: TextShadow?
    /// The placeholder shown while the field is empty.
    public var placeholder = ""
    /// The short form that bounces to the right once there is text; nil for none.
    public var abbreviatedPlaceholder: String?
    /// Whether the placeholder bounces aside (rather than hiding) when text is typed.
    public var alwaysBouncePlaceholder = false
    /// Light grey, as LTBouncyPlaceholder's labels.
    public var placeholderColor = Color(hex: "#AAAAAA")!
    /// The field's fill.
    public var backgroundColor = Color.white
    /// The border's colour when not focused.
    public var borderColor = Color(hex: "#C7C7CC")!
    /// The border's width.
    public var borderWidth = 1.0
    /// The corners' radius.
    public var cornerRadius = 6.0
    /// The border's colour while focused.
    public var focusColor = Color(hex: "#007AFF")!
    /// Space between the border and the text, left and right.
    public var horizontalInset = 8.0
    /// The bounce: LTBouncyPlaceholder's baked damped cosine as a real spring (see `originalBounce`).
    public var spring = BouncyPlaceholderField.originalBounce

    /// LTBouncyPlaceholder's bounce as a spring that follows its track within 0.001 of the distance.
    ///
    /// The original samples `2.5^(−0.055 i) · cos(0.1 i)` at i = 0 … 99 into keyframes spread
    /// evenly over 0.6 s, so i = 165 t: the displacement is `e^(−a t) · cos(16.5 t)` with
    /// a = 0.055 · 165 · ln 2.5 ≈ 8.315 per second. That is exactly a spring of mass 1, stiffness
    /// a² + 16.5² ≈ 341.39, damping 2a ≈ 16.63 and initial velocity a (distances per second):
    /// it leaves at once and peaks at 1.232 of the distance 0.163 s in. Only the straight lines
    /// between the keyframes differ (by at most 0.00085 of the distance).
    public static let originalBounce: Spring = {
        let decay = 0.055 * 165 * log(2.5)
        let frequency = 16.5
        // Every parameter is a finite positive constant, so the spring is always valid.
        return try! Spring(mass: 1, stiffness: decay * decay + frequency * frequency, damping: 2 * decay, initialVelocity: decay)
    }()

    /// `.original` reproduces LTBouncyPlaceholder exactly (see `BouncyPlaceholderField+Original.swift`):
    /// its 100-keyframe track, restarts that jump, and its re-trigger guard.
    public var quirks = Quirks.none

    /// The text typed so far, as timed edits.
    public var edits = EditLog()
    private var focusChanges: [(time: Double, focused: Bool)] = []

    /// An empty, unfocused field in `frame` typing in `font`.
    public init(frame: Rect, font: FontDescriptor) {
        self.frame = frame
        self.font = font
    }

    // MARK: Editing

    /// Types `text` from `time` on, one character every 1/`charactersPerSecond` s, or all at once when nil.
    public mutating func type(_ text: String, charactersPerSecond: Double? = nil, at time: Double) {
        edits.type(text, charactersPerSecond: charactersPerSecond, at: time)
    }

    /// Deletes `count` characters before the caret from `time` on, paced as `type`.
    public mutating func deleteBackward(count: Int = 1, charactersPerSecond: Double? = nil, at time: Double) {
        edits.deleteBackward(count: count, charactersPerSecond: charactersPerSecond, at: time)
    }

    /// Empties the field at `time`.
    public mutating func clear(at time: Double) {
        edits.clear(at: time)
    }

    /// Gives the field focus at `time` (the border takes `focusColor`, the caret shows).
    public mutating func focus(at time: Double) {
        focusChanges.append((time, true))
    }

    /// Takes focus away at `time`.
    public mutating func unfocus(at time: Double) {
        focusChanges.append((time, false))
    }

    /// The text at `time`.
    public func text(at time: Double) -> String {
        edits.text(at: time)
    }

    /// The times the text went from empty to non-empty (true) or back (false), in order.
    public func transitions(until time: Double) -> [(time: Double, hasText: Bool)] {
        edits.transitions(until: time)
    }

    /// Whether the field has focus at `time`.
    public func isFocused(at time: Double) -> Bool {
        focusChanges.last(where: { $0.time <= time })?.focused ?? false
    }

    // MARK: Animation

    /// Where the placeholders are and how opaque, at `time`, for a slide of `distance`.
    public func placeholderState(at time: Double, distance: Double) -> (offset: Double, placeholderAlpha: Double, abbreviationAlpha: Double) {
        placeholderState(at: time, distance: distance, transitions: transitions(until: time))
    }

    /// Seconds of the cross-fade that stands in for the bounce under reduced motion: the
    /// original's bounce (100 keyframes over 0.6 s).
    public static let reducedMotionFadeDuration = 0.6

    /// One placeholder label as drawn: the placeholder or the abbreviation, its offset from the
    /// left of the text rectangle, and its opacity.
    struct PlaceholderDraw {
        var isAbbreviation: Bool
        var offset: Double
        var alpha: Double
    }

    /// The placeholder labels drawn at `time` under `rule`: under `keep` the bounce; under
    /// `fade` nothing moves — the placeholder fades out where it is while the abbreviation (or,
    /// without one, a second copy of the placeholder) fades in where the bounce would end, over
    /// `reducedMotionFadeDuration` on the fades' curves; under `jump` the same at once.
    func placeholderDraws(
        at time: Double, distance: Double, transitions: [(time: Double, hasText: Bool)], rule: ReducedMotion
    ) -> [PlaceholderDraw] {
        guard rule != .keep, alwaysBouncePlaceholder else {
            let state = placeholderState(at: time, distance: distance, transitions: transitions)
            return [PlaceholderDraw(isAbbreviation: false, offset: state.offset, alpha: state.placeholderAlpha),
                    PlaceholderDraw(isAbbreviation: true, offset: state.offset, alpha: state.abbreviationAlpha)]
        }
        var moved = AnimatedProperty(0.0)
        for transition in transitions {
            let target = transition.hasText ? 1.0 : 0.0
            if rule == .jump {
                moved.set(target)
            } else {
                try? moved.animate(to: target, duration: Self.reducedMotionFadeDuration, curve: transition.hasText ? .linear : .caEaseIn, at: transition.time)
            }
        }
        let fraction = clamp(moved.presentation(at: time))
        return [PlaceholderDraw(isAbbreviation: false, offset: 0, alpha: 1 - fraction),
                PlaceholderDraw(isAbbreviation: abbreviatedPlaceholder != nil, offset: distance, alpha: fraction)]
    }

    private func placeholderState(
        at time: Double, distance: Double, transitions: [(time: Double, hasText: Bool)]
    ) -> (offset: Double, placeholderAlpha: Double, abbreviationAlpha: Double) {
        if quirks == .original, alwaysBouncePlaceholder {
            return originalPlaceholderState(at: time, distance: distance, changes: edits.changes(until: time))
        }
        var offset = AnimatedProperty(0.0)
        var placeholderAlpha = AnimatedProperty(1.0)
        var abbreviationAlpha = AnimatedProperty(0.0)
        for transition in transitions {
            if !alwaysBouncePlaceholder {
                placeholderAlpha.set(transition.hasText ? 0 : 1)
                continue
            }
            offset.animate(to: transition.hasText ? distance : 0, spring: spring, at: transition.time)
            // With nothing to take its place, the placeholder stays visible at the right, as the
            // original's no-abbreviation branch (it animates position only).
            guard abbreviatedPlaceholder != nil else { continue }
            let curve: TimingCurve = transition.hasText ? .linear : .caEaseIn
            try? placeholderAlpha.animate(to: transition.hasText ? 0 : 1, duration: 0.2, curve: curve, at: transition.time)
            try? abbreviationAlpha.animate(to: transition.hasText ? 1 : 0, duration: 0.2, curve: curve, at: transition.time)
        }
        return (offset.presentation(at: time), clamp(placeholderAlpha.presentation(at: time)), clamp(abbreviationAlpha.presentation(at: time)))
    }

    private func clamp(_ value: Double) -> Double { min(max(value, 0), 1) }

    /// The rectangle text and placeholders live in.
    public var textRect: Rect {
        Rect(x: frame.minX + horizontalInset, y: frame.minY, width: max(frame.width - 2 * horizontalInset, 0), height: frame.height)
    }

    // MARK: Drawing

    /// Draws the field as it is at `time`, laying text out with `fonts`; `motion` decides what
    /// the bounce becomes (default rule under `reduced`: `fade`).
    public func draw(at time: Double, fonts: any TextLayoutEngine, motion: MotionSetting = .full, into list: inout DisplayList) throws(TextError) {
        let focused = isFocused(at: time)
        list.roundedRect(RoundedRect(
            rect: frame, cornerRadius: cornerRadius, fill: backgroundColor,
            stroke: focused ? focusColor : borderColor, strokeWidth: focused ? max(borderWidth, 1.5) : borderWidth
        ))
        let rect = textRect
        // One replay of the edits serves the text, the caret and the placeholder's transitions.
        let edited = edits.state(at: time)
        let attributes = TextAttributes(font: font, color: textColor, shadow: shadow)
        let placeholderLayout = try fonts.layout(AttributedText(placeholder, attributes: TextAttributes(font: font, color: placeholderColor)))
        let abbreviationLayout = try abbreviatedPlaceholder.map { abbreviation throws(TextError) in
            try fonts.layout(AttributedText(abbreviation, attributes: TextAttributes(font: font, color: placeholderColor)))
        }
        let distance = rect.width - (abbreviationLayout?.size.width ?? placeholderLayout.size.width)
        let draws = placeholderDraws(at: time, distance: max(distance, 0), transitions: edited.transitions, rule: motion.rule(default: .fade))

        func centredY(_ layout: TextLayout) -> Double { rect.minY + (rect.height - layout.size.height) / 2 }
        var failure: TextError?
        list.clipped(to: rect) { list in
            for draw in draws where draw.alpha > 0 {
                guard let layout = draw.isAbbreviation ? abbreviationLayout : placeholderLayout else { continue }
                for var run in layout.glyphRuns(at: Point(x: rect.minX + draw.offset, y: centredY(layout))) {
                    run.color.alpha *= draw.alpha
                    list.glyphs(run)
                }
            }
            do throws(TextError) {
                // Only the part around the caret can be in view: a megabyte of text costs no more
                // than the few hundred characters before the caret and after it.
                let characters = edited.text
                let caret = edited.caret
                let start = max(0, caret - 512)
                let visible = String(characters[start..<min(characters.count, caret + 128)])
                let layout = try fonts.layout(AttributedText(visible, attributes: attributes))
                let line = layout.lines[0]
                let caretScalar = String(characters[start..<caret]).unicodeScalars.count
                let caretX = line.caretOffsets[min(caretScalar, line.caretOffsets.count - 1)]
                // Scrolled so that the caret stays inside.
                let scroll = min(0, rect.width - 2 - caretX)
                let textOrigin = Point(x: rect.minX + scroll, y: centredY(layout))
                for run in layout.glyphRuns(at: textOrigin) { list.glyphs(run) }
                if focused, caretVisible(at: time) {
                    let x = textOrigin.x + caretX + 1
                    let top = textOrigin.y + line.baseline - line.ascent
                    list.line(Line(from: Point(x: x, y: top), to: Point(x: x, y: top + line.ascent + line.descent), width: 2, color: focusColor))
                }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
    }

    /// The caret blinks (0.5 s on, 0.5 s off) but stays solid for 0.5 s after each edit.
    func caretVisible(at time: Double) -> Bool {
        let lastEdit = edits.lastEdit(until: time)
        if let lastEdit, time - lastEdit < 0.5 { return true }
        let since = max(lastEdit ?? 0, focusChanges.last(where: { $0.time <= time })?.time ?? 0)
        // Reduced in Double before any Int: no time, however far, can trap.
        return ((time - since) / 0.5).rounded(.down).truncatingRemainder(dividingBy: 2) == 0
    }
}
