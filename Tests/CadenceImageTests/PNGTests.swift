import CadenceImage
import Foundation
import Testing
import CadenceDraw

@Suite struct PNGTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "cadence-png-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func gradient(width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 4
                image.pixels[offset] = UInt8(x * 255 / max(width - 1, 1))
                image.pixels[offset + 1] = UInt8(y * 255 / max(height - 1, 1))
                image.pixels[offset + 2] = UInt8((x + y) % 256)
                image.pixels[offset + 3] = UInt8(255 - (x % 128))
            }
        }
        return image
    }

    @Test(arguments: [
        PNGOptions(level: 0, filter: .none, encoder: .libpng), PNGOptions(level: 1, filter: .up, encoder: .libpng),
        PNGOptions(level: 6, filter: .adaptive, encoder: .libpng), PNGOptions(level: 9, filter: .paeth, encoder: .libpng),
        PNGOptions(level: 1, filter: .none, encoder: .libdeflate), PNGOptions(level: 1, filter: .up, encoder: .libdeflate),
        PNGOptions(level: 9, filter: .up, encoder: .libdeflate), PNGOptions(level: 0, filter: .none, encoder: .libdeflate),
    ])
    func roundTripsEveryLevelAndFilter(options: PNGOptions) throws {
        let image = gradient(width: 37, height: 23)
        let path = folder + "/round-trip.png"
        try image.writePNG(to: path, options: options)
        #expect(try RGBAImage(contentsOfPNG: path) == image)
    }

    @Test func higherLevelsAreSmallerOnSmoothImages() throws {
        let image = gradient(width: 256, height: 256)
        try image.writePNG(to: folder + "/fast.png", options: PNGOptions(level: 0, filter: .none, encoder: .libpng))
        try image.writePNG(to: folder + "/small.png", options: PNGOptions(level: 9, filter: .adaptive, encoder: .libpng))
        let fast = try FileManager.default.attributesOfItem(atPath: folder + "/fast.png")[.size] as! Int
        let small = try FileManager.default.attributesOfItem(atPath: folder + "/small.png")[.size] as! Int
        #expect(small < fast)
    }

    @Test func writeLeavesNoTemporaryFiles() throws {
        try gradient(width: 8, height: 8).writePNG(to: folder + "/frame.png")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["frame.png"])
    }

    @Test func failedWriteNamesThePathAndLeavesNothing() throws {
        let path = folder + "/missing-folder/frame.png"
        #expect {
            try gradient(width: 4, height: 4).writePNG(to: path)
        } throws: { error in
            (error as? PNGError).map { "\($0)".contains(path) } ?? false
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func failedWriteKeepsThePreviousFile() throws {
        let path = folder + "/frame.png"
        let original = gradient(width: 4, height: 4)
        try original.writePNG(to: path)
        #expect(throws: PNGError.invalidLevel(12)) {
            try gradient(width: 9, height: 9).writePNG(to: path, options: PNGOptions(level: 12))
        }
        #expect(try RGBAImage(contentsOfPNG: path) == original)
    }

    @Test func readingGarbageNamesTheFile() throws {
        let path = folder + "/not-a.png"
        try Data("hello".utf8).write(to: URL(fileURLWithPath: path))
        #expect {
            try RGBAImage(contentsOfPNG: path)
        } throws: { error in
            "\(error)".contains(path)
        }
    }
}
