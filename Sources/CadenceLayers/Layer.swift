import CadenceAnimation
import CadenceDraw

/// A layer, as `CALayer`: a rectangle with a position in its parent, a transform about its
/// anchor point, a background, a border, a shadow, content (text, an image, a path or a widget)
/// and sublayers whose geometry is relative to its bounds.
///
/// A layer is a plain value. What it shows at time `t` is its model value at `t` (changed by
/// `setValue` events) with its animations at `t` applied over it; nothing is accumulated between
/// frames.
///
/// Drawing order, as Core Animation's: shadow, background, content, sublayers (by `zPosition`,
/// ties in file order), border. With `masksToBounds`, content and sublayers are clipped to the
/// rounded bounds. An `opacity` below 1 composites the layer and its sublayers as one group.
@dynamicMemberLookup
public struct Layer: Sendable {
    /// What a layer draws between its background and its sublayers.
    public enum Content: Sendable {
        /// Nothing: `Layer`.
        case none
        /// Text: `TextLayer`.
        case text(TextContent)
        /// An image: `ImageLayer`.
        case image(ImageContent)
        /// A path, filled and stroked: `ShapeLayer`.
        case shape(ShapeContent)
        /// A gradient over the bounds: `GradientLayer`.
        case gradient(GradientContent)
        /// Its sublayers drawn again and again, each copy transformed, delayed and tinted:
        /// `ReplicatorLayer`.
        case replicator(ReplicatorContent)
        /// Particles: `EmitterLayer`.
        case emitter(EmitterContent)
        /// One of the widgets, drawn in the layer's bounds.
        indirect case widget(Node)
    }

    /// The layer's id, unique in its scene: what events and messages name.
    public var id: String
    /// What the layer draws between its background and its sublayers.
    public var content: Content
    /// The model values of its properties (also reachable directly: `layer.opacity`).
    public var properties: LayerProperties
    /// The layers inside it, in file order, their geometry relative to its bounds.
    public var sublayers: [Layer]
    /// What happens to the layer over time: value changes and animations.
    public var timeline = LayerTimeline()
    /// What the layer and its subtree do under the `reduced` motion profile (`"reducedMotion"`);
    /// nil: each animation's and widget's default rule, or the nearest ancestor's setting.
    public var reducedMotion: ReducedMotion?
    /// `CALayer.mask`: a layer (with its sublayers) whose alpha masks the layer's composited
    /// picture — shadow, background, content, sublayers and border. It sits in the layer's own
    /// coordinates, as a sublayer would, animates as any layer does, and is drawn only as the
    /// mask. Nil: no mask.
    public var mask: Layer? {
        get { maskStorage.first }
        set { maskStorage = newValue.map { [$0] } ?? [] }
    }
    /// The mask, boxed: a struct cannot hold itself directly.
    private var maskStorage: [Layer] = []

    /// The index that stands for the mask in a path of sublayer indices (`path(to:)`).
    public static let maskIndex = -1

    /// A layer called `id` with `content`, `properties` (Core Animation's defaults unless given) and `sublayers`.
    public init(id: String, content: Content = .none, properties: LayerProperties = LayerProperties(), sublayers: [Layer] = []) {
        self.id = id
        self.content = content
        self.properties = properties
        self.sublayers = sublayers
    }

    /// The layer node types, as scene files name them.
    public static let typeNames = ["Layer", "TextLayer", "ImageLayer", "ShapeLayer", "GradientLayer", "ReplicatorLayer", "EmitterLayer"]

    /// The node type as scene files name it.
    public var typeName: String {
        switch content {
        case .none: "Layer"
        case .text: "TextLayer"
        case .image: "ImageLayer"
        case .shape: "ShapeLayer"
        case .gradient: "GradientLayer"
        case .replicator: "ReplicatorLayer"
        case .emitter: "EmitterLayer"
        case .widget(let node): node.typeName
        }
    }

    /// The layer called `id` in this subtree, as a path of sublayer indices (empty: this layer;
    /// `maskIndex` for the mask).
    public func path(to id: String) -> [Int]? {
        if self.id == id { return [] }
        for (index, sublayer) in sublayers.enumerated() {
            if let rest = sublayer.path(to: id) { return [index] + rest }
        }
        if let rest = mask?.path(to: id) { return [Self.maskIndex] + rest }
        return nil
    }

