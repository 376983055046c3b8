import CadenceDraw
import CadenceEngine
import CadenceGL
import CadenceImage
import CadencePlatform
import CadenceTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Paths filled from the CPU rasteriser's coverage, rendered headlessly against goldens.
@MainActor
@Suite struct PathGoldenTests {
    static let background = Color(hex: "#FFFFFF")!
    static let purple = Color(hex: "#AF52DE")!

    /// A five-pointed star drawn in one stroke (its middle is wound twice) centred at (`cx`, `cy`).
    static func star(_ cx: Double, _ cy: Double, radius: Double) -> [Point] {
        (0..<5).map { index in
            let angle = -Double.pi / 2 + Double(index) * 4 * Double.pi / 5
            return Point(x: cx + radius * cos(angle), y: cy + radius * sin(angle))
        }
    }

    /// Two squares, one inside the other, wound the same way.
    static func nestedSquares(_ cx: Double, _ cy: Double) -> [[Point]] {
        [18.0, 8.0].map { half in
            [Point(x: cx - half, y: cy - half), Point(x: cx + half, y: cy - half), Point(x: cx + half, y: cy + half), Point(x: cx - half, y: cy + half)]
        }
    }

    static func fillRules() -> DisplayList {
        var list = DisplayList(size: Size(width: 160, height: 120), background: Self.background)
        list.append(.path(PathFill(contours: [star(40, 40, radius: 34)], fillRule: .nonZero, color: purple)))
        list.append(.path(PathFill(contours: [star(120, 40, radius: 34)], fillRule: .evenOdd, color: purple)))
        list.append(.path(PathFill(contours: nestedSquares(40, 95), fillRule: .nonZero, color: purple)))
        list.append(.path(PathFill(contours: nestedSquares(120, 95), fillRule: .evenOdd, color: purple)))
        return list
    }

    /// Non-zero fills the star's middle and the inner square; even-odd leaves them empty.
    @Test func nonZeroAndEvenOdd() throws {
        let image = try expectGoldenOnBothBackends(named: "path-fill-rules", width: 160, height: 120, tolerance: 2, maxDifferingFraction: 0.002) { renderer in
            try renderer.render(Self.fillRules())
        }
        let filled = image[40, 12]  // inside the top point: filled under both rules
        #expect(filled == (175, 82, 222, 255))
        #expect(image[40, 42] == filled)  // the star's middle, non-zero
        #expect(image[120, 42] == (255, 255, 255, 255))  // the star's middle, even-odd
        #expect(image[120, 12] == filled)
        #expect(image[40, 95] == filled && image[120, 95] == (255, 255, 255, 255))  // the inner square
        #expect(image[26, 95] == filled && image[106, 95] == filled)  // between the squares
        #expect(image[2, 95] == (255, 255, 255, 255))
    }

    /// A blurred path is soft: full in its middle, fading across about three deviations.
    @Test func blurredPath() throws {
        var list = DisplayList(size: Size(width: 160, height: 120), background: Self.background)
        let triangle = [Point(x: 30, y: 100), Point(x: 80, y: 20), Point(x: 130, y: 100)]
        list.append(.path(PathFill(contours: [triangle], color: Color(red: 0, green: 0, blue: 0, alpha: 0.8), blur: 5)))
        let image = try expectGoldenOnBothBackends(named: "path-blurred", width: 160, height: 120, tolerance: 2, maxDifferingFraction: 0.002) { renderer in
            try renderer.render(list)
        }
        #expect(abs(Int(image[80, 80].0) - 51) <= 2)  // 80 % black over white
        let row = (96..<120).map { Int(image[80, $0].0) }
        #expect(zip(row, row.dropFirst()).allSatisfy { $0 <= $1 }, "fades out: \(row)")
        #expect(row.contains { $0 > 60 && $0 < 240 }, "with soft values in between: \(row)")
        #expect(image[80, 119].0 > 250)
    }

    /// A static path is rasterised once, whatever its colour does; masks no frame uses any more
    /// are dropped.
    @Test func masksAreCachedAcrossFramesAndEvicted() throws {
        let context = try HeadlessContext()
        try context.makeCurrent()
        let target = try OffscreenTarget(width: 160, height: 120)
        let renderer = try Renderer()
        target.bind()
        for frame in 0..<4 {
            var list = Self.fillRules()
            list.append(.path(PathFill(contours: [Self.star(80, 60, radius: 20)], color: Color(red: Double(frame) / 4, green: 0, blue: 0))))
            try renderer.draw(list, viewport: (160, 120))
        }
        #expect(renderer.rasterisedPathCount == 5)
        #expect(renderer.cachedPathMaskCount == 5)
        let empty = DisplayList(size: Size(width: 160, height: 120), background: .white)
        try renderer.draw(empty, viewport: (160, 120))
        #expect(renderer.cachedPathMaskCount == 5)  // kept a frame, in case they come back
        try renderer.draw(empty, viewport: (160, 120))
        #expect(renderer.cachedPathMaskCount == 0)
    }

    /// Paths inside a group and under damage redraws come out as in a full redraw, frame after
    /// frame, with the mask cache reused.
    @Test func pathsRedrawByDamage() throws {
        let partial = try OffscreenRenderer(width: 160, height: 120)
        let full = try OffscreenRenderer(width: 160, height: 120)
        full.fullRedraw = true
        for frame in 0..<6 {
            var list = Self.fillRules()
            list.append(.pushGroup(Group(opacity: 0.5)))
            list.append(.path(PathFill(contours: [Self.star(20 + Double(frame) * 20, 60, radius: 15)], fillRule: .evenOdd, color: .black, blur: 1)))
            list.append(.popGroup)
            let expected = try full.render(list)
            let actual = try partial.submit(list) + (try partial.finish())
            #expect(actual.last == expected, "frame \(frame)")
        }
    }
}
