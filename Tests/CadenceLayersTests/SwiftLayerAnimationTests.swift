import CadenceAnimation
import CadenceDraw
import CadenceLayers
import Testing

/// The layer model alone (no scene reader, no widgets): typed key paths, animations checked as
/// they are added, motion along a path, scheduled events, each wrong one a `LayerError`.
@Suite struct SwiftLayerAnimationTests {
    @Test func aTypedKeyPathAnimatesItsValue() throws {
        var card = Layer(id: "card", frame: Rect(x: 0, y: 0, width: 100, height: 60))
        try card.add(.basic(.opacity, from: 0, to: 1, curve: .linear, timing: try AnimationTiming(duration: 2)), forKey: "fade")
        try card.add(.basic(.backgroundColor, to: Color(red: 1, green: 0, blue: 0), timing: try AnimationTiming(duration: 1, fillMode: .forwards)))
        try card.add(.keyframes(.position, values: [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 50)], timing: try AnimationTiming(duration: 2)))
        let halfway = card.presentation(at: 1)
        #expect(abs(halfway.opacity - 0.5) < 1e-12)
        #expect(halfway.position == Point(x: 100, y: 0))
        #expect(card.presentation(at: 5).backgroundColor.description == "#FF0000FF")
        // .opacity takes a Double, .position a Point: `.basic(.opacity, to: Point(x: 1, y: 1), …)`
        // does not compile.
        #expect(LayerKeyPath<Double>.positionY.description == "position.y")
    }

    @Test func aSpringTakesItsSettlingDurationUnlessTimed() throws {
        var card = Layer(id: "card")
        let spring = try Spring(dampingRatio: 1, response: 0.3)
        try card.add(.spring(.positionY, from: 0, to: 100, spring: spring))
        let settled = try spring.defaultAnimationDuration()
        #expect(abs(card.presentation(at: settled * 0.999).position.y - 100) < 1)
    }

    /// `CAKeyframeAnimation.path`: position along a path at an even pace, turning with it.
    @Test func aLayerMovesAlongAPathWithoutAReader() throws {
        var dot = Layer(id: "dot", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let path = Path(elements: [.move(Point(x: 0, y: 0)), .line(Point(x: 100, y: 0)), .line(Point(x: 100, y: 100))])
        try dot.add(.motion(along: path, rotationMode: .auto, timing: try AnimationTiming(duration: 2)))
        let quarter = dot.presentation(at: 0.5)
        #expect(abs(quarter.position.x - 50) < 1e-6 && abs(quarter.position.y) < 1e-6)
        let threeQuarters = dot.presentation(at: 1.5)
        #expect(abs(threeQuarters.position.x - 100) < 1e-6 && abs(threeQuarters.position.y - 50) < 1e-6)
        let keyframes = try path.motionKeyframes(mode: .paced)
        #expect(keyframes.keyTimes.first == 0 && keyframes.keyTimes.last == 1)
        #expect(keyframes.values.last == [100, 100])
    }

    @Test func wrongAnimationsAndEventsAreLayerErrors() throws {
        var card = Layer(id: "card")
        let unknown = try #require(throws: LayerError.self) { try card.add(.basic(keyPath: "positon.y", to: 10)) }
        #expect(unknown.node == "card" && unknown.key == "animations[0].keyPath")
        #expect(unknown.description.hasPrefix("node 'card': key 'animations[0].keyPath': unknown key path 'positon.y' for a Layer; did you mean 'position.y'?"))
        let empty = try #require(throws: LayerError.self) { try Path().motionKeyframes(mode: .paced) }
        #expect(empty.message == "the path has no segment to move along")
        var scene = Scene(name: "s", size: Size(width: 10, height: 10), background: .clear, nodes: [.layer(card)])
        #expect(throws: LayerError.self) { try scene.schedule(.removeAnimation(key: "x"), on: "nobody", at: 1) }
        #expect(throws: LayerError.self) { try scene.schedule(.removeAnimation(key: "x"), on: "card", at: Scene.maximumTime * 2) }
        try scene.schedule(.set(.opacity, to: 0.5, animated: false), on: "card", at: 1)
        #expect(scene.layer(id: "card")?.presentation(at: 2).opacity == 0.5)
    }
}
