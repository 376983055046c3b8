/// A rounded rectangle, filled and optionally stroked.
///
/// The stroke lies inside `rect`, as a `CALayer` border does: a 2-pixel stroke on a 100-pixel-wide
/// rectangle leaves 96 pixels of fill. Corners narrower than the stroke become square inside.
///
/// `rect`, the radius and the stroke are in the shape's local space; `transform` maps that space
/// to the frame's pixels. Edges stay one pixel soft however the transform rotates or scales.
public struct RoundedRect: Sendable, Hashable {
    /// The rectangle, in local space.
    public var rect: Rect
    /// The corner radius, in local units (clamped to half the shorter side).
    public var cornerRadius: Double
    /// The fill colour.
    public var fill: Color
    /// The stroke colour, drawn inside the rectangle's edge.
    public var stroke: Color
    /// The stroke width in local units; 0 draws no stroke.
    public var strokeWidth: Double
    /// Local space to the frame's pixels.
    public var transform: AffineTransform

    /// A rounded rectangle; no stroke and no transform unless told.
    public init(
        rect: Rect, cornerRadius: Double, fill: Color, stroke: Color = .clear, strokeWidth: Double = 0,
        transform: AffineTransform = .identity
    ) {
        self.rect = rect
        self.cornerRadius = cornerRadius
        self.fill = fill
        self.stroke = stroke
        self.strokeWidth = strokeWidth
        self.transform = transform
    }
}

/// A straight line with round caps, centred on the segment from `start` to `end`, in local space
/// mapped to pixels by `transform`.
public struct Line: Sendable, Hashable {
    /// Where the line starts, in local space.
    public var start: Point
    /// Where the line ends, in local space.
    public var end: Point
    /// The line's width in local units.
    public var width: Double
    /// The line's colour.
    public var color: Color
    /// Local space to the frame's pixels.
    public var transform: AffineTransform

    /// A line from `start` to `end`, `width` wide, in `color`.
    public init(from start: Point, to end: Point, width: Double, color: Color, transform: AffineTransform = .identity) {
        self.start = start
        self.end = end
        self.width = width
        self.color = color
        self.transform = transform
    }
}

/// How an image's texels become a pixel's colour, as `CALayer.minificationFilter` and
/// `magnificationFilter` (`kCAFilterLinear`, `kCAFilterNearest`, `kCAFilterTrilinear`).
public enum ImageFilter: String, Sendable, Hashable, CaseIterable {
    /// The four texels nearest the pixel's centre, mixed by distance (bilinear).
    case linear
    /// The one texel under the pixel's centre: hard texel edges, no blending (pixel art).
    case nearest
    /// Minifying: bilinear in the two mipmap levels (each half the size of the one before, a
    /// 2 × 2 box average) nearest the shrink, mixed: no shimmer however small the image is drawn.
    /// Magnifying it is `linear`.
    case trilinear
}

/// An image drawn into a rectangle, showing the `source` part of it (in pixels), faded by `alpha`.
///
/// `key` names the image for the renderer's texture cache: the same key means the same pixels.
/// `rect` is in local space, mapped to pixels by `transform`.
public struct ImageDraw: Sendable, Hashable {
    /// The texture-cache key: the same key must mean the same pixels.
    public var key: String
    /// The pixels.
    public var image: RGBAImage
    /// Where the image is drawn, in local space.
    public var rect: Rect
    /// The part of the image shown, in its pixels.
    public var source: Rect
    /// Opacity multiplied into the image's own, 0 ... 1.
    public var alpha: Double
    /// Local space to the frame's pixels.
    public var transform: AffineTransform
    /// The filter where the image is drawn smaller than its texels (more than one texel a pixel).
    public var minificationFilter: ImageFilter
    /// The filter where it is drawn at its size or larger (`trilinear` is `linear` there).
    public var magnificationFilter: ImageFilter

