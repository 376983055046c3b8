import CadenceDraw
import CadenceEngine
import CadenceImage
import CadenceTesting
import CadenceText
import Testing

/// Shapes, images and text drawn through affine transforms, rendered headlessly against goldens.
@MainActor
@Suite struct TransformGoldenTests {
    let goldens = GoldenCheck()

    static let size = Size(width: 160, height: 120)

    /// Turns by `degrees` and scales by (`sx`, `sy`) about (`cx`, `cy`), the local origin at that point.
    static func turn(_ degrees: Double, scaleX sx: Double = 1, y sy: Double = 1, about cx: Double, _ cy: Double) -> AffineTransform {
        AffineTransform(scaleX: sx, y: sy)
            .concatenating(AffineTransform(rotation: degrees * .pi / 180))
            .concatenating(AffineTransform(translationX: cx, y: cy))
    }

    /// An 8 × 8 checkerboard of red and blue 2 × 2 squares, opaque.
    static let checkerboard: RGBAImage = {
        var image = RGBAImage(width: 8, height: 8)
        for y in 0..<8 {
            for x in 0..<8 {
                let red = (x / 2 + y / 2) % 2 == 0
                let offset = (y * 8 + x) * 4
                image.pixels[offset] = red ? 255 : 0
                image.pixels[offset + 2] = red ? 0 : 255
                image.pixels[offset + 3] = 255
            }
        }
        return image
    }()

    func check(_ list: DisplayList, _ name: String) throws -> RGBAImage {
        try expectGoldenOnBothBackends(goldens, named: name, width: Int(list.size.width), height: Int(list.size.height)) { renderer in
            try renderer.render(list)
        }
    }

    /// A stroked rounded rectangle turned 30° and stretched to 1.5 × 0.8 about the frame's centre:
    /// the corners stay round and the edges one pixel soft.
    @Test func rotatedScaledRoundedRect() throws {
        var list = DisplayList(size: Self.size, background: .white)
        list.roundedRect(RoundedRect(rect: Rect(x: -40, y: -30, width: 80, height: 60), cornerRadius: 12, fill: Color(hex: "#007AFF")!,
                                     stroke: Color(hex: "#FF9500")!, strokeWidth: 4, transform: Self.turn(30, scaleX: 1.5, y: 0.8, about: 80, 60)))
        let image = try check(list, "transform-rounded-rect")
        #expect(image[80, 60] == (0, 122, 255, 255))  // the centre is filled
        #expect(image[2, 2] == (255, 255, 255, 255))  // a corner of the frame is not
        // Soft but narrow edges: along a row through the centre, few pixels are neither
        // background, stroke nor fill.
        let row = (0..<160).map { image[$0, 60] }
        let mixed = row.filter { $0 != (255, 255, 255, 255) && $0 != (0, 122, 255, 255) && $0 != (255, 149, 0, 255) }
        #expect(mixed.count <= 8, "\(mixed.count) blended pixels on the centre row")
    }

    /// A line and an image turned about their centres.
    @Test func rotatedLineAndImage() throws {
        var list = DisplayList(size: Self.size, background: .white)
        list.line(Line(from: Point(x: -50, y: 0), to: Point(x: 50, y: 0), width: 6, color: Color(hex: "#34C759")!,
                       transform: Self.turn(-20, about: 80, 25)))
        list.append(.image(ImageDraw(key: "checkerboard", image: Self.checkerboard, rect: Rect(x: -32, y: -32, width: 64, height: 64),
                                     transform: Self.turn(45, scaleX: 0.8, y: 0.8, about: 80, 78))))
        let image = try check(list, "transform-line-image")
        #expect(image[80, 25].1 > 150 && image[80, 25].0 < 100)  // the line's middle is green
        #expect(image[80, 78].3 == 255 && image[80, 78] != (255, 255, 255, 255))  // the image covers its centre
        #expect(image[80 + 42, 78] == (255, 255, 255, 255))  // turned 45°, its corner points up, not right
        #expect(image[80, 78 - 33] != (255, 255, 255, 255))
    }

    /// Text turned −25° about its start: glyph quads mapped through the matrix, sampled bilinearly.
    @Test func rotatedText() throws {
        let attributes = TextAttributes(font: try FontDescriptor(parsing: "DejaVu Sans 18"), color: Color(hex: "#1C1C1E")!)
        let layout = try FontLibrary.shared.layout(AttributedText("Turned text", attributes: attributes), options: TextLayoutOptions())
        var list = DisplayList(size: Self.size, background: .white)
        for var run in layout.glyphRuns(at: Point(x: 0, y: 0)) {
            run.transform = Self.turn(-25, about: 20, 95)
            list.glyphs(run)
        }
        let image = try check(list, "transform-text")
        let inked = (0..<120).flatMap { y in (0..<160).map { x in image[x, y] } }.filter { $0.0 < 128 }
        #expect(inked.count > 100, "the text shows")
        // Turned up to the right: ink near the start is low, ink near the end is high.
        let left = (0..<120).filter { y in (10..<40).contains { image[$0, y].0 < 128 } }
        let right = (0..<120).filter { y in (110..<150).contains { image[$0, y].0 < 128 } }
        #expect((left.max() ?? 0) > (right.max() ?? 120), "left ink ends at \(left.max() ?? -1), right at \(right.max() ?? -1)")
    }

    /// A soft shadow under a card: darkest under the card, fading out across three deviations.
    @Test func shadowUnderRoundedRect() throws {
        var list = DisplayList(size: Self.size, background: .white)
        list.append(.shadow(Shadow(rect: Rect(x: 40, y: 34, width: 80, height: 50), cornerRadius: 10, color: Color(red: 0, green: 0, blue: 0, alpha: 0.6),
                                   blur: 6, transform: AffineTransform(translationX: 0, y: 6))))
        list.roundedRect(RoundedRect(rect: Rect(x: 40, y: 30, width: 80, height: 50), cornerRadius: 10, fill: .white,
                                     stroke: Color(hex: "#D1D1D6")!, strokeWidth: 1))
        let image = try check(list, "shadow-under-rect")
        let below = (86..<112).map { Int(image[80, $0].0) }
        #expect(below.first! < 200, "dark just under the card: \(below)")
        #expect(zip(below, below.dropFirst()).allSatisfy { $0 <= $1 }, "fades out monotonically: \(below)")
        #expect(image[80, 115] == (255, 255, 255, 255))  // past three deviations
        #expect(image[80, 55] == (255, 255, 255, 255))  // the card covers it
    }

    /// A blurred shadow turned with its transform stays inside its damage bounds.
    @Test func turnedShadowStaysInItsBounds() throws {
        let shadow = Shadow(rect: Rect(x: -30, y: -20, width: 60, height: 40), cornerRadius: 6, color: .black, blur: 4,
                            transform: Self.turn(35, scaleX: 1.2, y: 0.7, about: 80, 60))
        var list = DisplayList(size: Self.size, background: .white)
        list.append(.shadow(shadow))
        let image = try OffscreenRenderer(width: 160, height: 120).render(list)
        guard let bounds = DrawCommand.shadow(shadow).bounds else {
            Issue.record("a shadow has bounds")
            return
        }
        #expect(image[80, 60].0 < 60)
        for y in 0..<120 {
            for x in 0..<160 where image[x, y] != (255, 255, 255, 255) {
                #expect(bounds.intersects(Rect(x: Double(x), y: Double(y), width: 1, height: 1)), "pixel \(x), \(y) outside \(bounds)")
            }
        }
    }
}
