import CadenceFiles
import Foundation

/// A render's claim on its output folder: `.cadence-render.lock` in it, held with `flock` and
/// holding the render's PID, so a second render into the same folder fails naming the first
/// instead of interleaving frames. The kernel drops the lock when its process dies however it
/// dies (`kill -9` included), so a killed render never blocks the next; the file is removed when
/// the render ends.
///
/// Removing it opens a race: a render that opened the file just before the holder unlinked it
/// gets the lock on a dead inode while the next render creates and locks a new file — two
/// renders in one folder. So a render that gets the lock checks that the path still names the
/// file it locked, and starts again if not.
///
/// Taking the lock also removes temporary files (`.frame_N.png.PID.tmp`, `.NAME.PID.tmp`) that a
/// killed render left behind: those whose PID is no longer a running process.
final class OutputFolderLock {
    /// The lock file's name inside the folder.
    static let fileName = ".cadence-render.lock"

    private let path: String
    private let descriptor: Int32

    /// Takes the lock on `directory` (which must exist) and clears stale temporary frames.
    init(directory: String) throws(EngineError) {
        path = (directory as NSString).appendingPathComponent(Self.fileName)
        // Each retry means another render removed the file between our open and our lock; a
        // few are plenty, and the loop must end whatever other processes do.
        var locked: Int32?
        for _ in 0..<16 {
            let candidate = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard candidate >= 0 else {
                throw .outputDirectory(path: directory, reason: "cannot create the lock file \(Self.fileName) (\(String(cString: strerror(errno))))")
            }
            guard flock(candidate, LOCK_EX | LOCK_NB) == 0 else {
                let holder = (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
                close(candidate)
                throw .outputDirectory(
                    path: directory,
                    reason: "another render (PID \(holder.flatMap { $0.isEmpty ? nil : $0 } ?? "unknown")) is writing into it; wait for it to end or choose another --out"
                )
            }
            if Self.isCurrent(candidate, path: path) {
                locked = candidate
                break
            }
            close(candidate)
        }
        guard let locked else {
            throw .outputDirectory(path: directory, reason: "the lock file \(Self.fileName) kept being replaced by other renders; try again")
        }
        descriptor = locked
        let pid = Data("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        FilePaths.removeStaleTemporaries(beside: directory + "/" + Self.fileName, anyName: true)
    }

    /// Whether the open file `descriptor` is still the one `path` names (not unlinked or
    /// replaced since it was opened).
    static func isCurrent(_ descriptor: Int32, path: String) -> Bool {
        var held = stat()
        var named = stat()
        return fstat(descriptor, &held) == 0 && stat(path, &named) == 0 && held.st_dev == named.st_dev && held.st_ino == named.st_ino
    }

    /// Removes the lock file and lets go of the lock (a render that opened the file meanwhile
    /// finds it gone after locking, and starts again).
    func release() {
        unlink(path)
        close(descriptor)
    }
}
