/// Coverage of a filled area as runs of pixels of one alpha, row by row, left to right, with the
/// uncovered pixels left out: what a renderer blends along, a run at a time, instead of reading a
/// mask pixel by pixel. `PathRasterizer.spans(of:fillRule:clip:)` makes these.
package struct CoverageSpans: Sendable {
    /// `length` pixels of row `y` from column `x`, each covered `alpha` (1 … 255).
    package struct Run: Sendable, Hashable {
        package var x: Int32
        package var y: Int32
        package var length: Int32
        package var alpha: UInt8

        package init(x: Int32, y: Int32, length: Int32, alpha: UInt8) {
            self.x = x
            self.y = y
            self.length = length
            self.alpha = alpha
        }
    }

    /// Every run lies within these pixels (the area rasterised).
    package let bounds: PixelRect
    /// Top row first, each row's runs left to right, none overlapping.
    package let runs: [Run]

    package init(bounds: PixelRect, runs: [Run]) {
        self.bounds = bounds
        self.runs = runs
    }

    /// The runs of `mask`'s covered pixels; nil when it covers none.
    package init?(_ mask: CoverageMask) {
        guard let bounds = PixelRect(x: mask.x, y: mask.y, width: mask.width, height: mask.height) else { return nil }
        var runs: [Run] = []
        mask.alpha.withUnsafeBufferPointer { alpha in
            for row in 0 ..< mask.height {
                var column = 0
                while column < mask.width {
                    let value = alpha[row * mask.width + column]
                    var end = column + 1
                    while end < mask.width, alpha[row * mask.width + end] == value { end += 1 }
                    if value != 0 {
                        runs.append(Run(
                            x: Int32(truncatingIfNeeded: mask.x + column), y: Int32(truncatingIfNeeded: mask.y + row),
                            length: Int32(truncatingIfNeeded: end - column), alpha: value
                        ))
                    }
                    column = end
                }
            }
        }
        guard !runs.isEmpty else { return nil }
        self.init(bounds: bounds, runs: runs)
    }

    /// The same coverage as a mask over `bounds`.
    package var mask: CoverageMask {
        var alpha = [UInt8](repeating: 0, count: bounds.width * bounds.height)
        let (minX, minY, width) = (bounds.minX, bounds.minY, bounds.width)
        alpha.withUnsafeMutableBufferPointer { alpha in
            for run in runs {
                let start = (Int(run.y) - minY) * width + Int(run.x) - minX
                (alpha.baseAddress! + start).update(repeating: run.alpha, count: Int(run.length))
            }
        }
        return CoverageMask(x: minX, y: minY, width: width, height: bounds.height, alpha: alpha)
    }

    /// The index of the first run on row `y` or below it.
    package func firstRun(atOrBelow y: Int) -> Int {
        var (low, high) = (0, runs.count)
        while low < high {
            let middle = (low + high) / 2
            if Int(runs[middle].y) < y { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
