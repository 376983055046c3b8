import CadenceDraw
import Foundation
import Testing

@Suite struct PathRasterizerTests {
    let frame = Rect(x: 0, y: 0, width: 100, height: 100)

    /// An axis-aligned rectangle, clockwise on screen (y down).
    func rectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> [Point] {
        [Point(x: x, y: y), Point(x: x + width, y: y), Point(x: x + width, y: y + height), Point(x: x, y: y + height)]
    }

    func circle(centreX: Double, centreY: Double, radius: Double, points: Int = 256) -> [Point] {
        (0 ..< points).map { index in
            let angle = 2 * Double.pi * Double(index) / Double(points)
            return Point(x: centreX + radius * cos(angle), y: centreY + radius * sin(angle))
        }
    }

    func totalCoverage(_ mask: CoverageMask?) -> Double {
        Double(mask?.alpha.reduce(0) { $0 + Int($1) } ?? 0) / 255
    }

    @Test func squareOnWholePixelsIsExact() throws {
        let mask = try #require(PathRasterizer.coverage(of: [rectangle(10, 20, 30, 15)], fillRule: .nonZero, clip: frame))
        #expect(mask.x == 10 && mask.y == 20 && mask.width == 30 && mask.height == 15)
        #expect(mask.alpha.allSatisfy { $0 == 255 })
        #expect(mask[9, 25] == 0 && mask[40, 25] == 0 && mask[20, 19] == 0 && mask[20, 35] == 0)
    }

    @Test func squareOffByHalfAPixelHalfCoversItsEdges() throws {
        let mask = try #require(PathRasterizer.coverage(of: [rectangle(10.5, 10, 20, 10)], fillRule: .nonZero, clip: frame))
        #expect(mask.x == 10 && mask.width == 21)
        for row in 10 ..< 20 {
            #expect(abs(Int(mask[10, row]) - 128) <= 1)
            #expect(abs(Int(mask[30, row]) - 128) <= 1)
            #expect((11 ..< 30).allSatisfy { mask[$0, row] == 255 })
        }
    }

    @Test func circleAreaIsExact() {
        let mask = PathRasterizer.coverage(of: [circle(centreX: 50, centreY: 50, radius: 50, points: 1024)], fillRule: .nonZero, clip: frame)
        let area = Double.pi * 50 * 50
        #expect(abs(totalCoverage(mask) - area) / area < 0.005)
    }

    @Test(arguments: FillRule.allCases)
    func windingDirectionDoesNotMatter(fillRule: FillRule) {
        let clockwise = circle(centreX: 40.3, centreY: 45.7, radius: 23.2)
        let forwards = PathRasterizer.coverage(of: [clockwise], fillRule: fillRule, clip: frame)
        let backwards = PathRasterizer.coverage(of: [clockwise.reversed()], fillRule: fillRule, clip: frame)
        #expect(forwards != nil)
        #expect(forwards == backwards)
    }

    @Test func overlapIsFilledUnderNonZeroAndEmptyUnderEvenOdd() throws {
        let squares = [rectangle(10, 10, 30, 30), rectangle(20, 20, 30, 30)]
        let nonZero = try #require(PathRasterizer.coverage(of: squares, fillRule: .nonZero, clip: frame))
        let evenOdd = try #require(PathRasterizer.coverage(of: squares, fillRule: .evenOdd, clip: frame))
        #expect(nonZero[25, 25] == 255 && nonZero[15, 15] == 255 && nonZero[45, 45] == 255)
        #expect(evenOdd[25, 25] == 0 && evenOdd[15, 15] == 255 && evenOdd[45, 45] == 255)
        #expect(evenOdd[20, 20] == 0 && evenOdd[39, 39] == 0)
    }

    @Test(arguments: FillRule.allCases)
    func reversedInnerSquareIsAHole(fillRule: FillRule) throws {
        let ring = [rectangle(10, 10, 40, 40), rectangle(20, 20, 20, 20).reversed()]
        let mask = try #require(PathRasterizer.coverage(of: ring, fillRule: fillRule, clip: frame))
        #expect(mask[15, 15] == 255 && mask[45, 30] == 255)
        #expect(mask[30, 30] == 0 && mask[20, 20] == 0 && mask[39, 39] == 0)
        #expect(totalCoverage(mask) == 40 * 40 - 20 * 20)
    }

