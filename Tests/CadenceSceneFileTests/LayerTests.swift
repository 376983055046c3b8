import CadenceDraw
import CadenceScene
import Foundation
import Testing

/// Reads a scene from JSON text, strictly (unknown keys are errors).
private func scene(_ json: String) throws -> Scene {
    try SceneFile.parse(Data(json.utf8), file: "test.json", strict: true).scene
}

/// The message of the error reading `json` gives.
private func problem(_ json: String) -> String {
    do {
        _ = try SceneFile.parse(Data(json.utf8), file: "test.json", strict: true)
        return "no error"
    } catch {
        return error.description
    }
}

private func list(_ scene: Scene, at time: Double) throws -> DisplayList {
    try scene.displayList(at: time)
}

/// The commands of the list after its first line (size and background).
private func commands(_ scene: Scene, at time: Double) throws -> [String] {
    Array(try list(scene, at: time).description.split(separator: "\n").dropFirst().map(String.init))
}

@Suite struct LayerReadingTests {
    @Test func aLayerDrawsShadowBackgroundAndBorderWhereItsPositionPutsIt() throws {
        let scene = try scene("""
        {"size": [200, 100], "nodes": [{"type": "Layer", "id": "a", "position": [100, 50], "bounds": [40, 20],
          "backgroundColor": "#FF0000", "cornerRadius": 4, "borderWidth": 2, "borderColor": "#0000FF",
          "shadowOpacity": 0.5, "shadowRadius": 3, "shadowOffset": [0, 2]}]}
        """)
        let lines = try commands(scene, at: 0)
        #expect(lines == [
            "shadow [80, 42, 40, 20] radius 4 color #00000080 blur 3",
            "roundedRect [80, 40, 40, 20] radius 4 fill #FF0000FF",
            "roundedRect [80, 40, 40, 20] radius 4 fill #00000000 stroke #0000FFFF width 2",
        ], "\(lines)")
    }

    @Test func frameSetsBoundsAndPositionForTheAnchorPoint() throws {
        let scene = try scene("""
        {"size": [200, 100], "nodes": [{"type": "Layer", "id": "a", "frame": [10, 20, 40, 30], "anchorPoint": [0, 0],
          "backgroundColor": "#000000"}]}
        """)
        let layer = try #require(scene.layer(id: "a"))
        #expect(layer.properties.position == Point(x: 10, y: 20))
        #expect(layer.properties.bounds == Size(width: 40, height: 30))
        #expect(try commands(scene, at: 0) == ["roundedRect [10, 20, 40, 30] radius 0 fill #000000FF"])
    }

    @Test func rotationTurnsAboutTheAnchorPoint() throws {
        let scene = try scene("""
        {"size": [200, 100], "nodes": [{"type": "Layer", "id": "a", "position": [100, 50], "bounds": [40, 20],
          "transform": {"rotation": 1.5707963267948966}, "backgroundColor": "#000000"}]}
        """)
        guard case .roundedRect(let shape) = try list(scene, at: 0).commands.first else {
            Issue.record("no rounded rect")
            return
        }
        // The centre stays at the position; the 40-wide rectangle now stands 40 tall.
        let centre = shape.transform.apply(to: Point(x: 20, y: 10))
        #expect(abs(centre.x - 100) < 1e-9 && abs(centre.y - 50) < 1e-9)
        let box = shape.transform.boundingBox(of: shape.rect)
        #expect(abs(box.width - 20) < 1e-9 && abs(box.height - 40) < 1e-9)
    }

    @Test func sublayersAreRelativeToTheirParentAndSortedByZPosition() throws {
        let scene = try scene("""
        {"size": [200, 100], "nodes": [{"type": "Layer", "id": "p", "frame": [50, 10, 100, 80], "sublayers": [
          {"type": "Layer", "id": "top", "frame": [0, 0, 10, 10], "backgroundColor": "#FF0000", "zPosition": 1},
          {"type": "Layer", "id": "under", "frame": [5, 5, 10, 10], "backgroundColor": "#00FF00"},
          {"type": "Layer", "id": "under2", "frame": [6, 6, 10, 10], "backgroundColor": "#0000FF"}
        ]}]}
        """)
        #expect(try commands(scene, at: 0) == [
            "roundedRect [55, 15, 10, 10] radius 0 fill #00FF00FF",
            "roundedRect [56, 16, 10, 10] radius 0 fill #0000FFFF",
            "roundedRect [50, 10, 10, 10] radius 0 fill #FF0000FF",
        ])
    }

    @Test func groupOpacityCompositesSublayersTogether() throws {
        let scene = try scene("""
        {"size": [200, 100], "nodes": [{"type": "Layer", "id": "p", "frame": [0, 0, 100, 80], "opacity": 0.5, "sublayers": [
          {"type": "Layer", "id": "a", "frame": [0, 0, 30, 30], "backgroundColor": "#FF0000"},
          {"type": "Layer", "id": "b", "frame": [10, 10, 30, 30], "backgroundColor": "#00FF00"}
        ]}]}
        """)
        #expect(try commands(scene, at: 0) == [
            "group opacity 0.5",
            "roundedRect [0, 0, 30, 30] radius 0 fill #FF0000FF",
            "roundedRect [10, 10, 30, 30] radius 0 fill #00FF00FF",
            "end group",
        ])
    }

    @Test func aLoneCommandFadesWithoutAGroup() throws {
        let scene = try scene("""
        {"size": [200, 100], "nodes": [{"type": "Layer", "id": "a", "frame": [0, 0, 10, 10], "opacity": 0.5, "backgroundColor": "#FF0000"}]}
        """)
        #expect(try commands(scene, at: 0) == ["roundedRect [0, 0, 10, 10] radius 0 fill #FF000080"])
    }

    @Test func masksToBoundsClipsOrMasksWhenRoundedOrRotated() throws {
        let square = try scene("""
        {"size": [200, 100], "nodes": [{"type": "Layer", "id": "p", "frame": [10, 10, 50, 50], "masksToBounds": true, "sublayers": [
          {"type": "Layer", "id": "a", "frame": [-10, -10, 100, 100], "backgroundColor": "#FF0000"}]}]}
        """)
        #expect(try commands(square, at: 0) == ["clip [10, 10, 50, 50]", "roundedRect [0, 0, 100, 100] radius 0 fill #FF0000FF", "end clip"])
        let rounded = try scene("""
        {"size": [200, 100], "nodes": [{"type": "Layer", "id": "p", "frame": [10, 10, 50, 50], "masksToBounds": true, "cornerRadius": 8,
          "transform": {"rotation": 0.5}, "sublayers": [
          {"type": "Layer", "id": "a", "frame": [-10, -10, 100, 100], "backgroundColor": "#FF0000"}]}]}
        """)
        let lines = try commands(rounded, at: 0)
        #expect(lines.first?.hasPrefix("group opacity 1 mask [0, 0, 50, 50] radius 8 transform") == true, "\(lines)")
        #expect(lines.last == "end group")
    }

    @Test func hiddenLayersAndTheirSublayersDrawNothing() throws {
        let scene = try scene("""
        {"size": [200, 100], "nodes": [{"type": "Layer", "id": "p", "frame": [0, 0, 100, 80], "hidden": true, "sublayers": [
          {"type": "Layer", "id": "a", "frame": [0, 0, 30, 30], "backgroundColor": "#FF0000"}]}]}
        """)
        #expect(try commands(scene, at: 0).isEmpty)
    }

    @Test func textLayersDrawTheirString() throws {
        let scene = try scene("""
        {"size": [200, 100], "nodes": [{"type": "TextLayer", "id": "t", "frame": [10, 10, 180, 40], "string": "Hello",
          "font": "DejaVu Sans 20", "foregroundColor": "#112233", "alignment": "center"}]}
        """)
        let lines = try commands(scene, at: 0)
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("glyphs 5 at") == true)
        #expect(lines.first?.contains("size 20 color #112233FF") == true, "\(lines)")
    }

    @Test(arguments: ["start", "middle", "end"])
    func truncatedTextStaysInItsBounds(truncation: String) throws {
        let scene = try scene("""
        {"size": [300, 100], "nodes": [{"type": "TextLayer", "id": "t", "frame": [10, 10, 120, 30], "fontSize": 17,
          "string": "A placeholder far too long for its field", "truncation": "\(truncation)"}]}
        """)
        let runs = try list(scene, at: 0).commands.compactMap { command -> GlyphRun? in
            if case .glyphs(let run) = command { return run }
            return nil
        }
        let xs = runs.flatMap(\.positions).map(\.x)
        #expect(!xs.isEmpty && xs.min()! >= 10 && xs.max()! < 130, "\(xs)")
    }

    @Test func widgetsSitInSublayersAndMoveWithTheirLayer() throws {
        let scene = try scene("""
        {"size": [300, 100], "nodes": [{"type": "Layer", "id": "p", "frame": [100, 0, 200, 100], "sublayers": [
          {"type": "CountingLabel", "id": "n", "frame": [0, 20, 100, 40], "attributes": {"format": "%.0f"}}]}],
         "events": [{"at": 0, "target": "n", "type": "count", "from": 5, "to": 5, "duration": 0}]}
        """)
        let run = try #require(try list(scene, at: 0).commands.compactMap { command -> GlyphRun? in
            if case .glyphs(let run) = command { return run }
            return nil
        }.first)
        #expect(run.glyphs.count == 1)
        #expect(run.positions[0].x >= 100, "the label's own frame starts at the parent's x = 100")
    }
}