    /// The layer at `path` (sublayer indices from this one, `maskIndex` for the mask).
    public subscript(path path: [Int]) -> Layer {
        get {
            guard let first = path.first else { return self }
            if first == Self.maskIndex, let mask { return mask[path: Array(path.dropFirst())] }
            return sublayers[first][path: Array(path.dropFirst())]
        }
        set {
            guard let first = path.first else {
                self = newValue
                return
            }
            if first == Self.maskIndex {
                guard var mask else { return }
                mask[path: Array(path.dropFirst())] = newValue
                self.mask = mask
                return
            }
            sublayers[first][path: Array(path.dropFirst())] = newValue
        }
    }

    /// Every layer of the subtree, this one first, depth first (sublayers, then the mask's tree).
    public var allLayers: [Layer] {
        [self] + sublayers.flatMap(\.allLayers) + (mask?.allLayers ?? [])
    }
}

/// A layer's transform, as the components Core Animation's `transform.rotation`,
/// `transform.scale` and `transform.translation` key paths animate, in 3-D: applied about the
/// anchor point, scale first, then the turns about x, y and z, then translation, then perspective.
///
/// Without turns about x or y, translation along z and perspective it is the 2-D transform it
/// always was (`matrix`); with them, `matrix3D` places the layer in space, and the layer is drawn
/// flattened into its parent's plane under whatever perspective that gives.
public struct LayerTransform: Sendable, Hashable {
    /// Radians about z; positive turns clockwise on screen.
    public var rotation: Double = 0
    /// Radians about x (`transform.rotation.x`); positive brings the bottom edge towards the eye.
    public var rotationX: Double = 0
    /// Radians about y (`transform.rotation.y`); positive takes the right edge away from the eye.
    public var rotationY: Double = 0
    /// Scale along x and y (1: none).
    public var scale = Point(x: 1, y: 1)
    /// Scale along z (1: none); it shows only once the layer is turned under perspective.
    public var scaleZ: Double = 1
    /// Translation after scale and rotation, in the parent's units.
    public var translation = Point.zero
    /// Translation along z, towards the eye for positive values; it shows only under perspective.
    public var translationZ: Double = 0
    /// The eye's distance from the plane, in the parent's units (m34 = −1 / perspective); 0 (or
    /// anything not a positive finite number) for none.
    public var perspective: Double = 0

    /// A transform of these components (none unless given).
    public init(
        rotation: Double = 0, scale: Point = Point(x: 1, y: 1), translation: Point = .zero, rotationX: Double = 0, rotationY: Double = 0,
        scaleZ: Double = 1, translationZ: Double = 0, perspective: Double = 0
    ) {
        self.rotation = rotation
        self.scale = scale
        self.translation = translation
        self.rotationX = rotationX
        self.rotationY = rotationY
        self.scaleZ = scaleZ
        self.translationZ = translationZ
        self.perspective = perspective
    }

    /// No rotation, scale 1, no translation, no perspective.
    public static let identity = LayerTransform()

    /// Whether the layer's own plane can leave 2-D: a turn about x or y, or perspective. (Scale
    /// and translation along z alone move nothing a parent's perspective does not already see:
    /// scale applies first, to points at z = 0.)
    public var is3D: Bool {
        rotationX != 0 || rotationY != 0 || (perspective > 0 && perspective.isFinite)
    }

    /// The 2-D matrix: scale, then rotate, then translate (the 3-D components left out).
    public var matrix: AffineTransform {
        var matrix = AffineTransform(scaleX: scale.x, y: scale.y)
        if rotation != 0 { matrix = matrix.concatenating(AffineTransform(rotation: rotation)) }
        if translation != .zero { matrix = matrix.concatenating(AffineTransform(translationX: translation.x, y: translation.y)) }
        return matrix
    }

