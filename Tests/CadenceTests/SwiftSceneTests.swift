import Cadence
import CadenceTesting
import Foundation
import Testing

/// The Swift scene API against scene files: the same scene either way gives the same frames,
/// and bad input throws the reader's errors.
@MainActor
@Suite struct SwiftSceneTests {
    static let json = """
        {"name": "card", "size": [320, 240], "background": "#F2F2F7",
         "nodes": [
           {"type": "Layer", "id": "card", "frame": [60, 40, 200, 120], "backgroundColor": "#007AFF", "cornerRadius": 16,
            "shadowOpacity": 0.3, "shadowRadius": 6, "shadowOffset": [0, 4],
            "sublayers": [{"type": "TextLayer", "id": "title", "frame": [16, 16, 168, 30], "string": "Hello",
                           "font": "DejaVu Sans 22", "foregroundColor": "#FFFFFF"}],
            "animations": [{"keyPath": "position.y", "type": "spring", "from": 300, "to": 100, "stiffness": 180, "damping": 14},
                           {"keyPath": "opacity", "from": 0, "to": 1, "duration": 0.3, "timingFunction": "caEaseOut"}]},
           {"type": "CountingLabel", "id": "score", "frame": [60, 180, 200, 40],
            "attributes": {"font": "DejaVu Sans 24", "format": "%.0f", "textColor": "#1C1C1E"}}],
         "events": [
           {"at": 0, "target": "score", "type": "count", "from": 0, "to": 100, "duration": 1},
           {"at": 0.5, "target": "card", "type": "addAnimation", "key": "tilt",
            "animation": {"keyPath": "transform.rotation", "by": 0.2, "duration": 0.4, "autoreverses": true}},
           {"at": 1.0, "target": "card", "type": "setValue", "keyPath": "backgroundColor", "value": "#34C759"}]}
        """

    static func swiftScene() throws -> Scene {
        var card = Layer(id: "card", frame: Rect(x: 60, y: 40, width: 200, height: 120))
        card.backgroundColor = Color(hex: "#007AFF")!
        card.cornerRadius = 16
        card.shadowOpacity = 0.3
        card.shadowRadius = 6
        card.shadowOffset = Point(x: 0, y: 4)
        var text = TextContent(string: "Hello", font: try FontDescriptor(family: "DejaVu Sans", size: 22))
        text.foregroundColor = .white
        card.addSublayer(Layer(id: "title", frame: Rect(x: 16, y: 16, width: 168, height: 30), content: .text(text)))
        try card.add(.spring(keyPath: "position.y", from: 300, to: 100, stiffness: 180, damping: 14), forKey: "rise")
        try card.add(.basic(keyPath: "opacity", from: 0, to: 1, timingFunction: .caEaseOut, duration: 0.3), forKey: "fade")

        var label = CountingLabel(frame: Rect(x: 60, y: 180, width: 200, height: 40), font: try FontDescriptor(family: "DejaVu Sans", size: 24))
        label.format = .printf(try PrintfFormat("%.0f"))
        label.textColor = Color(hex: "#1C1C1E")!

        var scene = Scene(name: "card", size: Size(width: 320, height: 240), background: Color(hex: "#F2F2F7")!)
        scene.add(.layer(card))
        scene.add(.widget(id: "score", label))
        try scene.schedule(widgetEvent: CountingLabel.Event.count(from: 0, to: 100, duration: 1), on: "score", at: 0)
        try scene.schedule(.addAnimation(.basic(keyPath: "transform.rotation", by: 0.2, duration: 0.4).with { $0.autoreverses = true }, key: "tilt"),
                           on: "card", at: 0.5)
        try scene.schedule(.setValue(keyPath: "backgroundColor", value: .color(Color(hex: "#34C759")!)), on: "card", at: 1.0)
        return scene
    }

    @Test func aSceneBuiltInSwiftRendersAsTheSameSceneFromJSON() throws {
        let file = try SceneFile.parse(Data(Self.json.utf8), file: "card.json", strict: true).scene
        let swift = try Self.swiftScene()
        let renderer = try OffscreenRenderer(sizeOf: file)
        for time in [0, 0.1, 0.25, 0.5, 0.7, 1.0, 1.1, 1.5, 3.0] {
            let fromFile = try renderer.render(file, at: time)
            let fromSwift = try renderer.render(swift, at: time)
            #expect(fromFile == fromSwift, "frames differ at \(time) s")
        }
    }

