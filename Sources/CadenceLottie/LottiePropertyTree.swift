import CadenceAnimation
import CadenceDraw

/// One animatable property of a Lottie file, on the one keyframe track: its value at any frame,
/// its keys and its velocity, read in any order. What value providers set, and what expressions
/// and slots will read.
public struct LottieProperty: Sendable {
    enum Track: Sendable {
        case numbers(AnimatedNumbers)
        case path(AnimatedShape)
        /// A position animated as x and y apart (`p.s`): the value is [x, y]; keys are x's.
        case split(x: AnimatedNumbers, y: AnimatedNumbers)
    }

    /// A property's value: numbers (a scalar, a point, a colour as r, g, b, a in 0 ... 1, a
    /// gradient's packed stops) or a path.
    public enum Value: Sendable, Hashable {
        case numbers([Double])
        case path(Path)
    }

    let track: Track
    /// Frames per second of the composition, for velocities per second.
    let frameRate: Double

    /// The value at `frame`, in the frames of the layer that holds the property.
    public func value(atFrame frame: Double) -> Value {
        switch track {
        case .numbers(let numbers): .numbers(numbers.value(at: frame))
        case .path(let shape): .path(shape.value(at: frame).path)
        case .split(let x, let y): .numbers([x.scalar(at: frame), y.scalar(at: frame)])
        }
    }

    /// The expression computing it, if any.
    var expression: LottieExpression? {
        switch track {
        case .numbers(let numbers): numbers.expression as? LottieExpression
        case .path(let shape): shape.expression as? LottieExpression
        case .split(let x, _): x.expression as? LottieExpression
        }
    }

    /// Whether it has keyframes.
    public var isAnimated: Bool {
        switch track {
        case .numbers(let numbers): numbers.isAnimated
        case .path(let shape): shape.isAnimated
        case .split(let x, let y): x.isAnimated || y.isAnimated
        }
    }

    /// How many keys it has (0 when it does not change): expressions' `numKeys`.
    public var keyCount: Int {
        switch track {
        case .numbers(let numbers): numbers.keyCount
        case .path(let shape): shape.keyCount
        case .split(let x, _): x.keyCount
        }
    }

    /// Key `index` (0 ..< `keyCount`): its frame and value (expressions' `key(index + 1)`).
    public func key(_ index: Int) -> (frame: Double, value: Value)? {
        switch track {
        case .numbers(let numbers): numbers.key(index).map { ($0.time, .numbers($0.value)) }
        case .path(let shape): shape.key(index).map { ($0.time, .path($0.value.path)) }
        case .split(let x, _): x.key(index).map { ($0.time, value(atFrame: $0.time)) }
        }
    }

    /// The index of the key nearest `frame`, the earlier of two as near (expressions'
    /// `nearestKey`); nil with no keys.
    public func nearestKey(toFrame frame: Double) -> Int? {
        switch track {
        case .numbers(let numbers): numbers.nearestKey(to: frame)
        case .path(let shape): shape.nearestKey(to: frame)
        case .split(let x, _): x.nearestKey(to: frame)
        }
    }

    /// How far back velocities look, in frames: lottie-web's `velocityAtTime` steps back a
    /// hundredth of a frame.
    public static let velocityStep = -0.01

    /// The rate of change at `frame`, per second, one number per dimension (empty for a path).
    public func velocity(atFrame frame: Double) -> [Double] {
        let perFrame: [Double] = switch track {
        case .numbers(let numbers): numbers.velocity(at: frame, step: Self.velocityStep)
        case .path: []
        case .split(let x, let y): [x.velocity(at: frame, step: Self.velocityStep).first ?? 0, y.velocity(at: frame, step: Self.velocityStep).first ?? 0]
        }
        return perFrame.map { $0 * frameRate }
    }

    /// The length of `velocity(atFrame:)`: expressions' `speedAtTime`.
    public func speed(atFrame frame: Double) -> Double {
        velocity(atFrame: frame).reduce(0) { $0 + $1 * $1 }.squareRoot()
    }
}

