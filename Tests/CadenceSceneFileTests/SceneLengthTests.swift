import CadenceDraw
import CadenceScene
import Foundation
import Testing

/// How long a scene says it is (`duration`, `fps`), and how long it is when it does not say:
/// until its last finite animation or event ends.
@Suite struct SceneLengthTests {
    func scene(_ json: String) throws -> Scene {
        try SceneFile.parse(Data(json.utf8), file: "length.json", strict: true).scene
    }

    func layer(_ animations: String) -> String {
        """
        {"size": [100, 100], "nodes": [{"type": "Layer", "id": "box", "frame": [0, 0, 10, 10], "animations": [\(animations)]}]}
        """
    }

    @Test func aSceneGivesItsDurationAndFrameRate() throws {
        let scene = try scene(#"{"size": [100, 100], "duration": 3.5, "fps": 24}"#)
        #expect(scene.duration == 3.5)
        #expect(scene.framesPerSecond == 24)
    }

    @Test(arguments: [
        (#""duration": 0"#, "duration"), (#""duration": -1"#, "duration"), (#""duration": 1e12"#, "duration"),
        (#""duration": "2s""#, "duration"), (#""fps": 0"#, "fps"), (#""fps": 1e6"#, "fps"), (#""fps": [60]"#, "fps"),
    ])
    func aBadDurationOrFrameRateNamesItsKey(fragment: String, key: String) throws {
        let error = try #require(throws: SceneError.self) { try scene(#"{"size": [100, 100], "# + fragment + "}") }
        #expect(error.key == key)
        #expect(error.file == "length.json")
    }

    @Test func theNaturalLengthEndsWithTheLastFiniteAnimation() throws {
        // The toast's shape: a spring, then a fade from 2.0 s for 0.4 s.
        let toast = try scene(layer("""
            {"keyPath": "position.y", "type": "spring", "from": 300, "to": 190, "stiffness": 180, "damping": 14, "beginTime": 0.2},
            {"keyPath": "opacity", "from": 1, "to": 0, "beginTime": 2.0, "duration": 0.4, "fillMode": "forwards"}
            """))
        #expect(abs(try #require(toast.naturalDuration) - 2.4) < 1e-12)
        // Repeats and autoreverses count; a spring lasts until it settles.
        let repeated = try scene(layer(#"{"keyPath": "opacity", "from": 1, "to": 0, "duration": 0.5, "repeatCount": 3, "autoreverses": true}"#))
        #expect(repeated.naturalDuration == 3)
        let spring = try scene(layer(#"{"keyPath": "position.x", "type": "spring", "from": 0, "to": 50, "stiffness": 100, "damping": 10}"#))
        #expect(try #require(spring.naturalDuration) > 0.5)
    }

    @Test func anEndlessAnimationCountsOnlyItsStart() throws {
        let endless = try scene(layer(#"{"keyPath": "transform.rotation", "from": 0, "to": 6.28, "duration": 1, "repeatCount": "infinity", "beginTime": 0.5}"#))
        #expect(endless.naturalDuration == 0.5)
        let still = try scene(layer(#"{"keyPath": "transform.rotation", "from": 0, "to": 6.28, "duration": 1, "repeatCount": "infinity"}"#))
        #expect(still.naturalDuration == nil)
        #expect(try scene(#"{"size": [10, 10]}"#).naturalDuration == nil)
    }

    @Test func eventsAndWidgetsCount() throws {
        // A count of 3 s started at 1 s ends at 4 s; an event at 5 s that sets a value ends there.
        let scene = try scene("""
            {"size": [200, 100], "nodes": [
               {"type": "CountingLabel", "id": "score", "frame": [0, 0, 200, 40], "attributes": {"font": "DejaVu Sans 20"}},
               {"type": "Layer", "id": "box", "frame": [0, 50, 10, 10]},
               {"type": "RoundedRect", "id": "pill", "frame": [0, 70, 20, 10], "motion": {"by": [50, 0], "duration": 2, "delay": 1}}],
             "events": [
               {"at": 5, "target": "box", "type": "setValue", "keyPath": "opacity", "value": 0.5, "animated": false},
               {"at": 1, "target": "score", "type": "count", "from": 0, "to": 10, "duration": 3}]}
            """)
        #expect(scene.naturalDuration == 5)
        #expect(scene.nodes[0].activeEnd(motion: .full) == 4)
        #expect(scene.nodes[2].activeEnd(motion: .full) == 3)
    }

    @Test func eventsInAFileMayComeInAnyOrder() throws {
        let listed = """
            {"size": [100, 100], "nodes": [{"type": "Layer", "id": "box", "frame": [0, 0, 10, 10]}],
             "events": [
               {"at": 1, "target": "box", "type": "setValue", "keyPath": "position.x", "value": 50},
               {"at": 0.5, "target": "box", "type": "setValue", "keyPath": "position.x", "value": 20, "animated": false},
               {"at": 1, "target": "box", "type": "setValue", "keyPath": "position.x", "value": 70}]}
            """
        let scene = try scene(listed)
        #expect(scene.events.map(\.at) == [0.5, 1, 1])
        // At one time, the one listed last wins.
        #expect(scene.layer(id: "box")?.presentation(at: 5).position.x == 70)
        #expect(scene.layer(id: "box")?.presentation(at: 0.75).position.x == 20)
    }
}

/// Unknown keys, node types, key paths and values name the nearest valid one.
@Suite struct SuggestionTests {
    func problem(_ json: String) throws -> String {
        let error = try #require(throws: SceneError.self) { try SceneFile.parse(Data(json.utf8), file: "typo.json", strict: true) }
        return error.message
    }

    @Test func typosNameTheValidSpelling() throws {
        #expect(try problem(##"{"size": [10, 10], "nodes": [{"type": "Layer", "id": "a", "backgroundColour": "#FFF"}]}"##)
            .hasPrefix("unknown key; did you mean 'backgroundColor'? (known: "))
        #expect(try problem(#"{"size": [10, 10], "nodes": [{"type": "Layer", "id": "a", "maskToBounds": true}]}"#)
            .hasPrefix("unknown key; did you mean 'masksToBounds'?"))
        #expect(try problem(#"{"size": [10, 10], "nodes": [{"type": "Lyer", "id": "a", "frame": [0, 0, 1, 1]}]}"#)
            .hasPrefix("unknown node type 'Lyer'; did you mean 'Layer'?"))
        #expect(try problem(#"{"size": [10, 10], "nodes": [{"type": "Layer", "id": "a", "animations": [{"keyPath": "positon.y", "to": 1}]}]}"#)
            .hasPrefix("unknown key path 'positon.y' for a Layer; did you mean 'position.y'?"))
        #expect(try problem(#"{"size": [10, 10], "nodes": [{"type": "Layer", "id": "a", "animations": [{"keyPath": "opacity", "to": 1, "fillMode": "forward"}]}]}"#)
            .hasSuffix("did you mean 'forwards'?"))
        #expect(try problem(#"{"size": [10, 10], "nodes": [{"type": "Layer", "id": "a", "animations": [{"keyPath": "opacity", "to": 1, "timingFunction": "easeOutBak"}]}]}"#)
            .contains("did you mean 'easeOutBack'?"))
        #expect(try problem(#"{"size": [10, 10], "nodes": [{"type": "CountingLabel", "id": "a", "frame": [0, 0, 1, 1], "attributes": {"alignment": "centre"}}]}"#)
            .hasSuffix("did you mean 'center'?"))
    }
}

/// Core Animation's `fillMode` `removed` stays the default; an animation that would snap back
/// is a warning, and a file's top-level `fillMode` changes the default for its animations.
@Suite struct FillModeDefaultTests {
    static func file(top: String = "", fillMode: String = "", to: Double = 0) -> String {
        """
        {"size": [100, 100], \(top)
         "nodes": [{"type": "Layer", "id": "box", "frame": [0, 0, 10, 10], "opacity": 1,
                    "animations": [{"keyPath": "opacity", "from": 1, "to": \(to), "duration": 1\(fillMode)}]}]}
        """
    }

    func parse(_ json: String) throws -> (scene: Scene, warnings: [SceneError]) {
        try SceneFile.parse(Data(json.utf8), file: "fill.json", strict: true)
    }

    @Test func anAnimationThatSnapsBackIsAWarningAndStillSnapsBack() throws {
        let (scene, warnings) = try parse(Self.file())
        #expect(warnings.count == 1)
        let warning = try #require(warnings.first)
        #expect(warning.node == "box" && warning.key == "animations[0]")
        #expect(warning.message.hasPrefix("the opacity animation ends at 1 s at 0, away from the layer's model value 1"))
        #expect(warning.message.contains(#""fillMode": "forwards""#))
        #expect(scene.layer(id: "box")?.presentation(at: 2).opacity == 1)
    }

    @Test func aFileDefaultHoldsTheEnd() throws {
        let (scene, warnings) = try parse(Self.file(top: #""fillMode": "forwards","#))
        #expect(warnings.isEmpty)
        #expect(scene.layer(id: "box")?.presentation(at: 2).opacity == 0)
        // The animation's own fillMode wins.
        let own = try parse(Self.file(top: #""fillMode": "forwards","#, fillMode: #", "fillMode": "removed""#))
        #expect(own.warnings.count == 1)
        #expect(own.scene.layer(id: "box")?.presentation(at: 2).opacity == 1)
        let bad = try #require(throws: SceneError.self) { try parse(Self.file(top: #""fillMode": "forward","#)) }
        #expect(bad.key == "fillMode" && bad.message.hasSuffix("did you mean 'forwards'?"))
    }

    @Test func animationsThatHoldOrEndAtTheModelGiveNoWarning() throws {
        #expect(try parse(Self.file(fillMode: #", "fillMode": "both""#)).warnings.isEmpty)
        #expect(try parse(Self.file(to: 1)).warnings.isEmpty)
        let endless = #"{"size": [9, 9], "nodes": [{"type": "Layer", "id": "a", "animations": [{"keyPath": "opacity", "to": 0, "repeatCount": "infinity"}]}]}"#
        #expect(try parse(endless).warnings.isEmpty)
        let reversing = #"{"size": [9, 9], "nodes": [{"type": "Layer", "id": "a", "animations": [{"keyPath": "opacity", "from": 1, "to": 0, "autoreverses": true}]}]}"#
        #expect(try parse(reversing).warnings.isEmpty)
    }
}
