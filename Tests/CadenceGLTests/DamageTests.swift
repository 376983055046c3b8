import CadenceDraw
import CadenceEngine
import CadenceGL
import CadenceRender
import CadenceScene
import Testing

/// Redrawing only what changed gives the same pixels as redrawing everything.
@MainActor
@Suite struct DamageTests {
    @Test func damageRedrawMatchesFullRedrawFrameByFrame() throws {
        let partial = try OffscreenRenderer(width: 640, height: 360)
        let full = try OffscreenRenderer(width: 640, height: 360)
        full.fullRedraw = true
        var partialFrames = 0
        for frame in 0..<75 {
            let list = try Scene.demo.displayList(at: Double(frame) / 30)
            let expected = try full.render(list)
            let actual = try partial.render(list)
            #expect(actual == expected, "frame \(frame) differs")
            if partial.lastRedrawn != nil, partial.lastRedrawnPixels < 640 * 360 { partialFrames += 1 }
        }
        #expect(partialFrames > 30, "damage tracking redrew the whole frame too often (\(partialFrames) partial frames)")
    }

    @Test func pixelBufferReadbackGivesTheSameFramesOneLate() throws {
        let direct = try OffscreenRenderer(width: 640, height: 360)
        let pipelined = try OffscreenRenderer(width: 640, height: 360)
        pipelined.readback = .pbo
        var expected: [RGBAImage] = []
        var actual: [RGBAImage] = []
        for frame in 0..<40 {
            let list = try Scene.demo.displayList(at: Double(frame) / 20)
            expected.append(try direct.render(list))
            let done = try pipelined.submit(list)
            // The pipeline holds one frame back: frame N comes out of the call for N + 1.
            #expect(done.count == (frame == 0 ? 0 : 1))
            actual += done
        }
        actual += try pipelined.finish()
        #expect(actual.count == expected.count)
        for (index, (a, e)) in zip(actual, expected).enumerated() {
            #expect(a == e, "frame \(index) differs")
        }
        // Back to synchronous rendering on the same renderer: still the same pixels.
        let list = try Scene.demo.displayList(at: 2.5)
        #expect(try pipelined.render(list) == (try direct.render(list)))
    }

    @Test func nothingChangedNothingRedrawn() throws {
        let renderer = try OffscreenRenderer(width: 320, height: 180)
        var list = DisplayList(size: Size(width: 320, height: 180), background: .white)
        list.roundedRect(RoundedRect(rect: Rect(x: 10, y: 10, width: 50, height: 50), cornerRadius: 8, fill: .black))
        let first = try renderer.render(list)
        let second = try renderer.render(list)
        #expect(renderer.lastRedrawn == nil)
        #expect(first == second)
    }

    @Test func damageCoversOldAndNewPlaces() {
        var before = DisplayList(size: Size(width: 100, height: 100), background: .white)
        before.roundedRect(RoundedRect(rect: Rect(x: 10, y: 10, width: 10, height: 10), cornerRadius: 0, fill: .black))
        var after = DisplayList(size: Size(width: 100, height: 100), background: .white)
        after.roundedRect(RoundedRect(rect: Rect(x: 50, y: 10, width: 10, height: 10), cornerRadius: 0, fill: .black))
        #expect(after.damage(since: before) == Rect(x: 9, y: 9, width: 52, height: 12))
        #expect(before.damage(since: before) == nil)
        var more = after
        more.roundedRect(RoundedRect(rect: .init(x: 0, y: 0, width: 1, height: 1), cornerRadius: 0, fill: .black))
        #expect(more.damage(since: after) == Rect(x: 0, y: 0, width: 2, height: 2))  // only what was added
        var clipped = after
        clipped.clipped(to: Rect(x: 0, y: 0, width: 5, height: 5)) { _ in }
        #expect(clipped.damage(since: after) == Rect(x: 0, y: 0, width: 5, height: 5))  // a clipped group came: its clip
        var unbalanced = after
        unbalanced.append(.pushClip(Rect(x: 0, y: 0, width: 5, height: 5)))
        #expect(unbalanced.damage(since: after) == Rect(x: 0, y: 0, width: 100, height: 100))  // a lone push: everything
    }

