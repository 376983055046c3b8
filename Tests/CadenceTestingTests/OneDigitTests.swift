import CadenceDraw
import CadenceEngine
import CadenceImage
import CadenceScene
import CadenceTesting
import Foundation
import Testing

/// The default tolerance catches one changed digit: a counting label that ends at 48,251
/// instead of 48,250 fails its sheet golden, and the failure names the times that differ and
/// leaves an isolated diff beside the actual and diff images.
@MainActor
@Suite struct OneDigitTests {
    static func scene(to value: Double) throws -> Scene {
        let json = """
            {"name": "score", "size": [640, 360], "background": "#FFFFFF",
             "nodes": [{"type": "CountingLabel", "id": "score", "frame": [40, 140, 560, 80],
                        "attributes": {"font": "DejaVu Sans Bold 48", "grouping": true, "method": "easeOut", "alignment": "center"}}],
             "events": [{"at": 0, "target": "score", "type": "count", "from": 0, "to": \(value), "duration": 1}]}
            """
        return try SceneFile.parse(Data(json.utf8), file: "score.json", strict: true).scene
    }

    @Test func aChangedDigitFailsTheSheetAtTheDefaultTolerance() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-digit-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let check = GoldenCheck(directory: folder, failureDirectory: folder + "/failures")
        let times = [0, 0.25, 0.5, 1.0, 1.5, 2.0]
        let layout = FrameGoldenLayout.sheet()
        let golden = try layout.frames(of: Self.scene(to: 48_250), at: times, named: "score", backend: .cpu)[0]
        try golden.image.writePNG(to: check.goldenPath(named: "score"))
        let changed = try layout.frames(of: Self.scene(to: 48_251), at: times, named: "score", backend: .cpu)[0]

        let diff = try #require(ImageDiff(expected: golden.image, actual: changed.image, tolerance: ImageDiff.defaultTolerance))
        #expect(diff.differingPixels > 0)
        // A few hundred pixels of a sheet: under any allowance of a share of the pixels, a
        // larger sheet would hide it (the had 518 of 737,056, 0.07 %).
        #expect(diff.differingFraction < 0.005)

        let outcome = check.compare(changed.image, named: "score", regions: changed.regions)
        #expect(!outcome.passed)
        // Only the frames whose value changed differ: not the first ones, where both round alike.
        #expect(outcome.message.contains("differs at: t = 0.5 s ("), "\(outcome.message)")
        #expect(outcome.message.contains("t = 1.0 s ("), "\(outcome.message)")
        #expect(outcome.message.contains("t = 2.0 s ("), "\(outcome.message)")
        #expect(!outcome.message.contains("t = 0.0 s"), "\(outcome.message)")
        for suffix in ["actual", "diff", "isolated"] {
            #expect(FileManager.default.fileExists(atPath: "\(folder)/failures/score.\(suffix).png"), "\(suffix)")
        }
        let isolated = try RGBAImage(contentsOfPNG: "\(folder)/failures/score.isolated.png")
        let opaque = stride(from: 3, to: isolated.pixels.count, by: 4).filter { isolated.pixels[$0] != 0 }.count
        #expect(opaque == diff.differingPixels)

        #expect(check.compare(golden.image, named: "score", regions: golden.regions).passed)
    }
}
