#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// What is wrong with a path a user named, as a message that names it: "is a folder", "is a
/// FIFO, not a regular file", "No such file or directory".
public struct FileProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path as given.
    public var path: String
    /// What is wrong, without the path.
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path.isEmpty ? "''" : path): \(reason)" }
}

/// A temporary file Cadence created for an output: a new regular file made by this process, open
/// for writing, to be renamed into place by `FilePaths.commit(_:to:)` or removed.
///
/// It is created with `O_CREAT | O_EXCL | O_NOFOLLOW`, so it is never a file someone else put at
/// its name: a symbolic link planted there cannot redirect the write into another file, and a
/// FIFO or device there is never opened (it would block or be written into).
public struct TemporaryFile: Sendable, Equatable {
    /// Where it is: `.NAME.PID.tmp` beside the output.
    public let path: String
    /// Open for writing. Whoever writes the file closes it (exactly once) before the commit.
    public let descriptor: Int32
    /// The file's device and inode, so that the commit renames only the file created here.
    let device: dev_t
    let inode: ino_t
}

/// Paths Cadence reads and writes, handled the same way everywhere.
///
/// Outputs are written whole or not at all: into `.NAME.PID.tmp` beside the target, created
/// afresh (`createTemporary`, never through a link someone planted there), renamed over it when
/// complete. The rename replaces whatever is at the target, so a target that exists and
/// is not a regular file (a folder, FIFO, device, socket or symbolic link) is refused before
/// anything is written and again just before the rename: `--out /dev/null` must never replace
/// `/dev/null`. Inputs are opened without blocking and must be regular files, so a FIFO or a
/// device never makes a read wait or run for ever.
public enum FilePaths {
    /// The folder and the name of `path`, split by hand (Foundation's `deletingLastPathComponent`
    /// traps on a one-letter relative name such as `f`): `f` → (`.`, `f`); `/f` → (`/`, `f`);
    /// `a/b/` → (`a`, `b`). Nil for a path with no name: empty, `/`, `.`, `..` or ending in one.
    public static func split(_ path: String) -> (folder: String, name: String)? {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else {
            return isName(trimmed) ? (".", String(trimmed)) : nil
        }
        let name = trimmed[trimmed.index(after: slash)...]
        guard isName(name) else { return nil }
        var folder = trimmed[..<slash]
        while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
        return (folder.isEmpty ? "/" : String(folder), String(name))
    }

    private static func isName(_ name: Substring) -> Bool {
        !name.isEmpty && name != "." && name != ".."
    }

    /// The temporary file an output to `path` is written to first: `.NAME.PID.tmp` beside it.
    public static func temporary(for path: String) throws(FileProblem) -> String {
        guard let (folder, name) = split(path) else { throw FileProblem(path: path, reason: emptyNameReason(path)) }
        return folder + "/." + name + ".\(getpid()).tmp"
    }

    private static func emptyNameReason(_ path: String) -> String {
        path.isEmpty ? "is empty: name a file" : "is a folder, not a file"
    }

    /// Throws unless `path` names a file that may be written: nothing there yet, or a regular
    /// file (replaced). A folder, FIFO, device, socket or symbolic link is refused.
    public static func checkOutput(_ path: String) throws(FileProblem) {
        guard split(path) != nil else { throw FileProblem(path: path, reason: emptyNameReason(path)) }
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if let kind = kind(of: info.st_mode) {
            throw FileProblem(path: path, reason: "exists and is \(kind), not a regular file: Cadence only replaces regular files; choose another path")
        }
    }

