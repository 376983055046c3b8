/// A projective transform of the plane (a homography), the 2-D shadow of a `CATransform3D` with
/// perspective once a layer is flattened into its parent's plane: a point (x, y) maps to
/// ((x·m11 + y·m21 + m31) / w, (x·m12 + y·m22 + m32) / w), where w = x·m13 + y·m23 + m33.
///
/// Row vectors, as `AffineTransform` and Core Animation have them: `T.concatenating(U)` applies
/// `T` first. Points where w ≤ 0 lie behind the eye: they map nowhere (`apply(to:)` gives nil),
/// and `boundingBox(of:)` clips a rectangle to the plane in front of the eye first.
public struct ProjectiveTransform: Sendable, Hashable {
    public var m11, m12, m13: Double
    public var m21, m22, m23: Double
    public var m31, m32, m33: Double

    /// The transform with these nine entries (row-vector order: row 3 is the translation).
    public init(m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double, m31: Double, m32: Double, m33: Double) {
        (self.m11, self.m12, self.m13) = (m11, m12, m13)
        (self.m21, self.m22, self.m23) = (m21, m22, m23)
        (self.m31, self.m32, self.m33) = (m31, m32, m33)
    }

    /// The affine transform as a projective one.
    public init(_ t: AffineTransform) {
        self.init(m11: t.a, m12: t.b, m13: 0, m21: t.c, m22: t.d, m23: 0, m31: t.tx, m32: t.ty, m33: 1)
    }

    /// Maps every point to itself.
    public static let identity = ProjectiveTransform(.identity)

    /// The same transform as an affine one, when it is one (no perspective: m13 = m23 = 0, m33 ≠ 0).
    public var affine: AffineTransform? {
        guard m13 == 0, m23 == 0, m33 != 0 else { return nil }
        return AffineTransform(a: m11 / m33, b: m12 / m33, c: m21 / m33, d: m22 / m33, tx: m31 / m33, ty: m32 / m33)
    }

    /// Whether every entry is a finite number.
    public var isFinite: Bool {
        m11.isFinite && m12.isFinite && m13.isFinite && m21.isFinite && m22.isFinite && m23.isFinite && m31.isFinite && m32.isFinite && m33.isFinite
    }

    /// `self`, then `other`.
    public func concatenating(_ o: ProjectiveTransform) -> ProjectiveTransform {
        ProjectiveTransform(
            m11: m11 * o.m11 + m12 * o.m21 + m13 * o.m31, m12: m11 * o.m12 + m12 * o.m22 + m13 * o.m32, m13: m11 * o.m13 + m12 * o.m23 + m13 * o.m33,
            m21: m21 * o.m11 + m22 * o.m21 + m23 * o.m31, m22: m21 * o.m12 + m22 * o.m22 + m23 * o.m32, m23: m21 * o.m13 + m22 * o.m23 + m23 * o.m33,
            m31: m31 * o.m11 + m32 * o.m21 + m33 * o.m31, m32: m31 * o.m12 + m32 * o.m22 + m33 * o.m32, m33: m31 * o.m13 + m32 * o.m23 + m33 * o.m33
        )
    }

    /// `self`, then the affine `other`.
    public func concatenating(_ other: AffineTransform) -> ProjectiveTransform {
        concatenating(ProjectiveTransform(other))
    }

    /// The homogeneous image of (x, y): (X, Y, W), the point being (X / W, Y / W).
    public func homogeneous(_ x: Double, _ y: Double) -> (x: Double, y: Double, w: Double) {
        (x * m11 + y * m21 + m31, x * m12 + y * m22 + m32, x * m13 + y * m23 + m33)
    }

    /// Where `point` goes; nil when it lies behind the eye (w ≤ 0) or maps to no number.
    public func apply(to point: Point) -> Point? {
        let (x, y, w) = homogeneous(point.x, point.y)
        guard w > 0 else { return nil }
        let mapped = Point(x: x / w, y: y / w)
        return mapped.x.isFinite && mapped.y.isFinite ? mapped : nil
    }

