import CadenceDraw
import CadenceEngine
import CadenceImage
import CadenceScene
import CadenceTiming
import Foundation
import Testing

/// The frame loop: a manual clock's frames at exactly n / fps into sinks, times given by hand,
/// hooks before each frame, and failures stopping the loop.
@MainActor
@Suite struct FrameLoopTests {
    @Test func framesOfAManualClockAreTheSceneAtNOverFPS() throws {
        let scene = try OffscreenRendererTests.slidingSquare()
        let sink = try ImageSink(width: 40, height: 20)
        try FrameLoop(scene: scene).run(frames: 2..<6, fps: 4, into: sink)
        let renderer = try OffscreenRenderer(sizeOf: scene)
        #expect(sink.images == (try renderer.render(scene, at: [0.5, 0.75, 1.0, 1.25])))
    }

    @Test func framesAtGivenTimesComeInTheOrderGiven() throws {
        let scene = try OffscreenRendererTests.slidingSquare()
        let sink = try ImageSink(width: 40, height: 20)
        try FrameLoop(scene: scene).run(times: [0.5, 0], into: sink)
        let renderer = try OffscreenRenderer(sizeOf: scene)
        #expect(sink.images == [try renderer.render(scene, at: 0.5), try renderer.render(scene, at: 0)])
    }

    @Test func hooksSeeEachFrameAndPinTheTime() throws {
        let scene = try OffscreenRendererTests.slidingSquare()
        let loop = FrameLoop(scene: scene)
        var seen: [Int] = []
        loop.willDraw = { seen.append($0.index) }
        loop.time = { _ in 0.5 }
        let sink = try ImageSink(width: 40, height: 20)
        try loop.run(frames: 0..<3, fps: 30, into: sink)
        #expect(seen == [0, 1, 2])
        let pinned = try OffscreenRenderer(sizeOf: scene).render(scene, at: 0.5)
        #expect(sink.images == [pinned, pinned, pinned])
    }

    @Test func pngFilesAreNamedByFrameIndex() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-loop-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scene = try OffscreenRendererTests.slidingSquare()
        let sink = PNGFileSink(renderer: try OffscreenRenderer(sizeOf: scene), directory: folder, jobs: 2)
        try FrameLoop(scene: scene).run(frames: 3..<5, fps: 10, into: sink)
        // The loop's finish() waited for the files.
        #expect(sink.written == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["frame_00003.png", "frame_00004.png"])
        let third = try RGBAImage(contentsOfPNG: folder + "/frame_00003.png")
        #expect(third == (try OffscreenRenderer(sizeOf: scene).render(scene, at: 0.3)))
    }

    /// Every sink's `finish()`, which the loop calls, leaves the finished file: no hidden
    /// temporary file waiting for `waitForFile()`, which then only gives the same outcome.
    @Test func animatedFileSinksLeaveTheFileWhenTheLoopEnds() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-sinks-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scene = try OffscreenRendererTests.slidingSquare()
        let apng = try APNGFileSink(renderer: try OffscreenRenderer(sizeOf: scene, backend: .cpu), path: folder + "/a.png", fps: 10)
        try FrameLoop(scene: scene).run(frames: 0..<3, fps: 10, into: apng)
        #expect(FileManager.default.fileExists(atPath: folder + "/a.png"))
        try apng.waitForFile()
        let gif = try FFmpegFileSink(renderer: try OffscreenRenderer(sizeOf: scene, backend: .cpu), path: folder + "/a.gif", format: .gif, fps: 10)
        try FrameLoop(scene: scene).run(frames: 0..<3, fps: 10, into: gif)
        #expect(FileManager.default.fileExists(atPath: folder + "/a.gif"))
        gif.cancel()  // nothing to drop once the file is in place
        #expect(FileManager.default.fileExists(atPath: folder + "/a.gif"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a.gif", "a.png"])
    }

    @Test func aFailingFrameStopsTheLoopAndIsThrown() throws {
        final class Failing: FrameSink {
            var taken = 0
            func take(_ list: DisplayList, frame: FrameInfo) throws(EngineError) {
                taken += 1
                if frame.index == 1 { throw .invalidOption(name: "sink", message: "full") }
            }
        }
        let sink = Failing()
        #expect(throws: EngineError.invalidOption(name: "sink", message: "full")) {
            try FrameLoop(scene: try OffscreenRendererTests.slidingSquare()).run(frames: 0..<10, fps: 10, into: sink)
        }
        #expect(sink.taken == 2)
    }

    @Test func theNullSinkRendersAndDrops() throws {
        let scene = try OffscreenRendererTests.slidingSquare()
        let sink = NullSink(renderer: try OffscreenRenderer(sizeOf: scene))
        try FrameLoop(scene: scene).run(frames: 0..<5, fps: 60, into: sink)
        #expect(sink.frames == 5)
    }
}
