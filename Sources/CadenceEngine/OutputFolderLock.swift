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
/// The lock file is shared, so it is opened without `O_EXCL`, but never through a symbolic link
/// (`O_NOFOLLOW`), without blocking (`O_NONBLOCK`: a FIFO planted at its name would wait for a
/// writer for ever), and used only when `fstat` shows a regular file with one link: anything else
/// at the name (a link, a FIFO, a hard link to another file) is refused, named, and left as it
/// is, since truncating it to write the PID would damage the file it leads to.
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
            let candidate = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
            guard candidate >= 0 else {
                let code = errno
                if code == ELOOP || code == ENXIO {
                    throw Self.notALockFile(path, directory: directory, kind: FilePaths.kind(of: Self.mode(at: path)) ?? "not a regular file")
                }
                throw .outputDirectory(path: directory, reason: "cannot create the lock file \(Self.fileName) (\(String(cString: strerror(code))))")
            }
            var info = stat()
            guard fstat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_nlink == 1 else {
                let kind = FilePaths.kind(of: info.st_mode) ?? "a regular file with \(info.st_nlink) hard links"
                close(candidate)
                throw Self.notALockFile(path, directory: directory, kind: kind)
            }
            guard flock(candidate, LOCK_EX | LOCK_NB) == 0 else {
                let holder = Self.holder(candidate)
                close(candidate)
                throw .outputDirectory(
                    path: directory,
                    reason: "another render (PID \(holder ?? "unknown")) is writing into it; wait for it to end or choose another --out"
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
    /// replaced since it was opened; a link to it does not count).
    static func isCurrent(_ descriptor: Int32, path: String) -> Bool {
        var held = stat()
        var named = stat()
        return fstat(descriptor, &held) == 0 && lstat(path, &named) == 0 && held.st_dev == named.st_dev && held.st_ino == named.st_ino
    }

    /// The PID the holder wrote into the lock file open at `descriptor`, read through that
    /// descriptor (the name might be swapped for something else meanwhile); nil when empty.
    private static func holder(_ descriptor: Int32) -> String? {
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: bytes.prefix(count), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// The file type bits of what `path` names, not following a link; 0 when nothing is there.
    private static func mode(at path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode : 0
    }

    /// The refusal of a lock name that holds something other than a lock file.
    private static func notALockFile(_ path: String, directory: String, kind: String) -> EngineError {
        .outputDirectory(path: directory, reason: "its lock file \(path) is \(kind): Cadence will not write through it; remove it or choose another --out")
    }

    /// Removes the lock file and lets go of the lock (a render that opened the file meanwhile
    /// finds it gone after locking, and starts again).
    func release() {
        unlink(path)
        close(descriptor)
    }
}
