import CadenceImage
import Foundation
import Testing
import CadenceDraw

/// Runs the built `cadence` executable, as a user would, with no display in its environment.
struct CLI {
    static let executable: URL = {
        let folder = Bundle.main.bundleURL.hasDirectoryPath
            ? Bundle.main.bundleURL.deletingLastPathComponent()
            : Bundle.main.bundleURL.deletingLastPathComponent()
        for candidate in [folder, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("cadence")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return folder.appendingPathComponent("cadence")
    }()

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs `cadence` with `arguments` in `directory`; the display is removed from its environment
    /// unless `keepDisplay`.
    static func run(_ arguments: [String], in directory: String, environment extra: [String: String] = [:], keepDisplay: Bool = false) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        if !keepDisplay {
            environment["DISPLAY"] = nil
            environment["WAYLAND_DISPLAY"] = nil
        }
        environment.merge(extra) { _, new in new }
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }
}

@Suite struct RenderCommandTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "cadence-cli-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func files(in subfolder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder + "/" + subfolder).sorted()
    }

    /// A scene's length: its `duration` and `fps` keys, else until its last finite animation
    /// ends (the toast's fade, which starts at 2.0 s, is kept); the flags override both.
    @Test func aSceneRendersForItsOwnLengthUnlessTold() throws {
        let toast = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/scenes/toast.json").path
        let natural = try CLI.run(["render", toast, "--size", "32x24", "--backend", "cpu", "--fps", "10", "--out", "toast"], in: folder)
        #expect(natural.status == 0, "\(natural.stderr)")
        #expect(try files(in: "toast").count == 25)  // 0 … 2.4 s at 10 fps, the last frame included
        try Data(#"{"size": [32, 24], "duration": 0.5, "fps": 8}"#.utf8).write(to: URL(fileURLWithPath: folder + "/short.json"))
        let given = try CLI.run(["render", "short.json", "--backend", "cpu", "--out", "short"], in: folder)
        #expect(given.status == 0, "\(given.stderr)")
        #expect(try files(in: "short").count == 4)
        let flags = try CLI.run(["render", "short.json", "--backend", "cpu", "--duration", "1", "--fps", "5", "--out", "flags"], in: folder)
        #expect(flags.status == 0, "\(flags.stderr)")
        #expect(try files(in: "flags").count == 5)
        // A scene whose only animation lasts for years says where its length came from.
        try Data(#"{"size": [8, 8], "nodes": [{"type": "Layer", "id": "a", "animations": [{"keyPath": "opacity", "to": 0, "duration": 1e6}]}]}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/long.json"))
        let long = try CLI.run(["render", "long.json", "--backend", "cpu", "--out", "long"], in: folder)
        #expect(long.status == 64 || long.status == 1, "\(long.status)")
        #expect(long.stderr.contains("natural length (its last animation or event ends at 1000000.0 s)"), "\(long.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/long"))
    }

    /// A whole render leaves exactly its own frames: the frames of an earlier, longer render
    /// past its end go, and it says how many; other files, and frame names that are not regular
    /// files, stay. Part of a render (a range, a shard) deletes nothing.
    @Test func aWholeRenderRemovesTheFramesOfALongerOneAndNothingElse() throws {
        let size = ["--size", "64x36", "--fps", "10", "--backend", "cpu"]
        let long = try CLI.run(["render"] + size + ["--duration", "1.2", "--out", "out"], in: folder)
        #expect(long.status == 0, "\(long.stderr)")
        #expect(try files(in: "out").count == 12)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: folder + "/out/notes.txt"))
        try Data("keep".utf8).write(to: URL(fileURLWithPath: folder + "/out/frame_00099.txt"))
        try FileManager.default.createDirectory(atPath: folder + "/out/frame_00050.png", withIntermediateDirectories: false)

        // Part of a shorter render: nothing deleted.
        let part = try CLI.run(["render"] + size + ["--duration", "0.5", "--frames", "0..1", "--out", "out"], in: folder)
        #expect(part.status == 0, "\(part.stderr)")
        #expect(!part.stdout.contains("removed"), "\(part.stdout)")
        let shard = try CLI.run(["render"] + size + ["--duration", "0.5", "--shard", "2/2", "--out", "out"], in: folder)
        #expect(shard.status == 0, "\(shard.stderr)")
        #expect(try files(in: "out").filter { $0.hasSuffix(".png") }.count == 13)

        let short = try CLI.run(["render"] + size + ["--duration", "0.5", "--out", "out"], in: folder)
        #expect(short.status == 0, "\(short.stderr)")
        #expect(short.stdout.contains("removed 7 frame files of an earlier, longer render (frame_00005.png and after)"), "\(short.stdout)")
        let frames = (0..<5).map { String(format: "frame_%05d.png", $0) }
        #expect(try files(in: "out") == (["frame_00050.png", "frame_00099.txt", "notes.txt"] + frames).sorted())

        let again = try CLI.run(["render"] + size + ["--duration", "0.5", "--out", "out"], in: folder)
        #expect(again.status == 0 && !again.stdout.contains("removed"), "\(again.stdout)")
    }

    @Test func rendersThirtyDistinctRepeatableFramesWithoutADisplay() throws {
        let first = try CLI.run(["render", "--size", "640x360", "--duration", "0.5", "--out", "out"], in: folder)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("30 frames, 640x360, "), "\(first.stdout)")
        #expect(first.stdout.contains("frames/s"))
        let names = try files(in: "out")
        #expect(names == (0..<30).map { String(format: "frame_%05d.png", $0) })

        var previous: Data?
        for name in names {
            let data = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/out/\(name)"))
            let image = try RGBAImage(contentsOfPNG: "\(folder)/out/\(name)")
            #expect(image.width == 640 && image.height == 360)
            #expect(data != previous, "\(name) is the same as the frame before it")
            previous = data
        }

        let second = try CLI.run(["render", "--size", "640x360", "--duration", "0.5", "--out", "again"], in: folder)
        #expect(second.status == 0, "\(second.stderr)")
        for name in names {
            let a = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/out/\(name)"))
            let b = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/again/\(name)"))
            #expect(a == b, "\(name) differs between two renders")
        }
    }

    @Test func rendersASceneFileAndWarnsOnUnknownKeys() throws {
        let scene = """
        {"size": [64, 32], "background": "#000000",
         "nodes": [{"type": "RoundedRect", "id": "dot", "frame": [0, 8, 16, 16], "attributes": {"fill": "#FFFFFF", "glow": 2},
                    "motion": {"by": [48, 0], "duration": 0.1}}]}
        """
        try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/dot.json"))
        let result = try CLI.run(["render", "dot.json", "--fps", "10", "--duration", "0.2", "--out", "dots"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("warning: dot.json: node 'dot': key 'attributes.glow': unknown key"))
        let start = try RGBAImage(contentsOfPNG: folder + "/dots/frame_00000.png")
        let end = try RGBAImage(contentsOfPNG: folder + "/dots/frame_00001.png")
        #expect(start.width == 64 && start.height == 32)
        #expect(start[4, 16] == (255, 255, 255, 255) && end[4, 16] == (0, 0, 0, 255))
        #expect(end[60, 16] == (255, 255, 255, 255))

        let strict = try CLI.run(["render", "dot.json", "--strict", "--out", "strict"], in: folder)
        #expect(strict.status != 0)
        #expect(strict.stderr.contains("dot.json: node 'dot': key 'attributes.glow': unknown key"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/strict"))
    }

    @Test(arguments: [
        (["--size", "0x0"], "--size"),
        (["--size", "640"], "--size"),
        (["--fps", "0"], "--fps"),
        (["--fps", "nan"], "--fps"),
        (["--duration", "-1"], "--duration"),
        (["--png-level", "10"], "--png-level"),
    ])
    func badOptionsAreClearErrors(arguments: [String], option: String) throws {
        let result = try CLI.run(["render", "--out", "bad"] + arguments, in: folder)
        #expect(result.status != 0)
        #expect(result.stderr.contains(option), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/bad"))
    }

    @Test func sizeBeyondTheDriverLimitIsAClearError() throws {
        let result = try CLI.run(["render", "--size", "100000x100", "--duration", "0.1", "--out", "huge"], in: folder)
        #expect(result.status == 64)
        #expect(result.stderr.contains("--size must be WxH with whole sides from 1 to 16384, got 100000x100"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/huge"))
    }

    @Test func noEGLDisplayNamesWhatWasTriedAndThePackages() throws {
        // GLVND finds no EGL vendor at all: every display fails, as on a machine without Mesa's EGL.
        let noVendor = ["__EGL_VENDOR_LIBRARY_FILENAMES": folder + "/no-vendor.json"]
        let result = try CLI.run(["render", "--backend", "gl", "--duration", "0.1", "--out", "noegl"], in: folder, environment: noVendor)
        #expect(result.status == 1)
        #expect(result.stderr.contains("no EGL display could be initialised (tried: surfaceless"), "\(result.stderr)")
        #expect(result.stderr.contains("default display"))
        #expect(result.stderr.contains("libegl-mesa0 libgl1-mesa-dri"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/noegl"))
        // The default offscreen backend is the CPU's, which needs no EGL.
        let cpu = try CLI.run(["render", "--duration", "0.1", "--out", "cpu"], in: folder, environment: noVendor)
        #expect(cpu.status == 0, "\(cpu.stderr)")
    }

    @Test func unwritableOutputFolderIsNamed() throws {
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/a-file"))
        let result = try CLI.run(["render", "--duration", "0.1", "--out", "a-file/frames"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("output folder a-file/frames"), "\(result.stderr)")
    }

    @Test func imagesLoadFromDiskAndMissingOnesWarnOnce() throws {
        try RGBAImage(width: 8, height: 8, fill: (255, 0, 0, 255)).writePNG(to: folder + "/red.png")
        let scene = """
        {"size": [40, 20], "background": "#000000",
         "nodes": [{"type": "ImageView", "id": "a", "frame": [0, 0, 20, 20], "attributes": {"indicator": "none", "transitionDuration": 0}},
                   {"type": "ImageView", "id": "b", "frame": [20, 0, 20, 20], "attributes": {"indicator": "none", "backgroundColor": "#00FF00"}}],
         "events": [{"at": 0, "target": "a", "type": "loadImage", "source": "red.png"},
                    {"at": 0, "target": "b", "type": "loadImage", "source": "missing.png"}]}
        """
        try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/images.json"))
        let result = try CLI.run(["render", "images.json", "--fps", "10", "--duration", "0.3", "--out", "img"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains("warning: image") && $0.contains("missing.png") }.count
        #expect(warnings == 1, "\(result.stderr)")
        let frame = try RGBAImage(contentsOfPNG: folder + "/img/frame_00002.png")
        #expect(frame[5, 10] == (255, 0, 0, 255))  // loaded from disk
        #expect(frame[30, 10] == (0, 255, 0, 255))  // missing: the view keeps its background
    }

    /// Time is an input: the same timestamp gives the same frame whatever the frame rate.
    @Test func framesAtSharedTimestampsMatchAcrossFrameRates() throws {
        for fps in [30, 60, 120] {
            let result = try CLI.run(["render", "--size", "320x180", "--fps", "\(fps)", "--duration", "0.5", "--out", "fps\(fps)"], in: folder)
            #expect(result.status == 0, "\(result.stderr)")
        }
        for frame in stride(from: 0, to: 15, by: 2) {
            let at30 = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/fps30/frame_\(String(format: "%05d", frame)).png"))
            let at60 = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/fps60/frame_\(String(format: "%05d", frame * 2)).png"))
            let at120 = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/fps120/frame_\(String(format: "%05d", frame * 4)).png"))
            #expect(at30 == at60 && at60 == at120, "frame at \(Double(frame) / 30) s differs between frame rates")
        }
    }

    @Test func aMegabyteTypedIntoAFieldRenders() throws {
        let text = String(repeating: "0123456789abcdef", count: 65_536)
        let scene = """
        {"size": [320, 60], "nodes": [{"type": "BouncyPlaceholderField", "id": "f", "frame": [10, 8, 300, 44],
                                       "attributes": {"placeholder": "Type", "alwaysBouncePlaceholder": true}}],
         "events": [{"at": 0, "target": "f", "type": "type", "text": "\(text)"}]}
        """
        try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/big.json"))
        let result = try CLI.run(["render", "big.json", "--fps", "10", "--duration", "0.3", "--out", "big"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let frame = try RGBAImage(contentsOfPNG: folder + "/big/frame_00002.png")
        #expect(frame.width == 320)
    }

    @Test func malformedJSONGivesLineAndColumn() throws {
        try Data("{\"size\": [10, 10],\n \"nodes\": [}".utf8).write(to: URL(fileURLWithPath: folder + "/broken.json"))
        let result = try CLI.run(["render", "broken.json", "--out", "broken"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("broken.json: not valid JSON: line 2, column"), "\(result.stderr)")
    }

    @Test func missingSceneFileIsNamed() throws {
        let result = try CLI.run(["render", "nowhere.json", "--out", "none"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("nowhere.json: does not exist"), "\(result.stderr)")
    }
}
