/// Exact-area anti-aliased coverage of filled polygons, in the manner of FreeType's "smooth"
/// rasterizer, AGG and font-rs: every edge adds its signed area to the cells it crosses, and a sweep
/// along each row turns the running sum (the winding coverage) into alpha under the fill rule.
///
/// Pure and deterministic: the same input gives the same bytes, on one thread, on any machine.
/// It never traps and its work is bounded by the pixels of the clip plus the number of edges.
///
/// See also: `CoverageMask`, `PathFill`, `FillRule`.
public enum PathRasterizer {
    /// Blurs wider than this many pixels are treated as this wide, which bounds the work: the
    /// blur's cost grows with the area it reaches times its width, and at 256 a shape scaled up
    /// under a shadow took seconds a frame (found by the fuzzer).
    static let maximumBlur: Double = 64

    /// Coordinates are clamped to ±2²⁴ pixels before they become integers.
    static let coordinateLimit: Double = 16_777_216

    /// Areas to rasterise larger than this (8192 × 8192 pixels) give no mask, which bounds the memory.
    static let maximumPixelCount = 1 << 26

    /// The coverage of `contours` (closed polygons in frame pixels, each closed implicitly) under `fillRule`,
    /// limited to `clip` (whole pixels covering it; usually the frame), blurred by a Gaussian of standard
    /// deviation `blur` pixels when blur > 0 (the mask grows by ceil(3·blur) on every side before clipping).
    /// Nil when nothing is covered within the clip.
    ///
    /// The rules it keeps:
    /// - A pixel wholly inside the area gets 255, one wholly outside 0, and one in between
    ///   `round(255 · covered fraction)`; non-zero takes `min(|winding|, 1)`, even-odd folds the winding
    ///   so that 1 is inside and 0 and 2 are outside.
    /// - The mask is the pixel bounding box of the contours (grown by the blur's reach), cut to the clip.
    /// - Contours with fewer than 3 points, or with a NaN or infinite coordinate, contribute nothing,
    ///   and so do contours wholly outside the area rasterised (their work is one pass over their points).
    /// - `blur` is capped at 64 pixels (infinity included); NaN or a blur of 0 or less means no blur.
    /// - A clip that is empty or not a number gives nil, and so does an area to rasterise of more than
    ///   2²⁶ pixels (8192 × 8192).
    ///
    /// ```swift
    /// let square = [Point(x: 1, y: 1), Point(x: 3, y: 1), Point(x: 3, y: 3), Point(x: 1, y: 3)]
    /// let mask = PathRasterizer.coverage(of: [square], fillRule: .nonZero, clip: Rect(x: 0, y: 0, width: 8, height: 8))
    /// // mask: x 1, y 1, width 2, height 2, alpha [255, 255, 255, 255]
    /// ```
    public static func coverage(of contours: [[Point]], fillRule: FillRule, clip: Rect, blur: Double = 0) -> CoverageMask? {
        let sigma = blur > 0 ? min(blur, maximumBlur) : 0
        guard sigma > 0 else { return spans(of: contours, fillRule: fillRule, clip: clip)?.mask }
        let blurRadius = Int((3 * sigma).rounded(.up))
        guard let clipBox = PixelRect(covering: clip), let shapeBox = PixelRect(bounding: contours) else { return nil }
        let reach = shapeBox.grown(by: blurRadius)
        // The blur carries coverage from up to its radius beyond the clip into it, so that much is rasterised.
        guard let area = reach.intersection(clipBox.grown(by: blurRadius)), let output = reach.intersection(clipBox),
              area.width * area.height <= maximumPixelCount else { return nil }
        var accumulator = accumulate(contours, within: area, scratch: nil)
        let blurred = GaussianBlur(sigma: sigma).blurred(
            accumulator.coverage(fillRule: fillRule), width: area.width, height: area.height,
            croppingTo: output.offsetBy(dx: -area.minX, dy: -area.minY)
        )
        let alpha = blurred.map(Self.alpha)
        guard alpha.contains(where: { $0 != 0 }) else { return nil }
        return CoverageMask(x: output.minX, y: output.minY, width: output.width, height: output.height, alpha: alpha)
    }

