import CadenceDraw
import Foundation
import Testing
@testable import CadenceLottie

/// Text animators (`t.a`): range selectors as lottie-web's `getMult`, units as it counts them,
/// and what the chosen letters become, in glyph text and in text set in fonts.
@Suite struct LottieTextAnimatorTests {
    typealias F = LottieTestFiles

    func selection(_ shape: Int, _ start: Double, _ end: Double, amount: Double = 1) -> TextSelection {
        TextSelection(start: start, end: end, shape: shape, easing: nil, amount: amount)
    }

    /// Square: whole units inside the range, the part of a unit an end cuts; ramps and the
    /// triangle by the unit's middle along the range; round and smooth by its distance from the
    /// range's middle; the amount scales it all.
    @Test func selectorShapesFollowLottieWeb() {
        let square = selection(1, 1.25, 3.5)
        #expect((0..<5).map(square.factor) == [0, 0.75, 1, 0.5, 0])
        let up = selection(2, 0, 4), down = selection(3, 0, 4), triangle = selection(4, 0, 4)
        #expect((0..<5).map(up.factor) == [0.125, 0.375, 0.625, 0.875, 1])
        #expect((0..<5).map(down.factor) == [0.875, 0.625, 0.375, 0.125, 0])
        #expect((0..<4).map(triangle.factor) == [0.25, 0.75, 0.75, 0.25])
        let round = selection(5, 0, 2), smooth = selection(6, 0, 2)
        #expect(abs(round.factor(0) - (0.75 as Double).squareRoot()) < 1e-12 && abs(round.factor(1) - (0.75 as Double).squareRoot()) < 1e-12)
        #expect(abs(smooth.factor(0) - 0.5) < 1e-12 && abs(smooth.factor(1) - 0.5) < 1e-12)
        #expect(selection(1, 0, 10, amount: 0.4).factor(3) == 0.4)
        // A degenerate range: ramp up chooses what lies past it, ramp down what lies before.
        #expect(selection(2, 2, 2).factor(3) == 1 && selection(2, 2, 2).factor(1) == 0 && selection(3, 2, 2).factor(1) == 1)
        // Huge values give no NaN.
        #expect(!selection(5, -1e308, 1e308).factor(1).isNaN)
    }

    /// Characters count all but line breaks; excluding spaces skips spaces; words and lines
    /// count their breaks; the letters before a break share its unit.
    @Test func unitsCountAsLottieWeb() {
        let letters = TextLetter.letters(of: "ab c\rde")
        #expect(letters == [.character, .character, .space, .character, .lineBreak, .character, .character])
        #expect(TextLetter.units(of: letters, basis: .characters).indexes == [0, 1, 2, 3, 4, 4, 5])
        #expect(TextLetter.units(of: letters, basis: .characters).total == 6)
        #expect(TextLetter.units(of: letters, basis: .charactersExcludingSpaces).indexes == [0, 1, 2, 2, 3, 3, 4])
        #expect(TextLetter.units(of: letters, basis: .words).indexes == [0, 0, 0, 1, 1, 2, 2])
        #expect(TextLetter.units(of: letters, basis: .words).total == 3)
        #expect(TextLetter.units(of: letters, basis: .lines).indexes == [0, 0, 0, 0, 0, 1, 1])
    }

    /// A glyph-text document of square glyphs ("I", 10 wide at size 100) with `animator`.
    static func glyphText(_ text: String, animator: String) throws -> LottieAnimation {
        let square = #"{"ty": "gr", "it": [{"ty": "rc", "p": {"a": 0, "k": [5, -5]}, "s": {"a": 0, "k": [10, 10]}, "r": {"a": 0, "k": 0}}]}"#
        let chars = #", "fonts": {"list": [{"fName": "Box", "fFamily": "Box", "fStyle": "Regular", "ascent": 75}]}, "chars": [{"ch": "I", "fFamily": "Box", "style": "Regular", "w": 10, "data": {"shapes": [\#(square)]}}, {"ch": " ", "fFamily": "Box", "style": "Regular", "w": 10, "data": {}}]"#
        let layer = #"{"ty": 5, "nm": "text", "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": {}, "t": {"d": {"k": [{"t": 0, "s": {"s": 100, "f": "Box", "t": "\#(text)", "fc": [1, 0, 0]}}]}, "a": [\#(animator)]}}"#
        return try F.animation(F.document(layers: layer, extra: chars), strict: true)
    }

    /// The second and third of four letters moved up 20, faded to half and turned blue; the
    /// others as the document sets them.
    @Test func chosenGlyphLettersMoveFadeAndRecolour() throws {
        let animator = #"{"s": {"r": 2, "s": {"a": 0, "k": 1}, "e": {"a": 0, "k": 3}}, "a": {"p": {"a": 0, "k": [0, -20]}, "o": {"a": 0, "k": 50}, "fc": {"a": 0, "k": [0, 0, 1]}}}"#
        let paths = F.paths(F.list(try Self.glyphText("IIII", animator: animator), frame: 0))
        #expect(paths.count == 4)
        // Drawn left to right, later letters over earlier ones.
        let boxes = paths.map(\.bounds)
        #expect(boxes.map(\.minX).map { $0.rounded() } == [0, 10, 20, 30])
        #expect(boxes.map(\.minY).map { $0.rounded() } == [-10, -30, -30, -10])
        #expect(paths[0].color == Color(red: 1, green: 0, blue: 0) && paths[3].color == Color(red: 1, green: 0, blue: 0))
        // Opacity: 1 + (0.5 · 1 − 1) · 1 = 0.5.
        #expect(paths[1].color == Color(red: 0, green: 0, blue: 1, alpha: 0.5) && paths[2].color == Color(red: 0, green: 0, blue: 1, alpha: 0.5))
    }

