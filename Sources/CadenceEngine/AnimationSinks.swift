import CadenceDraw
import CadenceFiles
import CadenceGL
import CadenceImage
import CadenceTiming
import Foundation

/// What `cadence render --format` writes: PNG frame files, or one animation file.
nonisolated public enum OutputFormat: String, Sendable, CaseIterable {
    /// One PNG file per frame into a folder (the default).
    case png
    /// One animated PNG, written by Cadence: later frames hold only what changed.
    case apng
    /// One GIF through ffmpeg (a palette made for the whole animation).
    case gif
    /// One H.264 MP4 (yuv420p) through ffmpeg.
    case mp4
    /// One VP9 WebM through ffmpeg: with alpha (`yuva420p`) when the background is transparent.
    case webm
    /// One QuickTime movie of ProRes 4444 through ffmpeg, with alpha: for video editors.
    case mov

    /// Whether the output is one file rather than a folder of frames.
    public var isAnimated: Bool { self != .png }

    /// Whether ffmpeg encodes it.
    public var usesFFmpeg: Bool { self == .gif || self == .mp4 || self == .webm || self == .mov }
}

/// The first error of work done on another thread.
nonisolated private final class FirstError: @unchecked Sendable {
    private let lock = NSLock()
    private var error: EngineError?

    var value: EngineError? { lock.withLock { error } }

    func record(_ new: EngineError) {
        lock.withLock { if error == nil { error = new } }
    }
}

/// Renders each frame offscreen and writes them into one animated PNG (`APNGWriter`): the first
/// frame whole, each later frame only the box around the rectangles where it changed (the renderer's
/// damage), so the file and the encoding cost follow what changed. Compression runs on a
/// background thread, at most a few frames behind the GPU.
///
/// `finish()` (which the frame loop calls after the last frame) writes the file into place or
/// throws the first error, leaving nothing at the path; `waitForFile()` does the same, once, for
/// code that drives the sink by hand; `cancel()` drops the file.
public final class APNGFileSink: FrameSink {
    /// The renderer the frames are drawn with.
    public let renderer: OffscreenRenderer

    /// The renderer's size: the loop fits the scene to it as it draws.
    public var frameSize: Size? { renderer.frameSize }
    /// Frames handed to the writer so far.
    public private(set) var written = 0
    private let writer: APNGWriter
    private let queue = DispatchQueue(label: "cadence.apng")
    private let slots = DispatchSemaphore(value: 3)
    private let group = DispatchGroup()
    private let failure = FirstError()
    private let progress: (Int) -> Void
    /// What changed in each frame submitted and not yet back from the GPU, oldest first.
    private var changes: [PixelRect?] = []
    /// How writing the file ended, once it has.
    private var outcome: Result<Void, EngineError>?

    /// A sink drawing with `renderer` into the APNG at `path` (its folder must exist) at `fps`,
    /// compressed at libdeflate `level` (1...12); `progress(written)` as each frame is handed over.
    public init(renderer: OffscreenRenderer, path: String, fps: Double, level: Int = 6,
                progress: @escaping (Int) -> Void = { _ in }) throws(EngineError) {
        self.renderer = renderer
        self.progress = progress
        do {
            writer = try APNGWriter(path: path, width: renderer.width, height: renderer.height, fps: fps, level: level)
        } catch {
            throw .png(error)
        }
    }

    /// Whether writing has failed: the loop should stop.
    public var encodingFailed: Bool { failure.value != nil }

    public func take(_ list: DisplayList, frame: FrameInfo) throws(EngineError) {
        let images = try renderer.submit(list)
        changes.append(PixelRect.bounds(of: renderer.lastChanged ?? []))
        write(images)
    }

    /// Writes the last frames, then the file into place (`waitForFile()`).
    public func finish() throws(EngineError) {
        write(try renderer.finish())
        try waitForFile()
    }

    /// Waits for the writer, then puts the file in place; throws the first error, leaving no file.
    /// Called again, it gives the same outcome.
    public func waitForFile() throws(EngineError) {
        if let outcome { return try outcome.get() }
        group.wait()
        if let error = failure.value {
            writer.cancel()
            outcome = .failure(error)
            throw error
        }
        do {
            try writer.finish()
            outcome = .success(())
        } catch {
            outcome = .failure(.png(error))
            throw .png(error)
        }
    }

    /// Drops the file (after a failed loop); nothing once the file is written.
    public func cancel() {
        guard outcome == nil else { return }
        group.wait()
        writer.cancel()
        outcome = .failure(.animation(path: "", reason: "cancelled"))
    }