    /// `image` drawn into `rect`, showing `source` (the whole image unless told), linear both ways unless told.
    public init(
        key: String, image: RGBAImage, rect: Rect, source: Rect? = nil, alpha: Double = 1, transform: AffineTransform = .identity,
        minificationFilter: ImageFilter = .linear, magnificationFilter: ImageFilter = .linear
    ) {
        self.key = key
        self.image = image
        self.rect = rect
        self.source = source ?? Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height))
        self.alpha = alpha
        self.transform = transform
        self.minificationFilter = minificationFilter
        self.magnificationFilter = magnificationFilter
    }

    public static func == (lhs: ImageDraw, rhs: ImageDraw) -> Bool {
        lhs.key == rhs.key && lhs.rect == rhs.rect && lhs.source == rhs.source && lhs.alpha == rhs.alpha && lhs.transform == rhs.transform
            && lhs.minificationFilter == rhs.minificationFilter && lhs.magnificationFilter == rhs.magnificationFilter
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(rect)
        hasher.combine(alpha)
    }

    /// Texels per frame pixel, as GL measures the footprint (ρ: the longer of the texel-space
    /// steps one pixel right and one pixel down make); 0 when the transform flattens the image.
    public var texelsPerPixel: Double {
        guard let inverse = transform.inverted, rect.width > 0, rect.height > 0 else { return 0 }
        let sx = source.width / rect.width, sy = source.height / rect.height
        let right = ((inverse.a * sx) * (inverse.a * sx) + (inverse.b * sy) * (inverse.b * sy)).squareRoot()
        let down = ((inverse.c * sx) * (inverse.c * sx) + (inverse.d * sy) * (inverse.d * sy)).squareRoot()
        return max(right, down)
    }

    /// The filter that applies: the minification filter where the image is shrunk (more than one
    /// texel a pixel), else the magnification filter (`trilinear` magnifies as `linear`).
    public var filter: ImageFilter {
        if texelsPerPixel > 1 { return minificationFilter }
        return magnificationFilter == .nearest ? .nearest : .linear
    }
}

/// How a path's inside is decided where its contours cross or nest, as SVG's `fill-rule`.
public enum FillRule: String, Sendable, Hashable, CaseIterable {
    /// Inside where the contours wind around the point a non-zero number of times.
    case nonZero
    /// Inside where a ray from the point crosses the contours an odd number of times.
    case evenOdd
}

/// An anti-aliased area bounded by closed polygons given in the frame's pixels (curves already
/// flattened, strokes already outlined), filled with one colour.
///
/// Every contour is closed implicitly (its last point joins its first). With `blur` above 0 the
/// coverage is blurred by a Gaussian of that standard deviation in pixels: a shadow.
public struct PathFill: Sendable, Hashable {
    /// The closed polygons bounding the area, in the frame's pixels.
    public var contours: [[Point]]
    /// How crossing and nested contours decide the inside.
    public var fillRule: FillRule
    /// The fill colour.
    public var color: Color
    /// The Gaussian blur's standard deviation in pixels; 0 is sharp.
    public var blur: Double
    /// A gradient painting the area instead of `color`, in the same pixels as the contours;
    /// `color`'s alpha then fades it (the gradient's own colours count, not `color`'s).
    public var gradient: Gradient?

    /// The area inside `contours`, filled with `color` (or with `gradient` faded by `color`'s alpha).
    public init(contours: [[Point]], fillRule: FillRule = .nonZero, color: Color, blur: Double = 0, gradient: Gradient? = nil) {
        self.contours = contours
        self.fillRule = fillRule
        self.color = color
        self.blur = blur
        self.gradient = gradient
    }
}

/// A blurred rounded rectangle, as a layer's shadow: the shape's coverage blurred by a Gaussian
/// of standard deviation `blur` (in local units), filled with `color`. `rect` and `cornerRadius`
/// are in local space, mapped to pixels by `transform`.
public struct Shadow: Sendable, Hashable {
    /// The shape casting the shadow, in local space.
    public var rect: Rect
    /// The shape's corner radius, in local units.
    public var cornerRadius: Double
    /// The shadow's colour (its alpha included).
    public var color: Color
    /// The Gaussian blur's standard deviation, in local units.
    public var blur: Double
    /// Local space to the frame's pixels.
    public var transform: AffineTransform

    /// The shadow of a rounded rectangle, blurred by `blur`.
    public init(rect: Rect, cornerRadius: Double, color: Color, blur: Double, transform: AffineTransform = .identity) {
        self.rect = rect
        self.cornerRadius = cornerRadius
        self.color = color
        self.blur = blur
        self.transform = transform
    }
}

