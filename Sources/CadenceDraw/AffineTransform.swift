#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A 2D affine transform, as `CGAffineTransform`: a point (x, y) maps to
/// (a·x + c·y + tx, b·x + d·y + ty).
///
/// `concatenating(_:)` applies `self` first, then the other, as Core Graphics does:
/// `T.concatenating(U)` maps p to U(T(p)).
///
/// ```swift
/// let t = AffineTransform(translationX: 10, y: 0).concatenating(AffineTransform(scaleX: 2, y: 2))
/// t.apply(to: Point(x: 1, y: 1))  // (22, 2)
/// ```
public struct AffineTransform: Sendable, Hashable {
    /// The matrix's first column, x part: x scale (with rotation, its cosine).
    public var a: Double
    /// The matrix's first column, y part: how x feeds into y.
    public var b: Double
    /// The matrix's second column, x part: how y feeds into x.
    public var c: Double
    /// The matrix's second column, y part: y scale (with rotation, its cosine).
    public var d: Double
    /// Translation along x, added after the linear part.
    public var tx: Double
    /// Translation along y, added after the linear part.
    public var ty: Double

    /// The transform with these six entries, as `CGAffineTransform(a:b:c:d:tx:ty:)`.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// Maps every point to itself.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by (`tx`, `ty`).
    public init(translationX tx: Double, y ty: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// A scale by `sx` along x and `sy` along y, about the origin.
    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians; positive turns clockwise on screen (y grows downwards), as
    /// `CGAffineTransform(rotationAngle:)` does in UIKit.
    public init(rotation angle: Double) {
        let cosine = cos(angle)
        let sine = sin(angle)
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// Whether the transform maps every point to itself.
    public var isIdentity: Bool { self == .identity }

    /// True when the transform only moves and scales (no rotation or skew): axis-aligned
    /// rectangles stay axis-aligned.
    public var isAxisAligned: Bool { b == 0 && c == 0 }

    /// True when the transform maps circles to circles: a move, a rotation and one scale for
    /// both axes, possibly mirrored (the linear part is a multiple of a rotation or of a
    /// reflection), to within a relative 10⁻⁹ of its size. False when it flattens the plane.
    public var keepsCircles: Bool {
        let size = max(abs(a), abs(b), abs(c), abs(d))
        guard size > 0, size.isFinite else { return false }
        let tolerance = size * 1e-9
        let rotation = abs(a - d) <= tolerance && abs(b + c) <= tolerance
        let reflection = abs(a + d) <= tolerance && abs(b - c) <= tolerance
        return rotation || reflection
    }

    /// `self`, then `other`.
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty
        )
    }

    /// Moves by (tx, ty) before `self`: `T.translatedBy(x, y)` maps p to T(p + (x, y)).
    public func translatedBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// Where `point` goes: (a·x + c·y + tx, b·x + d·y + ty).
    public func apply(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// a·d − b·c: the factor by which areas grow; 0 for a transform that flattens the plane.
    public var determinant: Double { a * d - b * c }

    /// The inverse, or nil when the transform flattens the plane (or is not finite).
    public var inverted: AffineTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        return AffineTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det
        )
    }

    /// How long a unit step along local x and along local y is in the output: the lengths of the
    /// matrix's columns. A one-pixel anti-aliasing fringe is 1 / scale local units wide.
    public var axisScales: (x: Double, y: Double) {
        ((a * a + b * b).squareRoot(), (c * c + d * d).squareRoot())
    }

    /// The smallest axis-aligned rectangle that holds `rect` transformed.
    public func boundingBox(of rect: Rect) -> Rect {
        if isAxisAligned, a > 0, d > 0 {
            return Rect(x: rect.minX * a + tx, y: rect.minY * d + ty, width: rect.width * a, height: rect.height * d)
        }
        let corners = [
            apply(to: Point(x: rect.minX, y: rect.minY)), apply(to: Point(x: rect.maxX, y: rect.minY)),
            apply(to: Point(x: rect.minX, y: rect.maxY)), apply(to: Point(x: rect.maxX, y: rect.maxY)),
        ]
        var minX = corners[0].x
        var maxX = minX
        var minY = corners[0].y
        var maxY = minY
        for corner in corners.dropFirst() {
            minX = min(minX, corner.x)
            maxX = max(maxX, corner.x)
            minY = min(minY, corner.y)
            maxY = max(maxY, corner.y)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
