import CadenceAnimation
import CadenceDraw

/// An animatable property holding numbers: a scalar (rotation, opacity), a vector (position,
/// scale, colour) or a gradient's packed stops, on the one keyframe track. Its value at a frame (in
/// the layer's frames) is computed, never accumulated.
typealias AnimatedNumbers = KeyframeTrack<[Double]>

/// One keyframe of numbers, resolved when read.
typealias NumberKeyframe = Keyframe<[Double]>

/// An animatable path (`sh`'s `ks`, a mask's `pt`), on the one keyframe track.
typealias AnimatedShape = KeyframeTrack<BezierShape>

/// One keyframe of a path property.
typealias ShapeKeyframe = Keyframe<BezierShape>

/// A Bézier path as Lottie stores it: vertices, and each vertex's in and out tangents relative
/// to it; `closed` joins the last vertex back to the first with a curve.
struct BezierShape: Sendable, Hashable {
    var vertices: [SIMD2<Double>]
    var inTangents: [SIMD2<Double>]
    var outTangents: [SIMD2<Double>]
    var closed: Bool

    static let empty = BezierShape(vertices: [], inTangents: [], outTangents: [], closed: false)

    /// The path, in the shape's coordinates.
    var path: Path {
        guard let first = vertices.first else { return Path() }
        var elements: [Path.Element] = [.move(Point(first))]
        elements.reserveCapacity(vertices.count + 2)
        let count = vertices.count
        func segment(_ from: Int, _ to: Int) {
            let a = vertices[from], b = vertices[to]
            let c1 = a + outTangents[from], c2 = b + inTangents[to]
            if c1 == a && c2 == b {
                elements.append(.line(Point(b)))
            } else {
                elements.append(.curve(control1: Point(c1), control2: Point(c2), to: Point(b)))
            }
        }
        for index in 1..<max(count, 1) { segment(index - 1, index) }
        if closed {
            if count > 1 { segment(count - 1, 0) }
            elements.append(.close)
        }
        return Path(elements: elements)
    }

    /// This shape `t` of the way to `other`, vertex by vertex; when they differ in vertex count
    /// the start shape holds, as After Effects does.
    func interpolated(to other: BezierShape, _ t: Double) -> BezierShape {
        guard other.vertices.count == vertices.count else { return self }
        func mix(_ a: [SIMD2<Double>], _ b: [SIMD2<Double>]) -> [SIMD2<Double>] {
            zip(a, b).map { $0 + ($1 - $0) * t }
        }
        return BezierShape(
            vertices: mix(vertices, other.vertices), inTangents: mix(inTangents, other.inTangents),
            outTangents: mix(outTangents, other.outTangents), closed: closed
        )
    }
}

extension BezierShape: KeyframeValue {
    /// Vertex by vertex, by the easing of dimension 0 (see `interpolated(to:_:)`).
    static func value(in keyframe: Keyframe<BezierShape>, at t: Double) -> BezierShape {
        keyframe.start.interpolated(to: keyframe.end, keyframe.easing.progress(t, dimension: 0))
    }
}

extension Point {
    init(_ vector: SIMD2<Double>) {
        self.init(x: vector.x, y: vector.y)
    }
}
