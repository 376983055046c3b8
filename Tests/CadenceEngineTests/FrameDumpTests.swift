import CadenceEngine
import Foundation
import Testing

/// Frame dumps: file names, settings checks, and the files a dump writes.
@MainActor
@Suite struct FrameDumpTests {
    @Test func fileNamesArePaddedToFiveDigits() {
        #expect(FrameDump.fileName(ofFrame: 0) == "frame_00000.png")
        #expect(FrameDump.fileName(ofFrame: 42) == "frame_00042.png")
        #expect(FrameDump.fileName(ofFrame: 123_456) == "frame_123456.png")
    }

    @Test func settingsOutOfRangeAreErrors() {
        let good = FrameDumpSettings(width: 10, height: 10, fps: 30, duration: 1, outputDirectory: "/tmp/unused")
        #expect(throws: Never.self) { try good.validate() }
        var settings = good
        settings.fps = 0
        #expect(throws: EngineError.self) { try settings.validate() }
        settings = good
        settings.width = 0
        #expect(throws: EngineError.self) { try settings.validate() }
        settings = good
        settings.jobs = 0
        #expect(throws: EngineError.self) { try settings.validate() }
    }

    @Test func aDumpWritesOneFilePerFrame() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-engine-dump-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let settings = FrameDumpSettings(width: 40, height: 20, fps: 10, duration: 0.5, outputDirectory: folder)
        let summary = try FrameDump.run(scene: try OffscreenRendererTests.slidingSquare(), settings: settings)
        #expect(summary.frames == 5)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(files == (0..<5).map(FrameDump.fileName(ofFrame:)))
    }
}
