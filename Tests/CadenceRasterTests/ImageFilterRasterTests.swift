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

    /// A turned or scaled image is shaded row by row only across the columns whose pixel centres
    /// map into its rectangle (`RowColumns`): every pixel centre that maps inside lies within
    /// them, for turns, skews, mirrors, uneven and tiny scales.
    @Test func rowColumnsHoldEveryPixelMappingIntoTheRectangle() throws {
        let rect = Rect(x: -3.2, y: 1.7, width: 21.5, height: 9.3)
        let maps = [
            AffineTransform(rotation: 0.7).concatenating(AffineTransform(translationX: 30, y: 12)),
            AffineTransform(a: 0.5, b: 0.2, c: -1.3, d: 1.8, tx: 30, ty: 20),
            AffineTransform(scaleX: -2.5, y: 0.4).concatenating(AffineTransform(translationX: 60, y: 5)),
            AffineTransform(scaleX: 0.01, y: 3).concatenating(AffineTransform(translationX: 20, y: 2)),
            AffineTransform(rotation: .pi / 2).concatenating(AffineTransform(translationX: 25, y: -4)),
        ]
        for (index, map) in maps.enumerated() {
            let inverse = try #require(map.inverted)
            for y in -10..<60 {
                let columns = RowColumns.mapping(into: rect, by: inverse, row: y)
                for x in -40..<120 {
                    let local = inverse.apply(to: Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                    guard local.x >= rect.minX, local.x <= rect.maxX, local.y >= rect.minY, local.y <= rect.maxY else { continue }
                    let inside = columns.map { x >= $0.0 && x < $0.1 } ?? false
                    #expect(inside, "map \(index), pixel (\(x), \(y)) maps inside but lies outside \(String(describing: columns))")
                }
            }
        }
    }
}
