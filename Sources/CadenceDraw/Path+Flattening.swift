extension Path {
    /// The most points one path flattens into: past it, every further curve is its chord. A
    /// million points is far more than any screen shows, and keeps the stroke outline and the
    /// coverage of an absurd path (30,000 curves of 1024 segments each took 34 s and 8.7 GiB for
    /// one frame) within a fraction of a second and a few hundred MiB.
    public static let maximumFlattenedPoints = 1 << 20

    /// The path with its curves replaced by straight segments, so that no point of a true curve
    /// that can show lies farther than `tolerance` from the polyline: one `Polyline` per subpath.
    ///
    /// - A curve splits into equal parameter steps, as many as its control polygon's bend needs
    ///   (from the bound on a Bézier's second derivative), at least 1 and at most 1024: huge,
    ///   infinite or NaN coordinates cost at most 1024 segments per curve and never trap.
    /// - A curve's ends are its own; the points between are moved off it, outwards by two thirds of
    ///   a chord's bulge, so that the chords cross the curve and the polygon keeps its area (a fill
    ///   whose points were all on the curve would sit inside it: a circle 0.1 px small at 0.25).
    /// - With `visible` (where anything drawn can show, in the path's coordinates), only the parts
    ///   of curves that can reach it are flattened finely. A curve lies inside its control points'
    ///   box, so one whose box misses `visible` becomes its chord: the area between a curve and its
    ///   chord lies in that box too, so a fill's coverage inside `visible` is unchanged. A curve
    ///   whose box straddles the edge of `visible` is halved (de Casteljau) until each half is
    ///   inside, outside, or needs at most 16 segments. Curves wholly inside give the same points
    ///   as without `visible`.
    /// - `keepingLength`: a curve outside `visible` becomes up to 8 segments on the curve instead
    ///   of its chord, so that trimming and dashing, which measure length, place what shows within
    ///   a fraction of a percent of where they would without `visible` (a quarter circle measured
    ///   from 8 chords is 0.16 % short).
    /// - At most `maximumFlattenedPoints` points in all; past that, curves become chords.
    /// - A subpath is a `.move` and what follows up to the next `.move`; one with nothing drawn
    ///   after its `.move` is left out. `closed` is true when it ended with `.close`, and then the
    ///   last point is not repeated when it equals the first.
    /// - Drawing elements before any `.move` start at (0, 0), as SVG's initial current point.
    public func flattened(tolerance: Double = 0.25, visible: Rect? = nil, keepingLength: Bool = false) -> [Polyline] {
        var flattener = _Flattener(tolerance: tolerance, visible: visible.map(_Box.init), keepingLength: keepingLength)
        var result: [Polyline] = []
        var drew = false
        var current = SIMD2<Double>(0, 0)
        var subpathStart = current

        func finish(closed: Bool) {
            if drew {
                var points = flattener.points
                if closed, points.count > 1, points.last == points.first { points.removeLast() }
                result.append(Polyline(points: points, closed: closed))
            }
            flattener.points = []
            drew = false
        }
        func begin() {
            if flattener.points.isEmpty { flattener.append(current) }
            drew = true
        }

        for element in elements {
            switch element {
            case .move(let point):
                finish(closed: false)
                current = SIMD2(point)
                subpathStart = current
                flattener.points = []
                flattener.append(current)
            case .line(let point):
                begin()
                current = SIMD2(point)
                flattener.append(current)
            case .quadCurve(let control, let end):
                begin()
                // The quadratic as the cubic it is exactly: control points at 2/3 of the way to the control.
                let (p0, p2) = (current, SIMD2(end))
                flattener.quadratic(p0, SIMD2(control), p2)
                current = p2
            case .curve(let control1, let control2, let end):
                begin()
                let p3 = SIMD2(end)
                flattener.cubic(current, SIMD2(control1), SIMD2(control2), p3, depth: 0)
                current = p3
            case .close:
                begin()
                finish(closed: true)
                current = subpathStart
            }
        }
        finish(closed: false)
        return result
    }
}

/// An axis-aligned box as two corners, for the flattener's tests.
struct _Box {
    var low: SIMD2<Double>
    var high: SIMD2<Double>

    init(_ rect: Rect) {
        low = SIMD2(rect.minX, rect.minY)
        high = SIMD2(rect.maxX, rect.maxY)
    }

    init(_ points: SIMD2<Double>...) {
        low = points[0]
        high = points[0]
        for point in points.dropFirst() {
            low = pointwiseMin(low, point)
            high = pointwiseMax(high, point)
        }
    }

    /// Whether the boxes share a point; false when either holds a NaN.
    func touches(_ other: _Box) -> Bool {
        low.x <= other.high.x && other.low.x <= high.x && low.y <= other.high.y && other.low.y <= high.y
    }

    /// Whether `other` lies wholly inside this box.
    func contains(_ other: _Box) -> Bool {
        low.x <= other.low.x && other.high.x <= high.x && low.y <= other.low.y && other.high.y <= high.y
    }
}

/// Turns curves into points within a tolerance, finely only where they can show.
struct _Flattener {
    let tolerance: Double
    let visible: _Box?
    let keepingLength: Bool
    var points: [Point] = []
    /// Points added so far, over every subpath.
    private var total = 0

    /// Pieces needing at most this many segments are not halved further at the edge of `visible`.
    private static let smallCount = 16
    /// Halving stops this deep whatever the count (a 2⁻²⁴ piece of a curve).
    private static let maximumDepth = 24
    /// Segments of a curve outside `visible` when its length is kept.
    private static let lengthKeepingCount = 8

