import CadenceDraw
import Foundation
@testable import CadenceLottie
import Testing

/// The property tree: built once from a file, its nodes found by name and index, each property
/// answering value, velocity and key queries at any frame, as expressions will ask them.
@Suite struct LottiePropertyTreeTests {
    /// The project's own example files (`Examples/lottie`, written by its `generate.py`).
    static func example(_ name: String) throws -> LottieAnimation {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try LottieAnimation(contentsOf: root.appendingPathComponent("Examples/lottie/\(name)").path)
    }

    static func numbers(_ value: LottieProperty.Value?) -> [Double] {
        if case .numbers(let numbers)? = value { return numbers }
        return []
    }

    /// intro.json: a ball whose group moves from x −40 to 100 over frames 0 … 20 (ease in and
    /// out), holds to frame 40, then leaves to 240 by frame 60.
    @Test func answersValueVelocityAndKeyQueriesOnAnExampleFile() throws {
        let tree = try Self.example("intro.json").propertyTree
        #expect(tree.layer(named: "Ball")?.index == 1)
        #expect(tree.layer(index: 1)?.name == "Ball")
        let position = try #require(tree.property(at: "Ball.Ball.Transform.Position"))
        #expect(position.isAnimated)
        #expect(position.keyCount == 4)
        #expect(position.key(1)?.frame == 20)
        #expect(Self.numbers(position.key(3)?.value) == [240, 100])
        #expect(position.key(4) == nil)
        #expect(position.nearestKey(toFrame: 25) == 1)
        #expect(position.nearestKey(toFrame: 31) == 2)
        // Halfway through a symmetric ease is halfway along.
        let middle = Self.numbers(position.value(atFrame: 10))
        #expect(abs(middle[0] - 30) < 1e-6 && middle[1] == 100)
        // Still while held; moving right (per second, at 30 frames a second) while easing.
        #expect(position.velocity(atFrame: 30) == [0, 0])
        let moving = position.velocity(atFrame: 10)
        #expect(moving[0] > 140 * 30 / 20 && moving[1] == 0)
        #expect(abs(position.speed(atFrame: 10) - moving[0]) < 1e-9)
        // Read in any order, the same values.
        for frame in [50.0, 5, 59, 0, 21] {
            #expect(position.value(atFrame: frame) == position.value(atFrame: frame))
        }
        let fill = try #require(tree.property(at: "Ball.Ball.Fill 1.Color"))
        #expect(!fill.isAnimated && fill.keyCount == 0 && fill.nearestKey(toFrame: 3) == nil)
        #expect(Self.numbers(fill.value(atFrame: 30)) == [0.9, 0.25, 0.3, 1])
        let circle = try #require(tree.node(at: "Ball.Ball.Circle"))
        #expect(circle.kind == .shape("el") && circle.index == 1)
        #expect(Self.numbers(circle["Size"]?.property?.value(atFrame: 0)) == [50, 50])
    }

    /// spinner.json: a trimmed, turning ring: trim and rotation keys, items by name and type.
    @Test func findsItemsAndGroupTransforms() throws {
        let tree = try Self.example("spinner.json").propertyTree
        let end = try #require(tree.property(at: "Spinner.Arc.Trim.End"))
        #expect(end.keyCount == 3)
        #expect(Self.numbers(end.value(atFrame: 15)) == [95])
        let rotation = try #require(tree.property(at: "Spinner.Arc.Transform.Rotation"))
        #expect(Self.numbers(rotation.value(atFrame: 15)) == [180])
        #expect(abs((rotation.velocity(atFrame: 15).first ?? 0) - 360) < 1e-6)
        #expect(tree.node(at: "Spinner.Arc.Stroke 1")?.kind == .shape("st"))
        #expect(tree.node(at: "Spinner.Arc.Nothing") == nil)
    }

    /// Masks and effects, expression controls too, by name with their parameters; a position
    /// animated as x and y apart is one Position and its two halves.
    @Test func masksEffectsAndSplitPositions() throws {
        let json = #"""
        {"v": "5.7.4", "fr": 25, "ip": 0, "op": 50, "w": 100, "h": 100, "layers": [{"ty": 4, "nm": "Card", "ind": 7, "ip": 0, "op": 50, "st": 0,
         "ks": {"p": {"s": true, "x": {"a": 1, "k": [{"t": 0, "s": [10]}, {"t": 50, "s": [60]}]}, "y": {"a": 0, "k": 20}}},
         "masksProperties": [{"nm": "Hole", "mode": "s", "pt": {"a": 0, "k": {"c": true, "v": [[0, 0], [10, 0], [10, 10]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}}, "o": {"a": 0, "k": 50}}],
         "ef": [{"ty": 5, "nm": "Bounce", "mn": "ADBE Slider Control", "ef": [{"ty": 0, "nm": "Slider", "v": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 25, "s": [5]}]}}]}],
         "shapes": [{"ty": "rc", "nm": "Box", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [20, 10]}, "r": {"a": 0, "k": 2}}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]}]}
        """#
        let tree = try LottieAnimation(data: Data(json.utf8), file: "card.json").propertyTree
        let slider = try #require(tree.property(at: "Card.Effects.Bounce.Slider"))
        #expect(Self.numbers(slider.value(atFrame: 12.5)) == [2.5])
        #expect(tree.node(at: "Card.Effects.Bounce")?.index == 1)
        #expect(Self.numbers(tree.property(at: "Card.Masks.Hole.Mask Opacity")?.value(atFrame: 0)) == [50])
        guard case .path(let path)? = tree.property(at: "Card.Masks.Hole.Mask Path")?.value(atFrame: 0) else {
            Issue.record("the mask path is not a path")
            return
        }
        #expect(path.elements.count == 5)
        let position = try #require(tree.property(at: "Card.Transform.Position"))
        #expect(Self.numbers(position.value(atFrame: 25)) == [35, 20])
        #expect(position.keyCount == 2)
        #expect(Self.numbers(tree.property(at: "Card.Transform.X Position")?.value(atFrame: 50)) == [60])
        #expect(Self.numbers(tree.property(at: "Card.Box.Size")?.value(atFrame: 0)) == [20, 10])
        #expect(tree.layer(index: 7)?.name == "Card")
    }
}
