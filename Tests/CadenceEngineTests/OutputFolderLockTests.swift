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
