import CadenceDraw

/// A point, briefly.
func pt(_ x: Double, _ y: Double) -> Point {
    Point(x: x, y: y)
}

/// Measurements the path tests make on points, polylines and polygons, kept in one namespace so
/// that they cannot clash with other tests' helpers.
enum PathProbe {
    static func distance(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    static func isClose(_ a: Point, _ b: Point, within tolerance: Double = 1e-9) -> Bool {
        distance(a, b) <= tolerance
    }

    /// How many times the polygons wind around `point`, counting each crossing of a ray to +x
    /// upwards or downwards.
    static func windingNumber(of point: Point, in polygons: [[Point]]) -> Int {
        var winding = 0
        for polygon in polygons {
            for index in polygon.indices {
                let a = polygon[index]
                let b = polygon[(index + 1) % polygon.count]
                let side = (b.x - a.x) * (point.y - a.y) - (point.x - a.x) * (b.y - a.y)
                if a.y <= point.y {
                    if b.y > point.y, side > 0 { winding += 1 }
                } else if b.y <= point.y, side < 0 {
                    winding -= 1
                }
            }
        }
        return winding
    }

    /// Twice the shoelace area: positive for clockwise on screen (y down).
    static func signedArea(_ polygon: [Point]) -> Double {
        var sum = 0.0
        for index in polygon.indices {
            let a = polygon[index]
            let b = polygon[(index + 1) % polygon.count]
            sum += a.x * b.y - b.x * a.y
        }
        return sum / 2
    }

    /// The distance from `point` to the nearest point of the polyline's segments.
    static func distance(from point: Point, to polyline: Polyline) -> Double {
        var points = polyline.points
        if polyline.closed, let first = points.first { points.append(first) }
        guard points.count > 1 else { return points.first.map { distance(point, $0) } ?? .infinity }
        var best = Double.infinity
        for index in 0..<points.count - 1 {
            let a = points[index]
            let b = points[index + 1]
            let dx = b.x - a.x
            let dy = b.y - a.y
            let lengthSquared = dx * dx + dy * dy
            let t = lengthSquared == 0 ? 0 : min(max(((point.x - a.x) * dx + (point.y - a.y) * dy) / lengthSquared, 0), 1)
            best = min(best, distance(point, Point(x: a.x + t * dx, y: a.y + t * dy)))
        }
        return best
    }
}
