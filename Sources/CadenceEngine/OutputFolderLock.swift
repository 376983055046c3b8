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
///
/// Shards (`--shard K/N`) write disjoint frames into one folder, as the `parallel` and Indexed
/// Job recipes do: each holds the folder's lock shared and a lock of its own,
/// `.cadence-render.shard-K-of-N.lock`, exclusive. So shards run side by side, the same shard
/// twice does not, and a whole render (exclusive) waits for none of them and is refused while
/// any runs, as they are while it runs.
final class OutputFolderLock {
    /// The lock file's name inside the folder.
    static let fileName = ".cadence-render.lock"

    /// The lock file of shard `index` of `count`.
    static func fileName(shard index: Int, of count: Int) -> String {
        ".cadence-render.shard-\(index)-of-\(count).lock"
    }

    /// A lock file held: its path, its descriptor, and whether it is held exclusive.
    private struct Held {
        let path: String
        let descriptor: Int32
        let exclusive: Bool
    }

    private let held: [Held]

    /// Takes the lock on `directory` (which must exist) and clears stale temporary frames: the
    /// whole folder's, or with `shard` (K, N) the folder's shared and shard K's own.
    init(directory: String, shard: (index: Int, count: Int)? = nil) throws(EngineError) {
        let main = (directory as NSString).appendingPathComponent(Self.fileName)
        guard let shard else {
            held = [try Self.take(main, exclusive: true, directory: directory)]
            Self.writePID(held[0].descriptor)
            FilePaths.removeStaleTemporaries(beside: main, anyName: true)
            return
        }
        let folder = try Self.take(main, exclusive: false, directory: directory)
        let own: Held
        do throws(EngineError) {
            own = try Self.take((directory as NSString).appendingPathComponent(Self.fileName(shard: shard.index, of: shard.count)), exclusive: true, directory: directory)
        } catch {
            Self.letGo(folder)
            throw error
        }
        held = [own, folder]
        Self.writePID(own.descriptor)
        FilePaths.removeStaleTemporaries(beside: main, anyName: true)
    }

    /// Opens and locks the lock file at `path`, exclusive or shared.
    private static func take(_ path: String, exclusive: Bool, directory: String) throws(EngineError) -> Held {
        let name = (path as NSString).lastPathComponent
        // Each retry means another render removed the file between our open and our lock; a
        // few are plenty, and the loop must end whatever other processes do.
        for _ in 0..<16 {
            let candidate = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
            guard candidate >= 0 else {
                let code = errno
                if code == ELOOP || code == ENXIO {
                    throw Self.notALockFile(path, directory: directory, kind: FilePaths.kind(of: Self.mode(at: path)) ?? "not a regular file")
                }
                throw .outputDirectory(path: directory, reason: "cannot create the lock file \(name) (\(String(cString: strerror(code))))")
            }
            var info = stat()
            guard fstat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_nlink == 1 else {
                let kind = FilePaths.kind(of: info.st_mode) ?? "a regular file with \(info.st_nlink) hard links"
                close(candidate)
                throw Self.notALockFile(path, directory: directory, kind: kind)
            }
            guard flock(candidate, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) == 0 else {
                let holder = Self.holder(candidate)
                close(candidate)
                // Held shared (by shards) the folder's file holds no PID.
                let who = holder.map { "another render (PID \($0)) is writing into it" } ?? "shard renders (--shard) are writing into it"
                throw .outputDirectory(path: directory, reason: "\(who); wait for it to end or choose another --out")
            }
            if Self.isCurrent(candidate, path: path) { return Held(path: path, descriptor: candidate, exclusive: exclusive) }
            close(candidate)
        }
        throw .outputDirectory(path: directory, reason: "the lock file \(name) kept being replaced by other renders; try again")
    }

    /// Writes this process's PID into the exclusive lock file open at `descriptor`.
    private static func writePID(_ descriptor: Int32) {
        let pid = Data("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
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

    /// Lets go of the locks, removing each file no one else holds (a render that opened a file
    /// meanwhile finds it gone after locking, and starts again).
    func release() {
        for lock in held { Self.letGo(lock) }
    }

    /// Lets go of `lock`: an exclusive one's file is removed; a shared one's only when no other
    /// shard still holds it (the lock can be made exclusive at once).
    private static func letGo(_ lock: Held) {
        if lock.exclusive || flock(lock.descriptor, LOCK_EX | LOCK_NB) == 0 { unlink(lock.path) }
        close(lock.descriptor)
    }
}