    private func write(_ images: [RGBAImage]) {
        for image in images {
            let changed = changes.removeFirst()
            slots.wait()
            group.enter()
            let failure = failure
            let slots = slots
            let group = group
            // Only this serial queue touches the writer until `waitForFile` has waited for it.
            nonisolated(unsafe) let unsafeWriter = writer
            queue.async {
                defer {
                    slots.signal()
                    group.leave()
                }
                guard failure.value == nil else { return }
                do throws(PNGError) {
                    try unsafeWriter.add(image, changed: changed)
                } catch {
                    failure.record(.png(error))
                }
            }
            written += 1
            progress(written)
        }
    }
}

/// Renders each frame offscreen and pipes its RGBA bytes to an `ffmpeg` process that encodes a
/// GIF (`palettegen` and `paletteuse`: one palette made from the whole animation while its
/// frames fit `gifPaletteMemory`, else one per frame), an H.264 MP4
/// (`yuv420p`, padded to even sides, `+faststart`) or a VP9 WebM. ffmpeg writes a temporary file
/// in the same folder, renamed into place only when it succeeds; when it is missing or fails, the
/// error carries the last lines of its stderr and nothing is left at the path.
///
/// The temporary file is created here (`FilePaths.beginOutput`: new, never through a link planted
/// at its name) and given to ffmpeg as its stdout, which it opens as `/dev/stdout`: a reopening
/// of the same file that it can seek and read back (as `+faststart` does), so ffmpeg never opens
/// the temporary name itself. Before the rename the name must still be that file.
///
/// `finish()` (which the frame loop calls after the last frame) waits for ffmpeg and puts the
/// file in place, or throws; `waitForFile()` does the same, once, for code that drives the sink by
/// hand; `cancel()` stops ffmpeg and drops the file.
public final class FFmpegFileSink: FrameSink {
    /// The renderer the frames are drawn with.
    public let renderer: OffscreenRenderer

    /// The renderer's size: the loop fits the scene to it as it draws.
    public var frameSize: Size? { renderer.frameSize }
    /// The file written.
    public let path: String
    /// Frames piped to ffmpeg so far.
    public private(set) var written = 0
    private let process: Process
    private let input: FileHandle
    private let errors: StderrCollector
    private let temporary: TemporaryFile
    /// The temporary file, open for writing: ffmpeg's stdout, and how its size is read.
    private let output: FileHandle
    private let progress: (Int) -> Void
    private var closed = false
    /// How writing the file ended, once it has.
    private var outcome: Result<Void, EngineError>?

    /// Starts ffmpeg (found on `PATH`) to encode `format` at `fps` into `path`, whose folder
    /// must exist; `progress(written)` as each frame is piped. `frameCount`, when known, lets a
    /// GIF's palette be made for the whole animation while that fits `gifPaletteMemory`.
    /// With `alpha`, a WebM keeps the frames' alpha (VP9 `yuva420p`); a MOV always does, and a
    /// GIF or MP4 never.
    public init(renderer: OffscreenRenderer, path: String, format: OutputFormat, fps: Double, frameCount: Int? = nil,
                alpha: Bool = false, progress: @escaping (Int) -> Void = { _ in }) throws(EngineError) {
        guard format.usesFFmpeg else {
            throw .invalidOption(name: "format", message: "\(format.rawValue) is not encoded by ffmpeg")
        }
        self.renderer = renderer
        self.path = path
        self.progress = progress
        guard let executable = Self.findExecutable("ffmpeg") else {
            throw .animation(path: path, reason: "ffmpeg is not on PATH: install it (apt-get install ffmpeg, or make deps)")
        }
        do throws(FileProblem) {
            temporary = try FilePaths.beginOutput(path)
        } catch {
            throw .animation(path: path, reason: error.reason)
        }
        output = FileHandle(fileDescriptor: temporary.descriptor, closeOnDealloc: true)
        // A dead ffmpeg must give an error from write(2), not end this process.
        signal(SIGPIPE, SIG_IGN)
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Self.arguments(
            format: format, width: renderer.width, height: renderer.height, fps: fps, frameCount: frameCount, alpha: alpha, output: "/dev/stdout"
        )
        let stdin = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = output
        process.standardError = stderr
        input = stdin.fileHandleForWriting
        errors = StderrCollector(stderr.fileHandleForReading)
        do {
            try process.run()
        } catch {
            try? output.close()
            unlink(temporary.path)
            throw .animation(path: path, reason: "cannot start ffmpeg (\(executable)): \(error.localizedDescription)")
        }
        errors.start()
        // Writes that would block come back at once, so a stalled ffmpeg is noticed (`pipe`).
        let flags = fcntl(input.fileDescriptor, F_GETFL)
        _ = fcntl(input.fileDescriptor, F_SETFL, flags | O_NONBLOCK)
    }

