@testable import CadenceDraw
import Testing

/// Coverage as runs, through a scratch grid cleared as it is read, against the dense grid filled
/// afresh for every path that it replaced (kept here, unchanged but for its name, as the oracle):
/// the same alphas, byte for byte, for any contours and clip.
@Suite struct CoverageSpansTests {
    /// The old `PathRasterizer.coverage` without blur: a dense grid of cells over the whole area.
    static func denseCoverage(of contours: [[Point]], fillRule: FillRule, clip: Rect) -> CoverageMask? {
        guard let clipBox = PixelRect(covering: clip), let shapeBox = PixelRect(bounding: contours),
              let area = shapeBox.intersection(clipBox), area.width * area.height <= PathRasterizer.maximumPixelCount else { return nil }
        var accumulator = DenseAccumulator(width: area.width, height: area.height)
        let originX = Double(area.minX), originY = Double(area.minY)
        let (areaMaxX, areaMaxY) = (Double(area.maxX), Double(area.maxY))
        for contour in contours where PathRasterizer.isUsable(contour) {
            let xs = contour.map(\.x), ys = contour.map(\.y)
            guard xs.max()! > originX, xs.min()! < areaMaxX, ys.max()! > originY, ys.min()! < areaMaxY else { continue }
            var previous = contour[contour.count - 1]
            for point in contour {
                accumulator.addEdge(x0: previous.x - originX, y0: previous.y - originY, x1: point.x - originX, y1: point.y - originY)
                previous = point
            }
        }
        let alpha = accumulator.alpha(fillRule: fillRule)
        guard alpha.contains(where: { $0 != 0 }) else { return nil }
        return CoverageMask(x: area.minX, y: area.minY, width: area.width, height: area.height, alpha: alpha)
    }

    @Test(arguments: 0 ..< 24)
    func spansGiveTheDenseGridsAlphas(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let special: [Double] = [0, 1e308, -1e308, 1e20, -1e20, 0.5, 99.999999999, 100, .ulpOfOne, .nan, .infinity]
        // One scratch for every call: the cells it lends must come back cleared.
        let scratch = CoverageScratch()
        for _ in 0 ..< 40 {
            let wild = seed % 3 == 0
            let contours = (0 ..< Int.random(in: 1 ... 4, using: &random)).map { _ in
                (0 ..< Int.random(in: 2 ... 40, using: &random)).map { _ in
                    wild && Int.random(in: 0 ..< 8, using: &random) == 0
                        ? Point(x: special.randomElement(using: &random)!, y: Double.random(in: -50 ... 150, using: &random))
                        : Point(x: Double.random(in: -50 ... 150, using: &random), y: Double.random(in: -50 ... 150, using: &random))
                }
            }
            let clip = Rect(x: Double.random(in: -10 ... 40, using: &random), y: Double.random(in: -10 ... 40, using: &random),
                            width: Double.random(in: 0 ... 120, using: &random), height: Double.random(in: 0 ... 120, using: &random))
            let fillRule = FillRule.allCases.randomElement(using: &random)!
            let dense = Self.denseCoverage(of: contours, fillRule: fillRule, clip: clip)
            let sparse = PathRasterizer.coverage(of: contours, fillRule: fillRule, clip: clip)
            #expect(sparse == dense)
            let spans = PathRasterizer.spans(of: contours, fillRule: fillRule, clip: clip, scratch: scratch)
            #expect(spans?.mask == dense)
            if let spans {
                // Runs in order, never overlapping, never empty, never uncovered, never two alike side by side.
                for (run, next) in zip(spans.runs, spans.runs.dropFirst()) {
                    #expect(run.y < next.y || (run.y == next.y && run.x + run.length <= next.x))
                    #expect(!(run.y == next.y && run.x + run.length == next.x && run.alpha == next.alpha))
                }
                #expect(spans.runs.allSatisfy { $0.length > 0 && $0.alpha > 0 })
                #expect(CoverageSpans(spans.mask)?.runs == spans.runs)
            }
        }
    }

