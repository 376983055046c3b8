#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A colour at an offset along a gradient.
public struct GradientStop: Sendable, Hashable {
    /// Where along the gradient, 0 ... 1.
    public var offset: Double
    /// The colour there (straight alpha).
    public var color: Color

    public init(offset: Double, color: Color) {
        self.offset = offset
        self.color = color
    }
}

/// A gradient paint, in the frame's pixels (or the units of the list it is in, mapped with the
/// geometry): colours between stops are interpolated in straight sRGB, then premultiplied, and
/// the ends pad (points before the start take the first stop's colour, after the end the last's).
///
/// - `linear`: offset 0 at `start`, 1 at `end`, constant along lines perpendicular to them.
/// - `radial`: a circle about `start` through `end`; offset 0 at `focus` (the centre unless
///   told), 1 on the circle, along each ray from the focus (SVG's focal point, After Effects'
///   highlight).
/// - `conic`: about `start`, offset 0 along the ray towards `end`, growing with the angle
///   clockwise on screen (y down) to 1 just before the same ray (CAGradientLayer's `conic`).
///
/// With a `space`, the points are in a space of their own that `space` maps to pixels: a
/// CAGradientLayer's gradient is in unit coordinates of its bounds, so on a wide layer a radial
/// gradient is an ellipse and a diagonal one's lines of equal colour follow the other diagonal.
public struct Gradient: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case linear
        case radial
        case conic
    }

    public var kind: Kind
    public var start: Point
    public var end: Point
    /// A radial gradient's focal point, inside the circle; nil for the centre.
    public var focus: Point?
    /// The stops, by increasing offset.
    public var stops: [GradientStop]
    /// Maps the gradient's own space (where `start`, `end` and `focus` are) to pixels; nil when
    /// they are in pixels.
    public var space: AffineTransform? {
        didSet { inverseSpace = space?.inverted }
    }
    /// Pixels to the gradient's space (nil without a `space`, or when it flattens everything).
    public private(set) var inverseSpace: AffineTransform?

    /// How many entries `ramp` has: one per 8-bit step of the offset.
    public static let rampSize = 256

    public init(kind: Kind, start: Point, end: Point, focus: Point? = nil, stops: [GradientStop], space: AffineTransform? = nil) {
        self.kind = kind
        self.start = start
        self.end = end
        self.focus = focus
        self.stops = stops
        self.space = space
        inverseSpace = space?.inverted
    }

    /// The gradient as `transform` maps what it paints, exactly, as Core Graphics, SVG, rlottie
    /// and ThorVG paint a gradient under a transform:
    /// - with a `space`, `transform` is added to it;
    /// - a linear gradient in pixels stays in pixels: an affine map keeps lines of equal colour
    ///   parallel lines, so the image is again a linear gradient, from the mapped start to the
    ///   foot of the mapped end on the new perpendicular (under a non-uniform scale or a skew the
    ///   gradient's direction is not the mapped start-to-end direction);
    /// - a radial or conic gradient in pixels has its points mapped when `transform` keeps
    ///   circles circles (a rotation, a uniform scale, a move; for a conic one, no mirror, which
    ///   would turn it the other way), and takes `transform` as its space otherwise (a circle
    ///   scaled by (1, 2) paints an ellipse).
    public func transformed(by transform: AffineTransform) -> Gradient {
        var copy = self
        if let space {
            copy.space = space.concatenating(transform)
        } else if kind == .linear {
            (copy.start, copy.end) = Self.linear(from: start, to: end, mappedBy: transform)
        } else if transform.keepsCircles, kind == .radial || transform.determinant > 0 {
            copy.start = transform.apply(to: start)
            copy.end = transform.apply(to: end)
            copy.focus = focus.map(transform.apply)
        } else {
            copy.space = transform
        }
        return copy
    }

    /// A linear gradient from `start` to `end`, as `transform` maps it: the start and end in the
    /// output of a gradient whose offset at T(p) is the offset the given one has at p. The
    /// lines of equal offset are mapped; the new direction is perpendicular to them. A
    /// transform that flattens the plane (or is not finite) maps the points alone.
    package static func linear(from start: Point, to end: Point, mappedBy transform: AffineTransform) -> (start: Point, end: Point) {
        let from = transform.apply(to: start), to = transform.apply(to: end)
        // Along the lines of equal offset in the gradient's space: (−dy, dx); where it goes.
        let (ux, uy) = (start.y - end.y, end.x - start.x)
        let (mx, my) = (transform.a * ux + transform.c * uy, transform.b * ux + transform.d * uy)
        // The new direction, perpendicular to the mapped lines.
        let (nx, ny) = (-my, mx)
        let norm = nx * nx + ny * ny
        let reach = ((to.x - from.x) * nx + (to.y - from.y) * ny) / norm
        guard norm > 0, reach.isFinite, reach != 0 else { return (from, to) }
        return (from, Point(x: from.x + reach * nx, y: from.y + reach * ny))
    }

    /// The offset (0 ... 1, padded) at the pixel (`x`, `y`).
    @inline(__always)
    public func offset(x: Double, y: Double) -> Double {
        var x = x, y = y
        if let inverseSpace {
            let point = inverseSpace.apply(to: Point(x: x, y: y))
            x = point.x
            y = point.y
        }
        let t: Double
        switch kind {
        case .linear:
            let dx = end.x - start.x, dy = end.y - start.y
            let length = dx * dx + dy * dy
            t = length > 0 ? ((x - start.x) * dx + (y - start.y) * dy) / length : 1
        case .radial:
            let rx = end.x - start.x, ry = end.y - start.y
            let radius = (rx * rx + ry * ry).squareRoot()
            guard radius > 0 else { return 1 }
            let f = focus ?? start
            let px = x - f.x, py = y - f.y
            let distance = (px * px + py * py).squareRoot()
            guard distance > 0 else { return 0 }
            // Where the ray from the focus through the point meets the circle.
            let dx = px / distance, dy = py / distance
            let ox = f.x - start.x, oy = f.y - start.y
            let b = dx * ox + dy * oy
            let c = ox * ox + oy * oy - radius * radius
            let reach = -b + max(b * b - c, 0).squareRoot()
            t = reach > 0 ? distance / reach : 1
        case .conic:
            let turn = 2 * Double.pi
            let angle = atan2(y - start.y, x - start.x) - atan2(end.y - start.y, end.x - start.x)
            let wrapped = angle - (angle / turn).rounded(.down) * turn
            t = wrapped / turn
        }
        return t.isNaN ? 0 : min(max(t, 0), 1)
    }

    /// `rampSize` premultiplied RGBA colours, 8 bits per channel, at offsets i / (rampSize − 1):
    /// what both backends look colours up in.
    public var ramp: [UInt8] {
        var bytes = [UInt8](repeating: 0, count: Self.rampSize * 4)
        guard let first = stops.first, let last = stops.last else { return bytes }
        var index = 0
        for entry in 0..<Self.rampSize {
            let t = Double(entry) / Double(Self.rampSize - 1)
            while index < stops.count - 1, stops[index + 1].offset < t { index += 1 }
            let color: Color
            if t <= first.offset {
                color = first.color
            } else if t >= last.offset || index >= stops.count - 1 {
                color = last.color
            } else {
                let a = stops[index], b = stops[index + 1]
                let span = b.offset - a.offset
                let f = span > 0 ? min(max((t - a.offset) / span, 0), 1) : 1
                color = Color(
                    red: a.color.red + (b.color.red - a.color.red) * f, green: a.color.green + (b.color.green - a.color.green) * f,
                    blue: a.color.blue + (b.color.blue - a.color.blue) * f, alpha: a.color.alpha + (b.color.alpha - a.color.alpha) * f
                )
            }
            let p = color.premultiplied
            for (channel, value) in [p.red, p.green, p.blue, p.alpha].enumerated() {
                bytes[entry * 4 + channel] = UInt8(value.isFinite ? min(max(value * 255 + 0.5, 0), 255) : 0)
            }
        }
        return bytes
    }
}
