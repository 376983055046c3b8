import CadenceDraw
import CadenceScene
import CadenceText
import Foundation
import Testing

/// `mask` on any layer: a layer tree whose alpha masks the layer's picture, read from files and
/// set from Swift, animatable and targetable by events like any layer.
@Suite struct MaskLayerTests {
    func parse(_ json: String) throws(SceneError) -> Scene {
        try SceneFile.parse(Data(json.utf8), file: "mask.json", strict: true).scene
    }

    static let wipe = """
        {"size": [40, 20], "background": "#FFFFFF",
         "nodes": [{"type": "Layer", "id": "card", "frame": [0, 0, 40, 20], "backgroundColor": "#FF0000",
                    "mask": {"type": "Layer", "id": "wipe", "frame": [0, 0, 20, 20], "backgroundColor": "#000000"}}],
         "events": [{"at": 1, "target": "wipe", "type": "setValue", "keyPath": "position.x", "value": 30, "animated": false}]}
        """

    @Test func aMaskShowsOnlyWhereItIsOpaqueAndEventsReachIt() throws {
        let scene = try parse(Self.wipe)
        let card = try #require(scene.layer(id: "card"))
        #expect(card.mask?.id == "wipe")
        #expect(scene.layer(id: "wipe")?.properties.bounds == Size(width: 20, height: 20))
        let fonts = FontLibrary()
        // The group is the card's picture, its last member the mask's.
        let list = try scene.displayList(at: 0, in: DrawContext(fonts: fonts))
        guard case .pushGroup(let group)? = list.commands.first else {
            Issue.record("no matte group: \(list.commands)")
            return
        }
        #expect(group.matte == .alpha)
        #expect(list.commands.contains { if case .pushGroup(let member) = $0 { member.isMatte } else { false } })
        // The event moved the mask: the picture at 2 s differs from the one at 0.
        #expect(try scene.displayList(at: 2, in: DrawContext(fonts: fonts)) != list)
        #expect(scene.layer(id: "wipe").map { $0.presentation(at: 2).position.x } == 30)
    }

    @Test func maskIDsAreTheScenesAndMasksNest() throws {
        let duplicate = #"{"size": [9, 9], "nodes": [{"type": "Layer", "id": "a", "mask": {"type": "Layer", "id": "a"}}]}"#
        #expect(throws: SceneError.self) { try parse(duplicate) }
        let missing = #"{"size": [9, 9], "nodes": [{"type": "Layer", "id": "a", "mask": {"type": "Layer"}}]}"#
        let error = try #require(throws: SceneError.self) { try parse(missing) }
        #expect(error.key == "id")
        let wrong = try #require(throws: SceneError.self) { try parse(#"{"size": [9, 9], "nodes": [{"type": "Layer", "id": "a", "mask": true}]}"#) }
        #expect(wrong.node == "a" && wrong.key == "mask" && wrong.message.contains("must be a layer node"))
        // A mask's own mask, and so on: held to the layer depth limit like sublayers.
        var nested = #"{"type": "Layer", "id": "m0"}"#
        for depth in 1...Layer.maximumDepth { nested = #"{"type": "Layer", "id": "m\#(depth)", "mask": "# + nested + "}" }
        let deep = try #require(throws: SceneError.self) { try parse(#"{"size": [9, 9], "nodes": ["# + nested + "]}") }
        #expect(deep.message.contains("deeper than \(Layer.maximumDepth) levels"), "\(deep)")
    }

    @Test func swiftSetsTheSameMask() throws {
        let file = try parse(Self.wipe)
        var card = Layer(id: "card", frame: Rect(x: 0, y: 0, width: 40, height: 20))
        card.backgroundColor = Color(hex: "#FF0000")!
        var wipe = Layer(id: "wipe", frame: Rect(x: 0, y: 0, width: 20, height: 20))
        wipe.backgroundColor = .black
        card.mask = wipe
        var scene = Scene(name: "mask", size: Size(width: 40, height: 20), background: .white, nodes: [.layer(card)])
        try scene.schedule(.setValue(.positionX, .number(30), animated: false), on: "wipe", at: 1)
        let fonts = FontLibrary()
        for time in [0.0, 2.0] {
            #expect(try scene.displayList(at: time, in: DrawContext(fonts: fonts)) == file.displayList(at: time, in: DrawContext(fonts: fonts)), "t = \(time)")
        }
        #expect(scene.naturalDuration == 1)
    }
}

/// GradientLayer read from files: colours, locations, points and shape; animatable colours,
/// locations and points; bad input named.
@Suite struct GradientLayerTests {
    func parse(_ json: String) throws(SceneError) -> Scene {
        try SceneFile.parse(Data(json.utf8), file: "gradient.json", strict: true).scene
    }

