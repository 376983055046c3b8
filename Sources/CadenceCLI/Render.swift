import ArgumentParser
import CadenceEngine
import CadenceFiles
import CadenceImage
import CadenceLottie
import CadenceScene
import CadenceText
import Foundation

/// `cadence render`: a scene's frames as PNG files, headlessly.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a scene's or a Lottie file's frames headlessly to PNG files or one animated file (no display needed).",
        discussion: """
        Frame n shows the scene at exactly n / fps seconds, so a render is byte-identical when \
        repeated on the same machine. With no SCENE, the built-in demo scene is rendered.
        """
    )

    @Argument(help: "A scene file (JSON) or a Lottie animation (.json, .tgs, .lottie). Default: the built-in demo scene. Several files (or --list) make a batch: each is rendered into --out-dir.")
    var scenes: [String] = []

    @Option(name: .customLong("out-dir"), help: "A batch's folder: each file's PNG frames go into OUT-DIR/NAME/, an animated file to OUT-DIR/NAME.FORMAT. A file whose output is there already is skipped, so a batch run again resumes.")
    var outDir: String?

    @Option(help: "A file listing a batch's files, one path per line (blank lines and lines starting with # left out), with or instead of the files on the command line.")
    var list: String?

    @Option(parsing: .unconditional, help: "Files of a batch rendered at once, the cores shared between them. Default: one per core.")
    var parallel: Int?

    @Option(name: .customLong("file-timeout"), parsing: .unconditional, help: "Seconds a batch's file may take before its render is ended and counted as failed.")
    var fileTimeout = 600.0

    @Option(name: .customLong("file-memory"), parsing: .unconditional, help: "MiB of address space a batch's file may use (its render fails beyond it). Default: no limit.")
    var fileMemory: Int?

    @Flag(help: "Print the summary as JSON: one render's frames, size, seconds and peak memory; a batch's table.")
    var json = false

    @Option(help: "png: the folder to write frame_00000.png, … into (default: frames). apng, gif, mp4, webm, mov: the file to write (default: animation.<format>). Created if missing.")
    var out: String?

    @Option(help: "png (one file per frame), apng (written by Cadence: later frames hold only what changed), gif, mp4 (H.264), webm (VP9; with alpha when the background is transparent) or mov (ProRes 4444 with alpha), the last four through ffmpeg.")
    var format: OutputFormat = .png

    @Option(parsing: .unconditional, help: "Frame size in pixels, WxH. Default: the scene's size. The scene is scaled to fit.")
    var size: FrameSize?

    @Option(parsing: .unconditional, help: "Frames per second. Default: the scene's fps (a Lottie file's fr), else 60.")
    var fps: Double?

    @Option(parsing: .unconditional, help: "Seconds of the timeline to render, from 0. Default: the scene's duration (a Lottie file's (op - ip) / fr), else until its last finite animation or event ends (that frame included), else 2.")
    var duration: Double?

    @Option(name: .customLong("png-level"), parsing: .unconditional, help: "PNG compression level, 0 (fastest) ... 9 (smallest).")
    var pngLevel = 1

    @Option(name: .customLong("png-filter"), help: "PNG row filter: none, sub, up, average, paeth or adaptive.")
    var pngFilter = "none"

    @Option(name: .customLong("png-encoder"), help: "incremental (re-uses the compressed bands of rows that did not change; none, sub and up filters), libpng, or libdeflate (smallest; none and up filters, levels 1...9). Default: incremental, libpng for the other filters.")
    var pngEncoder: String?

    @Option(parsing: .unconditional, help: "PNG encoder threads. Default: one fewer than the cores (at least one) for the incremental encoder, one per core for the others.")
    var jobs: Int?

    @Flag(name: .customLong("full-redraw"), help: "Redraw whole frames instead of only what changed (for comparison).")
    var fullRedraw = false

    @Option(help: "How frames come back from the GPU: direct (glReadPixels; fastest on llvmpipe) or pbo (double-buffered pixel buffers: frame N is read while N+1 is drawn).")
    var readback = ReadbackMode.default.rawValue

    @Option(parsing: .unconditional, help: "Render only frames A through B of the timeline, e.g. 30..59.")
    var frames: FrameRange?

    @Option(parsing: .unconditional, help: "Render only slice K of N of the frames (1-based, contiguous), e.g. 2/4; auto/N takes K from JOB_COMPLETION_INDEX + 1 (a Kubernetes Indexed Job).")
    var shard: Shard?

    @Option(parsing: .unconditional, help: "Render at a display clock's timestamps instead of n / fps: a trace file (JSON list of {\"timestamp\", \"targetTimestamp\"}, e.g. from cadence demo --record-clock; all its vsyncs, --fps and --duration unused) or a spec: vrr:120,80,60@0.5s, jitter:0.5ms,seed=7, drop:every=30 or drop:5%,seed=3, joined with + (at --fps for --duration). PNG frames only.")
    var clock: String?

    @OptionGroup var sceneOptions: SceneOptions

    @OptionGroup var backendOptions: BackendOptions

    @OptionGroup var motionOptions: MotionOptions

    @OptionGroup var traceOptions: TraceOptions

    @OptionGroup var logging: LoggingOptions

    /// What the command line alone decides: the flags' spellings. Values the engine takes
    /// (`--fps`, `--duration`, `--png-level`, `--jobs`, an encoder's filters, `--clock` or `--shard`
    /// with an animated format) are checked once, by `FrameDumpSettings.validate()`, before the
    /// clock is read and before any GL or file work; its errors name the flag.
    func validate() throws {
        try size?.check("--size")
        guard PNGOptions.Filter(rawValue: pngFilter) != nil else {
            throw ValidationError("--png-filter must be one of \(PNGOptions.Filter.allCases.map(\.rawValue).joined(separator: ", ")), got \(pngFilter)")
        }
        guard pngEncoder.map({ PNGOptions.Encoder(rawValue: $0) != nil }) ?? true else {
            throw ValidationError("--png-encoder must be one of \(PNGOptions.Encoder.allCases.map(\.rawValue).joined(separator: ", ")), got \(pngEncoder ?? "")")
        }
        guard ReadbackMode(rawValue: readback) != nil else {
            throw ValidationError("--readback must be direct or pbo, got \(readback)")
        }
        if let shard, shard.index == nil { _ = try shard.resolved() }
        if isBatch {
            guard outDir != nil else { throw ValidationError("a batch of files (several files, or --list) needs --out-dir") }
            guard out == nil else { throw ValidationError("--out names one render's output; a batch writes into --out-dir") }
            guard clock == nil, traceOptions.trace == nil else { throw ValidationError("--clock and --trace take one file, not a batch") }
            guard (parallel ?? 1) >= 1 else { throw ValidationError("--parallel must be 1 or more, got \(parallel ?? 0)") }
            guard fileTimeout.isFinite, fileTimeout > 0, fileTimeout <= 604_800 else {
                throw ValidationError("--file-timeout must be a number of seconds above 0 and at most 604800, got \(fileTimeout)")
            }
            guard (fileMemory ?? 1) >= 1, (fileMemory ?? 1) <= 1 << 30 else { throw ValidationError("--file-memory must be 1 to \(1 << 30) MiB, got \(fileMemory ?? 0)") }
            // A batch's shard picks files: K of N, 1-based (auto/N was checked above).
            if let shard, let index = shard.index, shard.count < 1 || !(1...max(shard.count, 1)).contains(index) {
                throw ValidationError("--shard K/N needs 1 ≤ K ≤ N, got \(index)/\(shard.count)")
            }
        }
    }

    /// Several files, or a list of them, or an output folder: a batch.
    var isBatch: Bool { scenes.count > 1 || list != nil || outDir != nil }

    func run() throws {
        logging.bootstrap()
        if isBatch {
            try runBatch()
            return
        }
        try onMainActor { () throws(EngineError) in try render() }
    }

    /// The files, each rendered by a `cadence render` of its own with this command's options.
    private func runBatch() throws {
        var files = scenes
        if let list {
            do throws(EngineError) {
                files += try Batch.files(inList: list)
            } catch {
                printError(commandLineDescription(of: error))
                throw ExitCode.validationFailure
            }
        }
        var arguments: [String] = []
        if let size { arguments += ["--size", size.text] }
        if let fps { arguments += ["--fps", "\(fps)"] }
        if let duration { arguments += ["--duration", "\(duration)"] }
        arguments += ["--png-level", String(pngLevel), "--png-filter", pngFilter]
        if let pngEncoder { arguments += ["--png-encoder", pngEncoder] }
        if fullRedraw { arguments.append("--full-redraw") }
        arguments += ["--readback", readback, "--backend", backendOptions.backend.rawValue]
        if let frames { arguments += ["--frames", "\(frames.range.lowerBound)..\(frames.range.upperBound)"] }
        if sceneOptions.strict { arguments.append("--strict") }
        arguments += ["--quirks", sceneOptions.quirks.rawValue]
        if let animation = sceneOptions.animation { arguments += ["--animation", animation] }
        if let marker = sceneOptions.marker { arguments += ["--marker", marker] }
        if let assets = sceneOptions.assetOptions.assets { arguments += ["--assets", assets] }
        arguments += ["--expressions", sceneOptions.assetOptions.expressions.rawValue]
        for slot in sceneOptions.assetOptions.slotValues { arguments += ["--slot", slot] }
        if let slots = sceneOptions.assetOptions.slotsFile { arguments += ["--slots", slots] }
        if let theme = sceneOptions.assetOptions.theme { arguments += ["--theme", theme] }
        if let motion = motionOptions.motion { arguments += ["--motion", motion.rawValue] }
        let settings = Batch.Settings(
            outputFolder: outDir ?? ".", format: format, parallel: parallel ?? max(ProcessInfo.processInfo.activeProcessorCount, 1),
            timeLimit: fileTimeout, memoryLimit: fileMemory.map { $0 << 20 }, shard: try shard?.resolved(), renderArguments: arguments, json: json
        )
        try Batch.run(files, settings: settings)
    }

    @MainActor
    private func render() throws(EngineError) {
        let scene = motionOptions.applied(to: try sceneOptions.load(scenes.first))
        let fps = self.fps ?? scene.framesPerSecond ?? 60
        var duration = self.duration ?? scene.defaultDuration(fps: fps)
        // A range of a scene's own (perhaps very long) length needs only the frames up to its end.
        if self.duration == nil, let range = frames?.range, fps > 0, fps.isFinite {
            duration = min(duration, Double(range.upperBound + 1) / fps)
        } else if self.duration == nil, self.fps == nil, clock == nil, (duration * fps).rounded() > Double(FrameDumpSettings.maximumFrameCount) {
            // Only the scene's own length is to blame (a large --fps is reported as such).
            throw .invalidOption(
                name: "--duration",
                message: "not given, and \(scene.defaultDurationSource) is \(number(duration)) s, \(number((duration * fps).rounded())) frames at \(number(fps)) fps: above the limit of \(FrameDumpSettings.maximumFrameCount) frames a render; give --duration or --frames"
            )
        }
        var settings = FrameDumpSettings(
            width: size?.width ?? Int(scene.size.width),
            height: size?.height ?? Int(scene.size.height),
            fps: fps,
            duration: duration,
            outputDirectory: out ?? (format.isAnimated ? "animation.\(format.rawValue)" : "frames"),
            png: PNGOptions(
                level: pngLevel, filter: PNGOptions.Filter(rawValue: pngFilter) ?? .none,
                encoder: pngEncoder.flatMap(PNGOptions.Encoder.init(rawValue:))
            ),
            jobs: jobs
        )
        settings.frames = frames?.range
        settings.fullRedraw = fullRedraw
        settings.readback = ReadbackMode(rawValue: readback) ?? .default
        settings.backend = backendOptions.offscreen
        settings.format = format
        try traceOptions.check()
        if let shard {
            do {
                settings.shard = try shard.resolved()
            } catch {
                throw .invalidOption(name: "--shard", message: error.message)
            }
        }
        // The values checked before a clock is made from them (a clock spec steps by --fps);
        // FrameDump.run checks them again with the clock.
        try settings.validate()
        let trace = try clock.map { text throws(EngineError) in try loadClock(text, fps: fps, duration: duration) }
        settings.clock = trace
        let showProgress = isatty(STDERR_FILENO) == 1
        let summary = try FrameDump.run(scene: scene, settings: settings) { done, total in
            guard showProgress else { return }
            FileHandle.standardError.write(Data("\rframe \(done)/\(total)".utf8))
            if done == total { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        }
        // The trace once the frames are there: a failed render leaves no trace of frames it lacks.
        if let trace {
            try traceOptions.write(scene, frames: .times(trace.vsyncs.map(\.timestamp)), through: trace.vsyncs.last?.timestamp)
        } else {
            try traceOptions.write(scene, frames: .uniform(fps: fps, count: Int((duration * fps).rounded())), through: duration)
        }
        for warning in FontLibrary.shared.takeWarnings() + summary.warnings {
            printError("warning: \(warning)")
        }
        if json {
            // What a batch reads back from each file's render.
            var usage = rusage()
            getrusage(RUSAGE_SELF.rawValue, &usage)
            print(
                "{\"frames\": \(summary.frames), \"width\": \(summary.width), \"height\": \(summary.height), "
                    + "\"seconds\": \(String(format: "%.6f", summary.seconds)), \"peakMemoryBytes\": \(Int(usage.ru_maxrss) * 1024), "
                    + "\"output\": \(JSONText.quoted(summary.outputDirectory))}"
            )
            return
        }
        print(String(
            format: "%d frames, %dx%d, %.2f s, %.1f frames/s -> %@",
            summary.frames, summary.width, summary.height, summary.seconds, summary.framesPerSecond,
            summary.outputDirectory
        ))
        if summary.removedFrames > 0 {
            print("removed \(summary.removedFrames) frame file\(summary.removedFrames == 1 ? "" : "s") of an earlier, longer render (\(FrameDump.fileName(ofFrame: summary.frames)) and after)")
        }
    }
}

