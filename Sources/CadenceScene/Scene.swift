import CadenceDraw
import CadenceText

/// A scene: a canvas size, a background, nodes, and the scripted events that drive them.
///
/// `displayList(at:)` can be asked for any time in any order; nothing is accumulated between
/// frames, so frame 1 000 renders without frames 0 ... 999. Events are applied once, in time
/// order, when the scene is made: each records its time in the node it targets, and the nodes
/// compute their looks at any `t` from those records.
public struct Scene: Sendable {
    public var name: String
    public var size: Size
    public var background: Color
    public var nodes: [Node]

    public init(name: String, size: Size, background: Color, nodes: [Node] = []) {
        self.name = name
        self.size = size
        self.background = background
        self.nodes = nodes
    }

    /// What the scene shows at `time` seconds from its start, at its own size. Text is laid out
    /// with `fonts`; images come from `images`.
    public func displayList(at time: Double, fonts: FontLibrary = .shared, images: any ImageProvider = NoImages()) throws(TextError) -> DisplayList {
        var list = DisplayList(size: size, background: background)
        for node in nodes {
            try node.draw(at: time, fonts: fonts, images: images, into: &list)
        }
        return list
    }

    /// Every image source the scene's image views and image layers will need, for prefetching.
    public var imageSources: [String] {
        var sources: [String] = []
        for node in nodes {
            for source in node.imageSources where !sources.contains(source) { sources.append(source) }
        }
        return sources
    }

    /// The index of the top-level node called `id`.
    public func index(of id: String) -> Int? {
        nodes.firstIndex { $0.id == id }
    }

    /// Where the node called `id` is: the top-level node's index, then sublayer indices.
    public func location(of id: String) -> (node: Int, path: [Int])? {
        for (index, node) in nodes.enumerated() {
            if node.id == id { return (index, []) }
            if case .layer(let layer) = node, let path = layer.path(to: id) { return (index, path) }
        }
        return nil
    }

    /// Applies `events` (in time order) to the nodes and layers they target.
    public mutating func apply(_ events: [SceneEvent]) {
        for event in events {
            guard let (index, path) = location(of: event.target) else { continue }
            if path.isEmpty {
                nodes[index].apply(event.action, at: event.at)
            } else if case .layer(var root) = nodes[index] {
                root[path: path].apply(event.action, at: event.at)
                nodes[index] = .layer(root)
            }
        }
    }
}

/// A node of a scene.
public enum Node: Sendable {
    case shape(ShapeNode)
    case countingLabel(id: String, CountingLabel)
    case activityIndicator(id: String, ActivityIndicator)
    case field(id: String, BouncyPlaceholderField)
    case textView(id: String, PlaceholderTextView)
    case imageView(id: String, ImageView)
    /// A layer and its sublayers.
    indirect case layer(Layer)

    public var id: String {
        switch self {
        case .shape(let shape): shape.id
        case .countingLabel(let id, _), .activityIndicator(let id, _), .field(let id, _), .textView(let id, _), .imageView(let id, _): id
        case .layer(let layer): layer.id
        }
    }

    /// Where the node draws, in its parent's coordinates (a layer: the frame of its bounds
    /// around its position, before its transform).
    public var frame: Rect {
        get {
            switch self {
            case .shape(let shape): shape.frame
            case .countingLabel(_, let label): label.frame
            case .activityIndicator(_, let indicator): indicator.frame
            case .field(_, let field): field.frame
            case .textView(_, let view): view.frame
            case .imageView(_, let view): view.frame
            case .layer(let layer):
                Rect(
                    x: layer.properties.position.x - layer.properties.anchorPoint.x * layer.properties.bounds.width,
                    y: layer.properties.position.y - layer.properties.anchorPoint.y * layer.properties.bounds.height,
                    width: layer.properties.bounds.width, height: layer.properties.bounds.height
                )
            }
        }
        set {
            switch self {
            case .shape(var shape):
                shape.frame = newValue
                self = .shape(shape)
            case .countingLabel(let id, var label):
                label.frame = newValue
                self = .countingLabel(id: id, label)
            case .activityIndicator(let id, var indicator):
                indicator.frame = newValue
                self = .activityIndicator(id: id, indicator)
            case .field(let id, var field):
                field.frame = newValue
                self = .field(id: id, field)
            case .textView(let id, var view):
                view.frame = newValue
                self = .textView(id: id, view)
            case .imageView(let id, var view):
                view.frame = newValue
                self = .imageView(id: id, view)
            case .layer(var layer):
                layer.properties.setFrame(newValue)
                self = .layer(layer)
            }
        }
    }

