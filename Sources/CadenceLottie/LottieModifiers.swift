#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CadenceDraw

/// Path modifiers (`rd`, `pb`, `zz`, `op`): each changes every path above it in its group, in
/// the group's space, as lottie-web (the format's reference player) changes them.

/// Round corners: each sharp vertex (no handles) cut back by the radius along both its
/// segments and joined by a curve.
struct RoundCorners: Sendable {
    /// Its `nm`: what key paths and expressions name it by.
    var name = ""
    var radius: AnimatedNumbers
}

/// Pucker and bloat, in percent: positive pulls the vertices out from the shape's centre and
/// the handles in (bloat), negative the reverse (pucker).
struct PuckerBloat: Sendable {
    /// Its `nm`: what key paths and expressions name it by.
    var name = ""
    var amount: AnimatedNumbers
}

/// Zig-zag: ridges across every segment, `size` out from the path either side.
struct ZigZag: Sendable {
    /// Its `nm`: what key paths and expressions name it by.
    var name = ""
    var size: AnimatedNumbers
    /// Ridges per segment.
    var ridges: AnimatedNumbers
    /// `pt`: 1 corners, 2 smooth.
    var pointType: AnimatedNumbers

    /// The most ridges a segment gets, and the most vertices a zig-zagged shape gets: documented
    /// clamps, so a file asking for 10⁹ ridges costs at most this many.
    static let maximumRidges = 1000.0
    static let maximumVertices = 100_000
}

/// Offset path: every segment moved `amount` along its normal, the gaps joined by `join`.
struct OffsetPath: Sendable {
    /// Its `nm`: what key paths and expressions name it by.
    var name = ""
    var amount: AnimatedNumbers
    var join: LineJoin
    var miterLimit: AnimatedNumbers
}

/// The circle's cubic handle fraction lottie-web rounds corners with.
private let roundCorner = 0.5519

private func pointEqual(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Bool {
    func equal(_ x: Double, _ y: Double) -> Bool { abs(x - y) * 100_000 <= Swift.max(Swift.min(abs(x), abs(y)), 1e-300) || x == y }
    return equal(a.x, b.x) && equal(a.y, b.y)
}

/// Where the line through `a1`, `a2` crosses the one through `b1`, `b2`; nil when parallel.
private func lineIntersection(_ a1: SIMD2<Double>, _ a2: SIMD2<Double>, _ b1: SIMD2<Double>, _ b2: SIMD2<Double>) -> SIMD2<Double>? {
    func cross(_ u: SIMD3<Double>, _ v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x)
    }
    let l1 = cross(SIMD3(a1.x, a1.y, 1), SIMD3(a2.x, a2.y, 1))
    let l2 = cross(SIMD3(b1.x, b1.y, 1), SIMD3(b2.x, b2.y, 1))
    let p = cross(l1, l2)
    guard abs(p.z) >= 0.00001 else { return nil }
    let point = SIMD2(p.x / p.z, p.y / p.z)
    return point.x.isFinite && point.y.isFinite ? point : nil
}

/// `point` moved `length` along the direction lottie-web's angle convention names (x by the
/// cosine, y against the sine).
private func polarOffset(_ point: SIMD2<Double>, _ angle: Double, _ length: Double) -> SIMD2<Double> {
    SIMD2(point.x + cos(angle) * length, point.y - sin(angle) * length)
}

extension BezierShape {
    // MARK: Round corners

    /// Each vertex without handles (but an open shape's ends) replaced by two: `radius` back
    /// along the line to each neighbour (at most half-way), their handles reaching towards the
    /// old corner.
    func roundingCorners(radius: Double) -> BezierShape {
        let count = vertices.count
        guard radius > 0, radius.isFinite, count > 1 else { return self }
        var result = BezierShape.empty
        result.closed = closed
        for index in 0..<count {
            let vertex = vertices[index]
            guard inTangents[index] == .zero, outTangents[index] == .zero,
                  closed || (index != 0 && index != count - 1) else {
                result.append(vertex, in: vertex + inTangents[index], out: vertex + outTangents[index])
                continue
            }
            func cut(towards neighbour: SIMD2<Double>) -> SIMD2<Double> {
                let distance = simd_length(neighbour - vertex)
                let fraction = distance > 0 ? Swift.min(distance / 2, radius) / distance : 0
                return vertex + (neighbour - vertex) * fraction
            }
            let before = cut(towards: vertices[index == 0 ? count - 1 : index - 1])
            result.append(before, in: before, out: before - (before - vertex) * roundCorner)
            let after = cut(towards: vertices[index == count - 1 ? 0 : index + 1])
            result.append(after, in: after - (after - vertex) * roundCorner, out: after)
        }
        return result
    }