/// `WxH`, e.g. `1280x720`; each side 1 ... `SceneFile.maximumFrameSide`, checked by `check(_:)`
/// so a bad size is named with the rule rather than refused as unparsable.
struct FrameSize: ExpressibleByArgument {
    let width: Int
    let height: Int
    let text: String

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]) else { return nil }
        text = argument
        // Out-of-range sides stay out of range (and are named by `check`) without trapping.
        let limit = Double(SceneFile.maximumFrameSide + 1)
        self.width = width.isFinite && width == width.rounded() ? Int(min(max(width, 0), limit)) : 0
        self.height = height.isFinite && height == height.rounded() ? Int(min(max(height, 0), limit)) : 0
    }

    /// Throws naming `option` unless both sides are whole numbers from 1 to the cap.
    func check(_ option: String) throws {
        let range = 1...SceneFile.maximumFrameSide
        guard range.contains(width), range.contains(height) else {
            throw ValidationError("\(option) must be WxH with whole sides from 1 to \(SceneFile.maximumFrameSide), got \(text)")
        }
        if let problem = SceneFile.framePixelsProblem(width: width, height: height) {
            throw ValidationError("\(option): \(problem)")
        }
    }

    static var defaultCompletionKind: CompletionKind { .default }
}

/// `value` as a person writes it: `-5`, `0.25`, `1e+300`.
func number(_ value: Double) -> String {
    String(format: "%.15g", value)
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data("cadence: \(message)\n".utf8))
}

