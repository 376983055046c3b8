import CadenceDraw
import CadenceText
import Testing

/// Wrapped text flowing around excluded rectangles, as `NSTextContainer.exclusionPaths`.
@Suite struct ExclusionTests {
    let text = AttributedText(
        String(repeating: "flowing words around a box ", count: 12),
        attributes: TextAttributes(font: try! FontDescriptor(parsing: "DejaVu Sans 14"), color: .black)
    )

    func glyphBoxes(_ layout: TextLayout) -> [(x: Double, top: Double, bottom: Double)] {
        layout.lines.flatMap { line in line.glyphs.map { ($0.position.x, line.top, line.top + line.height) } }
    }

    @Test func noGlyphStartsInsideAnExcludedRectangle() throws {
        let box = Rect(x: 120, y: 10, width: 80, height: 60)
        let layout = try FontLibrary.shared.layout(text, options: TextLayoutOptions(width: 300, exclusions: [box]))
        let plain = try FontLibrary.shared.layout(text, options: TextLayoutOptions(width: 300))
        for glyph in glyphBoxes(layout) where glyph.top < box.maxY && glyph.bottom > box.minY {
            #expect(glyph.x < box.minX || glyph.x >= box.maxX, "a glyph at \(glyph.x) in the box's band")
        }
        #expect(layout.size.height > plain.size.height)  // less room: more lines
        #expect(layout.lines.contains { $0.x >= box.maxX })  // text on the right of the box too
    }

    @Test func aFullWidthExclusionSkipsItsBands() throws {
        let layout = try FontLibrary.shared.layout(text, options: TextLayoutOptions(width: 300, exclusions: [Rect(x: 0, y: 0, width: 300, height: 40)]))
        let firstWithText = try #require(layout.lines.first { !$0.glyphs.isEmpty })
        #expect(firstWithText.top >= 40 - 1e-9 - firstWithText.height)
        #expect(layout.lines.allSatisfy { $0.glyphs.isEmpty || $0.top + $0.height > 40 })
    }

    @Test func aWordWiderThanEveryGapStillEnds() throws {
        let long = AttributedText(String(repeating: "W", count: 80), attributes: text.runs[0].attributes)
        let layout = try FontLibrary.shared.layout(long, options: TextLayoutOptions(width: 100, exclusions: [Rect(x: 40, y: 0, width: 20, height: 30)]))
        #expect(layout.lines.count < 200)
        #expect(layout.lines.reduce(0) { $0 + $1.glyphs.count } == 80)
    }

    @Test func withoutExclusionsNothingChanges() throws {
        let layout = try FontLibrary.shared.layout(text, options: TextLayoutOptions(width: 300, alignment: .center))
        let again = try FontLibrary.shared.layout(text, options: TextLayoutOptions(width: 300, alignment: .center, exclusions: []))
        #expect(layout == again)
    }
}
