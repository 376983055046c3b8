import ArgumentParser
import CadenceEngine
import CadenceFiles
import CadenceScene
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `cadence render A.json B.lottie … --out-dir DIR` (or `--list FILE`): many files, each rendered
/// by a `cadence render` of its own into `DIR` — `DIR/NAME/` for PNG frames, `DIR/NAME.FORMAT`
/// for an animated file — several files at once, the cores shared out between them. Each file
/// has a time limit and, when given, a memory limit; its output appears whole or not at all (it
/// is written under a partial name and renamed), so a batch run again skips what is done. One
/// file failing does not stop the others: the summary names it, and the exit status is 1.
struct Batch {
    /// The settings of a batch, from `cadence render`'s options.
    struct Settings {
        var outputFolder: String
        var format: OutputFormat
        /// Files rendered at once.
        var parallel: Int
        /// Seconds a file may take before its render is ended.
        var timeLimit: Double
        /// Bytes of address space a file's render may use; nil for no limit.
        var memoryLimit: Int?
        /// `--shard K/N`: this machine renders the files whose position (from 0) modulo N is K − 1.
        var shard: (index: Int, count: Int)?
        /// The options every file's render is given (size, fps, backend, …).
        var renderArguments: [String]
        var json: Bool
    }

    /// One file's outcome.
    struct Outcome {
        enum Status: String { case rendered, skipped, failed, timedOut = "timed out" }
        var file: String
        var output: String
        var status: Status
        var frames = 0
        var seconds = 0.0
        var peakMemoryBytes = 0
        var message: String?
    }

    /// The most files a batch takes (a documented clamp on what one command line or list names).
    static let maximumFiles = 1_000_000

