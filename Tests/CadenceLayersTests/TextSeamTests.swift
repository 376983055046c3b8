import CadenceAnimation
import CadenceDraw
import CadenceLayers
import Testing

/// The layer model lays text out only through `TextLayoutEngine`: this target depends on no text
/// stack (no CadenceText: FreeType, HarfBuzz, fontconfig), and a made-up engine is all a text
/// layer needs.
@Suite struct TextSeamTests {
    /// Every character one glyph, `advance` wide, on one line: glyph index = the scalar's value.
    struct MonospaceEngine: TextLayoutEngine {
        var advance = 10.0
        var font = GlyphFont(path: "/fake/mono.ttf", faceIndex: 0, pixelSize: 20)

        func layout(_ text: AttributedText, options: TextLayoutOptions) throws(TextError) -> TextLayout {
            let scalars = Array(text.string.unicodeScalars)
            let glyphs = scalars.enumerated().map { index, scalar in
                PositionedGlyph(font: font, glyph: scalar.value, position: Point(x: Double(index) * advance, y: 16), runIndex: 0)
            }
            let width = Double(scalars.count) * advance
            let line = LaidOutLine(
                range: 0..<scalars.count, top: 0, baseline: 16, height: 20, ascent: 16, descent: 4, x: 0, width: width,
                caretOffsets: (0...scalars.count).map { Double($0) * advance }, glyphs: glyphs
            )
            return TextLayout(lines: [line], size: Size(width: width, height: 20), text: text, isTruncated: false)
        }
    }

    func textScene(alignment: TextAlignment = .left) -> Scene {
        var text = TextContent(string: "Hi!", font: .system)
        text.foregroundColor = .black
        text.alignment = alignment
        let layer = Layer(id: "label", frame: Rect(x: 100, y: 50, width: 200, height: 40), content: .text(text))
        return Scene(name: "text", size: Size(width: 400, height: 200), background: .white, nodes: [.layer(layer)])
    }

    func runs(of list: DisplayList) -> [GlyphRun] {
        list.commands.compactMap { command in
            if case .glyphs(let run) = command { return run }
            return nil
        }
    }

    @Test func aTextLayerDrawsWhatTheEngineLaysOut() throws {
        let list = try textScene().displayList(at: 0, in: DrawContext(fonts: MonospaceEngine(), images: NoImages()))
        let runs = runs(of: list)
        #expect(runs.count == 1)
        let run = try #require(runs.first)
        #expect(run.glyphs == Array("Hi!".unicodeScalars.map(\.value)))
        #expect(run.font == MonospaceEngine().font)
        #expect(run.color == .black)
        // The layer's bounds start at (100, 50); each glyph 10 further, on the engine's baseline.
        let origins = run.positions.map { run.transform.apply(to: $0) }
        #expect(origins == [Point(x: 100, y: 66), Point(x: 110, y: 66), Point(x: 120, y: 66)])
    }

    @Test func alignmentUsesTheEnginesMeasurement() throws {
        let list = try textScene(alignment: .right).displayList(at: 0, in: DrawContext(fonts: MonospaceEngine(advance: 20), images: NoImages()))
        let run = try #require(runs(of: list).first)
        // 3 glyphs × 20 = 60 wide, right-aligned in 200 from x = 100: the first at 240.
        #expect(run.transform.apply(to: run.positions[0]) == Point(x: 240, y: 66))
    }

    @Test func engineErrorsReachTheCaller() {
        struct Failing: TextLayoutEngine {
            func layout(_ text: AttributedText, options: TextLayoutOptions) throws(TextError) -> TextLayout {
                throw .noFontFound(text.runs.first?.attributes.font.family ?? "?")
            }
        }
        #expect(throws: TextError.noFontFound("DejaVu Sans")) {
            try textScene().displayList(at: 0, in: DrawContext(fonts: Failing(), images: NoImages()))
        }
    }
}
