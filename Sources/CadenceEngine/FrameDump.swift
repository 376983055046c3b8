import CadenceDraw
import CadenceFiles
import CadenceImage
import CadenceRender
import CadenceScene
import CadenceText
import CadenceTiming
import Foundation

/// What to render and where: the frames of `scene` from 0 for `duration` seconds at `fps`.
public struct FrameDumpSettings: Sendable {
    /// Frame width in pixels.
    public var width: Int
    /// Frame height in pixels.
    public var height: Int
    /// Frames per second of scene time: frame n shows n / fps.
    public var fps: Double
    /// Seconds of scene time to render.
    public var duration: Double
    /// The folder the PNGs go to (made if missing); for an animated `format`, the file's path
    /// (its folder is made if missing).
    public var outputDirectory: String
    /// PNG frame files (the default) or one animation file (`--format`).
    public var format: OutputFormat = .png
    /// How the PNGs are encoded.
    public var png: PNGOptions
    /// PNG encoder threads; by default `defaultJobs(for:)` of the encoder.
    public var jobs: Int
    /// Only these frames of the timeline (`--frames A..B`, inclusive); nil for all.
    public var frames: ClosedRange<Int>?
    /// Only slice K of N (1-based) of the frames selected (`--shard K/N`): contiguous slices.
    public var shard: (index: Int, count: Int)?
    /// Redraw every frame whole instead of only what changed (`--full-redraw`).
    public var fullRedraw = false
    /// How frames come back from the GPU (`--readback`; GL only).
    public var readback: ReadbackMode = .default
    /// What draws the frames (`--backend`).
    public var backend: RenderBackendKind = .default
    /// A display clock to render at (`--clock`): frame `i` shows the scene at the trace's `i`-th
    /// timestamp, and `fps` and `duration` are not used. PNG frames only.
    public var clock: VSyncTrace?

    /// Settings for every frame, whole redraws off, direct readback, `defaultJobs(for:)` unless told.
    public init(width: Int, height: Int, fps: Double, duration: Double, outputDirectory: String, png: PNGOptions = PNGOptions(),
                jobs: Int? = nil) {
        self.width = width
        self.height = height
        self.fps = fps
        self.duration = duration
        self.outputDirectory = outputDirectory
        self.png = png
        self.jobs = jobs ?? Self.defaultJobs(for: png.encoder)
    }

    /// Encoder threads by default: one per core for libpng and libdeflate, which compress whole
    /// frames (on 2 cores, 2 encoders dumped the demo at 137.6 frames/s against 111.7 with 1);
    /// one fewer than the cores, but at least one, for the incremental encoder, which compresses
    /// little per frame, so a second encoder only competes with the GL thread for the cores
    /// (demo, 1000 frames, 6 interleaved rounds: 940 frames/s with 1 against 600 with 2).
    public static func defaultJobs(for encoder: PNGOptions.Encoder) -> Int {
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        return encoder == .incremental ? max(1, cores - 1) : cores
    }

    /// The most frames one render may draw (a `--frames` range's, else `fps × duration`):
    /// 1,000,000, over 4.6 hours at 60 fps. Split longer timelines with `--frames`.
    nonisolated public static let maximumFrameCount = 1_000_000

