import CadenceDraw
import CadenceRaster
import Testing

/// Display lists no scene should make, and some a hostile one can: the CPU backend draws them
/// without a trap, in bounded time (every loop is cut to the frame).
@Suite struct AbsurdInputTests {
    static let values: [Double] = [0, -0.0, 1e-300, 1e300, -1e300, .infinity, -.infinity, .nan, 16_777_217, -33_554_433]

    static func draw(_ commands: [DrawCommand]) throws -> RasterCanvas {
        var list = DisplayList(size: Size(width: 32, height: 24), background: .white)
        for command in commands { list.append(command) }
        var canvas = RasterCanvas(width: 32, height: 24)
        try RasterRenderer().draw(list, into: &canvas)
        return canvas
    }

    @Test(arguments: values)
    func absurdNumbersDrawWithoutTrapping(value: Double) throws {
        let rect = Rect(x: value, y: 2, width: abs(value), height: 10)
        let wide = Rect(x: -abs(value), y: -abs(value), width: 2 * abs(value), height: 2 * abs(value))
        let scaled = AffineTransform(a: value, b: 0, c: 0, d: 1, tx: value, ty: 0)
        let image = RGBAImage(width: 2, height: 2, fill: (255, 0, 0, 128))
        let commands: [DrawCommand] = [
            .roundedRect(RoundedRect(rect: rect, cornerRadius: value, fill: .black, stroke: .white, strokeWidth: value)),
            .roundedRect(RoundedRect(rect: wide, cornerRadius: abs(value), fill: Color(red: 0, green: 0, blue: 1, alpha: 0.5))),
            .roundedRect(RoundedRect(rect: Rect(x: 1, y: 1, width: 8, height: 8), cornerRadius: 2, fill: .black, transform: scaled)),
            .line(Line(from: Point(x: value, y: 0), to: Point(x: 5, y: value), width: value, color: .black)),
            .shadow(Shadow(rect: rect, cornerRadius: value, color: .black, blur: value)),
            .shadow(Shadow(rect: Rect(x: 2, y: 2, width: 10, height: 10), cornerRadius: 2, color: .black, blur: abs(value), transform: scaled)),
            .image(ImageDraw(key: "i", image: image, rect: rect, source: Rect(x: value, y: 0, width: value, height: 1))),
            .image(ImageDraw(key: "i", image: image, rect: Rect(x: 1, y: 1, width: 8, height: 8), alpha: value, transform: scaled)),
            .path(PathFill(contours: [[Point(x: value, y: 0), Point(x: 30, y: value), Point(x: 0, y: 20)]], color: .black, blur: value)),
            .pushClip(rect),
            .pushGroup(Group(opacity: value, mask: RoundedRect(rect: wide, cornerRadius: value, fill: .black, transform: scaled))),
            .roundedRect(RoundedRect(rect: Rect(x: 0, y: 0, width: 32, height: 24), cornerRadius: 0, fill: .black)),
            .popGroup,
            .popClip,
        ]
        _ = try Self.draw(commands)
        // A projected picture of absurd size, seen through an absurd transform, or from behind the eye.
        var inner = DisplayList(size: Size(width: value, height: abs(value)), background: .clear)
        inner.roundedRect(RoundedRect(rect: Rect(x: 0, y: 0, width: 8, height: 8), cornerRadius: 0, fill: .black))
        for transform in [
            ProjectiveTransform(m11: value, m12: 0, m13: value, m21: 0, m22: 1, m23: 0, m31: 2, m32: 2, m33: 1),
            ProjectiveTransform(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: value),
            ProjectiveTransform(m11: 1, m12: 0, m13: 0.01, m21: 0, m22: 1, m23: 0.01, m31: 0, m32: 0, m33: -1),
        ] {
            _ = try Self.draw([.projected(ProjectedPicture(list: inner, transform: transform))])
        }
    }

    @Test func unbalancedBracketsEndWithTheList() throws {
        let canvas = try Self.draw([
            .popGroup, .popClip, .pushGroup(Group(opacity: 0.5)), .pushClip(Rect(x: 0, y: 0, width: 8, height: 8)),
            .roundedRect(RoundedRect(rect: Rect(x: 0, y: 0, width: 32, height: 24), cornerRadius: 0, fill: .black)),
        ])
        // The group ends with the list, composited over its whole region: half black inside the
        // clip, the white background elsewhere.
        #expect(Array(canvas.pixels[0..<4]) == [127, 127, 127, 255])
        #expect(Array(canvas.pixels[(10 * 32 + 20) * 4 ..< (10 * 32 + 20) * 4 + 4]) == [255, 255, 255, 255])
    }
}
