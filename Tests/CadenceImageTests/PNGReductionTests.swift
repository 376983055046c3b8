import CadenceDraw
import CadenceImage
import Foundation
import Testing

/// Issue 27, class 9: a PNG of more pixels than the reader's limit is refused, or read smaller a
/// row at a time, so memory is that of the smaller image.
@Suite struct PNGReductionTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "cadence-png-reduce-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// 64 × 48: left half columns alternate opaque red and opaque blue; the right half opaque red and
    /// transparent green.
    func write() throws -> String {
        var image = RGBAImage(width: 64, height: 48)
        for y in 0..<48 {
            for x in 0..<64 {
                let offset = (y * 64 + x) * 4
                let pixel: [UInt8] = x.isMultiple(of: 2) ? [255, 0, 0, 255] : (x < 32 ? [0, 0, 255, 255] : [0, 255, 0, 0])
                image.pixels.replaceSubrange(offset..<offset + 4, with: pixel)
            }
        }
        let path = folder + "/blocks.png"
        try image.writePNG(to: path)
        return path
    }

    @Test func largerImagesAreReadReducedByAWholeFactor() throws {
        let path = try write()
        // At most 16 × 12 pixels: a factor of 4.
        let reduced = try RGBAImage(contentsOfPNG: path, maximumPixels: 16 * 12, reducingLarger: true)
        #expect(reduced.width == 16 && reduced.height == 12)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(reduced.pixels[(y * 16 + x) * 4 ..< (y * 16 + x) * 4 + 4]) }
        // Red and blue averaged; red over transparent keeps its colour at half the alpha.
        #expect(pixel(0, 0) == [128, 0, 128, 255])
        #expect(pixel(15, 11) == [255, 0, 0, 128])
        // Within the limit, the image is read as it is.
        let whole = try RGBAImage(contentsOfPNG: path, maximumPixels: 64 * 48, reducingLarger: true)
        #expect(whole.width == 64 && whole.height == 48)
        // A factor that does not divide the sides rounds the last block up: 64 × 48 over 3 is 22 × 16.
        let odd = try RGBAImage(contentsOfPNG: path, maximumPixels: 22 * 16, reducingLarger: true)
        #expect(odd.width == 22 && odd.height == 16)
    }

    @Test func largerImagesAreRefusedWithoutReduction() throws {
        let path = try write()
        #expect {
            _ = try RGBAImage(contentsOfPNG: path, maximumPixels: 1000)
        } throws: { error in
            "\(error)".contains("64x48 pixels is above the limit of 1000 pixels")
        }
    }
}
