import CadenceDraw
import CadenceImage
import Foundation
import Testing

@Suite struct SheetCommandTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "cadence-sheet-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    @Test func tilesFramesWithLabels() throws {
        let result = try CLI.run(["sheet", "--times", "0,0.5,1,1.5,2", "--columns", "3", "--size", "160x90", "--out", "s.png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let sheet = try RGBAImage(contentsOfPNG: folder + "/s.png")
        // 3 columns of 160 + gaps of 8; 2 rows of 90 + a 24-pixel label + gaps.
        #expect(sheet.width == 3 * 168 + 8 && sheet.height == 2 * (90 + 24 + 8) + 8)
        #expect(result.stdout.hasPrefix("5 frames, \(sheet.width)x\(sheet.height) -> s.png"))
    }

    @Test(arguments: [
        (["--times", "0,abc"], "--times: 'abc' is not a number"),
        (["--times", "0,-1"], "--times: times must be finite and 0 or more"),
        (["--times", "0", "--columns", "0"], "--columns: must be at least 1"),
    ])
    func badOptionsAreClearErrors(arguments: [String], message: String) throws {
        let result = try CLI.run(["sheet", "--out", "bad.png"] + arguments, in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/bad.png"))
    }
}
