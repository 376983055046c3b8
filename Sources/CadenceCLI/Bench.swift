import ArgumentParser
import CadenceDraw
import CadenceEngine
import CadenceImage
import CadenceScene
import CadenceTools
import Foundation

/// `cadence bench …`: measurements, each with a human table and `--json`.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure Cadence: offscreen rendering, the window's loop, frame pacing, curves, text, memory over a long render, Lottie files, batches of files, and display lists for other libraries.",
        subcommands: [RenderSpeed.self, WindowLoop.self, Pacing.self, Curves.self, Text.self, Soak.self, Lists.self, LottieSpeed.self, BatchSpeed.self]
    )
}

/// `cadence bench pacing`: the deadline-paced driver against a naive relative-sleep timer.
struct Pacing: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the paced driver and a naive timer with simulated work; print jitter, drift and dropped frames.",
        discussion: """
        Jitter is |interval - period| between consecutive callback starts; drift is how far the last \
        callback is from the vsync grid of the first; dropped counts vsyncs that passed with no callback.
        """
    )

    @Option(help: "Frames per driver.")
    var frames = 600

    @Option(help: "Refresh rate to pace at, Hz.")
    var fps: Double = 60

    @Option(name: .customLong("work-ms"), help: "Simulated work per frame (a busy loop), milliseconds.")
    var workMilliseconds: Double = 2

    @Option(name: .customLong("spin-ms"), help: "How long before each deadline the paced driver stops sleeping and spins, milliseconds.")
    var spinMilliseconds: Double = 0.5

    @Option(parsing: .unconditional, help: "Play a display clock instead of a fixed grid: a trace file (all its vsyncs) or a spec (vrr:120,80,60@0.5s, jitter:0.5ms,seed=7, drop:every=30, drop:5%,seed=3, joined with +; --frames vsyncs at --fps). Adds a 'trace' row; the naive timer is left out.")
    var clock: String?

    @Option(help: "Work per frame: render this scene offscreen at the frame's time and read it back, in each callback (demo: the built-in demo scene; or a scene file), instead of --work-ms of busy work.")
    var scene: String?

    @Flag(help: "Print a JSON list of objects instead of a table.")
    var json = false

    @Option(help: "Also draw both drivers' frame intervals as a chart into this PNG.")
    var plot: String?

    @OptionGroup var logging: LoggingOptions

    func run() throws {
        logging.bootstrap()
        try onMainActor { () throws(EngineError) in try measure() }
    }

    @MainActor
    private func measure() throws(EngineError) {
        let trace = try clock.map { text throws(EngineError) in try loadClock(text, fps: fps, count: frames) }
        let work = try scene.map { name throws(EngineError) in try loadScene(sceneArgument(name), strict: false) }
        let results = try PacingBenchmark.run(
            frames: frames, fps: fps, workMilliseconds: workMilliseconds, spinMilliseconds: spinMilliseconds,
            clock: trace, scene: work, logger: logging.logger
        )
        let workText = work.map { "\($0.name) rendered offscreen" } ?? String(format: "%g ms of work", workMilliseconds)
        if let plot {
            let colors = [Color(hex: "#007AFF")!, Color(hex: "#FF3B30")!]
            var series = zip(results, colors).map { FrameTimeChart.Series(name: $0.driver, values: $0.intervals, color: $1) }
            if let trace {
                // Beneath the measured lines, which lie on it wherever the clock keeps time.
                series.insert(FrameTimeChart.Series(
                    name: "refresh interval in force", values: trace.vsyncs.dropLast().map { $0.interval * 1000 }, color: Color(hex: "#FF9500")!
                ), at: 0)
            }
            try FrameTimeChart(
                title: trace == nil
                    ? String(format: "Frame intervals at %g Hz with %@", fps, workText)
                    : "Frame intervals, \(clock ?? ""), \(workText)",
                series: series,
                reference: trace == nil ? ("refresh interval", 1000 / fps) : nil
            ).write(to: plot)
        }
        if json {
            print("[\n  " + results.map { CadenceVersion.stamped($0.json, version: Cadence.version) }.joined(separator: ",\n  ") + "\n]")
            return
        }
        if let trace, let clock {
            print("pacing --clock \(clock), \(trace.count) vsyncs, \(workText) per frame")
        } else {
            print(String(format: "pacing at %g Hz, %d frames, %@ per frame", fps, frames, workText))
        }
        print("driver  frames  jitter p50 ms  jitter p99 ms  jitter max ms    drift ms  dropped")
        for result in results {
            print(padded(result.driver, 6) + String(
                format: "  %6d  %13.4f  %13.4f  %13.4f  %10.3f  %7d",
                result.frames, result.jitterP50, result.jitterP99, result.jitterMax, result.drift, result.dropped
            ))
        }
        if let fixed = results.first?.droppedAtFixedInterval {
            print("dropped counted against one fixed interval (the trace's shortest), as a VRR-unaware counter would: \(fixed)")
        }
    }
}

