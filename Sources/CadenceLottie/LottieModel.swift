#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CadenceDraw

/// A layer's or a group's transform, as Lottie defines it: the anchor moved to the origin,
/// scaled (percent), skewed along an axis, rotated (degrees, clockwise), then moved to the
/// position.
struct LottieTransform: Sendable {
    var anchor = AnimatedNumbers([0, 0])
    /// The position, or nil when x and y are animated apart (`positionX`, `positionY`).
    var position: AnimatedNumbers? = AnimatedNumbers([0, 0])
    var positionX = AnimatedNumbers([0])
    var positionY = AnimatedNumbers([0])
    var scale = AnimatedNumbers([100, 100])
    var rotation = AnimatedNumbers([0])
    var opacity = AnimatedNumbers([100])
    var skew = AnimatedNumbers([0])
    var skewAxis = AnimatedNumbers([0])
    /// Rotation about x and y in degrees (a 3-D layer's `rx`, `ry`): drawn as the rotation's
    /// orthographic projection onto the frame, as ThorVG draws them; nil for a flat layer.
    var rotationX: AnimatedNumbers?
    var rotationY: AnimatedNumbers?
    /// A 3-D layer's orientation (`or`: x, y and z in degrees), turned before its rotations, as
    /// ThorVG draws it; nil when there is none.
    var orientation: AnimatedNumbers?
    /// Rotates with the direction the position moves in (a layer's `ao`).
    var autoOrient = false

    /// After Effects' own limit on the skew control, in degrees (as Skottie clamps it).
    static let maximumSkew = 85.0

    /// The skew drawn for `degrees`: a shear by θ is a shear by θ ± 180° (tan has a period of
    /// 180°), so a layer skewed by 180° is not skewed, as all four references draw it; then
    /// clamped to ±`maximumSkew`.
    static func effectiveSkew(_ degrees: Double) -> Double {
        guard degrees.isFinite else { return 0 }
        let reduced = abs(degrees) > 90 ? degrees - (degrees / 180).rounded() * 180 : degrees
        return min(max(reduced, -maximumSkew), maximumSkew)
    }

    func positionPoint(at frame: Double) -> SIMD2<Double> {
        if let position { return position.point(at: frame) }
        return SIMD2(positionX.scalar(at: frame), positionY.scalar(at: frame))
    }

    /// The matrix at `frame`: T(position) · R(rotation) · skew · S(scale) · T(−anchor).
    func matrix(at frame: Double) -> AffineTransform {
        let anchor = self.anchor.point(at: frame)
        let position = positionPoint(at: frame)
        let scale = self.scale.value(at: frame)
        var rotation = self.rotation.scalar(at: frame)
        if autoOrient {
            // The direction of travel, from a step either side of `frame`.
            let before = positionPoint(at: frame - 0.05), after = positionPoint(at: frame + 0.05)
            let delta = after - before
            if delta.x != 0 || delta.y != 0 { rotation += atan2(delta.y, delta.x) * 180 / .pi }
        }
        var matrix = AffineTransform(translationX: -anchor.x, y: -anchor.y)
        let sx = (scale.first ?? 100) / 100, sy = (scale.count > 1 ? scale[1] : (scale.first ?? 100)) / 100
        matrix = matrix.concatenating(AffineTransform(scaleX: sx, y: sy))
        let skew = Self.effectiveSkew(self.skew.scalar(at: frame))
        if skew != 0, skew.isFinite {
            let angle = -skew * .pi / 180
            let axis = skewAxis.scalar(at: frame) * .pi / 180
            let shear = AffineTransform(a: 1, b: 0, c: tan(angle), d: 1, tx: 0, ty: 0)
            matrix = matrix
                .concatenating(AffineTransform(rotation: -axis))
                .concatenating(shear)
                .concatenating(AffineTransform(rotation: axis))
        }
        if rotationX != nil || rotationY != nil || orientation != nil {
            // The upper-left 2 × 2 of Rx · Ry · Rz (the rotations), times the same of the
            // orientation: what a viewer far along the z axis sees of the turned plane.
            let x = (rotationX?.scalar(at: frame) ?? 0), y = (rotationY?.scalar(at: frame) ?? 0)
            var turn = Self.rotation3D(x: x, y: y, z: rotation)
            if let orientation {
                let o = orientation.value(at: frame)
                turn = Self.product(turn, Self.rotation3D(x: o.first ?? 0, y: o.count > 1 ? o[1] : 0, z: o.count > 2 ? o[2] : 0))
            }
            matrix = matrix.concatenating(AffineTransform(a: turn[0][0], b: turn[1][0], c: turn[0][1], d: turn[1][1], tx: 0, ty: 0))
        } else {
            matrix = matrix.concatenating(AffineTransform(rotation: rotation * .pi / 180))
        }
        return matrix.concatenating(AffineTransform(translationX: position.x, y: position.y))
    }