    /// The determinant of the 3 × 3 matrix; 0 for a transform that flattens the plane.
    public var determinant: Double {
        m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31)
    }

    /// The inverse (scaled so that it is one), or nil when the transform flattens the plane or is
    /// not finite.
    public var inverted: ProjectiveTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let inverse = ProjectiveTransform(
            m11: (m22 * m33 - m23 * m32) / det, m12: (m13 * m32 - m12 * m33) / det, m13: (m12 * m23 - m13 * m22) / det,
            m21: (m23 * m31 - m21 * m33) / det, m22: (m11 * m33 - m13 * m31) / det, m23: (m13 * m21 - m11 * m23) / det,
            m31: (m21 * m32 - m22 * m31) / det, m32: (m12 * m31 - m11 * m32) / det, m33: (m11 * m22 - m12 * m21) / det
        )
        return inverse.isFinite ? inverse : nil
    }

    /// The part of the plane in front of the eye, where w ≥ this: closer than that, points map
    /// so far out that they are clipped away (a plane edge-on to the eye shows nothing).
    public static let nearestW = 1e-6

    /// `rect`'s outline clipped to where w ≥ `nearestW`, then mapped: a convex polygon of up to
    /// 5 corners, in order; empty when none of the rectangle lies in front of the eye.
    public func projectedOutline(of rect: Rect) -> [Point] {
        let corners = [
            Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
            Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY),
        ]
        let homogeneous = corners.map { self.homogeneous($0.x, $0.y) }
        var clipped: [(x: Double, y: Double, w: Double)] = []
        for index in 0..<4 {
            let a = homogeneous[index], b = homogeneous[(index + 1) % 4]
            let aIn = a.w >= Self.nearestW, bIn = b.w >= Self.nearestW
            if aIn { clipped.append(a) }
            if aIn != bIn {
                // Where the edge crosses w = nearestW.
                let t = (Self.nearestW - a.w) / (b.w - a.w)
                clipped.append((a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, Self.nearestW))
            }
        }
        return clipped.compactMap { corner in
            let point = Point(x: corner.x / corner.w, y: corner.y / corner.w)
            return point.x.isFinite && point.y.isFinite ? point : nil
        }
    }

    /// The smallest axis-aligned rectangle holding what shows of `rect` (its part in front of the
    /// eye) once mapped; nil when none of it shows.
    public func boundingBox(of rect: Rect) -> Rect? {
        let outline = projectedOutline(of: rect)
        guard var minX = outline.first?.x, var minY = outline.first?.y else { return nil }
        var maxX = minX, maxY = minY
        for point in outline.dropFirst() {
            minX = min(minX, point.x)
            maxX = max(maxX, point.x)
            minY = min(minY, point.y)
            maxY = max(maxY, point.y)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// How many output units one unit along local x and along local y becomes at `point` (the
    /// lengths of the Jacobian's columns there); zero behind the eye.
    public func axisScales(at point: Point) -> (x: Double, y: Double) {
        let (x, y, w) = homogeneous(point.x, point.y)
        guard w > 0 else { return (0, 0) }
        let dxdu = (m11 * w - x * m13) / (w * w), dydu = (m12 * w - y * m13) / (w * w)
        let dxdv = (m21 * w - x * m23) / (w * w), dydv = (m22 * w - y * m23) / (w * w)
        return ((dxdu * dxdu + dydu * dydu).squareRoot(), (dxdv * dxdv + dydv * dydv).squareRoot())
    }
}

/// A picture drawn flat, then put into the frame through a projective transform: a layer turned
/// in 3-D under perspective, flattened into its parent's plane as Core Animation flattens every
/// layer that is not a `CATransformLayer`, and as browsers composite 3-D transformed elements.
///
/// `list` is drawn alone into a transparent picture of its size (whole pixels, from its top-left
/// corner); `transform` maps the picture's pixels to the frame's. The picture is resampled
/// bilinearly, with more samples per pixel where the transform squeezes it (`samples(footprint:)`,
/// up to 4 × 4), so its edges stay about a pixel soft where the plane is foreshortened. What lies behind the
/// eye is not drawn.
public struct ProjectedPicture: Sendable, Hashable {
    /// What the picture shows, in its own pixels; drawn over transparent.
    public var list: DisplayList
    /// The picture's pixels to the frame's.
    public var transform: ProjectiveTransform

    /// The picture `list` shows, put into the frame through `transform`.
    public init(list: DisplayList, transform: ProjectiveTransform) {
        self.list = list
        self.transform = transform
    }

    /// The picture's rectangle, in its own pixels.
    public var rect: Rect { Rect(x: 0, y: 0, width: list.size.width, height: list.size.height) }

    /// The largest picture side, in pixels: what a list asks beyond it is cut.
    public static let maximumSide = 4096.0

    /// The picture's size in whole pixels: the list's size rounded up, each side within
    /// 0 ... `maximumSide` (0 for a size that is not a number).
    public var pixelSize: (width: Int, height: Int) {
        func side(_ value: Double) -> Int {
            guard value.isFinite, value > 0 else { return 0 }
            return Int(Swift.min(value, Self.maximumSide).rounded(.up))
        }
        return (side(list.size.width), side(list.size.height))
    }

    /// How many samples along each axis of a frame pixel where the transform shrinks the
    /// picture by `footprint` picture pixels per frame pixel: one bilinear sample spans two
    /// picture pixels, so 1 up to a footprint of 2, then one more per two pixels, up to 4.
    public static func samples(footprint: Double) -> Int {
        samples(squaredFootprint: footprint * footprint)
    }

    /// `samples(footprint:)` of the footprint's square (no square root per pixel).
    @inline(__always)
    public static func samples(squaredFootprint squared: Double) -> Int {
        if squared <= 4 { return 1 }
        if squared <= 16 { return 2 }
        if squared <= 36 { return 3 }
        return 4
    }}
