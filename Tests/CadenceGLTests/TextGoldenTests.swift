import CadenceDraw
import CadenceEngine
import CadenceImage
import CadenceTesting
import CadenceText
import Testing

/// Text rendered headlessly against goldens. Fonts pinned: DejaVu Sans (Latin) and WenQuanYi
/// Micro Hei (Chinese), both installed by `make test`.
@MainActor
@Suite struct TextGoldenTests {
    let goldens = GoldenCheck()

    static func attributes(_ font: String, _ color: String = "#1C1C1E", shadow: TextShadow? = nil) -> TextAttributes {
        TextAttributes(font: try! FontDescriptor(parsing: font), color: Color(hex: color)!, shadow: shadow)
    }

    /// A text's display list and the frame it is drawn in.
    struct Frame {
        var list: DisplayList
        var width: Int
        var height: Int
    }

    func render(_ text: AttributedText, options: TextLayoutOptions = TextLayoutOptions(), size: (Int, Int), scale: Double = 1,
                background: String = "#FFFFFF") throws -> Frame {
        let layout = try FontLibrary.shared.layout(text, options: options)
        var list = DisplayList(size: Size(width: Double(size.0), height: Double(size.1)), background: Color(hex: background)!)
        if options.width != nil {
            list.line(Line(from: Point(x: 10 + options.width!, y: 0), to: Point(x: 10 + options.width!, y: Double(size.1)), width: 1, color: Color(hex: "#FF3B3080")!))
        }
        for run in layout.glyphRuns(at: Point(x: 10, y: 8)) { list.glyphs(run) }
        return Frame(list: list, width: Int(Double(size.0) * scale), height: Int(Double(size.1) * scale))
    }

    func check(_ frame: Frame, _ name: String) throws {
        try expectGoldenOnBothBackends(goldens, named: name, width: frame.width, height: frame.height) { renderer in
            try renderer.render(frame.list)
        }
    }

    @Test func latin() throws {
        try check(try render(AttributedText("Username — fiancée, office (ﬁ), AVA Wa.", attributes: Self.attributes("DejaVu Sans 18")), size: (420, 40)), "text-latin")
    }

    @Test func chinese() throws {
        try check(try render(AttributedText("请输入用户名，谢谢！", attributes: Self.attributes("WenQuanYi Micro Hei 20")), size: (260, 44)), "text-chinese")
    }

    @Test func mixedFallsBackPerCharacter() throws {
        // DejaVu has no ideographs: they come from the CJK font, the Latin from DejaVu.
        try check(try render(AttributedText("Email 邮箱 @ 用户名 user", attributes: Self.attributes("DejaVu Sans 18")), size: (300, 40)), "text-mixed")
    }

    @Test func wrappedParagraph() throws {
        let text = AttributedText(
            "Cadence brings the feel of iOS animation to Linux. 它在没有显卡的机器上也能渲染，每一帧都是时间的函数。Frames are byte-identical.",
            attributes: Self.attributes("DejaVu Sans 15")
        )
        try check(try render(text, options: TextLayoutOptions(width: 300, alignment: .left), size: (330, 150)), "text-wrapped")
    }

    @Test func attributedRunsAndAlignment() throws {
        let text = AttributedText(runs: [
            .init("Bold ", Self.attributes("DejaVu Sans Bold 18")),
            .init("red ", Self.attributes("DejaVu Sans 18", "#FF3B30")),
            .init("small ", Self.attributes("DejaVu Sans 12", "#007AFF")),
            .init("大字", Self.attributes("WenQuanYi Micro Hei 26", "#34C759")),
        ])
        try check(try render(text, options: TextLayoutOptions(width: 300, alignment: .center), size: (320, 48)), "text-attributed")
    }

    @Test func shadow() throws {
        let shadow = TextShadow(color: Color(hex: "#00000066")!, offset: Point(x: 2, y: 2))
        try check(try render(AttributedText("Shadowed 阴影", attributes: Self.attributes("DejaVu Sans Bold 24", "#FFFFFF", shadow: shadow)),
                         size: (240, 48), background: "#5AC8FA"), "text-shadow")
    }

    @Test func truncation() throws {
        let options = TextLayoutOptions(width: 200, lineBreak: .truncateTail)
        try check(try render(AttributedText("A placeholder far too long for its field", attributes: Self.attributes("DejaVu Sans 16")),
                         options: options, size: (230, 36)), "text-truncated")
    }

    @Test func crispAtScaleTwo() throws {
        try check(try render(AttributedText("Retina 视网膜", attributes: Self.attributes("DejaVu Sans 16")), size: (160, 36), scale: 2), "text-scale2")
    }
}