    /// The most memory ffmpeg may spend holding a GIF's frames to make one palette for all of
    /// them: 1 GiB, about 8 bytes a pixel of every frame (measured: 1,200 frames at 640×360 held
    /// 2.2 GB; a 60 s GIF at 640×360 took 6.3 GiB). Longer GIFs, or GIFs of unknown length, get a
    /// palette per frame, which ffmpeg makes as the frames stream through (97 MB for the same 1,200).
    public static let gifPaletteMemory = 1 << 30

    /// Whether a GIF of `frameCount` frames of `width` × `height` gets one palette for the whole
    /// animation (else one per frame).
    static func usesOnePalette(width: Int, height: Int, frameCount: Int?) -> Bool {
        guard let frameCount else { return false }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        let (bytes, tooMany) = pixels.multipliedReportingOverflow(by: max(frameCount, 0))
        return !overflow && !tooMany && bytes <= gifPaletteMemory / 8
    }

    /// ffmpeg's arguments: raw RGBA frames on stdin, `format` into `output`.
    static func arguments(
        format: OutputFormat, width: Int, height: Int, fps: Double, frameCount: Int? = nil, alpha: Bool = false, output: String
    ) -> [String] {
        var arguments = [
            "-hide_banner", "-loglevel", "error", "-y",
            "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)", "-r", String(fps), "-i", "-",
        ]
        switch format {
        case .gif:
            let palette = usesOnePalette(width: width, height: height, frameCount: frameCount)
                ? "[0:v]split[a][b];[a]palettegen[p];[b][p]paletteuse"
                : "[0:v]split[a][b];[a]palettegen=stats_mode=single[p];[b][p]paletteuse=new=1"
            arguments += ["-filter_complex", palette, "-loop", "0", "-f", "gif"]
        case .mp4:
            arguments += [
                "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-preset", "veryfast", "-crf", "20",
                "-movflags", "+faststart", "-f", "mp4",
            ]
        case .webm:
            arguments += [
                "-c:v", "libvpx-vp9", "-pix_fmt", alpha ? "yuva420p" : "yuv420p", "-b:v", "0", "-crf", "32", "-deadline", "realtime",
                "-cpu-used", "8", "-row-mt", "1", "-f", "webm",
            ]
        case .mov:
            arguments += ["-c:v", "prores_ks", "-profile:v", "4444", "-pix_fmt", "yuva444p10le", "-vendor", "apl0", "-f", "mov"]
        case .png, .apng:
            break
        }
        return arguments + [output]
    }