    /// Rotation and scale turn a letter about the middle of its advance on the baseline;
    /// tracking moves the letters after it (and it, past the line's first).
    @Test func lettersTurnAboutTheirMiddlesAndTrackingSpreadsThem() throws {
        let turned = #"{"s": {"r": 2, "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 1}}, "a": {"r": {"a": 0, "k": 90}, "s": {"a": 0, "k": [200, 200]}}}"#
        let box = try #require(F.paths(F.list(try Self.glyphText("I", animator: turned), frame: 0)).first).bounds
        // The 10 × 10 square on the baseline, doubled and turned a quarter clockwise about (5, 0):
        // its top (y −20 … 0 when doubled) now points right.
        #expect(abs(box.minX - 5) < 1e-9 && abs(box.maxX - 25) < 1e-9 && abs(box.minY - (-10)) < 1e-9 && abs(box.maxY - 10) < 1e-9)
        let tracked = #"{"s": {"r": 2, "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 4}}, "a": {"t": {"a": 0, "k": 5}}}"#
        let xs = F.paths(F.list(try Self.glyphText("IIII", animator: tracked), frame: 0)).map { $0.bounds.minX.rounded() }
        #expect(xs == [0, 15, 30, 45])
    }

    /// A layout engine that sets each character (each run) 10 wide, on one line, and says which
    /// run each glyph comes from.
    struct RunEngine: TextLayoutEngine {
        func layout(_ text: AttributedText, options: TextLayoutOptions) throws(TextError) -> TextLayout {
            let size = text.runs.first?.attributes.font.size ?? 10
            let font = GlyphFont(path: "runs", faceIndex: 0, pixelSize: size)
            let glyphs = text.runs.indices.map { index in
                PositionedGlyph(font: font, glyph: UInt32(index), position: Point(x: Double(index) * 10, y: 0), runIndex: index)
            }
            let line = LaidOutLine(
                range: 0..<text.runs.count, top: 0, baseline: 0, height: size, ascent: size * 0.8, descent: size * 0.2,
                x: 0, width: Double(text.runs.count) * 10, caretOffsets: [], glyphs: glyphs
            )
            return TextLayout(lines: [line], size: Size(width: 0, height: 0), text: text, isTruncated: false)
        }
    }

    /// Text set in a font: each glyph a run of its own with its letter's transform and colour;
    /// a letter faded out is left out.
    @Test func fontTextLettersCarryTheirStyles() throws {
        let animator = #"{"s": {"b": 3, "r": 2, "s": {"a": 0, "k": 1}, "e": {"a": 0, "k": 2}}, "a": {"p": {"a": 0, "k": [0, 7]}, "fc": {"a": 0, "k": [0, 1, 0]}}}, {"s": {"r": 2, "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 1}}, "a": {"o": {"a": 0, "k": 0}}}"#
        let layer = #"{"ty": 5, "nm": "words", "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": {}, "t": {"d": {"k": [{"t": 0, "s": {"s": 20, "f": "Body", "t": "ab cd", "fc": [1, 0, 0]}}]}, "a": [\#(animator)]}}"#
        let fonts = #", "fonts": {"list": [{"fName": "Body", "fFamily": "DejaVu Sans", "fStyle": "Regular", "ascent": 70}]}"#
        let animation = try F.animation(F.document(layers: layer, extra: fonts), strict: true)
        var list = DisplayList(size: animation.size, background: .clear)
        animation.draw(atFrame: 0, transform: .identity, fonts: RunEngine(), into: &list)
        let runs = list.commands.compactMap { if case .glyphs(let run) = $0 { return run } else { return nil } }
        // "a" faded out; " " and "b" red where they are; "c" and "d" (the second word) green, 7 lower.
        #expect(runs.map { $0.glyphs } == [[1], [2], [3], [4]])
        let placed = runs.map { $0.transform.apply(to: .zero) }
        #expect(placed.map(\.x) == [10, 20, 30, 40] && placed.map(\.y) == [0, 0, 7, 7])
        #expect(runs.map(\.color) == [Color(red: 1, green: 0, blue: 0), Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 1, blue: 0), Color(red: 0, green: 1, blue: 0)])
    }

    /// What is not applied is a warning naming the property (an error under --strict); a
    /// constant zero hue is nothing to warn about.
    @Test func unappliedPartsAreWarnings() throws {
        let hue = #"{"s": {"rn": 1}, "a": {"fh": {"a": 0, "k": 30}, "fs": {"a": 0, "k": 0}}}"#
        let animation = try Self.glyphTextLenient("II", animator: hue)
        #expect(Set(animation.warnings.compactMap(\.property)) == ["t.a[0].s.rn", "t.a[0].a.fh"])
        #expect(throws: LottieError.self) { try Self.glyphText("II", animator: hue) }
    }

    static func glyphTextLenient(_ text: String, animator: String) throws -> LottieAnimation {
        let square = #"{"ty": "gr", "it": [{"ty": "rc", "p": {"a": 0, "k": [5, -5]}, "s": {"a": 0, "k": [10, 10]}, "r": {"a": 0, "k": 0}}]}"#
        let chars = #", "fonts": {"list": [{"fName": "Box", "fFamily": "Box", "fStyle": "Regular", "ascent": 75}]}, "chars": [{"ch": "I", "fFamily": "Box", "style": "Regular", "w": 10, "data": {"shapes": [\#(square)]}}]"#
        let layer = #"{"ty": 5, "nm": "text", "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": {}, "t": {"d": {"k": [{"t": 0, "s": {"s": 100, "f": "Box", "t": "\#(text)", "fc": [1, 0, 0]}}]}, "a": [\#(animator)]}}"#
        return try F.animation(F.document(layers: layer, extra: chars))
    }
}