    @Test(arguments: FillRule.allCases)
    func contourPartlyOutsideTheClipFillsTheVisiblePart(fillRule: FillRule) throws {
        // A star reaching left of and above the clip, against the same star wholly inside a larger clip.
        let star = (0 ..< 5).map { index in
            let angle = Double.pi * Double(index) * 4 / 5 + 0.3
            return Point(x: 3 + 25 * cos(angle), y: 4 + 25 * sin(angle))
        }
        let shift = 60.0
        let clipped = try #require(PathRasterizer.coverage(of: [star], fillRule: fillRule, clip: frame))
        let shifted = star.map { Point(x: $0.x + shift, y: $0.y + shift) }
        let reference = try #require(PathRasterizer.coverage(of: [shifted], fillRule: fillRule, clip: Rect(x: 0, y: 0, width: 200, height: 200)))
        #expect(clipped.x == 0 && clipped.y == 0)
        for row in 0 ..< clipped.height {
            for column in 0 ..< clipped.width {
                #expect(abs(Int(clipped[column, row]) - Int(reference[column + 60, row + 60])) <= 1)
            }
        }
    }

    @Test func contourRightOfAndBelowTheClipIsCut() throws {
        let mask = try #require(PathRasterizer.coverage(of: [rectangle(90, 95, 50, 50)], fillRule: .nonZero, clip: frame))
        #expect(mask.x == 90 && mask.y == 95 && mask.width == 10 && mask.height == 5)
        #expect(mask.alpha.allSatisfy { $0 == 255 })
    }