    @Test func theSwiftSceneMatchesItsGoldenSheet() throws {
        #expect(assertFrames(of: try Self.swiftScene(), at: [0, 0.15, 0.3, 0.6, 1.0, 1.5], named: "swift-card"))
    }

    static let reducedJSON = """
        {"name": "reduced", "size": [320, 120], "motion": "reduced",
         "nodes": [
           {"type": "Layer", "id": "dot", "frame": [10, 10, 40, 40], "backgroundColor": "#FF9500", "reducedMotion": "jump",
            "animations": [{"keyPath": "position.x", "from": 30, "to": 280, "duration": 1}]},
           {"type": "Layer", "id": "box", "frame": [10, 60, 40, 40], "backgroundColor": "#007AFF",
            "animations": [{"keyPath": "position.x", "from": 30, "to": 280, "duration": 1}]},
           {"type": "CountingLabel", "id": "n", "frame": [100, 10, 200, 40], "reducedMotion": "keep",
            "attributes": {"font": "DejaVu Sans 24", "format": "%.0f"}}],
         "events": [{"at": 0, "target": "n", "type": "count", "from": 0, "to": 100, "duration": 1}]}
        """

    static func reducedSwiftScene() throws -> Scene {
        var dot = Layer(id: "dot", frame: Rect(x: 10, y: 10, width: 40, height: 40))
        dot.backgroundColor = Color(hex: "#FF9500")!
        dot.reducedMotion = .jump
        try dot.add(.basic(keyPath: "position.x", from: 30, to: 280, duration: 1))
        var box = Layer(id: "box", frame: Rect(x: 10, y: 60, width: 40, height: 40))
        box.backgroundColor = Color(hex: "#007AFF")!
        try box.add(.basic(keyPath: "position.x", from: 30, to: 280, duration: 1))
        var label = CountingLabel(frame: Rect(x: 100, y: 10, width: 200, height: 40), font: try FontDescriptor(family: "DejaVu Sans", size: 24))
        label.format = .printf(try PrintfFormat("%.0f"))
        var scene = Scene(name: "reduced", size: Size(width: 320, height: 120), background: .white)
        scene.motion = .reduced
        scene.add(.layer(dot))
        scene.add(.layer(box))
        scene.add(.widget(id: "n", label, reducedMotion: .keep))
        try scene.schedule(widgetEvent: CountingLabel.Event.count(from: 0, to: 100, duration: 1), on: "n", at: 0)
        return scene
    }

    @Test func motionAndReducedMotionAreTheSameFromSwiftAndJSON() throws {
        let file = try SceneFile.parse(Data(Self.reducedJSON.utf8), file: "reduced.json", strict: true).scene
        let swift = try Self.reducedSwiftScene()
        #expect(file.motion == .reduced && swift.motion == .reduced)
        let renderer = try OffscreenRenderer(sizeOf: file)
        for time in [0, 0.2, 0.4, 0.6, 0.8, 1.2] {
            #expect(try renderer.render(file, at: time) == (try renderer.render(swift, at: time)), "frames differ at \(time) s")
        }
        var full = swift
        full.motion = .full
        #expect(try renderer.render(full, at: 0.4) != (try renderer.render(swift, at: 0.4)))
    }

