import CadenceDraw
import CadenceImage
import Foundation
import Testing

private let hasDisplay = ProcessInfo.processInfo.environment["DISPLAY"].map { !$0.isEmpty } ?? false

/// `--clock` on render and bench pacing, `demo --record-clock`, `check fps`, `bench pacing --scene`.
@Suite struct ClockCommandTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "cadence-clock-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
    }

    func data(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path))
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: folder + "/" + path)
    }

    // MARK: render --clock

    @Test func renderAtATracesTimestampsShowsThoseTimesFramesNumberedInOrder() throws {
        try write(#"[{"timestamp": 0, "targetTimestamp": 0.25}, {"timestamp": 0.25, "targetTimestamp": 0.5}, {"timestamp": 1, "targetTimestamp": 1.25}]"#, to: "trace.json")
        let replay = try CLI.run(["render", "--size", "320x180", "--clock", "trace.json", "--out", "replay"], in: folder)
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stdout.hasPrefix("3 frames, 320x180"), "\(replay.stdout)")
        let grid = try CLI.run(["render", "--size", "320x180", "--fps", "4", "--duration", "1.25", "--out", "grid"], in: folder)
        #expect(grid.status == 0, "\(grid.stderr)")
        // Frame i of the replay is the scene at the trace's i-th timestamp: 0, 0.25 and 1 s.
        #expect(try data("replay/frame_00000.png") == data("grid/frame_00000.png"))
        #expect(try data("replay/frame_00001.png") == data("grid/frame_00001.png"))
        #expect(try data("replay/frame_00002.png") == data("grid/frame_00004.png"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/replay").sorted() == ["frame_00000.png", "frame_00001.png", "frame_00002.png"])
    }

    @Test func renderWithAGeneratedClockIsRepeatable() throws {
        for out in ["a", "b"] {
            let result = try CLI.run(["render", "--size", "160x90", "--clock", "vrr:120,60@0.25s+jitter:0.5ms,seed=7+drop:every=7", "--duration", "0.5", "--out", out], in: folder)
            #expect(result.status == 0, "\(result.stderr)")
            // 30 vsyncs at 120 Hz, 15 at 60 Hz, every 7th dropped: 45 − 6.
            #expect(result.stdout.hasPrefix("39 frames"), "\(result.stdout)")
        }
        for index in [0, 10, 38] {
            let name = String(format: "frame_%05d.png", index)
            #expect(try data("a/" + name) == data("b/" + name))
        }
    }

    @Test(arguments: [
        ("warp:3", "--clock warp:3: unknown clock kind 'warp'", Int32(64)),
        ("jitter:9ms", "must be under a quarter of the shortest refresh interval", 64),
        ("vrr:120,abc@1s", "vrr rate 'abc'", 64),
        ("missing.json", "clock trace missing.json: does not exist (and is not a clock spec", 1),
    ])
    func badClocksAreNamedAndWriteNothing(clock: String, message: String, status: Int32) throws {
        let result = try CLI.run(["render", "--size", "160x90", "--clock", clock, "--out", "never"], in: folder)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!exists("never"))
    }

    @Test(arguments: [
        ("[]", "has no vsyncs"),
        (#"[{"timestamp": 0.5, "targetTimestamp": 0.6}, {"timestamp": 0.5, "targetTimestamp": 0.7}]"#, "vsync 1: timestamp 0.5 is not after vsync 0's 0.5"),
        (#"[{"timestamp": 0.5, "targetTimestamp": 0.4}]"#, "vsync 0: targetTimestamp 0.4 must be after timestamp 0.5"),
        (#"[{"timestamp": 0, "targetTimestamp": 1e300}]"#, "vsync 0: targetTimestamp must be a finite number of seconds from 0 to 10000000"),
        (#"[{"timestamp": 0, "targetTimestamp": 0.1}"#, "not valid JSON"),
    ])
    func malformedTraceFilesAreNamedAndWriteNothing(json: String, message: String) throws {
        try write(json, to: "bad.json")
        let result = try CLI.run(["render", "--size", "160x90", "--clock", "bad.json", "--out", "never"], in: folder)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("clock trace bad.json: " ), "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!exists("never"))
    }

    @Test func aClockAndAnAnimatedFormatDoNotMix() throws {
        let result = try CLI.run(["render", "--clock", "jitter:0.1ms", "--format", "apng", "--out", "a.png"], in: folder)
        #expect(result.status == 64)
        #expect(result.stderr.contains("--clock: renders PNG frames"), "\(result.stderr)")
        #expect(!exists("a.png"))
    }

    // MARK: demo --record-clock

    @Test(arguments: [("nowhere/trace.json", "its folder nowhere does not exist"), (".", "is a folder")])
    func anUnwritableRecordingIsRefusedBeforeTheWindowOpens(path: String, message: String) throws {
        let result = try CLI.run(["demo", "--record-clock", path], in: folder)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("clock trace \(path): "), "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!exists("nowhere"))
    }

    /// The window records the vsyncs it drew for; a headless render replays them, the same
    /// bytes every time, each frame the scene at the recorded time.
    @Test(.enabled(if: hasDisplay, "needs an X display: make test runs the suite under xvfb-run"))
    func aRecordedSessionReplaysHeadlesslyByteIdentically() throws {
        let demo = try CLI.run(["demo", "--screenshot", "shot.png", "--after", "0.4", "--record-clock", "session.json"], in: folder, keepDisplay: true)
        #expect(demo.status == 0, "\(demo.stderr)")
        let trace = try #require(try JSONSerialization.jsonObject(with: data("session.json")) as? [[String: Double]])
        let frames = Int(demo.stdout.split(separator: " ").first ?? "") ?? -1
        #expect(trace.count == frames, "one vsync per frame drawn: \(demo.stdout)")
        #expect(demo.stdout.contains("\(trace.count) vsyncs -> session.json"))
        let timestamps = trace.compactMap { $0["timestamp"] }
        #expect(zip(timestamps, timestamps.dropFirst()).allSatisfy { $0 < $1 })
        #expect((timestamps.last ?? 0) >= 0.4)

        for out in ["one", "two"] {
            let replay = try CLI.run(["render", "--clock", "session.json", "--size", "320x180", "--out", out], in: folder)
            #expect(replay.status == 0, "\(replay.stderr)")
            #expect(replay.stdout.hasPrefix("\(trace.count) frames"), "\(replay.stdout)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/one").sorted()
        #expect(names.count == trace.count)
        for name in names { #expect(try data("one/" + name) == data("two/" + name), "\(name) differs between replays") }

        // The window's vsyncs lie on its refresh grid: frame i is the grid's frame at that time.
        let first = try #require(trace.first)
        let rate = (1 / (first["targetTimestamp"]! - first["timestamp"]!)).rounded()
        let last = trace.count - 1
        let vsync = Int((timestamps[last] * rate).rounded())
        #expect(abs(Double(vsync) / rate - timestamps[last]) < 1e-9)
        let grid = try CLI.run(["render", "--fps", String(rate), "--duration", String(timestamps[last] + 1), "--frames", "\(vsync)..\(vsync)",
                                "--size", "320x180", "--out", "grid"], in: folder)
        #expect(grid.status == 0, "\(grid.stderr)")
        #expect(try data(String(format: "one/frame_%05d.png", last)) == data(String(format: "grid/frame_%05d.png", vsync)))
    }

    // MARK: bench pacing --clock, --scene

    @Test func pacingOnAVariableRefreshTraceCountsNoDropsButAFixedIntervalCounterDoes() throws {
        let result = try CLI.run(["bench", "pacing", "--clock", "vrr:120,60@0.1s", "--frames", "45", "--work-ms", "0", "--json"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let list = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(list.map { $0["driver"] as? String } == ["trace", "paced"])
        let trace = list[0]
        #expect(trace["frames"] as? Int == 45)
        #expect(trace["dropped"] as? Int == 0)
        // 12 + 6 + 12 + 6 … : each 60 Hz refresh is two 120 Hz intervals.
        #expect((trace["dropped_fixed_interval"] as? Int ?? 0) >= 10)
        #expect((list[1]["frames"] as? Int ?? 0) >= 40)
    }

    @Test func pacingCountsTheDropsOfATrace() throws {
        let result = try CLI.run(["bench", "pacing", "--clock", "drop:every=5", "--fps", "120", "--frames", "40", "--work-ms", "0", "--json", "--plot", "drops.png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let list = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(list[0]["dropped"] as? Int == 9, "40 delivered span 49 vsyncs: 9 dropped in between")
        #expect((list[1]["dropped"] as? Int ?? 0) >= 9)
        let chart = try RGBAImage(contentsOfPNG: folder + "/drops.png")
        #expect(chart.width == 900)
    }

    @Test func pacingWithTheDemoSceneRendersInEachCallback() throws {
        let result = try CLI.run(["bench", "pacing", "--scene", "demo", "--frames", "12", "--fps", "30"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("demo rendered offscreen per frame"), "\(result.stdout)")
        #expect(result.stdout.contains("\npaced ") && result.stdout.contains("\nnaive "))
    }

    @Test func pacingRefusesBadClocksAndScenes() throws {
        let spec = try CLI.run(["bench", "pacing", "--clock", "jitter:fast"], in: folder)
        #expect(spec.status == 64)
        #expect(spec.stderr.contains("--clock jitter:fast: jitter amount 'fast'"), "\(spec.stderr)")
        try write(#"[{"timestamp": 0, "targetTimestamp": 0.01}]"#, to: "one.json")
        let short = try CLI.run(["bench", "pacing", "--clock", "one.json"], in: folder)
        #expect(short.status == 64)
        #expect(short.stderr.contains("--clock: the trace has 1 vsync; pacing needs at least 2"), "\(short.stderr)")
        try write(#"[{"timestamp": 0, "targetTimestamp": 0.01}, {"timestamp": 9000000, "targetTimestamp": 9000000.01}]"#, to: "long.json")
        let long = try CLI.run(["bench", "pacing", "--clock", "long.json"], in: folder)
        #expect(long.status == 64)
        #expect(long.stderr.contains("--clock: the trace spans 9000000.0 s; bench pacing plays it in real time, at most 3600 s"), "\(long.stderr)")
        let scene = try CLI.run(["bench", "pacing", "--scene", "ghost.json"], in: folder)
        #expect(scene.status == 1)
        #expect(scene.stderr.contains("ghost.json"), "\(scene.stderr)")
    }

    // MARK: check fps

    @Test func checkFPSPassesOnTheDemoWithJitterAndDrops() throws {
        let result = try CLI.run(["check", "fps", "demo", "--rates", "30,60,120", "--duration", "1", "--size", "320x180",
                                  "--clock", "jitter:0.5ms,seed=7+drop:5%,seed=1"], in: folder)
        #expect(result.status == 0, "\(result.stderr)\(result.stdout)")
        #expect(result.stdout.contains("30 shared timestamps (every 0.03333 s)"), "\(result.stdout)")
        for node in ["email", "score", "photo", "(frame)"] { #expect(result.stdout.contains("\n" + node), "\(result.stdout)") }
        #expect(result.stdout.contains("passed: frame-rate independent"))
    }

    static let exampleScenes: [String] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/scenes").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { folder + "/" + $0 }
    }()

    @Test func theLayerExamplesAreThere() {
        #expect(Self.exampleScenes.contains { $0.hasSuffix("/heartbeat.json") } && Self.exampleScenes.contains { $0.hasSuffix("/loading-ring.json") })
    }

    @Test(arguments: exampleScenes)
    func checkFPSPassesOnTheLayerExamples(scene: String) throws {
        let result = try CLI.run(["check", "fps", scene, "--duration", "1"], in: folder)
        #expect(result.status == 0, "\(result.stderr)\(result.stdout)")
        #expect(result.stdout.contains("30, 60, 90, 120, 144 fps"))
        #expect(result.stdout.contains("passed"))
    }

    @Test(arguments: [
        (["--rates", "60"], "--rates needs at least 2 rates"),
        (["--rates", "30,abc"], "got 'abc'"),
        (["--rates", "59.94,60"], "share no timestamp"),
        (["--tolerance", "300"], "--tolerance must be 0...255"),
        (["--value-tolerance", "nan"], "--value-tolerance"),
        (["--clock", "vrr:120,60@1s"], "vrr sets its own rates"),
        (["--clock", "trace.json"], "not a trace file"),
        (["--duration", "1e300"], "--duration"),
    ])
    func checkFPSOptionErrorsExit64(arguments: [String], message: String) throws {
        let result = try CLI.run(["check", "fps", "--size", "64x36"] + arguments, in: folder)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}
