import CadenceDraw
import CadenceText
import Testing

/// Issue 27, class 8: wrapped text whose width animates is shaped once, not every frame, and only
/// the lines that can show become draw commands.
@Suite struct LayoutCostTests {
    let library = FontLibrary()
    static let attributes = TextAttributes(font: try! FontDescriptor(parsing: "DejaVu Sans 12"))
    static let text = AttributedText(String(repeating: "lorem ipsum dolor sit amet ", count: 400), attributes: attributes)

    @Test func aNewWidthBreaksLinesAgainWithoutShaping() throws {
        var lineCounts: [Int] = []
        for width in stride(from: 300.0, through: 600, by: 15) {
            lineCounts.append(try library.layout(Self.text, options: TextLayoutOptions(width: width)).lines.count)
        }
        #expect(library.shapedTextCount == 1)
        #expect(lineCounts.first! > lineCounts.last!)
        // The same as a library that shaped it for that width alone.
        let fresh = try FontLibrary().layout(Self.text, options: TextLayoutOptions(width: 435))
        let cached = try library.layout(Self.text, options: TextLayoutOptions(width: 435))
        #expect(fresh.lines.map(\.glyphs) == cached.lines.map(\.glyphs))
    }

    @Test func onlyLinesThatCanShowAreDrawn() throws {
        let layout = try library.layout(Self.text, options: TextLayoutOptions(width: 300))
        #expect(layout.lines.count > 100)
        let all = layout.glyphRuns(at: Point(x: 10, y: -500))
        let visible = Rect(x: 0, y: 0, width: 320, height: 100)
        let shown = layout.glyphRuns(at: Point(x: 10, y: -500), visible: visible)
        let height = layout.lines[0].height
        #expect(shown.count < all.count / 4)
        // Every glyph that lands in the visible rectangle is still drawn.
        func inside(_ runs: [GlyphRun]) -> Int {
            runs.reduce(0) { $0 + $1.positions.filter { $0.y > visible.minY - height && $0.y < visible.maxY + height }.count }
        }
        #expect(inside(shown) == inside(all))
    }
}
