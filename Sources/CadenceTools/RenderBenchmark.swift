import CadenceDraw
import CadenceEngine
import CadenceFiles
import CadenceImage
import CadenceRender
import CadenceScene
import CadenceText
import CadenceTiming
import Foundation

/// Offscreen rendering speed, for `cadence bench render`.
public struct RenderBenchmarkResult: Sendable {
    /// Frames rendered per measurement.
    public var frames: Int
    /// Frame width in pixels.
    public var width: Int
    /// Frame height in pixels.
    public var height: Int
    /// PNG encoder threads of the dump.
    public var jobs: Int
    /// How frames came back from the GPU.
    public var readback: ReadbackMode
    /// Frames per second for scene + GL + readback, no PNG, redrawing only what changed.
    public var renderFPS: Double
    /// The pixels the damage-tracked run redrew, as a fraction of all its frames' pixels.
    public var redrawnFraction: Double
    /// The same, redrawing every frame whole.
    public var fullRedrawFPS: Double
    /// Frames per second for a whole dump: rendering plus PNG writing on `jobs` threads.
    public var dumpFPS: Double
    /// Median CPU milliseconds per frame of each stage, in order.
    public var stages: [(name: String, milliseconds: Double)]
    /// Peak resident memory of the dump, MiB: the dump runs first, so the process's high-water
    /// mark is the dump's.
    public var peakRSS: Double
    /// The dump's PNG encoder.
    public var pngEncoder: PNGOptions.Encoder = .incremental
    /// The dump's mean file size, bytes.
    public var dumpBytesPerFrame: Double = 0
    /// What drew the frames.
    public var backend: RenderBackendKind = .default

    /// The object `--json` prints, keys in the documented order.
    public var json: String {
        let stageObject = stages.map { "\"\($0.name)\": \(round3($0.milliseconds))" }.joined(separator: ", ")
        return "{\"frames\": \(frames), \"size\": \"\(width)x\(height)\", \"backend\": \"\(backend.rawValue)\", \"jobs\": \(jobs), \"readback\": \"\(readback.rawValue)\", "
            + "\"render_fps\": \(round3(renderFPS)), \"redrawn_fraction\": \(round3(redrawnFraction)), \"full_redraw_fps\": \(round3(fullRedrawFPS)), \"dump_fps\": \(round3(dumpFPS)), "
            + "\"png_encoder\": \"\(pngEncoder.rawValue)\", \"dump_bytes_per_frame\": \(dumpBytesPerFrame.rounded()), "
            + "\"peak_rss_mb\": \(round3(peakRSS)), \"stages_ms\": {\(stageObject)}}"
    }
}