/// Drawing composited as one picture: what lies between `pushGroup` and `popGroup` is drawn
/// alone into a transparent buffer, then put over the frame multiplied by `opacity` and, when
/// there is one, by the coverage of `mask` (a rounded rectangle with its own transform: a
/// rotated `masksToBounds` clip). Overlapping members therefore do not show through each other,
/// as `CALayer.allowsGroupOpacity` promises. Only the mask's coverage counts, not its colours.
public struct Group: Sendable, Hashable {
    /// The group's opacity, 0 ... 1.
    public var opacity: Double
    /// The shape the group is clipped to, with its own transform; nil for none.
    public var mask: RoundedRect?
    /// Mask paths combined into one coverage (`MaskPath.coverage(of:clip:)`) that multiplies
    /// the picture too: a Lottie layer's masks. None unless told.
    public var maskPaths: [MaskPath]
    /// How the picture of the group's last member group, when that one `isMatte`, multiplies
    /// this group's picture (a track matte); nil for none.
    public var matte: Matte?
    /// The group is the matte of the group it ends in (its last member): its picture is not
    /// composited, only read by the enclosing group's `matte`.
    public var isMatte: Bool
    /// How the picture combines with what lies under it (`CALayer.compositingFilter`); normal
    /// (source over) unless told.
    public var blendMode: BlendMode
    /// A Gaussian blur of the picture before it is composited, its standard deviation in pixels
    /// (`CALayer.filters`' blur); 0 for none. The picture spreads `3 × blur` pixels past its
    /// members.
    public var blur: Double
    /// A Gaussian blur of what lies under `backdrop` before the picture is composited over it, its
    /// standard deviation in pixels (`CALayer.backgroundFilters`: frosted glass); 0 for none.
    public var backdropBlur: Double
    /// The shape whose backdrop `backdropBlur` blurs (the layer's rounded bounds, with their
    /// transform); nil for none.
    public var backdrop: RoundedRect?
    /// A colour map on the picture, after its blur and before its opacity, masks and matte (a
    /// Lottie layer's fill, tint and tritone effects); nil for none.
    public var colorRamp: ColorRamp?

    /// What of a matte's picture multiplies the matted group's, per pixel.
    public enum Matte: String, Sendable, Hashable, CaseIterable {
        /// The matte's alpha.
        case alpha
        /// One minus the matte's alpha.
        case alphaInverted
        /// The matte's luminance (Rec. 709, of its premultiplied colour: transparent is dark).
        case luma
        /// One minus the matte's luminance.
        case lumaInverted

        /// The factor for a matte pixel of premultiplied colour (r, g, b, a), each 0 ... 1.
        public func factor(red: Double, green: Double, blue: Double, alpha: Double) -> Double {
            switch self {
            case .alpha: return alpha
            case .alphaInverted: return 1 - alpha
            case .luma: return min(max(0.2126 * red + 0.7152 * green + 0.0722 * blue, 0), 1)
            case .lumaInverted: return 1 - min(max(0.2126 * red + 0.7152 * green + 0.0722 * blue, 0), 1)
            }
        }
    }

    /// A group at `opacity`, masked by `mask` and `maskPaths` when given, through a matte when
    /// `matte` is given (its last member group, marked `isMatte`).
    public init(
        opacity: Double = 1, mask: RoundedRect? = nil, maskPaths: [MaskPath] = [], matte: Matte? = nil, isMatte: Bool = false,
        blendMode: BlendMode = .normal, blur: Double = 0, backdropBlur: Double = 0, backdrop: RoundedRect? = nil, colorRamp: ColorRamp? = nil
    ) {
        self.opacity = opacity
        self.mask = mask
        self.maskPaths = maskPaths
        self.matte = matte
        self.isMatte = isMatte
        self.blendMode = blendMode
        self.blur = blur
        self.backdropBlur = backdropBlur
        self.backdrop = backdrop
        self.colorRamp = colorRamp
    }

    /// The largest blur a group takes, in pixels of standard deviation (either kind).
    public static let maximumBlur = 100.0

    /// How far the blur spreads the picture past its members, in whole pixels: 3 standard
    /// deviations and one more (0 without a blur).
    public var blurReach: Double {
        let sigma = min(max(blur, 0), Self.maximumBlur)
        return sigma > 0 ? (3 * sigma).rounded(.up) + 1 : 0
    }

