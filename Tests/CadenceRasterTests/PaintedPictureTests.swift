import CadenceDraw
@testable import CadenceRaster
import Testing

/// A group's picture is composited, and cleared for the next picture, only where its members
/// painted: the pixels those stretches visit are each rectangle's pixels, each once, and a
/// picture's memory kept from an earlier group leaves nothing of it behind.
@Suite struct PaintedPictureTests {
    /// Every pixel `forEachSpan` visits within `box`, counted.
    static func visits(_ painted: PaintedRects, within box: PixelRect) -> [Int: Int] {
        var counts: [Int: Int] = [:]
        painted.forEachSpan(within: box) { y, minX, maxX in
            #expect(minX < maxX, "an empty stretch in row \(y)")
            for x in minX..<maxX { counts[y * 10_000 + x, default: 0] += 1 }
        }
        return counts
    }

    /// The pixels of `rects` within `box`.
    static func pixels(of rects: [PixelRect], within box: PixelRect) -> Set<Int> {
        var set = Set<Int>()
        for rect in rects {
            guard let clipped = rect.intersection(box) else { continue }
            for y in clipped.minY..<clipped.maxY {
                for x in clipped.minX..<clipped.maxX { set.insert(y * 10_000 + x) }
            }
        }
        return set
    }

    @Test func stretchesVisitEveryPaintedPixelOnce() {
        // Thin lines far apart stay apart; overlapping and touching boxes are visited once.
        let rects = [
            PixelRect(x: 2, y: 0, width: 3, height: 90)!, PixelRect(x: 60, y: 5, width: 2, height: 80)!,
            PixelRect(x: 0, y: 40, width: 100, height: 2)!, PixelRect(x: 58, y: 10, width: 10, height: 10)!,
            PixelRect(x: 68, y: 12, width: 5, height: 4)!, PixelRect(x: 3, y: 1, width: 1, height: 1)!,
        ]
        var painted = PaintedRects()
        for rect in rects { painted.add(rect) }
        for box in [PixelRect(x: 0, y: 0, width: 100, height: 100)!, PixelRect(x: 1, y: 3, width: 60, height: 50)!] {
            let counts = Self.visits(painted, within: box)
            #expect(counts.values.allSatisfy { $0 == 1 })
            // Far-apart boxes are not replaced by their bounding box: only the painted pixels.
            #expect(Set(counts.keys) == Self.pixels(of: rects, within: box))
        }
    }

    @Test func nearbyBoxesAndManyBoxesBecomeTheirBounds() {
        var near = PaintedRects()
        near.add(PixelRect(x: 0, y: 0, width: 10, height: 10)!)
        near.add(PixelRect(x: 5, y: 5, width: 10, height: 10)!)
        let box = PixelRect(x: 0, y: 0, width: 50, height: 50)!
        #expect(Set(Self.visits(near, within: box).keys) == Self.pixels(of: [PixelRect(x: 0, y: 0, width: 15, height: 15)!], within: box))

        var many = PaintedRects()
        var rects: [PixelRect] = []
        for index in 0..<40 {
            let rect = PixelRect(x: index * 7 % 200, y: index * 13 % 190, width: 1, height: 1)!
            rects.append(rect)
            many.add(rect)
        }
        let counts = Self.visits(many, within: PixelRect(x: 0, y: 0, width: 300, height: 300)!)
        #expect(counts.values.allSatisfy { $0 == 1 })
        #expect(Self.pixels(of: rects, within: box).isSubset(of: Set(counts.keys)))
        #expect(many.bounds == PixelRect.bounds(of: rects))
    }

    @Test func nothingPaintedVisitsNothing() {
        #expect(Self.visits(PaintedRects(), within: PixelRect(x: 0, y: 0, width: 9, height: 9)!).isEmpty)
    }

    /// Frame `n`: a fading group of thin lines across the frame, then groups (faded, masked,
    /// matted, recoloured) drawn into the memory the earlier pictures leave, in other places.
    static func frame(_ n: Int) -> DisplayList {
        let size = Size(width: 120, height: 80)
        var list = DisplayList(size: size, background: .clear)
        let shift = Double(n * 9 % 40)
        list.append(.pushGroup(Group(opacity: 0.6)))
        for column in 0..<4 {
            let x = 5 + Double(column) * 35 + shift / 4
            list.append(.roundedRect(RoundedRect(rect: Rect(x: x, y: 1, width: 1.5, height: 78), cornerRadius: 0, fill: Color(red: 1, green: 0.5, blue: 0))))
        }
        list.append(.popGroup)
        list.append(.pushGroup(Group(opacity: 0.7)))
        list.append(.roundedRect(RoundedRect(rect: Rect(x: 10 + shift, y: 20, width: 30, height: 20), cornerRadius: 4, fill: .black)))
        list.append(.roundedRect(RoundedRect(rect: Rect(x: 80 - shift, y: 50, width: 25, height: 20), cornerRadius: 4, fill: Color(red: 0, green: 0, blue: 1))))
        list.append(.popGroup)
        let mask = MaskPath(contours: [[Point(x: 0, y: 0), Point(x: 120, y: 10 + shift), Point(x: 60, y: 80)]], mode: .add)
        list.append(.pushGroup(Group(opacity: 0.9, maskPaths: [mask])))
        list.append(.roundedRect(RoundedRect(rect: Rect(x: 50, y: 5 + shift, width: 40, height: 8), cornerRadius: 0, fill: Color(red: 0, green: 1, blue: 0))))
        list.append(.roundedRect(RoundedRect(rect: Rect(x: 2, y: 60, width: 8, height: 8), cornerRadius: 0, fill: .white)))
        list.append(.popGroup)
        list.append(.pushGroup(Group(matte: n % 2 == 0 ? .alpha : .alphaInverted)))
        list.append(.roundedRect(RoundedRect(rect: Rect(x: 20, y: 30, width: 80, height: 30), cornerRadius: 6, fill: Color(red: 0.8, green: 0, blue: 0.8))))
        list.append(.pushGroup(Group(isMatte: true)))
        list.append(.roundedRect(RoundedRect(rect: Rect(x: 30 + shift, y: 35, width: 20, height: 20), cornerRadius: 10, fill: .black)))
        list.append(.popGroup)
        list.append(.popGroup)
        if n % 3 == 1 {
            list.append(.pushGroup(Group(blur: 2)))
            list.append(.roundedRect(RoundedRect(rect: Rect(x: 90, y: 10, width: 12, height: 12), cornerRadius: 2, fill: Color(red: 0, green: 0.5, blue: 0.5))))
            list.append(.popGroup)
        }
        return list
    }

    @Test func keptPictureMemoryLeavesNothingBehind() throws {
        try expectRedrawsAreFresh(width: 120, height: 80, frames: 0..<10, Self.frame)
    }
}
