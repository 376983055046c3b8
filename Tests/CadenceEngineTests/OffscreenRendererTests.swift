import CadenceDraw
import CadenceAnimation
import CadenceEngine
import CadenceImage
import CadenceScene
import Testing

/// The offscreen renderer on EGL: display lists and scenes at a time, into RGBA images.
@MainActor
@Suite struct OffscreenRendererTests {
    /// A 40 × 20 scene: a blue layer whose x slides from 0 to 20 over one second, linearly.
    static func slidingSquare() throws -> Scene {
        var square = Layer(id: "square")
        square.properties.anchorPoint = .zero
        square.properties.bounds = Size(width: 10, height: 10)
        square.properties.backgroundColor = Color(hex: "#0000FF")!
        let timing = try AnimationTiming(duration: 1)
        let slide = try PropertyAnimation(kind: .basic(from: [0], to: [20], by: nil, timingFunction: .linear), timing: timing)
        square.add(slide, keyPath: try #require(LayerLens.named("position.x")), forKey: "slide", at: 0)
        return Scene(name: "slide", size: Size(width: 40, height: 20), background: Color(hex: "#FFFFFF")!, nodes: [.layer(square)])
    }

    @Test func rendersTheBackgroundOfAnEmptyList() throws {
        let renderer = try OffscreenRenderer(width: 8, height: 4)
        let image = try renderer.render(DisplayList(size: Size(width: 8, height: 4), background: Color(hex: "#FF0000")!))
        #expect(image.width == 8 && image.height == 4)
        #expect(image[0, 0] == (255, 0, 0, 255))
        #expect(image[7, 3] == (255, 0, 0, 255))
    }

    @Test func rendersASceneAtTheTimeAsked() throws {
        let scene = try Self.slidingSquare()
        let renderer = try OffscreenRenderer(sizeOf: scene)
        #expect(renderer.width == 40 && renderer.height == 20)
        let start = try renderer.render(scene, at: 0)
        #expect(start[5, 5] == (0, 0, 255, 255))
        #expect(start[25, 5] == (255, 255, 255, 255))
        let half = try renderer.render(scene, at: 0.5)
        #expect(half[5, 5] == (255, 255, 255, 255))
        #expect(half[15, 5] == (0, 0, 255, 255))
        // Time is an input: asking again for an earlier time gives the earlier frame.
        #expect(try renderer.render(scene, at: 0) == start)
        #expect(try renderer.render(scene, at: [0, 0.5]) == [start, half])
    }

    @Test func aTimeThatIsNotANumberIsAnError() throws {
        let renderer = try OffscreenRenderer(width: 4, height: 4)
        #expect(throws: EngineError.self) { try renderer.render(try Self.slidingSquare(), at: .nan) }
    }
}

/// Renderers share the process's EGL display: dropping one leaves the others working.
@MainActor
@Suite struct RendererLifetimeTests {
    @Test func aRendererOutlivesAnotherOneDropped() throws {
        let kept = try OffscreenRenderer(width: 4, height: 4)
        do {
            let dropped = try OffscreenRenderer(width: 4, height: 4)
            _ = try dropped.render(DisplayList(size: Size(width: 4, height: 4), background: .black))
        }
        let image = try kept.render(DisplayList(size: Size(width: 4, height: 4), background: Color(hex: "#00FF00")!))
        #expect(image[1, 1] == (0, 255, 0, 255))
    }
}