    /// The first executable file named `name` in a folder of `PATH`.
    static func findExecutable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":", omittingEmptySubsequences: true) {
            let candidate = String(folder) + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    public func take(_ list: DisplayList, frame: FrameInfo) throws(EngineError) {
        try pipe(try renderer.submit(list))
    }

    /// Pipes the last frames, then waits for the file (`waitForFile()`).
    public func finish() throws(EngineError) {
        try pipe(try renderer.finish())
        try waitForFile()
    }

    /// Closes ffmpeg's input, waits for it and puts the file in place; throws with ffmpeg's last
    /// stderr lines when it failed, leaving no file.
    ///
    /// ffmpeg exits 0 when the disk fills while it writes a GIF, WebM or MP4, and when it gets no
    /// frames, leaving a truncated or empty file: so the file must hold every frame piped (counted
    /// by ffprobe when it is on `PATH`, else at least be non-empty) before it is put in place.
    /// An ffmpeg whose file stops growing for `ChildProcess.stallSeconds` is ended. Called again,
    /// it gives the same outcome.
    public func waitForFile() throws(EngineError) {
        if let outcome { return try outcome.get() }
        do throws(EngineError) {
            try completeFile()
            outcome = .success(())
        } catch {
            outcome = .failure(error)
            throw error
        }
    }

    private func completeFile() throws(EngineError) {
        closeInput()
        let exited = ChildProcess.wait(for: process) { [output] in Self.size(of: output) }
        let messages = errors.finish()
        guard exited else {
            discardFile()
            throw .animation(path: path, reason: "ffmpeg wrote nothing for \(Self.seconds(ChildProcess.stallSeconds)) after its input ended: ended it")
        }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            discardFile()
            throw .animation(path: path, reason: failureReason(messages))
        }
        if let problem = checkWrittenFile() {
            discardFile()
            throw .animation(path: path, reason: problem)
        }
        try? output.close()
        do throws(FileProblem) {
            try FilePaths.commit(temporary, to: path)
        } catch {
            throw .animation(path: path, reason: error.reason)
        }
    }

    /// Stops ffmpeg and drops its file (after a failed loop); nothing once the file is written.
    public func cancel() {
        guard outcome == nil else { return }
        outcome = .failure(.animation(path: path, reason: "cancelled"))
        closeInput()
        ChildProcess.end(process)
        _ = errors.finish()
        discardFile()
    }

    /// Closes and removes the temporary file.
    private func discardFile() {
        try? output.close()
        unlink(temporary.path)
    }

    /// What is wrong with the file ffmpeg says it wrote, or nil when it holds every frame.
    private func checkWrittenFile() -> String? {
        guard written > 0 else { return "no frames were rendered: an animation needs at least one" }
        guard Self.size(of: output) > 0 else { return "ffmpeg exited 0 but wrote an empty file (is the disk full?)" }
        guard let ffprobe = Self.findExecutable("ffprobe") else { return nil }
        let arguments = ["-v", "error", "-count_packets", "-select_streams", "v:0", "-show_entries", "stream=nb_read_packets", "-of", "csv=p=0", temporary.path]
        guard let probe = ChildProcess.run(ffprobe, arguments) else {
            return "ffprobe, reading back what ffmpeg wrote, did not finish within \(Self.seconds(ChildProcess.stallSeconds))"
        }
        let count = Int(probe.output.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").first ?? "")
        guard probe.status == 0, let count else {
            let detail = probe.errors.split(separator: "\n").last.map { ": " + $0 } ?? ""
            return "ffmpeg exited 0 but its file cannot be read back by ffprobe\(detail) (is the disk full?)"
        }
        guard count == written else {
            return "ffmpeg exited 0 but its file holds \(count) of the \(written) frames (is the disk full?)"
        }
        return nil
    }

    /// The size in bytes of the open file `handle`; 0 when it cannot be read.
    private static func size(of handle: FileHandle) -> Int64 {
        var info = stat()
        return fstat(handle.fileDescriptor, &info) == 0 ? Int64(info.st_size) : 0
    }

    private static func seconds(_ value: Double) -> String {
        String(format: "%g s", value)
    }

    private func closeInput() {
        guard !closed else { return }
        closed = true
        try? input.close()
    }

    private func failureReason(_ messages: String) -> String {
        let lines = messages.split(separator: "\n").suffix(5).joined(separator: "\n  ")
        let status = process.terminationReason == .exit
            ? "exited with status \(process.terminationStatus)" : "was killed by signal \(process.terminationStatus)"
        return "ffmpeg \(status)" + (lines.isEmpty ? "" : ":\n  " + lines)
    }

    private func pipe(_ images: [RGBAImage]) throws(EngineError) {
        for image in images {
            let descriptor = input.fileDescriptor
            var offset = 0
            let total = image.pixels.count
            while offset < total {
                let count = image.pixels.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress! + offset, total - offset) }
                if count < 0, errno == EINTR { continue }
                if count < 0, errno == EAGAIN {
                    // The pipe is full: wait for ffmpeg to read, but not for ever.
                    var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    let waited = poll(&ready, 1, Int32(ChildProcess.stallSeconds * 1000))
                    if waited == 0 {
                        closeInput()
                        ChildProcess.end(process)
                        _ = errors.finish()
                        discardFile()
                        throw .animation(path: path, reason: "ffmpeg stopped reading its input for \(Self.seconds(ChildProcess.stallSeconds)): ended it")
                    }
                    continue
                }
                guard count > 0 else {
                    // ffmpeg stopped reading: it failed; its stderr says why.
                    closeInput()
                    _ = ChildProcess.wait(for: process)
                    let messages = errors.finish()
                    discardFile()
                    throw .animation(path: path, reason: failureReason(messages))
                }
                offset += count
            }
            written += 1
            progress(written)
        }
    }
}

/// Reads a process's stderr on a thread of its own (so a chatty process never blocks on a full
/// pipe) and keeps it.
nonisolated private final class StderrCollector: @unchecked Sendable {
    private let handle: FileHandle
    private let lock = NSLock()
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)
    private var finished = false

    init(_ handle: FileHandle) {
        self.handle = handle
    }

    func start() {
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                lock.withLock { data.append(chunk) }
            }
            done.signal()
        }
    }

    /// Waits for the end of the stream, at most a few seconds once the process has ended (a
    /// process it started may still hold the pipe open); what was written.
    func finish() -> String {
        if !lock.withLock({ finished }) {
            _ = done.wait(timeout: .now() + 3)
            lock.withLock { finished = true }
        }
        return lock.withLock { String(decoding: data, as: UTF8.self) }
    }
}
