import CadenceDraw
import CadenceText
import Testing

@Suite struct LayoutTests {
    let library = FontLibrary()
    static let latin = TextAttributes(font: try! FontDescriptor(parsing: "DejaVu Sans 16"))
    static let chinese = TextAttributes(font: try! FontDescriptor(parsing: "WenQuanYi Micro Hei 16"))

    func layout(_ text: String, _ attributes: TextAttributes = latin, _ options: TextLayoutOptions = TextLayoutOptions()) throws -> TextLayout {
        try library.layout(AttributedText(text, attributes: attributes), options: options)
    }

    /// The text of each line, as scalars of the original.
    func lineTexts(_ layout: TextLayout) -> [String] {
        let scalars = Array(layout.text.string.unicodeScalars)
        return layout.lines.map { line in
            String(String.UnicodeScalarView(scalars[line.range.clamped(to: 0..<scalars.count)]))
        }
    }

    @Test func fallsBackPerCharacterWithoutTofu() throws {
        let result = try layout("Email 邮箱 user", Self.latin)
        let glyphs = result.lines.flatMap(\.glyphs)
        #expect(glyphs.allSatisfy { $0.glyph != 0 }, "a .notdef glyph where an installed font has the character")
        let fonts = Set(glyphs.map(\.font.path))
        #expect(fonts.count == 2)
        #expect(fonts.contains { $0.contains("DejaVuSans") } && fonts.contains { $0.lowercased().contains("wqy") })
        // And the reverse: Latin inside a Chinese font is drawn by whichever font has it.
        #expect(try layout("用户 name", Self.chinese).lines.flatMap(\.glyphs).allSatisfy { $0.glyph != 0 })
    }

    @Test func shapesLigaturesAndCombiningMarks() throws {
        let ligature = try layout("office")
        #expect(ligature.lines[0].glyphs.count < 6)  // "ffi" or "fi" became one glyph
        let combined = try layout("e\u{0301}")  // e + combining acute
        #expect(combined.lines[0].glyphs.count <= 2)
        #expect(combined.lines[0].caretOffsets.count == 3)
    }