/// The scene at `path` (its warnings printed once each), or the built-in demo when nil; `quirks`
/// for every node without its own `quirks` key; a Lottie file's images from inside `assets`
/// (else its own folder).
func loadScene(
    _ path: String?, strict: Bool, quirks: Quirks = .none, animation id: String? = nil, marker: String? = nil, assets: String? = nil,
    expressions: Bool = true, slots: LottieSlots = LottieSlots(), theme: String? = nil
) throws(EngineError) -> Scene {
    // The options only a Lottie file takes, the first given.
    let lottieOption = id != nil ? "--animation" : marker != nil ? "--marker" : assets != nil ? "--assets"
        : !slots.isEmpty ? "--slot" : theme != nil ? "--theme" : nil
    guard let path else {
        if let lottieOption { throw .invalidOption(name: lottieOption, message: "takes a Lottie file, not the built-in demo") }
        return .demo
    }
    if let animation = try loadLottie(path, strict: strict, animation: id, assets: assets, expressions: expressions, slots: slots, theme: theme) {
        for warning in animation.warnings { printError("warning: \(warning)") }
        guard let marker else { return Scene(lottie: animation) }
        guard let found = animation.markers.first(where: { $0.name == marker }) else {
            let names = animation.markers.map { "\"\($0.name)\"" }.joined(separator: ", ")
            throw .invalidOption(name: "--marker", message: "\(path) has no marker \"\(marker)\" (\(names.isEmpty ? "it has none" : "it has \(names)"))")
        }
        return Scene(lottie: animation, from: found.frame, to: found.frame + max(found.duration, 1))
    }
    if let lottieOption { throw .invalidOption(name: lottieOption, message: "\(path) is not a Lottie file") }
    do {
        let loaded = try SceneFile.load(path: path, strict: strict, quirks: quirks)
        for warning in loaded.warnings { printError("warning: \(warning)") }
        return loaded.scene
    } catch {
        throw .scene(error)
    }
}