    /// The frame pixels whose backdrop the group blurs, and the reach of the blur around them:
    /// the backdrop shape's box grown by 3 standard deviations and a pixel; nil without one.
    public var backdropReach: Rect? {
        let sigma = min(max(backdropBlur, 0), Self.maximumBlur)
        guard sigma > 0, let backdrop else { return nil }
        return backdrop.transform.boundingBox(of: backdrop.rect).insetBy(-((3 * sigma).rounded(.up) + 2))
    }
}

/// One thing to draw.
public enum DrawCommand: Sendable, Hashable {
    /// A rounded rectangle.
    case roundedRect(RoundedRect)
    /// A line.
    case line(Line)
    /// Glyphs of one face and colour.
    case glyphs(GlyphRun)
    /// Drawing after this is clipped to the rectangle (within any clip already in force) until
    /// the matching `popClip`.
    case pushClip(Rect)
    /// Ends the innermost `pushClip`.
    case popClip
    /// An image.
    case image(ImageDraw)
    /// A filled area bounded by polygons.
    case path(PathFill)
    /// A blurred rounded rectangle: a layer's shadow.
    case shadow(Shadow)
    /// Drawing after this, until the matching `popGroup`, is composited as one group.
    case pushGroup(Group)
    /// Ends the innermost `pushGroup`, compositing the group.
    case popGroup
    /// A picture drawn flat, then projected into the frame: a layer turned in 3-D.
    case projected(ProjectedPicture)
}

/// What one frame shows, as plain values: the scene produces it, a renderer executes it.
///
/// Commands are drawn in order, each over the ones before it.
public struct DisplayList: Sendable, Hashable {
    /// The frame's size, in the units the commands use.
    public var size: Size
    /// What the frame is cleared to before the commands.
    public var background: Color
    /// The commands, in drawing order.
    public internal(set) var commands: [DrawCommand] = []

    /// An empty frame of `size` cleared to `background`.
    public init(size: Size, background: Color) {
        self.size = size
        self.background = background
    }

    /// Adds `command` on top of what is there.
    public mutating func append(_ command: DrawCommand) {
        commands.append(command)
    }

    /// Adds `commands` on top, in order (one growth of the list, not one a command).
    public mutating func append(contentsOf commands: [DrawCommand]) {
        self.commands.append(contentsOf: commands)
    }

    /// Adds a rounded rectangle on top.
    public mutating func roundedRect(_ shape: RoundedRect) {
        commands.append(.roundedRect(shape))
    }

    /// Adds a line on top.
    public mutating func line(_ line: Line) {
        commands.append(.line(line))
    }

    /// Adds a glyph run on top.
    public mutating func glyphs(_ run: GlyphRun) {
        commands.append(.glyphs(run))
    }

    /// Draws what `body` adds clipped to `rect`.
    public mutating func clipped(to rect: Rect, _ body: (inout DisplayList) throws -> Void) rethrows {
        commands.append(.pushClip(rect))
        try body(&self)
        commands.append(.popClip)
    }

    /// A polyline as one line per segment.
    public mutating func polyline(_ points: [Point], width: Double, color: Color) {
        for (start, end) in zip(points, points.dropFirst()) {
            line(Line(from: start, to: end, width: width, color: color))
        }
    }
}