    /// The coverage `coverage(of:fillRule:clip:)` gives (unblurred), as runs of pixels of one alpha:
    /// the same alphas, without a mask to fill and read back. Nil when nothing is covered within the clip.
    /// `scratch`, when given, lends the cells (and takes them back), so that repeated calls
    /// allocate and clear no grid.
    package static func spans(of contours: [[Point]], fillRule: FillRule, clip: Rect, scratch: CoverageScratch? = nil) -> CoverageSpans? {
        guard let clipBox = PixelRect(covering: clip), let shapeBox = PixelRect(bounding: contours),
              let area = shapeBox.intersection(clipBox), area.width * area.height <= maximumPixelCount else { return nil }
        var accumulator = accumulate(contours, within: area, scratch: scratch)
        let runs = accumulator.runs(fillRule: fillRule, originX: area.minX, originY: area.minY, scratch: scratch)
        guard !runs.isEmpty else { return nil }
        return CoverageSpans(bounds: area, runs: runs)
    }

    /// The cells of `contours`' edges within `area`, whose running sums along each row are the coverage.
    private static func accumulate(_ contours: [[Point]], within area: PixelRect, scratch: CoverageScratch?) -> CoverageAccumulator {
        var accumulator = CoverageAccumulator(width: area.width, height: area.height, scratch: scratch)
        let originX = Double(area.minX)
        let originY = Double(area.minY)
        let (areaMaxX, areaMaxY) = (Double(area.maxX), Double(area.maxY))
        accumulator.withEdges { edges in
            for contour in contours where isUsable(contour) {
                // A closed contour wholly outside the area adds nothing inside it: not above, below or
                // right of it, and left of it its edges' winding cancels along every row.
                var (minX, minY, maxX, maxY) = (contour[0].x, contour[0].y, contour[0].x, contour[0].y)
                for point in contour {
                    minX = min(minX, point.x)
                    minY = min(minY, point.y)
                    maxX = max(maxX, point.x)
                    maxY = max(maxY, point.y)
                }
                guard maxX > originX, minX < areaMaxX, maxY > originY, minY < areaMaxY else { continue }
                var previous = contour[contour.count - 1]
                for point in contour {
                    edges.addEdge(x0: previous.x - originX, y0: previous.y - originY, x1: point.x - originX, y1: point.y - originY)
                    previous = point
                }
            }
        }
        return accumulator
    }

    /// The alpha of a covered fraction: `round(255 · fraction)`, the fraction clamped to 0…1 (NaN to 0).
    @inline(__always)
    static func alpha(_ fraction: Float) -> UInt8 {
        UInt8((fraction > 0 ? (fraction < 1 ? fraction : 1) : 0) * 255 + 0.5)
    }

    /// Whether a contour can bound an area: three points or more, all finite.
    static func isUsable(_ contour: [Point]) -> Bool {
        contour.count >= 3 && contour.allSatisfy { $0.x.isFinite && $0.y.isFinite }
    }
}

/// `value` limited to `low ... high`; NaN becomes `low`.
@inline(__always)
func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double {
    value > low ? (value < high ? value : high) : low
}

/// Signed cover per cell of a `width × height` grid: the running sum along a row of what the edges
/// added is the winding coverage of each pixel. Each row is summed on its own, so edges above or
/// below the grid are dropped, and an edge's part left of it is moved onto its left border, where
/// it still adds its winding to the whole row; parts right of it cannot reach a pixel and land in
/// the spare columns.
///
/// The cells come from a `CoverageScratch` when one is given, all zero, and go back to it zeroed
/// by the sweep that reads them (only the cells edges touched are read and cleared), so that a
/// path costs its edges and the rows it crosses, not a fresh grid the size of its box.
struct CoverageAccumulator {
    let width: Int
    let height: Int
    /// Two spare columns per row take what lands on or right of the right border.
    let stride: Int
    private var cells: [Float]
    /// Per row, the first and last cell any edge touched (first > last: none): left of the
    /// first the running sum is 0, right of the last it stays what it is there, so the sweep
    /// adds only between them.
    private var touched: [SIMD2<Int32>]

    init(width: Int, height: Int, scratch: CoverageScratch? = nil) {
        self.width = width
        self.height = height
        stride = width + 2
        if let scratch, scratch.cells.count >= stride * height {
            cells = []
            swap(&cells, &scratch.cells)
        } else {
            cells = [Float](repeating: 0, count: stride * height)
        }
        if let scratch, scratch.touched.count >= height {
            touched = []
            swap(&touched, &scratch.touched)
        } else {
            touched = [SIMD2<Int32>](repeating: SIMD2(Int32.max, -1), count: height)
        }
    }

    /// Adds the edge from (`x0`, `y0`) to (`x1`, `y1`), in pixels from the grid's top-left corner.
    mutating func addEdge(x0: Double, y0: Double, x1: Double, y1: Double) {
        withEdges { $0.addEdge(x0: x0, y0: y0, x1: x1, y1: y1) }
    }

