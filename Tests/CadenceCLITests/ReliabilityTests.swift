import CadenceDraw
import CadenceImage
import Foundation
import Testing

/// Issue 15's bad inputs: each is a message naming the option, file, node or key, the exit status
/// the README gives (1, or 64 for an option), no trap, and no files left behind.
@Suite struct ReliabilityTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "cadence-reliability-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func write(_ json: String, to name: String) throws {
        try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
    }

    func expectRejected(_ arguments: [String], status: Int32, message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try CLI.run(arguments, in: folder)
        #expect(result.status == status, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Backtrace"), sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"), "\(arguments) left files", sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        (#"{"type": "ImageView", "id": "photo", "frame": [0, 0, 1e308, 10]}"#, "node 'photo': key 'frame': 1e+308 is out of range"),
        (#"{"type": "BouncyPlaceholderField", "id": "f", "frame": [0, 0, 8.6e11, 40]}"#, "node 'f': key 'frame'"),
        (#"{"type": "BouncyPlaceholderField", "id": "f", "frame": [0, 4.3e10, 100, 40]}"#, "node 'f': key 'frame'"),
        (#"{"type": "CountingLabel", "id": "n", "frame": [0, 0, 100, 40], "attributes": {"format": "%.999999999f"}}"#,
         "node 'n': key 'attributes.format': format '%.999999999f': width or precision 999999999 is above the limit of 64"),
        (#"{"type": "RoundedRect", "frame": [0, 0, 10, 10]}"#, "node '#0': key 'id': missing"),
        (#"{"type": "CountingLabel", "id": "n", "frame": [0, 0, 100, 40], "attributes": {"locale": "de_DX"}}"#,
         "node 'n': key 'attributes.locale': 'de_DX' is not a known locale (nearest: de_DE"),
        (#"{"type": "CountingLabel", "id": "n", "frame": [0, 0, 100, 40], "attributes": {"currency": "USX"}}"#,
         "node 'n': key 'attributes.currency': 'USX' is not an ISO 4217 currency code (nearest: UGX, USD, USN)"),
    ])
    func hugeOrMissingNodeValuesAreSceneErrors(node: String, message: String) throws {
        try write(#"{"size": [100, 100], "nodes": [\#(node)]}"#, to: "s.json")
        try expectRejected(["render", "s.json", "--duration", "0.1", "--out", "out"], status: 1, message: "s.json: " + message)
    }

    @Test func aHugeSceneSizeIsASceneError() throws {
        try write(#"{"size": [1e19, 100], "nodes": []}"#, to: "s.json")
        try expectRejected(["render", "s.json", "--out", "out"], status: 1, message: "s.json: key 'size': ")
        try expectRejected(["render", "s.json", "--out", "out"], status: 1, message: "must be at most 16384")
    }

    @Test func anEventBeyondTheTimeLimitIsASceneError() throws {
        try write(#"{"size": [10, 10], "nodes": [{"type": "RoundedRect", "id": "a", "frame": [0, 0, 1, 1]}], "events": [{"at": 1e300, "target": "a", "type": "removeAnimation", "key": "k"}]}"#, to: "s.json")
        try expectRejected(["render", "s.json", "--out", "out"], status: 1, message: "key 'events[0].at': 1e+300 is beyond the limit of 10000000 s")
    }

    @Test(arguments: [
        (["--duration", "1e300"], "--duration: must be at most 10000000 s, got 1e+300"),
        (["--fps", "1e300"], "--fps: 1e+300 fps for 2 s is 2e+300 frames"),
        (["--fps", "1e9"], "above the limit of 1000000 frames a render"),
        (["--fps", "-5"], "--fps: must be above 0, got -5"),
        (["--duration", "-1"], "--duration: must be a number of seconds, 0 or more, got -1"),
        (["--size", "-5x5"], "--size must be WxH with whole sides from 1 to 16384, got -5x5"),
        (["--size", "1e19x100"], "--size must be WxH with whole sides from 1 to 16384, got 1e19x100"),
        (["--frames", "5..999"], "--frames: 5..999 is outside the timeline's frames 0..120"),
        (["--shard", "3/2"], "--shard: K/N needs 1 ≤ K ≤ N, got 3/2"),
        (["--png-encoder", "libdeflate", "--png-filter", "paeth"], "--png-filter: the libdeflate encoder writes the none and up filters only, got paeth"),
        (["--png-encoder", "libdeflate", "--png-level", "0"], "--png-level: the libdeflate encoder takes levels 1...9, got 0"),
    ])
    func badRenderOptionsExit64(arguments: [String], message: String) throws {
        try expectRejected(["render", "--out", "out"] + arguments, status: 64, message: message)
    }

    @Test func curveOptionsAreBounded() throws {
        try expectRejected(["curve", "linear", "--samples", "-1"], status: 64, message: "--samples must be at least 2, got -1")
        try expectRejected(["curve", "linear", "--samples", "2000000"], status: 64, message: "--samples must be at most 1000000, got 2000000")
        try expectRejected(["curve", "linear", "--samples", "1e12"], status: 64, message: "--samples")
        try expectRejected(["curve", "spring(1,100,10,0)", "--duration", "-1"], status: 64, message: "--duration must be a number of seconds above 0")
        try expectRejected(["curve", "spring(1,100,0,0)"], status: 1, message: "'spring(1,100,0,0)' never settles")
    }

    @Test func compareNamesANegativeTolerance() throws {
        try expectRejected(["compare", "a.png", "b.png", "--tolerance", "-1"], status: 64, message: "--tolerance must be 0...255, got -1")
    }

    @Test func outUnderARegularFileNamesTheFile() throws {
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/a-file"))
        let result = try CLI.run(["render", "--duration", "0.1", "--out", "a-file/frames"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("output folder a-file/frames: cannot be created: a-file is a file, not a folder"), "\(result.stderr)")
    }

    @Test func anImageOverTheSideLimitIsRefusedFromItsHeader() throws {
        try RGBAImage(width: 16385, height: 1, fill: (255, 0, 0, 255)).writePNG(to: folder + "/wide.png")
        #expect(throws: PNGError.self) { try RGBAImage(contentsOfPNG: folder + "/wide.png") }
        try write(#"""
        {"size": [20, 20], "nodes": [{"type": "ImageView", "id": "a", "frame": [0, 0, 20, 20]}],
         "events": [{"at": 0, "target": "a", "type": "loadImage", "source": "wide.png"}]}
        """#, to: "s.json")
        let result = try CLI.run(["render", "s.json", "--fps", "10", "--duration", "0.1", "--out", "img"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("16385x1 pixels is above the limit of 16384 pixels a side"), "\(result.stderr)")
    }

    /// Foundation's `deletingLastPathComponent` traps on a one-letter path: `--out f` must work.
    @Test func aOneLetterOutputFolderRenders() throws {
        let result = try CLI.run(["render", "--size", "32x18", "--fps", "10", "--duration", "0.1", "--out", "f"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/f/frame_00000.png"))
    }

    /// A killed render's temporary frames (its PID gone) are removed by the next render there;
    /// those of a live process are not.
    @Test func staleTemporaryFramesOfDeadProcessesAreRemoved() throws {
        try FileManager.default.createDirectory(atPath: folder + "/frames", withIntermediateDirectories: true)
        let dead = ".frame_00003.png.999999999.tmp"
        let live = ".frame_00004.png.\(getpid()).tmp"
        for name in [dead, live] { try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/frames/" + name)) }
        let result = try CLI.run(["render", "--size", "32x18", "--fps", "10", "--duration", "0.1", "--out", "frames"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/frames").sorted()
        #expect(names == [live, "frame_00000.png"], "\(names)")
    }

    /// A second render into a folder being written fails naming the first one's PID.
    @Test func aSecondRenderIntoTheSameFolderFailsNamingTheHolder() throws {
        try FileManager.default.createDirectory(atPath: folder + "/frames", withIntermediateDirectories: true)
        let lockPath = folder + "/frames/.cadence-render.lock"
        let descriptor = open(lockPath, O_RDWR | O_CREAT, 0o644)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        _ = Glibc.write(descriptor, "4242\n", 5)
        let result = try CLI.run(["render", "--size", "32x18", "--fps", "10", "--duration", "0.1", "--out", "frames"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("output folder frames: another render (PID 4242) is writing into it"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/frames/frame_00000.png"))
    }

    /// Bench options that become nanosecond or frame counts are bounded first: no trap, exit 64.
    @Test(arguments: [
        (["bench", "pacing", "--fps", "1e-300", "--frames", "3"], "--fps: must be 1...1000 Hz"),
        (["bench", "pacing", "--spin-ms", "1e300", "--frames", "3"], "--spin-ms: must be 0...1000 milliseconds"),
        (["bench", "pacing", "--work-ms", "1e300", "--frames", "3"], "--work-ms: must be 0...1000 milliseconds"),
        (["bench", "render", "--frames", "99999999999", "--size", "8x8"], "--frames: must be 1...1000000"),
    ])
    func hugeBenchOptionsAreOptionErrors(arguments: [String], message: String) throws {
        try expectRejected(arguments, status: 64, message: message)
    }

    /// A FIFO or a folder named as an image is refused before it is opened: a warning, never a hang.
    @Test func aFIFOOrFolderAsAnImageWarnsAndRenders() throws {
        #expect(mkfifo(folder + "/pipe.png", 0o644) == 0)
        try write(#"""
        {"size": [64, 64], "nodes": [
          {"type": "ImageLayer", "id": "a", "frame": [0, 0, 32, 32], "contents": "pipe.png"},
          {"type": "ImageLayer", "id": "b", "frame": [32, 0, 32, 32], "contents": "."}]}
        """#, to: "s.json")
        let result = try CLI.run(["render", "s.json", "--duration", "0.1", "--out", "out"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("pipe.png: not a regular file"), "\(result.stderr)")
        #expect(result.stderr.contains("a folder, not a PNG file"), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/out/frame_00005.png"))
    }

    /// The soak: frames through the frame loop with memory sampled; it stays flat.
    /// (Not under a sanitizer: AddressSanitizer's quarantine holds freed memory on purpose.)
    @Test(.enabled(if: ProcessInfo.processInfo.environment["CADENCE_SANITIZER"] == nil, "a sanitizer's quarantine holds freed memory"))
    func aSoakReportsFlatMemory() throws {
        let result = try CLI.run(["bench", "soak", "--frames", "2000", "--size", "320x180", "--png-every", "50", "--json"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["frames"] as? Int == 2000)
        let samples = try #require(object["rss_samples_mb"] as? [Double])
        #expect(samples.count == 11)
        let growth = try #require(object["rss_growth_mb"] as? Double)
        #expect(growth < 8, "RSS grew by \(growth) MiB over 2000 frames: \(samples)")
        try expectRejected(["bench", "soak", "--frames", "0"], status: 64, message: "--frames must be 1...6000000, got 0")
    }
}
