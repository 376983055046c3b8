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
    /// Spare columns per row take what lands on or right of the right border: at least two, and
    /// as many more as make the row a whole number of blocks of eight cells.
    let stride: Int
    /// Bit words per row: one bit per block of eight cells.
    let wordsPerRow: Int
    private var cells: [Float]
    /// Per row, one bit for each block of eight cells an edge touched: the sweep reads and clears
    /// only those blocks. Between them the running sum stays what it is, so a shape's inside and
    /// outside cost nothing, however wide.
    private var occupied: [UInt64]

    init(width: Int, height: Int, scratch: CoverageScratch? = nil) {
        self.width = width
        self.height = height
        stride = (width + 2 + 7) & ~7
        wordsPerRow = (stride / 8 + 63) / 64
        if let scratch, scratch.cells.count >= stride * height {
            cells = []
            swap(&cells, &scratch.cells)
        } else {
            cells = [Float](repeating: 0, count: stride * height)
        }
        if let scratch, scratch.occupied.count >= wordsPerRow * height {
            occupied = []
            swap(&occupied, &scratch.occupied)
        } else {
            occupied = [UInt64](repeating: 0, count: wordsPerRow * height)
        }
    }

    /// Adds the edge from (`x0`, `y0`) to (`x1`, `y1`), in pixels from the grid's top-left corner.
    mutating func addEdge(x0: Double, y0: Double, x1: Double, y1: Double) {
        withEdges { $0.addEdge(x0: x0, y0: y0, x1: x1, y1: y1) }
    }

    /// Calls `body` with the grid's cells lent for adding edges: one borrow for many edges, not
    /// one (a uniqueness check, a retain and a release) per edge.
    mutating func withEdges(_ body: (Edges) -> Void) {
        let (width, height, stride, wordsPerRow) = (width, height, stride, wordsPerRow)
        cells.withUnsafeMutableBufferPointer { cells in
            occupied.withUnsafeMutableBufferPointer { occupied in
                body(Edges(width: width, height: height, stride: stride, wordsPerRow: wordsPerRow, cells: cells, occupied: occupied))
            }
        }
    }

    /// The grid's cells, lent: adds edges to them.
    struct Edges {
        let width: Int
        let height: Int
        let stride: Int
        let wordsPerRow: Int
        let cells: UnsafeMutableBufferPointer<Float>
        let occupied: UnsafeMutableBufferPointer<UInt64>

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
            // Rows and columns here lie within the grid, so their arithmetic cannot overflow.
            var row = firstRow
            while row < endRow {
                let top = max(Double(row), y0)
                let bottom = min(Double(row &+ 1), y1)
                let nextX = row == endRow &- 1 ? x1 : clamp(x0 + (x1 - x0) * ((bottom - y0) * inverseHeight), lowX, highX)
                if bottom > top {
                    Self.addRowSpan(cells, occupied, row: row, stride: stride, wordsPerRow: wordsPerRow, fromX: x, toX: nextX, cover: (bottom - top) * direction)
                }
                x = nextX
                row &+= 1
            }
        }

        /// ⌈`value`⌉ of a value within the grid (0 ... a grid side), by truncation: `rounded(.up)`
        /// is a call into the C library on the baseline x86-64 this builds for, and this runs for
        /// every row of every edge. (Truncation is ⌊value⌋ there, as `Int(x0)` is below.)
        @inline(__always)
        private static func ceiling(_ value: Double) -> Int {
            let truncated = Int(value)
            return Double(truncated) < value ? truncated &+ 1 : truncated
        }

        /// Adds a line's part within one row, `cover` high (negative going up), running from `fromX` to `toX`:
        /// each cell gets the share of `cover` of the area right of the line within it, so that the running
        /// sum gives every pixel its covered fraction (font-rs's exact-area accumulation).
        @inline(__always)
        private static func addRowSpan(
            _ cells: UnsafeMutableBufferPointer<Float>, _ occupied: UnsafeMutableBufferPointer<UInt64>,
            row: Int, stride: Int, wordsPerRow: Int, fromX: Double, toX: Double, cover: Double
        ) {
            let start = row &* stride
            let (x0, x1) = fromX < toX ? (fromX, toX) : (toX, fromX)
            let x0i = Int(x0)
            let x1i = ceiling(x1)
            let x0Floor = Double(x0i)
            let x1Ceil = Double(x1i)
            // The cells written lie in x0i ... max(x1i, x0i + 1), within the row's stride.
            mark(occupied, row: row, wordsPerRow: wordsPerRow, from: x0i, to: max(x1i, x0i &+ 1))
            if x1i <= x0i &+ 1 {
                // Within one cell: the part right of the line's middle, and all of the cells after it.
                let middle = 0.5 * (fromX + toX) - x0Floor
                cells[start &+ x0i] += Float(cover - cover * middle)
                cells[start &+ x0i &+ 1] += Float(cover * middle)
                return
            }
            let slope = 1 / (x1 - x0)
            let x0Fraction = x0 - x0Floor
            let firstArea = 0.5 * slope * (1 - x0Fraction) * (1 - x0Fraction)
            let x1Fraction = x1 - x1Ceil + 1
            let lastArea = 0.5 * slope * x1Fraction * x1Fraction
            cells[start &+ x0i] += Float(cover * firstArea)
            if x1i == x0i &+ 2 {
                cells[start &+ x0i &+ 1] += Float(cover * (1 - firstArea - lastArea))
            } else {
                let secondArea = slope * (1.5 - x0Fraction)
                cells[start &+ x0i &+ 1] += Float(cover * (secondArea - firstArea))
                let step = Float(cover * slope)
                var column = start &+ x0i &+ 2
                let stop = start &+ x1i &- 1
                while column < stop {
                    cells[column] += step
                    column &+= 1
                }
                let beforeLast = secondArea + Double(x1i &- x0i &- 3) * slope
                cells[start &+ x1i &- 1] += Float(cover * (1 - beforeLast - lastArea))
            }
            cells[start &+ x1i] += Float(cover * lastArea)
        }

        /// Sets the bits of the blocks holding cells `first ... last` of `row`.
        @inline(__always)
        private static func mark(_ occupied: UnsafeMutableBufferPointer<UInt64>, row: Int, wordsPerRow: Int, from first: Int, to last: Int) {
            let firstBlock = first &>> 3, lastBlock = last &>> 3
            let base = row &* wordsPerRow
            var word = firstBlock &>> 6
            let lastWord = lastBlock &>> 6
            let low = UInt64(truncatingIfNeeded: firstBlock & 63), high = UInt64(truncatingIfNeeded: lastBlock & 63)
            if word == lastWord {
                occupied[base &+ word] |= (~0 &<< low) & (~0 &>> (63 &- high))
                return
            }
            occupied[base &+ word] |= ~0 &<< low
            word &+= 1
            while word < lastWord {
                occupied[base &+ word] = ~0
                word &+= 1
            }
            occupied[base &+ lastWord] |= ~0 &>> (63 &- high)
        }
    }

    /// Scratch grids larger than this many cells (16 MiB) are not kept.
    static let largestKept = 1 << 22

    /// Calls `body(y, cells, words)` for each row an edge touched, with the row's cells and its
    /// bit words of touched blocks; `body` reads the blocks it needs and clears every block
    /// whose bit is set, and the bits (`forEachBlock`). The cleared grid goes back to `scratch`.
    private mutating func sweep(
        into scratch: CoverageScratch?, _ body: (Int, UnsafeMutablePointer<Float>, UnsafeMutablePointer<UInt64>) -> Void
    ) {
        let (stride, wordsPerRow) = (stride, wordsPerRow)
        cells.withUnsafeMutableBufferPointer { cells in
            occupied.withUnsafeMutableBufferPointer { occupied in
                for row in 0 ..< height {
                    let words = occupied.baseAddress! + row * wordsPerRow
                    var any: UInt64 = 0
                    for index in 0 ..< wordsPerRow { any |= words[index] }
                    guard any != 0 else { continue }
                    body(row, cells.baseAddress! + row * stride, words)
                }
            }
        }
        guard let scratch else { return }
        if cells.count <= Self.largestKept, cells.count > scratch.cells.count { swap(&cells, &scratch.cells) }
        if occupied.count > scratch.occupied.count { swap(&occupied, &scratch.occupied) }
    }

    /// Calls `body(first)` for the first cell of each block of eight whose bit is set in the
    /// `count` words from `words`, left to right, then clears the block's cells; the words are
    /// cleared as they are read.
    @inline(__always)
    private static func forEachBlock(
        _ words: UnsafeMutablePointer<UInt64>, count: Int, cells: UnsafeMutablePointer<Float>, _ body: (Int) -> Void
    ) {
        for index in 0 ..< count {
            var bits = words[index]
            guard bits != 0 else { continue }
            words[index] = 0
            while bits != 0 {
                let first = (index &* 64 &+ bits.trailingZeroBitCount) &* 8
                body(first)
                UnsafeMutableRawPointer(cells + first).storeBytes(of: SIMD8<Float>(repeating: 0), as: SIMD8<Float>.self)
                bits &= bits &- 1
            }
        }
    }

    /// The runs of pixels of one alpha (`PathRasterizer.alpha(_:)` of the covered fraction under
    /// `fillRule`), uncovered pixels left out, in frame pixels (the grid's top-left is
    /// `originX`, `originY`), row by row, left to right, neighbouring runs of one alpha joined.
    /// Clears the grid (back into `scratch`).
    ///
    /// Only the blocks of eight cells that edges touched are read: between them the running sum
    /// does not change, so the inside and outside of a shape cost nothing.
    mutating func runs(fillRule: FillRule, originX: Int, originY: Int, scratch: CoverageScratch?) -> [CoverageSpans.Run] {
        // Written into the scratch's buffer, kept between paths, and copied out at the end: an
        // array's append checks its storage is unique and has room, a call and two branches a run.
        var runs = scratch?.takeRuns() ?? RunBuffer()
        defer {
            if let scratch { scratch.giveBack(runs) } else { runs.deallocate() }
        }
        // Most rows of a shape hold two to four runs.
        runs.reserve(4 * height)
        let (width, wordsPerRow) = (width, wordsPerRow)
        sweep(into: scratch) { row, cells, words in
            let y = Int32(truncatingIfNeeded: row + originY)
            var winding: Float = 0
            var runStart = 0, runAlpha: UInt8 = 0
            Self.forEachBlock(words, count: wordsPerRow, cells: cells) { first in
                // The block's cells that are not ±0, as bits; the spare columns right of the
                // grid add to no pixel.
                let raw = UnsafeRawPointer(cells + first)
                var nonzero: UInt32 = 0
                for index in 0 ..< 8 {
                    let bits = raw.load(fromByteOffset: index &* 4, as: UInt32.self)
                    nonzero |= (bits & 0x7FFF_FFFF != 0 ? 1 : 0) &<< UInt32(index)
                }
                let inside = width &- first
                if inside < 8 { nonzero &= inside > 0 ? (1 &<< UInt32(inside)) &- 1 : 0 }
                while nonzero != 0 {
                    let column = first &+ nonzero.trailingZeroBitCount
                    nonzero &= nonzero &- 1
                    winding += cells[column]
                    let alpha = PathRasterizer.alpha(Self.covered(winding, fillRule: fillRule))
                    if alpha != runAlpha {
                        Self.emit(into: &runs, from: runStart, to: column, alpha: runAlpha, y: y, originX: originX)
                        runStart = column
                        runAlpha = alpha
                    }
                }
            }
            Self.emit(into: &runs, from: runStart, to: width, alpha: runAlpha, y: y, originX: originX)
        }
        return runs.array
    }

    /// Adds the run of `alpha` over columns `start ..< end` of row `y` to `runs`, unless it is
    /// empty or uncovered. (A function of its own, not one nested in the sweep's closure: a nested
    /// one capturing `runs` has every row's appends checked for exclusive access as it runs.)
    @inline(__always)
    private static func emit(into runs: inout RunBuffer, from start: Int, to end: Int, alpha: UInt8, y: Int32, originX: Int) {
        guard alpha != 0, end > start else { return }
        runs.append(CoverageSpans.Run(
            x: Int32(truncatingIfNeeded: start + originX), y: y, length: Int32(truncatingIfNeeded: end - start), alpha: alpha
        ))
    }

    /// Each pixel's covered fraction, 0…1, row-major: the running sum of each row under `fillRule`.
    /// Clears the grid (back into `scratch`).
    mutating func coverage(fillRule: FillRule, scratch: CoverageScratch? = nil) -> [Float] {
        var coverage = [Float](repeating: 0, count: width * height)
        let (width, wordsPerRow) = (width, wordsPerRow)
        coverage.withUnsafeMutableBufferPointer { coverage in
            sweep(into: scratch) { row, cells, words in
                let pixels = coverage.baseAddress! + row * width
                var winding: Float = 0
                // Pixels before `column` are set; up to the next block touched they take the sum so far.
                var column = 0
                Self.forEachBlock(words, count: wordsPerRow, cells: cells) { first in
                    let end = min(first &+ 8, width)
                    guard first < end else { return }
                    let held = Self.covered(winding, fillRule: fillRule)
                    while column < first {
                        pixels[column] = held
                        column &+= 1
                    }
                    while column < end {
                        winding += cells[column]
                        pixels[column] = Self.covered(winding, fillRule: fillRule)
                        column &+= 1
                    }
                }
                let rest = Self.covered(winding, fillRule: fillRule)
                while column < width {
                    pixels[column] = rest
                    column &+= 1
                }
            }
        }
        return coverage
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
    fileprivate var occupied: [UInt64] = []
    /// Room for runs, lent to each sweep; nil while lent.
    private var runs: RunBuffer? = RunBuffer()

    package init() {}

    deinit { runs?.deallocate() }

    /// The run buffer, emptied; a fresh one when it is lent already.
    fileprivate func takeRuns() -> RunBuffer {
        defer { runs = nil }
        var taken = runs ?? RunBuffer()
        taken.count = 0
        return taken
    }

    /// Takes the run buffer back (one larger than `largestKeptRuns` is freed instead).
    fileprivate func giveBack(_ buffer: RunBuffer) {
        if runs == nil, buffer.capacity <= Self.largestKeptRuns {
            runs = buffer
        } else {
            buffer.deallocate()
        }
    }

    /// Run buffers of more than this many runs (16 MiB) are not kept.
    static let largestKeptRuns = 1 << 20
}

/// Runs written one after another into memory of their own, grown by doubling.
struct RunBuffer {
    private(set) var base: UnsafeMutablePointer<CoverageSpans.Run>
    private(set) var capacity: Int
    var count = 0

    init() {
        capacity = 64
        base = .allocate(capacity: capacity)
    }

    @inline(__always)
    mutating func append(_ run: CoverageSpans.Run) {
        if count == capacity { grow(to: 2 * capacity) }
        (base + count).initialize(to: run)
        count &+= 1
    }

    /// Room for `count` runs in all.
    mutating func reserve(_ count: Int) {
        if count > capacity { grow(to: count) }
    }

    @inline(never)
    private mutating func grow(to newCapacity: Int) {
        let larger = UnsafeMutablePointer<CoverageSpans.Run>.allocate(capacity: newCapacity)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = newCapacity
    }

    /// The runs written, as an array of their own.
    var array: [CoverageSpans.Run] { Array(UnsafeBufferPointer(start: base, count: count)) }

    func deallocate() { base.deallocate() }
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