    /// Rx · Ry · Rz for turns in degrees (clockwise on a y-down screen about z), as rows of a
    /// 3 × 3 matrix acting on column vectors.
    static func rotation3D(x: Double, y: Double, z: Double) -> [[Double]] {
        let (x, y, z) = (x * .pi / 180, y * .pi / 180, z * .pi / 180)
        let (cx, sx, cy, sy, cz, sz) = (cos(x), sin(x), cos(y), sin(y), cos(z), sin(z))
        return [
            [cy * cz, -cy * sz, sy],
            [cx * sz + sx * sy * cz, cx * cz - sx * sy * sz, -sx * cy],
            [sx * sz - cx * sy * cz, sx * cz + cx * sy * sz, cx * cy],
        ]
    }

    static func product(_ m: [[Double]], _ n: [[Double]]) -> [[Double]] {
        (0..<3).map { row in (0..<3).map { column in (0..<3).reduce(0) { $0 + m[row][$1] * n[$1][column] } } }
    }

    /// Opacity at `frame`, 0 ... 1.
    func opacity(at frame: Double) -> Double {
        min(max(opacity.scalar(at: frame, fallback: 100) / 100, 0), 1)
    }
}

/// A shape item of a shape layer or group (`ty` in `shapes` and `it`).
indirect enum ShapeItem: Sendable {
    case group(ShapeGroup)
    /// A path (`sh`), with its `nm`.
    case path(AnimatedShape, name: String = "")
    case rectangle(RectangleShape)
    case ellipse(EllipseShape)
    case star(StarShape)
    case fill(FillStyle)
    case stroke(StrokeStyleItem)
    case gradientFill(GradientStyle)
    case gradientStroke(GradientStyle, StrokeStyleItem)
    case trim(TrimPaths)
    case repeater(Repeater)
    case roundCorners(RoundCorners)
    case puckerBloat(PuckerBloat)
    case zigZag(ZigZag)
    case offsetPath(OffsetPath)
    case mergePaths(MergeMode)
}

/// How merge paths (`mm`) combine the paths above it: `merge` makes them one compound path (as
/// paints already take them); the others combine their areas.
enum MergeMode: Sendable {
    case merge, add, subtract, intersect, excludeIntersections

    /// How a path's area joins the areas before it, as a mask.
    var maskMode: MaskPath.Mode {
        switch self {
        case .merge, .add: .add
        case .subtract: .subtract
        case .intersect: .intersect
        case .excludeIntersections: .difference
        }
    }
}

struct ShapeGroup: Sendable {
    /// Its `nm`: what value providers' key paths name it by.
    var name = ""
    var items: [ShapeItem]
    var transform: LottieTransform
}

struct RectangleShape: Sendable {
    /// Its `nm`: what key paths and expressions name it by.
    var name = ""
    var position: AnimatedNumbers
    var size: AnimatedNumbers
    var roundness: AnimatedNumbers
    var reversed: Bool
}

struct EllipseShape: Sendable {
    /// Its `nm`: what key paths and expressions name it by.
    var name = ""
    var position: AnimatedNumbers
    var size: AnimatedNumbers
    var reversed: Bool
}

struct StarShape: Sendable {
    /// Its `nm`: what key paths and expressions name it by.
    var name = ""
    var isStar: Bool
    var position: AnimatedNumbers
    var points: AnimatedNumbers
    var rotation: AnimatedNumbers
    var outerRadius: AnimatedNumbers
    var innerRadius: AnimatedNumbers
    var outerRoundness: AnimatedNumbers
    var innerRoundness: AnimatedNumbers
    var reversed: Bool

    /// The most points (or sides) a star is drawn with: far more than any frame can show apart.
    static let maximumPoints = 1000.0
}

