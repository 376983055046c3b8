import CadenceAnimation
import CadenceDraw

extension Layer {
    /// A layer called `id` occupying `frame` in its parent (bounds and position for the
    /// anchor point), showing `content`.
    public init(id: String, frame: Rect, content: Content = .none, sublayers: [Layer] = []) {
        self.init(id: id, content: content, sublayers: sublayers)
        properties.setFrame(frame)
    }

    /// Reads and writes the layer's properties directly: `layer.position`, `layer.opacity`, …
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<LayerProperties, Value>) -> Value {
        get { properties[keyPath: keyPath] }
        set { properties[keyPath: keyPath] = newValue }
    }

    /// Where the layer sits in its parent before its transform: the rectangle of its bounds
    /// around its position. Setting it sets bounds and position, keeping the anchor point.
    public var frame: Rect {
        get { Node.layer(self).frame }
        set { properties.setFrame(newValue) }
    }

    /// Appends `layer` to the sublayers (drawn above the ones before it at the same `zPosition`).
    public mutating func addSublayer(_ layer: Layer) {
        sublayers.append(layer)
    }
}

extension TextContent {
    /// `string` in `font` at the font's size, or, with no font, in the scene files' default
    /// (DejaVu Sans) at `CATextLayer`'s 36 points: what a scene file's `TextLayer` reads.
    public init(string: String, font: FontDescriptor? = nil) {
        self.init(font: font ?? .system)
        if let font { fontSize = font.size }
        self.string = string
    }
}

extension Node {
    /// A widget node with its own `reducedMotion` rule, as a scene file's widget node with a
    /// `"reducedMotion"` key: the widget in a layer that holds the rule (what the reader makes).
    public static func widget(id: String, _ widget: any WidgetContent, reducedMotion: ReducedMotion?) -> Node {
        var layer = Layer.wrapping(.widget(id: id, widget))
        layer.reducedMotion = reducedMotion
        return .layer(layer)
    }
}

extension Scene {
    /// The scene plus `node` on top of the others.
    public mutating func add(_ node: Node) {
        nodes.append(node)
    }
}
