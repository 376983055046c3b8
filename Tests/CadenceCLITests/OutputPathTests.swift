import Foundation
import Testing

/// Issue 27, classes 1, 5, 6, 7 and 10: outputs and inputs named by the user. One-letter names
/// never trap; an existing target that is not a regular file is refused before anything is
/// written, for every output; a killed animated render's temporary file is removed by the next
/// render; paths that are folders or FIFOs are named as such.
@Suite struct OutputPathTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "cadence-outputs-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(##"{"size": [32, 24], "nodes": [{"type": "Layer", "id": "a", "frame": [0, 0, 8, 8], "backgroundColor": "#FF0000"}]}"##.utf8)
            .write(to: URL(fileURLWithPath: folder + "/s.json"))
    }

    func run(_ arguments: [String]) throws -> CLI.Result {
        let result = try CLI.run(arguments, in: folder)
        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Backtrace"), "\(arguments): \(result.stderr)")
        return result
    }

    func kind(_ name: String) -> mode_t? {
        var info = stat()
        return lstat(folder + "/" + name, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    @Test(arguments: ["apng", "gif", "mp4", "webm"])
    func aOneLetterAnimationNameIsWritten(format: String) throws {
        let result = try run(["render", "s.json", "--duration", "0.1", "--format", format, "--out", "f"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(kind("f") == S_IFREG)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".tmp") }
        #expect(names.isEmpty, "\(names)")
    }

    @Test(arguments: [(["--format", "gif", "--out", "."], "is a folder"), (["--format", "apng", "--out", ""], "the output path is empty"),
                      (["--out", ""], "the output path is empty: name a folder")])
    func animationAndFolderPathsWithoutANameAreErrors(arguments: [String], message: String) throws {
        let result = try run(["render", "s.json", "--duration", "0.1"] + arguments)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    /// Every output refuses a FIFO and a link to a device instead of replacing it (as root, a
    /// rename over `/dev/null` replaces the device).
    @Test(arguments: [
        ["render", "s.json", "--duration", "0.1", "--format", "gif", "--out", "TARGET"],
        ["render", "s.json", "--duration", "0.1", "--format", "apng", "--out", "TARGET"],
        ["render", "s.json", "--duration", "0.1", "--out", "frames", "--trace", "TARGET"],
        ["sheet", "s.json", "--times", "0", "--out", "TARGET"],
        ["curve", "easeIn", "--plot", "TARGET"],
        ["compare", "a.png", "a.png", "--tolerance", "0", "--diff", "TARGET"],
    ])
    func outputsReplaceOnlyRegularFiles(arguments: [String]) throws {
        try Data().write(to: URL(fileURLWithPath: folder + "/placeholder"))
        let made = try run(["render", "s.json", "--frames", "0..0", "--out", "png"])
        #expect(made.status == 0, "\(made.stderr)")
        try FileManager.default.copyItem(atPath: folder + "/png/frame_00000.png", toPath: folder + "/a.png")
        #expect(mkfifo(folder + "/fifo", 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder + "/null", withDestinationPath: "/dev/null")
        for (target, type, kind) in [("fifo", S_IFIFO, "a FIFO (named pipe)"), ("null", S_IFLNK, "a symbolic link")] {
            let result = try run(arguments.map { $0 == "TARGET" ? target : $0 })
            #expect(result.status != 0, "\(arguments) \(target): \(result.stdout)")
            #expect(result.stderr.contains("\(target): exists and is \(kind), not a regular file"), "\(result.stderr)")
            #expect(self.kind(target) == type, "\(target) was replaced")
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/frames"), "the render ran before its trace path was checked")
    }

    @Test func aFrameFileThatIsAFIFOStopsTheRenderBeforeAnyFrame() throws {
        try FileManager.default.createDirectory(atPath: folder + "/out", withIntermediateDirectories: true)
        #expect(mkfifo(folder + "/out/frame_00002.png", 0o644) == 0)
        let result = try run(["render", "s.json", "--fps", "10", "--duration", "0.5", "--out", "out"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("output folder out: frame_00002.png exists and is a FIFO"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out/frame_00000.png"))
        // Frames that do not reach it render.
        let partial = try run(["render", "s.json", "--fps", "10", "--duration", "0.5", "--frames", "0..1", "--out", "out"])
        #expect(partial.status == 0, "\(partial.stderr)")
    }

    /// `kill -9` leaves `.NAME.PID.tmp` beside an animation; the next render there removes it
    /// (its process is gone) and keeps a live process's.
    @Test(arguments: ["gif", "apng"])
    func aKilledAnimatedRendersTemporaryFileIsRemovedNextTime(format: String) throws {
        let dead = try deadProcessID()
        let stale = ".anim.\(format).\(dead).tmp"
        let live = ".anim.\(format).\(getpid()).tmp"
        for name in [stale, live] { try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        let result = try run(["render", "s.json", "--duration", "0.1", "--format", format, "--out", "anim.\(format)"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(kind(stale) == nil)
        #expect(kind(live) == S_IFREG)
    }

    @Test(arguments: [(["--shard", "9223372036854775807/9223372036854775807"], ["frame_00005.png"]),
                      (["--shard", "4611686018427387904/9223372036854775807"], ["frame_00002.png"])])
    func hugeShardsSliceExactly(arguments: [String], frames: [String]) throws {
        let result = try run(["render", "s.json", "--fps", "10", "--duration", "0.6", "--out", "out"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/out").filter { $0.hasSuffix(".png") }.sorted()
        #expect(names == frames)
    }

    @Test func inputPathsSayWhatIsThere() throws {
        #expect(mkfifo(folder + "/fifo", 0o644) == 0)
        try FileManager.default.createDirectory(atPath: folder + "/dir", withIntermediateDirectories: true)
        for (arguments, message) in [
            (["render", "fifo"], "fifo: is a FIFO (named pipe), not a regular file"),
            (["render", "dir"], "dir: is a folder, not a regular file"),
            (["render", "s.json", "--clock", "fifo", "--out", "o"], "clock trace fifo: is a FIFO (named pipe), not a regular file"),
            (["render", "s.json", "--clock", "dir", "--out", "o"], "clock trace dir: is a folder, not a regular file"),
            (["render", "s.json", "--clock", "/dev/zero", "--out", "o"], "clock trace /dev/zero: is a character device, not a regular file"),
            (["render", "s.json", "--clock", "missing.json", "--out", "o"], "clock trace missing.json: does not exist"),
        ] {
            let result = try run(arguments)
            #expect(result.status == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }

    func deadProcessID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }
}
