#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CadenceAnimation
import CadenceDraw

/// A text animator (`t.a[]`): a range selector choosing how much of each character it moves,
/// and the properties it moves the chosen characters by, as After Effects and lottie-web apply
/// them (`TextSelectorProperty`, `TextAnimatorProperty`).
struct TextAnimator: Sendable {
    /// What the selector counts (`s.b`).
    enum Basis: Int, Sendable {
        case characters = 1
        case charactersExcludingSpaces = 2
        case words = 3
        case lines = 4
    }

    var basis = Basis.characters
    /// Start, end and offset count units (`s.r` 2), else percent of them.
    var inUnits = false
    var start = AnimatedNumbers([0])
    var end = AnimatedNumbers([100])
    var offset = AnimatedNumbers([0])
    /// Percent.
    var amount = AnimatedNumbers([100])
    /// 1 square, 2 ramp up, 3 ramp down, 4 triangle, 5 round, 6 smooth (`s.sh`).
    var shape = 1
    var easeHigh = AnimatedNumbers([0])
    var easeLow = AnimatedNumbers([0])

    var position: AnimatedNumbers?
    var anchor: AnimatedNumbers?
    /// Percent, per axis.
    var scale: AnimatedNumbers?
    /// Degrees, clockwise.
    var rotation: AnimatedNumbers?
    var skew: AnimatedNumbers?
    var skewAxis: AnimatedNumbers?
    /// Percent.
    var opacity: AnimatedNumbers?
    var fill: AnimatedNumbers?
    var stroke: AnimatedNumbers?
    var strokeWidth: AnimatedNumbers?
    var tracking: AnimatedNumbers?

    /// The selector at `frame` over `total` units: how much it chooses unit `index`.
    func selector(at frame: Double, total: Int) -> TextSelection {
        let divisor = inUnits ? 1 : 100 / Double(max(total, 1))
        let shift = offset.scalar(at: frame) / divisor
        var low = start.scalar(at: frame) / divisor + shift
        var high = end.scalar(at: frame, fallback: 100) / divisor + shift
        if low > high { swap(&low, &high) }
        // The ease: lottie-web's cubic from the low and high eases (percent).
        let easeLow = easeLow.scalar(at: frame), easeHigh = easeHigh.scalar(at: frame)
        let x1 = easeLow > 0 ? easeLow / 100 : 0, y1 = easeLow > 0 ? 0 : -easeLow / 100
        let x2 = easeHigh > 0 ? 1 - easeHigh / 100 : 1, y2 = easeHigh > 0 ? 1 : 1 + easeHigh / 100
        let easing = x1 == 0 && y1 == 0 && x2 == 1 && y2 == 1
            ? nil : try? CubicBezier(x1: min(max(x1, 0), 1), y1: y1, x2: min(max(x2, 0), 1), y2: y2)
        let amount = amount.scalar(at: frame, fallback: 100) / 100
        return TextSelection(start: low, end: high, shape: shape, easing: easing, amount: amount.isFinite ? amount : 0)
    }
}

/// A range selector evaluated at one frame.
struct TextSelection {
    var start: Double
    var end: Double
    var shape: Int
    var easing: CubicBezier?
    var amount: Double

    /// How much unit `index` is chosen (lottie-web's `getMult`), times the amount: 0 … 1 for
    /// amounts of 0 … 100 %, NaN taken as 0.
    func factor(_ index: Int) -> Double {
        let (s, e, i) = (start, end, Double(index))
        var value: Double
        switch shape {
        case 2, 3, 4:
            // Ramps and the triangle: the unit's middle along the range.
            value = e == s ? (shape == 2 ? (i >= e ? 1 : 0) : shape == 3 ? (i >= e ? 0 : 1) : 0)
                : max(0, min(0.5 / (e - s) + (i - s) / (e - s), 1))
            if e != s {
                if shape == 3 { value = 1 - value }
                if shape == 4 { value = value < 0.5 ? value * 2 : 1 - 2 * (value - 0.5) }
            }
        case 5:
            if e == s {
                value = 0
            } else {
                let along = min(max(0, i + 0.5 - s), e - s), half = (e - s) / 2
                let x = along - half
                value = max(1 - (x * x) / (half * half), 0).squareRoot()
            }
        case 6:
            if e == s {
                value = 0
            } else {
                let along = min(max(0, i + 0.5 - s), e - s)
                let angle: Double = Double.pi + 2 * Double.pi * along / (e - s)
                value = (1 + cos(angle)) / 2
            }
        default:
            // Square: whole units inside, the part of a unit the ends cut.
            value = 0
            if i >= s.rounded(.down) {
                value = i - s < 0 ? max(0, min(min(e, 1) - (s - i), 1)) : max(0, min(e - i, 1))
            }
        }
        if let easing { value = easing.value(at: value) }
        let result = value * amount
        return result.isFinite ? result : 0
    }
}

