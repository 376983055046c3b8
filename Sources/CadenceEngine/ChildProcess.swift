import Foundation

/// Bounds on the programs Cadence runs (ffmpeg, ffprobe): each is ended when it makes no
/// progress for `ChildProcess.stallSeconds` — 60 s, or `CADENCE_CHILD_TIMEOUT` seconds — so a
/// child that stops reading its input, or never exits, is a named error instead of a hang.
public nonisolated enum ChildProcess {
    /// Seconds without progress before a child is ended: `CADENCE_CHILD_TIMEOUT` (0.1 … 86400),
    /// else 60.
    static var stallSeconds: Double {
        guard let text = ProcessInfo.processInfo.environment["CADENCE_CHILD_TIMEOUT"], let seconds = Double(text),
              seconds.isFinite, seconds >= 0.1
        else { return 60 }
        return min(seconds, 86_400)
    }

    /// Waits for `process` to exit while `progress()` keeps changing (a file growing, say);
    /// ends it (SIGTERM, then SIGKILL a second later) once nothing changed for `stallSeconds`.
    /// True when it exited by itself.
    static func wait(for process: Process, progress: () -> Int64 = { 0 }) -> Bool {
        let limit = stallSeconds
        var last = progress()
        var since = ContinuousClock.now
        while process.isRunning {
            usleep(20_000)
            let now = progress()
            if now != last {
                last = now
                since = .now
            } else if since.duration(to: .now) > .milliseconds(Int64(limit * 1000)) {
                end(process)
                return false
            }
        }
        process.waitUntilExit()
        return true
    }

    /// Ends `process` and every process it started: SIGTERM, and SIGKILL for those still there a
    /// second later. (Foundation counts a child as running until every process holding its
    /// descriptors has gone: a wrapper script's own children must end too, or the wait never does.)
    public static func end(_ process: Process) {
        guard process.isRunning else { return }
        let family = [process.processIdentifier] + descendants(of: process.processIdentifier)
        for pid in family { kill(pid, SIGTERM) }
        for _ in 0..<50 where process.isRunning { usleep(20_000) }
        if process.isRunning {
            for pid in family + descendants(of: process.processIdentifier) { kill(pid, SIGKILL) }
        }
        process.waitUntilExit()
    }

    /// The processes below `root` (children, their children, …), from `/proc`.
    static func descendants(of root: Int32) -> [Int32] {
        var parents: [Int32: [Int32]] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")")
            else { continue }
            // After "pid (comm) ": the state, then the parent's PID.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = Int32(fields[1]) { parents[parent, default: []].append(pid) }
        }
        var found: [Int32] = []
        var queue = [root]
        while let next = queue.popLast(), found.count < 4096 {
            for child in parents[next] ?? [] where !found.contains(child) {
                found.append(child)
                queue.append(child)
            }
        }
        return found
    }

    /// Runs `executable` with `arguments` to the end (bounded as above) and returns its exit
    /// status and standard output; nil when it could not start or was ended. For short outputs
    /// (a pipe's buffer, 64 KiB): a longer one blocks the child, which is then ended.
    static func run(_ executable: String, _ arguments: [String]) -> (status: Int32, output: String, errors: String)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        guard (try? process.run()) != nil, wait(for: process) else { return nil }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let messages = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationReason == .exit ? process.terminationStatus : -1, text, messages)
    }
}