@Suite struct LayerAnimationTests {
    @Test func aBasicAnimationMovesPositionAlongItsCurve() throws {
        let scene = try scene("""
        {"size": [200, 100], "nodes": [{"type": "Layer", "id": "a", "position": [20, 50], "bounds": [10, 10], "backgroundColor": "#000000",
          "animations": [{"keyPath": "position.x", "from": 20, "to": 120, "duration": 1, "timingFunction": "linear", "fillMode": "forwards"}]}]}
        """)
        #expect(try commands(scene, at: 0.5) == ["roundedRect [65, 45, 10, 10] radius 0 fill #000000FF"])
        #expect(try commands(scene, at: 2) == ["roundedRect [115, 45, 10, 10] radius 0 fill #000000FF"])
    }

    @Test func framesAreAPureFunctionOfTime() throws {
        let scene = try scene(String(decoding: try Data(contentsOf: examples.appendingPathComponent("toast.json")), as: UTF8.self))
        let forwards = try [0.0, 0.3, 0.7, 2.1].map { try list(scene, at: $0) }
        let backwards = try [2.1, 0.7, 0.3, 0.0].map { try list(scene, at: $0) }.reversed()
        #expect(forwards == Array(backwards))
    }

    @Test func hiddenSwitchesRatherThanBlends() throws {
        let scene = try scene("""
        {"size": [200, 100], "nodes": [{"type": "Layer", "id": "a", "frame": [0, 0, 10, 10], "backgroundColor": "#000000",
          "animations": [{"keyPath": "hidden", "from": false, "to": true, "duration": 1, "timingFunction": "linear", "fillMode": "forwards"}]}]}
        """)
        #expect(try commands(scene, at: 0.4).count == 1)
        #expect(try commands(scene, at: 0.6).isEmpty)
    }

