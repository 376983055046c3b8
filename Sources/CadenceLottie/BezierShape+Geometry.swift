#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CadenceDraw

/// One cubic segment of a `BezierShape`, its four points absolute.
struct Cubic: Sendable {
    var p0, p1, p2, p3: SIMD2<Double>

    /// The segment from vertex `index` to the next (the first again after the last).
    init(_ shape: BezierShape, _ index: Int) {
        let next = (index + 1) % shape.vertices.count
        p0 = shape.vertices[index]
        p1 = p0 + shape.outTangents[index]
        p3 = shape.vertices[next]
        p2 = p3 + shape.inTangents[next]
    }

    init(_ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>) {
        (self.p0, self.p1, self.p2, self.p3) = (p0, p1, p2, p3)
    }

    /// A straight segment (both handles on their ends) with its handles moved to the thirds, so
    /// that its derivative is the line's direction everywhere, as lottie-web linearises them.
    var linearised: Cubic {
        var copy = self
        if p0 == p1 { copy.p1 = p0 + (p3 - p0) / 3 }
        if p2 == p3 { copy.p2 = p0 + (p3 - p0) * 2 / 3 }
        return copy
    }

    var isLine: Bool { p0 == p1 && p2 == p3 }

    func point(_ t: Double) -> SIMD2<Double> {
        let u = 1 - t
        return p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t)
    }

    func derivative(_ t: Double) -> SIMD2<Double> {
        let u = 1 - t
        return (p1 - p0) * (3 * u * u) + (p2 - p1) * (6 * u * t) + (p3 - p2) * (3 * t * t)
    }

    /// The two halves either side of `t` (de Casteljau).
    func split(_ t: Double) -> (Cubic, Cubic) {
        let a = p0 + (p1 - p0) * t, b = p1 + (p2 - p1) * t, c = p2 + (p3 - p2) * t
        let d = a + (b - a) * t, e = b + (c - b) * t
        let f = d + (e - d) * t
        return (Cubic(p0, a, d, f), Cubic(f, e, c, p3))
    }

    /// The part between `t0` and `t1` (0 ≤ t0 ≤ t1 ≤ 1).
    func part(_ t0: Double, _ t1: Double) -> Cubic {
        if t0 <= 0 { return t1 >= 1 ? self : split(t1).0 }
        let right = split(t0).1
        if t1 >= 1 { return right }
        return right.split((t1 - t0) / (1 - t0)).0
    }

    /// The parameters in (0, 1) where the curve's curvature changes sign (none, one or two).
    var inflections: [Double] {
        let a = -p0 + 3 * p1 - 3 * p2 + p3, b = 3 * p0 - 6 * p1 + 3 * p2, c = -3 * p0 + 3 * p1
        let denominator = a.y * b.x - a.x * b.y
        guard abs(denominator) > 1e-9 else { return [] }
        let cusp = -0.5 * (a.y * c.x - a.x * c.y) / denominator
        let square = cusp * cusp - (b.y * c.x - b.x * c.y) / (3 * denominator)
        guard square >= 0, square.isFinite else { return [] }
        let root = square.squareRoot()
        if root < 1e-9 { return cusp > 0 && cusp < 1 ? [cusp] : [] }
        return [cusp - root, cusp + root].filter { $0 > 0 && $0 < 1 }
    }

    /// Cumulative lengths at `samples` even steps of t (the first 0), from a polyline through
    /// them: the table `parameter(atLength:)` reads.
    func lengthTable(samples: Int) -> [Double] {
        var table = [0.0]
        table.reserveCapacity(samples + 1)
        var previous = p0, total = 0.0
        for step in 1...samples {
            let next = point(Double(step) / Double(samples))
            total += simd_length(next - previous)
            table.append(total)
            previous = next
        }
        return table
    }

    /// The smallest box holding the control points (which holds the curve).
    var hull: (min: SIMD2<Double>, max: SIMD2<Double>) {
        (pointwiseMin(pointwiseMin(p0, p1), pointwiseMin(p2, p3)), pointwiseMax(pointwiseMax(p0, p1), pointwiseMax(p2, p3)))
    }
}

func simd_length(_ v: SIMD2<Double>) -> Double { (v.x * v.x + v.y * v.y).squareRoot() }

/// The parameter at `length` along a segment from its `lengthTable`.
func parameter(atLength length: Double, table: [Double]) -> Double {
    let samples = table.count - 1
    guard samples > 0, let total = table.last, total > 0 else { return 0 }
    if length <= 0 { return 0 }
    if length >= total { return 1 }
    var low = 0, high = samples
    while high - low > 1 {
        let middle = (low + high) / 2
        if table[middle] < length { low = middle } else { high = middle }
    }
    let span = table[high] - table[low]
    let within = span > 0 ? (length - table[low]) / span : 0
    return (Double(low) + within) / Double(samples)
}

