import CadenceDraw
import CadenceEngine
import CadenceImage
import CadenceScene
import CadenceTesting
import Foundation
import Testing

/// `assertFrames` and `GoldenCheck` as a user's suite meets them: matching goldens pass,
/// missing ones fail saying how to record them, mismatches leave actual and diff images.
@MainActor
@Suite struct AssertFramesTests {
    /// A 64 × 48 scene: a rounded orange layer fading in and sliding right over a second.
    nonisolated static func scene() throws -> Scene {
        let json = """
            {"name": "fade", "size": [64, 48], "background": "#FFFFFF",
             "nodes": [{"type": "Layer", "id": "dot", "frame": [8, 12, 24, 24], "cornerRadius": 12,
                        "backgroundColor": "#FF9500",
                        "animations": [{"keyPath": "opacity", "from": 0, "to": 1, "duration": 1, "fillMode": "both"},
                                       {"keyPath": "position.x", "from": 20, "to": 44, "duration": 1, "timingFunction": "linear"}]}]}
            """
        return try SceneFile.parse(Data(json.utf8), file: "fade.json", strict: true).scene
    }

    @Test func aSheetMatchesItsGolden() throws {
        #expect(assertFrames(of: try Self.scene(), at: [0, 0.25, 0.5, 1.0], named: "fade-sheet"))
    }

    @Test func framesOnePerTimeMatchTheirGoldens() throws {
        #expect(assertFrames(of: try Self.scene(), at: [0.5, 1.0], named: "fade", as: .perTime, tolerance: .exact))
    }

    @Test func aMissingGoldenFailsSayingHowToRecordIt() throws {
        try #require(!GoldenCheck.isRecording, "not while recording")
        let scene = try Self.scene()
        withKnownIssue {
            assertFrames(of: scene, at: [0], named: "no-such-golden")
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("CADENCE_RECORD_GOLDENS=1") && $0.rawValue.contains("no golden no-such-golden") }
        }
    }

    @Test func aMismatchWritesTheActualAndDiffImages() throws {
        try #require(!GoldenCheck.isRecording, "not while recording")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-testing-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let check = GoldenCheck(directory: folder, failureDirectory: folder + "/failures")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try RGBAImage(width: 4, height: 4, fill: (255, 255, 255, 255)).writePNG(to: check.goldenPath(named: "white"))
        let outcome = check.compare(RGBAImage(width: 4, height: 4, fill: (0, 0, 0, 255)), named: "white", tolerance: 2, maxDifferingFraction: 0)
        #expect(!outcome.passed)
        #expect(outcome.message.contains("16 of 16 pixels differ"))
        for suffix in ["actual", "diff"] {
            let path = "\(folder)/failures/white.\(suffix).png"
            #expect(outcome.message.contains(path))
            #expect(FileManager.default.fileExists(atPath: path))
        }
    }

    @Test func badTimesAreFailuresNotTraps() throws {
        let scene = try Self.scene()
        withKnownIssue {
            assertFrames(of: scene, at: [-1], named: "fade-negative")
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("times must be finite and 0 or more") }
        }
        withKnownIssue {
            assertFrames(of: scene, at: [], named: "fade-empty")
        }
    }
}
