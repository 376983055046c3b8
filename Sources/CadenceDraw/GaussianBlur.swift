#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A separable Gaussian blur of coverage values, zero beyond the buffer's edges.
///
/// The kernel reaches `ceil(3σ)` pixels each way and its weights sum to 1, so the blur keeps the total
/// coverage of anything at least that far from the edges. Each output pixel adds the pairs of values
/// at equal distances before weighting them, in the same order everywhere, so a mirror-symmetric
/// input gives a bit-for-bit mirror-symmetric output.
struct GaussianBlur {
    /// `weights[k]` weighs the values `k` pixels away, either way; `weights[0]` the pixel itself.
    let weights: [Float]

    /// How many pixels the kernel reaches each way.
    var radius: Int { weights.count - 1 }

    /// The kernel of standard deviation `sigma` pixels, which must be above 0 and finite.
    init(sigma: Double) {
        let radius = Int((3 * sigma).rounded(.up))
        let raw = (0 ... radius).map { offset in
            let distance = Double(offset)
            return exp(-distance * distance / (2 * sigma * sigma))
        }
        let total = raw[0] + 2 * raw.dropFirst().reduce(0, +)
        weights = raw.map { Float($0 / total) }
    }

    /// `values` (`width × height`, row-major) blurred, keeping only the pixels of `crop`, which lies
    /// within the buffer; the result is `crop.width × crop.height`, row-major.
    ///
    /// Work is spent only where the blur can reach coverage: each pass skips the columns of a row
    /// that lie further than the radius from anything covered, which leaves them exactly 0, as
    /// computing them would.
    func blurred(_ values: [Float], width: Int, height: Int, croppingTo crop: PixelRect) -> [Float] {
        let radius = radius
        // Horizontal pass over every row, for the crop's columns only, into rows padded by `radius`
        // zero rows above and below, so that the vertical pass needs no bounds checks. `reached`
        // holds, per padded row, the crop columns it computed; the rest of the row is 0.
        var horizontal = [Float](repeating: 0, count: crop.width * (height + 2 * radius))
        var reached = [Range<Int>](repeating: 0 ..< 0, count: height + 2 * radius)
        var paddedRow = [Float](repeating: 0, count: width + 2 * radius)
        weights.withUnsafeBufferPointer { weights in
            values.withUnsafeBufferPointer { values in
                paddedRow.withUnsafeMutableBufferPointer { paddedRow in
                    horizontal.withUnsafeMutableBufferPointer { horizontal in
                        for row in 0 ..< height {
                            let source = values[row * width ..< (row + 1) * width]
                            guard let first = source.firstIndex(where: { $0 != 0 }),
                                  let last = source.lastIndex(where: { $0 != 0 }) else { continue }
                            let columns = max(first - row * width - radius - crop.minX, 0)
                                ..< min(last - row * width + radius + 1 - crop.minX, crop.width)
                            guard !columns.isEmpty else { continue }
                            reached[row + radius] = columns
                            for column in 0 ..< width {
                                paddedRow[radius + column] = source[source.startIndex + column]
                            }
                            let out = horizontal.baseAddress! + (row + radius) * crop.width + columns.lowerBound
                            // The padded row's index of crop column 0 is `radius + crop.minX`.
                            let middle = paddedRow.baseAddress! + radius + crop.minX + columns.lowerBound
                            for column in 0 ..< columns.count {
                                out[column] = weights[0] * middle[column]
                            }
                            for offset in 1 ... radius {
                                addWeightedPairs(weights[offset], middle - offset, middle + offset, into: out, count: columns.count)
                            }
                        }
                    }
                }
            }
        }
        // Vertical pass for the crop's rows only, over the columns any row within reach computed.
        var result = [Float](repeating: 0, count: crop.width * crop.height)
        weights.withUnsafeBufferPointer { weights in
            horizontal.withUnsafeBufferPointer { horizontal in
                result.withUnsafeMutableBufferPointer { result in
                    for row in 0 ..< crop.height {
                        // Row `crop.minY + row` of the image is row `radius + crop.minY + row` of `horizontal`.
                        let centreRow = radius + crop.minY + row
                        var lower = crop.width, upper = 0
                        for nearby in reached[centreRow - radius ... centreRow + radius] where !nearby.isEmpty {
                            lower = min(lower, nearby.lowerBound)
                            upper = max(upper, nearby.upperBound)
                        }
                        guard lower < upper else { continue }
                        let out = result.baseAddress! + row * crop.width + lower
                        let centre = horizontal.baseAddress! + centreRow * crop.width + lower
                        for column in 0 ..< upper - lower {
                            out[column] = weights[0] * centre[column]
                        }
                        for offset in 1 ... radius {
                            addWeightedPairs(
                                weights[offset], centre - offset * crop.width, centre + offset * crop.width,
                                into: out, count: upper - lower
                            )
                        }
                    }
                }
            }
        }
        return result
    }
}

/// `output[i] += weight * (first[i] + second[i])` for every `i` in `0 ..< count`, eight lanes at a time
/// where it can; the lanes and the scalar tail do the same arithmetic, so every index gets the same bits.
@inline(__always)
private func addWeightedPairs(
    _ weight: Float, _ first: UnsafePointer<Float>, _ second: UnsafePointer<Float>,
    into output: UnsafeMutablePointer<Float>, count: Int
) {
    let weights = SIMD8<Float>(repeating: weight)
    var index = 0
    while index + 8 <= count {
        let pair = UnsafeRawPointer(first + index).loadUnaligned(as: SIMD8<Float>.self)
            + UnsafeRawPointer(second + index).loadUnaligned(as: SIMD8<Float>.self)
        let sum = UnsafeRawPointer(output + index).loadUnaligned(as: SIMD8<Float>.self) + weights * pair
        UnsafeMutableRawPointer(output + index).storeBytes(of: sum, as: SIMD8<Float>.self)
        index += 8
    }
    while index < count {
        output[index] += weight * (first[index] + second[index])
        index += 1
    }
}
