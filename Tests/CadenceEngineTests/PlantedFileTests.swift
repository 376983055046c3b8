import CadenceDraw
@testable import CadenceEngine
import CadenceFiles
import CadenceImage
import Foundation
import Testing

/// Issue 48, item 6: in an output folder another user can write, a symbolic link (to a victim
/// file) or a FIFO planted at a name Cadence creates — the `.NAME.PID.tmp` of any output
/// (`FilePaths.writeAtomically`), an APNG, GIF or PNG frame, or `.cadence-render.lock` — never
/// redirects a write into the victim and never blocks.
@MainActor
@Suite struct PlantedFileTests {
    /// What is planted at a name.
    enum Planted: String, CaseIterable, Sendable {
        /// A symbolic link to the victim file.
        case link
        /// A FIFO, which a blocking open would wait on for ever.
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

    /// The temporary name this process writes an output to `name` in `folder` through.
    func temporary(of name: String, in folder: String) -> String {
        folder + "/." + name + ".\(getpid()).tmp"
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

    static func image() -> RGBAImage {
        var image = RGBAImage(width: 4, height: 3, fill: (10, 20, 30, 255))
        image.pixels[0] = 200
        return image
    }

    @Test(arguments: Planted.allCases)
    func anAPNGIsWrittenBesideWhatWasPlantedAtItsTemporaryName(planted: Planted) throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/a.apng"
        let fifo = plant(planted, at: temporary(of: "a.apng", in: folder))
        let writer = try APNGWriter(path: path, width: 4, height: 3, fps: 10)
        try writer.add(Self.image(), changed: nil)
        try writer.finish()
        try expectUntouched(fifo: fifo)
        #expect(try APNGReader(path: path).composedFrames(fps: 10) == [Self.image()])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a.apng", "victim"])
    }

    /// Every PNG encoder writes a frame through the file it created, not through the name.
    @Test(arguments: Planted.allCases, [PNGOptions.Encoder.libpng, .libdeflate, .incremental])
    func aPNGFrameIsWrittenBesideWhatWasPlantedAtItsTemporaryName(planted: Planted, encoder: PNGOptions.Encoder) throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let name = FrameDump.fileName(ofFrame: 0)
        let fifo = plant(planted, at: temporary(of: name, in: folder))
        try Self.image().writePNG(to: folder + "/" + name, options: PNGOptions(level: 6, filter: .up, encoder: encoder))
        try expectUntouched(fifo: fifo)
        #expect(try RGBAImage(contentsOfPNG: folder + "/" + name) == Self.image())
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [name, "victim"])
    }

    /// A render of PNG frames, with a link and a FIFO planted at two frames' temporary names.
    @Test func aFrameDumpWritesEveryFrameBesideWhatWasPlanted() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let frames = folder + "/frames"
        try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: false)
        _ = plant(.link, at: temporary(of: FrameDump.fileName(ofFrame: 0), in: frames))
        let fifo = plant(.fifo, at: temporary(of: FrameDump.fileName(ofFrame: 1), in: frames))
        var settings = FrameDumpSettings(width: 40, height: 20, fps: 10, duration: 0.3, outputDirectory: frames)
        settings.backend = .cpu
        #expect(try FrameDump.run(scene: try OffscreenRendererTests.slidingSquare(), settings: settings).frames == 3)
        try expectUntouched(fifo: fifo)
        #expect(try FileManager.default.contentsOfDirectory(atPath: frames).sorted() == (0..<3).map(FrameDump.fileName(ofFrame:)))
    }

    /// ffmpeg writes the GIF through the file Cadence created (its stdout), not the name.
    @Test func aGIFIsWrittenBesideALinkPlantedAtItsTemporaryName() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = plant(.link, at: temporary(of: "a.gif", in: folder))
        let scene = try OffscreenRendererTests.slidingSquare()
        let gif = try FFmpegFileSink(renderer: try OffscreenRenderer(sizeOf: scene, backend: .cpu), path: folder + "/a.gif", format: .gif, fps: 10)
        try FrameLoop(scene: scene).run(frames: 0..<2, fps: 10, into: gif)
        try expectUntouched(fifo: -1)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/a.gif"))
        #expect(bytes.starts(with: Data("GIF89a".utf8)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a.gif", "victim"])
    }

    /// A link, a FIFO or a hard link to another file at the lock's name is refused, named, and
    /// left as it is: the lock never truncates or writes into what it leads to.
    @Test(arguments: ["link", "fifo", "hard link"])
    func aLockNameHoldingSomethingElseIsRefused(planted: String) throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/" + OutputFolderLock.fileName
        var fifo: Int32 = -1
        let kind: String
        switch planted {
        case "link":
            fifo = plant(.link, at: path)
            kind = "a symbolic link"
        case "fifo":
            fifo = plant(.fifo, at: path)
            kind = "a FIFO (named pipe)"
        default:
            #expect(link(victim, path) == 0)
            kind = "a regular file with 2 hard links"
        }
        do {
            let lock = try OutputFolderLock(directory: folder)
            lock.release()
            Issue.record("the lock was taken through \(kind)")
        } catch {
            #expect("\(error)" == "output folder \(folder): its lock file \(path) is \(kind): Cadence will not write through it; remove it or choose another --out")
        }
        try expectUntouched(fifo: fifo)
        var info = stat()
        #expect(lstat(path, &info) == 0, "the planted name was removed")
    }

    /// A render into a folder whose lock name is a planted link fails before writing a frame.
    @Test func aRenderRefusesALockLink() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let frames = folder + "/frames"
        try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: false)
        _ = plant(.link, at: frames + "/" + OutputFolderLock.fileName)
        var settings = FrameDumpSettings(width: 40, height: 20, fps: 10, duration: 0.2, outputDirectory: frames)
        settings.backend = .cpu
        do {
            _ = try FrameDump.run(scene: try OffscreenRendererTests.slidingSquare(), settings: settings)
            Issue.record("the render took a lock through a link")
        } catch {
            #expect("\(error)".contains("is a symbolic link: Cadence will not write through it"), "\(error)")
        }
        try expectUntouched(fifo: -1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: frames) == [OutputFolderLock.fileName])
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
