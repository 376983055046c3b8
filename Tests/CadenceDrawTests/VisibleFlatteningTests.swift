import CadenceDraw
import Testing

/// Paths flattened, stroked and rasterised finely only where they can show: the cost of a path of
/// far-flung curves is bounded by what reaches the frame, and what shows is unchanged.
@Suite struct VisibleFlatteningTests {
    static let frame = Rect(x: 0, y: 0, width: 160, height: 90)

    /// `count` cubics whose control and end points lie near ±9·10⁶ (a fixed pseudo-random walk),
    /// from the frame's middle.
    static func farFlung(_ count: Int) -> Path {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(Int(state >> 33) % 19 - 9) * 1e6
        }
        var elements: [Path.Element] = [.move(pt(80, 45))]
        for _ in 0..<count {
            elements.append(.curve(control1: pt(next(), next()), control2: pt(next(), next()), to: pt(next(), next())))
        }
        elements.append(.close)
        return Path(elements: elements)
    }

    @Test func curvesOutOfSightCostAFewPointsEach() {
        let path = Self.farFlung(3000)
        let everywhere = path.flattened().reduce(0) { $0 + $1.points.count }
        let visible = path.flattened(visible: Self.frame).reduce(0) { $0 + $1.points.count }
        // 1024 segments a curve without `visible` (up to the budget); a few dozen with it.
        #expect(everywhere >= Path.maximumFlattenedPoints)
        #expect(visible < 3000 * 64)
    }

    @Test func theFillCoverageInSightIsUnchanged() {
        let path = Self.farFlung(200)
        let exact = PathRasterizer.coverage(of: path.flattened().map(\.points), fillRule: .evenOdd, clip: Self.frame)
        let culled = PathRasterizer.coverage(of: path.flattened(visible: Self.frame).map(\.points), fillRule: .evenOdd, clip: Self.frame)
        let a = exact?.alpha ?? []
        let b = culled?.alpha ?? []
        #expect(a.count == b.count)
        // Finer in sight than 1024 even steps of a 10⁷-long curve: a few edge pixels move.
        let differing = zip(a, b).filter { abs(Int($0) - Int($1)) > 64 }.count
        #expect(differing * 100 <= a.count)
    }

    @Test func curvesWhollyInSightGiveTheSamePoints() throws {
        let circle = try PathFlatteningTests.circle(r: 30, cx: 80, cy: 45)
        #expect(circle.flattened(visible: Self.frame) == circle.flattened())
    }

    @Test func aCircleHalfOutOfSightKeepsItsVisibleHalfAndItsLength() throws {
        // Centred on the frame's right edge: it starts out of sight, runs through the frame's
        // right side, and ends out of sight again.
        let circle = try PathFlatteningTests.circle(r: 40, cx: 180, cy: 45)
        let plain = circle.flattened()
        let kept = circle.flattened(visible: Self.frame, keepingLength: true)
        let chords = circle.flattened(visible: Self.frame)
        #expect(abs(kept[0].length - plain[0].length) / plain[0].length < 0.002)
        #expect(chords[0].points.count < plain[0].points.count)
        // What shows is covered the same.
        let a = try #require(PathRasterizer.coverage(of: plain.map(\.points), fillRule: .nonZero, clip: Self.frame))
        let b = try #require(PathRasterizer.coverage(of: chords.map(\.points), fillRule: .nonZero, clip: Self.frame))
        #expect(a.width == b.width && a.height == b.height)
        #expect(zip(a.alpha, b.alpha).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
        // Trimmed to 3/8 of its length, after a quarter out of sight, the stroke ends in sight
        // where it would without `visible`.
        let end = try #require(plain.trimmed(from: 0, to: 0.375).first?.points.last)
        let culledEnd = try #require(kept.trimmed(from: 0, to: 0.375).first?.points.last)
        #expect(end.x < 160)
        #expect(PathProbe.distance(end, culledEnd) < 0.5)
    }

    @Test func aPathFlattensIntoABoundedNumberOfPoints() {
        // 2,000 curves of 1024 segments each would be two million points.
        let path = Self.farFlung(2000)
        let points = path.flattened(tolerance: 0.25).reduce(0) { $0 + $1.points.count }
        #expect(points <= Path.maximumFlattenedPoints + 1024)
    }

    @Test func strokePiecesOutOfSightAreLeftOut() {
        // A gentle wave: one run of 1000 segments, or of those in sight.
        let line = Polyline(points: (0...1000).map { pt(Double($0) * 10 - 5000, 45 + Double($0 % 2)) }, closed: false)
        let style = StrokeStyle(lineWidth: 4)
        let all = [line].strokeOutline(style)
        let inSight = [line].strokeOutline(style, visible: Self.frame)
        #expect(all.reduce(0) { $0 + $1.count } >= 2000)
        #expect(inSight.reduce(0) { $0 + $1.count } < 80)
        let a = PathRasterizer.coverage(of: all, fillRule: .nonZero, clip: Self.frame)
        let b = PathRasterizer.coverage(of: inSight, fillRule: .nonZero, clip: Self.frame)
        #expect(a == b)
    }

    @Test func aJoinReachingIntoSightIsKept() {
        // Both segments lie left of the frame; the long miter where they meet reaches into it.
        let hairpin = Polyline(points: [pt(-60, 45), pt(-8, 45), pt(-60, 49)], closed: false)
        let style = StrokeStyle(lineWidth: 4, lineJoin: .miter, miterLimit: 40)
        let all = [hairpin].strokeOutline(style)
        let inSight = [hairpin].strokeOutline(style, visible: Self.frame)
        let a = PathRasterizer.coverage(of: all, fillRule: .nonZero, clip: Self.frame)
        let b = PathRasterizer.coverage(of: inSight, fillRule: .nonZero, clip: Self.frame)
        #expect((0..<40).contains { x in (40..<50).contains { y in Self.alpha(a, x, y) == 255 } })
        // The masks may differ in extent (each is its contours' box), not in any pixel.
        for y in 0..<90 {
            for x in 0..<160 where Self.alpha(a, x, y) != Self.alpha(b, x, y) {
                Issue.record("(\(x), \(y)): \(Self.alpha(a, x, y)) in all, \(Self.alpha(b, x, y)) in sight")
            }
        }
    }

    @Test func contoursOutsideTheAreaAddNothing() {
        // A square in the frame and squares wholly left, right, above and below it.
        func square(_ x: Double, _ y: Double) -> [Point] { [pt(x, y), pt(x + 20, y), pt(x + 20, y + 20), pt(x, y + 20)] }
        let inside = [square(10, 10)]
        let around = inside + [square(-500, 10), square(-500, 30), square(900, 10), square(10, -300), square(10, 400)]
        let a = PathRasterizer.coverage(of: inside, fillRule: .nonZero, clip: Self.frame)
        let b = PathRasterizer.coverage(of: around, fillRule: .nonZero, clip: Self.frame)
        // The masks differ in extent (each is its contours' box), not in any pixel.
        for y in 0..<90 {
            for x in 0..<160 {
                #expect(Self.alpha(a, x, y) == Self.alpha(b, x, y))
            }
        }
    }

    static func alpha(_ mask: CoverageMask?, _ x: Int, _ y: Int) -> UInt8 {
        guard let mask, x >= mask.x, y >= mask.y, x < mask.x + mask.width, y < mask.y + mask.height else { return 0 }
        return mask.alpha[(y - mask.y) * mask.width + x - mask.x]
    }
}