    @Test(arguments: FillRule.allCases)
    func coverageForBlurringIsTheDenseGrids(fillRule: FillRule) {
        var random = SplitMix64(seed: 7)
        for _ in 0 ..< 30 {
            var dense = DenseAccumulator(width: 37, height: 29)
            var sparse = CoverageAccumulator(width: 37, height: 29, scratch: CoverageScratch())
            var previous = Point(x: 0, y: 0)
            for _ in 0 ..< 30 {
                let point = Point(x: Double.random(in: -10 ... 50, using: &random), y: Double.random(in: -10 ... 40, using: &random))
                dense.addEdge(x0: previous.x, y0: previous.y, x1: point.x, y1: point.y)
                sparse.addEdge(x0: previous.x, y0: previous.y, x1: point.x, y1: point.y)
                previous = point
            }
            dense.addEdge(x0: previous.x, y0: previous.y, x1: 0, y1: 0)
            sparse.addEdge(x0: previous.x, y0: previous.y, x1: 0, y1: 0)
            #expect(sparse.coverage(fillRule: fillRule) == dense.coverage(fillRule: fillRule))
        }
    }

    @Test func aRowOfManyEdgesIsSortedStably() {
        // 200 thin slivers side by side, listed right to left: rows of 800 entries and more.
        let slivers = (0 ..< 200).reversed().map { index -> [Point] in
            let x = Double(index) * 0.5 + 0.1
            return [Point(x: x, y: 0.3), Point(x: x + 0.2, y: 0.3), Point(x: x + 0.2, y: 9.7), Point(x: x, y: 9.7)]
        }
        for fillRule in FillRule.allCases {
            let clip = Rect(x: 0, y: 0, width: 120, height: 20)
            #expect(PathRasterizer.coverage(of: slivers, fillRule: fillRule, clip: clip) == Self.denseCoverage(of: slivers, fillRule: fillRule, clip: clip))
        }
    }
}