    /// Throws unless a file can be written at `path` now: `checkOutput`, and its folder exists
    /// and is writable. For outputs written at the end of a run (traces, clocks), checked before
    /// the run starts so that no work is lost to a bad path.
    public static func checkWritable(_ path: String) throws(FileProblem) {
        try checkOutput(path)
        guard let (folder, _) = split(path) else { throw FileProblem(path: path, reason: emptyNameReason(path)) }
        var info = stat()
        guard stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw FileProblem(path: path, reason: "its folder \(folder) does not exist")
        }
        guard access(folder, W_OK) == 0 else { throw FileProblem(path: path, reason: "its folder \(folder) is not writable") }
    }

    /// Writes `data` to `path` whole or not at all: `checkWritable`, a temporary file beside it
    /// (`beginOutput`), written through its descriptor, and `commit`. Stale temporary files of the
    /// same name left by killed processes go first.
    public static func writeAtomically(_ data: Data, to path: String) throws(FileProblem) {
        try checkWritable(path)
        let temporary = try beginOutput(path)
        var offset = 0
        var failure: Int32?
        // Each pass writes some bytes, retries a write a signal interrupted, or ends the loop.
        while offset < data.count, failure == nil {
            let count = data.withUnsafeBytes { Glibc.write(temporary.descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if count > 0 {
                offset += count
            } else if count < 0, errno == EINTR {
                continue
            } else {
                failure = count < 0 ? errno : EIO
            }
        }
        if close(temporary.descriptor) != 0, failure == nil { failure = errno }
        if let failure {
            unlink(temporary.path)
            throw FileProblem(path: path, reason: String(cString: strerror(failure)))
        }
        try commit(temporary, to: path)
    }

    /// Starts an output to `path`: `checkOutput`, then removes what killed processes left for it
    /// (`removeStaleTemporaries`), then `createTemporary`: the file to write, to be `commit`ted
    /// when complete.
    public static func beginOutput(_ path: String) throws(FileProblem) -> TemporaryFile {
        try checkOutput(path)
        removeStaleTemporaries(beside: path)
        return try createTemporary(for: path)
    }

    /// The most times `createTemporary` removes what is at the temporary name and tries again.
    static let creationAttempts = 4

    /// Creates the temporary file for an output to `path` (`temporary(for:)`) and opens it for
    /// writing, with `O_CREAT | O_EXCL | O_NOFOLLOW`: never through a link, never a FIFO or device.
    ///
    /// Whatever is already at the name (a stale file of an earlier process with this PID, or a
    /// link or FIFO someone planted) is removed with `unlink`, which never follows a link, and the
    /// creation tried again, a few times at most. A name that cannot be removed fails, naming it.
    public static func createTemporary(for path: String) throws(FileProblem) -> TemporaryFile {
        let name = try temporary(for: path)
        for _ in 0..<creationAttempts {
            let descriptor = open(name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if descriptor >= 0 {
                var info = stat()
                guard fstat(descriptor, &info) == 0 else {
                    let reason = String(cString: strerror(errno))
                    close(descriptor)
                    unlink(name)
                    throw FileProblem(path: path, reason: reason)
                }
                return TemporaryFile(path: name, descriptor: descriptor, device: info.st_dev, inode: info.st_ino)
            }
            let code = errno
            guard code == EEXIST else {
                if code == EINTR { continue }
                throw FileProblem(path: path, reason: String(cString: strerror(code)))
            }
            guard unlink(name) == 0 || errno == ENOENT else {
                let reason = String(cString: strerror(errno))
                let what = kindAt(name).map { " (\($0))" } ?? ""
                throw FileProblem(path: path, reason: "its temporary file \(name) already exists\(what) and cannot be removed (\(reason))")
            }
        }
        throw FileProblem(path: path, reason: "its temporary file \(name) was made again by someone else each time it was removed; is another process writing there?")
    }

    /// Renames the finished `temporary` (its descriptor already closed) over `path` as the commit
    /// of a temporary path does, once its name is checked to still be the regular file
    /// `createTemporary` made: a name swapped for a link or another file meanwhile is removed,
    /// and nothing is put in place.
    public static func commit(_ temporary: TemporaryFile, to path: String) throws(FileProblem) {
        var info = stat()
        guard lstat(temporary.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_dev == temporary.device,
            info.st_ino == temporary.inode
        else {
            unlink(temporary.path)
            throw FileProblem(path: path, reason: "its temporary file \(temporary.path) was replaced while it was written; nothing was put in place")
        }
        try commit(temporary.path, to: path)
    }

    /// Renames the finished `temporary` over `path`, checking again that the target may be
    /// replaced; on failure the temporary file is removed and the target left as it was.
    public static func commit(_ temporary: String, to path: String) throws(FileProblem) {
        do throws(FileProblem) {
            try checkOutput(path)
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw FileProblem(path: path, reason: reason)
        }
    }

    /// Deletes `.NAME.PID.tmp` files beside `path` (any `NAME` when `anyName`) whose process is
    /// gone: what a killed render left. Files of running processes are kept.
    public static func removeStaleTemporaries(beside path: String, anyName: Bool = false) {
        guard let (folder, name) = split(path), let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for entry in names where entry.hasPrefix(".") && entry.hasSuffix(".tmp") {
            let parts = entry.dropFirst().dropLast(4)
            guard let dot = parts.lastIndex(of: "."), let pid = Int32(parts[parts.index(after: dot)...]), pid > 0 else { continue }
            guard anyName || parts[..<dot] == name else { continue }
            // kill(pid, 0) fails with ESRCH only when no such process exists.
            guard kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink(folder + "/" + entry)
        }
    }

    /// The bytes of the regular file at `path`, at most `limit` of them. Opened without blocking
    /// and checked after opening, so a FIFO, device or folder is refused rather than read.
    public static func read(_ path: String, limit: Int = 1 << 30) throws(FileProblem) -> Data {
        guard !path.isEmpty else { throw FileProblem(path: path, reason: "is empty: name a file") }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileProblem(path: path, reason: readReason(errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileProblem(path: path, reason: readReason(errno)) }
        if let kind = kind(of: info.st_mode) {
            throw FileProblem(path: path, reason: "is \(kind), not a regular file")
        }
        guard Int(info.st_size) <= limit else {
            throw FileProblem(path: path, reason: "is \(info.st_size) bytes, above the limit of \(limit)")
        }
        var data = Data(count: Int(info.st_size))
        var offset = 0
        while offset < data.count {
            let count = data.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                if count == 0 { break }
                throw FileProblem(path: path, reason: readReason(errno))
            }
            offset += count
        }
        data.count = offset
        return data
    }

    /// Throws unless `path` is a regular file that can be opened for reading (for readers that
    /// open the file themselves, such as FreeType and libpng).
    public static func checkInput(_ path: String) throws(FileProblem) {
        guard !path.isEmpty else { throw FileProblem(path: path, reason: "is empty: name a file") }
        var info = stat()
        guard stat(path, &info) == 0 else { throw FileProblem(path: path, reason: readReason(errno)) }
        if let kind = kind(of: info.st_mode) {
            throw FileProblem(path: path, reason: "is \(kind), not a regular file")
        }
        guard access(path, R_OK) == 0 else { throw FileProblem(path: path, reason: readReason(errno)) }
    }

    private static func readReason(_ code: Int32) -> String {
        code == ENOENT ? "does not exist" : "cannot be read (\(String(cString: strerror(code))))"
    }

    /// Makes a new folder only this user can enter, with a random name beginning `prefix`, in the
    /// temporary folder (`TMPDIR`): for scratch files, which a guessable name in a shared folder
    /// would let another user redirect with a planted link. The caller removes it when done.
    public static func makeScratchFolder(prefix: String) throws(FileProblem) -> String {
        var base = NSTemporaryDirectory()
        while base.count > 1, base.hasSuffix("/") { base.removeLast() }
        var template = Array((base + "/" + prefix + "XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in mkdtemp(buffer.baseAddress!).map { String(cString: $0) } }
        guard let made else {
            throw FileProblem(path: base, reason: "cannot make a scratch folder in it (\(String(cString: strerror(errno))))")
        }
        return made
    }

    /// What is at `path` when it is not a regular file ("a FIFO (named pipe)", …), not following
    /// a link; nil for a regular file or nothing.
    static func kindAt(_ path: String) -> String? {
        var info = stat()
        return lstat(path, &info) == 0 ? kind(of: info.st_mode) : nil
    }

    /// "a folder", "a FIFO (named pipe)", "a symbolic link", … for anything but a regular file;
    /// nil for one. For messages that say what is at a path.
    public static func kind(of mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "not a regular file"
        }
    }
}
