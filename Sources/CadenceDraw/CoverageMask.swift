/// Coverage of a filled area in whole pixels: alpha 0…255 per pixel, row 0 at the top.
///
/// The mask covers frame columns `x ..< x + width` and rows `y ..< y + height`; every pixel outside
/// it is uncovered (alpha 0). `PathRasterizer.coverage(of:fillRule:clip:blur:)` makes these.
public struct CoverageMask: Sendable, Hashable {
    /// The frame pixel column of the mask's left edge.
    public var x: Int
    /// The frame pixel row of the mask's top edge.
    public var y: Int
    /// The number of pixel columns the mask covers.
    public var width: Int
    /// The number of pixel rows the mask covers.
    public var height: Int
    /// `width * height` alphas, row-major, top row first: 0 uncovered, 255 fully covered.
    public var alpha: [UInt8]

    /// A mask of `width × height` pixels whose top-left pixel is frame pixel (`x`, `y`).
    ///
    /// `alpha` must hold `width * height` values, row-major, top row first.
    public init(x: Int, y: Int, width: Int, height: Int, alpha: [UInt8]) {
        precondition(width >= 0 && height >= 0 && alpha.count == width * height, "alpha must hold width * height values")
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.alpha = alpha
    }

    /// The alpha of frame pixel (`column`, `row`): 0 for a pixel outside the mask.
    public subscript(column: Int, row: Int) -> UInt8 {
        let (localX, xOverflow) = column.subtractingReportingOverflow(x)
        let (localY, yOverflow) = row.subtractingReportingOverflow(y)
        guard !xOverflow, !yOverflow, localX >= 0, localX < width, localY >= 0, localY < height else { return 0 }
        return alpha[localY * width + localX]
    }
}

extension Array where Element == [Point] {
    /// Hashes the number of contours and, for up to the first 16, each one's point count and its
    /// first and last points: what a cache keyed by whole contours needs (equal contours hash
    /// equally) at a cost independent of the points' number.
    public func hashSample(into hasher: inout Hasher) {
        hasher.combine(count)
        for contour in prefix(16) {
            hasher.combine(contour.count)
            if let first = contour.first, let last = contour.last {
                hasher.combine(first)
                hasher.combine(last)
            }
        }
    }
}
