import CadenceDraw
import CadenceImage
import Foundation
import Testing

/// `--motion full|reduced|none` on `sheet` (and `render`, `demo`): it overrides the scene's own
/// `motion` key; a bad value names the option.
@Suite struct MotionOptionTests {
    @Test func theOptionChangesTheFramesAndABadValueNamesIt() throws {
        let folder = NSTemporaryDirectory() + "cadence-motion-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try """
            {"size": [200, 60], "nodes": [{"type": "RoundedRect", "id": "r", "frame": [0, 10, 40, 40], "attributes": {"fill": "#007AFF"},
              "motion": {"by": [150, 0], "duration": 1}}]}
            """.write(toFile: folder + "/move.json", atomically: true, encoding: .utf8)
        func sheet(_ extra: [String], _ out: String) throws -> RGBAImage {
            let result = try CLI.run(["sheet", "move.json", "--times", "0.25,0.75", "--out", out] + extra, in: folder)
            #expect(result.status == 0, "\(result.stderr)")
            return try RGBAImage(contentsOfPNG: folder + "/" + out)
        }
        let full = try sheet([], "full.png")
        let reduced = try sheet(["--motion", "reduced"], "reduced.png")
        let none = try sheet(["--motion", "none"], "none.png")
        #expect(full.pixels != reduced.pixels && reduced.pixels != none.pixels && full.pixels != none.pixels)

        let bad = try CLI.run(["render", "move.json", "--motion", "slow", "--out", "f"], in: folder)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--motion"), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/f"))
        try #"{"size": [10, 10], "motion": "slow"}"#.write(toFile: folder + "/bad.json", atomically: true, encoding: .utf8)
        let badKey = try CLI.run(["render", "bad.json", "--out", "g"], in: folder)
        #expect(badKey.status == 1)
        #expect(badKey.stderr.contains("bad.json: key 'motion': must be full, reduced, none, got 'slow'"), "\(badKey.stderr)")
    }
}

/// `--trace FILE` on `render`: a Chrome trace of the scene's events, byte-identical on every run;
/// an unwritable path stops the render before any frame, naming the option and the path.
@Suite struct TraceOptionTests {
    @Test func aRenderWritesTheSameTraceEveryTime() throws {
        let folder = NSTemporaryDirectory() + "cadence-trace-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["a", "b"] {
            let result = try CLI.run(["render", "--size", "160x90", "--duration", "1.5", "--fps", "20", "--out", "f\(name)", "--trace", "\(name).json"], in: folder)
            #expect(result.status == 0, "\(result.stderr)")
        }
        let a = try Data(contentsOf: URL(fileURLWithPath: folder + "/a.json"))
        #expect(a == (try Data(contentsOf: URL(fileURLWithPath: folder + "/b.json"))))
        let json = try #require(try JSONSerialization.jsonObject(with: a) as? [String: Any])
        let events = try #require(json["traceEvents"] as? [[String: Any]])
        let names = events.compactMap { $0["name"] as? String }
        #expect(names.contains("indicator hidden") && names.contains("transition begun") && names.contains("bounce started"))
        #expect((json["otherData"] as? [String: Any])?["frames"] as? Int == 30)
    }

    @Test func anUnwritableTracePathStopsTheRenderBeforeAnyFrame() throws {
        let folder = NSTemporaryDirectory() + "cadence-trace-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let result = try CLI.run(["render", "--size", "160x90", "--duration", "0.5", "--out", "frames", "--trace", "missing/t.json"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("--trace: cannot write the trace missing/t.json: its folder missing does not exist"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    /// With `--clock` the trace counts the clock's frames; a render that fails writes no trace.
    @Test func theTraceFollowsTheClockAndAFailedRenderLeavesNone() throws {
        let folder = NSTemporaryDirectory() + "cadence-trace-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let clocked = try CLI.run(
            ["render", "--size", "160x90", "--duration", "1", "--fps", "30", "--clock", "drop:every=3", "--out", "f", "--trace", "t.json"], in: folder
        )
        #expect(clocked.status == 0, "\(clocked.stderr)")
        let frames = try FileManager.default.contentsOfDirectory(atPath: folder + "/f").filter { $0.hasSuffix(".png") }.count
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/t.json"))) as? [String: Any])
        #expect(frames > 0 && frames < 30)
        #expect((json["otherData"] as? [String: Any])?["frames"] as? Int == frames)

        try Data().write(to: URL(fileURLWithPath: folder + "/file"))
        let failed = try CLI.run(["render", "--size", "160x90", "--duration", "0.5", "--out", "file/frames", "--trace", "u.json"], in: folder)
        #expect(failed.status == 1, "\(failed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/u.json"))
    }
}