/// A node of a Lottie file's property tree: the composition, a layer, a transform, a shape
/// group or item, the masks, the effects, one of them, or a property. Children are named as
/// After Effects names them, which is how value providers' key paths and expressions find them.
public struct LottiePropertyNode: Sendable {
    /// What the node is.
    public enum Kind: Sendable, Hashable {
        case composition
        /// A layer; a precomposition layer holds its precomposition's layers.
        case layer
        /// A layer's, group's or repeater's transform.
        case transform
        /// A shape group (`gr`).
        case group
        /// Any other shape item, by its type (`fl`, `st`, `el`, `rc`, `sh`, `tm`, `rp`, …).
        case shape(String)
        /// A layer's masks, and one of them.
        case masks, mask
        /// A layer's effects, and one of them (expression controls too).
        case effects, effect
        /// A value.
        case property
    }

    /// Its name: a layer's, item's or effect's `nm`, or the property's After Effects name.
    public var name: String
    public var kind: Kind
    /// A layer's index (`ind`), or a mask's, effect's or item's position counted from 1.
    public var index: Int?
    /// In order: for a layer its transform, then its shapes (or a precomposition's layers),
    /// then its masks and effects.
    public var children: [LottiePropertyNode]
    /// The value, for a property node.
    public var property: LottieProperty?
    /// After Effects' match name (`mn`) where the file gives one: effects and their parameters,
    /// which expressions may name by it (`effect("ADBE Slider Control")`).
    public var matchName: String?

    /// Its name as an expression's member (`Stroke Width` → `strokeWidth`), made once.
    var scriptName: String

    init(_ name: String, _ kind: Kind, index: Int? = nil, children: [LottiePropertyNode] = [], property: LottieProperty? = nil, matchName: String? = nil) {
        self.matchName = matchName
        scriptName = LottieNodeHost.camelCase(name)
        self.name = name
        self.kind = kind
        self.index = index
        self.children = children
        self.property = property
    }

    /// The first child named `name`.
    public subscript(name: String) -> LottiePropertyNode? {
        children.first { $0.name == name }
    }

    /// The node reached by following `names` from here, each the first child of that name.
    public func node(at names: some Sequence<String>) -> LottiePropertyNode? {
        var node = self
        for name in names {
            guard let child = node[name] else { return nil }
            node = child
        }
        return node
    }
}

/// A Lottie file as a tree of named, typed properties, built once: composition → layers (by
/// name and index) → transform, shape contents, masks and effects (by name) → properties. A
/// value provider, a slot and an expression address the same nodes; each property's value is
/// read at any frame.
///
/// ```swift
/// let tree = animation.propertyTree
/// let position = tree.property(at: "Ball.Ball.Transform.Position")
/// position?.value(atFrame: 10)      // .numbers([30, 100])
/// position?.nearestKey(toFrame: 25)  // 1
/// ```
public struct LottiePropertyTree: Sendable {
    /// The composition: its children are the root layers.
    public let root: LottiePropertyNode

    /// The node at a key path of names joined by dots (`Card.Body.Fill 1.Color`).
    public func node(at keyPath: String) -> LottiePropertyNode? {
        root.node(at: keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init))
    }

    /// The property at a key path of names joined by dots, if that node is a property.
    public func property(at keyPath: String) -> LottieProperty? {
        node(at: keyPath)?.property
    }

    /// The root layer named `name` (the first, from the top).
    public func layer(named name: String) -> LottiePropertyNode? {
        root.children.first { $0.kind == .layer && $0.name == name }
    }

    /// The root layer whose index (`ind`) is `index`.
    public func layer(index: Int) -> LottiePropertyNode? {
        root.children.first { $0.kind == .layer && $0.index == index }
    }
}