    @Test func pathsInterpolatePointByPoint() throws {
        let scene = try scene("""
        {"size": [200, 100], "nodes": [{"type": "ShapeLayer", "id": "s", "frame": [0, 0, 100, 100], "path": "M 0 0 L 10 0 L 10 10 Z",
          "animations": [{"keyPath": "path", "to": "M 0 0 L 30 0 L 30 30 Z", "duration": 1, "timingFunction": "linear"}]}]}
        """)
        guard case .path(let fill) = try list(scene, at: 0.5).commands.first else {
            Issue.record("no path")
            return
        }
        #expect(fill.contours.first?.contains(Point(x: 20, y: 20)) == true, "\(fill.contours)")
    }

    @Test func setValueAnimatesFromWhatShowsOverAQuarterSecond() throws {
        let scene = try scene("""
        {"size": [200, 100], "nodes": [{"type": "Layer", "id": "a", "frame": [0, 0, 10, 10], "opacity": 1, "backgroundColor": "#000000"}],
         "events": [{"at": 1, "target": "a", "type": "setValue", "keyPath": "opacity", "value": 0}]}
        """)
        let layer = try #require(scene.layer(id: "a"))
        #expect(layer.presentation(at: 0.99).properties.opacity == 1)
        let mid = layer.presentation(at: 1.125).properties.opacity
        #expect(abs(mid - 0.5) < 1e-9, "ease in ease out is symmetric: half way at half time, got \(mid)")
        #expect(layer.presentation(at: 1.25).properties.opacity == 0)
        #expect(layer.presentation(at: 5).properties.opacity == 0)
    }