/// The Lottie animation at `path` when it is one — a `.json` file whose top level has `fr`, `ip`,
/// `op`, `w`, `h` and `layers`, a Telegram sticker (`.tgs`, gzipped Lottie) or a dotLottie archive
/// (`.lottie`: its animation `id`, or the first its manifest lists) — else nil. Errors name the
/// file, layer and property. Image files are read from inside `assets` (else the file's own
/// folder), a dotLottie's from its archive only.
func loadLottie(
    _ path: String, strict: Bool, animation id: String? = nil, assets: String? = nil, expressions: Bool = true,
    slots: LottieSlots = LottieSlots(), theme: String? = nil
) throws(EngineError) -> LottieAnimation? {
    let lowered = path.lowercased()
    guard LottieFile.isLottieName(path) else { return nil }
    if id != nil, !lowered.hasSuffix(".lottie") { throw .invalidOption(name: "--animation", message: "takes a dotLottie file (.lottie), got \(path)") }
    if assets != nil, lowered.hasSuffix(".lottie") {
        throw .invalidOption(name: "--assets", message: "a dotLottie file's images come from its archive only, got \(path)")
    }
    do {
        // A .json that is not a Lottie document is a scene file.
        return try LottieFile.open(
            path, strict: strict, animation: id, assetRoot: assets, jsonMayBeOther: true, expressions: expressions, slots: slots, theme: theme
        )
    } catch {
        throw .scene(SceneError(file: error.file, message: error.detail))
    }
}

