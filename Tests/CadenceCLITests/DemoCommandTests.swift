import CadenceDraw
import CadenceImage
import CadenceTesting
import Foundation
import Testing

private let hasDisplay = ProcessInfo.processInfo.environment["DISPLAY"].map { !$0.isEmpty } ?? false

@Suite struct DemoCommandTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "cadence-demo-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let scene = """
        {"name": "signup", "size": [360, 80], "background": "#F2F2F7",
         "nodes": [{"type": "BouncyPlaceholderField", "id": "email", "frame": [12, 14, 336, 52],
                    "attributes": {"font": "DejaVu Sans 20", "placeholder": "Email address", "abbreviatedPlaceholder": "@",
                                   "alwaysBouncePlaceholder": true}}]}
        """
        try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/signup.json"))
        let events = """
        {"events": [{"at": 0.1, "target": "email", "type": "focus"},
                    {"at": 0.2, "target": "email", "type": "type", "text": "hi@cadence", "charsPerSecond": 20}]}
        """
        try Data(events.utf8).write(to: URL(fileURLWithPath: folder + "/typing.json"))
    }

    /// The window, driven by scripted input under Xvfb: typed text visible, placeholder bounced.
    @Test(.enabled(if: hasDisplay, "needs an X display: make test runs the suite under xvfb-run"))
    func windowReplaysEventsAndTakesAScreenshot() throws {
        let result = try CLI.run(["demo", "signup.json", "--events", "typing.json", "--screenshot", "shot.png", "--after", "1.5"],
                                 in: folder, keepDisplay: true)
        #expect(result.status == 0, "\(result.stderr)")
        // "N frames, D dropped, paced on deadlines -> shot.png": under Xvfb the driver paces itself.
        let words = result.stdout.split(separator: " ")
        let frames = Int(words.first ?? "") ?? 0
        let dropped = Int(words.dropFirst(2).first ?? "") ?? -1
        #expect(frames >= 30, "\(result.stdout)")
        #expect(dropped >= 0 && dropped <= frames / 2, "too many dropped frames: \(result.stdout)")
        #expect(result.stdout.contains("paced on deadlines"))
        // The golden is the CPU backend's window (below): GL's is held to it within the
        // backends' agreement, and records nothing.
        guard !GoldenCheck.isRecording else { return }
        let shot = try RGBAImage(contentsOfPNG: folder + "/shot.png")
        let outcome = GoldenCheck().compare(shot, named: "demo-window-typed", tolerance: 8, maxDifferingFraction: 0.005)
        #expect(outcome.passed, "\(outcome.message)")
    }

    /// `--watch`: the file is read again when it changes, at the time shown; a broken version is
    /// an error on stderr while the last good scene plays on; the next good one takes over.
    @Test(.enabled(if: hasDisplay, "needs an X display: make test runs the suite under xvfb-run"))
    func watchReloadsTheSceneAndSurvivesABrokenOne() throws {
        func scene(_ color: String) -> Data {
            Data(##"{"name": "box", "size": [64, 48], "background": "\##(color)"}"##.utf8)
        }
        let (status, stderr, shot) = try watch("box.json", saves: [scene("#FF0000"), Data(#"{"size": [64, 48], "background": }"#.utf8), scene("#0000FF")])
        #expect(status == 0, "\(stderr)")
        #expect(stderr.contains("not valid JSON") && stderr.contains("(the last good scene keeps playing)"), "\(stderr)")
        #expect(stderr.contains("cadence: reloaded box.json at "), "\(stderr)")
        #expect(shot[32, 24] == (0, 0, 255, 255), "\(shot[32, 24])")
    }

    /// `cadence demo NAME --watch` on the first of `saves`, each later one saved over it a second
    /// and a half apart (the first a second in); its exit status, stderr and the screenshot it
    /// takes at 5 s.
    func watch(_ name: String, saves: [Data]) throws -> (status: Int32, stderr: String, shot: RGBAImage) {
        let path = folder + "/" + name
        try saves[0].write(to: URL(fileURLWithPath: path))
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = ["demo", name, "--watch", "--backend", "cpu", "--screenshot", "shot.png", "--after", "5"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 1.0)
        for (index, save) in saves.dropFirst().enumerated() {
            if index > 0 { Thread.sleep(forTimeInterval: 1.5) }
            try save.write(to: URL(fileURLWithPath: path))
        }
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, stderr, try RGBAImage(contentsOfPNG: folder + "/shot.png"))
    }

    /// `--watch` on a Lottie file saved as a precomposition bomb (2²⁹ layers from a few KB): the
    /// refusal is shown as any broken save is, at once, and the fixed file is played (before,
    /// the bomb froze the window for good: the check for changes runs between frames).
    @Test(.enabled(if: hasDisplay, "needs an X display: make test runs the suite under xvfb-run"))
    func watchRefusesAPrecompositionBombAndReloadsTheFix() throws {
        func solid(_ color: String) -> String {
            #"{"ty": 1, "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {}, "sw": 64, "sh": 48, "sc": "\#(color)"}"#
        }
        func lottie(layers: String, assets: String = "[]") -> Data {
            Data(#"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 64, "h": 48, "assets": \#(assets), "layers": [\#(layers)]}"#.utf8)
        }
        var assets: [String] = []
        for level in 0..<29 {
            let layers = level == 28 ? solid("#00ff00")
                : (1...2).map { #"{"ty": 0, "ind": \#($0), "refId": "p\#(level + 1)", "ip": 0, "op": 60, "st": 0, "w": 64, "h": 48, "ks": {}}"# }.joined(separator: ",")
            assets.append(#"{"id": "p\#(level)", "layers": [\#(layers)]}"#)
        }
        let bomb = #"{"ty": 0, "ind": 1, "refId": "p0", "ip": 0, "op": 60, "st": 0, "w": 64, "h": 48, "ks": {}}"#
        let (status, stderr, shot) = try watch("anim.json", saves: [
            lottie(layers: solid("#ff0000")), lottie(layers: bomb, assets: "[" + assets.joined(separator: ",") + "]"), lottie(layers: solid("#0000ff")),
        ])
        #expect(status == 0, "\(stderr)")
        #expect(stderr.contains("precomposition \"p28\" is drawn 268,435,456 times") && stderr.contains("(the last good scene keeps playing)"), "\(stderr)")
        #expect(stderr.contains("cadence: reloaded anim.json at "), "\(stderr)")
        #expect(shot[32, 24] == (0, 0, 255, 255), "\(shot[32, 24])")
    }

    @Test func watchNeedsASceneFile() throws {
        let result = try CLI.run(["demo", "--watch"], in: folder)
        #expect(result.status == 64)
        #expect(result.stderr.contains("--watch needs a scene file"), "\(result.stderr)")
    }

    /// `--backend cpu`: the window shows the CPU backend's pictures; they are the golden (the same
    /// bytes on every machine), which the GL window above is held to.
    @Test(.enabled(if: hasDisplay, "needs an X display: make test runs the suite under xvfb-run"))
    func theWindowShowsTheCPUBackendsFrames() throws {
        let result = try CLI.run(
            ["demo", "signup.json", "--backend", "cpu", "--events", "typing.json", "--screenshot", "shot.png", "--after", "1.5"],
            in: folder, keepDisplay: true
        )
        #expect(result.status == 0, "\(result.stderr)")
        let shot = try RGBAImage(contentsOfPNG: folder + "/shot.png")
        let outcome = GoldenCheck().compare(shot, named: "demo-window-typed", tolerance: 2, maxDifferingFraction: 0.002)
        #expect(outcome.passed, "\(outcome.message)")
    }

    /// `--trace`: the events of the session, the scripted typing included, each with the window
    /// frame that first showed it.
    @Test(.enabled(if: hasDisplay, "needs an X display: make test runs the suite under xvfb-run"))
    func theWindowWritesATraceOfItsSession() throws {
        let result = try CLI.run(["demo", "signup.json", "--events", "typing.json", "--screenshot", "s.png", "--after", "1", "--trace", "t.json"],
                                 in: folder, keepDisplay: true)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/t.json"))) as? [String: Any])
        let events = try #require(json["traceEvents"] as? [[String: Any]]).filter { $0["ph"] as? String == "i" }
        let bounce = try #require(events.first { $0["name"] as? String == "bounce started" })
        let args = try #require(bounce["args"] as? [String: Any])
        #expect(args["time"] as? Double == 0.2)
        #expect((args["frame"] as? Int).map { $0 > 0 } == true, "\(args)")
    }

    @Test func withoutADisplayItExitsWithStatusTwo() throws {
        let result = try CLI.run(["demo", "signup.json"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("no display to open a window on"))
        #expect(result.stderr.contains("cadence render"))
    }

    @Test func eventsForMissingNodesAreErrors() throws {
        try Data(#"{"events": [{"at": 0, "target": "ghost", "type": "clear"}]}"#.utf8).write(to: URL(fileURLWithPath: folder + "/bad.json"))
        let result = try CLI.run(["demo", "signup.json", "--events", "bad.json"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("bad.json: key 'events[0].target': no node has id 'ghost'"), "\(result.stderr)")
    }
}