    init(tolerance: Double, visible: _Box?, keepingLength: Bool) {
        self.tolerance = tolerance
        self.visible = visible
        self.keepingLength = keepingLength
    }

    private var isSpent: Bool { total >= Path.maximumFlattenedPoints }

    mutating func append(_ point: SIMD2<Double>) {
        points.append(point._point)
        total += 1
    }

    mutating func quadratic(_ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>) {
        guard let visible, !isSpent else { return uniformQuadratic(p0, p1, p2, count: isSpent ? 1 : nil) }
        let box = _Box(p0, p1, p2)
        if visible.contains(box) { return uniformQuadratic(p0, p1, p2, count: nil) }
        // Elevated to a cubic, which the halving handles: the same curve.
        cubic(p0, p0 + (p1 - p0) * (2.0 / 3), p2 + (p1 - p2) * (2.0 / 3), p2, depth: 0)
    }

    /// Equal parameter steps: `count`, or as many as the bend needs.
    private mutating func uniformQuadratic(_ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, count: Int?) {
        // |B''| = 2·bend; a chord of parameter width h strays at most h²/8·|B''|.
        let second = p0 - p1 * 2 + p2
        let count = count ?? _boundedCount((second._length / (4 * tolerance)).squareRoot())
        // B'' = 2·second everywhere; each inner point moves by −h²/12·B'' (see `uniformCubic`).
        let shift = second * (-1 / (6 * Double(count * count)))
        for step in 1..<count {
            let t = Double(step) / Double(count)
            let u = 1 - t
            append(p0 * (u * u) + p1 * (2 * u * t) + p2 * (t * t) + shift)
        }
        append(p2)
    }

    mutating func cubic(_ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>, depth: Int) {
        // |B''| ≤ 6·bend; a chord of parameter width h strays at most h²/8·|B''|.
        let bend = max((p0 - p1 * 2 + p2)._length, (p1 - p2 * 2 + p3)._length)
        let count = _boundedCount((0.75 * bend / tolerance).squareRoot())
        guard !isSpent else { return append(p3) }
        guard let visible else { return uniformCubic(p0, p1, p2, p3, count: count) }
        let box = _Box(p0, p1, p2, p3)
        guard visible.touches(box) else {
            return uniformCubic(p0, p1, p2, p3, count: keepingLength ? min(count, Self.lengthKeepingCount) : 1)
        }
        if visible.contains(box) || count <= Self.smallCount || depth >= Self.maximumDepth {
            return uniformCubic(p0, p1, p2, p3, count: count)
        }
        let p01 = (p0 + p1) * 0.5, p12 = (p1 + p2) * 0.5, p23 = (p2 + p3) * 0.5
        let p012 = (p01 + p12) * 0.5, p123 = (p12 + p23) * 0.5
        let middle = (p012 + p123) * 0.5
        cubic(p0, p01, p012, middle, depth: depth + 1)
        cubic(middle, p123, p23, p3, depth: depth + 1)
    }

    /// Equal parameter steps of width h = 1 / `count`. The inner points are not on the curve but
    /// moved from it by −h²/12·B''(t), away from the centre of curvature by two thirds of a chord's
    /// bulge: the chords then cross the curve (their middles a third of the bulge in), and the
    /// polygon has the curve's area and mean position (to second order) instead of lying wholly
    /// inside it. With the points on the curve, a disc of radius 150 flattened within 0.2 filled
    /// 95 px² too little (its edge 0.1 px in); moved, 1.5 px². The ends stay on the curve.
    private mutating func uniformCubic(_ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>, count: Int) {
        // B''(t) = 6·((1 − t)·(p0 − 2p1 + p2) + t·(p1 − 2p2 + p3)).
        let scale = -1 / (2 * Double(count * count))
        let second0 = (p0 - p1 * 2 + p2) * scale, second1 = (p1 - p2 * 2 + p3) * scale
        for step in 1..<count {
            let t = Double(step) / Double(count)
            let u = 1 - t
            append(p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t) + second0 * u + second1 * t)
        }
        append(p3)
    }
}

/// Flattens one contour given segment by segment, for importers that hold curves of their own
/// (the Lottie importer's shapes) and would otherwise build a `Path` to flatten it: the same
/// points `Path.flattened(tolerance:)` gives a subpath of the same segments, without `visible`.
package struct ContourFlattener {
    private var flattener: _Flattener
    private var current = SIMD2<Double>(0, 0)

    package init(tolerance: Double) {
        flattener = _Flattener(tolerance: tolerance, visible: nil, keepingLength: false)
    }

    /// Starts a contour at `point`, with room for `capacity` points.
    package mutating func start(at point: SIMD2<Double>, capacity: Int) {
        flattener.points = []
        flattener.points.reserveCapacity(capacity)
        flattener.append(point)
        current = point
    }

    package mutating func line(to point: SIMD2<Double>) {
        flattener.append(point)
        current = point
    }

    package mutating func curve(_ control1: SIMD2<Double>, _ control2: SIMD2<Double>, to end: SIMD2<Double>) {
        flattener.cubic(current, control1, control2, end, depth: 0)
        current = end
    }

    /// The contour's points; a closed one's last point is left out when it repeats the first.
    package mutating func finish(closed: Bool) -> [Point] {
        var points = flattener.points
        flattener.points = []
        if closed, points.count > 1, points.last == points.first { points.removeLast() }
        return points
    }
}