    /// Calls `body` with the grid's cells lent for adding edges: one borrow for many edges, not
    /// one (a uniqueness check, a retain and a release) per edge.
    mutating func withEdges(_ body: (Edges) -> Void) {
        let (width, height, stride) = (width, height, stride)
        cells.withUnsafeMutableBufferPointer { cells in
            touched.withUnsafeMutableBufferPointer { touched in
                body(Edges(width: width, height: height, stride: stride, cells: cells, touched: touched))
            }
        }
    }

    /// The grid's cells, lent: adds edges to them.
    struct Edges {
        let width: Int
        let height: Int
        let stride: Int
        let cells: UnsafeMutableBufferPointer<Float>
        let touched: UnsafeMutableBufferPointer<SIMD2<Int32>>

        /// Adds the edge from (`x0`, `y0`) to (`x1`, `y1`), in pixels from the grid's top-left corner.
        func addEdge(x0: Double, y0: Double, x1: Double, y1: Double) {
            guard y0 != y1 else { return }
            // Downward edges add, upward ones subtract; from here on the edge runs downwards.
            let direction: Double = y0 < y1 ? 1 : -1
            var (topX, topY, bottomX, bottomY) = y0 < y1 ? (x0, y0, x1, y1) : (x1, y1, x0, y0)
            let gridHeight = Double(height)
            guard bottomY > 0, topY < gridHeight else { return }
            let (startX, startY, endX, endY) = (topX, topY, bottomX, bottomY)
            if startY < 0 {
                topX = interpolate(startX, endX, clamp((0 - startY) / (endY - startY), 0, 1))
                topY = 0
            }
            if endY > gridHeight {
                bottomX = interpolate(startX, endX, clamp((gridHeight - startY) / (endY - startY), 0, 1))
                bottomY = gridHeight
            }
            // Far beyond the grid only the side matters; finite x keeps the crossings below free of NaN.
            let far = 1e300
            addSplitAtBorders(
                x0: clamp(topX, -far, far), y0: topY, x1: clamp(bottomX, -far, far), y1: bottomY, direction: direction
            )
        }

        /// Splits a downward edge where it crosses the left or right border, so that each piece lies on
        /// one side of each border, then clamps each piece into the grid.
        private func addSplitAtBorders(x0: Double, y0: Double, x1: Double, y1: Double, direction: Double) {
            let gridWidth = Double(width)
            for border in 0 ... 1 {
                let borderX = Double(border) * gridWidth
                guard (x0 < borderX && x1 > borderX) || (x0 > borderX && x1 < borderX) else { continue }
                let crossingY = clamp(interpolate(y0, y1, clamp((borderX - x0) / (x1 - x0), 0, 1)), y0, y1)
                addSplitAtBorders(x0: x0, y0: y0, x1: borderX, y1: crossingY, direction: direction)
                addSplitAtBorders(x0: borderX, y0: crossingY, x1: x1, y1: y1, direction: direction)
                return
            }
            addLine(x0: clamp(x0, 0, gridWidth), y0: y0, x1: clamp(x1, 0, gridWidth), y1: y1, direction: direction)
        }

        /// Adds a downward line lying within the grid, row by row.
        private func addLine(x0: Double, y0: Double, x1: Double, y1: Double, direction: Double) {
            guard y1 > y0 else { return }
            let firstRow = Int(y0)
            let endRow = min(Self.ceiling(y1), height)
            let lowX = min(x0, x1), highX = max(x0, x1)
            let inverseHeight = 1 / (y1 - y0)
            var x = x0
            for row in firstRow ..< endRow {
                let top = max(Double(row), y0)
                let bottom = min(Double(row + 1), y1)
                let nextX = row == endRow - 1 ? x1 : clamp(x0 + (x1 - x0) * ((bottom - y0) * inverseHeight), lowX, highX)
                if bottom > top {
                    Self.addRowSpan(cells, touched, row: row, stride: stride, fromX: x, toX: nextX, cover: (bottom - top) * direction)
                }
                x = nextX
            }
        }

        /// ⌈`value`⌉ of a value within the grid (0 ... a grid side), by truncation: `rounded(.up)`
        /// is a call into the C library on the baseline x86-64 this builds for, and this runs for
        /// every row of every edge. (Truncation is ⌊value⌋ there, as `Int(x0)` is below.)
        @inline(__always)
        private static func ceiling(_ value: Double) -> Int {
            let truncated = Int(value)
            return Double(truncated) < value ? truncated + 1 : truncated
        }