    @Test func setValueWithoutAnimationJumps() throws {
        let scene = try scene("""
        {"size": [200, 100], "nodes": [{"type": "Layer", "id": "a", "frame": [0, 0, 10, 10], "backgroundColor": "#000000"}],
         "events": [{"at": 1, "target": "a", "type": "setValue", "keyPath": "position", "value": [50, 50], "animated": false}]}
        """)
        let layer = try #require(scene.layer(id: "a"))
        #expect(layer.presentation(at: 0.5).properties.position == Point(x: 5, y: 5))
        #expect(layer.presentation(at: 1).properties.position == Point(x: 50, y: 50))
    }

    @Test func setValueDuringASpringKeepsItsVelocity() throws {
        let scene = try scene("""
        {"size": [400, 100], "nodes": [{"type": "Layer", "id": "a", "position": [0, 50], "bounds": [10, 10],
          "animations": [{"keyPath": "position.x", "type": "spring", "from": 0, "to": 100, "stiffness": 100, "damping": 10}]}],
         "events": [{"at": 0.1, "target": "a", "type": "setValue", "keyPath": "position.x", "value": 300}]}
        """)
        let layer = try #require(scene.layer(id: "a"))
        let h = 1e-4
        func x(_ t: Double) -> Double { layer.presentation(at: t).properties.position.x }
        let before = (x(0.1 - h) - x(0.1 - 2 * h)) / h
        let after = (x(0.1 + 2 * h) - x(0.1 + h)) / h
        #expect(abs(x(0.1 + 1e-9) - x(0.1 - 1e-9)) < 0.01, "no jump in position")
        #expect(abs(after - before) / abs(before) < 0.02, "velocity carried: \(before) then \(after)")
        #expect(abs(x(10) - 300) < 0.01)
    }

    @Test func addAndRemoveAnimationsByKey() throws {
        let scene = try scene("""
        {"size": [200, 100], "nodes": [{"type": "Layer", "id": "a", "frame": [0, 0, 10, 10], "backgroundColor": "#000000"}],
         "events": [
           {"at": 1, "target": "a", "type": "addAnimation", "key": "fade",
            "animation": {"keyPath": "opacity", "from": 0, "to": 1, "duration": 2, "timingFunction": "linear"}},
           {"at": 2, "target": "a", "type": "removeAnimation", "key": "fade"}]}
        """)
        let layer = try #require(scene.layer(id: "a"))
        #expect(layer.presentation(at: 0.5).properties.opacity == 1, "not added yet")
        #expect(abs(layer.presentation(at: 1.5).properties.opacity - 0.25) < 1e-9, "begins when added")
        #expect(layer.presentation(at: 2).properties.opacity == 1, "removed")
    }

    @Test func widgetsAtTheTopLevelTakeLayerEvents() throws {
        let scene = try scene("""
        {"size": [300, 100], "nodes": [{"type": "ActivityIndicator", "id": "s", "frame": [0, 0, 40, 40], "attributes": {"hidesWhenStopped": false}}],
         "events": [{"at": 0, "target": "s", "type": "setValue", "keyPath": "position.x", "value": 120, "animated": false}]}
        """)
        guard case .line(let tick) = try list(scene, at: 0).commands.first else {
            Issue.record("no spinner tick")
            return
        }
        #expect(tick.start.x > 100, "moved by its layer: \(tick)")
    }
}

