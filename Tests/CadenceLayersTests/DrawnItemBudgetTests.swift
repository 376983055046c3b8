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

    /// `depth` layers, each turned under its parent's perspective inside the one before.
    static func turned(depth: Int, side: Double = 400) -> Layer {
        var properties = LayerProperties()
        properties.bounds = Size(width: side, height: side)
        properties.position = Point(x: side / 2, y: side / 2)
        properties.backgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 0.2)
        properties.transform = LayerTransform(rotationY: 0.3)
        properties.sublayerTransform = LayerTransform(perspective: 500)
        return Layer(id: "t\(depth)", properties: properties, sublayers: depth > 1 ? [turned(depth: depth - 1, side: side * 0.9)] : [])
    }

    /// The pixels of every projected picture in `list`, pictures inside pictures included.
    static func picturePixels(_ list: DisplayList) -> Double {
        list.commands.reduce(0) { total, command in
            guard case .projected(let picture) = command else { return total }
            return total + Double(picture.pixelSize.width * picture.pixelSize.height) + picturePixels(picture.list)
        }
    }

    func pictures(of layer: Layer, budget: Double) throws -> Double {
        var stage = Layer(id: "stage")
        stage.properties.bounds = Size(width: 400, height: 400)
        stage.properties.sublayerTransform = LayerTransform(perspective: 500)
        stage.sublayers = [layer]
        var context = LayerDrawContext(fonts: NoText(), images: NoImages())
        context.budget = DrawnItemBudget(picturePixels: budget)
        var list = DisplayList(size: Size(width: 400, height: 400), background: .clear)
        try stage.draw(at: 0, context: context, into: &list)
        return Self.picturePixels(list)
    }

    @Test func nestedPicturesShareTheFramesPixels() throws {
        let deep = Self.turned(depth: 30)
        let unbounded = try pictures(of: deep, budget: .infinity)
        let bounded = try pictures(of: deep, budget: 200_000)
        #expect(unbounded > 1_000_000)
        // What was given, a little more for rounding up to whole pixels, and 64 × 64 for each
        // picture past the budget.
        #expect(bounded <= 200_000 * 1.05 + 30 * 4096, "\(bounded)")
    }

    @Test func picturesWithinTheBudgetAreUnchanged() throws {
        let shallow = Self.turned(depth: 2)
        #expect(try pictures(of: shallow, budget: Layer.maximumPicturePixels) == (try pictures(of: shallow, budget: .infinity)))
    }

    /// `depth` layers of 1000 × 1000 inside one another, each blurring its picture by 100.
    static func blurred(depth: Int) -> Layer {
        var properties = LayerProperties()
        properties.bounds = Size(width: 1000, height: 1000)
        properties.position = Point(x: 500, y: 500)
        properties.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 0.1)
        properties.blurRadius = 100
        return Layer(id: "b\(depth)", properties: properties, sublayers: depth > 1 ? [blurred(depth: depth - 1)] : [])
    }

    @Test func nestedBlursShareTheFramesBlurWork() throws {
        var context = LayerDrawContext(fonts: NoText(), images: NoImages())
        context.budget = DrawnItemBudget()
        var list = DisplayList(size: Size(width: 1000, height: 1000), background: .clear)
        try Self.blurred(depth: 30).draw(at: 0, context: context, into: &list)
        let sigmas = list.commands.compactMap { command -> Double? in
            if case .pushGroup(let group) = command { return group.blur } else { return nil }
        }
        #expect(sigmas.count == 30)
        // Whole blurs while the work lasts (a frame of 10⁶ pixels: 6.01 × 10⁸ each), one narrower,
        // then none.
        let whole = Int(Layer.maximumBlurWork / (1_000_000 * 601))
        #expect(sigmas.prefix(whole).allSatisfy { $0 == 100 }, "\(sigmas)")
        #expect(sigmas[whole] < 100 && sigmas.dropFirst(whole + 1).allSatisfy { $0 == 0 }, "\(sigmas)")
    }

    @Test func aFrameWithinTheBudgetDrawsWhole() throws {
        let tree = Self.replicator("r", copies: 3, of: Self.emitter)
        let (commands, left) = try drawn(tree, limit: Layer.maximumDrawnItems)
        #expect(commands == 30_000)
        // Two layers, three copies of the emitter layer, and their particles.
        #expect(left == Layer.maximumDrawnItems - 1 - 3 - 30_000)
    }
}
