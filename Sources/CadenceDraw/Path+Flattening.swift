extension Path {
    /// The path with its curves replaced by straight segments, so that no point of a true curve
    /// lies farther than `tolerance` from the polyline: one `Polyline` per subpath.
    ///
    /// - A curve splits into equal parameter steps, as many as its control polygon's bend needs
    ///   (from the bound on a Bézier's second derivative), at least 1 and at most 1024: huge,
    ///   infinite or NaN coordinates cost at most 1024 segments per curve and never trap.
    /// - A subpath is a `.move` and what follows up to the next `.move`; one with nothing drawn
    ///   after its `.move` is left out. `closed` is true when it ended with `.close`, and then the
    ///   last point is not repeated when it equals the first.
    /// - Drawing elements before any `.move` start at (0, 0), as SVG's initial current point.
    public func flattened(tolerance: Double = 0.25) -> [Polyline] {
        var result: [Polyline] = []
        var points: [Point] = []
        var drew = false
        var current = SIMD2<Double>(0, 0)
        var subpathStart = current

        func finish(closed: Bool) {
            if drew {
                if closed, points.count > 1, points.last == points.first { points.removeLast() }
                result.append(Polyline(points: points, closed: closed))
            }
            points = []
            drew = false
        }
        func begin() {
            if points.isEmpty { points.append(current._point) }
            drew = true
        }

        for element in elements {
            switch element {
            case .move(let point):
                finish(closed: false)
                current = SIMD2(point)
                subpathStart = current
                points = [point]
            case .line(let point):
                begin()
                points.append(point)
                current = SIMD2(point)
            case .quadCurve(let control, let end):
                begin()
                let (p0, p1, p2) = (current, SIMD2(control), SIMD2(end))
                let bend = (p0 - p1 * 2 + p2)._length
                // |B''| = 2·bend; a chord of parameter width h strays at most h²/8·|B''|.
                let count = _boundedCount((bend / (4 * tolerance)).squareRoot())
                for step in 1..<count {
                    let t = Double(step) / Double(count)
                    let u = 1 - t
                    points.append((p0 * (u * u) + p1 * (2 * u * t) + p2 * (t * t))._point)
                }
                points.append(end)
                current = p2
            case .curve(let control1, let control2, let end):
                begin()
                let (p0, p1, p2, p3) = (current, SIMD2(control1), SIMD2(control2), SIMD2(end))
                let bend = max((p0 - p1 * 2 + p2)._length, (p1 - p2 * 2 + p3)._length)
                // |B''| ≤ 6·bend; a chord of parameter width h strays at most h²/8·|B''|.
                let count = _boundedCount((0.75 * bend / tolerance).squareRoot())
                for step in 1..<count {
                    let t = Double(step) / Double(count)
                    let u = 1 - t
                    let point = p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t)
                    points.append(point._point)
                }
                points.append(end)
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
