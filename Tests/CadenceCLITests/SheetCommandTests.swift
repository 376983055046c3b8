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

    @Test func columnsBeyondTheFramesAreOneRow() throws {
        // Int.max columns used to overflow counting the rows (a trap).
        let result = try CLI.run(["sheet", "--times", "0,0.5", "--columns", "9223372036854775807", "--size", "160x90", "--out", "wide.png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let sheet = try RGBAImage(contentsOfPNG: folder + "/wide.png")
        #expect(sheet.width == 2 * 168 + 8 && sheet.height == 90 + 24 + 8 + 8)
    }

    @Test(arguments: [
        (["--times", "0,abc"], "--times: 'abc' is not a number"),
        (["--times", "0,-1"], "--times: times must be from 0 to 10000000 s, got -1"),
        (["--times", "0,1e308"], "--times: times must be from 0 to 10000000 s, got 1e+308"),
        (["--times", "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64", "--columns", "65"], "above the limit of 16384 pixels a side"),
        (["--times", "0", "--size", "-5x5"], "--size must be WxH with whole sides from 1 to 16384, got -5x5"),
        (["--times", "0", "--columns", "0"], "--columns: must be at least 1"),
    ])
    func badOptionsAreClearErrors(arguments: [String], message: String) throws {
        let result = try CLI.run(["sheet", "--out", "bad.png"] + arguments, in: folder)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/bad.png"))
    }
}