    /// The 3-D matrix: scale, the turns about x, y and z, translation, then perspective.
    public var matrix3D: Transform3D {
        var matrix = Transform3D.scale(scale.x, scale.y, scaleZ)
        if rotationX != 0 { matrix = matrix.concatenating(.rotationX(rotationX)) }
        if rotationY != 0 { matrix = matrix.concatenating(.rotationY(rotationY)) }
        if rotation != 0 { matrix = matrix.concatenating(.rotationZ(rotation)) }
        if translation != .zero || translationZ != 0 { matrix = matrix.concatenating(.translation(translation.x, translation.y, translationZ)) }
        if perspective > 0, perspective.isFinite { matrix = matrix.concatenating(.perspective(perspective)) }
        return matrix
    }
}

/// The properties every layer has, with Core Animation's defaults.
public struct LayerProperties: Sendable, Hashable {
    /// Where the anchor point sits in the parent's coordinates.
    public var position = Point.zero
    /// The layer's size; its own coordinates run from (0, 0) to (width, height).
    public var bounds = Size(width: 0, height: 0)
    /// The point of the bounds (in unit coordinates) that `position` places and the transform
    /// turns about.
    public var anchorPoint = Point(x: 0.5, y: 0.5)
    /// Scale, rotation and translation about the anchor point.
    public var transform = LayerTransform.identity
    /// 0 (invisible) ... 1; below 1 the layer and its sublayers composite as one group.
    public var opacity = 1.0
    /// Fills the bounds, rounded by `cornerRadius`; clear by default.
    public var backgroundColor = Color.clear
    /// The radius of the background's, border's and mask's corners.
    public var cornerRadius = 0.0
    /// The border's width, drawn inside the bounds over the sublayers.
    public var borderWidth = 0.0
    /// The border's colour.
    public var borderColor = Color.black
    /// Whether content and sublayers are clipped to the rounded bounds.
    public var masksToBounds = false
    /// Whether the layer (and its subtree) is not drawn: key path `hidden`.
    public var isHidden = false
    /// Draw order among siblings: higher draws later (on top); ties keep file order. Under a
    /// parent's perspective it also places the layer along z, towards the eye for positive values,
    /// as in Core Animation (which does not sort by depth either).
    public var zPosition = 0.0
    /// The transform applied to the sublayers (not to the layer itself), about the anchor point:
    /// with `perspective`, the sublayers' turns in 3-D are seen in perspective, as
    /// `CALayer.sublayerTransform` with m34 = −1 / d.
    public var sublayerTransform = LayerTransform.identity
    /// How the layer's picture combines with what lies under it (`CALayer.compositingFilter`'s
    /// blend modes); normal (source over) by default.
    public var compositingFilter = BlendMode.normal
    /// A Gaussian blur of the layer and its sublayers (`filters`: a `gaussianBlur` with this
    /// `inputRadius`), its standard deviation in the layer's units; 0 for none, at most
    /// `Group.maximumBlur`.
    public var blurRadius = 0.0
    /// A Gaussian blur of what lies behind the layer's rounded bounds (`backgroundFilters`: a
    /// `gaussianBlur` with this `inputRadius`): frosted glass; 0 for none, at most `Group.maximumBlur`.
    public var backgroundBlurRadius = 0.0
    /// Whether the layer shows when seen from behind (turned more than a quarter about x or y, or
    /// mirrored); `CALayer.isDoubleSided`, true by default.
    public var isDoubleSided = true
    /// The shadow's colour; it shows only with `shadowOpacity` above 0.
    public var shadowColor = Color.black
    /// The shadow's opacity, 0 (none, the default) ... 1.
    public var shadowOpacity = 0.0
    /// Core Animation's default: 3 points up.
    public var shadowOffset = Point(x: 0, y: -3)
    /// The shadow's blur: a Gaussian whose standard deviation is `shadowRadius`, the usual
    /// reading of Core Animation's value (a CSS or Figma blur of `2 × shadowRadius`).
    public var shadowRadius = 3.0

    /// Core Animation's defaults: at (0, 0), empty, anchored at the centre, opaque, no background.
    public init() {}

    /// `frame` [x, y, w, h] in the parent: sets bounds and position (for the anchor point).
    public mutating func setFrame(_ frame: Rect) {
        bounds = frame.size
        position = Point(x: frame.minX + anchorPoint.x * frame.width, y: frame.minY + anchorPoint.y * frame.height)
    }