    /// The files a list file names: one path per line; blank lines and lines starting with `#`
    /// are left out.
    static func files(inList path: String) throws(EngineError) -> [String] {
        let data: Data
        do throws(FileProblem) {
            data = try FilePaths.read(path, limit: JSONValue.maximumDocumentSize)
        } catch {
            throw .invalidOption(name: "--list", message: "\(path): \(error.reason)")
        }
        return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// Where each file's output goes in `folder`: its path below the folder all the files share,
    /// without the extension (with `.FORMAT` for an animated format). Files from one folder land
    /// side by side as `NAME`; files from several keep their folders apart (`a/x`, `b/x`).
    static func outputs(of files: [String], in folder: String, format: OutputFormat) -> [String] {
        let paths = files.map { URL(fileURLWithPath: $0).standardizedFileURL.pathComponents }
        // The folders every file lies in (not the files' own names).
        var shared = paths.first.map { Array($0.dropLast()) } ?? []
        for path in paths.dropFirst() {
            let folders = path.dropLast()
            var count = 0
            while count < shared.count, count < folders.count, shared[count] == folders[count] { count += 1 }
            shared = Array(shared.prefix(count))
        }
        return paths.map { path in
            let below = path.dropFirst(shared.count)
            let name = (below.last.map { ($0 as NSString).deletingPathExtension } ?? "output") + (format.isAnimated ? ".\(format.rawValue)" : "")
            return (([folder] + below.dropLast() + [name]) as [String]).joined(separator: "/")
        }
    }

    /// Renders `files` as `settings` say; prints the summary (a table, or JSON). Throws exit
    /// status 1 when any file failed.
    static func run(_ files: [String], settings: Settings) throws {
        guard !files.isEmpty else { throw ValidationError("a batch needs at least one file") }
        guard files.count <= maximumFiles else { throw ValidationError("a batch takes at most \(maximumFiles) files, got \(files.count)") }
        // Each file once: two entries may not write one output.
        let paths = outputs(of: files, in: settings.outputFolder, format: settings.format)
        var seen: [String: String] = [:]
        for (file, output) in zip(files, paths) {
            if let other = seen[output] {
                throw ValidationError("\(other) and \(file) would both be written to \(output): list each file once")
            }
            seen[output] = file
        }
        let mine = zip(files, paths).enumerated().filter { position, _ in
            guard let shard = settings.shard else { return true }
            return position % shard.count == shard.index - 1
        }.map(\.element)
        do {
            try FileManager.default.createDirectory(atPath: settings.outputFolder, withIntermediateDirectories: true)
        } catch {
            throw ValidationError("--out-dir \(settings.outputFolder): cannot be created (\(error.localizedDescription))")
        }
        let cores = max(ProcessInfo.processInfo.activeProcessorCount, 1)
        let parallel = max(1, min(settings.parallel, mine.count))
        // The cores shared between the files rendered at once: fewer files than cores split
        // each file's frames between renders (PNG frames; an animated file is one render, its
        // frames drawn by that many raster threads).
        let shards = max(1, cores / parallel)
        let threads = settings.format.isAnimated ? shards : 1
        let started = ContinuousClock.now
        // The outcomes by position, and how many are in (counted, not recounted per file).
        let outcomes = Locked((list: Array<Outcome?>(repeating: nil, count: mine.count), done: 0))
        let next = Locked(0)
        let showProgress = !settings.json && isatty(STDERR_FILENO) == 1
        DispatchQueue.concurrentPerform(iterations: parallel) { _ in
            while true {
                let index: Int = next.withLock { value in
                    defer { value += 1 }
                    return value
                }
                guard index < mine.count else { return }
                let outcome = render(mine[index].0, to: mine[index].1, settings: settings, threads: threads, shards: shards)
                let done: Int = outcomes.withLock { state in
                    state.list[index] = outcome
                    state.done += 1
                    return state.done
                }
                if showProgress { FileHandle.standardError.write(Data("\rfile \(done)/\(mine.count)".utf8)) }
            }
        }
        if showProgress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        let results = outcomes.withLock { $0.list.compactMap { $0 } }
        let seconds = started.duration(to: .now).seconds
        if settings.json {
            print(json(results, seconds: seconds, cores: cores, files: files.count))
        } else {
            print(table(results, seconds: seconds, cores: cores))
        }
        if results.contains(where: { $0.status == .failed || $0.status == .timedOut }) { throw ExitCode.failure }
    }

    /// One file: skipped when its output exists (a finished render's), else rendered by
    /// `cadence render`s of its own under a partial name, renamed into place when they succeed.
    /// PNG frames of one file are split between `shards` renders (`--shard k/shards`: its frames
    /// in parallel, each frame the same bytes); an animated file is one render.
    static func render(_ file: String, to output: String, settings: Settings, threads: Int, shards: Int) -> Outcome {
        var outcome = Outcome(file: file, output: output, status: .skipped)
        if FileManager.default.fileExists(atPath: output) { return outcome }
        let folder = (output as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            outcome.status = .failed
            outcome.message = "cannot create \(folder): \(error.localizedDescription)"
            return outcome
        }
        let name = (output as NSString).lastPathComponent
        // The partial name keeps the format's extension (ffmpeg and the APNG writer go by it).
        let stem = settings.format.isAnimated ? (name as NSString).deletingPathExtension : name
        let partial = (folder as NSString).appendingPathComponent(".\(stem).partial-\(getpid())" + (settings.format.isAnimated ? ".\(settings.format.rawValue)" : ""))
        try? FileManager.default.removeItem(atPath: partial)
        defer { try? FileManager.default.removeItem(atPath: partial) }
        let base = ["render", file, "--out", partial, "--format", settings.format.rawValue, "--jobs", String(threads), "--json"] + settings.renderArguments
        let count = settings.format.isAnimated ? 1 : max(shards, 1)
        let started = ContinuousClock.now
        let results = Locked([Child?](repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { shard in
            let arguments = count > 1 ? base + ["--shard", "\(shard + 1)/\(count)"] : base
            let child = run(arguments, settings: settings, threads: threads)
            results.withLock { $0[shard] = child }
        }
        outcome.seconds = started.duration(to: .now).seconds
        let children = results.withLock { $0.compactMap { $0 } }
        for child in children {
            if let summary = (try? JSONValue.parse(child.out)).flatMap(Self.summary) {
                outcome.frames += summary.frames
                outcome.peakMemoryBytes = max(outcome.peakMemoryBytes, summary.peakMemoryBytes)
            }
        }
        if children.contains(where: \.timedOut) {
            outcome.status = .timedOut
            outcome.message = "took longer than \(String(format: "%g", settings.timeLimit)) s (--file-timeout)"
            return outcome
        }
        if let failed = children.first(where: { $0.problem != nil }) {
            outcome.status = .failed
            outcome.message = failed.problem
            return outcome
        }
        do {
            try FileManager.default.moveItem(atPath: partial, toPath: output)
        } catch {
            outcome.status = .failed
            outcome.message = "rendered, but not moved to \(output): \(error.localizedDescription)"
            return outcome
        }
        outcome.status = .rendered
        return outcome
    }

    /// What one render said, and whether it ran over the time limit.
    struct Child {
        var out = Data()
        var timedOut = false
        /// Why it failed; nil when it exited 0.
        var problem: String?
    }

    /// Runs `cadence arguments…` (under the memory limit when there is one), reading what it
    /// writes as it writes it, and ends it when it runs over the time limit.
    static func run(_ arguments: [String], settings: Settings, threads: Int) -> Child {
        var child = Child()
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let process = Process()
        if let memory = settings.memoryLimit {
            // The limit set in a shell that then becomes the render.
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -v \(max(memory / 1024, 1)) && exec \"$0\" \"$@\"", executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        var environment = ProcessInfo.processInfo.environment
        environment["CADENCE_RASTER_THREADS"] = String(threads)
        process.environment = environment
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        let started = ContinuousClock.now
        do {
            try process.run()
        } catch {
            child.problem = "cannot start a render: \(error.localizedDescription)"
            return child
        }
        // Both pipes read as the render writes them, so a full pipe never blocks it.
        let collected = Locked((out: Data(), err: Data()))
        let readers = DispatchGroup()
        for (pipe, isError) in [(stdout, false), (stderr, true)] {
            readers.enter()
            DispatchQueue.global().async {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                collected.withLock { if isError { $0.err = data } else { $0.out = data } }
                readers.leave()
            }
        }
        while process.isRunning {
            usleep(10_000)
            if started.duration(to: .now).seconds > settings.timeLimit {
                child.timedOut = true
                ChildProcess.end(process)
                break
            }
        }
        process.waitUntilExit()
        readers.wait()
        let (out, err) = collected.withLock { ($0.out, $0.err) }
        child.out = out
        guard !child.timedOut, process.terminationStatus != 0 else { return child }
        let lines = String(decoding: err, as: UTF8.self).split(separator: "\n").map(String.init)
        let signal = process.terminationReason == .uncaughtSignal ? "ended by signal \(process.terminationStatus)" : "exit status \(process.terminationStatus)"
        // Cadence's own error, else what the process said last (the loader, say).
        let errors = lines.filter { $0.hasPrefix("cadence: ") && !$0.hasPrefix("cadence: warning:") }.map { String($0.dropFirst("cadence: ".count)) }
        if let error = errors.last {
            child.problem = error
        } else {
            child.problem = (lines.last ?? signal) + (settings.memoryLimit != nil ? " (over --file-memory?)" : "")
        }
        return child
    }

    /// Frames and peak memory from a render's `--json` summary.
    static func summary(_ value: JSONValue) -> (frames: Int, peakMemoryBytes: Int)? {
        guard case .object(let object) = value, case .number(let frames)? = object["frames"] else { return nil }
        var peak = 0
        if case .number(let bytes)? = object["peakMemoryBytes"], bytes.isFinite, bytes >= 0, bytes < 1e18 { peak = Int(bytes) }
        return (frames.isFinite && frames >= 0 && frames < 1e15 ? Int(frames) : 0, peak)
    }

    static func table(_ outcomes: [Outcome], seconds: Double, cores: Int) -> String {
        let nameWidth = min(max(outcomes.map(\.file.count).max() ?? 4, 4), 60)
        func pad(_ text: String, _ width: Int) -> String { text.count >= width ? text : text + String(repeating: " ", count: width - text.count) }
        var lines = [pad("file", nameWidth) + "  status     frames  seconds  peak MiB  output"]
        for outcome in outcomes {
            let memory = outcome.peakMemoryBytes > 0 ? String(format: "%8.0f", Double(outcome.peakMemoryBytes) / 1_048_576) : "       -"
            var line = pad(outcome.file, nameWidth) + "  " + pad(outcome.status.rawValue, 9)
            line += String(format: "  %6d  %7.2f  ", outcome.frames, outcome.seconds) + memory + "  " + outcome.output
            if let message = outcome.message { line += "\n    " + message }
            lines.append(line)
        }
        let totals = Totals(outcomes, seconds: seconds, cores: cores)
        lines.append(String(
            format: "%d files: %d rendered, %d skipped, %d failed; %d frames in %.2f s (%.1f frames/s, %.1f per core; %.0f files/hour)",
            outcomes.count, totals.rendered, totals.skipped, totals.failed, totals.frames, seconds, totals.framesPerSecond,
            totals.framesPerSecond / Double(cores), totals.filesPerHour
        ))
        return lines.joined(separator: "\n")
    }

    struct Totals {
        var rendered = 0, skipped = 0, failed = 0, frames = 0
        var framesPerSecond = 0.0, filesPerHour = 0.0

        init(_ outcomes: [Outcome], seconds: Double, cores: Int) {
            for outcome in outcomes {
                switch outcome.status {
                case .rendered: rendered += 1; frames += outcome.frames
                case .skipped: skipped += 1
                case .failed, .timedOut: failed += 1
                }
            }
            framesPerSecond = seconds > 0 ? Double(frames) / seconds : 0
            filesPerHour = seconds > 0 ? Double(rendered) * 3600 / seconds : 0
        }
    }

    static func json(_ outcomes: [Outcome], seconds: Double, cores: Int, files: Int) -> String {
        let totals = Totals(outcomes, seconds: seconds, cores: cores)
        func number(_ value: Double) -> String { value.isFinite ? String(format: "%.6g", value) : "0" }
        let entries = outcomes.map { outcome in
            var fields = [
                "\"file\": \(JSONText.quoted(outcome.file))", "\"output\": \(JSONText.quoted(outcome.output))",
                "\"status\": \(JSONText.quoted(outcome.status.rawValue))", "\"frames\": \(outcome.frames)",
                "\"seconds\": \(number(outcome.seconds))", "\"peakMemoryBytes\": \(outcome.peakMemoryBytes)",
            ]
            if let message = outcome.message { fields.append("\"message\": \(JSONText.quoted(message))") }
            return "    {" + fields.joined(separator: ", ") + "}"
        }
        return """
        {
          "version": \(JSONText.quoted(Cadence.version)),
          "cores": \(cores),
          "filesListed": \(files),
          "files": [
        \(entries.joined(separator: ",\n"))
          ],
          "rendered": \(totals.rendered), "skipped": \(totals.skipped), "failed": \(totals.failed),
          "frames": \(totals.frames), "seconds": \(number(seconds)), "framesPerSecond": \(number(totals.framesPerSecond)),
          "framesPerSecondPerCore": \(number(totals.framesPerSecond / Double(cores))), "filesPerHour": \(number(totals.filesPerHour))
        }
        """
    }
}

/// A value shared between threads behind a lock.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (whole, fraction) = components
        return Double(whole) + Double(fraction) * 1e-18
    }
}

/// `cadence bench batch`: a batch rendered into a scratch folder (removed after), timed: files
/// per hour and frames per second per core, with the per-file table.
struct BatchSpeed: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Render Lottie files or scene files as one batch on every core (PNG frames into a scratch folder) and print files per hour and frames per second per core.",
        discussion: """
        The batch is what `cadence render FILES… --out-dir DIR` runs: each file in a render of its \
        own, --parallel files at once, a file's frames split between renders when there are fewer \
        files than cores. `make bench-batch FILES=…` runs it beside rlottie and ThorVG writing the \
        same frames as PNG files (Benchmarks/batch.py).
        """
    )

