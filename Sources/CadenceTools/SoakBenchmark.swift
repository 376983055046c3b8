import CadenceDraw
import CadenceEngine
import CadenceImage
import CadenceRender
import CadenceScene
import CadenceTiming
import Foundation

/// What a long render does to memory, for `cadence bench soak`.
public struct SoakBenchmarkResult: Sendable {
    /// Frames rendered.
    public var frames: Int
    /// Frame width in pixels.
    public var width: Int
    /// Frame height in pixels.
    public var height: Int
    /// Every how many frames one was encoded as a PNG (0: none).
    public var pngEvery: Int
    /// Wall-clock seconds of the whole run.
    public var seconds: Double
    /// Resident memory (VmRSS, MiB) after each tenth of the frames, the first after frame 1.
    public var residentMegabytes: [Double]

    /// Resident memory after the first frame, MiB.
    public var startRSS: Double { residentMegabytes.first ?? 0 }
    /// Resident memory after the last frame, MiB.
    public var endRSS: Double { residentMegabytes.last ?? 0 }
    /// The largest sample, MiB.
    public var maxRSS: Double { residentMegabytes.max() ?? 0 }

    /// The object `--json` prints.
    public var json: String {
        let samples = residentMegabytes.map { "\(round3($0))" }.joined(separator: ", ")
        return "{\"frames\": \(frames), \"size\": \"\(width)x\(height)\", \"png_every\": \(pngEvery), \"seconds\": \(round3(seconds)), "
            + "\"rss_start_mb\": \(round3(startRSS)), \"rss_end_mb\": \(round3(endRSS)), \"rss_max_mb\": \(round3(maxRSS)), "
            + "\"rss_growth_mb\": \(round3(endRSS - startRSS)), \"rss_samples_mb\": [\(samples)]}"
    }
}

private func round3(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

/// A soak: many frames through the frame loop on the damage path, as a render runs them, with
/// resident memory sampled as it goes; it must stay flat.
public enum SoakBenchmark {
    /// The most frames a soak takes (about 28 hours of 60 fps timeline).
    nonisolated public static let maximumFrames = 6_000_000

    /// Renders frames 0 ..< `frames` of `scene` at `fps` (read back each, as a render does),
    /// encodes every `pngEvery`-th as a PNG into a file in a private scratch folder (0: none;
    /// the folder is removed after), and samples VmRSS after the first frame and after each tenth.
    public static func run(
        scene: Scene, frames: Int, width: Int, height: Int, pngEvery: Int, fps: Double = 60, backend: RenderBackendKind = .default
    ) throws(EngineError) -> SoakBenchmarkResult {
        guard (1...maximumFrames).contains(frames) else {
            throw .invalidOption(name: "frames", message: "must be 1...\(maximumFrames), got \(frames)")
        }
        guard pngEvery >= 0 else { throw .invalidOption(name: "pngEvery", message: "must be 0 or more, got \(pngEvery)") }
        let renderer = try OffscreenRenderer(width: width, height: height, backend: backend)
        let images = ImageStore()
        images.prefetch(scene.imageSources)
        let folder = try RenderBenchmark.scratchFolder("cadence-soak-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sink = SoakSink(renderer: renderer, frames: frames, pngEvery: pngEvery, scratch: folder + "/soak.png")
        let start = HostClock.now()
        try FrameLoop(scene: scene, context: DrawContext(images: images)).run(frames: 0..<frames, fps: fps, into: sink)
        return SoakBenchmarkResult(
            frames: frames, width: width, height: height, pngEvery: pngEvery,
            seconds: Double(HostClock.now() - start) / 1e9, residentMegabytes: sink.samples
        )
    }

    /// VmRSS from /proc/self/status: memory resident now, MiB.
    static func residentMegabytes() -> Double { RenderBenchmark.processStatusMegabytes("VmRSS") }
}

/// Draws and reads back each frame, encodes some, and samples memory at fixed frames.
private final class SoakSink: FrameSink {
    let renderer: OffscreenRenderer

    var frameSize: Size? { renderer.frameSize }
    let pngEvery: Int
    let scratch: String
    let sampleFrames: Set<Int>
    var samples: [Double] = []

    init(renderer: OffscreenRenderer, frames: Int, pngEvery: Int, scratch: String) {
        self.renderer = renderer
        self.pngEvery = pngEvery
        self.scratch = scratch
        sampleFrames = Set([0] + (1...10).map { frames * $0 / 10 - 1 })
    }

    func take(_ list: DisplayList, frame: FrameInfo) throws(EngineError) {
        let image = try renderer.render(list)
        if pngEvery > 0, frame.index % pngEvery == 0 {
            do throws(PNGError) {
                try image.writePNG(to: scratch)
            } catch {
                throw .png(error)
            }
        }
        if sampleFrames.contains(frame.index) { samples.append(SoakBenchmark.residentMegabytes()) }
    }
}