extension LottieAnimation {
    /// The file's property tree (see `LottiePropertyTree`).
    public var propertyTree: LottiePropertyTree {
        var builder = PropertyTreeBuilder(animation: self)
        return LottiePropertyTree(root: LottiePropertyNode(name, .composition, children: builder.layers(of: root, depth: 0)))
    }
}

/// Builds the tree: one function per kind of node. A precomposition's layers are built once and
/// shared by every layer that shows it.
struct PropertyTreeBuilder {
    let animation: LottieAnimation
    var precompositions: [Int: [LottiePropertyNode]] = [:]

    init(animation: LottieAnimation) {
        self.animation = animation
    }

    func property(_ name: String, _ numbers: AnimatedNumbers) -> LottiePropertyNode {
        LottiePropertyNode(name, .property, property: LottieProperty(track: .numbers(numbers), frameRate: animation.frameRate))
    }

    func property(_ name: String, _ shape: AnimatedShape) -> LottiePropertyNode {
        LottiePropertyNode(name, .property, property: LottieProperty(track: .path(shape), frameRate: animation.frameRate))
    }

    mutating func layers(of composition: Composition, depth: Int) -> [LottiePropertyNode] {
        guard depth <= LottieReader.maximumNesting else { return [] }
        return composition.layers.map { layer(of: $0, depth: depth) }
    }

    mutating func layer(of layer: LottieLayer, depth: Int) -> LottiePropertyNode {
        var children = [transform(layer.transform)]
        switch layer.content {
        case .shapes(let items): children += shapes(items)
        case .precomposition(let index, _, _, let timeRemap):
            if let cached = precompositions[index] {
                children += cached
            } else if animation.precomps.indices.contains(index) {
                let inner = layers(of: animation.precomps[index], depth: depth + 1)
                precompositions[index] = inner
                children += inner
            }
            if let timeRemap { children.append(property("Time Remap", timeRemap)) }
        default: break
        }
        if !layer.masks.isEmpty {
            children.append(LottiePropertyNode("Masks", .masks, children: layer.masks.enumerated().map { position, mask in
                var properties = [property("Mask Path", mask.path), property("Mask Opacity", mask.opacity)]
                if let expansion = mask.expansion { properties.append(property("Mask Expansion", expansion)) }
                return LottiePropertyNode(mask.name, .mask, index: position + 1, children: properties)
            }))
        }
        if !layer.effectValues.isEmpty {
            children.append(LottiePropertyNode("Effects", .effects, children: layer.effectValues.enumerated().map { position, effect in
                LottiePropertyNode(effect.name, .effect, index: position + 1, children: effect.parameters.enumerated().map { index, parameter in
                    var node = property(parameter.name, parameter.value)
                    node.index = index + 1
                    node.matchName = parameter.matchName.isEmpty ? nil : parameter.matchName
                    return node
                }, matchName: effect.matchName.isEmpty ? nil : effect.matchName)
            }))
        }
        return LottiePropertyNode(layer.name, .layer, index: layer.index, children: children)
    }

    /// A transform's properties by their After Effects names; a position animated as x and y
    /// apart is `Position` (both) and `X Position`, `Y Position`.
    func transform(_ transform: LottieTransform, extra: [LottiePropertyNode] = []) -> LottiePropertyNode {
        var children = [property("Anchor Point", transform.anchor)]
        if let position = transform.position {
            children.append(property("Position", position))
        } else {
            children.append(LottiePropertyNode("Position", .property, property: LottieProperty(
                track: .split(x: transform.positionX, y: transform.positionY), frameRate: animation.frameRate
            )))
            children += [property("X Position", transform.positionX), property("Y Position", transform.positionY)]
        }
        children += [
            property("Scale", transform.scale), property("Rotation", transform.rotation), property("Opacity", transform.opacity),
            property("Skew", transform.skew), property("Skew Axis", transform.skewAxis),
        ]
        if let x = transform.rotationX { children.append(property("X Rotation", x)) }
        if let y = transform.rotationY { children.append(property("Y Rotation", y)) }
        if let orientation = transform.orientation { children.append(property("Orientation", orientation)) }
        return LottiePropertyNode("Transform", .transform, children: children + extra)
    }