extension BezierShape {
    /// The shapes of `path`'s contours: a line is a vertex with no tangents, a curve sets the
    /// handles either side, and a contour ending where it started closes on its first vertex.
    static func shapes(of path: Path) -> [BezierShape] {
        var shapes: [BezierShape] = []
        var current = BezierShape.empty
        func finish(closed: Bool) {
            guard !current.vertices.isEmpty else { return }
            if closed, current.vertices.count > 1, current.vertices.last == current.vertices.first {
                current.inTangents[0] = current.inTangents.removeLast()
                current.vertices.removeLast()
                current.outTangents.removeLast()
            }
            current.closed = closed
            shapes.append(current)
            current = .empty
        }
        let room = path.elements.count
        func add(_ point: SIMD2<Double>, inTangent: SIMD2<Double> = .zero) {
            if current.vertices.isEmpty {
                // Room for every element's vertex at once, not grown by doubling.
                current.vertices.reserveCapacity(room)
                current.inTangents.reserveCapacity(room)
                current.outTangents.reserveCapacity(room)
            }
            current.vertices.append(point)
            current.inTangents.append(inTangent)
            current.outTangents.append(.zero)
        }
        for element in path.elements {
            switch element {
            case .move(let point):
                finish(closed: false)
                add(SIMD2(point.x, point.y))
            case .line(let point):
                if current.vertices.isEmpty { add(.zero) }
                add(SIMD2(point.x, point.y))
            case .quadCurve(let control, let end):
                if current.vertices.isEmpty { add(.zero) }
                let from = current.vertices[current.vertices.count - 1]
                let c = SIMD2(control.x, control.y), to = SIMD2(end.x, end.y)
                current.outTangents[current.vertices.count - 1] = (c - from) * 2 / 3
                add(to, inTangent: (c - to) * 2 / 3)
            case .curve(let control1, let control2, let end):
                if current.vertices.isEmpty { add(.zero) }
                let from = current.vertices[current.vertices.count - 1]
                current.outTangents[current.vertices.count - 1] = SIMD2(control1.x, control1.y) - from
                let to = SIMD2(end.x, end.y)
                add(to, inTangent: SIMD2(control2.x, control2.y) - to)
            case .close:
                finish(closed: true)
            }
        }
        finish(closed: false)
        return shapes
    }

    /// How many segments the shape has: one per vertex when closed, one fewer when open.
    var segmentCount: Int {
        vertices.isEmpty ? 0 : (closed ? vertices.count : vertices.count - 1)
    }

    /// The signed area of the shape's control polygon (each segment's end points and
    /// handles, closed), by the shoelace formula: positive when it turns clockwise on a y-down
    /// screen. Its sign tells which way the shape turns.
    var signedArea: Double {
        var points: [SIMD2<Double>] = []
        points.reserveCapacity(vertices.count * 3)
        for index in 0..<vertices.count {
            points.append(vertices[index])
            guard index + 1 < vertices.count || closed else { break }
            let next = (index + 1) % vertices.count
            points.append(vertices[index] + outTangents[index])
            points.append(vertices[next] + inTangents[next])
        }
        guard points.count > 2 else { return 0 }
        var twice = 0.0
        for index in points.indices {
            let a = points[index], b = points[(index + 1) % points.count]
            twice += a.x * b.y - b.x * a.y
        }
        return twice / 2
    }

    /// The shape mapped through `matrix`: vertices as points, tangents as directions.
    func applying(_ matrix: AffineTransform) -> BezierShape {
        if matrix.isIdentity { return self }
        func point(_ v: SIMD2<Double>) -> SIMD2<Double> {
            SIMD2(matrix.a * v.x + matrix.c * v.y + matrix.tx, matrix.b * v.x + matrix.d * v.y + matrix.ty)
        }
        func direction(_ v: SIMD2<Double>) -> SIMD2<Double> {
            SIMD2(matrix.a * v.x + matrix.c * v.y, matrix.b * v.x + matrix.d * v.y)
        }
        return BezierShape(
            vertices: vertices.map(point), inTangents: inTangents.map(direction), outTangents: outTangents.map(direction), closed: closed
        )
    }