/// `cadence bench curves`: nanoseconds per evaluation for each curve family.
struct Curves: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Time curve evaluation: nanoseconds per evaluation for each family (median of 5 runs)."
    )

    @Option(help: "Evaluations per run and family.")
    var evaluations = 200_000

    @Flag(help: "Print a JSON list of objects {\"curve\", \"ns_per_eval\"} instead of a table.")
    var json = false

    func run() throws {
        guard evaluations >= 1, evaluations <= 100_000_000 else {
            printError("--evaluations must be 1...100000000, got \(evaluations)")
            throw ExitCode.failure
        }
        let results = CurveBenchmark.run(evaluations: evaluations)
        if json {
            let objects = results.map { CadenceVersion.stamped(String(format: "{\"curve\": \"%@\", \"ns_per_eval\": %.3f}", $0.curve, $0.nanosecondsPerEvaluation), version: Cadence.version) }
            print("[\n  " + objects.joined(separator: ",\n  ") + "\n]")
            return
        }
        print("curve                 ns/eval")
        for result in results {
            print(padded(result.curve, 20) + String(format: "  %7.1f", result.nanosecondsPerEvaluation))
        }
    }
}

/// `text` left-aligned in `width` columns (Foundation's `%-N@` does not pad on Linux).
func padded(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

/// `cadence bench text`: microseconds per frame to lay out and draw text, cold and cached.
struct Text: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Time text: lay out and draw a paragraph and a counting number, cold (new fonts and atlas) and cached.",
        discussion: "Median microseconds per frame, each frame ending with glFinish; 640x360 offscreen, no readback."
    )

    @Option(help: "Cached frames per case (cold frames: a tenth, at least 5).")
    var frames = 200

    @Flag(help: "Print a JSON list of objects {\"text\", \"mode\", \"us_per_frame\"} instead of a table.")
    var json = false

    func run() throws {
        try MainActor.assumeIsolated {
            let results: [TextBenchmark.Result]
            do {
                results = try TextBenchmark.run(frames: frames)
            } catch let error as EngineError {
                printError(commandLineDescription(of: error))
                throw ExitCode.failure
            }
            if json {
                let objects = results.map {
                    CadenceVersion.stamped(String(format: "{\"text\": \"%@\", \"mode\": \"%@\", \"us_per_frame\": %.1f}", $0.name, $0.mode, $0.microsecondsPerFrame), version: Cadence.version)
                }
                print("[\n  " + objects.joined(separator: ",\n  ") + "\n]")
                return
            }
            print("text       mode     us/frame")
            for result in results {
                print(padded(result.name, 9) + "  " + padded(result.mode, 6) + String(format: "  %9.1f", result.microsecondsPerFrame))
            }
        }
    }
}

/// `cadence bench lists`: the display lists `bench render` draws, as JSON, for timing other 2D
/// libraries on the same frames (`Benchmarks/peers.py`).
struct Lists: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the display lists of the frames bench render draws, as JSON with their images, for drawing them with other 2D libraries."
    )

    @Option(help: "A scene file, or stress:N for N small moving rounded rectangles (1 ... 100000). Default: the built-in demo scene.")
    var scene: String?

    @Option(help: "Frames to write, at 60 fps of timeline from 0 (as bench render draws them).")
    var frames = 300

    @Option(help: "Frame size, WxH. Default: the scene's.")
    var size: FrameSize?

    @Option(help: "The folder to write lists.json and the images into (made if missing).")
    var out: String

    func validate() throws {
        guard frames >= 1, frames <= 100_000 else { throw ValidationError("--frames must be from 1 to 100000, got \(frames)") }
        try size?.check("--size")
        guard !out.isEmpty else { throw ValidationError("--out: the output path is empty") }
    }

    func run() throws {
        try onMainActor { () throws(EngineError) in
            let loaded = try loadBenchScene(scene)
            let width = size?.width ?? Int(loaded.size.width), height = size?.height ?? Int(loaded.size.height)
            let lists = try DisplayListExport.lists(of: loaded, frames: frames, width: width, height: height)
            try DisplayListExport.write(lists, to: out)
            print("\(lists.count) display lists of \(loaded.name), \(width)x\(height), \(lists.map(\.commands.count).reduce(0, +)) commands -> \(out)/lists.json")
        }
    }
}

