@testable import CadenceRaster
import CadenceDraw
import Testing

/// A turned shadow drawn from its picture, and a turned image mixed in fixed point, against the
/// closed forms they replaced (the closed form cost 55 ms for one turned 140 × 90 shadow at
/// 400 × 240; the per-pixel image closure 5 ns a pixel): within 2 levels.
@Suite struct TurnedShadowAndImageTests {
    /// The picture's samples are the closed form at its grid points, and between them within
    /// 2 levels of it from a deviation of 2.5 pixels (`ShadowPicture.smallestSigma`).
    @Test(arguments: [2.5, 3.0, 3.5, 8.0, 24.0])
    func thePictureFollowsTheClosedForm(sigma: Double) throws {
        let key = ShadowPicture.Key(hx: 70, hy: 45, sigma: sigma, corner: 20)
        let picture = try #require(ShadowPicture(key))
        var largest = 0.0
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<20_000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let px = Double(seed >> 40) / Double(1 << 24) * 2 * (key.hx + 4 * sigma) - (key.hx + 4 * sigma)
            let py = Double((seed >> 16) & 0xFF_FFFF) / Double(1 << 24) * 2 * (key.hy + 4 * sigma) - (key.hy + 4 * sigma)
            let exact = RasterMath.clamp(RasterPass.shadow(px, py, key.hx, key.hy, sigma, key.corner), 0, 1)
            largest = max(largest, abs(picture.coverage(at: px, py) - exact))
        }
        #expect(largest * 255 <= 2, "sigma \(sigma): \(largest * 255) levels")
        #expect(ShadowPicture(ShadowPicture.Key(hx: 1e7, hy: 1e7, sigma: 3, corner: 0)) == nil, "a picture too large keeps the closed form")
    }

    static func draw(_ command: DrawCommand?, width: Int = 200, height: Int = 160) throws -> [UInt8] {
        var list = DisplayList(size: Size(width: Double(width), height: Double(height)), background: Color(red: 0.1, green: 0.1, blue: 0.12))
        if let command { list.append(command) }
        var canvas = RasterCanvas(width: width, height: height)
        try RasterRenderer().draw(list, into: &canvas)
        return canvas.pixels
    }

    /// A turned shadow takes its picture; the closed form at every pixel under the same turn
    /// (what the GL backend's shader evaluates, and this backend did) gives the same pixels
    /// within 2 levels.
    @Test(arguments: [3.0, 6.0, 15.0])
    func aTurnedShadowFollowsTheClosedForm(blur: Double) throws {
        let transform = AffineTransform(translationX: -100, y: -80).concatenating(AffineTransform(rotation: 0.5))
            .concatenating(AffineTransform(translationX: 100, y: 80))
        let rect = Rect(x: 55, y: 40, width: 90, height: 80)
        let color = Color(red: 0.6, green: 0.3, blue: 0.9, alpha: 0.8)
        let drawn = try Self.draw(.shadow(Shadow(rect: rect, cornerRadius: 12, color: color, blur: blur, transform: transform)))
        var reference = try Self.draw(nil)
        let inverse = try #require(transform.inverted)
        let (hx, hy, cx, cy) = (rect.width / 2, rect.height / 2, rect.minX + rect.width / 2, rect.minY + rect.height / 2)
        let vector = color.premultipliedVector
        reference.withUnsafeMutableBufferPointer { pixels in
            for y in 0..<160 {
                for x in 0..<200 {
                    let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
                    let lx = inverse.a * px + inverse.c * py + inverse.tx, ly = inverse.b * px + inverse.d * py + inverse.ty
                    guard abs(lx - cx) < hx + 3 * blur + 1, abs(ly - cy) < hy + 3 * blur + 1 else { continue }
                    let coverage = RasterMath.clamp(RasterPass.shadow(lx - cx, ly - cy, hx, hy, blur, 12), 0, 1)
                    RasterPass.blend(vector * coverage, into: pixels, at: (y * 200 + x) * 4)
                }
            }
        }
        let largest = zip(drawn, reference).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(largest <= 2, "blur \(blur): \(largest) levels apart")
        #expect(try drawn != Self.draw(nil), "the shadow drew")
    }

    /// A turned, scaled, faded image against bilinear sampling in doubles at every pixel, with
    /// the edge coverage of the distance to its rectangle (the formula the fixed-point rows
    /// replaced): within 2 levels everywhere.
    @Test func aTurnedImageFollowsTheBilinearFormula() throws {
        var image = RGBAImage(width: 23, height: 17)
        for y in 0..<17 {
            for x in 0..<23 {
                let alpha = UInt8(120 + (x * 5 + y * 3) % 136)
                let offset = (y * 23 + x) * 4
                image.pixels[offset] = UInt8((x * 37 + y * 11) % 256)
                image.pixels[offset + 1] = UInt8((x * 13 + y * 29) % 256)
                image.pixels[offset + 2] = UInt8((x * 7 + y * 53) % 256)
                image.pixels[offset + 3] = alpha
            }
        }
        let rect = Rect(x: 40, y: 30, width: 120, height: 90)
        let transform = AffineTransform(translationX: -100, y: -75).concatenating(AffineTransform(rotation: 0.4))
            .concatenating(AffineTransform(scaleX: 1.1, y: 0.9)).concatenating(AffineTransform(translationX: 100, y: 80))
        let draw = ImageDraw(key: "pattern", image: image, rect: rect, alpha: 0.85, transform: transform)
        let drawn = try Self.draw(.image(draw))
        // The reference: what the per-pixel closure computed.
        var reference = try Self.draw(nil)
        let inverse = try #require(transform.inverted)
        let premultiplied = image.premultipliedPixels
        let (scaleX, scaleY) = transform.axisScales
        let (hx, hy, cx, cy) = (rect.width / 2, rect.height / 2, rect.minX + rect.width / 2, rect.minY + rect.height / 2)
        let sx = Double(image.width) / rect.width, sy = Double(image.height) / rect.height
        reference.withUnsafeMutableBufferPointer { pixels in
            for y in 0..<160 {
                for x in 0..<200 {
                    let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
                    let lx = inverse.a * px + inverse.c * py + inverse.tx, ly = inverse.b * px + inverse.d * py + inverse.ty
                    let coverage = RasterMath.clamp(0.5 - RasterMath.pixelDistance(lx - cx, ly - cy, hx, hy, 0, scaleX, scaleY), 0, 1)
                    guard coverage > 0 else { continue }
                    let colour = RasterPass.bilinear(premultiplied, width: image.width, height: image.height,
                                                     x: (lx - rect.minX) * sx - 0.5, y: (ly - rect.minY) * sy - 0.5) * (0.85 * coverage / 255)
                    RasterPass.blend(colour, into: pixels, at: (y * 200 + x) * 4)
                }
            }
        }
        let largest = zip(drawn, reference).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(largest <= 2, "\(largest) levels apart")
    }
}