    /// Draws what the node shows at `time` into `list`.
    public func draw(at time: Double, fonts: FontLibrary, images: any ImageProvider, into list: inout DisplayList) throws(TextError) {
        switch self {
        case .shape(let shape): list.roundedRect(shape.shape(at: time))
        case .countingLabel(_, let label): try label.draw(at: time, fonts: fonts, into: &list)
        case .activityIndicator(_, let indicator): indicator.draw(at: time, into: &list)
        case .field(_, let field): try field.draw(at: time, fonts: fonts, into: &list)
        case .textView(_, let view): try view.draw(at: time, fonts: fonts, into: &list)
        case .imageView(_, let view): view.draw(at: time, images: images, into: &list)
        case .layer(let layer): try layer.draw(at: time, context: LayerDrawContext(fonts: fonts, images: images), into: &list)
        }
    }

    /// Every image source the node (and, for a layer, its subtree) will need.
    public var imageSources: [String] {
        switch self {
        case .imageView(_, let view): return view.sources
        case .layer(let layer):
            return layer.allLayers.flatMap { layer -> [String] in
                switch layer.content {
                case .image(let image): return image.contents.map { [$0] } ?? []
                case .widget(let node): return node.imageSources
                default: return []
                }
            } + layer.timeline.imageSources
        default: return []
        }
    }

    /// The node's type as scene files name it.
    public var typeName: String {
        switch self {
        case .shape: "RoundedRect"
        case .countingLabel: "CountingLabel"
        case .activityIndicator: "ActivityIndicator"
        case .field: "BouncyPlaceholderField"
        case .textView: "PlaceholderTextView"
        case .imageView: "ImageView"
        case .layer(let layer): layer.typeName
        }
    }

    mutating func apply(_ action: SceneEvent.Action, at time: Double) {
        if case .layer(var layer) = self {
            layer.apply(action, at: time)
            self = .layer(layer)
            return
        }
        switch (self, action) {
        case (.countingLabel(let id, var label), .count(let from, let to, let duration)):
            label.count(from: from, to: to, duration: duration, at: time)
            self = .countingLabel(id: id, label)
        case (.countingLabel(let id, var label), .countFromCurrentValue(let to, let duration)):
            label.countFromCurrentValue(to: to, duration: duration, at: time)
            self = .countingLabel(id: id, label)
        case (.countingLabel(let id, var label), .countFromZero(let to, let duration)):
            label.countFromZero(to: to, duration: duration, at: time)
            self = .countingLabel(id: id, label)
        case (.countingLabel(let id, var label), .stopCounting):
            label.stop(at: time)
            self = .countingLabel(id: id, label)
        case (.activityIndicator(let id, var indicator), .startAnimating):
            indicator.startAnimating(at: time)
            self = .activityIndicator(id: id, indicator)
        case (.activityIndicator(let id, var indicator), .stopAnimating):
            indicator.stopAnimating(at: time)
            self = .activityIndicator(id: id, indicator)
        case (.field(let id, var field), .type(let text, let rate)):
            field.type(text, charactersPerSecond: rate, at: time)
            self = .field(id: id, field)
        case (.field(let id, var field), .deleteBackward(let count, let rate)):
            field.deleteBackward(count: count, charactersPerSecond: rate, at: time)
            self = .field(id: id, field)
        case (.field(let id, var field), .clear):
            field.clear(at: time)
            self = .field(id: id, field)
        case (.field(let id, var field), .deleteForward):
            field.edits.deleteForward(at: time)
            self = .field(id: id, field)
        case (.field(let id, var field), .moveCaret(let move)):
            field.edits.moveCaret(move, at: time)
            self = .field(id: id, field)
        case (.textView(let id, var view), .type(let text, let rate)):
            view.edits.type(text, charactersPerSecond: rate, at: time)
            self = .textView(id: id, view)
        case (.textView(let id, var view), .deleteBackward(let count, let rate)):
            view.edits.deleteBackward(count: count, charactersPerSecond: rate, at: time)
            self = .textView(id: id, view)
        case (.textView(let id, var view), .clear):
            view.edits.clear(at: time)
            self = .textView(id: id, view)
        case (.imageView(let id, var view), .loadImage(let source, let latency, let force)):
            view.load(source, latency: latency, forceTransition: force, at: time)
            self = .imageView(id: id, view)
        case (.field(let id, var field), .focus):
            field.focus(at: time)
            self = .field(id: id, field)
        case (.field(let id, var field), .unfocus):
            field.unfocus(at: time)
            self = .field(id: id, field)
        default:
            break  // refused when the scene is read (SceneEvent.Action.appliesTo)
        }
    }
}

