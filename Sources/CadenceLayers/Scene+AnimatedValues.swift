/// One node's (or layer's) animated values at one time: what `cadence check fps` compares
/// between frame rates, beside the pixels.
public struct NodeValues: Sendable, Hashable {
    /// The node's or layer's id.
    public var id: String
    /// Its type as scene files name it.
    public var typeName: String
    /// Each value by name: a layer's key paths (`position`, `opacity`, `strokeEnd`, …) as
    /// animation vectors, or what a widget reports (`CountingLabel`'s `value`).
    public var values: [String: [Double]]

    /// The values of node `id` of type `typeName`.
    public init(id: String, typeName: String, values: [String: [Double]]) {
        self.id = id
        self.typeName = typeName
        self.values = values
    }
}

extension Scene {
    /// Every node's animated values at `time`, in file order; a layer tree's layers each in
    /// turn (depth first), with every key path its type has, read from its presentation at
    /// `time`. A widget hosted in a layer reports its own values under the layer's id.
    ///
    /// Pure, as drawing is: the same scene and time give the same values.
    public func animatedValues(at time: Double) -> [NodeValues] {
        var result: [NodeValues] = []
        for node in nodes {
            switch node {
            case .widget(let id, let widget):
                result.append(NodeValues(id: id, typeName: type(of: widget).typeName, values: widget.animatedValues(at: time)))
            case .layer(let layer):
                layer.appendAnimatedValues(at: time, to: &result)
            }
        }
        return result
    }
}

extension Layer {
    /// This layer's key-path values at `time`, then its sublayers'.
    func appendAnimatedValues(at time: Double, to result: inout [NodeValues]) {
        let shown = presentation(at: time)
        var values: [String: [Double]] = [:]
        for keyPath in LayerLens.table.values where keyPath.applies(to: typeName) {
            values[keyPath.name] = keyPath.read(shown)
        }
        if case .widget(.widget(_, let widget)) = shown.content {
            for (name, value) in widget.animatedValues(at: time) { values[name] = value }
        }
        result.append(NodeValues(id: id, typeName: typeName, values: values))
        for sublayer in shown.sublayers { sublayer.appendAnimatedValues(at: time, to: &result) }
        shown.mask?.appendAnimatedValues(at: time, to: &result)
    }
}