    // MARK: Pucker and bloat

    /// The vertices moved `percent` of the way to the mean of the vertices, the handles as far
    /// the other way.
    func puckeredAndBloated(percent: Double) -> BezierShape {
        guard !vertices.isEmpty, percent != 0, percent.isFinite else { return self }
        let amount = percent / 100
        let centre = vertices.reduce(SIMD2<Double>.zero, +) / Double(vertices.count)
        var result = BezierShape.empty
        result.closed = closed
        for index in vertices.indices {
            let vertex = vertices[index]
            let outPoint = vertex + outTangents[index], inPoint = vertex + inTangents[index]
            result.append(
                vertex + (centre - vertex) * amount,
                in: inPoint + (centre - inPoint) * -amount,
                out: outPoint + (centre - outPoint) * -amount
            )
        }
        return result
    }

    // MARK: Zig-zag

    /// Ridges `size` either side of the path: one at each vertex and `ridges` evenly along each
    /// segment's parameter, alternating sides; smooth ridges get handles along the path.
    func zigZagged(size: Double, ridges: Int, smooth: Bool) -> BezierShape {
        let count = vertices.count
        guard size != 0, size.isFinite, count > 0 else { return self }
        var result = BezierShape.empty
        result.closed = closed
        let segments = closed ? count : count - 1
        guard segments > 0 else { return result }
        let frequency = Double(ridges + 1)
        func ridge(_ point: SIMD2<Double>, angle: Double, direction: Double, outLength: Double, inLength: Double) {
            let p = SIMD2(point.x + cos(angle) * direction * size, point.y - sin(angle) * direction * size)
            let along = SIMD2(sin(angle), cos(angle))
            result.append(p, in: p - along * inLength, out: p + along * outLength)
        }
        func corner(_ current: Int, direction: Double) {
            let point = vertices[current % count]
            let previous = vertices[current == 0 ? count - 1 : current - 1], next = vertices[(current + 1) % count]
            let normal = SIMD2(next.y - previous.y, -(next.x - previous.x))
            let angle = atan2(0, 1) - atan2(normal.y, normal.x)
            let previousDistance = smooth ? simd_length(point - previous) : 0
            let nextDistance = smooth ? simd_length(point - next) : 0
            ridge(point, angle: angle, direction: direction, outLength: nextDistance / (frequency * 2), inLength: previousDistance / (frequency * 2))
        }
        var direction = -1.0
        corner(0, direction: direction)
        for index in 0..<segments {
            let segment = Cubic(self, index).linearised
            direction = -direction
            let distance = smooth ? simd_length(segment.p3 - segment.p0) : 0
            for step in 0..<ridges {
                let t = Double(step + 1) / frequency
                let derivative = segment.derivative(t)
                ridge(
                    segment.point(t), angle: atan2(derivative.x, derivative.y), direction: direction,
                    outLength: distance / (frequency * 2), inLength: distance / (frequency * 2)
                )
                direction = -direction
            }
            corner(index + 1, direction: direction)
        }
        return result
    }

    // MARK: Offset path

    /// The shape with every segment moved `amount` along its normal (outwards for a clockwise
    /// shape in y-down space when positive), split at inflections so each piece's handles
    /// can move with it, where neighbours cross cut at the crossing, and gaps closed by `join`.
    /// An open shape runs out along one side and back along the other.
    func offset(by amount: Double, join: LineJoin, miterLimit: Double) -> BezierShape {
        let count = vertices.count
        guard amount != 0, amount.isFinite, count > 0 else { return self }
        var result = BezierShape.empty
        result.closed = closed
        let segments = closed ? count : count - 1
        var pieces: [[Cubic]] = []
        pieces.reserveCapacity(closed ? segments : segments * 2)
        for index in 0..<segments {
            pieces.append(Cubic(self, index).linearised.offsetPieces(amount))
        }
        if !closed {
            for index in (0..<segments).reversed() {
                let forward = Cubic(self, index)
                pieces.append(Cubic(forward.p3, forward.p2, forward.p1, forward.p0).linearised.offsetPieces(amount))
            }
        }
        pieces = Self.pruningIntersections(pieces)
        var lastPoint: SIMD2<Double>?
        var lastSegment: Cubic?
        for piece in pieces {
            guard let first = piece.first, let last = piece.last else { continue }
            if let lastSegment { lastPoint = result.join(lastSegment, first, join: join, miterLimit: miterLimit) }
            lastSegment = last
            for segment in piece {
                if let lastPoint, pointEqual(segment.p0, lastPoint), !result.vertices.isEmpty {
                    result.outTangents[result.vertices.count - 1] = segment.p1 - result.vertices[result.vertices.count - 1]
                } else {
                    result.append(segment.p0, in: segment.p0, out: segment.p1)
                }
                result.append(segment.p3, in: segment.p2, out: segment.p3)
                lastPoint = segment.p3
            }
        }
        if let lastSegment, let first = pieces.first?.first {
            _ = result.join(lastSegment, first, join: join, miterLimit: miterLimit)
        }
        return result
    }

