import CadenceDraw
import CadenceImage
import Foundation
import Testing

@Suite struct CompareCommandTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "cadence-compare-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let base = RGBAImage(width: 10, height: 10, fill: (100, 100, 100, 255))
        try base.writePNG(to: folder + "/a.png")
        var changed = base
        changed.pixels[0] = 104  // one pixel, off by 4
        try changed.writePNG(to: folder + "/b.png")
        try RGBAImage(width: 5, height: 5).writePNG(to: folder + "/small.png")
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: folder + "/text.png"))
    }

    @Test func identicalImagesMatch() throws {
        let result = try CLI.run(["compare", "a.png", "a.png"], in: folder)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("match: 0 of 100 pixels differ by more than 2"))
    }

    /// GL drivers round blends differently by a level or two: the default (CadenceTesting's)
    /// tolerates that on every pixel, not three on one.
    @Test func theDefaultToleratesADifferenceOfTwo() throws {
        var offByTwo = RGBAImage(width: 10, height: 10, fill: (100, 100, 100, 255))
        for index in stride(from: 0, to: offByTwo.pixels.count, by: 4) { offByTwo.pixels[index] = 102 }
        try offByTwo.writePNG(to: folder + "/two.png")
        #expect(try CLI.run(["compare", "a.png", "two.png"], in: folder).status == 0)
        #expect(try CLI.run(["compare", "a.png", "two.png", "--tolerance", "1"], in: folder).status == 1)
        offByTwo.pixels[0] = 103
        try offByTwo.writePNG(to: folder + "/three.png")
        #expect(try CLI.run(["compare", "a.png", "three.png"], in: folder).status == 1)
    }

    @Test func aDifferenceFailsUnlessTolerated() throws {
        let strict = try CLI.run(["compare", "a.png", "b.png", "--diff", "diff.png", "--isolated-diff", "only.png"], in: folder)
        #expect(strict.status == 1)
        #expect(strict.stdout.hasPrefix("DIFFERENT: 1 of 100 pixels differ by more than 2 (0.010000, allowed 0.000000); max channel difference 4"))
        let diff = try RGBAImage(contentsOfPNG: folder + "/diff.png")
        #expect(diff[0, 0] == (255, 0, 0, 255) && diff[5, 5] != (255, 0, 0, 255))
        let only = try RGBAImage(contentsOfPNG: folder + "/only.png")
        #expect(only[0, 0] == (104, 100, 100, 255) && only[5, 5] == (0, 0, 0, 0))
        #expect(try CLI.run(["compare", "a.png", "b.png", "--tolerance", "4"], in: folder).status == 0)
        #expect(try CLI.run(["compare", "a.png", "b.png", "--max-diff-fraction", "0.01"], in: folder).status == 0)
    }

    @Test(arguments: [
        (["compare", "a.png", "small.png"], "small.png is 5x5 but a.png is 10x10"),
        (["compare", "a.png", "text.png"], "cannot read PNG text.png"),
        (["compare", "a.png", "missing.png"], "cannot read PNG missing.png"),
    ])
    func badInputExitsTwo(arguments: [String], message: String) throws {
        let result = try CLI.run(arguments, in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}
