import CadenceAnimation
import CadenceDraw
import CadenceScene
import Foundation
import Testing

/// The event tracer: every event derived from the scene's timeline, in the order things happen,
/// with the frame each first shows in; the same scene gives the same bytes.
@Suite struct SceneTraceTests {
    static func index(_ name: String, node: String, in events: [TraceEvent]) throws -> Int {
        try #require(events.firstIndex { $0.name == name && $0.node == node }, "no '\(name)' for \(node)")
    }

    @Test func theIndicatorIsHiddenBeforeTheCrossDissolveBegins() throws {
        let events = SceneTracer(scene: .demo).events()
        let hidden = try Self.index("indicator hidden", node: "photo", in: events)
        let begun = try Self.index("transition begun", node: "photo", in: events)
        let shown = try Self.index("indicator shown", node: "photo", in: events)
        #expect(shown < hidden && hidden < begun)
        #expect(events[hidden].time == events[begun].time)  // the same instant, in that order
        let frames = SceneTracer.Frames.uniform(fps: 60, count: 120)
        #expect(frames.firstFrame(showing: events[hidden].time) == 72)
        // And the widget agrees: no spinner on the frame the dissolve begins.
        guard case .widget(_, let photo as ImageView) = Scene.demo.nodes[4] else { Issue.record("no photo"); return }
        #expect(!photo.spinner.isAnimating(at: events[begun].time))
        #expect(events[try Self.index("transition ended", node: "photo", in: events)].time == events[begun].time + 0.2)
    }

    @Test func theCountingLabelDrawsItsFinalValueBeforeItsCompletionRuns() throws {
        var label = CountingLabel(frame: Rect(x: 0, y: 0, width: 200, height: 40), font: SceneFile.defaultFont)
        label.format = .printf(try PrintfFormat("%.0f"))
        label.completion = { label, time in label.count(from: 100, to: 0, duration: 0.5, at: time) }
        var scene = Scene(name: "count", size: Size(width: 200, height: 40), background: .white)
        scene.add(.widget(id: "n", label))
        try scene.schedule(widgetEvent: CountingLabel.Event.count(from: 0, to: 100, duration: 1), on: "n", at: 0.5)
        let events = SceneTracer(scene: scene).events()
        #expect(events.map(\.name) == ["count started", "count finished", "completion run", "count started", "count finished"])
        let finished = events[1]
        #expect(finished.time == 1.5 && events[2].time == 1.5)
        #expect(finished.argument("value") == .number(100))
        guard case .widget(_, let drawn as CountingLabel) = scene.nodes[0] else { Issue.record("no label"); return }
        #expect(drawn.text(at: finished.time) == "100")
        // The completion chained a count back down, which the trace follows.
        #expect(events[3].argument("to") == .number(0) && events[4].time == 2.0)

        // Under no motion the count ends, and its completion runs, when it begins.
        scene.motion = .none
        let jumped = SceneTracer(scene: scene).events()
        #expect(jumped.prefix(3).map(\.time) == [0.5, 0.5, 0.5])
        #expect(jumped.prefix(3).map(\.name) == ["count started", "count finished", "completion run"])
    }

    static let layerJSON = """
        {"size": [200, 200], "nodes": [
          {"type": "Layer", "id": "card", "frame": [0, 0, 20, 20], "animations": [
            {"keyPath": "position.y", "type": "spring", "from": 200, "to": 100, "stiffness": 180, "damping": 14}]}],
         "events": [
          {"at": 0.1, "target": "card", "type": "setValue", "keyPath": "position.y", "value": 50},
          {"at": 0.5, "target": "card", "type": "addAnimation", "key": "fade", "animation": {"keyPath": "opacity", "from": 1, "to": 0.5, "duration": 1}},
          {"at": 0.8, "target": "card", "type": "removeAnimation", "key": "fade"}]}
        """

    @Test func layerAnimationsAreAddedStartedRetargetedCompletedAndRemoved() throws {
        let scene = try SceneFile.parse(Data(Self.layerJSON.utf8), file: "l.json", strict: true).scene
        let events = SceneTracer(scene: scene).events()
        let retarget = try #require(events.first { $0.name == "retargeted" })
        #expect(retarget.time == 0.1)
        #expect(retarget.argument("oldTarget") == .numbers([100]))
        #expect(retarget.argument("newTarget") == .numbers([50]))
        guard case .numbers(let velocity)? = retarget.argument("velocity") else { Issue.record("no velocity"); return }
        #expect(velocity[0] < -100)  // still rising (y falling) fast when retargeted, carried on
        let fade = events.filter { $0.argument("key") == .string("fade") }.map(\.name)
        #expect(fade == ["added", "started", "completed", "removed"])
        let cancelled = try #require(events.first { $0.argument("key") == .string("fade") && $0.name == "completed" })
        #expect(cancelled.time == 0.8 && cancelled.argument("finished") == .bool(false))
        #expect(events.map(\.time) == events.map(\.time).sorted())
    }

    @Test func theSameSceneGivesTheSameBytesAndTheJSONIsAChromeTrace() throws {
        let frames = SceneTracer.Frames.uniform(fps: 60, count: 150)
        let first = SceneTracer(scene: .demo).chromeTrace(frames: frames, through: 2.5)
        #expect(first == SceneTracer(scene: .demo).chromeTrace(frames: frames, through: 2.5))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        let events = try #require(json["traceEvents"] as? [[String: Any]])
        #expect(events.contains { $0["ph"] as? String == "M" && $0["name"] as? String == "thread_name" })
        let instants = events.filter { $0["ph"] as? String == "i" }
        #expect(instants.count == SceneTracer(scene: .demo).events(through: 2.5).count)
        #expect(instants.allSatisfy { ($0["args"] as? [String: Any])?["frame"] != nil && $0["ts"] is Double && $0["cat"] is String })
    }

    @Test func theFirstFrameShowingATime() {
        let frames = SceneTracer.Frames.uniform(fps: 30, count: 60)
        #expect(frames.firstFrame(showing: 0) == 0)
        #expect(frames.firstFrame(showing: 0.4) == 12)            // 12 / 30 is 0.4 exactly as renders compute it
        #expect(frames.firstFrame(showing: 0.4000001) == 13)
        #expect(frames.firstFrame(showing: 1.99) == nil)          // after the last frame (59 / 30)
        #expect(SceneTracer.Frames.times([0, 0.1, 0.25]).firstFrame(showing: 0.2) == 2)
    }

    @Test func anUnwritablePathIsAnErrorAndLeavesNothing() throws {
        let folder = NSTemporaryDirectory() + "cadence-trace-\(UUID().uuidString)"
        let error = try #require(throws: TraceWriteError.self) {
            try SceneTracer(scene: .demo).write(to: folder + "/t.json", frames: .uniform(fps: 60, count: 10))
        }
        #expect(error.description.contains(folder + "/t.json"))
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try SceneTracer(scene: .demo).write(to: folder + "/t.json", frames: .uniform(fps: 60, count: 10))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["t.json"])
    }
}
