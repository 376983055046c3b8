import Cadence
import CadenceTesting
import CardScene
import Testing

@MainActor
@Suite struct CardSceneTests {
    @Test func cardSpringsInAndTheLabelCounts() throws {
        assertFrames(of: try CardScene.make(), at: [0, 0.15, 0.3, 0.6, 1.0, 1.5], named: "card")
    }

    @Test func theSceneSettlesByTwoSeconds() throws {
        let scene = try CardScene.make()
        assertFrames(of: scene, at: [2], named: "card-end", as: .perTime)
        // Time is an input: any later frame is the settled one, whatever was rendered before.
        let renderer = try OffscreenRenderer(sizeOf: scene)
        #expect(try renderer.render(scene, at: 5) == (try renderer.render(scene, at: 2)))
    }

    @Test func aMisspeltKeyPathIsAnError() throws {
        var layer = Layer(id: "card")
        #expect(throws: LayerError.self) { try layer.add(.basic(keyPath: "opacty", to: 1)) }
    }
}