    /// Checks the settings before any GL or file work, so nothing is half-done on bad input.
    public func validate() throws(EngineError) {
        guard width >= 1, height >= 1 else {
            throw .invalidOption(name: "size", message: "\(width)x\(height) is empty: width and height must be at least 1")
        }
        guard width <= SceneFile.maximumFrameSide, height <= SceneFile.maximumFrameSide else {
            throw .invalidOption(name: "size", message: "\(width)x\(height) is too large: width and height must be at most \(SceneFile.maximumFrameSide)")
        }
        if let problem = SceneFile.framePixelsProblem(width: width, height: height) {
            throw .invalidOption(name: "size", message: problem)
        }
        guard fps.isFinite, fps > 0 else {
            throw .invalidOption(name: "fps", message: "must be above 0, got \(settingNumber(fps))")
        }
        guard duration.isFinite, duration >= 0 else {
            throw .invalidOption(name: "duration", message: "must be a number of seconds, 0 or more, got \(settingNumber(duration))")
        }
        guard duration <= SceneFile.maximumTime else {
            throw .invalidOption(name: "duration", message: "must be at most \(settingNumber(SceneFile.maximumTime)) s, got \(settingNumber(duration))")
        }
        // The frames drawn: a range's own (a frame far into a long timeline is one frame's work),
        // else the whole timeline's.
        let drawn = frames.map { Double($0.upperBound) - Double($0.lowerBound) + 1 } ?? (duration * fps).rounded()
        guard drawn <= Double(Self.maximumFrameCount) else {
            throw .invalidOption(
                name: "fps",
                message: "\(settingNumber(fps)) fps for \(settingNumber(duration)) s is \(settingNumber((duration * fps).rounded())) frames, above the limit of \(Self.maximumFrameCount) frames a render"
            )
        }
        guard (0...9).contains(png.level) else {
            throw .invalidOption(name: "png.level", message: "must be 0...9, got \(png.level)")
        }
        if png.encoder == .libdeflate, png.level < 1 {
            throw .invalidOption(name: "png.level", message: "the libdeflate encoder takes levels 1...9, got 0 (use libpng for it)")
        }
        guard jobs >= 1 else {
            throw .invalidOption(name: "jobs", message: "must be at least 1, got \(jobs)")
        }
        guard png.encoder.filters.contains(png.filter) else {
            throw .invalidOption(
                name: "png.filter", message: "the \(png.encoder.rawValue) encoder writes the \(png.encoder.filterNames) filters only, got \(png.filter.rawValue) (use libpng for it)"
            )
        }
        if let shard, shard.count < 1 || shard.index < 1 || shard.index > shard.count {
            throw .invalidOption(name: "shard", message: "K/N needs 1 ≤ K ≤ N, got \(shard.index)/\(shard.count)")
        }
        if clock != nil, format.isAnimated {
            throw .invalidOption(
                name: "clock",
                message: "renders PNG frames at the clock's own timestamps; the \(format.rawValue) format plays at one fixed frame rate"
            )
        }
        if shard != nil, format.isAnimated {
            throw .invalidOption(
                name: "shard",
                message: "shards split a render into frame files; the \(format.rawValue) format writes one file (render a frame range for part of the timeline)"
            )
        }
    }

    /// The settings checked, their clock, and the frames a render of them draws: everything a
    /// render decides before any GL or file work (so a caller can see the cost of bad options).
    public func plan() throws(EngineError) -> (clock: ManualClock, frames: Range<Int>) {
        try validate()
        let clock: ManualClock
        do {
            clock = try ManualClock(fps: fps)
        } catch {
            throw .clock(error)
        }
        return (clock, try selectedFrames(ofTimeline: self.clock?.count ?? clock.frameCount(forDuration: duration)))
    }

    /// The frame indices to render out of a timeline of `total` frames.
    public func selectedFrames(ofTimeline total: Int) throws(EngineError) -> Range<Int> {
        var selected = 0..<total
        if let frames {
            guard frames.lowerBound >= 0, frames.upperBound < total else {
                throw .invalidOption(name: "frames", message: "\(frames.lowerBound)..\(frames.upperBound) is outside the timeline's frames 0..\(total - 1)")
            }
            selected = frames.lowerBound..<(frames.upperBound + 1)
        }
        if let shard {
            guard shard.count >= 1, (1...shard.count).contains(shard.index) else {
                throw .invalidOption(name: "shard", message: "K/N needs 1 ≤ K ≤ N, got \(shard.index)/\(shard.count)")
            }
            // Slice k of n starts at ⌊k × count / n⌋: exact for any K and N up to Int.max, where
            // k × count overflows a 64-bit integer.
            func boundary(_ k: Int) -> Int {
                let product = selected.count.multipliedFullWidth(by: k)
                return Int(shard.count.dividingFullWidth((product.high, product.low)).quotient)
            }
            selected = (selected.lowerBound + boundary(shard.index - 1))..<(selected.lowerBound + boundary(shard.index))
        }
        return selected
    }
}