/// One character of a text document as animators count it: a space, a line break, or any other.
enum TextLetter: Sendable, Equatable {
    case character
    case space
    case lineBreak

    /// The letters of `text`, line breaks (`\r`, `\n`, ETX) included.
    static func letters(of text: String) -> [TextLetter] {
        text.map { $0 == "\r" || $0 == "\n" || $0 == "\u{3}" ? .lineBreak : $0 == " " ? .space : .character }
    }

    /// Each letter's unit under `basis` (lottie-web's `anIndexes`), and how many units there are.
    static func units(of letters: [TextLetter], basis: TextAnimator.Basis) -> (indexes: [Int], total: Int) {
        var indexes: [Int] = []
        indexes.reserveCapacity(letters.count)
        var unit = 0
        for (position, letter) in letters.enumerated() {
            indexes.append(unit)
            let last = position == letters.count - 1
            let counts: Bool
            switch basis {
            case .characters: counts = letter != .lineBreak
            case .charactersExcludingSpaces: counts = letter == .character
            case .words: counts = letter != .character || last
            case .lines: counts = letter == .lineBreak || last
            }
            if counts { unit += 1 }
        }
        return (indexes, unit)
    }
}

/// A text animator's properties at one frame (nil where it does not set them).
struct TextAnimatorValues {
    var position, anchor, scale: SIMD2<Double>?
    var rotation, skew, skewAxis, opacity, strokeWidth, tracking: Double?
    var fill, stroke: [Double]?
}

/// What the animators make of one letter: a transform about its anchor point, its opacity, its
/// colours and stroke width, and the tracking it adds (see `trackingShifts`).
struct LetterStyle {
    /// Maps the glyph's space (its origin on the baseline, at the document's size) to where the
    /// letter is drawn, before its place: about the pivot, with the position's offset.
    var transform = AffineTransform.identity
    var opacity = 1.0
    var fill: Color?
    var stroke: Color?
    var strokeWidth: Double
    /// Tracking the animators add at this letter (lottie-web adds it before the letter).
    var tracking = 0.0
}

