import CadenceDraw
import Foundation
import Testing
@testable import CadenceLottie

/// Text set in fonts (a file without glyph shapes): laid out through a `TextLayoutEngine` at
/// draw time and placed as Lottie places text. The engine here sets every character half an em
/// wide on one line (or wraps at spaces past the width), its baseline 0.8 em down.
@Suite struct LottieFontTextTests {
    typealias F = LottieTestFiles

    struct HalfEmEngine: TextLayoutEngine {
        func layout(_ text: AttributedText, options: TextLayoutOptions) throws(TextError) -> TextLayout {
            let size = text.runs.first?.attributes.font.size ?? 10
            let font = GlyphFont(path: "half-em", faceIndex: 0, pixelSize: size)
            var lines: [[Character]] = [[]]
            for word in text.string.split(separator: " ", omittingEmptySubsequences: false) {
                let candidate = lines[lines.count - 1].isEmpty ? Array(word) : lines[lines.count - 1] + [" "] + Array(word)
                if let width = options.width, Double(candidate.count) * size / 2 > width, !lines[lines.count - 1].isEmpty {
                    lines.append(Array(word))
                } else {
                    lines[lines.count - 1] = candidate
                }
            }
            let laid = lines.enumerated().map { number, characters in
                let baseline = Double(number) * size + size * 0.8
                let glyphs = characters.enumerated().map { index, _ in
                    PositionedGlyph(font: font, glyph: UInt32(index), position: Point(x: Double(index) * size / 2, y: baseline), runIndex: 0)
                }
                return LaidOutLine(
                    range: 0..<characters.count, top: Double(number) * size, baseline: baseline, height: size, ascent: size * 0.8, descent: size * 0.2,
                    x: 0, width: Double(characters.count) * size / 2, caretOffsets: [], glyphs: glyphs
                )
            }
            return TextLayout(lines: laid, size: Size(width: 0, height: 0), text: text, isTruncated: false)
        }
    }

    /// An engine that notes the fonts registered with it, and lays out as `HalfEmEngine`.
    final class RegisteringEngine: TextLayoutEngine, @unchecked Sendable {
        var registered: [EmbeddedFont] = []
        func layout(_ text: AttributedText, options: TextLayoutOptions) throws(TextError) -> TextLayout {
            try HalfEmEngine().layout(text, options: options)
        }

        func register(_ font: EmbeddedFont) -> Bool {
            registered.append(font)
            return true
        }
    }

    /// `fonts.list[].fPath`: a `data:` URI is the font's bytes, handed to the text engine before
    /// the text is set; a URL is never fetched and a missing file is left out, each a warning.
    @Test func embeddedFontsAreHandedToTheEngine() throws {
        let bytes: [UInt8] = [0, 1, 0, 0, 42, 7]
        let uri = "data:font/ttf;base64," + Data(bytes).base64EncodedString()
        let layer = #"{"ty": 5, "nm": "words", "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": {}, "t": {"d": {"k": [{"t": 0, "s": {"t": "Hi", "f": "Own", "s": 20, "fc": [0, 0, 0], "j": 0}}]}}}"#
        let fonts = #", "fonts": {"list": [{"fName": "Own", "fFamily": "Own Face", "fStyle": "Bold", "fPath": "\#(uri)", "origin": 3}, {"fName": "Web", "fFamily": "Web Face", "fStyle": "Regular", "fPath": "https://example.com/web.ttf", "origin": 3}, {"fName": "Gone", "fFamily": "Gone Face", "fStyle": "Regular", "fPath": "fonts/gone.ttf", "origin": 3}]}"#
        let animation = try F.animation(F.document(layers: layer, extra: fonts))
        #expect(animation.embeddedFonts.map(\.family) == ["Own Face"])
        #expect(animation.embeddedFonts.first?.bytes == bytes)
        #expect(animation.embeddedFonts.first?.style == "Bold")
        #expect(animation.warnings.contains { $0.message.contains("\"Web Face\" is at a URL (https:), which Cadence never fetches") })
        #expect(animation.warnings.contains { $0.message.contains("\"Gone Face\" (fonts/gone.ttf)") })
        let engine = RegisteringEngine()
        var list = DisplayList(size: animation.size, background: .clear)
        animation.draw(atFrame: 0, transform: .identity, fonts: engine, into: &list)
        #expect(engine.registered.map(\.id) == animation.embeddedFonts.map(\.id))
    }

    static func animation(_ document: String, ks: String = "{}") throws -> LottieAnimation {
        let layer = #"{"ty": 5, "nm": "words", "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": \#(ks), "t": {"d": {"k": [{"t": 0, "s": {\#(document)}}]}}}"#
        let fonts = #", "fonts": {"list": [{"fName": "Body", "fFamily": "DejaVu Sans", "fStyle": "Bold", "ascent": 70}]}"#
        return try F.animation(F.document(layers: layer, extra: fonts), strict: true)
    }