/// N of a benchmark's `--scene stress:N`, checked; nil for a scene file or the demo.
func stressCount(_ scene: String?) throws(EngineError) -> Int? {
    guard let scene, scene.hasPrefix("stress:") else { return nil }
    let text = scene.dropFirst("stress:".count)
    guard let count = Int(text), count >= 1, count <= Scene.stressCountLimit else {
        throw .invalidOption(name: "--scene stress:N", message: "needs a whole number of rectangles from 1 to \(Scene.stressCountLimit), got '\(text)'")
    }
    return count
}

/// `--scene` of the benchmarks: `stress:N`, a scene file, or the demo when nil.
@MainActor
func loadBenchScene(_ scene: String?) throws(EngineError) -> Scene {
    if let count = try stressCount(scene) { return .stress(count: count) }
    return try loadScene(scene, strict: false)
}

/// `cadence bench render`: offscreen frames per second, by stage, with peak memory.
struct RenderSpeed: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Time offscreen rendering: frames/s for drawing + reading the frame out and for whole dumps, ms per stage, peak RSS."
    )

    @Option(help: "A scene file, or stress:N for N small moving rounded rectangles (1 ... 100000). Default: the built-in demo scene.")
    var scene: String?

    @Option(help: "Frames to render.")
    var frames = 300

    @Option(help: "Frame size, WxH. Default: the scene's.")
    var size: FrameSize?

    @Option(help: "PNG encoder threads for the dump. Default: as cadence render --jobs.")
    var jobs: Int?

    @Option(help: "How frames come back from the GPU: direct or pbo (as cadence render --readback).")
    var readback = ReadbackMode.default.rawValue

    @Option(name: .customLong("png-encoder"), help: "The dump's PNG encoder: incremental, libpng or libdeflate (as cadence render --png-encoder).")
    var pngEncoder = PNGOptions.Encoder.incremental.rawValue

    @Option(help: "Also time a whole render into this format (png, apng, gif, mp4, webm or mov, as cadence render --format): frames/s and bytes.")
    var format: OutputFormat?

    @OptionGroup var backendOptions: BackendOptions

    @Flag(help: "Print a JSON object instead of a table.")
    var json = false

    func validate() throws {
        guard frames >= 1 else { throw ValidationError("--frames must be at least 1, got \(frames)") }
        do {
            _ = try stressCount(scene)
        } catch {
            throw ValidationError(commandLineDescription(of: error))
        }
        try size?.check("--size")
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, got \(jobs)") }
        guard ReadbackMode(rawValue: readback) != nil else {
            throw ValidationError("--readback must be direct or pbo, got \(readback)")
        }
        guard PNGOptions.Encoder(rawValue: pngEncoder) != nil else {
            throw ValidationError("--png-encoder must be one of \(PNGOptions.Encoder.allCases.map(\.rawValue).joined(separator: ", ")), got \(pngEncoder)")
        }
    }

    func run() throws {
        try onMainActor { () throws(EngineError) in try measure() }
    }

    @MainActor
    private func measure() throws(EngineError) {
        let loaded = try loadBenchScene(scene)
        let result = try RenderBenchmark.run(
            scene: loaded, frames: frames,
            width: size?.width ?? Int(loaded.size.width), height: size?.height ?? Int(loaded.size.height), jobs: jobs,
            readback: ReadbackMode(rawValue: readback) ?? .default, png: PNGOptions(encoder: PNGOptions.Encoder(rawValue: pngEncoder)),
            backend: backendOptions.offscreen
        )
        let formatResult = try format.map { format throws(EngineError) in
            try RenderBenchmark.run(
                scene: loaded, frames: frames, width: result.width, height: result.height, format: format, jobs: jobs,
                readback: ReadbackMode(rawValue: readback) ?? .default, backend: backendOptions.offscreen
            )
        }
        if json {
            guard let formatResult else {
                print(CadenceVersion.stamped(result.json, version: Cadence.version))
                return
            }
            print(CadenceVersion.stamped(String(result.json.dropLast()) + ", \"format\": \(formatResult.json)}", version: Cadence.version))
            return
        }
        let readOut = result.backend == .gl ? "\(result.readback.rawValue) readback" : "the canvas copied out"
        print("\(result.frames) frames of \(loaded.name) at \(result.width)x\(result.height) on \(result.backend.rawValue), \(result.jobs) encoder thread(s), \(readOut)")
        print(String(format: "render (draw + readback) %8.1f frames/s (redrawing what changed: %.1f%% of the pixels)",
                     result.renderFPS, 100 * result.redrawnFraction))
        print(String(format: "render, full redraw      %8.1f frames/s", result.fullRedrawFPS))
        print(String(format: "dump (render + PNG)      %8.1f frames/s (%@ encoder, %.1f KB a frame)",
                     result.dumpFPS, result.pngEncoder.rawValue, result.dumpBytesPerFrame / 1024))
        for stage in result.stages {
            print(padded(stage.name, 24) + String(format: " %8.3f ms/frame", stage.milliseconds))
        }
        print(String(format: "peak RSS (dump)          %8.1f MB", result.peakRSS))
        if let formatResult {
            print(padded("render as \(formatResult.format.rawValue)", 24) + String(
                format: " %8.1f frames/s, %.1f KB", formatResult.framesPerSecond, Double(formatResult.bytes) / 1024
            ))
        }
    }
}