    /// The shape mapped by `matrix` and flattened there to within `tolerance`, without building
    /// the mapped shape or its `Path`: the points and closedness of the one polyline
    /// `applying(matrix).path.flattened(tolerance:)` gives (the same arithmetic, so the same
    /// points), nil where that gives none (no vertices, or one vertex not closed).
    func flattened(by matrix: AffineTransform, tolerance: Double) -> (points: [Point], closed: Bool)? {
        let count = vertices.count
        guard count > 1 || (count == 1 && closed) else { return nil }
        let identity = matrix.isIdentity
        func point(_ index: Int) -> SIMD2<Double> {
            let v = vertices[index]
            return identity ? v : SIMD2(matrix.a * v.x + matrix.c * v.y + matrix.tx, matrix.b * v.x + matrix.d * v.y + matrix.ty)
        }
        func direction(_ v: SIMD2<Double>) -> SIMD2<Double> {
            identity ? v : SIMD2(matrix.a * v.x + matrix.c * v.y, matrix.b * v.x + matrix.d * v.y)
        }
        var flattener = ContourFlattener(tolerance: tolerance)
        var a = point(0)
        flattener.start(at: a, capacity: count * 4)
        func segment(_ from: Int, _ to: Int) {
            let b = point(to)
            let c1 = a + direction(outTangents[from]), c2 = b + direction(inTangents[to])
            if c1 == a && c2 == b {
                flattener.line(to: b)
            } else {
                flattener.curve(c1, c2, to: b)
            }
            a = b
        }
        for index in 1..<count { segment(index - 1, index) }
        if closed, count > 1 { segment(count - 1, 0) }
        return (flattener.finish(closed: closed), closed)
    }

    /// Appends a vertex with absolute handle points (`out` leaving it, `in` arriving at it).
    mutating func append(_ vertex: SIMD2<Double>, in inPoint: SIMD2<Double>, out outPoint: SIMD2<Double>) {
        vertices.append(vertex)
        inTangents.append(inPoint - vertex)
        outTangents.append(outPoint - vertex)
    }
}

// MARK: Trimming

extension Array where Element == [BezierShape] {
    /// The part of all the shapes, end to end in order (each entry's shapes in turn), between
    /// the fractions `start` and `end` (0 ≤ start ≤ end ≤ 1) of their whole length; the result
    /// has an entry for each entry here. A shape wholly inside is kept as it is (closed stays
    /// closed); a cut one becomes an open shape.
    func trimmed(from start: Double, to end: Double) -> [[BezierShape]] {
        guard !start.isNaN, !end.isNaN, start < end else { return map { _ in [] } }
        if start <= 0, end >= 1 { return self }
        // Each segment's length table, shape by shape.
        var tables: [[[Double]]] = []
        var total = 0.0
        for entry in self {
            for shape in entry {
                var shapeTables: [[Double]] = []
                shapeTables.reserveCapacity(shape.segmentCount)
                for index in 0..<shape.segmentCount {
                    let cubic = Cubic(shape, index)
                    let table = cubic.isLine ? [0, simd_length(cubic.p3 - cubic.p0)] : cubic.lengthTable(samples: 24)
                    total += table[table.count - 1]
                    shapeTables.append(table)
                }
                tables.append(shapeTables)
            }
        }
        guard total > 0, total.isFinite else { return map { _ in [] } }
        let from = start * total, to = end * total
        var result: [[BezierShape]] = []
        var offset = 0.0
        var shapeIndex = 0
        for entry in self {
            var pieces: [BezierShape] = []
            for shape in entry {
                let shapeTables = tables[shapeIndex]
                shapeIndex += 1
                let length = shapeTables.reduce(0) { $0 + $1[$1.count - 1] }
                defer { offset += length }
                if from <= offset, offset + length <= to {
                    pieces.append(shape)
                    continue
                }
                guard from < offset + length, to > offset else { continue }
                var piece = BezierShape.empty
                var segmentStart = offset
                for (index, table) in shapeTables.enumerated() {
                    let segmentLength = table[table.count - 1]
                    defer { segmentStart += segmentLength }
                    let a = Swift.max(from - segmentStart, 0), b = Swift.min(to - segmentStart, segmentLength)
                    guard a < b else { continue }
                    let cubic = Cubic(shape, index)
                    let t0 = parameter(atLength: a, table: table), t1 = parameter(atLength: b, table: table)
                    // A straight segment stays straight (its handles on its ends), cut by distance.
                    let part = cubic.isLine
                        ? Cubic(cubic.p0 + (cubic.p3 - cubic.p0) * t0, cubic.p0 + (cubic.p3 - cubic.p0) * t0, cubic.p0 + (cubic.p3 - cubic.p0) * t1, cubic.p0 + (cubic.p3 - cubic.p0) * t1)
                        : cubic.part(t0, t1)
                    if piece.vertices.isEmpty {
                        piece.append(part.p0, in: part.p0, out: part.p1)
                    } else {
                        piece.outTangents[piece.vertices.count - 1] = part.p1 - part.p0
                    }
                    piece.append(part.p3, in: part.p2, out: part.p3)
                }
                if !piece.vertices.isEmpty { pieces.append(piece) }
            }
            result.append(pieces)
        }
        return result
    }
}
