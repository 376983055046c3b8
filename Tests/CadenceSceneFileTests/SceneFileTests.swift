import CadenceDraw
import CadenceScene
import Foundation
import Testing

@Suite struct SceneFileTests {
    func parse(_ json: String, strict: Bool = false) throws(SceneError) -> (scene: Scene, warnings: [SceneError]) {
        try SceneFile.parse(Data(json.utf8), file: "test.json", strict: strict)
    }

    @Test func readsNodesAttributesAndMotion() throws {
        let (scene, warnings) = try parse("""
        {"name": "pills", "size": [640, 360], "background": "#000000",
         "nodes": [{"type": "RoundedRect", "id": "a", "frame": [20, 30, 200, 80],
                    "attributes": {"cornerRadius": 40, "fill": "#007AFF", "stroke": "#FFFFFF", "strokeWidth": 2},
                    "motion": {"by": [300, 0], "duration": 1, "delay": 0.25, "autoreverses": true, "repeats": true}}]}
        """)
        #expect(warnings.isEmpty)
        #expect(scene.name == "pills")
        #expect(scene.size == Size(width: 640, height: 360))
        #expect(scene.background == .black)
        guard case .widget(_, let node as ShapeNode)? = scene.nodes.first else { Issue.record("not a shape"); return }
        #expect(node.id == "a")
        #expect(node.frame == Rect(x: 20, y: 30, width: 200, height: 80))
        #expect(node.cornerRadius == 40)
        #expect(node.fill == Color(hex: "#007AFF"))
        #expect(node.stroke == .white)
        #expect(node.strokeWidth == 2)
        #expect(node.motion == Motion(offset: Point(x: 300, y: 0), duration: 1, delay: 0.25, autoreverses: true, repeats: true))
    }

