import CadenceDraw
import Testing

@Suite struct PolylineDashingTests {
    let line = Polyline(points: [pt(0, 0), pt(100, 0)], closed: false)

    @Test func cutsEqualDashes() {
        let dashes = [line].dashed(pattern: [10, 5], phase: 0)
        #expect(dashes.count == 7)  // 0–10, 15–25, …, 90–100
        #expect(dashes.allSatisfy { abs($0.length - 10) < 1e-9 && !$0.closed })
        #expect(dashes[1] == Polyline(points: [pt(15, 0), pt(25, 0)], closed: false))
    }

    @Test func oddPatternsRepeatTwice() {
        let dashes = [line].dashed(pattern: [10], phase: 0)
        #expect(dashes.count == 5)
        #expect(dashes.map(\.points.first) == [0, 20, 40, 60, 80].map { pt($0, 0) })
        // [10, 5, 5] means 10 on, 5 off, 5 on, 10 off, 5 on, 5 off.
        let three = [line].dashed(pattern: [10, 5, 5], phase: 0)
        let starts: [Double] = [0, 15, 30, 40, 55, 70, 80, 95]
        #expect(three.count == starts.count)
        #expect(zip(three, starts).allSatisfy { abs($0.points[0].x - $1) < 1e-9 })
    }

    @Test func phaseShiftsThePattern() {
        let dashes = [line].dashed(pattern: [10, 5], phase: 12)
        // 12 into the pattern is 2 into the gap: the first dash starts at 3.
        #expect(dashes.first == Polyline(points: [pt(3, 0), pt(13, 0)], closed: false))
        #expect([line].dashed(pattern: [10, 5], phase: -3) == dashes)
        #expect([line].dashed(pattern: [10, 5], phase: 27) == dashes)
    }

    @Test func dashesGoAroundCorners() {
        let square = Polyline(points: [pt(0, 0), pt(10, 0), pt(10, 10), pt(0, 10)], closed: true)
        let dashes = [square].dashed(pattern: [15, 5], phase: 0)
        #expect(dashes.count == 2)
        #expect(dashes[0] == Polyline(points: [pt(0, 0), pt(10, 0), pt(10, 5)], closed: false))
        #expect(dashes[1] == Polyline(points: [pt(10, 10), pt(0, 10), pt(0, 5)], closed: false))
        let total = dashes.reduce(0) { $0 + $1.length }
        #expect(total == 30)
    }

    @Test func eachPolylineRestartsThePattern() {
        let dashes = [line, line].dashed(pattern: [30, 30], phase: 0)
        #expect(dashes.count == 4)
        #expect(dashes[2].points.first == pt(0, 0))
    }

    @Test func zeroLengthDashesAreDots() {
        let dots = [line].dashed(pattern: [0, 25], phase: 0)
        #expect(dots.count == 4)  // at 0, 25, 50, 75 (the dot at 100 would start after the end)
        #expect(dots.allSatisfy { $0.length == 0 && $0.points.count == 2 })
    }

    @Test(arguments: [[], [0, 0], [5, -1], [5, .nan], [.infinity, 1], [1e-300, 1e-300]])
    func invalidOrAbsurdPatternsStaySolid(pattern: [Double]) {
        #expect([line].dashed(pattern: pattern, phase: 0) == [line])
    }

    @Test func nonFinitePhaseCountsAsZero() {
        #expect([line].dashed(pattern: [10, 5], phase: .nan) == [line].dashed(pattern: [10, 5], phase: 0))
    }
}