/// `A..B`: frames A through B.
struct FrameRange: ExpressibleByArgument {
    let range: ClosedRange<Int>

    init?(argument: String) {
        let parts = argument.components(separatedBy: "..")
        guard parts.count == 2, let start = Int(parts[0]), let end = Int(parts[1]), start <= end else { return nil }
        range = start...end
    }
}

/// `K/N`: slice K of N; `auto/N`: K from `JOB_COMPLETION_INDEX` (0-based) + 1.
struct Shard: ExpressibleByArgument {
    /// K, or nil for `auto`.
    let index: Int?
    let count: Int

    init?(argument: String) {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let count = Int(parts[1]) else { return nil }
        if parts[0] == "auto" {
            index = nil
        } else if let index = Int(parts[0]) {
            self.index = index
        } else {
            return nil
        }
        self.count = count
    }

    /// K and N, K read from `JOB_COMPLETION_INDEX` for `auto` (the engine checks a given K).
    func resolved(environment: [String: String] = ProcessInfo.processInfo.environment) throws(ValidationError) -> (index: Int, count: Int) {
        guard let index else {
            guard count >= 1 else { throw ValidationError("--shard auto/N needs N ≥ 1, got \(count)") }
            guard let text = environment["JOB_COMPLETION_INDEX"] else {
                throw ValidationError("--shard auto/\(count) reads JOB_COMPLETION_INDEX (set by a Kubernetes Indexed Job), which is not set")
            }
            guard let completion = Int(text.trimmingCharacters(in: .whitespaces)), (0..<count).contains(completion) else {
                throw ValidationError("--shard auto/\(count): JOB_COMPLETION_INDEX must be 0...\(count - 1) (0-based), got \"\(text)\"")
            }
            return (completion + 1, count)
        }
        return (index, count)
    }
}

/// `--format png|apng|gif|mp4|webm|mov`.
extension OutputFormat: ExpressibleByArgument {}

/// Runs `body` on the main actor (GL and GLFW live there) and turns an engine error into its
/// message on stderr and an exit status: 2 when there is no display, 64 for an option out of
/// range or an unparsable `--clock` spec (as argument errors), 1 otherwise.
func onMainActor(_ body: @MainActor () throws(EngineError) -> Void) throws {
    try MainActor.assumeIsolated {
        do {
            try body()
        } catch let error as EngineError {
            printError(commandLineDescription(of: error))
            if case .platform(.noDisplay) = error { throw ExitCode(2) }
            if case .invalidOption = error { throw ExitCode.validationFailure }
            if case .clockTrace(.spec) = error { throw ExitCode.validationFailure }
            throw ExitCode.failure
        }
    }
}

/// The flag that sets each setting the engine and tools name in their errors.
let flagsBySetting = [
    "size": "--size", "fps": "--fps", "duration": "--duration", "png.level": "--png-level", "png.filter": "--png-filter",
    "jobs": "--jobs", "shard": "--shard", "frames": "--frames", "clock": "--clock", "format": "--format", "times": "--times",
    "columns": "--columns", "rates": "--rates", "tolerance": "--tolerance", "valueTolerance": "--value-tolerance",
    "workMilliseconds": "--work-ms", "spinMilliseconds": "--spin-ms", "pngEvery": "--png-every",
]

/// An engine error in the command line's words: a setting is named by the flag that sets it.
func commandLineDescription(of error: EngineError) -> String {
    switch error {
    case .invalidOption(let name, let message): "\(flagsBySetting[name] ?? name): \(message)"
    case .trace(let problem): "--trace: \(problem)"
    default: error.description
    }
}

/// `--quirks none|original`.
extension Quirks: ExpressibleByArgument {}