struct FillStyle: Sendable {
    /// Its `nm`: what value providers' key paths name it by.
    var name = ""
    var color: AnimatedNumbers
    var opacity: AnimatedNumbers
    var fillRule: FillRule
}

struct DashItem: Sendable {
    enum Kind: Sendable { case dash, gap, offset }
    var kind: Kind
    var value: AnimatedNumbers
}

struct StrokeStyleItem: Sendable {
    /// Its `nm`: what value providers' key paths name it by.
    var name = ""
    var color: AnimatedNumbers
    var opacity: AnimatedNumbers
    var width: AnimatedNumbers
    var cap: LineCap
    var join: LineJoin
    var miterLimit: Double
    var dashes: [DashItem]
}

struct GradientStyle: Sendable {
    /// Its `nm`: what key paths and expressions name it by.
    var name = ""
    var opacity: AnimatedNumbers
    var start: AnimatedNumbers
    var end: AnimatedNumbers
    var radial: Bool
    var highlightLength: AnimatedNumbers
    var highlightAngle: AnimatedNumbers
    /// Colour stops' count; the packed array holds 4 numbers per colour stop, then 2 per
    /// opacity stop.
    var colorStops: Int
    var stops: AnimatedNumbers
    var fillRule: FillRule
}

struct TrimPaths: Sendable {
    /// Its `nm`: what value providers' key paths name it by.
    var name = ""
    var start: AnimatedNumbers
    var end: AnimatedNumbers
    var offset: AnimatedNumbers
    /// `m: 2`: the paths are trimmed as one, end to end; otherwise each alone.
    var individually: Bool
}

struct Repeater: Sendable {
    /// Its `nm`: what key paths and expressions name it by.
    var name = ""
    var copies: AnimatedNumbers
    var offset: AnimatedNumbers
    /// Later copies below earlier ones (`m: 1`) or above them (`m: 2`).
    var copiesAbove: Bool
    var transform: LottieTransform
    var startOpacity: AnimatedNumbers
    var endOpacity: AnimatedNumbers

    /// The most copies drawn: a documented clamp, so a file asking for 10⁹ costs 10³.
    static let maximumCopies = 1000.0
}

/// One of a layer's masks: a path in the layer's space combined with the masks before it.
struct LottieMask: Sendable {
    var mode: MaskPath.Mode
    var path: AnimatedShape
    var opacity: AnimatedNumbers
    var inverted: Bool
    /// How far the path is moved outwards (inwards when negative), in the layer's units (`x`);
    /// nil when it is 0 throughout.
    var expansion: AnimatedNumbers?
    /// Its `nm`.
    var name = ""

    /// The farthest a mask is expanded or contracted, in the layer's units: a documented clamp.
    static let maximumExpansion = 100_000.0
}

/// A layer effect (`ef`), applied after the layer's masks, in the order the file lists them,
/// before its opacity and track matte, as After Effects renders a layer. Colours are [r, g, b]
/// 0 ... 1.
enum LayerEffect: Sendable {
    /// Fill (`ty` 21): every pixel the colour, its alpha times `opacity` (0 ... 1).
    case fill(color: AnimatedNumbers, opacity: AnimatedNumbers)
    /// Tint (`ty` 20): black mapped to one colour, white to another, by luminance; mixed in by
    /// `amount` percent.
    case tint(black: AnimatedNumbers, white: AnimatedNumbers, amount: AnimatedNumbers)
    /// Tritone (`ty` 23): shadows, midtones and highlights mapped to three colours; `blend`
    /// percent of the original kept.
    case tritone(highlights: AnimatedNumbers, midtones: AnimatedNumbers, shadows: AnimatedNumbers, blend: AnimatedNumbers)
    /// Drop shadow (`ty` 25): the layer's silhouette in `color` at `opacity` (0 ... 255),
    /// `distance` away towards `direction` (degrees clockwise from up), blurred by `softness`;
    /// with `shadowOnly`, the layer itself is not drawn.
    case dropShadow(color: AnimatedNumbers, opacity: AnimatedNumbers, direction: AnimatedNumbers, distance: AnimatedNumbers,
                    softness: AnimatedNumbers, shadowOnly: AnimatedNumbers)
    /// Gaussian blur (`ty` 29): `blurriness` in the layer's units.
    case gaussianBlur(blurriness: AnimatedNumbers)
    /// Stroke (`ty` 22): the layer's mask paths stroked.
    case stroke(StrokeEffect)