/// Something that happens to a node at a time: the scripted input of a scene.
public struct SceneEvent: Sendable, Hashable {
    public enum Action: Sendable, Hashable {
        case count(from: Double, to: Double, duration: Double?)
        case countFromCurrentValue(to: Double, duration: Double?)
        case countFromZero(to: Double, duration: Double?)
        case stopCounting
        case startAnimating
        case stopAnimating
        case type(String, charactersPerSecond: Double?)
        case deleteBackward(count: Int, charactersPerSecond: Double?)
        case clear
        case focus
        case unfocus
        case loadImage(String, latency: Double, forceTransition: Bool)
        case deleteForward
        case moveCaret(CaretMove)
        /// Sets a layer property by key path (its value as an animation vector), implicitly
        /// animated unless `animated` is false.
        case setValue(keyPath: String, value: [Double], animated: Bool, duration: Double?)
        /// Adds an animation, replacing the one of the same key.
        case addAnimation(KeyedAnimation, key: String?)
        /// Removes the animation added under the key.
        case removeAnimation(key: String)

        /// Whether the action is one every layer takes (rather than one widget's).
        public var isLayerAction: Bool {
            switch self {
            case .setValue, .addAnimation, .removeAnimation: true
            default: false
            }
        }

        /// The node types the action applies to; layer actions apply to every node.
        public var appliesTo: [String] {
            switch self {
            case .setValue, .addAnimation, .removeAnimation: ["any"]
            case .count, .countFromCurrentValue, .countFromZero, .stopCounting: ["CountingLabel"]
            case .startAnimating, .stopAnimating: ["ActivityIndicator"]
            case .type, .deleteBackward, .clear: ["BouncyPlaceholderField", "PlaceholderTextView"]
            case .focus, .unfocus, .deleteForward, .moveCaret: ["BouncyPlaceholderField"]
            case .loadImage: ["ImageView"]
            }
        }
    }

    public var at: Double
    public var target: String
    public var action: Action

    public init(at: Double, target: String, action: Action) {
        self.at = at
        self.target = target
        self.action = action
    }
}

/// A rounded rectangle in a scene, optionally moving.
public struct ShapeNode: Sendable, Hashable {
    public var id: String
    /// Where the node sits when its motion is at its start.
    public var frame: Rect
    public var cornerRadius: Double = 0
    public var fill: Color = .white
    public var stroke: Color = .clear
    public var strokeWidth: Double = 0
    public var motion: Motion?

    public init(id: String, frame: Rect) {
        self.id = id
        self.frame = frame
    }

    /// The shape drawn at `time`.
    public func shape(at time: Double) -> RoundedRect {
        var rect = frame
        if let motion {
            let progress = motion.progress(at: time)
            rect = frame.offsetBy(dx: motion.offset.x * progress, dy: motion.offset.y * progress)
        }
        return RoundedRect(rect: rect, cornerRadius: cornerRadius, fill: fill, stroke: stroke, strokeWidth: strokeWidth)
    }
}

/// A move by `offset` over `duration` seconds after `delay`, eased in and out (a half cosine),
/// optionally back again (`autoreverses`) and forever (`repeats`).
public struct Motion: Sendable, Hashable {
    public var offset: Point
    public var duration: Double
    public var delay: Double = 0
    public var autoreverses = false
    public var repeats = false

    public init(offset: Point, duration: Double, delay: Double = 0, autoreverses: Bool = false, repeats: Bool = false) {
        self.offset = offset
        self.duration = duration
        self.delay = delay
        self.autoreverses = autoreverses
        self.repeats = repeats
    }

    /// How far along the move is at `time`: 0 at the start, 1 at `offset`. Before `delay` the
    /// node waits at its start; after a finite motion it stays where the motion ended.
    public func progress(at time: Double) -> Double {
        guard duration > 0 else { return time >= delay ? (autoreverses ? 0 : 1) : 0 }
        let cycle = autoreverses ? 2.0 : 1.0
        var phase = max(time - delay, 0) / duration
        if repeats {
            phase = phase.truncatingRemainder(dividingBy: cycle)
        } else {
            phase = min(phase, cycle)
        }
        if phase > 1 { phase = 2 - phase }
        return (1 - cos(Double.pi * phase)) / 2
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
