import CadenceDraw
import CadenceText
import Foundation
import Testing

@Suite struct FontDescriptorTests {
    @Test(arguments: [
        ("DejaVu Sans 18", "DejaVu Sans", FontDescriptor.Weight.regular, false, 18.0),
        ("DejaVu Sans Bold 24", "DejaVu Sans", .bold, false, 24),
        ("Noto Sans CJK SC Bold 24", "Noto Sans CJK SC", .bold, false, 24),
        ("DejaVu Serif Bold Italic 12.5", "DejaVu Serif", .bold, true, 12.5),
        ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf 14", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", .regular, false, 14),
    ])
    func parses(text: String, family: String, weight: FontDescriptor.Weight, italic: Bool, size: Double) throws {
        let font = try FontDescriptor(parsing: text)
        #expect(font.family == family && font.weight == weight && font.italic == italic && font.size == size)
    }

    @Test(arguments: ["DejaVu Sans", "DejaVu Sans 0", "DejaVu Sans -3", "DejaVu Sans 1001", "DejaVu Sans nan", "18"])
    func rejects(text: String) {
        #expect(throws: TextError.self) { try FontDescriptor(parsing: text) }
    }

    @Test func sizesAreClearErrors() {
        #expect(throws: TextError.invalidFontSize(0)) { try FontDescriptor(family: "DejaVu Sans", size: 0) }
        #expect(throws: TextError.invalidFontSize(5000)) { try FontDescriptor(family: "DejaVu Sans", size: 5000) }
        #expect("\(TextError.invalidFontSize(5000))".contains("at most 1000 pixels"))
    }
}

@Suite struct FontLibraryTests {
    @Test func missingFamilyFallsBackWithOneWarning() throws {
        let library = FontLibrary()
        let font = try library.font(for: try FontDescriptor(parsing: "No Such Family Anywhere 12"))
        #expect(FileManager.default.fileExists(atPath: font.path))
        _ = try library.font(for: try FontDescriptor(parsing: "No Such Family Anywhere 14"))
        let warnings = library.takeWarnings()
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("'No Such Family Anywhere' is not installed") == true)
        #expect(library.takeWarnings().isEmpty)
    }

    /// A font given as bytes answers for its family (before fontconfig, without a warning) and
    /// is drawn from memory; bytes that are not a font are refused.
    @Test func anEmbeddedFontAnswersForItsFamily() throws {
        let library = FontLibrary()
        let serif = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")))
        let font = EmbeddedFont(family: "Embedded Test Face", style: "Regular", bytes: serif)
        #expect(library.register(font))
        #expect(library.register(font))  // again: a lookup
        #expect(!library.register(EmbeddedFont(family: "Broken", style: "Regular", bytes: Array("not a font".utf8))))
        let resolved = try library.font(for: try FontDescriptor(family: "Embedded Test Face", size: 20))
        #expect(resolved.path.hasPrefix(FontLibrary.embeddedPrefix))
        let layout = try library.layout(AttributedText("Ag", attributes: TextAttributes(font: try FontDescriptor(family: "Embedded Test Face", size: 20))))
        let byFile = try library.layout(AttributedText("Ag", attributes: TextAttributes(font: try FontDescriptor(family: "DejaVu Serif", size: 20))))
        #expect(layout.size == byFile.size)  // the same face, from memory
        #expect(library.takeWarnings().isEmpty)
    }

    @Test func fontFilesThatFailAreNamed() throws {
        let library = FontLibrary()
        let bogus = NSTemporaryDirectory() + "cadence-not-a-font-\(UUID().uuidString).ttf"
        try Data("not a font".utf8).write(to: URL(fileURLWithPath: bogus))
        for path in [bogus, "/nonexistent/font.ttf"] {
            #expect {
                try library.layout(AttributedText("x", attributes: TextAttributes(font: try FontDescriptor(parsing: "\(path) 12"))))
            } throws: { error in
                "\(error)".contains("cannot load font file \(path)")
            }
        }
    }

    @Test func metricsArePositive() throws {
        let library = FontLibrary()
        let metrics = try library.metrics(of: try library.font(for: try FontDescriptor(parsing: "DejaVu Sans 20")))
        #expect(metrics.ascent > 10 && metrics.descent > 2)
        // Hinted metrics are each rounded to whole pixels; layout uses max(lineHeight, ascent + descent).
        #expect(metrics.lineHeight >= metrics.ascent + metrics.descent - 1)
    }

    @Test func rasterisesCoverage() throws {
        let library = FontLibrary()
        let font = try library.font(for: try FontDescriptor(parsing: "DejaVu Sans 32"))
        let layout = try library.layout(AttributedText("H", attributes: TextAttributes(font: try FontDescriptor(parsing: "DejaVu Sans 32"))))
        let glyph = try #require(layout.lines.first?.glyphs.first?.glyph)
        let bitmap = try library.rasterize(glyph, font: font, subpixel: 0)
        #expect(bitmap.width > 10 && bitmap.height > 15 && bitmap.top > 15)
        #expect(bitmap.pixels.contains(255) && bitmap.pixels.contains(0))
        let shifted = try library.rasterize(glyph, font: font, subpixel: 2)
        #expect(shifted.pixels != bitmap.pixels)  // a half-pixel shift changes the coverage
    }
}