    @Test func readsAndAnimatesItsColoursAndPoints() throws {
        let scene = try parse("""
            {"size": [100, 100], "nodes": [{"type": "GradientLayer", "id": "g", "frame": [0, 0, 100, 100],
              "colors": ["#FF0000", "#0000FF"], "startPoint": [0, 0.5], "endPoint": [1, 0.5], "gradientType": "conic",
              "animations": [
                {"keyPath": "colors", "from": ["#FF0000", "#0000FF"], "to": ["#00FF00", "#FFFFFF"], "duration": 1, "fillMode": "forwards"},
                {"keyPath": "locations", "from": [0, 1], "to": [0.4, 0.6], "duration": 1, "fillMode": "forwards"},
                {"keyPath": "endPoint", "to": [0.5, 1], "duration": 1, "fillMode": "forwards"}]}]}
            """)
        let layer = try #require(scene.layer(id: "g"))
        guard case .gradient(let model) = layer.content, case .gradient(let shown) = layer.presentation(at: 2).content else {
            Issue.record("not a gradient layer")
            return
        }
        #expect(model.colors == [Color(hex: "#FF0000")!, Color(hex: "#0000FF")!])
        #expect(model.type == .conic && model.startPoint == Point(x: 0, y: 0.5))
        #expect(shown.colors.allSatisfy { abs($0.green - 1) < 1e-9 })
        #expect(shown.locations == [0.4, 0.6])
        #expect(shown.endPoint == Point(x: 0.5, y: 1))
        #expect(layer.typeName == "GradientLayer")
    }

