/// Plane geometry for paths and strokes, on `SIMD2<Double>` so that `Point` keeps its small API.
extension SIMD2 where Scalar == Double {
    init(_ point: Point) {
        self.init(point.x, point.y)
    }

    var _point: Point { Point(x: x, y: y) }

    func _dot(_ other: Self) -> Double { x * other.x + y * other.y }

    /// The z component of the 3D cross product: positive when `other` turns clockwise on screen
    /// (y down) from `self`.
    func _cross(_ other: Self) -> Double { x * other.y - y * other.x }

    var _length: Double { (x * x + y * y).squareRoot() }

    /// Rotated a quarter turn: (x, y) becomes (−y, x).
    var _perpendicular: Self { Self(-y, x) }

    var _isFinite: Bool { x.isFinite && y.isFinite }
}

/// The unit vector along `delta` and the length of `delta`, or nil when `delta` is zero or not
/// finite; scaled first so that squaring cannot overflow.
func _direction(_ delta: SIMD2<Double>) -> (unit: SIMD2<Double>, length: Double)? {
    let scale = max(abs(delta.x), abs(delta.y))
    guard scale > 0, scale.isFinite else { return nil }
    let scaled = delta / scale
    let norm = scaled._length
    return (scaled / norm, norm * scale)
}

/// The segment count `raw` rounded up, from 1 to `limit`: NaN, infinite or huge counts become
/// `limit`, never an unchecked conversion to `Int`.
func _boundedCount(_ raw: Double, limit: Int = 1024) -> Int {
    guard raw <= Double(limit) else { return limit }
    guard raw > 1 else { return 1 }
    return Int(raw.rounded(.up))
}