    @Test func anUnknownKeyPathThrowsNamingTheLayerAndKey() throws {
        var card = Layer(id: "card")
        #expect {
            try card.add(.basic(keyPath: "positon.y", to: 10))
        } throws: { error in
            guard let error = error as? LayerError else { return false }
            return error.node == "card" && error.key == "animations[0].keyPath" && error.message.hasPrefix("unknown key path 'positon.y' for a Layer; did you mean 'position.y'? (valid: ")
        }
    }

    @Test func aValueOfTheWrongTypeThrowsNamingTheKey() throws {
        var card = Layer(id: "card")
        let error = try #require(throws: LayerError.self) { try card.add(.basic(keyPath: "position", to: 10)) }
        #expect(error.key == "animations[0].to")
        #expect(error.message == "must be a list of 2 numbers [x, y] for 'position'")
        let range = try #require(throws: LayerError.self) { try card.add(.basic(keyPath: "position.x", to: 1e9)) }
        #expect(range.message.contains("out of range"))
    }

    @Test func aBadSpringOrTimingThrowsAsInAFile() throws {
        var card = Layer(id: "card")
        let spring = try #require(throws: LayerError.self) { try card.add(.spring(keyPath: "opacity", to: 1, mass: 0)) }
        #expect(spring.node == "card")
        #expect(spring.key == "animations[0]")
        let timing = try #require(throws: LayerError.self) { try card.add(.basic(keyPath: "opacity", to: 1, duration: -1)) }
        #expect(timing.key == "animations[0] (opacity)")
        #expect(card.timeline.isEmpty)
    }

    @Test func eventsAreCheckedAsInAFile() throws {
        var scene = try Self.swiftScene()
        #expect(throws: LayerError.self) { try scene.schedule(.removeAnimation(key: "tilt"), on: "nobody", at: 2) }
        #expect(throws: LayerError.self) { try scene.schedule(.setValue(keyPath: "opacity", value: [1, 2]), on: "card", at: 2) }
        #expect(throws: LayerError.self) { try scene.schedule(widgetEvent: CountingLabel.Event.stopCounting, on: "card", at: 2) }
        #expect(throws: LayerError.self) { try scene.schedule(.removeAnimation(key: "tilt"), on: "card", at: 1e9) }
        try scene.schedule(.removeAnimation(key: "tilt"), on: "card", at: 2)
    }

    /// Events scheduled in any order take effect in time order, ties in the order scheduled: the
    /// same frames as scheduled in order.
    @Test func eventsMayBeScheduledInAnyOrder() throws {
        func scene(_ order: [Int]) throws -> Scene {
            var scene = Scene(name: "order", size: Size(width: 120, height: 80), background: .white, nodes: [
                .layer(Layer(id: "box", frame: Rect(x: 10, y: 10, width: 40, height: 40))),
            ])
            let events: [(Double, LayerEvent)] = [
                (0.2, .setValue(keyPath: "backgroundColor", value: .color(Color(hex: "#FF0000")!), animated: false)),
                (0.5, .setValue(keyPath: "position.x", value: .number(80))),
                (0.5, .setValue(keyPath: "position.x", value: .number(60))),
                (1.0, .setValue(keyPath: "opacity", value: .number(0.5))),
            ]
            for index in order { try scene.schedule(events[index].1, on: "box", at: events[index].0) }
            return scene
        }
        let fonts = FontLibrary()
        let inOrder = try scene([0, 1, 2, 3])
        // 1 and 2 are at the same time: the later scheduled wins, whatever comes between them.
        for order in [[3, 0, 1, 2], [1, 3, 2, 0], [3, 1, 0, 2]] {
            let shuffled = try scene(order)
            #expect(shuffled.events.map(\.at) == [0.2, 0.5, 0.5, 1.0])
            for time in [0.0, 0.3, 0.6, 0.9, 1.5] {
                #expect(try shuffled.displayList(at: time, in: DrawContext(fonts: fonts)) == inOrder.displayList(at: time, in: DrawContext(fonts: fonts)), "order \(order) at \(time) s")
            }
        }
        #expect(inOrder.layer(id: "box")?.presentation(at: 2).position.x == 60)
    }

    @Test func aCustomTimingCurveAnimatesFromSwift() throws {
        let smoothstep = TimingCurve.custom("smoothstep") { t in t * t * (3 - 2 * t) }
        #expect(smoothstep == .custom("smoothstep") { $0 })
        #expect(smoothstep.value(at: 0.25) == 0.15625)
        var dot = Layer(id: "dot", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        try dot.add(.basic(keyPath: "position.x", from: 0, to: 100, timingFunction: smoothstep, duration: 1))
        #expect(dot.presentation(at: 0.25).position.x == 15.625)
        var bad = Layer(id: "bad")
        let error = try #require(throws: LayerError.self) {
            try bad.add(.basic(keyPath: "opacity", to: 1, timingFunction: .custom("broken") { _ in .nan }))
        }
        #expect(error.message.contains("custom curve 'broken'"))
    }
}