/// `cadence bench window`: the windowed loop on the display link (needs a display).
struct WindowLoop: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "window",
        abstract: "Time the windowed loop on the display link: frame-time percentiles, lateness against vsync, dropped frames."
    )

    @Option(help: "A scene file. Default: the built-in demo scene.")
    var scene: String?

    @Option(help: "Frames to run.")
    var frames = 600

    @Option(help: "Also draw the frame intervals as a chart into this PNG.")
    var plot: String?

    @Flag(help: "Print a JSON object instead of a table.")
    var json = false

    func run() throws {
        try onMainActor { () throws(EngineError) in try measure() }
    }

    @MainActor
    private func measure() throws(EngineError) {
        let result = try WindowBenchmark.run(scene: try loadScene(scene, strict: false), frames: frames)
        if let plot {
            try FrameTimeChart(
                title: "Windowed loop: frame intervals at \(Int(result.refreshRate)) Hz",
                series: [FrameTimeChart.Series(name: "frame interval", values: result.intervals, color: Color(hex: "#007AFF")!)],
                reference: ("refresh interval", 1000 / result.refreshRate)
            ).write(to: plot)
        }
        if json {
            print(CadenceVersion.stamped(result.json, version: Cadence.version))
            return
        }
        print("\(result.frames) frames at \(result.refreshRate) Hz, \(result.pacedItself ? "paced on deadlines (swap did not wait for vsync)" : "paced by vsync")")
        print(String(format: "frame time   p50 %.3f  p95 %.3f  p99 %.3f  max %.3f ms", result.frameTime[0], result.frameTime[1], result.frameTime[2], result.frameTime[3]))
        print(String(format: "lateness     p50 %.3f  p99 %.3f  max %.3f ms", result.lateness[0], result.lateness[1], result.lateness[2]))
        print(String(format: "work         p50 %.3f  p99 %.3f ms", result.work[0], result.work[1]))
        print("dropped      \(result.dropped)")
    }
}

/// `cadence bench soak`: a long render's memory, sampled as it goes.
struct Soak: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render many frames as a render does and report resident memory at the start, each tenth and the end: it must stay flat."
    )

    @Option(help: "A scene file. Default: the built-in demo scene.")
    var scene: String?

    @Option(parsing: .unconditional, help: "Frames to render (at 60 fps of timeline), at most 6000000.")
    var frames = 100_000

    @Option(parsing: .unconditional, help: "Frame size, WxH. Default: the scene's.")
    var size: FrameSize?

    @Option(name: .customLong("png-every"), parsing: .unconditional, help: "Encode every Nth frame as a PNG (into one temporary file); 0: none.")
    var pngEvery = 100

    @OptionGroup var backendOptions: BackendOptions

    @Flag(help: "Print a JSON object instead of a table.")
    var json = false

    func validate() throws {
        guard (1...SoakBenchmark.maximumFrames).contains(frames) else {
            throw ValidationError("--frames must be 1...\(SoakBenchmark.maximumFrames), got \(frames)")
        }
        try size?.check("--size")
        guard pngEvery >= 0 else { throw ValidationError("--png-every must be 0 or more, got \(pngEvery)") }
    }

    func run() throws {
        try onMainActor { () throws(EngineError) in try measure() }
    }

    @MainActor
    private func measure() throws(EngineError) {
        let loaded = try loadScene(scene, strict: false)
        let result = try SoakBenchmark.run(
            scene: loaded, frames: frames,
            width: size?.width ?? Int(loaded.size.width), height: size?.height ?? Int(loaded.size.height), pngEvery: pngEvery,
            backend: backendOptions.offscreen
        )
        if json {
            print(CadenceVersion.stamped(result.json, version: Cadence.version))
            return
        }
        print("\(result.frames) frames of \(loaded.name) at \(result.width)x\(result.height) in \(String(format: "%.1f", result.seconds)) s, a PNG every \(result.pngEvery)")
        print("RSS after frame 1 and each tenth, MB: " + result.residentMegabytes.map { String(format: "%.1f", $0) }.joined(separator: " "))
        print(String(format: "RSS start %.1f MB, end %.1f MB, growth %+.1f MB, max %.1f MB", result.startRSS, result.endRSS, result.endRSS - result.startRSS, result.maxRSS))
    }
}