        /// Adds a line's part within one row, `cover` high (negative going up), running from `fromX` to `toX`:
        /// each cell gets the share of `cover` of the area right of the line within it, so that the running
        /// sum gives every pixel its covered fraction (font-rs's exact-area accumulation).
        @inline(__always)
        private static func addRowSpan(
            _ cells: UnsafeMutableBufferPointer<Float>, _ touched: UnsafeMutableBufferPointer<SIMD2<Int32>>,
            row: Int, stride: Int, fromX: Double, toX: Double, cover: Double
        ) {
            let start = row * stride
            let (x0, x1) = fromX < toX ? (fromX, toX) : (toX, fromX)
            let x0i = Int(x0)
            let x1i = ceiling(x1)
            let x0Floor = Double(x0i)
            let x1Ceil = Double(x1i)
            touched[row] = SIMD2(min(touched[row].x, Int32(x0i)), max(touched[row].y, Int32(x1i + 1)))
            if x1i <= x0i + 1 {
                // Within one cell: the part right of the line's middle, and all of the cells after it.
                let middle = 0.5 * (fromX + toX) - x0Floor
                cells[start + x0i] += Float(cover - cover * middle)
                cells[start + x0i + 1] += Float(cover * middle)
                return
            }
            let slope = 1 / (x1 - x0)
            let x0Fraction = x0 - x0Floor
            let firstArea = 0.5 * slope * (1 - x0Fraction) * (1 - x0Fraction)
            let x1Fraction = x1 - x1Ceil + 1
            let lastArea = 0.5 * slope * x1Fraction * x1Fraction
            cells[start + x0i] += Float(cover * firstArea)
            if x1i == x0i + 2 {
                cells[start + x0i + 1] += Float(cover * (1 - firstArea - lastArea))
            } else {
                let secondArea = slope * (1.5 - x0Fraction)
                cells[start + x0i + 1] += Float(cover * (secondArea - firstArea))
                let step = Float(cover * slope)
                for column in x0i + 2 ..< x1i - 1 {
                    cells[start + column] += step
                }
                let beforeLast = secondArea + Double(x1i - x0i - 3) * slope
                cells[start + x1i - 1] += Float(cover * (1 - beforeLast - lastArea))
            }
            cells[start + x1i] += Float(cover * lastArea)
        }
    }

    /// Scratch grids larger than this many cells (16 MiB) are not kept.
    static let largestKept = 1 << 22

    /// Calls `row(y, first, last, cells)` for each row an edge touched, with the row's cells and
    /// the columns `first ... last` (within the grid) between which its sum changes, then clears
    /// the cells it touched; the cleared grid goes back to `scratch`.
    private mutating func sweep(into scratch: CoverageScratch?, _ body: (Int, Int, Int, UnsafeBufferPointer<Float>) -> Void) {
        let (width, stride) = (width, stride)
        cells.withUnsafeMutableBufferPointer { cells in
            touched.withUnsafeMutableBufferPointer { touched in
                for row in 0 ..< height where touched[row].x <= touched[row].y {
                    let first = min(max(Int(touched[row].x), 0), width)
                    let last = min(Int(touched[row].y), width - 1)
                    let rowCells = UnsafeBufferPointer(rebasing: cells[row * stride ..< (row + 1) * stride])
                    if first <= last { body(row, first, last, rowCells) }
                    let clearFrom = min(max(Int(touched[row].x), 0), stride - 1), clearTo = min(Int(touched[row].y), stride - 1)
                    if clearFrom <= clearTo {
                        (cells.baseAddress! + row * stride + clearFrom).update(repeating: 0, count: clearTo - clearFrom + 1)
                    }
                    touched[row] = SIMD2(Int32.max, -1)
                }
            }
        }
        guard let scratch else { return }
        if cells.count <= Self.largestKept, cells.count > scratch.cells.count { swap(&cells, &scratch.cells) }
        if touched.count > scratch.touched.count { swap(&touched, &scratch.touched) }
    }

    /// The runs of pixels of one alpha (`PathRasterizer.alpha(_:)` of the covered fraction under
    /// `fillRule`), uncovered pixels left out, in frame pixels (the grid's top-left is
    /// `originX`, `originY`), row by row, left to right, neighbouring runs of one alpha joined.
    /// Clears the grid (back into `scratch`).
    ///
    /// Where eight cells in a row are all 0 the running sum does not change across them, so the
    /// inside and outside of a shape cost a compare per eight pixels.
    mutating func runs(fillRule: FillRule, originX: Int, originY: Int, scratch: CoverageScratch?) -> [CoverageSpans.Run] {
        var runs: [CoverageSpans.Run] = []
        // Most rows of a shape hold two to four runs: room for them at once, not grown by doubling.
        runs.reserveCapacity(4 * height)
        let width = width
        sweep(into: scratch) { row, first, last, cells in
            let base = UnsafeRawPointer(cells.baseAddress!)
            let y = Int32(truncatingIfNeeded: row + originY)
            var winding: Float = 0
            var runStart = first, runAlpha: UInt8 = 0
            var column = first
            while column <= last {
                if column + 8 <= last + 1, Self.allZero(base + column * 4) {
                    column += 8
                    continue
                }
                let value = cells[column]
                if value != 0 {
                    winding += value
                    let alpha = PathRasterizer.alpha(Self.covered(winding, fillRule: fillRule))
                    if alpha != runAlpha {
                        Self.emit(into: &runs, from: runStart, to: column, alpha: runAlpha, y: y, originX: originX)
                        runStart = column
                        runAlpha = alpha
                    }
                }
                column += 1
            }
            Self.emit(into: &runs, from: runStart, to: width, alpha: runAlpha, y: y, originX: originX)
        }
        return runs
    }