    /// After Effects' blurriness and softness to a Gaussian's standard deviation: ThorVG,
    /// lottie-web and Skottie convert blurriness so, ThorVG and Skottie softness too (lottie-web
    /// takes a quarter of the softness).
    static let blurrinessToSigma = 0.3
    /// The farthest a drop shadow is cast, in the layer's units: a documented clamp.
    static let maximumDistance = 100_000.0
}

/// The stroke effect (`ty` 22): one mask's path (`path`, counted from 1 among all the layer's
/// masks, those of mode none included) or all of them stroked with round caps and joins,
/// `brushSize` either side of the path (twice it wide, as lottie-web and ThorVG draw it), trimmed
/// to `start` ... `end` percent (all masks end to end when `sequential`), in `color` at `opacity`
/// (0 ... 1): over the layer (`style` 1), alone (2), or revealing the layer where it paints (3).
/// Hardness and spacing are not read (neither reference player reads them).
struct StrokeEffect: Sendable {
    var path: AnimatedNumbers
    var allMasks: AnimatedNumbers
    var sequential: AnimatedNumbers
    var color: AnimatedNumbers
    var brushSize: AnimatedNumbers
    var opacity: AnimatedNumbers
    var start: AnimatedNumbers
    var end: AnimatedNumbers
    var style: AnimatedNumbers
}

/// One of a layer's effects as the property tree sees it: its name and its parameters' values
/// (`ef[i].v`) by name, in order.
struct LottieEffectValues: Sendable {
    var name: String
    var matchName: String
    var parameters: [(name: String, matchName: String, value: AnimatedNumbers)] = []
}

/// What a layer draws.
enum LayerContent: Sendable {
    case none
    case shapes([ShapeItem])
    case solid(Color, width: Double, height: Double)
    case precomposition(index: Int, width: Double, height: Double, timeRemap: AnimatedNumbers?)
    /// An image asset, by its position in `LottieAnimation.images`.
    case image(index: Int)
    /// Text drawn with the file's glyphs.
    case text(LottieTextContent<TextDocument>)
    /// Text set in a font through the text stack, at draw time.
    case fontText(LottieTextContent<FontTextDocument>)
}

/// An image asset: where its pixels come from (a `data:` URI, or a file beside the animation)
/// and the size it is drawn at in its layer.
struct ImageAsset: Sendable {
    var id: String
    var source: String
    var width: Double
    var height: Double
}

/// One layer of a composition, its times in the composition's frames.
struct LottieLayer: Sendable {
    var name: String
    /// The layer type as listings name it: precomposition, solid, image, null, shape, text.
    var typeName: String
    /// The layer's `ind`, which `parent` refers to.
    var index: Int?
    var parent: Int?
    var inPoint: Double
    var outPoint: Double
    var startTime: Double
    var stretch: Double
    var hidden: Bool
    /// Only a track matte for the layer below (`td`): not drawn itself.
    var isMatteSource: Bool
    var transform: LottieTransform
    var content: LayerContent
    /// The layer's masks, in order (`masksProperties`; those of mode `n` left out).
    var masks: [LottieMask] = []
    /// Every mask's path, those of mode `n` included: what the stroke effect strokes.
    var maskPaths: [AnimatedShape] = []
    /// How the layer's track matte multiplies it (`tt`), and the matte layer's `ind` when the
    /// file names it (`tp`; otherwise the layer above is the matte).
    var matte: Group.Matte?
    var matteSource: Int?
    /// How the layer (after its matte) combines with what lies under it (`bm`).
    var blendMode = BlendMode.normal
    /// The layer's effects that Cadence draws, in order (`ef`).
    var effects: [LayerEffect] = []
    /// All the layer's effects, expression controls too, with their parameters by name.
    var effectValues: [LottieEffectValues] = []

    /// The frame a precomposition layer shows of its precomposition at its composition's `frame`
    /// (without time remapping).
    func localFrame(_ frame: Double) -> Double {
        (frame - startTime) / stretch
    }
}

/// A composition: the root or a precomposition asset.
struct Composition: Sendable {
    var layers: [LottieLayer]
    /// Each layer's parent as a position in `layers` (nil: none), resolved when read.
    var parents: [Int?]
    /// Each matted layer's matte as a position in `layers`, resolved when read.
    var mattes: [Int?]
}
