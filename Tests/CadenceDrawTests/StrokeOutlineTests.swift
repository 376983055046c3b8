import CadenceDraw
import Foundation
import Testing

@Suite struct StrokeOutlineTests {
    static let width = 10.0
    static let half = width / 2
    static let tolerance = 0.25
    /// Down the y axis to the origin, then left: a right-angle corner whose outer corner is (5, 5).
    static let corner = Polyline(points: [pt(0, -50), pt(0, 0), pt(-50, 0)], closed: false)
    static let shapes: [Polyline] = [
        corner,
        Polyline(points: corner.points.reversed(), closed: false),
        Polyline(points: [pt(0, 0), pt(40, 30), pt(80, 0), pt(120, 30), pt(120, 80)], closed: false),
        Polyline(points: [pt(0, 0), pt(50, 0), pt(50, 50), pt(0, 50)], closed: true),
        Polyline(points: [pt(0, 0), pt(0, 50), pt(50, 50), pt(50, 0)], closed: true),
        Polyline(points: [pt(0, 0), pt(100, 0), pt(0, 5)], closed: false),
        Polyline(points: [pt(0, 0), pt(50, 0), pt(0, 0)], closed: false),
        Polyline(points: [pt(3, 4)], closed: false),
    ]

    static func outline(_ polylines: [Polyline], cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 10) -> [[Point]] {
        polylines.strokeOutline(StrokeStyle(lineWidth: width, lineCap: cap, lineJoin: join, miterLimit: miterLimit), tolerance: tolerance)
    }

    static func inside(_ point: Point, _ polygons: [[Point]]) -> Bool {
        PathProbe.windingNumber(of: point, in: polygons) != 0
    }

    @Test(arguments: LineCap.allCases, LineJoin.allCases)
    func everyPieceIsWoundPositively(cap: LineCap, join: LineJoin) {
        for shape in Self.shapes {
            for polygon in Self.outline([shape], cap: cap, join: join) {
                #expect(polygon.count >= 3)
                #expect(PathProbe.signedArea(polygon) > 0, "\(shape) \(polygon)")
            }
        }
    }

