@testable import CadenceEngine
import Foundation
import Testing

/// Issue 27, class 6: the folder lock. Its file is removed when a render ends, so a render that
/// opened the file just before must notice, after locking, that it holds a dead inode.
@MainActor
@Suite struct OutputFolderLockTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "cadence-lock-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// The interleaving that let two renders in: B opens the file, A releases (unlink, close), B
    /// locks the dead inode, C creates and locks a new file. B's check sees the path moved on.
    @Test func aLockOnAnUnlinkedOrReplacedFileIsNotCurrent() throws {
        let path = folder + "/" + OutputFolderLock.fileName
        let a = try OutputFolderLock(directory: folder)
        let b = open(path, O_RDWR | O_CLOEXEC)
        #expect(b >= 0)
        defer { close(b) }
        #expect(OutputFolderLock.isCurrent(b, path: path))
        a.release()
        #expect(flock(b, LOCK_EX | LOCK_NB) == 0, "B gets the lock of the released inode")
        #expect(!OutputFolderLock.isCurrent(b, path: path), "the path is gone")
        let c = try OutputFolderLock(directory: folder)
        #expect(!OutputFolderLock.isCurrent(b, path: path), "the path names C's new file")
        // B, starting again as the lock does, finds C holding the new file.
        #expect(throws: EngineError.self) { try OutputFolderLock(directory: folder) }
        c.release()
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}

/// Shards write disjoint frames into one folder: they hold the folder shared and their own lock
/// exclusive, so they run side by side while a whole render and the same shard twice do not.
@MainActor
@Suite struct ShardLockTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "cadence-shard-lock-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func shardsShareTheFolderAndAWholeRenderWaitsForNone() throws {
        let first = try OutputFolderLock(directory: folder, shard: (1, 8))
        let second = try OutputFolderLock(directory: folder, shard: (2, 8))
        // The same shard twice, and a whole render, are refused while shards run.
        let again = message { _ = try OutputFolderLock(directory: folder, shard: (2, 8)) }
        #expect(again?.contains("another render (PID \(getpid())) is writing into it") == true, "\(again ?? "no error")")
        let whole = message { _ = try OutputFolderLock(directory: folder) }
        #expect(whole?.contains("shard renders (--shard) are writing into it") == true, "\(whole ?? "no error")")
        first.release()
        // One shard still runs: the folder's lock file stays, shard 1's is gone.
        #expect(FileManager.default.fileExists(atPath: folder + "/" + OutputFolderLock.fileName))
        #expect(!FileManager.default.fileExists(atPath: folder + "/" + OutputFolderLock.fileName(shard: 1, of: 8)))
        second.release()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        // A whole render now, and shards refused while it runs.
        let render = try OutputFolderLock(directory: folder)
        let shard = message { _ = try OutputFolderLock(directory: folder, shard: (3, 8)) }
        #expect(shard?.contains("another render (PID \(getpid())) is writing into it") == true, "\(shard ?? "no error")")
        // The refused shard never made its own lock file.
        #expect(!FileManager.default.fileExists(atPath: folder + "/" + OutputFolderLock.fileName(shard: 3, of: 8)))
        render.release()
    }
}