private func round3(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

/// A benchmark's `--frames`: at least `minimum` and at most a render's limit (1,000,000), so no
/// count asks for days of work.
func checkFrameCount(_ frames: Int, atLeast minimum: Int) throws(EngineError) {
    guard frames >= minimum, frames <= FrameDumpSettings.maximumFrameCount else {
        throw .invalidOption(name: "frames", message: "must be \(minimum)...\(FrameDumpSettings.maximumFrameCount), got \(frames)")
    }
}

/// Times offscreen rendering: a dump, each stage apart, and rendering without PNGs.
public enum RenderBenchmark {
    /// Renders `frames` frames of `scene` at `fps` as a real dump into a temporary folder (first,
    /// so the peak memory is the dump's), then without PNGs timing each stage of whole-frame
    /// redraws, then scene + GL + readback redrawing every frame and only what changed.
    ///
    /// Stages: `scene` (the scene at t and its display list: one call in Cadence), `gl_submit`
    /// on GL (drawing, until the GPU has finished) or `draw` on the CPU, `readback` (glReadPixels,
    /// or the canvas copied, into the frame, un-premultiplied) and `encode` (one frame's PNG on
    /// one thread).
    public static func run(scene: Scene, frames: Int, width: Int, height: Int, jobs: Int? = nil, readback: ReadbackMode = .default,
                           fps: Double = 60, png options: PNGOptions = PNGOptions(),
                           backend: RenderBackendKind = .default) throws(EngineError) -> RenderBenchmarkResult {
        try checkFrameCount(frames, atLeast: 1)
        if let jobs, jobs < 1 { throw .invalidOption(name: "jobs", message: "must be at least 1, got \(jobs)") }
        let images = ImageStore()
        images.prefetch(scene.imageSources)
        let sceneTimes: [Double]
        let drawTimes: [Double]
        let readTimes: [Double]
        var encodeTimes: [Double] = []
        let scratch = try scratchFolder("cadence-bench-")
        defer { try? FileManager.default.removeItem(atPath: scratch) }

        // The dump first, so its peak memory is its own: nothing else has run yet.
        var settings = FrameDumpSettings(
            width: width, height: height, fps: fps, duration: Double(frames) / fps, outputDirectory: scratch + "/frames", png: options, jobs: jobs
        )
        settings.readback = readback
        settings.backend = backend
        let dump = try FrameDump.run(scene: scene, settings: settings)
        let dumpPeakRSS = peakResidentMegabytes()
        let dumpBytes = folderBytes(scratch + "/frames")

        // Whole-frame redraws through the frame loop, each stage timed apart: the scene from the
        // start of the frame until its list reaches the sink, then drawing, then readback.
        let sink = StageTimingSink(renderer: try OffscreenRenderer(width: width, height: height, backend: backend), sampleEvery: max(frames / 10, 1))
        let loop = FrameLoop(scene: scene, context: DrawContext(images: images))
        loop.willDraw = { _ in sink.frameStart = HostClock.now() }
        try loop.run(frames: 0..<frames, fps: fps, into: sink)
        sceneTimes = sink.sceneTimes
        drawTimes = sink.drawTimes
        readTimes = sink.readTimes
        for image in sink.encodeSamples {
            let t0 = HostClock.now()
            do throws(PNGError) {
                try image.writePNG(to: scratch + "/sample.png", options: options)
            } catch {
                throw .png(error)
            }
            encodeTimes.append(Double(HostClock.now() - t0) / 1e6)
        }

        let (fullRedrawFPS, _) = try renderOnly(scene: scene, frames: frames, width: width, height: height, fps: fps, images: images,
                                           fullRedraw: true, readback: readback, backend: backend)
        let (damageFPS, redrawn) = try renderOnly(scene: scene, frames: frames, width: width, height: height, fps: fps, images: images,
                                       fullRedraw: false, readback: readback, backend: backend)
        return RenderBenchmarkResult(
            frames: frames, width: width, height: height, jobs: settings.jobs, readback: readback,
            renderFPS: damageFPS,
            redrawnFraction: Double(redrawn) / Double(frames * width * height),
            fullRedrawFPS: fullRedrawFPS,
            dumpFPS: dump.framesPerSecond,
            stages: [("scene", median(sceneTimes)), (backend == .gl ? "gl_submit" : "draw", median(drawTimes)), ("readback", median(readTimes)), ("encode", median(encodeTimes))],
            peakRSS: dumpPeakRSS,
            pngEncoder: options.encoder,
            dumpBytesPerFrame: Double(dumpBytes) / Double(dump.frames),
            backend: backend
        )
    }

    /// Frames per second for scene + GL + readback through `OffscreenRenderer.submit`, as a dump
    /// runs them: the frame loop into a sink that drops the frames. Also the pixels redrawn.
    private static func renderOnly(scene: Scene, frames: Int, width: Int, height: Int, fps: Double, images: ImageStore,
                                   fullRedraw: Bool, readback: ReadbackMode,
                                   backend: RenderBackendKind) throws(EngineError) -> (fps: Double, redrawnPixels: Int) {
        let renderer = try OffscreenRenderer(width: width, height: height, backend: backend)
        renderer.fullRedraw = fullRedraw
        renderer.readback = readback
        let loop = FrameLoop(scene: scene, context: DrawContext(images: images))
        let sink = NullSink(renderer: renderer)
        let start = HostClock.now()
        try loop.run(frames: 0..<frames, fps: fps, into: sink)
        return (Double(frames) / (Double(HostClock.now() - start) / 1e9), sink.redrawnPixels)
    }

    /// The bytes of the files in `folder`.
    private static func folderBytes(_ folder: String) -> Int {
        let manager = FileManager.default
        let names = (try? manager.contentsOfDirectory(atPath: folder)) ?? []
        return names.reduce(0) { total, name in
            total + (((try? manager.attributesOfItem(atPath: folder + "/" + name))?[.size] as? Int) ?? 0)
        }
    }

    private static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        return values.sorted()[values.count / 2]
    }

    /// VmHWM from /proc/self/status: the most memory the process has held resident.
    static func peakResidentMegabytes() -> Double { processStatusMegabytes("VmHWM") }

    /// A memory field of /proc/self/status (`VmHWM`, `VmRSS`, …) in MiB; 0 where there is none.
    static func processStatusMegabytes(_ field: String) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
            return kilobytes / 1024
        }
        return 0
    }
}