    @Test(arguments: LineCap.allCases, LineJoin.allCases)
    func coversTheBandAlongEachSegment(cap: LineCap, join: LineJoin) {
        let zigzag = Self.shapes[2]
        let polygons = Self.outline([zigzag], cap: cap, join: join)
        for index in 0..<zigzag.points.count - 1 {
            let a = zigzag.points[index]
            let b = zigzag.points[index + 1]
            let length = PathProbe.distance(a, b)
            let direction = pt((b.x - a.x) / length, (b.y - a.y) / length)
            let normal = pt(-direction.y, direction.x)
            for t in [0.3, 0.5, 0.7] {
                let base = pt(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
                for side in [-1.0, 1.0] {
                    let near = pt(base.x + normal.x * side * Self.half * 0.99, base.y + normal.y * side * Self.half * 0.99)
                    let far = pt(base.x + normal.x * side * (Self.half + Self.tolerance + 0.01), base.y + normal.y * side * (Self.half + Self.tolerance + 0.01))
                    #expect(Self.inside(near, polygons))
                    #expect(!Self.inside(far, polygons))
                }
                #expect(Self.inside(base, polygons))
            }
        }
    }

    @Test(arguments: LineJoin.allCases)
    func capsEndTheLine(join: LineJoin) {
        // The corner's end at (-50, 0) points left; its start at (0, -50) points up.
        let butt = Self.outline([Self.corner], cap: .butt, join: join)
        #expect(Self.inside(pt(-49.9, 0), butt))
        #expect(!Self.inside(pt(-50.1, 0), butt))
        #expect(!Self.inside(pt(0, -50.1), butt))

        let square = Self.outline([Self.corner], cap: .square, join: join)
        #expect(Self.inside(pt(-50 - Self.half * 0.99, 0), square))
        #expect(Self.inside(pt(-50 - Self.half * 0.99, Self.half * 0.99), square))
        #expect(!Self.inside(pt(-50 - Self.half - 0.01, 0), square))
        #expect(Self.inside(pt(0, -50 - Self.half * 0.99), square))

        let round = Self.outline([Self.corner], cap: .round, join: join)
        let diagonal = Self.half * 0.99 / 2.0.squareRoot()
        #expect(Self.inside(pt(-50 - Self.half * 0.99, 0), round))
        #expect(Self.inside(pt(-50 - diagonal, -diagonal), round))
        #expect(Self.inside(pt(diagonal, -50 - diagonal), round))
        #expect(!Self.inside(pt(-50 - Self.half - Self.tolerance - 0.01, 0), round))
        #expect(!Self.inside(pt(-50 - Self.half * 0.9, Self.half * 0.9), round))
    }

    @Test func joinsARightAngle() {
        let diagonal = Self.half * 0.99 / 2.0.squareRoot()
        let miter = Self.outline([Self.corner], join: .miter)
        #expect(Self.inside(pt(Self.half * 0.99, Self.half * 0.99), miter))
        #expect(!Self.inside(pt(Self.half * 1.01, Self.half * 1.01), miter))

        let bevel = Self.outline([Self.corner], join: .bevel)
        #expect(!Self.inside(pt(Self.half * 0.99, Self.half * 0.99), bevel))
        #expect(!Self.inside(pt(diagonal, diagonal), bevel))
        #expect(Self.inside(pt(Self.half * 0.49, Self.half * 0.49), bevel))

        let round = Self.outline([Self.corner], join: .round)
        #expect(Self.inside(pt(diagonal, diagonal), round))
        let beyond = (Self.half + Self.tolerance + 0.01) / 2.0.squareRoot()
        #expect(!Self.inside(pt(beyond, beyond), round))
        #expect(!Self.inside(pt(Self.half * 0.99, Self.half * 0.99), round))
    }

    @Test func roundStrokesAreTheBandAroundTheLine() {
        for shape in Self.shapes {
            let polygons = Self.outline([shape], cap: .round, join: .round)
            let box = Path(elements: shape.points.map { .line($0) }).boundingBox!
            var y = box.minY - 8
            while y <= box.maxY + 8 {
                var x = box.minX - 8
                while x <= box.maxX + 8 {
                    let point = pt(x, y)
                    let gap = PathProbe.distance(from: point, to: shape)
                    if gap < Self.half * 0.999 {
                        #expect(Self.inside(point, polygons), "\(point) at \(gap) from \(shape)")
                    } else if gap > Self.half + Self.tolerance + 1e-9 {
                        #expect(!Self.inside(point, polygons), "\(point) at \(gap) from \(shape)")
                    }
                    x += 0.77
                }
                y += 0.77
            }
        }
    }

    @Test func closedPolylinesJoinAtTheirStart() {
        let square = Self.shapes[3]
        let miter = Self.outline([square], cap: .round, join: .miter)
        #expect(Self.inside(pt(-Self.half * 0.99, -Self.half * 0.99), miter))
        #expect(!Self.inside(pt(25, 25), miter))
        // No caps on a closed polyline: nothing sticks out of its start along the first segment.
        #expect(!Self.inside(pt(-Self.half - 0.5, 0), Self.outline([square], cap: .round, join: .bevel)))
    }

    @Test func sharpMitersFallBackToBevels() {
        let sharp = Self.shapes[5]
        // The outer side of the corner at (100, 0) points along the bisector d0 − d1.
        let back = (100.0 * 100 + 25).squareRoot()
        let bisector = pt(1 + 100 / back, -5 / back)
        let norm = PathProbe.distance(bisector, .zero)
        let probe = pt(100 + 50 * bisector.x / norm, 50 * bisector.y / norm)
        // The miter is 1 / sin(θ/2) ≈ 40 widths long.
        #expect(Self.inside(probe, Self.outline([sharp], join: .miter, miterLimit: 100)))
        #expect(!Self.inside(probe, Self.outline([sharp], join: .miter, miterLimit: 10)))
        #expect(Self.outline([sharp], join: .miter, miterLimit: 10) == Self.outline([sharp], join: .bevel))
    }

    @Test func uTurnsGoRoundTheFarSide() {
        let polygons = Self.outline([Self.shapes[6]], join: .round)
        #expect(Self.inside(pt(50 + Self.half * 0.99, 0), polygons))
        #expect(!Self.inside(pt(-0.1, 0), polygons))
    }

    @Test func singlePointsBecomeDots() {
        let point = [Polyline(points: [pt(3, 4), pt(3, 4)], closed: false)]
        #expect(Self.outline(point, cap: .butt).isEmpty)
        let round = Self.outline(point, cap: .round)
        #expect(Self.inside(pt(3 + Self.half * 0.99, 4), round))
        #expect(Self.inside(pt(3, 4 - Self.half * 0.99), round))
        #expect(!Self.inside(pt(3 + Self.half + Self.tolerance + 0.01, 4), round))
        let square = Self.outline(point, cap: .square)
        #expect(Self.inside(pt(3 + Self.half * 0.99, 4 + Self.half * 0.99), square))
        #expect(!Self.inside(pt(3 + Self.half * 1.01, 4), square))
    }

    /// A quarter circle of radius 100 in 64 segments.
    static let arc = Polyline(
        points: (0...64).map { index in
            let angle = Double(index) / 64 * .pi / 2
            return pt(100 * cos(angle), 100 * sin(angle))
        },
        closed: false
    )

    @Test(arguments: LineJoin.allCases)
    func aGentleCurveIsOneOutline(join: LineJoin) {
        // Butt caps: nothing but the run, its area the band's (the chords' length times the width).
        let polygons = Self.outline([Self.arc], cap: .butt, join: join)
        #expect(polygons.count == 1)
        let length = zip(Self.arc.points, Self.arc.points.dropFirst()).reduce(0) { $0 + PathProbe.distance($1.0, $1.1) }
        let area = polygons.reduce(0) { $0 + PathProbe.signedArea($1) }
        #expect(abs(area - length * Self.width) < 0.5, "\(area) against \(length * Self.width)")
        // Points across the band are inside, past its edges outside.
        for index in stride(from: 1, to: 64, by: 7) {
            let angle = (Double(index) + 0.5) / 64 * .pi / 2
            for (radius, inside) in [(100.0, true), (104.5, true), (95.5, true), (105.6, false), (94.4, false)] {
                #expect(Self.inside(pt(radius * cos(angle), radius * sin(angle)), polygons) == inside, "radius \(radius) at \(angle)")
            }
        }
    }

    @Test func aTurnTighterThanTheWidthEndsTheRun() {
        // Radius 3 under a width of 10: the inner edges would fold back, so the segments are
        // pieces of their own, and the band is still covered without holes.
        let tight = Polyline(
            points: (0...12).map { index in
                let angle = Double(index) / 12 * .pi
                return pt(3 * cos(angle), 3 * sin(angle))
            },
            closed: false
        )
        let polygons = Self.outline([tight], cap: .butt, join: .round)
        #expect(polygons.count > 1)
        #expect(polygons.allSatisfy { PathProbe.signedArea($0) > 0 })
        for point in [pt(0, 0), pt(0, 3), pt(0, 7.9), pt(-7.5, 1), pt(7.5, 1), pt(2, 1)] {
            #expect(Self.inside(point, polygons), "\(point)")
        }
        #expect(!Self.inside(pt(0, 8.6), polygons))
    }

    @Test func dashedStrokesAsTheDocumentationSays() throws {
        let style = StrokeStyle(lineWidth: 2, lineCap: .round, lineDashPattern: [10, 5])
        let contours = try Path(svg: "M0 0 H100").flattened()
            .dashed(pattern: style.lineDashPattern, phase: style.lineDashPhase)
            .strokeOutline(style)
        #expect(contours.count == 21)
        #expect(Self.inside(pt(5, 0.9), contours))
        #expect(!Self.inside(pt(12.5, 0), contours))
    }

    @Test(.timeLimit(.minutes(1)))
    func absurdInputDoesNotTrap() {
        let absurd = [
            Polyline(points: [pt(-1e308, 1e308), pt(1e308, -1e308), pt(1e308, 1e308)], closed: true),
            Polyline(points: [pt(.nan, 0), pt(0, 0), pt(.infinity, 5), pt(10, .nan), pt(10, 10)], closed: false),
            Polyline(points: [pt(1e308, 1e308), pt(1e308, 1e308 - 1e292), pt(-1e308, 0)], closed: false),
            Polyline(points: [], closed: true),
        ]
        for cap in LineCap.allCases {
            for join in LineJoin.allCases {
                for width in [1, 1e308, .infinity, .nan, -1, 0] {
                    for tolerance in [0.25, 0, .nan, -1, 1e308] {
                        let polygons = absurd.strokeOutline(StrokeStyle(lineWidth: width, lineCap: cap, lineJoin: join, miterLimit: .nan), tolerance: tolerance)
                        #expect(polygons.allSatisfy { $0.count <= 1030 })
                        #expect(polygons.allSatisfy { $0.allSatisfy { !$0.x.isNaN && !$0.y.isNaN } })
                    }
                }
            }
        }
        // The NaN points are skipped; the rest still strokes: (0, 0) → (10, 10).
        let cleaned = [absurd[1]].strokeOutline(StrokeStyle(lineWidth: 2), tolerance: 0.25)
        #expect(PathProbe.windingNumber(of: pt(5, 5), in: cleaned) != 0)
        _ = absurd.trimmed(from: 0.1, to: 0.9)
        _ = absurd.dashed(pattern: [1, 1], phase: 0)
    }
}
