/// What a frame of a layer tree can ask to draw, worked out from the tree before any frame is
/// drawn, so that a file whose limits multiply is refused as it is read (`SceneFile`) rather than
/// clamped while drawing.
public struct DrawnItemEstimate: Sendable, Equatable {
    /// The most items (layers, each replicator copy counted, and particles) one frame draws.
    public var total: Double = 0
    /// The layer that asks for the most, how many items it asks for, how many copies of it the
    /// replicators above make, and those replicators' ids, outermost first.
    public var largest: (id: String, items: Double, copies: Double, replicators: [String])?

    /// Nothing yet.
    public init() {}

    public static func == (a: Self, b: Self) -> Bool {
        a.total == b.total && a.largest?.id == b.largest?.id && a.largest?.items == b.largest?.items
    }

    /// Why the estimate is over `Layer.maximumDrawnItems`, naming the layer and the replicators
    /// that multiply it; nil when it is not.
    public var problem: String? {
        guard total > Double(Layer.maximumDrawnItems), let largest else { return nil }
        let count = ItemCount.grouped
        let through = largest.replicators.isEmpty ? "" : " through replicators " + largest.replicators.map { "'\($0)'" }.joined(separator: " × ")
        let copies = largest.copies == 1 ? "1 copy" : "\(count(largest.copies)) copies"
        return "layer '\(largest.id)' draws up to \(count(largest.items)) items a frame (\(copies)\(through)), "
            + "\(count(total)) in all; the limit is \(count(Double(Layer.maximumDrawnItems))) layers and particles a frame"
    }
}

extension Layer {
    /// The most a frame of this tree draws: each layer once per copy the replicators above it
    /// make (as `drawInstances` counts them: each at most `maximumInstances`, together at most
    /// `maximumNestedInstances`), and an emitter's particles alive at once (its cells' birth
    /// rates × longest lives, at most `EmitterContent.maximumParticles`) in each copy.
    public var drawnItemEstimate: DrawnItemEstimate {
        var estimate = DrawnItemEstimate()
        addItems(copies: 1, replicators: [], into: &estimate)
        return estimate
    }

    private func addItems(copies: Double, replicators: [String], into estimate: inout DrawnItemEstimate) {
        var own = 1.0
        if case .emitter(let emitter) = content {
            let alive = emitter.cells.reduce(0.0) { $0 + max($1.birthRate, 0) * max(emitter.birthRate, 0) * $1.longestLife(emitter.lifetime) }
            own += min(alive.isFinite ? alive.rounded(.up) : Double(EmitterContent.maximumParticles), Double(EmitterContent.maximumParticles))
        }
        let items = own * copies
        estimate.total += items
        if items > (estimate.largest?.items ?? 0) { estimate.largest = (id, items, copies, replicators) }
        var inner = copies
        var above = replicators
        if case .replicator(let replicator) = content {
            let budget = max(Double(ReplicatorContent.maximumNestedInstances) / max(copies, 1), 0).rounded(.down)
            inner = copies * max(min(Double(min(replicator.instanceCount, ReplicatorContent.maximumInstances)), budget), 0)
            above.append(id)
        }
        for sublayer in sublayers { sublayer.addItems(copies: inner, replicators: above, into: &estimate) }
        mask?.addItems(copies: copies, replicators: replicators, into: &estimate)
    }
}

/// Counts in messages, written as people read them.
public enum ItemCount {
    /// A whole count with its thousands grouped: 536870912 as "536,870,912"; one of 10¹⁵ or more
    /// (or not a number) as Swift writes the double, "1.2e+18".
    public static func grouped(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return "\(value)" }
        let whole = Int(value.rounded(.down))
        var digits = String(whole.magnitude)
        var grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        return (whole < 0 ? "-" : "") + digits + grouped
    }
}