    /// Joins the end of `from` to the start of `to`: a bevel is the straight line the next
    /// vertex makes; a round join a curve; a miter the corner where their end tangents meet,
    /// when nearer than `miterLimit`. Returns where the path now ends.
    private mutating func join(_ from: Cubic, _ to: Cubic, join: LineJoin, miterLimit: Double) -> SIMD2<Double> {
        let p0 = from.p3, p1 = to.p0
        if join == .bevel || pointEqual(p0, p1) { return p0 }
        if join == .round {
            let outward = from.derivative(1), inward = to.derivative(0)
            let angleOut = -atan2(outward.y, outward.x)
            let angleIn = -atan2(inward.y, inward.x) + .pi
            let radius = simd_length(p0 - p1) / 2
            if !vertices.isEmpty {
                outTangents[vertices.count - 1] = polarOffset(p0, angleOut, 2 * radius * roundCorner) - vertices[vertices.count - 1]
            }
            append(p1, in: polarOffset(p1, angleIn, 2 * radius * roundCorner), out: p1)
            return p1
        }
        let t0 = pointEqual(p0, from.p2) ? from.p0 : from.p2
        let t1 = pointEqual(p1, to.p1) ? to.p3 : to.p1
        if let corner = lineIntersection(t0, p0, p1, t1), simd_length(corner - p0) < miterLimit {
            append(corner, in: corner, out: corner)
            return corner
        }
        return p0
    }

    /// Where the last piece of one segment's offset crosses the first of the next, both cut at
    /// the crossing (and the same for a segment's first piece and its predecessor's last).
    private static func pruningIntersections(_ pieces: [[Cubic]]) -> [[Cubic]] {
        var pieces = pieces
        func prune(_ a: [Cubic], _ b: [Cubic]) -> ([Cubic], [Cubic]) {
            guard let aLast = a.last, let bFirst = b.first, let aFirst = a.first, let bLast = b.last else { return (a, b) }
            var outA = a, outB = b
            if let crossing = aLast.firstIntersection(with: bFirst) {
                outA[outA.count - 1] = aLast.split(crossing.0).0
                outB[0] = bFirst.split(crossing.1).1
            }
            if a.count > 1, b.count > 1, let crossing = aFirst.firstIntersection(with: bLast) {
                return ([aFirst.split(crossing.0).0], [bLast.split(crossing.1).1])
            }
            return (outA, outB)
        }
        guard pieces.count > 1 else { return pieces }
        for index in 1..<pieces.count {
            (pieces[index - 1], pieces[index]) = prune(pieces[index - 1], pieces[index])
        }
        (pieces[pieces.count - 1], pieces[0]) = prune(pieces[pieces.count - 1], pieces[0])
        return pieces
    }
}

extension Cubic {
    /// The segment split at its inflections, each piece moved `amount` along its normal.
    func offsetPieces(_ amount: Double) -> [Cubic] {
        let flex = inflections
        if flex.isEmpty { return [offset(amount)] }
        let (left, rest) = split(flex[0])
        if flex.count == 1 || abs(flex[1] - 1) < 1e-9 { return [left.offset(amount), rest.offset(amount)] }
        let (middle, right) = rest.split((flex[1] - flex[0]) / (1 - flex[0]))
        return [left.offset(amount), middle.offset(amount), right.offset(amount)]
    }