private struct DenseAccumulator {
    let width: Int
    let height: Int
    /// Two spare columns per row take what lands on or right of the right border.
    let stride: Int
    private var cells: [Float]
    /// Per row, the first and last cell any edge touched (first > last: none): left of the
    /// first the running sum is 0, right of the last it stays what it is there, so the sweep
    /// adds only between them.
    private var touched: [SIMD2<Int32>]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        stride = width + 2
        cells = [Float](repeating: 0, count: stride * height)
        touched = [SIMD2<Int32>](repeating: SIMD2(Int32.max, -1), count: height)
    }

    /// Adds the edge from (`x0`, `y0`) to (`x1`, `y1`), in pixels from the grid's top-left corner.
    mutating func addEdge(x0: Double, y0: Double, x1: Double, y1: Double) {
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
    private mutating func addSplitAtBorders(x0: Double, y0: Double, x1: Double, y1: Double, direction: Double) {
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
    private mutating func addLine(x0: Double, y0: Double, x1: Double, y1: Double, direction: Double) {
        guard y1 > y0 else { return }
        let firstRow = Int(y0)
        let endRow = min(Int(y1.rounded(.up)), height)
        let lowX = min(x0, x1), highX = max(x0, x1)
        let inverseHeight = 1 / (y1 - y0)
        var x = x0
        for row in firstRow ..< endRow {
            let top = max(Double(row), y0)
            let bottom = min(Double(row + 1), y1)
            let nextX = row == endRow - 1 ? x1 : clamp(x0 + (x1 - x0) * ((bottom - y0) * inverseHeight), lowX, highX)
            if bottom > top {
                addRowSpan(row: row, fromX: x, toX: nextX, cover: (bottom - top) * direction)
            }
            x = nextX
        }
    }

    /// Adds a line's part within one row, `cover` high (negative going up), running from `fromX` to `toX`:
    /// each cell gets the share of `cover` of the area right of the line within it, so that the running
    /// sum gives every pixel its covered fraction (font-rs's exact-area accumulation).
    @inline(__always)
    private mutating func addRowSpan(row: Int, fromX: Double, toX: Double, cover: Double) {
        let start = row * stride
        let (x0, x1) = fromX < toX ? (fromX, toX) : (toX, fromX)
        let x0Floor = x0.rounded(.down)
        let x1Ceil = x1.rounded(.up)
        let x0i = Int(x0Floor)
        let x1i = Int(x1Ceil)
        touched[row] = SIMD2(min(touched[row].x, Int32(x0i)), max(touched[row].y, Int32(x1i + 1)))
        cells.withUnsafeMutableBufferPointer { cells in
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

    /// Each pixel's covered fraction, 0…1, row-major: the running sum of each row under `fillRule`.
    func coverage(fillRule: FillRule) -> [Float] {
        [Float](unsafeUninitializedCapacity: width * height) { coverage, count in
            sweep(fillRule: fillRule) { index, covered in coverage[index] = covered }
            count = width * height
        }
    }

    /// Each pixel's alpha, row-major, as `PathRasterizer.alpha(_:)` makes it from the covered fraction.
    ///
    /// The same values as `sweep` gives, made faster: where eight cells in a row are all 0 the
    /// running sum does not change across them, so their eight alphas are one value, stored at
    /// once (the inside and outside of a shape cost a compare and a store per eight pixels).
    func alpha(fillRule: FillRule) -> [UInt8] {
        let (width, height, stride) = (width, height, stride)
        return [UInt8](unsafeUninitializedCapacity: width * height) { alpha, count in
            cells.withUnsafeBufferPointer { cells in
                let base = UnsafeRawPointer(cells.baseAddress!)
                let output = UnsafeMutableRawPointer(alpha.baseAddress!)
                for row in 0 ..< height {
                    var winding: Float = 0
                    let cellRow = row * stride
                    let pixelRow = row * width
                    var column = 0
                    while column < width {
                        if column + 8 <= width, Self.allZero(base + (cellRow + column) * 4) {
                            let value = UInt64(PathRasterizer.alpha(Self.covered(winding, fillRule: fillRule))) &* 0x0101_0101_0101_0101
                            output.storeBytes(of: value, toByteOffset: pixelRow + column, as: UInt64.self)
                            column += 8
                            continue
                        }
                        winding += cells[cellRow + column]
                        alpha[pixelRow + column] = PathRasterizer.alpha(Self.covered(winding, fillRule: fillRule))
                        column += 1
                    }
                }
            }
            count = width * height
        }
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
            let magnitude = abs(winding)
            let folded = magnitude - 2 * (magnitude * 0.5).rounded(.down)
            return folded > 1 ? 2 - folded : folded
        }
    }

    /// Calls `store` with each pixel's index (row-major) and covered fraction, 0…1, in order.
    @inline(__always)
    private func sweep(fillRule: FillRule, _ store: (Int, Float) -> Void) {
        cells.withUnsafeBufferPointer { cells in
            for row in 0 ..< height {
                var winding: Float = 0
                let cellRow = row * stride
                let pixelRow = row * width
                // Left of the first touched cell nothing is covered; right of the last the sum
                // no longer changes. Both are filled without summing: the same values.
                let first = min(max(Int(touched[row].x), 0), width)
                let last = min(max(Int(touched[row].y), first - 1), width - 1)
                for column in 0 ..< first { store(pixelRow + column, 0) }
                if first <= last {
                    for column in first ... last {
                        winding += cells[cellRow + column]
                        store(pixelRow + column, Self.covered(winding, fillRule: fillRule))
                    }
                }
                let rest = Self.covered(winding, fillRule: fillRule)
                for column in max(last + 1, first) ..< width { store(pixelRow + column, rest) }
            }
        }
    }
}

private func interpolate(_ a: Double, _ b: Double, _ t: Double) -> Double {
    a * (1 - t) + b * t
}