/// Draws each frame whole and reads it back, timing the stages apart (milliseconds), and keeps
/// every `sampleEvery`-th image for timing the encoder.
private final class StageTimingSink: FrameSink {
    let renderer: OffscreenRenderer

    var frameSize: Size? { renderer.frameSize }
    let sampleEvery: Int
    /// When the current frame started (set by the loop's `willDraw`).
    var frameStart: UInt64 = 0
    var sceneTimes: [Double] = []
    var drawTimes: [Double] = []
    var readTimes: [Double] = []
    var encodeSamples: [RGBAImage] = []

    init(renderer: OffscreenRenderer, sampleEvery: Int) {
        self.renderer = renderer
        self.sampleEvery = sampleEvery
    }

    func take(_ list: DisplayList, frame: FrameInfo) throws(EngineError) {
        let t1 = HostClock.now()
        try renderer.draw(list)
        let t2 = HostClock.now()
        let image = try renderer.readBack()
        let t3 = HostClock.now()
        sceneTimes.append(Double(t1 - frameStart) / 1e6)
        drawTimes.append(Double(t2 - t1) / 1e6)
        readTimes.append(Double(t3 - t2) / 1e6)
        if frame.index % sampleEvery == 0 { encodeSamples.append(image) }
    }
}

/// One render into an output format, for `cadence bench render --format`.
public struct FormatBenchmarkResult: Sendable {
    /// The format written.
    public var format: OutputFormat
    /// Frames written.
    public var frames: Int
    /// Frames per second of the whole render: scene, GL, readback and encoding.
    public var framesPerSecond: Double
    /// Bytes written: the file, or every frame file for `png`.
    public var bytes: Int

    /// The object `--json` prints under "format".
    public var json: String {
        "{\"format\": \"\(format.rawValue)\", \"frames\": \(frames), \"fps\": \(round3(framesPerSecond)), \"bytes\": \(bytes)}"
    }
}

extension RenderBenchmark {
    /// A new private folder for a benchmark's scratch files (`FilePaths.makeScratchFolder`): a
    /// random name, not the PID, so that a link planted in the shared temporary folder cannot
    /// send the benchmark's writes elsewhere. The caller removes it.
    static func scratchFolder(_ prefix: String) throws(EngineError) -> String {
        do throws(FileProblem) {
            return try FilePaths.makeScratchFolder(prefix: prefix)
        } catch {
            throw .outputDirectory(path: error.path, reason: error.reason)
        }
    }

    /// Renders `frames` frames of `scene` at `fps` into `format` in a temporary folder (removed
    /// after) and times it end to end.
    public static func run(scene: Scene, frames: Int, width: Int, height: Int, format: OutputFormat, jobs: Int? = nil,
                           readback: ReadbackMode = .default, fps: Double = 60,
                           backend: RenderBackendKind = .default) throws(EngineError) -> FormatBenchmarkResult {
        try checkFrameCount(frames, atLeast: 1)
        let scratch = try scratchFolder("cadence-bench-format-")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let output = scratch + (format.isAnimated ? "/animation.\(format.rawValue)" : "/frames")
        var settings = FrameDumpSettings(width: width, height: height, fps: fps, duration: Double(frames) / fps, outputDirectory: output, jobs: jobs)
        settings.format = format
        settings.readback = readback
        settings.backend = backend
        let summary = try FrameDump.run(scene: scene, settings: settings)
        var bytes = 0
        let files = format.isAnimated ? [output] : ((try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []).map { output + "/" + $0 }
        for file in files {
            bytes += ((try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int) ?? 0
        }
        return FormatBenchmarkResult(format: format, frames: summary.frames, framesPerSecond: summary.framesPerSecond, bytes: bytes)
    }
}
