import CadenceFiles
import Foundation
import Testing

/// Issue 27, classes 1, 5 and 7: paths split without trapping, outputs that replace only
/// regular files, stale temporary files of dead processes removed, inputs that never block.
@Suite struct FilePathsTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "cadence-files-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    @Test(arguments: [
        ("f", ".", "f"), ("./f", ".", "f"), ("/f", "/", "f"), ("a/b", "a", "b"), ("a/b/", "a", "b"), ("a//b", "a", "b"),
        ("/x/y/z.gif", "/x/y", "z.gif"), (".f", ".", ".f"),
    ])
    func pathsSplitIntoFolderAndName(path: String, folder: String, name: String) throws {
        let parts = try #require(FilePaths.split(path))
        #expect(parts.folder == folder)
        #expect(parts.name == name)
    }

    @Test(arguments: ["", "/", ".", "..", "a/..", "//", "a/."])
    func pathsWithoutANameHaveNoSplit(path: String) {
        #expect(FilePaths.split(path) == nil)
        #expect(throws: FileProblem.self) { try FilePaths.temporary(for: path) }
        #expect(throws: FileProblem.self) { try FilePaths.checkOutput(path) }
    }

    @Test func aOneLetterNameGetsATemporaryBesideIt() throws {
        #expect(try FilePaths.temporary(for: "f") == "./.f.\(getpid()).tmp")
    }

    @Test func onlyRegularFilesAreReplaced() throws {
        let fifo = folder + "/fifo"
        #expect(mkfifo(fifo, 0o644) == 0)
        let link = folder + "/link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/null")
        for (path, kind) in [(fifo, "a FIFO"), (link, "a symbolic link"), (folder, "a folder"), ("/dev/null", "a character device")] {
            do {
                try FilePaths.checkOutput(path)
                Issue.record("\(path) was accepted as an output")
            } catch {
                #expect(error.reason.contains("exists and is \(kind)"), "\(error)")
            }
        }
        let regular = folder + "/old.png"
        try Data("old".utf8).write(to: URL(fileURLWithPath: regular))
        try FilePaths.checkOutput(regular)
        try FilePaths.checkOutput(folder + "/new.png")

        // The commit checks again: a FIFO made after the check is not replaced.
        let temporary = try FilePaths.temporary(for: fifo)
        try Data("new".utf8).write(to: URL(fileURLWithPath: temporary))
        #expect(throws: FileProblem.self) { try FilePaths.commit(temporary, to: fifo) }
        #expect(!FileManager.default.fileExists(atPath: temporary))
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func staleTemporariesOfDeadProcessesAreRemoved() throws {
        let dead = try deadProcessID()
        let target = folder + "/anim.gif"
        let names = [".anim.gif.\(dead).tmp", ".anim.gif.\(getpid()).tmp", ".other.gif.\(dead).tmp", ".anim.gif.x.tmp"]
        for name in names { try Data().write(to: URL(fileURLWithPath: folder + "/" + name)) }
        FilePaths.removeStaleTemporaries(beside: target)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
        #expect(left == [".anim.gif.\(getpid()).tmp", ".other.gif.\(dead).tmp", ".anim.gif.x.tmp"])
        FilePaths.removeStaleTemporaries(beside: target, anyName: true)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder)) == [".anim.gif.\(getpid()).tmp", ".anim.gif.x.tmp"])
    }

    @Test func inputsMustBeRegularFilesAndNeverBlock() throws {
        let fifo = folder + "/fifo"
        #expect(mkfifo(fifo, 0o644) == 0)
        for (path, reason) in [(fifo, "is a FIFO (named pipe), not a regular file"), (folder, "is a folder, not a regular file"),
                               ("/dev/zero", "is a character device, not a regular file"), (folder + "/none", "does not exist"),
                               ("", "is empty: name a file")] {
            #expect(throws: FileProblem(path: path, reason: reason)) { try FilePaths.read(path) }
        }
        let file = folder + "/a.json"
        try Data("[1]".utf8).write(to: URL(fileURLWithPath: file))
        #expect(try FilePaths.read(file) == Data("[1]".utf8))
        #expect(throws: FileProblem.self) { try FilePaths.read(file, limit: 2) }
        try FilePaths.checkInput(file)
        #expect(throws: FileProblem.self) { try FilePaths.checkInput(fifo) }
    }

    /// The PID of a process that has ended (and been reaped).
    func deadProcessID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }
}
