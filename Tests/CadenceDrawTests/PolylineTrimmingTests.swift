import CadenceDraw
import Testing

@Suite struct PolylineTrimmingTests {
    let square = Polyline(points: [pt(0, 0), pt(10, 0), pt(10, 10), pt(0, 10)], closed: true)
    let line = Polyline(points: [pt(0, 0), pt(10, 0)], closed: false)

    @Test func keepsTheMiddleHalf() {
        let trimmed = [square].trimmed(from: 0.25, to: 0.75)
        #expect(trimmed == [Polyline(points: [pt(10, 0), pt(10, 10), pt(0, 10)], closed: false)])
        #expect(trimmed.reduce(0) { $0 + $1.length } == 20)
        #expect([line].trimmed(from: 0.25, to: 0.75) == [Polyline(points: [pt(2.5, 0), pt(7.5, 0)], closed: false)])
    }

    @Test func cutsAcrossPolylines() {
        // 40 of square, then 10 of line: 0.5…0.9 is 25…45, the square's last 15 and the line's first 5.
        let trimmed = [square, line].trimmed(from: 0.5, to: 0.9)
        #expect(trimmed.count == 2)
        #expect(trimmed[0] == Polyline(points: [pt(5, 10), pt(0, 10), pt(0, 0)], closed: false))
        #expect(trimmed[1] == Polyline(points: [pt(0, 0), pt(5, 0)], closed: false))
        // A polyline wholly inside stays as it is, closed included.
        #expect([square, line].trimmed(from: 0, to: 0.8) == [square])
        #expect([line, square].trimmed(from: 0.2, to: 1) == [square])
    }

    @Test func emptyOrClampedRanges() {
        #expect([square].trimmed(from: 0.5, to: 0.5).isEmpty)
        #expect([square].trimmed(from: 0.7, to: 0.2).isEmpty)
        #expect([square].trimmed(from: -3, to: 7) == [square])
        #expect([square].trimmed(from: .nan, to: 1).isEmpty)
        let clamped = [line].trimmed(from: -1, to: 0.5)
        #expect(clamped == [Polyline(points: [pt(0, 0), pt(5, 0)], closed: false)])
        #expect([Polyline]().trimmed(from: 0.2, to: 0.4).isEmpty)
    }

    @Test(arguments: [(0.0, 0.1), (0.1, 0.35), (0.33, 0.99), (0.6, 1.0)])
    func lengthIsTheFraction(start: Double, end: Double) throws {
        let circle = try PathFlatteningTests.circle(r: 50).flattened()
        let total = circle[0].length
        let trimmed = circle.trimmed(from: start, to: end)
        #expect(abs(trimmed.reduce(0) { $0 + $1.length } - (end - start) * total) < 1e-9 * total)
    }
}