/// The outcome of a dump, for the one-line summary.
public struct FrameDumpSummary: Sendable {
    /// Frames written.
    public var frames: Int
    /// Frame width in pixels.
    public var width: Int
    /// Frame height in pixels.
    public var height: Int
    /// Wall-clock seconds the dump took.
    public var seconds: Double
    /// Where the frames are.
    public var outputDirectory: String
    /// Images that could not be loaded, once each.
    public var warnings: [String] = []
    /// Frame files of an earlier, longer render that a whole render removed (`frame_N.png` with
    /// N at or past this render's frame count), so the folder holds exactly this render's frames.
    public var removedFrames = 0

    /// Frames written per wall-clock second.
    public var framesPerSecond: Double { seconds > 0 ? Double(frames) / seconds : 0 }
}

/// Renders a scene's frames headlessly and writes them as `frame_00000.png`, … .
///
/// Frame `n` shows the scene at exactly `n / fps` seconds (`ManualClock`), so the same scene
/// gives byte-identical files on the same machine. Each file is written to a temporary name and
/// renamed, so a failed run never leaves a truncated frame.
public enum FrameDump {
    /// The file name of frame `index`: `frame_00042.png`.
    public static func fileName(ofFrame index: Int) -> String {
        let digits = String(index)
        return "frame_" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    /// Renders every frame; `progress(done, total)` is called after each one is written.
    public static func run(
        scene: Scene,
        settings: FrameDumpSettings,
        progress: @escaping (Int, Int) -> Void = { _, _ in }
    ) throws(EngineError) -> FrameDumpSummary {
        let (clock, selection) = try settings.plan()
        let frameCount = selection.count
        let start = ContinuousClock.now
        // The renderer first: without EGL or with a size the driver refuses, no folder is made.
        // The CPU backend leaves the encoders their cores: on two, a second rasterising thread
        // slowed dumps of 1,000 shapes from 130 to 109 frames/s.
        let renderer = try OffscreenRenderer(width: settings.width, height: settings.height, backend: settings.backend, besides: settings.jobs)
        renderer.fullRedraw = settings.fullRedraw
        renderer.readback = settings.readback
        let images = ImageStore()
        images.prefetch(scene.imageSources)
        let loop = FrameLoop(scene: scene, context: DrawContext(fonts: renderer.fonts, images: images))
        let report: (Int) -> Void = { written in progress(written, frameCount) }
        var failure: EngineError?
        var removed = 0
        if settings.format.isAnimated {
            failure = try runAnimation(loop: loop, renderer: renderer, selection: selection, fps: clock.fps, settings: settings, progress: report)
        } else {
            try prepareOutputDirectory(settings.outputDirectory)
            let lock = try OutputFolderLock(directory: settings.outputDirectory, shard: settings.shard)
            defer { lock.release() }
            try checkFrameTargets(in: settings.outputDirectory, frames: selection)
            let sink = PNGFileSink(renderer: renderer, directory: settings.outputDirectory, png: settings.png, jobs: settings.jobs, progress: report)
            // The same path as a window: a display link on a vsync source, here driven by the
            // manual clock as fast as the work allows (vsync n at exactly n / fps).
            do throws(EngineError) {
                if let trace = settings.clock {
                    try loop.run(trace: trace, frames: selection, into: sink) { sink.encodingFailed }
                } else {
                    try loop.run(frames: selection, fps: clock.fps, into: sink) { sink.encodingFailed }
                }
            } catch {
                failure = error
            }
            do throws(EngineError) {
                try sink.waitForFiles()
            } catch {
                failure = failure ?? error
            }
            // A whole render leaves only its own frames; part of one (a range, a shard) never
            // deletes, as the other parts' frames are beside it.
            if failure == nil, settings.frames == nil, settings.shard == nil {
                removed = removeFrames(in: settings.outputDirectory, from: selection.upperBound)
            }
        }
        if let failure { throw failure }
        let elapsed = start.duration(to: .now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        return FrameDumpSummary(
            frames: frameCount, width: settings.width, height: settings.height,
            seconds: seconds, outputDirectory: settings.outputDirectory, warnings: renderer.fonts.takeWarnings() + images.takeWarnings(),
            removedFrames: removed
        )
    }

    /// Removes the frame files `frame_N.png` in `directory` with N ≥ `count` (regular files named
    /// exactly as a render names them; nothing else is touched) and returns how many went.
    static func removeFrames(in directory: String, from count: Int) -> Int {
        let manager = FileManager.default
        var removed = 0
        for name in (try? manager.contentsOfDirectory(atPath: directory)) ?? [] where name.hasPrefix("frame_") && name.hasSuffix(".png") {
            guard let index = Int(name.dropFirst(6).dropLast(4)), index >= count, name == fileName(ofFrame: index) else { continue }
            let path = directory + "/" + name
            guard (try? manager.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular else { continue }
            if (try? manager.removeItem(atPath: path)) != nil { removed += 1 }
        }
        return removed
    }

    /// Renders into one animation file at `settings.outputDirectory`; the error that stopped it,
    /// if any (nothing is then left at the path).
    private static func runAnimation(
        loop: FrameLoop, renderer: OffscreenRenderer, selection: Range<Int>, fps: Double, settings: FrameDumpSettings,
        progress: @escaping (Int) -> Void
    ) throws(EngineError) -> EngineError? {
        let path = settings.outputDirectory
        guard !selection.isEmpty else {
            throw .invalidOption(
                name: "duration",
                message: "\(settings.duration) s at \(fps) fps is no frames: the \(settings.format.rawValue) format needs at least one"
            )
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .animation(path: path, reason: "is a folder: the \(settings.format.rawValue) format writes one file")
        }
        guard let (folder, _) = FilePaths.split(path) else {
            throw .animation(path: path, reason: path.isEmpty ? "the output path is empty: name the file to write" : "is a folder: the \(settings.format.rawValue) format writes one file")
        }
        try prepareOutputDirectory(folder)
        do throws(FileProblem) {
            try FilePaths.checkOutput(path)
        } catch {
            throw .animation(path: path, reason: error.reason)
        }
        var failure: EngineError?
        if settings.format == .apng {
            let sink = try APNGFileSink(renderer: renderer, path: path, fps: fps, progress: progress)
            do throws(EngineError) {
                try loop.run(frames: selection, fps: fps, into: sink) { sink.encodingFailed }
            } catch {
                failure = error
            }
            do throws(EngineError) {
                if failure == nil { try sink.waitForFile() } else { sink.cancel() }
            } catch {
                failure = error
            }
        } else {
            let sink = try FFmpegFileSink(
                renderer: renderer, path: path, format: settings.format, fps: fps, frameCount: selection.count,
                alpha: loop.scene.background.alpha < 1, progress: progress
            )
            do throws(EngineError) {
                try loop.run(frames: selection, fps: fps, into: sink)
            } catch {
                failure = error
            }
            do throws(EngineError) {
                if failure == nil { try sink.waitForFile() } else { sink.cancel() }
            } catch {
                failure = error
            }
        }
        return failure
    }

    /// Throws, before any frame is written, when a frame file the render would replace exists and
    /// is not a regular file (a FIFO, device, folder or link named `frame_00003.png`).
    static func checkFrameTargets(in directory: String, frames: Range<Int>) throws(EngineError) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where name.hasPrefix("frame_") && name.hasSuffix(".png") {
            guard let index = Int(name.dropFirst(6).dropLast(4)), frames.contains(index), name == fileName(ofFrame: index) else { continue }
            do throws(FileProblem) {
                try FilePaths.checkOutput(directory + "/" + name)
            } catch {
                throw .outputDirectory(path: directory, reason: "\(name) \(error.reason)")
            }
        }
    }

    /// Creates the folder if needed and checks it can be written, naming the path if not.
    static func prepareOutputDirectory(_ path: String) throws(EngineError) {
        guard !path.isEmpty else { throw .outputDirectory(path: path, reason: "the output path is empty: name a folder (. for the current one)") }
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .outputDirectory(path: path, reason: "exists and is not a folder") }
        } else {
            // A file where a parent folder should be: say so, not "error 512". (Split by hand:
            // Foundation's deletingLastPathComponent traps on a one-letter path such as "f".)
            var parent = Substring(path)
            while let slash = parent.lastIndex(of: "/"), slash > parent.startIndex {
                parent = parent[..<slash]
                if manager.fileExists(atPath: String(parent), isDirectory: &isDirectory) {
                    guard isDirectory.boolValue else {
                        throw .outputDirectory(path: path, reason: "cannot be created: \(parent) is a file, not a folder")
                    }
                    break
                }
            }
            do {
                try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                throw .outputDirectory(path: path, reason: "cannot be created (\(reasonText(error)))")
            }
        }
        guard manager.isWritableFile(atPath: path) else {
            throw .outputDirectory(path: path, reason: "is not writable")
        }
    }

