import Foundation

/// A render's claim on its output folder: `.cadence-render.lock` in it, held with `flock` and
/// holding the render's PID, so a second render into the same folder fails naming the first
/// instead of interleaving frames. The kernel drops the lock when its process dies however it
/// dies (`kill -9` included), so a killed render never blocks the next; the file is removed when
/// the render ends.
///
/// Taking the lock also removes temporary frames (`.frame_N.png.PID.tmp`) that a killed render
/// left behind: those whose PID is no longer a running process.
final class OutputFolderLock {
    /// The lock file's name inside the folder.
    static let fileName = ".cadence-render.lock"

    private let path: String
    private let descriptor: Int32

    /// Takes the lock on `directory` (which must exist) and clears stale temporary frames.
    init(directory: String) throws(EngineError) {
        path = (directory as NSString).appendingPathComponent(Self.fileName)
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .outputDirectory(path: directory, reason: "cannot create the lock file \(Self.fileName) (\(String(cString: strerror(errno))))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let holder = (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
            close(descriptor)
            throw .outputDirectory(
                path: directory,
                reason: "another render (PID \(holder.flatMap { $0.isEmpty ? nil : $0 } ?? "unknown")) is writing into it; wait for it to end or choose another --out"
            )
        }
        let pid = Data("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        Self.removeStaleTemporaryFrames(in: directory)
    }

    /// Removes the lock file and lets go of the lock.
    func release() {
        unlink(path)
        close(descriptor)
    }

    /// Deletes `.frame_N.png.PID.tmp` files of processes that are gone.
    static func removeStaleTemporaryFrames(in directory: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(".frame_") && name.hasSuffix(".tmp") {
            let parts = name.split(separator: ".")
            guard parts.count >= 4, let pid = Int32(parts[parts.count - 2]), pid > 0 else { continue }
            // kill(pid, 0) fails with ESRCH only when no such process exists.
            guard kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink((directory as NSString).appendingPathComponent(name))
        }
    }
}