extension DisplayList: CustomStringConvertible {
    /// One line per command, stable enough to assert on in tests.
    public var description: String {
        var lines = ["size \(format(size.width))x\(format(size.height)) background \(background)"]
        for command in commands {
            switch command {
            case .roundedRect(let shape):
                let r = shape.rect
                var line = "roundedRect [\(format(r.minX)), \(format(r.minY)), \(format(r.width)), \(format(r.height))]"
                line += " radius \(format(shape.cornerRadius)) fill \(shape.fill)"
                if shape.strokeWidth > 0 {
                    line += " stroke \(shape.stroke) width \(format(shape.strokeWidth))"
                }
                lines.append(line + describe(shape.transform))
            case .line(let line):
                lines.append(
                    "line (\(format(line.start.x)), \(format(line.start.y))) -> (\(format(line.end.x)), \(format(line.end.y)))"
                        + " width \(format(line.width)) color \(line.color)" + describe(line.transform)
                )
            case .pushClip(let r):
                lines.append("clip [\(format(r.minX)), \(format(r.minY)), \(format(r.width)), \(format(r.height))]")
            case .popClip:
                lines.append("end clip")
            case .image(let draw):
                let r = draw.rect
                lines.append("image \(draw.key) [\(format(r.minX)), \(format(r.minY)), \(format(r.width)), \(format(r.height))] alpha \(format(draw.alpha))" + describe(draw.transform))
            case .glyphs(let run):
                let origin = run.positions.first.map { "(\(format($0.x)), \(format($0.y)))" } ?? "-"
                lines.append(
                    "glyphs \(run.glyphs.count) at \(origin) size \(format(run.font.pixelSize)) color \(run.color)"
                        + " font \(run.font.path.split(separator: "/").last.map(String.init) ?? run.font.path)" + describe(run.transform)
                )
            case .path(let path):
                let points = path.contours.reduce(0) { $0 + $1.count }
                var line = "path \(path.contours.count) contours \(points) points \(path.fillRule.rawValue) color \(path.color)"
                if path.blur > 0 { line += " blur \(format(path.blur))" }
                lines.append(line)
            case .shadow(let shadow):
                let r = shadow.rect
                lines.append(
                    "shadow [\(format(r.minX)), \(format(r.minY)), \(format(r.width)), \(format(r.height))] radius \(format(shadow.cornerRadius))"
                        + " color \(shadow.color) blur \(format(shadow.blur))" + describe(shadow.transform)
                )
            case .pushGroup(let group):
                var line = "group opacity \(format(group.opacity))"
                if let mask = group.mask {
                    let r = mask.rect
                    line += " mask [\(format(r.minX)), \(format(r.minY)), \(format(r.width)), \(format(r.height))] radius \(format(mask.cornerRadius))"
                        + describe(mask.transform)
                }
                if group.blendMode != .normal { line += " blend \(group.blendMode.rawValue)" }
                if group.blur > 0 { line += " blur \(format(group.blur))" }
                if group.backdropBlur > 0 { line += " backdrop blur \(format(group.backdropBlur))" }
                lines.append(line)
            case .popGroup:
                lines.append("end group")
            case .projected(let picture):
                let t = picture.transform
                lines.append("projected \(format(picture.list.size.width))x\(format(picture.list.size.height)) \(picture.list.commands.count) commands"
                    + " transform [\([t.m11, t.m12, t.m13, t.m21, t.m22, t.m23, t.m31, t.m32, t.m33].map { format($0) }.joined(separator: ", "))]")
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// Nothing for the identity, else the matrix.
private func describe(_ t: AffineTransform) -> String {
    t.isIdentity ? "" : " transform [\(format(t.a)), \(format(t.b)), \(format(t.c)), \(format(t.d)), \(format(t.tx)), \(format(t.ty))]"
}

/// Whole numbers without a fraction, others with up to three decimals.
private func format(_ value: Double) -> String {
    if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
    let scaled = (value * 1000).rounded() / 1000
    return String(scaled)
}

/// A font face at a pixel size, as plain values: the file, the face in it, pixels per em.
public struct GlyphFont: Sendable, Hashable {
    /// The font file's path.
    public var path: String
    /// The face's index in the file (collections hold several).
    public var faceIndex: Int
    /// Pixels per em.
    public var pixelSize: Double

    /// The face `faceIndex` of the file at `path`, at `pixelSize` pixels per em.
    public init(path: String, faceIndex: Int, pixelSize: Double) {
        self.path = path
        self.faceIndex = faceIndex
        self.pixelSize = pixelSize
    }
}

/// Glyphs of one face and colour, each placed by its baseline origin, in local space mapped to
/// pixels by `transform`. Untransformed runs are snapped to the pixel grid for crisp text.
public struct GlyphRun: Sendable, Hashable {
    /// The face and size.
    public var font: GlyphFont
    /// Glyph indices in the face (not characters).
    public var glyphs: [UInt32]
    /// Each glyph's baseline origin, in local space.
    public var positions: [Point]
    /// The text colour.
    public var color: Color
    /// Local space to the frame's pixels.
    public var transform: AffineTransform

    /// A run of `glyphs` of `font` at `positions`, in `color`.
    public init(font: GlyphFont, glyphs: [UInt32], positions: [Point], color: Color, transform: AffineTransform = .identity) {
        self.font = font
        self.glyphs = glyphs
        self.positions = positions
        self.color = color
        self.transform = transform
    }
}