    /// Adds the run of `alpha` over columns `start ..< end` of row `y` to `runs`, unless it is
    /// empty or uncovered. (A function of its own, not one nested in the sweep's closure: a nested
    /// one capturing `runs` has every row's appends checked for exclusive access as it runs.)
    @inline(__always)
    private static func emit(into runs: inout [CoverageSpans.Run], from start: Int, to end: Int, alpha: UInt8, y: Int32, originX: Int) {
        guard alpha != 0, end > start else { return }
        runs.append(CoverageSpans.Run(
            x: Int32(truncatingIfNeeded: start + originX), y: y, length: Int32(truncatingIfNeeded: end - start), alpha: alpha
        ))
    }

    /// Each pixel's covered fraction, 0…1, row-major: the running sum of each row under `fillRule`.
    /// Clears the grid (back into `scratch`).
    mutating func coverage(fillRule: FillRule, scratch: CoverageScratch? = nil) -> [Float] {
        var coverage = [Float](repeating: 0, count: width * height)
        let width = width
        coverage.withUnsafeMutableBufferPointer { coverage in
            sweep(into: scratch) { row, first, last, cells in
                var winding: Float = 0
                for column in first ... last {
                    winding += cells[column]
                    coverage[row * width + column] = Self.covered(winding, fillRule: fillRule)
                }
                let rest = Self.covered(winding, fillRule: fillRule)
                for column in last + 1 ..< width { coverage[row * width + column] = rest }
            }
        }
        return coverage
    }

    /// Whether the eight cells at `cells` are all +0 (their bits all clear).
    @inline(__always)
    static func allZero(_ cells: UnsafeRawPointer) -> Bool {
        (cells.loadUnaligned(as: UInt64.self) | cells.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            | cells.loadUnaligned(fromByteOffset: 16, as: UInt64.self) | cells.loadUnaligned(fromByteOffset: 24, as: UInt64.self)) == 0
    }

    /// The covered fraction, 0…1, of a running sum under `fillRule`.
    @inline(__always)
    static func covered(_ winding: Float, fillRule: FillRule) -> Float {
        switch fillRule {
        case .nonZero:
            return min(abs(winding), 1)
        case .evenOdd:
            // |winding| mod 2, mirrored past 1: windings 0 and 2 are outside, 1 inside.
            let magnitude = abs(winding), half = magnitude * 0.5
            // ⌊half⌋ by truncation where that is exact (no call into the C library's floor).
            let whole = half < 8_388_608 ? Float(Int32(half)) : half.rounded(.down)
            let folded = magnitude - 2 * whole
            return folded > 1 ? 2 - folded : folded
        }
    }
}

/// Cells for `CoverageAccumulator`, kept between paths: all zero whenever no accumulator holds
/// them. Not thread-safe: one user at a time.
package final class CoverageScratch {
    fileprivate var cells: [Float] = []
    fileprivate var touched: [SIMD2<Int32>] = []

    package init() {}
}

/// The point `t` of the way from `a` to `b`, finite for any finite `a`, `b` and `t` in 0…1 short of overflow.
@inline(__always)
private func interpolate(_ a: Double, _ b: Double, _ t: Double) -> Double {
    a * (1 - t) + b * t
}

extension PixelRect {
    /// The whole pixels covering every usable contour; nil when there is none.
    init?(bounding contours: [[Point]]) {
        var minX = Double.infinity, minY = Double.infinity
        var maxX = -Double.infinity, maxY = -Double.infinity
        for contour in contours where PathRasterizer.isUsable(contour) {
            for point in contour {
                minX = min(minX, point.x)
                minY = min(minY, point.y)
                maxX = max(maxX, point.x)
                maxY = max(maxY, point.y)
            }
        }
        guard minX <= maxX else { return nil }
        self.init(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }
}