@Suite struct GroupFlatteningTests {
    static func nested(_ depth: Int) -> DisplayList {
        var list = DisplayList(size: Size(width: 100, height: 100), background: .white)
        for _ in 0..<depth { list.append(.pushGroup(Group(opacity: 0.5))) }
        list.roundedRect(RoundedRect(rect: Rect(x: 10, y: 10, width: 20, height: 20), cornerRadius: 0, fill: .black))
        for _ in 0..<depth { list.append(.popGroup) }
        return list
    }

    @Test func groupsPastTheDepthPassTheirOpacityToTheirMembers() throws {
        let list = Self.nested(10)
        #expect(list.groupDepth == 10)
        let flattened = list.flatteningGroups(deeperThan: 3)
        #expect(flattened.groupDepth == 3)
        guard case .roundedRect(let shape) = try #require(flattened.commands.first { if case .roundedRect = $0 { true } else { false } }) else {
            Issue.record("no rectangle")
            return
        }
        // Seven flattened groups of opacity 0.5 fade it by 0.5⁷.
        #expect(abs(shape.fill.alpha - 0.0078125) < 1e-12)
        #expect(flattened.commands.count == 7)
    }

    @Test func aMaskedGroupPastTheDepthBecomesAClipToItsMask() {
        var list = DisplayList(size: Size(width: 100, height: 100), background: .white)
        list.append(.pushGroup(Group(opacity: 0.5)))
        list.append(.pushGroup(Group(mask: RoundedRect(rect: Rect(x: 5, y: 5, width: 30, height: 40), cornerRadius: 4, fill: .black))))
        list.roundedRect(RoundedRect(rect: Rect(x: 0, y: 0, width: 100, height: 100), cornerRadius: 0, fill: .black))
        list.append(.popGroup)
        list.append(.popGroup)
        let flattened = list.flatteningGroups(deeperThan: 1)
        #expect(flattened.commands.count == 5)
        #expect(flattened.commands[1] == .pushClip(Rect(x: 5, y: 5, width: 30, height: 40)))
        #expect(flattened.commands[3] == .popClip)
    }

    @Test func aListWithinTheDepthIsUnchanged() {
        let list = Self.nested(4)
        #expect(list.flatteningGroups(deeperThan: 4) == list)
    }
}
