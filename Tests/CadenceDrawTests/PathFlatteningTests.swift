import CadenceDraw
import Testing

@Suite struct PathFlatteningTests {
    /// A circle of radius `r` around (cx, cy) drawn as four quarter arcs.
    static func circle(r: Double, cx: Double = 0, cy: Double = 0) throws -> Path {
        try Path(svg: "M\(cx + r) \(cy) A\(r) \(r) 0 0 1 \(cx) \(cy + r) A\(r) \(r) 0 0 1 \(cx - r) \(cy) A\(r) \(r) 0 0 1 \(cx) \(cy - r) A\(r) \(r) 0 0 1 \(cx + r) \(cy) Z")
    }

    @Test(arguments: [0.25, 0.1, 0.01])
    func flattensACircleWithinTolerance(tolerance: Double) throws {
        let radius = 100.0
        let polylines = try Self.circle(r: radius, cx: 10, cy: -20).flattened(tolerance: tolerance)
        #expect(polylines.count == 1)
        let polyline = try #require(polylines.first)
        #expect(polyline.closed)
        #expect(polyline.points.first != polyline.points.last)
        let circumference = 2 * Double.pi * radius
        #expect(abs(polyline.length - circumference) / circumference < 0.002)
        // Every vertex and every chord's midpoint lies within the tolerance of the circle (and
        // the Bézier's own error, about 2.7e-4 of the radius): the inner vertices a little outside
        // the curve, the midpoints a little inside.
        var points = polyline.points
        points.append(points[0])
        for index in 0..<points.count - 1 {
            #expect(abs(PathProbe.distance(points[index], pt(10, -20)) - radius) <= tolerance + radius * 3e-4)
            let middle = pt((points[index].x + points[index + 1].x) / 2, (points[index].y + points[index + 1].y) / 2)
            #expect(abs(radius - PathProbe.distance(middle, pt(10, -20))) <= tolerance + radius * 3e-4)
        }
    }

    /// Chords between points on a curve all lie inside its bend, so such a polygon falls short of
    /// the curve's area: 0.29 % for a circle of radius 100 flattened within 0.25 (its edge 0.1 in),
    /// 0.11 % within 0.1. The flattener moves the inner points out so that chords cross the curve;
    /// the area is then the curve's within a tenth of that.
    @Test(arguments: [0.25, 0.1, 0.01])
    func keepsTheAreaOfACurve(tolerance: Double) throws {
        let radius = 100.0
        let circle = try Self.circle(r: radius, cx: 10, cy: -20)
        let exact = abs(PathProbe.signedArea(try #require(circle.flattened(tolerance: 1e-4).first).points))
        let area = abs(PathProbe.signedArea(try #require(circle.flattened(tolerance: tolerance).first).points))
        #expect(abs(area - exact) <= exact * tolerance / radius * 0.15)
        // The same for a quadratic: a parabola's segment has area 2/3 · chord · height.
        let arch = Path(elements: [.move(pt(0, 0)), .quadCurve(control: pt(50, 100), to: pt(100, 0)), .close])
        let archArea = abs(PathProbe.signedArea(try #require(arch.flattened(tolerance: tolerance).first).points))
        #expect(abs(archArea - 2.0 / 3 * 100 * 50) <= 2.0 / 3 * 100 * 50 * tolerance / 50 * 0.15)
    }

    @Test func flattensQuadraticCurvesWithinTolerance() {
        let path = Path(elements: [.move(pt(0, 0)), .quadCurve(control: pt(50, 100), to: pt(100, 0))])
        let polyline = path.flattened(tolerance: 0.1)[0]
        #expect(polyline.points.first == pt(0, 0))
        #expect(polyline.points.last == pt(100, 0))
        #expect(!polyline.closed)
        // The curve is y = 2x − x²/50 (with x = 100t); chord midpoints stay within 0.1 of it.
        for index in 0..<polyline.points.count - 1 {
            let a = polyline.points[index]
            let b = polyline.points[index + 1]
            let middle = pt((a.x + b.x) / 2, (a.y + b.y) / 2)
            #expect(abs(middle.y - (2 * middle.x - middle.x * middle.x / 50)) <= 0.1)
        }
    }

    @Test func splitsSubpathsAndSkipsLoneMoves() throws {
        let polylines = try Path(svg: "M0 0 L10 0 L10 10 Z M20 20 M30 30 L40 30 L30 30").flattened()
        #expect(polylines == [
            Polyline(points: [pt(0, 0), pt(10, 0), pt(10, 10)], closed: true),
            Polyline(points: [pt(30, 30), pt(40, 30), pt(30, 30)], closed: false),
        ])
        // Closing on the start point does not repeat it.
        #expect(try Path(svg: "M0 0 L10 0 L0 0 Z").flattened() == [Polyline(points: [pt(0, 0), pt(10, 0)], closed: true)])
        #expect(Path().flattened().isEmpty)
    }

    @Test func measuresLength() {
        #expect(Polyline(points: [pt(0, 0), pt(3, 4)], closed: false).length == 5)
        #expect(Polyline(points: [pt(0, 0), pt(3, 4)], closed: true).length == 10)
        #expect(Polyline(points: [pt(1, 1)], closed: true).length == 0)
    }

    @Test func componentsRoundTrip() throws {
        let path = try Path(svg: "M0 1 L2 3 Q4 5 6 7 C8 9 10 11 12 13 Z")
        #expect(path.components == Array(0...13).map(Double.init))
        #expect(path.withComponents(path.components) == path)
        let moved = try #require(path.withComponents(path.components.map { $0 + 1 }))
        #expect(moved.elements[2] == .quadCurve(control: pt(5, 6), to: pt(7, 8)))
        #expect(moved.hasSameStructure(as: path))
        #expect(path.withComponents([1, 2]) == nil)
        #expect(!path.hasSameStructure(as: try Path(svg: "M0 1 L2 3 L4 5 C8 9 10 11 12 13 Z")))
        #expect(!path.hasSameStructure(as: try Path(svg: "M0 1 L2 3")))
    }

    @Test func boundsAllPoints() throws {
        #expect(try Path(svg: "M0 1 C-5 20 30 -4 10 10").boundingBox == Rect(x: -5, y: -4, width: 35, height: 24))
        #expect(Path().boundingBox == nil)
        #expect(Path(elements: [.close]).boundingBox == nil)
    }

    @Test(.timeLimit(.minutes(1)))
    func absurdCoordinatesStayBounded() {
        let huge = Path(elements: [
            .move(pt(-1e308, 1e308)),
            .curve(control1: pt(1e308, -1e308), control2: pt(.nan, .infinity), to: pt(1e308, 1e308)),
            .quadCurve(control: pt(-.infinity, 0), to: pt(0, 0)),
        ])
        let polylines = huge.flattened(tolerance: 0.25)
        #expect(polylines.count == 1)
        #expect(polylines[0].points.count <= 1 + 2 * 1024)
        for tolerance in [0, -1, Double.nan, .infinity] {
            #expect(huge.flattened(tolerance: tolerance)[0].points.count <= 1 + 2 * 1024)
        }
    }
}