    /// Shape items, top first, each by its name and type.
    func shapes(_ items: [ShapeItem]) -> [LottiePropertyNode] {
        items.enumerated().map { position, item in
            let (name, kind, children) = shape(item)
            return LottiePropertyNode(name, kind, index: position + 1, children: children)
        }
    }

    func shape(_ item: ShapeItem) -> (String, LottiePropertyNode.Kind, [LottiePropertyNode]) {
        switch item {
        case .group(let group):
            return (group.name, .group, [transform(group.transform)] + shapes(group.items))
        case .path(let shape, let name):
            return (name, .shape("sh"), [property("Path", shape)])
        case .rectangle(let rectangle):
            return (rectangle.name, .shape("rc"), [property("Size", rectangle.size), property("Position", rectangle.position), property("Roundness", rectangle.roundness)])
        case .ellipse(let ellipse):
            return (ellipse.name, .shape("el"), [property("Size", ellipse.size), property("Position", ellipse.position)])
        case .star(let star):
            return (star.name, .shape("sr"), [
                property("Points", star.points), property("Position", star.position), property("Rotation", star.rotation),
                property("Inner Radius", star.innerRadius), property("Outer Radius", star.outerRadius),
                property("Inner Roundness", star.innerRoundness), property("Outer Roundness", star.outerRoundness),
            ])
        case .fill(let fill):
            return (fill.name, .shape("fl"), [property("Color", fill.color), property("Opacity", fill.opacity)])
        case .stroke(let stroke):
            return (stroke.name, .shape("st"), self.stroke(stroke))
        case .gradientFill(let gradient):
            return (gradient.name, .shape("gf"), self.gradient(gradient))
        case .gradientStroke(let gradient, let stroke):
            return (gradient.name, .shape("gs"), self.gradient(gradient) + self.stroke(stroke).filter { $0.name != "Color" && $0.name != "Opacity" })
        case .trim(let trim):
            return (trim.name, .shape("tm"), [property("Start", trim.start), property("End", trim.end), property("Offset", trim.offset)])
        case .repeater(let repeater):
            let transform = self.transform(repeater.transform, extra: [property("Start Opacity", repeater.startOpacity), property("End Opacity", repeater.endOpacity)])
            return (repeater.name, .shape("rp"), [property("Copies", repeater.copies), property("Offset", repeater.offset), transform])
        case .roundCorners(let corners):
            return (corners.name, .shape("rd"), [property("Radius", corners.radius)])
        case .puckerBloat(let pucker):
            return (pucker.name, .shape("pb"), [property("Amount", pucker.amount)])
        case .zigZag(let zigZag):
            return (zigZag.name, .shape("zz"), [property("Size", zigZag.size), property("Ridges per segment", zigZag.ridges), property("Points", zigZag.pointType)])
        case .offsetPath(let offset):
            return (offset.name, .shape("op"), [property("Amount", offset.amount), property("Miter Limit", offset.miterLimit)])
        case .mergePaths:
            return ("", .shape("mm"), [])
        }
    }

    func stroke(_ stroke: StrokeStyleItem) -> [LottiePropertyNode] {
        [property("Color", stroke.color), property("Opacity", stroke.opacity), property("Stroke Width", stroke.width)]
            + stroke.dashes.map { dash in
                let name = switch dash.kind {
                case .dash: "Dash"
                case .gap: "Gap"
                case .offset: "Dash Offset"
                }
                return property(name, dash.value)
            }
    }

    func gradient(_ gradient: GradientStyle) -> [LottiePropertyNode] {
        [
            property("Start Point", gradient.start), property("End Point", gradient.end), property("Opacity", gradient.opacity),
            property("Colors", gradient.stops), property("Highlight Length", gradient.highlightLength), property("Highlight Angle", gradient.highlightAngle),
        ]
    }
}
