import Foundation
import Testing

/// Issue 27, class 9: a render inside the limits stays inside the 2 GiB memory budget. A frame
/// costs about 16 bytes a pixel (framebuffer, background picture, read-back frame, kept frame),
/// so frames and sheets are capped at 2²⁶ pixels; a 16384² frame took 4.3 GiB.
@Suite struct MemoryBudgetTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "cadence-memory-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func expectRejected(_ arguments: [String], status: Int32, message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try CLI.run(arguments, in: folder)
        #expect(result.status == status, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"), "\(arguments) left files", sourceLocation: sourceLocation)
    }

    @Test func aFrameOverTheBudgetIsAnOptionError() throws {
        try expectRejected(
            ["render", "--size", "16384x16384", "--out", "out"], status: 64,
            message: "--size: 16384x16384 is 268435456 pixels, above the limit of 67108864 (8192x8192"
        )
        try expectRejected(["render", "--size", "8192x8193", "--out", "out"], status: 64, message: "above the limit of 67108864")
        try expectRejected(["sheet", "--times", "0", "--size", "16384x8192", "--out", "out"], status: 64, message: "above the limit of 67108864")
    }

    @Test func aSceneWhoseOwnSizeIsOverTheBudgetNeedsASmallerSize() throws {
        try Data(#"{"size": [16384, 16384], "nodes": []}"#.utf8).write(to: URL(fileURLWithPath: folder + "/s.json"))
        try expectRejected(["render", "s.json", "--frames", "0..0", "--out", "out"], status: 64, message: "--size: 16384x16384 is 268435456 pixels")
        try expectRejected(["check", "fps", "s.json", "--duration", "0.5"], status: 64, message: "16384x16384 is 268435456 pixels")
        let fitted = try CLI.run(["render", "s.json", "--size", "64x64", "--frames", "0..0", "--out", "out"], in: folder)
        #expect(fitted.status == 0, "\(fitted.stderr)")
    }

    @Test func aSheetOverTheBudgetSaysHowToShrinkIt() throws {
        try expectRejected(
            ["sheet", "--times", "0,1,2,3,4,5,6,7", "--size", "4000x4000", "--columns", "4", "--out", "out"], status: 64,
            message: "--times: 8 frames in 4 columns make a sheet of 16040x8072 is 129474880 pixels"
        )
    }
}
