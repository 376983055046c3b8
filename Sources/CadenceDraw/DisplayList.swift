/// A rounded rectangle, filled and optionally stroked.
///
/// The stroke lies inside `rect`, as a `CALayer` border does: a 2-pixel stroke on a 100-pixel-wide
/// rectangle leaves 96 pixels of fill. Corners narrower than the stroke become square inside.
///
/// `rect`, the radius and the stroke are in the shape's local space; `transform` maps that space
/// to the frame's pixels. Edges stay one pixel soft however the transform rotates or scales.
public struct RoundedRect: Sendable, Hashable {
    public var rect: Rect
    public var cornerRadius: Double
    public var fill: Color
    public var stroke: Color
    public var strokeWidth: Double
    public var transform: AffineTransform

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
    public var start: Point
    public var end: Point
    public var width: Double
    public var color: Color
    public var transform: AffineTransform

    public init(from start: Point, to end: Point, width: Double, color: Color, transform: AffineTransform = .identity) {
        self.start = start
        self.end = end
        self.width = width
        self.color = color
        self.transform = transform
    }
}

/// An image drawn into a rectangle, showing the `source` part of it (in pixels), faded by `alpha`.
///
/// `key` names the image for the renderer's texture cache: the same key means the same pixels.
/// `rect` is in local space, mapped to pixels by `transform`.
public struct ImageDraw: Sendable, Hashable {
    public var key: String
    public var image: RGBAImage
    public var rect: Rect
    public var source: Rect
    public var alpha: Double
    public var transform: AffineTransform

    public init(key: String, image: RGBAImage, rect: Rect, source: Rect? = nil, alpha: Double = 1, transform: AffineTransform = .identity) {
        self.key = key
        self.image = image
        self.rect = rect
        self.source = source ?? Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height))
        self.alpha = alpha
        self.transform = transform
    }

    public static func == (lhs: ImageDraw, rhs: ImageDraw) -> Bool {
        lhs.key == rhs.key && lhs.rect == rhs.rect && lhs.source == rhs.source && lhs.alpha == rhs.alpha && lhs.transform == rhs.transform
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(rect)
        hasher.combine(alpha)
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
    public var contours: [[Point]]
    public var fillRule: FillRule
    public var color: Color
    public var blur: Double

    public init(contours: [[Point]], fillRule: FillRule = .nonZero, color: Color, blur: Double = 0) {
        self.contours = contours
        self.fillRule = fillRule
        self.color = color
        self.blur = blur
    }
}

/// A blurred rounded rectangle, as a layer's shadow: the shape's coverage blurred by a Gaussian
/// of standard deviation `blur` (in local units), filled with `color`. `rect` and `cornerRadius`
/// are in local space, mapped to pixels by `transform`.
public struct Shadow: Sendable, Hashable {
    public var rect: Rect
    public var cornerRadius: Double
    public var color: Color
    public var blur: Double
    public var transform: AffineTransform

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
    public var opacity: Double
    public var mask: RoundedRect?

    public init(opacity: Double = 1, mask: RoundedRect? = nil) {
        self.opacity = opacity
        self.mask = mask
    }
}

/// One thing to draw.
public enum DrawCommand: Sendable, Hashable {
    case roundedRect(RoundedRect)
    case line(Line)
    case glyphs(GlyphRun)
    /// Drawing after this is clipped to the rectangle (within any clip already in force) until
    /// the matching `popClip`.
    case pushClip(Rect)
    case popClip
    case image(ImageDraw)
    case path(PathFill)
    case shadow(Shadow)
    /// Drawing after this, until the matching `popGroup`, is composited as one group.
    case pushGroup(Group)
    case popGroup
}

/// What one frame shows, as plain values: the scene produces it, a renderer executes it.
///
/// Commands are drawn in order, each over the ones before it.
public struct DisplayList: Sendable, Hashable {
    public var size: Size
    public var background: Color
    public internal(set) var commands: [DrawCommand] = []

    public init(size: Size, background: Color) {
        self.size = size
        self.background = background
    }

    public mutating func append(_ command: DrawCommand) {
        commands.append(command)
    }

    public mutating func roundedRect(_ shape: RoundedRect) {
        commands.append(.roundedRect(shape))
    }

    public mutating func line(_ line: Line) {
        commands.append(.line(line))
    }

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
                lines.append(line)
            case .popGroup:
                lines.append("end group")
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
    public var path: String
    public var faceIndex: Int
    public var pixelSize: Double

    public init(path: String, faceIndex: Int, pixelSize: Double) {
        self.path = path
        self.faceIndex = faceIndex
        self.pixelSize = pixelSize
    }
}

/// Glyphs of one face and colour, each placed by its baseline origin, in local space mapped to
/// pixels by `transform`. Untransformed runs are snapped to the pixel grid for crisp text.
public struct GlyphRun: Sendable, Hashable {
    public var font: GlyphFont
    public var glyphs: [UInt32]
    public var positions: [Point]
    public var color: Color
    public var transform: AffineTransform

    public init(font: GlyphFont, glyphs: [UInt32], positions: [Point], color: Color, transform: AffineTransform = .identity) {
        self.font = font
        self.glyphs = glyphs
        self.positions = positions
        self.color = color
        self.transform = transform
    }
}