    /// The control polygon's three legs moved `amount` along their normals; the handles where
    /// the moved legs meet.
    func offset(_ amount: Double) -> Cubic {
        func shifted(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> (SIMD2<Double>, SIMD2<Double>) {
            let angle = atan2(b.x - a.x, b.y - a.y)
            return (polarOffset(a, angle, amount), polarOffset(b, angle, amount))
        }
        let (q0, q1a) = shifted(p0, p1), (q1b, q2b) = shifted(p1, p2), (q2a, q3) = shifted(p2, p3)
        let q1 = lineIntersection(q0, q1a, q1b, q2b) ?? q1a
        let q2 = lineIntersection(q2a, q3, q1b, q2b) ?? q2a
        return Cubic(q0, q1, q2, q3)
    }

    /// The first crossing with `other` as parameters on each, found by halving both while their
    /// boxes overlap, to boxes 2 units wide or 7 halvings; one at the very end of this segment
    /// (where neighbours meet) does not count.
    func firstIntersection(with other: Cubic) -> (Double, Double)? {
        var found: [(Double, Double)] = []
        func search(_ a: Cubic, _ a0: Double, _ a1: Double, _ b: Cubic, _ b0: Double, _ b1: Double, depth: Int) {
            guard found.count < 64 else { return }
            let boxA = a.hull, boxB = b.hull
            // A straight piece's box has no width or no height: padded a hair, so that a crossing
            // exactly on the line between two halves' boxes is not lost to both.
            func padded(_ size: SIMD2<Double>) -> SIMD2<Double> { SIMD2(max(size.x, 1e-9), max(size.y, 1e-9)) }
            let sizeA = padded(boxA.max - boxA.min), sizeB = padded(boxB.max - boxB.min)
            let centreA = (boxA.max + boxA.min) / 2, centreB = (boxB.max + boxB.min) / 2
            guard abs(centreA.x - centreB.x) * 2 < sizeA.x + sizeB.x, abs(centreA.y - centreB.y) * 2 < sizeA.y + sizeB.y else { return }
            if depth >= 7 || (sizeA.x <= 2 && sizeA.y <= 2 && sizeB.x <= 2 && sizeB.y <= 2) {
                found.append(((a0 + a1) / 2, (b0 + b1) / 2))
                return
            }
            let (aLeft, aRight) = a.split(0.5), (bLeft, bRight) = b.split(0.5)
            let am = (a0 + a1) / 2, bm = (b0 + b1) / 2
            search(aLeft, a0, am, bLeft, b0, bm, depth: depth + 1)
            search(aLeft, a0, am, bRight, bm, b1, depth: depth + 1)
            search(aRight, am, a1, bLeft, b0, bm, depth: depth + 1)
            search(aRight, am, a1, bRight, bm, b1, depth: depth + 1)
        }
        search(self, 0, 1, other, 0, 1, depth: 0)
        if let first = found.first, abs(first.0 - 1) < 1e-9 { found.removeFirst() }
        guard let first = found.first else { return nil }
        let crossing = refined(first, with: other)
        // Where the two already meet end to start: no crossing to cut.
        if crossing.0 > 1 - 1e-9, crossing.1 < 1e-9 { return found.count > 1 ? refined(found[1], with: other) : nil }
        return crossing
    }

    /// A crossing found to within boxes of 2 units, refined by Newton's method on
    /// self(t) − other(u) = 0 (a few steps, kept only while they stay on both segments and
    /// bring the points closer), so offset corners meet where the offset lines cross.
    private func refined(_ guess: (Double, Double), with other: Cubic) -> (Double, Double) {
        var (t, u) = guess
        var gap = simd_length(point(t) - other.point(u))
        for _ in 0..<8 where gap > 1e-9 {
            let a = derivative(t), b = other.derivative(u)
            let difference = point(t) - other.point(u)
            // Solve [a, −b] · (dt, du) = −difference.
            let determinant = -a.x * b.y + a.y * b.x
            guard abs(determinant) > 1e-12 else { break }
            let dt = (-difference.x * -b.y + b.x * -difference.y) / determinant
            let du = (a.x * -difference.y - a.y * -difference.x) / determinant
            let (nextT, nextU) = (t + dt, u + du)
            guard nextT >= 0, nextT <= 1, nextU >= 0, nextU <= 1 else { break }
            let nextGap = simd_length(point(nextT) - other.point(nextU))
            guard nextGap < gap else { break }
            (t, u, gap) = (nextT, nextU, nextGap)
        }
        return (t, u)
    }
}