    @Test(arguments: [
        (##""colors": "red""##, "colors"),
        (##""colors": ["#FF0000"], "locations": [0, 1]"##, "locations"),
        (##""colors": ["#FF0000", "#00FF00"], "locations": [0.5, 0.2]"##, "locations[1]"),
        (##""colors": ["#FF0000", "#00FF00"], "locations": [0, 2]"##, "locations[1]"),
        (##""gradientType": "conical""##, "gradientType"),
        (##""startPoint": [0]"##, "startPoint"),
        (##""colors": ["#FF0000", "#00FF00"], "animations": [{"keyPath": "colors", "to": ["#FFFFFF"]}]"##, "animations[0].to"),
        (##""colors": ["#FF0000", "#00FF00"], "animations": [{"keyPath": "locations", "to": [0, 3]}]"##, "animations[0].to"),
    ])
    func badGradientsNameTheKey(fragment: String, key: String) throws {
        let json = #"{"size": [9, 9], "nodes": [{"type": "GradientLayer", "id": "g", "# + fragment + "}]}"
        let error = try #require(throws: SceneError.self) { try parse(json) }
        #expect(error.node == "g" && error.key == key, "\(error)")
    }

    @Test func tooManyColoursAreRefused() throws {
        let colors = Array(repeating: ##""#FFFFFF""##, count: GradientContent.maximumColors + 1).joined(separator: ", ")
        let json = ##"{"size": [9, 9], "nodes": [{"type": "GradientLayer", "id": "g", "colors": ["## + colors + "]}]}"
        let error = try #require(throws: SceneError.self) { try parse(json) }
        #expect(error.message.contains("above the limit of 256"))
    }
}

/// ReplicatorLayer: copies of its sublayers, each transformed, delayed and tinted.
@Suite struct ReplicatorLayerTests {
    func parse(_ json: String) throws(SceneError) -> Scene {
        try SceneFile.parse(Data(json.utf8), file: "replicator.json", strict: true).scene
    }

    static let row = """
        {"size": [100, 20], "background": "#FFFFFF", "nodes": [
          {"type": "ReplicatorLayer", "id": "row", "frame": [0, 0, 100, 20], "instanceCount": 3,
           "instanceTransform": {"translation": [30, 0]}, "instanceDelay": 0.5, "instanceColor": "#FF0000", "instanceGreenOffset": 0.5,
           "sublayers": [{"type": "Layer", "id": "dot", "frame": [0, 0, 10, 10], "backgroundColor": "#FFFFFF",
                          "animations": [{"keyPath": "position.y", "from": 5, "to": 15, "duration": 1, "fillMode": "both"}]}]}]}
        """

    @Test func copiesAreTransformedDelayedAndTinted() throws {
        let scene = try parse(Self.row)
        let list = try scene.displayList(at: 0.5, in: DrawContext(fonts: FontLibrary()))
        let dots = list.commands.compactMap { command -> RoundedRect? in
            if case .roundedRect(let shape) = command { shape } else { nil }
        }
        #expect(dots.count == 3)
        // Copy i: 30 · i to the right, its animation i · 0.5 s behind, its green 0.5 · i.
        let corners = dots.map { $0.transform.apply(to: Point(x: $0.rect.minX, y: $0.rect.minY)) }
        #expect(corners.map { ($0.x * 1000).rounded() / 1000 } == [0, 30, 60])
        // The first copy half way down; the second just starting; the third held at its start.
        #expect(corners[0].y > 1 && corners[0].y < 10)
        #expect(corners.dropFirst().map { abs($0.y) < 1e-9 } == [true, true])
        #expect(dots.map(\.fill.green) == [0, 0.5, 1])
        #expect(dots.allSatisfy { $0.fill.red == 1 && $0.fill.blue == 0 })
    }

    @Test(arguments: [
        (#""instanceCount": 1e9"#, "instanceCount"), (#""instanceCount": 2.5"#, "instanceCount"), (#""instanceCount": -1"#, "instanceCount"),
        (#""instanceDelay": 1e12"#, "instanceDelay"), (#""instanceRedOffset": 2"#, "instanceRedOffset"),
        (#""instanceTransform": {"spin": 1}"#, "instanceTransform.spin"),
    ])
    func badReplicatorsNameTheKey(fragment: String, key: String) throws {
        let json = #"{"size": [9, 9], "nodes": [{"type": "ReplicatorLayer", "id": "r", "# + fragment + "}]}"
        let error = try #require(throws: SceneError.self) { try parse(json) }
        #expect(error.node == "r" && error.key == key, "\(error)")
    }

    /// Replicators inside replicators stop at 100,000 copies in all.
    @Test func nestedCopiesAreBounded() throws {
        var inner = ##"{"type": "Layer", "id": "leaf", "frame": [0, 0, 1, 1], "backgroundColor": "#000000"}"##
        for level in 0..<3 {
            inner = #"{"type": "ReplicatorLayer", "id": "r\#(level)", "frame": [0, 0, 9, 9], "instanceCount": 1000, "sublayers": ["# + inner + "]}"
        }
        let scene = try parse(#"{"size": [9, 9], "nodes": ["# + inner + "]}")
        let list = try scene.displayList(at: 0, in: DrawContext(fonts: FontLibrary()))
        #expect(list.commands.count <= ReplicatorContent.maximumNestedInstances)
        #expect(list.commands.count >= ReplicatorContent.maximumNestedInstances / 1000)
    }
}

/// Motion along a path (`CAKeyframeAnimation.path`): position at an even speed or segment by
/// segment, turning with the path under a rotation mode.
@Suite struct MotionPathTests {
    func layer(_ animation: String) throws -> Layer {
        let json = #"{"size": [200, 200], "nodes": [{"type": "Layer", "id": "a", "frame": [0, 0, 10, 10], "animations": ["# + animation + "]}]}"
        return try #require(try SceneFile.parse(Data(json.utf8), file: "motion.json", strict: true).scene.layer(id: "a"))
    }

    /// An L: 100 right, then 50 down.
    static let ell = #""path": "M 0 0 L 100 0 L 100 50""#

    @Test func pacedMovesAtAnEvenSpeed() throws {
        let a = try layer(#"{"keyPath": "position", "type": "keyframe", "#  + Self.ell + #", "calculationMode": "paced", "duration": 3}"#)
        // 150 long: after a third of the time, 50 along; after two thirds, at the corner.
        let third = a.presentation(at: 1).properties.position
        #expect(abs(third.x - 50) < 1e-6 && abs(third.y) < 1e-6, "\(third)")
        let corner = a.presentation(at: 2).properties.position
        #expect(abs(corner.x - 100) < 1e-6 && abs(corner.y) < 1e-6, "\(corner)")
        let end = a.presentation(at: 2.999999).properties.position
        #expect(abs(end.y - 50) < 1e-3)
    }

    @Test func linearGivesEachSegmentTheSameTime() throws {
        let a = try layer(#"{"keyPath": "position", "type": "keyframe", "#  + Self.ell + #", "duration": 2}"#)
        let half = a.presentation(at: 1).properties.position
        #expect(abs(half.x - 100) < 1e-6 && abs(half.y) < 1e-6, "\(half)")
        let later = a.presentation(at: 1.5).properties.position
        #expect(abs(later.y - 25) < 1e-6)
    }

    @Test func rotationModeTurnsWithThePath() throws {
        let a = try layer(#"{"keyPath": "position", "type": "keyframe", "#  + Self.ell + #", "rotationMode": "auto", "duration": 2, "fillMode": "both"}"#)
        #expect(abs(a.presentation(at: 0.5).properties.transform.rotation) < 1e-9)
        #expect(abs(a.presentation(at: 1.5).properties.transform.rotation - Double.pi / 2) < 1e-9)
        let reversed = try layer(#"{"keyPath": "position", "type": "keyframe", "#  + Self.ell + #", "rotationMode": "autoReverse", "duration": 2}"#)
        #expect(abs(reversed.presentation(at: 0.5).properties.transform.rotation - Double.pi) < 1e-9)
    }

    @Test(arguments: [
        (#"{"keyPath": "opacity", "type": "keyframe", "path": "M 0 0 L 1 1"}"#, "animations[0].path"),
        (#"{"keyPath": "position", "type": "keyframe", "path": "M 0 0 L 1 1", "values": [[0, 0], [1, 1]]}"#, "animations[0].values"),
        (#"{"keyPath": "position", "type": "keyframe", "path": "M 5 5"}"#, "animations[0].path"),
        (#"{"keyPath": "position", "type": "keyframe", "path": "M 0 0 Q"}"#, "animations[0].path"),
        (#"{"keyPath": "position", "type": "keyframe", "values": [[0, 0], [1, 1]], "rotationMode": "auto"}"#, "animations[0].rotationMode"),
        (#"{"keyPath": "position", "type": "keyframe", "path": "M 0 0 L 1 1", "rotationMode": "sideways"}"#, "animations[0].rotationMode"),
        (#"{"keyPath": "position", "type": "keyframe", "path": "M 0 0 L 1e300 0"}"#, "animations[0].path"),
    ])
    func badPathsNameTheKey(animation: String, key: String) throws {
        let error = try #require(throws: SceneError.self) { try layer(animation) }
        #expect(error.node == "a" && error.key == key, "\(error)")
    }

    @Test func swiftMovesTheSameWay() throws {
        let file = try layer(#"{"keyPath": "position", "type": "keyframe", "#  + Self.ell + #", "calculationMode": "paced", "rotationMode": "auto", "duration": 3}"#)
        var swift = Layer(id: "a", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        try swift.add(.motion(along: try Path(svg: "M 0 0 L 100 0 L 100 50"), calculationMode: .paced, rotationMode: .auto, duration: 3))
        for time in [0.5, 1.0, 2.5] {
            #expect(swift.presentation(at: time).properties == file.presentation(at: time).properties, "t = \(time)")
        }
    }
}

/// Animation groups (`CAAnimationGroup`): animations on the group's own time.
@Suite struct AnimationGroupTests {
    static let group = #"""
        {"type": "group", "duration": 1.5, "repeatCount": 2, "beginTime": 0.5, "animations": [
           {"keyPath": "opacity", "from": 0, "to": 1, "duration": 1, "timingFunction": "linear"},
           {"keyPath": "position.x", "from": 0, "to": 100, "duration": 2, "timingFunction": "linear", "fillMode": "forwards"}]}
        """#

    func layer(_ animation: String) throws -> Layer {
        let json = #"{"size": [200, 200], "nodes": [{"type": "Layer", "id": "a", "frame": [0, 0, 10, 10], "opacity": 1, "animations": ["# + animation + "]}]}"
        return try #require(try SceneFile.parse(Data(json.utf8), file: "group.json", strict: true).scene.layer(id: "a"))
    }

    @Test func childrenRunOnTheGroupsTimeAndAreClippedToIt() throws {
        let a = try layer(Self.group)
        func shown(_ t: Double) -> LayerProperties { a.presentation(at: t).properties }
        #expect(shown(0.25).opacity == 1 && shown(0.25).position.x == 5)  // before the group: the model
        #expect(abs(shown(1.0).opacity - 0.5) < 1e-9 && abs(shown(1.0).position.x - 25) < 1e-9)
        #expect(abs(shown(1.9).position.x - 70) < 1e-9)  // still moving, its 2 s cut at the group's 1.5
        #expect(abs(shown(2.25).opacity - 0.25) < 1e-9)  // the second pass
        #expect(shown(4).opacity == 1 && shown(4).position.x == 5)  // after the group, no fill: the model
        #expect(a.timeline.animationCount == 2)
        // Traced from the group's start to its end.
        let events = a.traceEvents(motion: .full).filter { $0.name == "started" || $0.name == "completed" }
        #expect(events.map(\.time) == [0.5, 0.5, 3.5, 3.5])
    }

    @Test func swiftBuildsTheSameGroup() throws {
        let file = try layer(Self.group)
        var swift = Layer(id: "a", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        try swift.add(.group([
            .basic(keyPath: .opacity, from: 0, to: 1, timingFunction: .linear, duration: 1),
            .basic(keyPath: .positionX, from: 0, to: 100, timingFunction: .linear, duration: 2, fillMode: .forwards),
        ], duration: 1.5, beginTime: 0.5, repeatCount: 2), forKey: "both")
        for time in [0.25, 1.0, 1.9, 2.25, 4] {
            #expect(swift.presentation(at: time).properties == file.presentation(at: time).properties, "t = \(time)")
        }
        // One key for the whole group.
        swift.removeAnimation(forKey: "both", at: 1)
        #expect(swift.presentation(at: 1.5).properties.opacity == 1)
    }

    @Test func badGroupsNameThePlace() throws {
        let unknown = try #require(throws: SceneError.self) { try layer(#"{"type": "group", "keyPath": "opacity", "animations": []}"#) }
        #expect(unknown.key == "animations[0].keyPath")
        let missing = try #require(throws: SceneError.self) { try layer(#"{"type": "group", "duration": 1}"#) }
        #expect(missing.key == "animations[0].animations")
        var nested = #"{"keyPath": "opacity", "to": 0}"#
        for _ in 0...8 { nested = #"{"type": "group", "animations": ["# + nested + "]}" }
        let deep = try #require(throws: SceneError.self) { try layer(nested) }
        #expect(deep.message.contains("deeper than 8"))
        let typo = try #require(throws: SceneError.self) { try layer(#"{"type": "grup", "keyPath": "opacity"}"#) }
        #expect(typo.message.hasSuffix("did you mean 'group'?"))
        let json = #"{"size": [9, 9], "nodes": [{"type": "Layer", "id": "a"}], "events": [{"at": 1, "target": "a", "type": "addAnimation", "animation": {"type": "group", "animations": []}}]}"#
        let event = try #require(throws: SceneError.self) { try SceneFile.parse(Data(json.utf8), file: "e.json", strict: true) }
        #expect(event.message.contains("goes in a layer's animations list"))
    }
}

/// EmitterLayer: particles as closed-form functions of their birth, so any frame stands alone.
@Suite struct EmitterLayerTests {
    func parse(_ json: String) throws(SceneError) -> Scene {
        try SceneFile.parse(Data(json.utf8), file: "emitter.json", strict: true).scene
    }

    static let fountain = """
        {"size": [200, 200], "nodes": [{"type": "EmitterLayer", "id": "e", "frame": [0, 0, 200, 200], "emitterPosition": [100, 100], "seed": 3,
          "emitterCells": [{"contents": "circle", "birthRate": 10, "lifetime": 1, "velocity": 50, "emissionRange": 6.28, "yAcceleration": 40}]}],
         "events": [{"at": 2, "target": "e", "type": "setValue", "keyPath": "birthRate", "value": 0, "animated": false}]}
        """

    func particles(_ scene: Scene, at time: Double) throws -> [RoundedRect] {
        try scene.displayList(at: time, in: DrawContext(fonts: FontLibrary())).commands.compactMap { if case .roundedRect(let shape) = $0 { shape } else { nil } }
    }

    @Test func particlesAreBornAtTheRateAndDie() throws {
        let scene = try parse(Self.fountain)
        // 10 a second living 1 s: 10 alive once running (births at 0, 0.1, …).
        #expect(try particles(scene, at: 0.05).count == 1)
        #expect(try particles(scene, at: 1.55).count == 10)
        // Stopped at 2 s: the last die by 3 s; the scene's natural length runs to then.
        #expect(try particles(scene, at: 2.5).count == 4)
        #expect(try particles(scene, at: 3.0).isEmpty)
        #expect(scene.naturalDuration == 3)
    }

    @Test func anyFrameStandsAloneAndTheSeedDecides() throws {
        let scene = try parse(Self.fountain)
        let fonts = FontLibrary()
        let late = try scene.displayList(at: 1.55, in: DrawContext(fonts: fonts))
        _ = try scene.displayList(at: 0.7, in: DrawContext(fonts: fonts))
        #expect(try scene.displayList(at: 1.55, in: DrawContext(fonts: fonts)) == late)
        let reseeded = try parse(Self.fountain.replacingOccurrences(of: #""seed": 3"#, with: #""seed": 4"#))
        #expect(try reseeded.displayList(at: 1.55, in: DrawContext(fonts: fonts)) != late)
        // Between births the same particles show, each a little further along.
        let a = try particles(scene, at: 1.305), b = try particles(scene, at: 1.31)
        #expect(a.count == 10 && b.count == 10)
        #expect(zip(a, b).allSatisfy { $0.transform != $1.transform })
    }

    @Test(arguments: [
        (#""emitterCells": [{"birthRate": 1e6, "lifetime": 10}]"#, "emitterCells[0].birthRate"),
        (#""emitterCells": [{"birthRate": -1}]"#, "emitterCells[0].birthRate"),
        (#""emitterCells": [{"redRange": 2}]"#, "emitterCells[0].redRange"),
        (#""emitterShape": "sphere""#, "emitterShape"),
        (#""seed": -1"#, "seed"),
        (#""emitterCells": [{"velocity": 1e300}]"#, "emitterCells[0].velocity"),
    ])
    func badEmittersNameTheKey(fragment: String, key: String) throws {
        let json = #"{"size": [9, 9], "nodes": [{"type": "EmitterLayer", "id": "e", "# + fragment + "}]}"
        let error = try #require(throws: SceneError.self) { try parse(json) }
        #expect(error.node == "e" && error.key == key, "\(error)")
    }
}

/// Limits that multiply are refused as the file is read: replicator copies of replicator copies
/// of an emitter's particles, or many emitters side by side, past a million items a frame (they
/// once took 6 GB and aborted), naming the layer and the replicators that multiply it.
@Suite struct DrawnItemRefusalTests {
    static let emitter = #"{"type": "EmitterLayer", "id": "e", "frame": [0, 0, 100, 100], "emitterPosition": [50, 50], "emitterCells": [{"birthRate": 10000, "lifetime": 1, "velocity": 50}]}"#

    func parse(_ nodes: String) throws(SceneError) -> Scene {
        try SceneFile.parse(Data(#"{"size": [100, 100], "nodes": [\#(nodes)]}"#.utf8), file: "bomb.json").scene
    }

    @Test func replicatedEmittersAreRefusedNamingTheProduct() throws {
        let bomb = #"{"type": "ReplicatorLayer", "id": "r1", "frame": [0, 0, 100, 100], "instanceCount": 1000, "sublayers": [{"type": "ReplicatorLayer", "id": "r2", "frame": [0, 0, 100, 100], "instanceCount": 100, "sublayers": [\#(Self.emitter)]}]}"#
        let error = try #require(throws: SceneError.self) { try parse(bomb) }
        #expect(error.node == "e", "\(error)")
        #expect("\(error)".contains("layer 'e' draws up to 1,000,100,000 items a frame (100,000 copies through replicators 'r1' × 'r2')"), "\(error)")
        #expect("\(error)".contains("the limit is 1,000,000 layers and particles a frame"), "\(error)")
    }

    @Test func emittersSideBySideAddUp() throws {
        let many = (0..<101).map { index in Self.emitter.replacingOccurrences(of: #""id": "e""#, with: #""id": "e\#(index)""#) }.joined(separator: ",")
        #expect(throws: SceneError.self) { try parse(many) }
        // Ninety-nine of them are a million particles less a hundred-odd layers: read.
        let fewer = (0..<99).map { index in Self.emitter.replacingOccurrences(of: #""id": "e""#, with: #""id": "e\#(index)""#) }.joined(separator: ",")
        _ = try parse(fewer)
    }
}
