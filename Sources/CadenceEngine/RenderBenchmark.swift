import CadenceDraw
import CadenceImage
import CadenceScene
import CadenceText
import CadenceTiming
import Foundation

/// Offscreen rendering speed, for `cadence bench render`.
public struct RenderBenchmarkResult: Sendable {
    public var frames: Int
    public var width: Int
    public var height: Int
    public var jobs: Int
    /// How frames came back from the GPU.
    public var readback: ReadbackMode
    /// Frames per second for scene + GL + readback, no PNG, redrawing only what changed.
    public var renderFPS: Double
    /// The same, redrawing every frame whole.
    public var fullRedrawFPS: Double
    /// Frames per second for a whole dump: rendering plus PNG writing on `jobs` threads.
    public var dumpFPS: Double
    /// Median CPU milliseconds per frame of each stage, in order.
    public var stages: [(name: String, milliseconds: Double)]
    /// Peak resident memory of the dump, MiB: the dump runs first, so the process's high-water
    /// mark is the dump's.
    public var peakRSS: Double

    public var json: String {
        let stageObject = stages.map { "\"\($0.name)\": \(round3($0.milliseconds))" }.joined(separator: ", ")
        return "{\"frames\": \(frames), \"size\": \"\(width)x\(height)\", \"jobs\": \(jobs), \"readback\": \"\(readback.rawValue)\", "
            + "\"render_fps\": \(round3(renderFPS)), \"full_redraw_fps\": \(round3(fullRedrawFPS)), \"dump_fps\": \(round3(dumpFPS)), "
            + "\"peak_rss_mb\": \(round3(peakRSS)), \"stages_ms\": {\(stageObject)}}"
    }
}

private func round3(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

public enum RenderBenchmark {
    /// Renders `frames` frames of `scene` at `fps` as a real dump into a temporary folder (first,
    /// so the peak memory is the dump's), then without PNGs timing each stage of whole-frame
    /// redraws, then scene + GL + readback redrawing every frame and only what changed.
    ///
    /// Stages: `scene` (the scene at t and its display list: one call in Cadence), `gl_submit`
    /// (drawing, until the GPU has finished), `readback` (glReadPixels into the frame, un-premultiply) and
    /// `encode` (one frame's PNG on one thread).
    public static func run(scene: Scene, frames: Int, width: Int, height: Int, jobs: Int, readback: ReadbackMode = .default,
                           fps: Double = 60) throws(EngineError) -> RenderBenchmarkResult {
        guard frames >= 1 else { throw .invalidOption(name: "--frames", message: "must be at least 1, got \(frames)") }
        guard jobs >= 1 else { throw .invalidOption(name: "--jobs", message: "must be at least 1, got \(jobs)") }
        let images = ImageStore()
        images.prefetch(scene.imageSources)
        var sceneTimes: [Double] = []
        var drawTimes: [Double] = []
        var readTimes: [Double] = []
        var encodeTimes: [Double] = []
        let options = PNGOptions()
        let scratch = NSTemporaryDirectory() + "cadence-bench-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }

        // The dump first, so its peak memory is its own: nothing else has run yet.
        var settings = FrameDumpSettings(
            width: width, height: height, fps: fps, duration: Double(frames) / fps, outputDirectory: scratch + "/frames", png: options, jobs: jobs
        )
        settings.readback = readback
        let dump = try FrameDump.run(scene: scene, settings: settings)
        let dumpPeakRSS = peakResidentMegabytes()

        let renderer = try OffscreenRenderer(width: width, height: height)

        let start = HostClock.now()
        var encodeSamples: [RGBAImage] = []
        for index in 0..<frames {
            let t0 = HostClock.now()
            let list: DisplayList
            do throws(TextError) {
                list = try scene.displayList(at: Double(index) / fps, images: images)
            } catch {
                throw .text(error)
            }
            let t1 = HostClock.now()
            try renderer.draw(list)
            let t2 = HostClock.now()
            let image = try renderer.readBack()
            let t3 = HostClock.now()
            sceneTimes.append(Double(t1 - t0) / 1e6)
            drawTimes.append(Double(t2 - t1) / 1e6)
            readTimes.append(Double(t3 - t2) / 1e6)
            if index % max(frames / 10, 1) == 0 { encodeSamples.append(image) }
        }
        let renderSeconds = Double(HostClock.now() - start) / 1e9
        for image in encodeSamples {
            let t0 = HostClock.now()
            do throws(PNGError) {
                try image.writePNG(to: scratch + "/sample.png", options: options)
            } catch {
                throw .png(error)
            }
            encodeTimes.append(Double(HostClock.now() - t0) / 1e6)
        }
        encodeSamples = []

        let fullRedrawFPS = try renderOnly(scene: scene, frames: frames, width: width, height: height, fps: fps, images: images,
                                           fullRedraw: true, readback: readback)
        let damageFPS = try renderOnly(scene: scene, frames: frames, width: width, height: height, fps: fps, images: images,
                                       fullRedraw: false, readback: readback)
        _ = renderSeconds
        return RenderBenchmarkResult(
            frames: frames, width: width, height: height, jobs: jobs, readback: readback,
            renderFPS: damageFPS,
            fullRedrawFPS: fullRedrawFPS,
            dumpFPS: dump.framesPerSecond,
            stages: [("scene", median(sceneTimes)), ("gl_submit", median(drawTimes)), ("readback", median(readTimes)), ("encode", median(encodeTimes))],
            peakRSS: dumpPeakRSS
        )
    }

    /// Frames per second for scene + GL + readback through `OffscreenRenderer.submit`, as a dump
    /// runs them.
    private static func renderOnly(scene: Scene, frames: Int, width: Int, height: Int, fps: Double, images: ImageStore,
                                   fullRedraw: Bool, readback: ReadbackMode) throws(EngineError) -> Double {
        let renderer = try OffscreenRenderer(width: width, height: height)
        renderer.fullRedraw = fullRedraw
        renderer.readback = readback
        let start = HostClock.now()
        for index in 0..<frames {
            let list: DisplayList
            do throws(TextError) {
                list = try scene.displayList(at: Double(index) / fps, images: images)
            } catch {
                throw .text(error)
            }
            _ = try renderer.submit(list)
        }
        _ = try renderer.finish()
        return Double(frames) / (Double(HostClock.now() - start) / 1e9)
    }

    private static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        return values.sorted()[values.count / 2]
    }

    /// VmHWM from /proc/self/status: the most memory the process has held resident.
    static func peakResidentMegabytes() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
            return kilobytes / 1024
        }
        return 0
    }
}