    static func runs(_ animation: LottieAnimation, fonts: (any TextLayoutEngine)? = HalfEmEngine()) -> [GlyphRun] {
        var list = DisplayList(size: animation.size, background: .clear)
        animation.draw(atFrame: 0, transform: .identity, fonts: fonts, into: &list)
        return list.commands.compactMap { if case .glyphs(let run) = $0 { return run } else { return nil } }
    }

    @Test func pointTextSitsOnTheLayersOriginJustified() throws {
        // Size 20: each character 10 wide; the baseline at y 0 of the layer.
        let left = try #require(Self.runs(try Self.animation(#""s": 20, "f": "Body", "t": "abcd", "fc": [1, 0, 0]"#)).first)
        #expect(left.positions.map(\.x) == [0, 10, 20, 30] && left.positions.allSatisfy { abs($0.y) < 1e-9 })
        #expect(left.color == Color(red: 1, green: 0, blue: 0))
        #expect(left.font.pixelSize == 20)
        let right = try #require(Self.runs(try Self.animation(#""s": 20, "f": "Body", "t": "abcd", "j": 1, "fc": [0, 0, 0]"#)).first)
        #expect(right.positions.map(\.x) == [-40, -30, -20, -10])
        let centre = try #require(Self.runs(try Self.animation(#""s": 20, "f": "Body", "t": "abcd", "j": 2, "fc": [0, 0, 0]"#)).first)
        #expect(centre.positions.map(\.x) == [-20, -10, 0, 10])
        // Tracking (thousandths of an em) after each glyph; baseline shift moves the line up.
        let tracked = try #require(Self.runs(try Self.animation(#""s": 20, "f": "Body", "t": "ab", "tr": 500, "ls": 5, "fc": [0, 0, 0]"#)).first)
        #expect(tracked.positions.map(\.x) == [0, 20] && tracked.positions.allSatisfy { abs($0.y + 5) < 1e-9 })
    }

    @Test func linesAndBoxes() throws {
        // Breaks start lines lh apart; a box moves the first baseline down by the ascent and wraps.
        let lines = Self.runs(try Self.animation(#""s": 20, "f": "Body", "t": "ab\rcd", "lh": 30, "fc": [0, 0, 0]"#))
        #expect(lines.map { $0.positions[0].y } == [0, 30])
        let boxed = Self.runs(try Self.animation(#""s": 20, "f": "Body", "t": "ab cd ef", "lh": 25, "sz": [55, 100], "ps": [5, 10], "fc": [0, 0, 0]"#))
        // "ab cd" is 50 wide and fits 55; "ef" wraps. The first baseline: 10 + 70 % of 20.
        #expect(boxed.map { $0.positions.count } == [5, 2])
        #expect(boxed.map { $0.positions[0].y } == [24, 49] && boxed.allSatisfy { $0.positions[0].x == 5 })
    }

    @Test func setAtTheSizeShownAndFaded() throws {
        // A layer scaled 300 % sets its glyphs at 3 × the size, drawn scaled back.
        let ks = #"{"s": {"a": 0, "k": [300, 300]}, "o": {"a": 0, "k": 50}}"#
        let run = try #require(Self.runs(try Self.animation(#""s": 20, "f": "Body", "t": "ab", "fc": [0, 0, 0]"#, ks: ks)).first)
        #expect(run.font.pixelSize == 60 && abs(run.transform.a - 1) < 1e-9)
        #expect(run.positions.map(\.x) == [0, 30])
        #expect(run.color.alpha == 0.5)
        // Without an engine, or without a fill, nothing is drawn.
        #expect(Self.runs(try Self.animation(#""s": 20, "f": "Body", "t": "ab", "fc": [0, 0, 0]"#), fonts: nil).isEmpty)
        #expect(Self.runs(try Self.animation(#""s": 20, "f": "Body", "t": "ab""#)).isEmpty)
    }

    @Test func stylesNameWeightAndSlant() throws {
        let document = FontTextDocument(
            text: "x", family: "DejaVu Sans", style: "Semibold Italic", size: 10, fill: .black, stroke: nil, strokeWidth: 0, justification: 0,
            tracking: 0, lineHeight: 12, baselineShift: 0, box: nil
        )
        let face = try document.face(size: 10)
        #expect(face.weight == .semibold && face.italic)
        var bold = document
        bold.style = "Bold"
        #expect(try bold.face(size: 10).weight == .bold && !(try bold.face(size: 10).italic))
    }
}