    private static func reasonText(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}

/// PNG encoding on background threads through a bounded queue: at most `jobs` frames are in
/// flight, so memory stays flat however many frames a dump writes. Each file is still written to
/// a temporary name and renamed; the first error stops further submissions.
///
/// With the incremental encoder, frames are planned in the order they are submitted (one
/// thread), so each re-uses the compressed bands of the frame before where its rows did not
/// change; the files are the same whatever the number of jobs.
nonisolated final class EncoderPool: @unchecked Sendable {
    private let queue: DispatchQueue
    private let slots: DispatchSemaphore
    private let group = DispatchGroup()
    private let options: PNGOptions
    private let lock = NSLock()
    private var firstError: PNGError?
    /// The incremental encoder, made for the first frame's size.
    private var incremental: IncrementalPNGEncoder?

    init(jobs: Int, options: PNGOptions) {
        queue = DispatchQueue(label: "cadence.png", attributes: .concurrent)
        // At most `jobs` frames submitted and not yet written: that also caps the encodes
        // running at once on the concurrent queue.
        slots = DispatchSemaphore(value: jobs)
        self.options = options
    }

    /// The first encoding or writing error, if any.
    var failure: PNGError? { lock.withLock { firstError } }

    /// Queues `image` for `path`; waits while the queue is full. `changedRows` are the rows where
    /// the image may differ from the one submitted before it (nil: unknown).
    func submit(_ image: RGBAImage, to path: String, changedRows: [Range<Int>]? = nil) {
        let frame: IncrementalPNGEncoder.Frame?
        do throws(PNGError) {
            frame = try plan(image, changedRows: changedRows)
        } catch {
            record(error)
            return
        }
        slots.wait()
        group.enter()
        queue.async { [self] in
            defer {
                slots.signal()
                group.leave()
            }
            guard failure == nil else { return }
            do throws(PNGError) {
                if let frame, let incremental {
                    try incremental.write(image, frame: frame, to: path)
                } else {
                    try image.writePNG(to: path, options: options)
                }
            } catch {
                record(error)
            }
        }
    }

    /// The incremental encoder's plan for `image`, or nil for the other encoders.
    private func plan(_ image: RGBAImage, changedRows: [Range<Int>]?) throws(PNGError) -> IncrementalPNGEncoder.Frame? {
        guard options.encoder == .incremental else { return nil }
        if incremental == nil || incremental?.width != image.width || incremental?.height != image.height {
            incremental = try IncrementalPNGEncoder(width: image.width, height: image.height, options: options)
            return incremental?.nextFrame(changedRows: nil)
        }
        return incremental?.nextFrame(changedRows: changedRows)
    }

    private func record(_ error: PNGError) {
        lock.withLock { if firstError == nil { firstError = error } }
    }

    /// Waits for every queued frame.
    func finish() {
        group.wait()
    }
}

/// `value` as settings' messages write it: whole numbers without a fraction, others to 15
/// significant digits (`30`, `0.5`, `1e+300`).
func settingNumber(_ value: Double) -> String {
    String(format: "%.15g", value)
}