    @Test func wrapsAtWordsWithinTheWidth() throws {
        let text = "The quick brown fox jumps over the lazy dog and keeps on running far away"
        let result = try layout(text, Self.latin, TextLayoutOptions(width: 180))
        #expect(result.lines.count > 2)
        for line in result.lines { #expect(line.width <= 180 + 1e-9) }
        for line in lineTexts(result) {
            #expect(!line.hasPrefix(" "))
        }
        let words = Set(text.split(separator: " ").map(String.init))
        for line in lineTexts(result) {
            for word in line.split(separator: " ") { #expect(words.contains(String(word)), "a word was split: \(word)") }
        }
        #expect(result.size.width == 180)
    }

    @Test func chineseBreaksBetweenIdeographsButNeverBeforeClosingPunctuation() throws {
        let five = try layout("一二三四五", Self.chinese).lines[0].width
        let result = try layout("一二三四五，六七八九十。", Self.chinese, TextLayoutOptions(width: five + 0.5))
        let texts = lineTexts(result)
        #expect(texts.count >= 2)
        for line in texts.dropFirst() {
            #expect(!line.hasPrefix("，") && !line.hasPrefix("。"), "\(texts)")
        }
        #expect(texts[0] == "一二三四")  // "五" moves down with its comma
    }

    @Test func longWordsBreakWhereTheyMust() throws {
        let result = try layout(String(repeating: "W", count: 40), Self.latin, TextLayoutOptions(width: 100))
        #expect(result.lines.count > 3)
        for line in result.lines { #expect(line.width <= 100) }
    }

    @Test func hardLineBreaksStartNewLines() throws {
        let result = try layout("one\ntwo\n\nfour")
        #expect(lineTexts(result).map { $0.trimmingCharacters(in: ["\n"]) } == ["one", "two", "", "four"])
    }

    @Test func truncatesTheTailWithAnEllipsis() throws {
        let result = try layout("A placeholder far too long for its field", Self.latin, TextLayoutOptions(width: 150, lineBreak: .truncateTail))
        #expect(result.isTruncated)
        #expect(result.lines.count == 1)
        #expect(result.lines[0].width <= 150)
        let short = try layout("Short", Self.latin, TextLayoutOptions(width: 150, lineBreak: .truncateTail))
        #expect(!short.isTruncated)
    }

    @Test func truncatesTheHeadOrTheMiddle() throws {
        let text = "A placeholder far too long for its field"
        let whole = try layout(text).lines[0].glyphs
        let tail = try layout(text, Self.latin, TextLayoutOptions(width: 150, lineBreak: .truncateTail)).lines[0].glyphs
        let ellipsis = try #require(tail.last).glyph
        let head = try layout(text, Self.latin, TextLayoutOptions(width: 150, lineBreak: .truncateHead))
        #expect(head.isTruncated && head.lines.count == 1 && head.lines[0].width <= 150)
        #expect(head.lines[0].glyphs.first?.glyph == ellipsis, "the start gives way")
        #expect(head.lines[0].glyphs.last?.glyph == whole.last?.glyph, "the end stays")
        let middle = try layout(text, Self.latin, TextLayoutOptions(width: 150, lineBreak: .truncateMiddle))
        let glyphs = middle.lines[0].glyphs
        #expect(middle.isTruncated && middle.lines.count == 1 && middle.lines[0].width <= 150)
        #expect(glyphs.first?.glyph == whole.first?.glyph && glyphs.last?.glyph == whole.last?.glyph, "both ends stay")
        let cut = try #require(glyphs.firstIndex { $0.glyph == ellipsis })
        #expect(cut > 2 && cut < glyphs.count - 3, "the ellipsis sits in the middle: \(cut) of \(glyphs.count)")
        #expect(zip(glyphs, glyphs.dropFirst()).allSatisfy { $0.position.x < $1.position.x }, "left to right")
        #expect(!(try layout("Short", Self.latin, TextLayoutOptions(width: 150, lineBreak: .truncateMiddle))).isTruncated)
    }

    @Test func maxLinesEndsWithAnEllipsis() throws {
        let result = try layout("one two three four five six seven eight nine ten", Self.latin, TextLayoutOptions(width: 80, maxLines: 2))
        #expect(result.lines.count == 2)
        #expect(result.isTruncated)
    }

    @Test(arguments: TextAlignment.allCases)
    func alignsInTheWidth(alignment: TextAlignment) throws {
        let result = try layout("Centre me", Self.latin, TextLayoutOptions(width: 300, alignment: alignment))
        let line = result.lines[0]
        switch alignment {
        case .left: #expect(line.x == 0)
        case .center: #expect(abs(line.x - (300 - line.width) / 2) < 1e-9)
        case .right: #expect(abs(line.x + line.width - 300) < 1e-9)
        }
        #expect(abs(line.glyphs[0].position.x - line.x) < 2)
    }

    @Test func lineHeightMultipleSpacesLines() throws {
        let single = try layout("a\nb")
        let double = try layout("a\nb", Self.latin, TextLayoutOptions(lineHeightMultiple: 2))
        #expect(abs(double.size.height - 2 * single.size.height) < 1e-9)
        #expect(single.lines[1].top == single.lines[0].height)
        #expect(single.lines[0].baseline > single.lines[0].top && single.lines[0].baseline < single.lines[0].top + single.lines[0].height)
    }

    @Test func measuresForAWidth() throws {
        let text = AttributedText("Measure this sentence, please, at two widths.", attributes: Self.latin)
        let wide = try library.sizeThatFits(text, width: nil)
        let narrow = try library.sizeThatFits(text, width: 120)
        #expect(wide.width > 120)
        #expect(narrow.height > wide.height)
        #expect(narrow.width == 120)
    }

    @Test func caretsMoveForward() throws {
        let result = try layout("caret")
        let offsets = result.lines[0].caretOffsets
        #expect(offsets.count == 6)
        #expect(zip(offsets.dropFirst(), offsets).allSatisfy { $0 > $1 })
        #expect(result.caret(atScalarIndex: 5).x == result.lines[0].width)
    }

    @Test func rightToLeftRunsDoNotGarbleTheRest() throws {
        let result = try layout("abc שלום def")
        let glyphs = result.lines[0].glyphs
        #expect(glyphs.count >= 10)
        #expect(glyphs.allSatisfy { $0.glyph != 0 })
        // "abc" first and "def" last, left to right; the Hebrew between them.
        let xs = glyphs.map(\.position.x)
        #expect(xs[0] < xs[1] && xs[1] < xs[2])
        #expect(xs[xs.count - 3] < xs[xs.count - 2] && xs[xs.count - 2] < xs[xs.count - 1])
        #expect(zip(xs.dropFirst(), xs).allSatisfy { $0 >= $1 })
    }

    @Test func invalidUTF8BecomesReplacementCharacters() throws {
        let text = AttributedText(utf8: [0x41, 0xFF, 0xC3, 0x42], attributes: Self.latin)
        #expect(text.string == "A\u{FFFD}\u{FFFD}B")
        #expect(try library.layout(text).lines[0].glyphs.count == 4)
    }

    @Test func emptyTextHasOneEmptyLine() throws {
        let result = try layout("")
        #expect(result.lines.count == 1)
        #expect(result.size.width == 0 && result.size.height > 0)
        #expect(result.glyphRuns(at: .zero).isEmpty)
    }

    @Test func hugeTextWrapsWithBoundedWork() throws {
        let sentence = "Cadence 动画 renders wrapped text. "
        let text = String(repeating: sentence, count: 100_000 / sentence.count + 1)
        let result = try layout(text, Self.latin, TextLayoutOptions(width: 400))
        #expect(result.lines.count > 500)
        let distinctGlyphs = Set(result.lines.flatMap(\.glyphs).map(\.glyph))
        #expect(distinctGlyphs.count < 40)  // what an atlas holds: the distinct glyphs, not the string
    }

    @Test func layoutsAreCachedAndDigitsAreNotReshaped() throws {
        let counter = TextAttributes(font: try FontDescriptor(parsing: "DejaVu Sans 30"))
        let first = try layout("12,345.6", counter)
        #expect(try layout("12,345.6", counter) == first)
        _ = try layout("0123456789,.", counter)
        let misses = library.simpleShapeMisses
        for value in stride(from: 0.0, to: 12345.6, by: 123.4) {
            _ = try layout(String(format: "%.1f", value), counter)
        }
        #expect(library.simpleShapeMisses == misses)
    }

    @Test func shadowsDrawFirstAndOffset() throws {
        let shadowed = TextAttributes(font: try FontDescriptor(parsing: "DejaVu Sans 16"), color: .white,
                                      shadow: TextShadow(color: .black, offset: Point(x: 2, y: 3)))
        let runs = try layout("Hi", shadowed).glyphRuns(at: Point(x: 10, y: 20))
        #expect(runs.count == 2)
        #expect(runs[0].color == .black && runs[1].color == .white)
        #expect(runs[0].positions[0].x == runs[1].positions[0].x + 2)
        #expect(runs[0].positions[0].y == runs[1].positions[0].y + 3)
    }
}