@Suite struct LayerEventFileTests {
    @Test func layerEventsFromAnEventsFileWrapTheWidgetTheyTarget() throws {
        var scene = try scene("""
        {"size": [300, 100], "nodes": [{"type": "ActivityIndicator", "id": "s", "frame": [0, 0, 40, 40], "attributes": {"hidesWhenStopped": false}}]}
        """)
        let path = NSTemporaryDirectory() + "cadence-events-\(UUID().uuidString).json"
        try Data(#"{"events": [{"at": 0, "target": "s", "type": "setValue", "keyPath": "position.x", "value": 120, "animated": false}]}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        scene.apply(try SceneFile.events(path: path, for: scene))
        guard case .line(let tick) = try list(scene, at: 0).commands.first else {
            Issue.record("no spinner tick")
            return
        }
        #expect(tick.start.x > 100, "moved by its layer: \(tick)")
    }
}

@Suite struct LayerErrorTests {
    @Test(arguments: [
        (#"{"type": "Layer", "id": "a", "animations": [{"keyPath": "strokeEnd", "to": 1}]}"#,
         "node 'a': key 'animations[0].keyPath': unknown key path 'strokeEnd' for a Layer (valid: anchorPoint, backgroundColor"),
        (#"{"type": "Layer", "id": "a", "position": 5}"#, "node 'a': key 'position': must be a list of 2 numbers"),
        (#"{"type": "Layer", "id": "a", "animations": [{"keyPath": "position", "to": 3}]}"#,
         "node 'a': key 'animations[0].to': must be a list of 2 numbers [x, y] for 'position'"),
        (#"{"type": "Layer", "id": "a", "animations": [{"keyPath": "opacity", "type": "keyframe", "values": [0, 1, 0], "keyTimes": [0, 0.7, 0.5]}]}"#,
         "node 'a': key 'animations[0] (opacity)': "),
        (#"{"type": "Layer", "id": "a", "animations": [{"keyPath": "opacity", "type": "keyframe", "values": [0, 1], "keyTimes": [0, 0.5, 1]}]}"#,
         "keyTimes"),
        (#"{"type": "Layer", "id": "a", "animations": [{"keyPath": "opacity", "type": "keyframe", "values": [0, 1, 0], "timingFunctions": ["linear"]}]}"#,
         "timingFunctions"),
        (#"{"type": "Layer", "id": "a", "animations": [{"keyPath": "opacity", "to": 1, "speed": 0}]}"#, "speed"),
        (#"{"type": "Layer", "id": "a", "animations": [{"keyPath": "opacity", "to": 1, "duration": -1}]}"#, "duration"),
        (#"{"type": "Layer", "id": "a", "animations": [{"keyPath": "opacity", "to": 1, "repeatCount": -2}]}"#,
         "key 'animations[0].repeatCount': must be a number, 0 or more, or \"infinity\""),
        (#"{"type": "ShapeLayer", "id": "s", "path": "M 0 0 L 10"}"#, "node 's': key 'path': bad SVG path data:"),
        (#"{"type": "Layer", "id": "a", "position": [1e308, 0]}"#, "node 'a': key 'position': 1e+308 is out of range"),
        (#"{"type": "Layer", "id": "a", "bounds": [1e308, 10]}"#, "node 'a': key 'bounds': 1e+308 is out of range"),
        (#"{"type": "Layer", "id": "a", "transform": {"scale": 1e300}}"#, "node 'a': key 'transform.scale': 1e+300 is out of range"),
        (#"{"type": "Layer", "id": "a", "animations": [{"keyPath": "opacity", "to": 1, "duraton": 1}]}"#, "key 'animations[0].duraton': unknown key"),
        (#"{"type": "Layer", "id": "a", "animations": [{"keyPath": "opacity", "to": 1, "timingFunction": "spring(1,100,10,0)"}]}"#,
         "a spring is not a timing function"),
        (#"{"type": "ShapeLayer", "id": "s", "path": "M 0 0 L 1 1", "animations": [{"keyPath": "path", "to": "M 0 0 L 1 1 L 2 2"}]}"#,
         "same commands as the layer's path"),
    ])
    func badLayerInputIsAClearError(node: String, message: String) {
        let text = problem(#"{"size": [100, 100], "nodes": ["# + node + #"]}"#)
        #expect(text.contains(message), "\(text)")
    }

    @Test func sublayersNestAtMost64Deep() {
        var node = #"{"type": "Layer", "id": "leaf"}"#
        for level in 0..<70 { node = #"{"type": "Layer", "id": "l\#(level)", "sublayers": [\#(node)]}"# }
        let text = problem(#"{"size": [100, 100], "nodes": [\#(node)]}"#)
        #expect(text.contains("sublayers nest deeper than 64 levels"), "\(text)")
    }

    @Test func setValueChecksTheKeyPathForTheTarget() {
        let text = problem("""
        {"size": [100, 100], "nodes": [{"type": "Layer", "id": "a"}],
         "events": [{"at": 0, "target": "a", "type": "setValue", "keyPath": "fontSize", "value": 3}]}
        """)
        #expect(text.contains("key 'events[0].keyPath': unknown key path 'fontSize' for a Layer"), "\(text)")
    }

    @Test func idsAreUniqueAcrossTheTree() {
        let text = problem("""
        {"size": [100, 100], "nodes": [{"type": "Layer", "id": "a", "sublayers": [{"type": "Layer", "id": "a"}]}]}
        """)
        #expect(text.contains("node 'a': key 'id': duplicate id"), "\(text)")
    }
}

@Suite struct ExampleSceneTests {
    @Test(arguments: ["loading-ring", "card-flip", "toast", "heartbeat", "checkmark"])
    func examplesReadStrictlyAndAnimate(name: String) throws {
        let scene = try SceneFile.load(path: examples.appendingPathComponent("\(name).json").path, strict: true).scene
        let frames = try stride(from: 0.0, through: 2.5, by: 0.25).map { try scene.displayList(at: $0) }
        #expect(Set(frames.map(\.description)).count > 3, "\(name) changes over time")
    }
}

/// `Examples/scenes` in the package.
let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Examples/scenes")

/// One 40 × 20 image under any name.
private struct OneImage: ImageProvider {
    func image(for source: String) -> RGBAImage? { RGBAImage(width: 40, height: 20, fill: (255, 0, 0, 255)) }
}

@Suite struct LayerContentTests {
    @Test(arguments: [
        ("resize", "image img.png [0, 0, 100, 100] alpha 1"),
        ("resizeAspect", "image img.png [0, 25, 100, 50] alpha 1"),
        ("resizeAspectFill", "image img.png [0, 0, 100, 100] alpha 1"),
        ("center", "image img.png [30, 40, 40, 20] alpha 1"),
    ])
    func imageLayersPlaceTheirContentsByGravity(gravity: String, expected: String) throws {
        let scene = try scene("""
        {"size": [100, 100], "nodes": [{"type": "ImageLayer", "id": "i", "frame": [0, 0, 100, 100],
          "contents": "/img.png", "contentsGravity": "\(gravity)"}]}
        """)
        let line = try scene.displayList(at: 0, images: OneImage()).description.split(separator: "\n")[1]
        #expect(line == "image /img.png" + expected.dropFirst("image img.png".count), "\(line)")
        #expect(scene.imageSources == ["/img.png"])
    }

    @Test func shapeLayersFillThenStrokeTheirPart() throws {
        let scene = try scene("""
        {"size": [100, 100], "nodes": [{"type": "ShapeLayer", "id": "s", "frame": [0, 0, 100, 100],
          "path": "M 10 10 L 90 10 L 90 90", "fillColor": "#00FF00", "strokeColor": "#FF0000", "lineWidth": 4, "strokeEnd": 0.5}]}
        """)
        let list = try scene.displayList(at: 0)
        guard case .path(let fill) = list.commands[0], case .path(let stroke) = list.commands[1] else {
            Issue.record("\(list)")
            return
        }
        #expect(fill.color == Color(hex: "#00FF00"))
        #expect(stroke.color == Color(hex: "#FF0000"))
        // Half of the 160-long path: the first side only, 80 long and 4 wide.
        let xs = stroke.contours.flatMap { $0 }.map(\.x)
        let ys = stroke.contours.flatMap { $0 }.map(\.y)
        #expect(xs.min()! >= 10 - 1e-9 && xs.max()! <= 90 + 2 + 1e-9)
        #expect(ys.max()! <= 12 + 1e-9, "nothing of the second side: \(ys.max()!)")
    }

    @Test func shapeShadowsBlurThePath() throws {
        let scene = try scene("""
        {"size": [100, 100], "nodes": [{"type": "ShapeLayer", "id": "s", "frame": [0, 0, 100, 100],
          "path": "M 10 10 L 90 10 L 90 90 Z", "shadowOpacity": 0.5, "shadowRadius": 4, "shadowOffset": [0, 3]}]}
        """)
        guard case .path(let shadow) = try scene.displayList(at: 0).commands[0] else { return }
        #expect(shadow.blur == 4)
        #expect(shadow.color.alpha == 0.5)
        #expect(shadow.contours[0][0] == Point(x: 10, y: 13))
    }
}
