import CadenceDraw
import Testing

@Suite struct ColorTests {
    @Test(arguments: [
        ("#FF8000", Color(red: 1, green: 128.0 / 255, blue: 0, alpha: 1)),
        ("ff8000", Color(red: 1, green: 128.0 / 255, blue: 0, alpha: 1)),
        ("#F80", Color(red: 1, green: 136.0 / 255, blue: 0, alpha: 1)),
        ("#00000080", Color(red: 0, green: 0, blue: 0, alpha: 128.0 / 255)),
    ])
    func parsesHex(text: String, expected: Color) {
        #expect(Color(hex: text) == expected)
    }

    @Test(arguments: ["", "#", "#12", "#12345", "#GGGGGG", "#1234567890", "red"])
    func rejectsMalformedHex(text: String) {
        #expect(Color(hex: text) == nil)
    }

    @Test func premultipliesByAlpha() {
        let color = Color(red: 1, green: 0.5, blue: 0.25, alpha: 0.5).premultiplied
        #expect(color.red == 0.5)
        #expect(color.green == 0.25)
        #expect(color.blue == 0.125)
        #expect(color.alpha == 0.5)
    }

    @Test func describesAsHex() {
        #expect(Color(hex: "#AF52DE80")!.description == "#AF52DE80")
        #expect(Color.white.description == "#FFFFFFFF")
    }
}
