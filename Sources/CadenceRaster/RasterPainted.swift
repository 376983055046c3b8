import CadenceDraw

/// The pixels of a picture that drawing may have changed, as a few rectangles: everything else
/// in it is still transparent. A group's picture is composited, and cleared for the next one,
/// only there (a layer of thin lines across the frame costs the lines, not the frame).
///
/// Boxes that lie close together are held as their bounding box, and past `limit` rectangles
/// all are, so a picture of many small draws costs no more than one of its box.
struct PaintedRects {
    /// The smallest rectangle holding every one; nil when nothing is painted.
    private(set) var bounds: PixelRect?
    /// The rectangles when there are several (their bounding box is `bounds`); empty when
    /// `bounds` alone stands for them.
    private var rects: [PixelRect] = []
    static let limit = 16

    /// Adds `box`.
    mutating func add(_ box: PixelRect) {
        guard let held = bounds else {
            bounds = box
            return
        }
        let union = held.union(box)
        bounds = union
        if rects.isEmpty {
            // One box while the union wastes no more than it holds.
            if union.area <= 2 * (held.area + box.area) { return }
            rects = [held, box]
            return
        }
        for rect in rects where rect.minX <= box.minX && rect.minY <= box.minY && rect.maxX >= box.maxX && rect.maxY >= box.maxY {
            return
        }
        if rects.count >= Self.limit {
            rects = []
            return
        }
        rects.append(box)
    }

    /// Calls `body(y, minX, maxX)` for each row of `box` and each stretch of columns of it that
    /// the rectangles cover, left to right, each pixel once however the rectangles overlap.
    @inline(__always)
    func forEachSpan(within box: PixelRect, _ body: (Int, Int, Int) -> Void) {
        guard let bounds, let area = bounds.intersection(box) else { return }
        if rects.isEmpty {
            for y in area.minY..<area.maxY { body(y, area.minX, area.maxX) }
            return
        }
        withUnsafeTemporaryAllocation(of: PixelRect.self, capacity: rects.count) { sorted in
            // Clipped to the box, left edges ascending: each row's stretches merge in one walk.
            var count = 0
            for rect in rects {
                guard let clipped = rect.intersection(area) else { continue }
                var at = count
                while at > 0, sorted[at - 1].minX > clipped.minX {
                    sorted.initializeElement(at: at, to: sorted[at - 1])
                    at -= 1
                }
                sorted.initializeElement(at: at, to: clipped)
                count += 1
            }
            for y in area.minY..<area.maxY {
                var start = 0, end = 0, open = false
                for index in 0..<count {
                    let rect = sorted[index]
                    guard rect.minY <= y, y < rect.maxY else { continue }
                    if open, rect.minX <= end {
                        end = max(end, rect.maxX)
                        continue
                    }
                    if open { body(y, start, end) }
                    (start, end, open) = (rect.minX, rect.maxX, true)
                }
                if open { body(y, start, end) }
            }
        }
    }
}
