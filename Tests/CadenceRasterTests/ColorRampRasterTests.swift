import CadenceDraw
import CadenceRaster
import Testing

/// Colour ramps on the CPU backend: a group recoloured through one colour is the same picture as
/// its paths drawn in that colour one by one (what Lottie's fill effect relies on to skip the
/// group), and a tint maps black and white ends as it says.
@Suite struct ColorRampRasterTests {
    static func render(_ commands: [DrawCommand]) throws -> [UInt8] {
        var list = DisplayList(size: Size(width: 48, height: 32), background: .white)
        for command in commands { list.append(command) }
        var canvas = RasterCanvas(width: 48, height: 32)
        try RasterRenderer().draw(list, into: &canvas)
        return canvas.pixels
    }

    static func square(x: Double, _ color: Color) -> DrawCommand {
        .path(PathFill(contours: [[Point(x: x, y: 4.5), Point(x: x + 20.3, y: 4.5), Point(x: x + 20.3, y: 27.2), Point(x: x, y: 27.2)]], color: color))
    }

    @Test func aOneColourRampIsThePathsRecoloured() throws {
        let orange = Color(red: 1, green: 0.5, blue: 0)
        let paths = [Self.square(x: 3.2, Color(red: 0.1, green: 0.2, blue: 0.9, alpha: 0.6)), Self.square(x: 14.7, Color(red: 0.9, green: 0.9, blue: 0.1, alpha: 0.8))]
        let grouped = try Self.render([.pushGroup(Group(colorRamp: ColorRamp(colors: [orange])))] + paths + [.popGroup])
        let recoloured = try Self.render([
            Self.square(x: 3.2, Color(red: 1, green: 0.5, blue: 0, alpha: 0.6)), Self.square(x: 14.7, Color(red: 1, green: 0.5, blue: 0, alpha: 0.8)),
        ])
        let worst = zip(grouped, recoloured).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1, "differ by up to \(worst) levels")
        // And the ramp did recolour: the overlap is orange, not the paths' own colours.
        let at = (16 * 48 + 20) * 4
        #expect(grouped[at] > 240 && grouped[at + 2] <= 25, "\(grouped[at..<at + 4])")
    }

    @Test func aTintMapsBlackAndWhiteToItsEnds() throws {
        let tint = ColorRamp(colors: [Color(red: 0, green: 0, blue: 1), Color(red: 1, green: 1, blue: 0)])
        let pixels = try Self.render([.pushGroup(Group(colorRamp: tint)), Self.square(x: 2, .black), Self.square(x: 26, .white), .popGroup])
        let black = (16 * 48 + 10) * 4, white = (16 * 48 + 36) * 4
        #expect(Array(pixels[black..<black + 4]) == [0, 0, 255, 255])
        #expect(Array(pixels[white..<white + 4]) == [255, 255, 0, 255])
    }
}