extension Array where Element == TextAnimator {
    /// Each letter's style at `frame`: `pivot(letter)` is where it turns and scales (its
    /// advance's middle on the baseline, moved by the grouping alignment), in its glyph space.
    func styles(
        of letters: [TextLetter], at frame: Double, fill: Color?, stroke: Color?, strokeWidth: Double, pivot: (Int) -> SIMD2<Double>
    ) -> [LetterStyle] {
        let evaluated = map { animator -> (TextAnimator, TextSelection, [Int]) in
            let units = TextLetter.units(of: letters, basis: animator.basis)
            return (animator, animator.selector(at: frame, total: units.total), units.indexes)
        }
        // The properties' values at the frame, once.
        let values = evaluated.map { animator, _, _ in
            TextAnimatorValues(
                position: animator.position?.point(at: frame), anchor: animator.anchor?.point(at: frame),
                scale: animator.scale.map { let v = $0.value(at: frame); return SIMD2(v.first ?? 100, v.count > 1 ? v[1] : v.first ?? 100) / 100 },
                rotation: animator.rotation?.scalar(at: frame), skew: animator.skew?.scalar(at: frame), skewAxis: animator.skewAxis?.scalar(at: frame),
                opacity: animator.opacity.map { $0.scalar(at: frame, fallback: 100) / 100 }, strokeWidth: animator.strokeWidth?.scalar(at: frame),
                tracking: animator.tracking?.scalar(at: frame), fill: animator.fill?.value(at: frame), stroke: animator.stroke?.value(at: frame)
            )
        }
        return letters.indices.map { index in
            var style = LetterStyle(fill: fill, stroke: stroke, strokeWidth: strokeWidth)
            guard letters[index] != .lineBreak else { return style }
            var anchor = SIMD2<Double>(0, 0), position = SIMD2<Double>(0, 0)
            var turn = AffineTransform.identity
            for ((_, selection, units), value) in zip(evaluated, values) {
                let mult = selection.factor(units[index])
                guard mult != 0 else { continue }
                if let a = value.anchor { anchor += a * mult }
                if let p = value.position { position += p * mult }
                if let s = value.scale { turn = turn.concatenating(AffineTransform(scaleX: 1 + (s.x - 1) * mult, y: 1 + (s.y - 1) * mult)) }
                if let k = value.skew, k != 0 {
                    // After Effects' skew along its axis, as a layer's (and within its limit).
                    let axis = (value.skewAxis ?? 0) * mult * .pi / 180
                    let angle = LottieTransform.effectiveSkew(k * mult)
                    let shear = AffineTransform(a: 1, b: 0, c: tan(-angle * .pi / 180), d: 1, tx: 0, ty: 0)
                    turn = turn.concatenating(AffineTransform(rotation: -axis)).concatenating(shear).concatenating(AffineTransform(rotation: axis))
                }
                if let r = value.rotation { turn = turn.concatenating(AffineTransform(rotation: r * mult * .pi / 180)) }
                if let o = value.opacity { style.opacity += (o * mult - style.opacity) * mult }
                if let w = value.strokeWidth { style.strokeWidth += w * mult }
                if let t = value.tracking { style.tracking += t * mult }
                if let c = value.fill, c.count >= 3, var fill = style.fill {
                    fill.red += (c[0] - fill.red) * mult
                    fill.green += (c[1] - fill.green) * mult
                    fill.blue += (c[2] - fill.blue) * mult
                    style.fill = fill
                }
                if let c = value.stroke, c.count >= 3 {
                    var stroke = style.stroke ?? Color(red: 0, green: 0, blue: 0)
                    stroke.red += (c[0] - stroke.red) * mult
                    stroke.green += (c[1] - stroke.green) * mult
                    stroke.blue += (c[2] - stroke.blue) * mult
                    style.stroke = stroke
                }
            }
            let centre = pivot(index)
            style.transform = AffineTransform(translationX: -centre.x - anchor.x, y: -centre.y - anchor.y)
                .concatenating(turn)
                .concatenating(AffineTransform(translationX: centre.x + position.x, y: centre.y + position.y))
            style.opacity = style.opacity.isFinite ? Swift.min(Swift.max(style.opacity, 0), 1) : 0
            style.strokeWidth = style.strokeWidth.isFinite ? Swift.max(style.strokeWidth, 0) : 0
            if !style.tracking.isFinite { style.tracking = 0 }
            return style
        }
    }
}

extension Array where Element == TextAnimator {
    /// Each letter's style at `frame` and how far tracking moves it along its line: letters turn
    /// and scale about the middle of their advance (`advances`) on the baseline, moved by the
    /// grouping alignment `alignment` (percent of the advance, and of lottie-web's line height,
    /// 1.2 × 0.714 × `size`); `lines` and `justification` as `LetterStyle.trackingShifts` takes them.
    func layout(
        of letters: [TextLetter], advances: [Double], lines: [Int?], size: Double, alignment: SIMD2<Double>, justification: Int, at frame: Double,
        fill: Color?, stroke: Color?, strokeWidth: Double
    ) -> (styles: [LetterStyle], shifts: [Double]) {
        let lineHeight = size * 1.2 * 0.714
        let styles = styles(of: letters, at: frame, fill: fill, stroke: stroke, strokeWidth: strokeWidth) { letter in
            let advance = letter < advances.count ? advances[letter] : 0
            return SIMD2(advance / 2 + alignment.x * advance / 200, alignment.y * lineHeight / 100)
        }
        return (styles, LetterStyle.trackingShifts(styles, lines: lines, justification: justification))
    }
}

extension LetterStyle {
    /// How far each letter moves along its line for the tracking the animators add: each
    /// letter's own and that of the letters before it on its line (not the first letter's, for
    /// left-aligned text, as lottie-web), the line then moved back by all of it (right-aligned)
    /// or half of it (centred). `lines[i]` is letter i's line (nil for a line break).
    static func trackingShifts(_ styles: [LetterStyle], lines: [Int?], justification: Int) -> [Double] {
        var shifts = [Double](repeating: 0, count: styles.count)
        var index = 0
        while index < styles.count {
            guard let line = lines[index] else { index += 1; continue }
            var end = index
            while end < styles.count, lines[end] == line { end += 1 }
            var running = 0.0
            for letter in index..<end {
                if letter != index || justification != 0 { running += styles[letter].tracking }
                shifts[letter] = running
            }
            let back = justification == 1 ? running : justification == 2 ? running / 2 : 0
            if back != 0 { for letter in index..<end { shifts[letter] -= back } }
            index = end
        }
        return shifts
    }
}
