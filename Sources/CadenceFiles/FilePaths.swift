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

/// Paths Cadence reads and writes, handled the same way everywhere.
///
/// Outputs are written whole or not at all: into `.NAME.PID.tmp` beside the target, renamed over
/// it when complete. The rename replaces whatever is at the target, so a target that exists and
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

    /// Writes `data` to `path` whole or not at all: `checkWritable`, a temporary file beside it,
    /// and `commit`. Stale temporary files of the same name left by killed processes go first.
    public static func writeAtomically(_ data: Data, to path: String) throws(FileProblem) {
        try checkWritable(path)
        let temporary = try beginOutput(path)
        do {
            try data.write(to: URL(fileURLWithPath: temporary))
        } catch {
            unlink(temporary)
            let code = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.code
            throw FileProblem(path: path, reason: code.map { String(cString: strerror(Int32($0))) } ?? error.localizedDescription)
        }
        try commit(temporary, to: path)
    }

    /// Starts an output to `path`: `checkOutput`, then removes what killed processes left for it
    /// (`removeStaleTemporaries`); the temporary path to write, to be `commit`ted when complete.
    public static func beginOutput(_ path: String) throws(FileProblem) -> String {
        try checkOutput(path)
        removeStaleTemporaries(beside: path)
        return try temporary(for: path)
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

    /// "a folder", "a FIFO", … for anything but a regular file; nil for one.
    private static func kind(of mode: mode_t) -> String? {
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