    @Test func unknownKeysWarnWithFileNodeAndKey() throws {
        let (scene, warnings) = try parse("""
        {"size": [10, 10], "colour": "#FFF",
         "nodes": [{"type": "RoundedRect", "id": "box", "frame": [0, 0, 5, 5], "attributes": {"cornerRadiu": 3}}]}
        """)
        #expect(scene.nodes.count == 1)
        #expect(warnings.map(\.description) == [
            "test.json: key 'colour': unknown key (known: name, size, background, duration, fps, fillMode, motion, nodes, events)",
            "test.json: node 'box': key 'attributes.cornerRadiu': unknown key; did you mean 'cornerRadius'? (known: cornerRadius, fill, stroke, strokeWidth)",
        ])
    }

    @Test func strictMakesUnknownKeysErrors() {
        #expect(throws: SceneError(file: "test.json", node: "box", key: "attributes.glow",
                                   message: "unknown key (known: cornerRadius, fill, stroke, strokeWidth)")) {
            try parse("""
            {"size": [10, 10], "nodes": [{"type": "RoundedRect", "id": "box", "frame": [0, 0, 5, 5], "attributes": {"glow": 1}}]}
            """, strict: true)
        }
    }

    @Test(arguments: [
        (#"{"size": [10, 10], "nodes": [{"type": "Circle", "id": "c", "frame": [0,0,1,1]}]}"#, "node 'c': key 'type': unknown node type 'Circle' (known: Layer, TextLayer, ImageLayer, ShapeLayer, GradientLayer, ReplicatorLayer, EmitterLayer, RoundedRect, CountingLabel, ActivityIndicator, BouncyPlaceholderField, PlaceholderTextView, ImageView, Lottie)"),
        // A misspelt layer type (a layer has no frame) is named, with the nearest type.
        (#"{"size": [10, 10], "nodes": [{"type": "Layr", "id": "card", "position": [5, 5], "bounds": [2, 2]}]}"#, "node 'card': key 'type': unknown node type 'Layr'; did you mean 'Layer'?"),
        (#"{"size": [0, 10]}"#, "key 'size': width and height must be at least 1"),
        (#"{"nodes": []}"#, "key 'size': missing"),
        (#"{"size": [10, 10], "background": "blue"}"#, "key 'background': 'blue' is not a colour"),
        (#"{"size": [10, 10], "nodes": [{"type": "RoundedRect", "id": "a", "frame": [0, 0, 1]}]}"#, "node 'a': key 'frame': must be a list of 4 numbers"),
        (#"{"size": [10, 10], "nodes": [{"type": "RoundedRect", "id": "a", "frame": [0,0,1,1], "attributes": {"cornerRadius": -1}}]}"#, "node 'a': key 'attributes.cornerRadius': must not be negative"),
        (#"{"size": [10, 10], "nodes": [{"type": "RoundedRect", "id": "a", "frame": [0,0,1,1], "motion": {"by": [1, 1], "duration": -2}}]}"#, "node 'a': key 'motion.duration': must not be negative"),
        (#"{"size": [10, 10], "nodes": [{"type": "RoundedRect", "id": "a", "frame": [0,0,1,1], "motion": {"by": [1, 1], "duration": 1, "repeats": 1}}]}"#, "node 'a': key 'motion.repeats': must be true or false"),
        (#"{"size": [10, 10], "nodes": [{"type": "RoundedRect", "id": "a", "frame": [0,0,1,1]}, {"type": "RoundedRect", "id": "a", "frame": [0,0,1,1]}]}"#, "node 'a': key 'id': duplicate id"),
        (#"{"size": [10, 10], "nodes": [{"type": "RoundedRect", "id": "r", "frame": [0,0,1,1], "attributes": {"fill": true}}]}"#, "node 'r': key 'attributes.fill': must be a string"),
        (#"{"size": [10, 10], "nodes": [{"type": "RoundedRect", "frame": [0,0,1,1]}]}"#, "node '#0': key 'id': missing"),
        (#"[1, 2]"#, "the top level must be a JSON object"),
        (#"{"size": [10, 10],"#, "not valid JSON"),
        ("{\"size\": [10, 10],\n \"nodes\": [\n  {\"type\": \"RoundedRect\" \"id\": \"x\"}\n ]}", "not valid JSON: line 3, column 26: expected ',' or '}' in an object"),
        (#"{"size": [10, 1e999]}"#, "not valid JSON: line 1, column 15: number 1e999 is out of range"),
    ])
    func badInputNamesThePlace(json: String, expected: String) {
        do {
            _ = try parse(json)
            Issue.record("expected an error containing \(expected)")
        } catch {
            #expect(error.description.hasPrefix("test.json"))
            #expect(error.description.contains(expected), "\(error.description)")
        }
    }

    @Test func missingFileIsNamed() {
        #expect {
            try SceneFile.load(path: "/nonexistent/scene.json")
        } throws: { error in
            "\(error)".hasPrefix("/nonexistent/scene.json: ")
        }
    }
}

@Suite struct DuplicateKeyTests {
    static let json = """
    {"size": [10, 10],
     "nodes": [{"type": "RoundedRect", "id": "a", "frame": [0, 0, 1, 1],
                "attributes": {"fill": "#FF0000", "note": "a \\"fill\\": here", "fill": "#00FF00"}}],
     "size": [20, 20]}
    """

    @Test func duplicateKeysWarnWithTheirLineAndFailUnderStrict() throws {
        let loaded = try SceneFile.parse(Data(Self.json.utf8), file: "dup.json")
        let messages = loaded.warnings.map(\.description)
        #expect(messages.contains("dup.json: key 'fill': written twice in one object (line 3): only the last is used; remove the other"), "\(messages)")
        #expect(messages.contains("dup.json: key 'size': written twice in one object (line 4): only the last is used; remove the other"), "\(messages)")
        #expect(messages.filter { $0.contains("written twice") }.count == 2, "\(messages)")
        #expect(throws: SceneError.self) { try SceneFile.parse(Data(Self.json.utf8), file: "dup.json", strict: true) }
    }

    @Test func theSameKeyInDifferentObjectsIsFine() throws {
        let json = #"{"size": [10, 10], "nodes": [{"type": "RoundedRect", "id": "a", "frame": [0, 0, 1, 1]}, {"type": "RoundedRect", "id": "b", "frame": [0, 0, 1, 1]}]}"#
        #expect(try SceneFile.parse(Data(json.utf8), file: "ok.json").warnings.isEmpty)
    }
}