    @Test func farApartChangesStayApart() {
        func list(caret: Bool, pillX: Double) -> DisplayList {
            var list = DisplayList(size: Size(width: 400, height: 300), background: .white)
            list.clipped(to: Rect(x: 10, y: 10, width: 200, height: 40)) { list in
                list.roundedRect(RoundedRect(rect: Rect(x: 10, y: 10, width: 200, height: 40), cornerRadius: 4, fill: .white))
                if caret { list.line(Line(from: Point(x: 50, y: 15), to: Point(x: 50, y: 45), width: 2, color: .black)) }
            }
            list.roundedRect(RoundedRect(rect: Rect(x: pillX, y: 250, width: 40, height: 20), cornerRadius: 10, fill: .black))
            return list
        }
        // A caret appears inside a clip while a pill moves at the bottom: two small places, not
        // the box around both.
        let region = list(caret: true, pillX: 104).damageRegion(since: list(caret: false, pillX: 100))
        #expect(region?.count == 2)
        #expect(region?.contains(Rect(x: 48, y: 13, width: 4, height: 34)) == true)
        #expect(region?.contains(Rect(x: 99, y: 249, width: 46, height: 22)) == true)
    }
}



/// The stress scenes of `bench render --scene stress:N`: frame by frame the same pixels through
/// damage tracking (as `render` weighs it, and the damage path alone) as whole redraws, and the
/// cost estimate takes the damage path when few things move and a whole redraw when all do.
@MainActor
@Suite struct StressSceneDamageTests {
    @Test(arguments: [10, 100, 1000])
    func stressFramesMatchFullRedraw(count: Int) throws {
        let scene = Scene.stress(count: count)
        let weighed = try OffscreenRenderer(width: 1280, height: 720)
        let damageOnly = try OffscreenRenderer(width: 1280, height: 720)
        damageOnly.redrawCost = nil
        let full = try OffscreenRenderer(width: 1280, height: 720)
        full.fullRedraw = true
        var weighedPartialFrames = 0
        for frame in 0..<12 {
            let list = try scene.displayList(at: Double(frame) / 60)
            let expected = try full.render(list)
            #expect(try weighed.render(list) == expected, "stress:\(count) frame \(frame) differs")
            #expect(try damageOnly.render(list) == expected, "stress:\(count) frame \(frame) differs on the damage path")
            if frame > 0, weighed.lastRedrawnPixels < 1280 * 720 { weighedPartialFrames += 1 }
        }
        if count == 10 {
            #expect(weighedPartialFrames == 11, "ten small moving rectangles should take the damage path")
        } else {
            #expect(weighedPartialFrames == 0, "with \(count) moving rectangles a whole redraw is cheaper")
        }
    }
}

/// The cost estimate that picks between the damage path and a whole redraw.
@Suite struct RedrawCostTests {
    static func list(rects: [Rect]) -> DisplayList {
        var list = DisplayList(size: Size(width: 1280, height: 720), background: .white)
        for rect in rects { list.roundedRect(RoundedRect(rect: rect, cornerRadius: 6, fill: .black)) }
        return list
    }

    @Test func aFewSmallChangesTakeTheDamagePath() {
        let list = Self.list(rects: [Rect(x: 100, y: 100, width: 40, height: 24), Rect(x: 600, y: 300, width: 40, height: 24)])
        let damage = [Rect(x: 99, y: 99, width: 43, height: 26)]
        #expect(!RedrawCost.llvmpipe.prefersWholeRedraw(of: list, over: damage, width: 1280, height: 720))
        #expect(RedrawCost.llvmpipe.damage(damage, of: list, width: 1280, height: 720) < RedrawCost.llvmpipe.whole(list, width: 1280, height: 720))
    }

    @Test func damageOverMostOfTheFrameTakesAWholeRedraw() {
        let list = Self.list(rects: [Rect(x: 100, y: 100, width: 40, height: 24)])
        #expect(RedrawCost.llvmpipe.prefersWholeRedraw(of: list, over: [Rect(x: 0, y: 0, width: 1200, height: 700)], width: 1280, height: 720))
    }

    @Test func manyPassesOverTheSameCommandsCostMoreThanOne() {
        // Eight overlapping rectangles each redraw the big shape under them.
        let list = Self.list(rects: [Rect(x: 0, y: 0, width: 1280, height: 720)])
        let damage = (0..<8).map { Rect(x: Double($0) * 100, y: 0, width: 500, height: 400) }
        #expect(RedrawCost.llvmpipe.prefersWholeRedraw(of: list, over: damage, width: 1280, height: 720))
    }

    @Test func damageOffTheFrameCostsNothingButItsPasses() {
        let list = Self.list(rects: [])
        let cost = RedrawCost.llvmpipe.damage([Rect(x: 2000, y: 2000, width: 100, height: 100)], of: list, width: 1280, height: 720)
        #expect(cost == 0)
    }
}