    @Test func fractionalClipCoversWholePixels() throws {
        let mask = try #require(PathRasterizer.coverage(
            of: [rectangle(0, 0, 100, 100)], fillRule: .nonZero, clip: Rect(x: 10.5, y: 10.5, width: 2, height: 2)
        ))
        #expect(mask.x == 10 && mask.y == 10 && mask.width == 3 && mask.height == 3)
    }

    @Test func hugeAndNonFiniteCoordinatesNeverTrap() {
        let huge = [Point(x: 1e308, y: 1e308), Point(x: -1e308, y: 1e308), Point(x: 0, y: -1e308)]
        let mask = PathRasterizer.coverage(of: [huge], fillRule: .nonZero, clip: frame)
        if let mask {
            #expect(mask.alpha.count == mask.width * mask.height)
            #expect(mask.x >= 0 && mask.y >= 0 && mask.x + mask.width <= 100 && mask.y + mask.height <= 100)
        }
        let far = [Point(x: 1e308, y: 1e308), Point(x: 1e308 + 1, y: 1e308), Point(x: 1e308, y: 1e308 + 1)]
        #expect(PathRasterizer.coverage(of: [far], fillRule: .evenOdd, clip: frame) == nil)
        let notANumber = [Point(x: 10, y: 10), Point(x: .nan, y: 20), Point(x: 30, y: 30)]
        #expect(PathRasterizer.coverage(of: [notANumber], fillRule: .nonZero, clip: frame) == nil)
        let infinite = [Point(x: 10, y: 10), Point(x: .infinity, y: 20), Point(x: 30, y: -.infinity)]
        #expect(PathRasterizer.coverage(of: [infinite], fillRule: .nonZero, clip: frame, blur: .infinity) == nil)
        let square = rectangle(10, 10, 10, 10)
        #expect(PathRasterizer.coverage(of: [square], fillRule: .nonZero, clip: frame, blur: .nan) != nil)
        #expect(PathRasterizer.coverage(of: [square], fillRule: .nonZero, clip: Rect(x: .nan, y: 0, width: 10, height: 10)) == nil)
        let everywhere = Rect(x: -1e308, y: -1e308, width: .infinity, height: .infinity)
        #expect(PathRasterizer.coverage(of: [square], fillRule: .nonZero, clip: everywhere) != nil)
    }

    @Test func emptyInputsGiveNil() {
        #expect(PathRasterizer.coverage(of: [], fillRule: .nonZero, clip: frame) == nil)
        #expect(PathRasterizer.coverage(of: [[Point(x: 1, y: 1), Point(x: 50, y: 50)]], fillRule: .nonZero, clip: frame) == nil)
        #expect(PathRasterizer.coverage(of: [rectangle(10, 10, 10, 10)], fillRule: .nonZero, clip: Rect(x: 0, y: 0, width: 0, height: 10)) == nil)
        #expect(PathRasterizer.coverage(of: [rectangle(10, 10, 10, 10)], fillRule: .nonZero, clip: Rect(x: 50, y: 50, width: 10, height: 10)) == nil)
    }

    @Test func blurKeepsTotalCoverageAndSymmetry() throws {
        let square = rectangle(40, 40, 20, 20)
        let sharp = PathRasterizer.coverage(of: [square], fillRule: .nonZero, clip: frame)
        let blurred = try #require(PathRasterizer.coverage(of: [square], fillRule: .nonZero, clip: frame, blur: 4))
        #expect(blurred.x == 28 && blurred.y == 28 && blurred.width == 44 && blurred.height == 44)
        #expect(abs(totalCoverage(blurred) - totalCoverage(sharp)) / totalCoverage(sharp) < 0.01)
        #expect(blurred[50, 50] > 200 && blurred[30, 50] < blurred[38, 50])
        for row in 0 ..< blurred.height {
            for column in 0 ..< blurred.width {
                let mirrored = 99 - (blurred.x + column)
                #expect(blurred[blurred.x + column, blurred.y + row] == blurred[mirrored, blurred.y + row])
                #expect(blurred[blurred.x + column, blurred.y + row] == blurred[blurred.x + column, 99 - (blurred.y + row)])
            }
        }
    }

    @Test func blurReachesInFromBeyondTheClip() throws {
        // Only the blur of a square just left of the clip shows inside it.
        let mask = try #require(PathRasterizer.coverage(of: [rectangle(-20, 40, 18, 20)], fillRule: .nonZero, clip: frame, blur: 3))
        #expect(mask.x == 0 && mask.width == 7)
        #expect(mask[0, 50] > mask[3, 50] && mask[3, 50] > 0)
    }

    @Test func zeroBlurIsNoBlur() {
        let shape = [circle(centreX: 30.25, centreY: 60.5, radius: 17)]
        let sharp = PathRasterizer.coverage(of: shape, fillRule: .nonZero, clip: frame)
        #expect(PathRasterizer.coverage(of: shape, fillRule: .nonZero, clip: frame, blur: 0) == sharp)
        #expect(PathRasterizer.coverage(of: shape, fillRule: .nonZero, clip: frame, blur: -2) == sharp)
    }

    @Test func sameInputGivesSameBytes() {
        let shape = [circle(centreX: 50.3, centreY: 49.1, radius: 31.7), rectangle(20.2, 30.9, 50.5, 12.25)]
        let first = PathRasterizer.coverage(of: shape, fillRule: .evenOdd, clip: frame, blur: 2.5)
        #expect(first != nil)
        #expect(PathRasterizer.coverage(of: shape, fillRule: .evenOdd, clip: frame, blur: 2.5) == first)
    }

    @Test(arguments: 0 ..< 8)
    func starShapedPolygonAreaMatchesTheShoelace(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let count = Int.random(in: 3 ... 40, using: &random)
        let angles = (0 ..< count).map { _ in Double.random(in: 0 ..< 2 * .pi, using: &random) }.sorted()
        let centreX = Double.random(in: 40 ... 60, using: &random), centreY = Double.random(in: 40 ... 60, using: &random)
        let polygon = angles.map { angle in
            let radius = Double.random(in: 10 ... 38, using: &random)
            return Point(x: centreX + radius * cos(angle), y: centreY + radius * sin(angle))
        }
        var area = 0.0, perimeter = 0.0
        for (index, point) in polygon.enumerated() {
            let next = polygon[(index + 1) % polygon.count]
            area += (point.x * next.y - next.x * point.y) / 2
            perimeter += ((next.x - point.x) * (next.x - point.x) + (next.y - point.y) * (next.y - point.y)).squareRoot()
        }
        let mask = try #require(PathRasterizer.coverage(of: [polygon], fillRule: .nonZero, clip: frame))
        // Each pixel the outline crosses may round by half a level; no more than two per unit of outline.
        #expect(abs(totalCoverage(mask) - abs(area)) <= (2 * perimeter + 8) * 0.5 / 255)
    }

    @Test(arguments: 0 ..< 4)
    func everyPixelGetsItsExactArea(seed: UInt64) throws {
        var random = SplitMix64(seed: seed + 100)
        let count = Int.random(in: 3 ... 24, using: &random)
        let angles = (0 ..< count).map { _ in Double.random(in: 0 ..< 2 * .pi, using: &random) }.sorted()
        let polygon = angles.map { angle in
            let radius = Double.random(in: 3 ... 15, using: &random)
            return Point(x: 20.3 + radius * cos(angle), y: 19.8 + radius * sin(angle))
        }
        for fillRule in FillRule.allCases {
            let mask = try #require(PathRasterizer.coverage(of: [polygon], fillRule: fillRule, clip: frame))
            for row in mask.y ..< mask.y + mask.height {
                for column in mask.x ..< mask.x + mask.width {
                    let exact = area(of: polygon, withinPixel: column, row)
                    #expect(abs(Double(mask[column, row]) - 255 * exact) <= 0.51, "pixel \(column), \(row)")
                }
            }
        }
    }

    /// The area of a simple polygon within one pixel, by clipping it to the pixel's four sides.
    func area(of polygon: [Point], withinPixel column: Int, _ row: Int) -> Double {
        func clipped(_ points: [Point], keeping inside: (Point) -> Bool, crossing: (Point, Point) -> Point) -> [Point] {
            var result: [Point] = []
            for (index, point) in points.enumerated() {
                let previous = points[(index + points.count - 1) % points.count]
                if inside(point) {
                    if !inside(previous) { result.append(crossing(previous, point)) }
                    result.append(point)
                } else if inside(previous) {
                    result.append(crossing(previous, point))
                }
            }
            return result
        }
        func atX(_ x: Double) -> (Point, Point) -> Point {
            { a, b in Point(x: x, y: a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x)) }
        }
        func atY(_ y: Double) -> (Point, Point) -> Point {
            { a, b in Point(x: a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y), y: y) }
        }
        let left = Double(column), right = left + 1, top = Double(row), bottom = top + 1
        var points = clipped(polygon, keeping: { $0.x >= left }, crossing: atX(left))
        points = clipped(points, keeping: { $0.x <= right }, crossing: atX(right))
        points = clipped(points, keeping: { $0.y >= top }, crossing: atY(top))
        points = clipped(points, keeping: { $0.y <= bottom }, crossing: atY(bottom))
        var area = 0.0
        for (index, point) in points.enumerated() {
            let next = points[(index + 1) % points.count]
            area += (point.x * next.y - next.x * point.y) / 2
        }
        return abs(area)
    }

    @Test(arguments: 0 ..< 16)
    func anyInputGivesAValidMaskWithinTheClip(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let special: [Double] = [0, 1e308, -1e308, 1e20, -1e20, 0.5, 99.999999999, 100, .ulpOfOne, .leastNonzeroMagnitude, .nan, .infinity]
        func coordinate() -> Double {
            Bool.random(using: &random) ? Double.random(in: -50 ... 150, using: &random) : special.randomElement(using: &random)!
        }
        for _ in 0 ..< 50 {
            let contours = (0 ..< Int.random(in: 0 ... 3, using: &random)).map { _ in
                (0 ..< Int.random(in: 0 ... 6, using: &random)).map { _ in Point(x: coordinate(), y: coordinate()) }
            }
            // Clips stay small, so that the test stays quick; a huge clip only means a huge mask.
            func clipCoordinate() -> Double {
                Bool.random(using: &random) ? Double.random(in: -20 ... 120, using: &random) : [0, 0.5, .nan].randomElement(using: &random)!
            }
            let clip = Rect(x: clipCoordinate(), y: clipCoordinate(), width: abs(clipCoordinate()), height: abs(clipCoordinate()))
            let fillRule = FillRule.allCases.randomElement(using: &random)!
            let blur = Bool.random(using: &random) ? 0 : Double.random(in: 0 ... 3, using: &random)
            guard let mask = PathRasterizer.coverage(of: contours, fillRule: fillRule, clip: clip, blur: blur) else { continue }
            #expect(mask.width > 0 && mask.height > 0 && mask.alpha.count == mask.width * mask.height)
            #expect(mask.alpha.contains { $0 != 0 })
            #expect(Double(mask.x) >= clip.minX.rounded(.down) && Double(mask.x + mask.width) <= clip.maxX.rounded(.up))
            #expect(Double(mask.y) >= clip.minY.rounded(.down) && Double(mask.y + mask.height) <= clip.maxY.rounded(.up))
            #expect(PathRasterizer.coverage(of: contours, fillRule: fillRule, clip: clip, blur: blur) == mask)
        }
    }
}

/// A small seeded generator (SplitMix64), so that random tests repeat exactly.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
