/// A rectangle of whole pixels, `minX ..< maxX` by `minY ..< maxY`, top-left origin, never empty:
/// the one pixel-rectangle type of every stage after the display list — damage to redraw and read
/// back, regions a window presents, what an APNG frame holds, what the rasterisers loop over.
public struct PixelRect: Sendable, Hashable, CustomStringConvertible {
    /// The first column.
    public var minX: Int
    /// The first row.
    public var minY: Int
    /// One past the last column.
    public var maxX: Int
    /// One past the last row.
    public var maxY: Int

    /// The first column.
    public var x: Int { minX }
    /// The first row.
    public var y: Int { minY }
    /// Columns.
    public var width: Int { maxX - minX }
    /// Rows.
    public var height: Int { maxY - minY }
    /// Pixels.
    public var area: Int { width * height }

    /// The rectangle from (`minX`, `minY`) to (`maxX`, `maxY`); nil when that holds no pixel.
    public init?(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        guard maxX > minX, maxY > minY else { return nil }
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// The rectangle `width` × `height` at (`x`, `y`); nil when that holds no pixel (or its far
    /// side is past `Int.max`).
    public init?(x: Int, y: Int, width: Int, height: Int) {
        let (maxX, overflowX) = x.addingReportingOverflow(width)
        let (maxY, overflowY) = y.addingReportingOverflow(height)
        guard !overflowX, !overflowY else { return nil }
        self.init(minX: x, minY: y, maxX: maxX, maxY: maxY)
    }

    /// The whole frame `width` × `height`; nil when it is empty.
    public init?(width: Int, height: Int) {
        self.init(minX: 0, minY: 0, maxX: width, maxY: height)
    }

    /// The whole pixels covering `rect`, with coordinates clamped to the rasterizer's limit;
    /// nil when `rect` is empty or not a number.
    public init?(covering rect: Rect) {
        guard rect.width > 0, rect.height > 0 else { return nil }
        self.init(minX: rect.minX, minY: rect.minY, maxX: rect.maxX, maxY: rect.maxY)
    }

    /// The whole pixels covering `rect` within a `width` × `height` frame (the rounding of both
    /// backends' damage: outwards); nil when that leaves no pixel. Coordinates may be anything up
    /// to 1e308 or not a number: they are clamped to the frame before they become integers.
    public init?(covering rect: Rect, width: Int, height: Int) {
        guard !rect.minX.isNaN, !rect.minY.isNaN, !rect.maxX.isNaN, !rect.maxY.isNaN else { return nil }
        func pixel(_ value: Double, _ limit: Int, _ rule: FloatingPointRoundingRule) -> Int {
            Int(min(max(value, 0), Double(max(limit, 0))).rounded(rule))
        }
        self.init(
            minX: pixel(rect.minX, width, .down), minY: pixel(rect.minY, height, .down),
            maxX: pixel(rect.maxX, width, .up), maxY: pixel(rect.maxY, height, .up)
        )
    }

    /// Clamps in floating point first, so that no conversion to `Int` can trap.
    init?(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        guard !minX.isNaN, !minY.isNaN, !maxX.isNaN, !maxY.isNaN else { return nil }
        let limit = PathRasterizer.coordinateLimit
        self.init(
            minX: Int(clamp(minX, -limit, limit).rounded(.down)), minY: Int(clamp(minY, -limit, limit).rounded(.down)),
            maxX: Int(clamp(maxX, -limit, limit).rounded(.up)), maxY: Int(clamp(maxY, -limit, limit).rounded(.up))
        )
    }

    /// The same pixels as a `Rect`.
    public var rect: Rect { Rect(x: Double(minX), y: Double(minY), width: Double(width), height: Double(height)) }

    /// The pixels both rectangles hold; nil when they share none.
    public func intersection(_ other: PixelRect) -> PixelRect? {
        PixelRect(minX: max(minX, other.minX), minY: max(minY, other.minY), maxX: min(maxX, other.maxX), maxY: min(maxY, other.maxY))
    }

    /// The smallest rectangle holding both.
    public func union(_ other: PixelRect) -> PixelRect {
        var result = self
        result.minX = min(minX, other.minX)
        result.minY = min(minY, other.minY)
        result.maxX = max(maxX, other.maxX)
        result.maxY = max(maxY, other.maxY)
        return result
    }

    /// The smallest rectangle holding every one of `rects`; nil when there is none.
    public static func bounds(of rects: [PixelRect]) -> PixelRect? {
        guard let first = rects.first else { return nil }
        return rects.dropFirst().reduce(first) { $0.union($1) }
    }

    /// The rectangle `amount` pixels larger on every side (`amount` ≥ 0).
    package func grown(by amount: Int) -> PixelRect {
        PixelRect(minX: minX - amount, minY: minY - amount, maxX: maxX + amount, maxY: maxY + amount)!
    }

    func offsetBy(dx: Int, dy: Int) -> PixelRect {
        PixelRect(minX: minX + dx, minY: minY + dy, maxX: maxX + dx, maxY: maxY + dy)!
    }

    public var description: String { "\(width)x\(height) at (\(minX), \(minY))" }
}

extension [PixelRect] {
    /// The pixels of every rectangle, counting overlaps twice: an upper bound.
    public var totalArea: Int { reduce(0) { $0 + $1.area } }
}
