import CadenceDraw
import CadenceRaster
import Testing

/// The CPU backend's image filters on a 64 × 64 checkerboard of one-texel squares drawn 8 × 8.
@Suite struct ImageFilterRasterTests {
    static let checkerboard: RGBAImage = {
        var image = RGBAImage(width: 64, height: 64)
        for y in 0..<64 {
            for x in 0..<64 {
                let value: UInt8 = (x + y) % 2 == 0 ? 255 : 0
                image.pixels.replaceSubrange((y * 64 + x) * 4 ..< (y * 64 + x) * 4 + 4, with: [value, value, value, 255])
            }
        }
        return image
    }()

    static func draw(_ filter: ImageFilter, transform: AffineTransform = .identity) throws -> [UInt8] {
        var list = DisplayList(size: Size(width: 8, height: 8), background: .black)
        list.append(.image(ImageDraw(key: "board", image: checkerboard, rect: Rect(x: 0, y: 0, width: 8, height: 8), transform: transform,
                                     minificationFilter: filter)))
        var canvas = RasterCanvas(width: 8, height: 8)
        try RasterRenderer().draw(list, into: &canvas)
        return stride(from: 0, to: 8 * 8 * 4, by: 4).map { canvas.pixels[$0] }
    }

    @Test func trilinearAveragesWhatLinearAndNearestPickTexelByTexel() throws {
        // Shrunk eight times: the mipmap level of 8 × 8 is the board's mean, grey.
        let trilinear = try Self.draw(.trilinear)
        #expect(trilinear.allSatisfy { abs(Int($0) - 128) <= 1 }, "\(trilinear)")
        // Nearest takes one texel: black or white.
        let nearest = try Self.draw(.nearest)
        #expect(nearest.allSatisfy { $0 == 0 || $0 == 255 }, "\(nearest)")
        // Turned, the same.
        let turned = try Self.draw(.trilinear, transform: AffineTransform(translationX: -4, y: -4)
            .concatenating(AffineTransform(rotation: 0.3)).concatenating(AffineTransform(translationX: 4, y: 4)))
        #expect(abs(Int(turned[27]) - 128) <= 2)
    }
}
