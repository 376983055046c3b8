@testable import CadenceLayers
import CadenceDraw
import Testing

/// Limits that multiply: replicator copies of replicator copies of an emitter's particles, and
/// many emitters side by side, each inside its own limit. One frame's budget of drawn items holds
/// their product (1,000 × 100 × 10,000 particles once took 6 GB and aborted).
@Suite struct DrawnItemBudgetTests {
    struct NoText: TextLayoutEngine {
        func layout(_ text: AttributedText, options: TextLayoutOptions) throws(TextError) -> TextLayout {
            throw TextError.noFontFound("none")
        }
    }

    /// An emitter whose 10,000 particles (its limit) are alive at 1 s.
    static var emitter: Layer {
        var cell = EmitterCell()
        cell.birthRate = 10_000
        cell.lifetime = 2
        cell.velocity = 20
        var content = EmitterContent(cells: [cell])
        content.position = Point(x: 50, y: 50)
        var properties = LayerProperties()
        properties.bounds = Size(width: 100, height: 100)
        return Layer(id: "e", content: .emitter(content), properties: properties)
    }

    static func replicator(_ id: String, copies: Int, of sublayer: Layer) -> Layer {
        var replicator = ReplicatorContent()
        replicator.instanceCount = copies
        var properties = LayerProperties()
        properties.bounds = Size(width: 100, height: 100)
        return Layer(id: id, content: .replicator(replicator), properties: properties, sublayers: [sublayer])
    }

    func drawn(_ layer: Layer, limit: Int) throws -> (commands: Int, left: Int) {
        var context = LayerDrawContext(fonts: NoText(), images: NoImages())
        context.budget = DrawnItemBudget(limit)
        var list = DisplayList(size: Size(width: 100, height: 100), background: .clear)
        try layer.draw(at: 1, context: context, into: &list)
        return (list.commands.count, context.budget.remaining)
    }

    @Test func replicatorCopiesOfAnEmitterStopAtTheBudget() throws {
        // Asked for: 1,000 × 100 copies × 10,000 particles = 10⁹.
        let tree = Self.replicator("r1", copies: 1000, of: Self.replicator("r2", copies: 100, of: Self.emitter))
        let (commands, left) = try drawn(tree, limit: 25_000)
        #expect(left == 0)
        // Two whole emitters' particles and part of a third, and nothing after.
        #expect(commands > 20_000 && commands <= 25_000)
    }

    @Test func emittersSideBySideShareOneBudget() throws {
        var stage = Layer(id: "stage")
        stage.properties.bounds = Size(width: 100, height: 100)
        stage.sublayers = Array(repeating: Self.emitter, count: 50)
        let (commands, left) = try drawn(stage, limit: 30_000)
        #expect(left == 0)
        #expect(commands > 20_000 && commands <= 30_000)
    }

    @Test func aFrameWithinTheBudgetDrawsWhole() throws {
        let tree = Self.replicator("r", copies: 3, of: Self.emitter)
        let (commands, left) = try drawn(tree, limit: Layer.maximumDrawnItems)
        #expect(commands == 30_000)
        // Two layers, three copies of the emitter layer, and their particles.
        #expect(left == Layer.maximumDrawnItems - 1 - 3 - 30_000)
    }
}
