import CadenceFiles
import Foundation
import Testing

/// Issue 48, item 6: in a folder another user can write, a symbolic link or a FIFO planted at the
/// temporary name `.NAME.PID.tmp` must neither redirect an output into another file nor block it.
@Suite struct PlantedTemporaryTests {
    /// What is planted at a temporary name.
    enum Planted: String, CaseIterable, Sendable {
        /// A symbolic link to the victim file.
        case link
        /// A FIFO, which a blocking open for writing would wait on for ever.
        case fifo
    }

    let folder: String
    let victim: String
    static let victimBytes = Data("the victim's own bytes\n".utf8)

    init() throws {
        folder = NSTemporaryDirectory() + "cadence-planted-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        victim = folder + "/victim"
        try Self.victimBytes.write(to: URL(fileURLWithPath: victim))
    }

    /// Plants `kind` at `path`; for a FIFO, a descriptor the test holds open for reading and
    /// writing, so that a writer that wrongly opened it would not block and what it wrote shows.
    func plant(_ kind: Planted, at path: String) -> Int32 {
        switch kind {
        case .link:
            #expect(symlink(victim, path) == 0)
            return -1
        case .fifo:
            #expect(mkfifo(path, 0o644) == 0)
            let descriptor = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
            #expect(descriptor >= 0)
            return descriptor
        }
    }

    /// Nothing was written through the planted name: the victim holds its bytes, the FIFO is empty.
    func expectUntouched(fifo descriptor: Int32) throws {
        #expect(try Data(contentsOf: URL(fileURLWithPath: victim)) == Self.victimBytes)
        guard descriptor >= 0 else { return }
        var byte: UInt8 = 0
        #expect(read(descriptor, &byte, 1) == -1 && errno == EAGAIN, "bytes were written into the planted FIFO")
        close(descriptor)
    }

    @Test(arguments: Planted.allCases)
    func writeAtomicallyRemovesWhatWasPlantedAtItsTemporaryName(planted: Planted) throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let target = folder + "/out.json"
        let temporary = try FilePaths.temporary(for: target)
        let fifo = plant(planted, at: temporary)
        try FilePaths.writeAtomically(Data("[1]".utf8), to: target)
        try expectUntouched(fifo: fifo)
        #expect(try FilePaths.read(target) == Data("[1]".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["out.json", "victim"])
    }

    /// A name that cannot be removed (here a folder: `unlink` refuses one) fails, naming it.
    @Test func aTemporaryNameThatCannotBeRemovedFailsNamingIt() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let target = folder + "/out.json"
        let temporary = try FilePaths.temporary(for: target)
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false)
        do {
            try FilePaths.writeAtomically(Data("[1]".utf8), to: target)
            Issue.record("the write succeeded with a folder at its temporary name")
        } catch {
            #expect(error.path == target)
            #expect(error.reason.contains("its temporary file \(temporary) already exists (a folder) and cannot be removed"), "\(error)")
        }
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    /// The commit renames only the file `createTemporary` made: a temporary name swapped for a
    /// link after it was created is removed, and nothing is put in place.
    @Test func aTemporarySwappedForALinkIsNotCommitted() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let target = folder + "/out.json"
        let temporary = try FilePaths.beginOutput(target)
        #expect(temporary.path == (try FilePaths.temporary(for: target)))
        close(temporary.descriptor)
        #expect(unlink(temporary.path) == 0)
        #expect(symlink(victim, temporary.path) == 0)
        do {
            try FilePaths.commit(temporary, to: target)
            Issue.record("a swapped temporary was committed")
        } catch {
            #expect(error.reason.contains("was replaced while it was written"), "\(error)")
        }
        var info = stat()
        #expect(lstat(target, &info) != 0, "something was put at the target")
        #expect(lstat(temporary.path, &info) != 0, "the swapped name was left")
        try expectUntouched(fifo: -1)
    }

    @Test func scratchFoldersArePrivateAndNew() throws {
        let first = try FilePaths.makeScratchFolder(prefix: "cadence-scratch-")
        let second = try FilePaths.makeScratchFolder(prefix: "cadence-scratch-")
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: first)
            try? FileManager.default.removeItem(atPath: second)
        }
        #expect(first != second)
        #expect(first.hasPrefix(NSTemporaryDirectory()) && first.contains("/cadence-scratch-"), "\(first)")
        var info = stat()
        #expect(lstat(first, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR)
        #expect(info.st_mode & 0o777 == 0o700)
    }
}