    @Argument(help: "The files (Lottie .json, .tgs, .lottie, or scene files).")
    var files: [String] = []

    @Option(help: "A file listing the files, one path per line.")
    var list: String?

    @Option(parsing: .unconditional, help: "Frame size, WxH. Default: each file's own.")
    var size: FrameSize?

    @Option(parsing: .unconditional, help: "Render only frames A through B of each file.")
    var frames: FrameRange?

    @Option(parsing: .unconditional, help: "Files rendered at once. Default: one per core.")
    var parallel: Int?

    @Option(name: .customLong("file-timeout"), parsing: .unconditional, help: "Seconds a file may take before its render is ended and counted as failed.")
    var fileTimeout = 600.0

    @OptionGroup var backendOptions: BackendOptions

    @Flag(help: "Print JSON.")
    var json = false

    func validate() throws {
        try size?.check("--size")
        guard (parallel ?? 1) >= 1 else { throw ValidationError("--parallel must be 1 or more, got \(parallel ?? 0)") }
        guard fileTimeout.isFinite, fileTimeout > 0, fileTimeout <= 604_800 else {
            throw ValidationError("--file-timeout must be a number of seconds above 0 and at most 604800, got \(fileTimeout)")
        }
    }

    func run() throws {
        var all = files
        if let list {
            do throws(EngineError) {
                all += try Batch.files(inList: list)
            } catch {
                printError(commandLineDescription(of: error))
                throw ExitCode.validationFailure
            }
        }
        let scratch = NSTemporaryDirectory() + "cadence-bench-batch-\(getpid())-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var arguments = ["--backend", backendOptions.backend.rawValue]
        if let size { arguments += ["--size", size.text] }
        if let frames { arguments += ["--frames", "\(frames.range.lowerBound)..\(frames.range.upperBound)"] }
        let settings = Batch.Settings(
            outputFolder: scratch, format: .png, parallel: parallel ?? max(ProcessInfo.processInfo.activeProcessorCount, 1),
            timeLimit: fileTimeout, memoryLimit: nil, shard: nil, renderArguments: arguments, json: json
        )
        try Batch.run(all, settings: settings)
    }
}