    /// The matrix from the layer's own coordinates to its parent's:
    /// translate(−anchor·bounds), the transform, translate(position), in 2-D (the transform's 3-D
    /// components left out).
    public var matrix: AffineTransform {
        let anchor = AffineTransform(translationX: -anchorPoint.x * bounds.width, y: -anchorPoint.y * bounds.height)
        return anchor.concatenating(transform.matrix).concatenating(AffineTransform(translationX: position.x, y: position.y))
    }

    /// The matrix from the layer's own coordinates to its parent's in space:
    /// translate(−anchor·bounds), the 3-D transform, translate(position, zPosition).
    public var matrix3D: Transform3D {
        Transform3D.translation(-anchorPoint.x * bounds.width, -anchorPoint.y * bounds.height, 0)
            .concatenating(transform.matrix3D)
            .concatenating(.translation(position.x, position.y, zPosition))
    }

    /// `sublayerTransform` about the anchor point, in the layer's own coordinates; nil when it is
    /// the identity.
    public var sublayerMatrix: Transform3D? {
        guard sublayerTransform != .identity else { return nil }
        let anchor = (x: anchorPoint.x * bounds.width, y: anchorPoint.y * bounds.height)
        return Transform3D.translation(-anchor.x, -anchor.y, 0).concatenating(sublayerTransform.matrix3D).concatenating(.translation(anchor.x, anchor.y, 0))
    }
}

/// What a `TextLayer` shows.
public struct TextContent: Sendable, Hashable {
    /// How text that does not fit is cut, as `CATextLayer.truncationMode`: not at all, or on one
    /// line with "…" at its start, middle or end.
    public enum Truncation: String, Sendable, Hashable, CaseIterable {
        /// Not cut: one unconstrained line, or wrapped lines, that may overflow the bounds.
        case none
        /// One line, its start replaced by "…".
        case start
        /// One line, its middle replaced by "…".
        case middle
        /// One line, its end replaced by "…".
        case end
    }

    /// The text shown.
    public var string = ""
    /// The face; its size is `fontSize`.
    public var font: FontDescriptor
    /// `CATextLayer`'s default: 36.
    public var fontSize = 36.0
    /// `CATextLayer`'s default: opaque white.
    public var foregroundColor = Color.white
    /// Where lines sit in the bounds' width.
    public var alignment = TextAlignment.left
    /// Wraps at word boundaries within the bounds' width.
    public var isWrapped = false
    /// How text that does not fit ends.
    public var truncation = Truncation.none

    /// No text, in `font` at `CATextLayer`'s 36 points, white, left-aligned, not wrapped.
    public init(font: FontDescriptor) {
        self.font = font
    }
}

/// What an `ImageLayer` shows.
public struct ImageContent: Sendable, Hashable {
    /// How the image fills the bounds, as `CALayer.contentsGravity`.
    public enum Gravity: String, Sendable, Hashable, CaseIterable {
        /// Stretched to the bounds; fitted inside keeping its aspect; filling them keeping its aspect; centred at its own size.
        case resize, resizeAspect, resizeAspectFill, center
    }

    /// An image source: `builtin:NAME` or a path.
    public var contents: String?
    /// How the image fills the bounds.
    public var gravity = Gravity.resize
    /// The filter where the image is drawn smaller than its pixels (`CALayer.minificationFilter`):
    /// linear by default, `trilinear` for mipmapped minification.
    public var minificationFilter = ImageFilter.linear
    /// The filter where it is drawn larger (`CALayer.magnificationFilter`): linear by default,
    /// `nearest` for hard-edged pixel art.
    public var magnificationFilter = ImageFilter.linear

    /// An image layer showing `contents` (nothing when nil), resized to the bounds.
    public init(contents: String? = nil) {
        self.contents = contents
    }
}

/// What a `GradientLayer` shows, as `CAGradientLayer`: `colors` at `locations` between
/// `startPoint` and `endPoint`, in unit coordinates of the bounds ((0, 0) the top-left corner,
/// (1, 1) the bottom-right), filling the bounds (rounded by `cornerRadius`), between the
/// background and the sublayers.
///
/// - `axial`: along the line from `startPoint` to `endPoint`, the colour constant across it.
/// - `radial`: an ellipse about `startPoint` whose radii are `endPoint`'s distances from it
///   along x and along y.
/// - `conic`: about `startPoint`, the colours sweeping clockwise from the direction of `endPoint`.
///
/// Colours between stops are interpolated in straight sRGB; outside the first and last
/// locations the end colours extend.
public struct GradientContent: Sendable, Hashable {
    /// The gradient's shape, as `CAGradientLayerType`.
    public enum GradientType: String, Sendable, Hashable, CaseIterable {
        case axial, radial, conic
    }

    /// The colours, in order; none draws nothing.
    public var colors: [Color] = []
    /// Where each colour sits, 0 ... 1, one per colour and not decreasing; nil spaces them evenly.
    public var locations: [Double]?
    /// Where the gradient starts (the centre of a radial or conic one), in unit coordinates.
    public var startPoint = Point(x: 0.5, y: 0)
    /// Where it ends, in unit coordinates.
    public var endPoint = Point(x: 0.5, y: 1)
    /// Its shape.
    public var type = GradientType.axial

    /// CAGradientLayer's defaults: no colours, top to bottom, axial.
    public init(colors: [Color] = [], locations: [Double]? = nil) {
        self.colors = colors
        self.locations = locations
    }

    /// The most colours a gradient takes.
    public static let maximumColors = 256
}

/// How a `ReplicatorLayer` copies its sublayers, as `CAReplicatorLayer`: copy *i* (0 for the
/// sublayers themselves) is drawn through `instanceTransform` applied *i* times about the layer's
/// anchor point, at the scene time *t − i · instanceDelay*, its colours multiplied by
/// `instanceColor` plus *i* times each offset (each component kept within 0 … 1). Images take
/// the alpha of the multiplier only.
public struct ReplicatorContent: Sendable, Hashable {
    /// How many copies, the first being the sublayers as they are; 0 draws none.
    public var instanceCount = 1
    /// The transform from one copy to the next, about the anchor point.
    public var instanceTransform = LayerTransform()
    /// Seconds each copy runs behind the one before it.
    public var instanceDelay = 0.0
    /// Multiplies every colour of the first copy.
    public var instanceColor = Color.white
    /// Added to `instanceColor`'s components, once more for each copy.
    public var instanceRedOffset = 0.0, instanceGreenOffset = 0.0, instanceBlueOffset = 0.0, instanceAlphaOffset = 0.0

    /// One copy, untransformed, undelayed, untinted.
    public init() {}

    /// The most copies one replicator makes: 1,000.
    public static let maximumInstances = 1000
    /// The most copies replicators nested in one another make together: 100,000 (more are not
    /// drawn).
    public static let maximumNestedInstances = 100_000

    /// The colour multiplier of copy `index`.
    public func color(ofInstance index: Int) -> Color {
        let i = Double(index)
        func clamp(_ value: Double) -> Double { min(max(value, 0), 1) }
        return Color(red: clamp(instanceColor.red + i * instanceRedOffset), green: clamp(instanceColor.green + i * instanceGreenOffset),
                     blue: clamp(instanceColor.blue + i * instanceBlueOffset), alpha: clamp(instanceColor.alpha + i * instanceAlphaOffset))
    }
}

/// What a `ShapeLayer` shows: a path, filled then stroked, as `CAShapeLayer`.
public struct ShapeContent: Sendable, Hashable {
    /// The path, in the layer's own coordinates.
    public var path = Path()
    /// `CAShapeLayer`'s default: opaque black.
    public var fillColor = Color.black
    /// How crossing contours decide the filled inside.
    public var fillRule = FillRule.nonZero
    /// `CAShapeLayer`'s default: none.
    public var strokeColor = Color.clear
    /// The stroke's width, caps, joins and dashes.
    public var style = StrokeStyle()
    /// The stroked part of the path, as fractions of its length.
    public var strokeStart = 0.0
    /// Where the stroked part ends, 0 ... 1 of the path's length.
    public var strokeEnd = 1.0

    /// `CAShapeLayer`'s defaults: an empty path, filled black, not stroked.
    public init() {}
}
