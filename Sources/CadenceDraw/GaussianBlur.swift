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
    func blurred(_ values: [Float], width: Int, height: Int, croppingTo crop: PixelBox) -> [Float] {
        let radius = radius
        // Horizontal pass over every row, for the crop's columns only, into rows padded by `radius`
        // zero rows above and below, so that the vertical pass needs no bounds checks.
        var horizontal = [Float](repeating: 0, count: crop.width * (height + 2 * radius))
        var paddedRow = [Float](repeating: 0, count: width + 2 * radius)
        weights.withUnsafeBufferPointer { weights in
            values.withUnsafeBufferPointer { values in
                paddedRow.withUnsafeMutableBufferPointer { paddedRow in
                    horizontal.withUnsafeMutableBufferPointer { horizontal in
                        for row in 0 ..< height {
                            let source = values[row * width ..< (row + 1) * width]
                            guard source.contains(where: { $0 != 0 }) else { continue }
                            for column in 0 ..< width {
                                paddedRow[radius + column] = source[source.startIndex + column]
                            }
                            let out = (row + radius) * crop.width
                            // The padded row's index of crop column 0 is `radius + crop.minX`.
                            let centre = radius + crop.minX
                            for column in 0 ..< crop.width {
                                horizontal[out + column] = weights[0] * paddedRow[centre + column]
                            }
                            let middle = paddedRow.baseAddress! + centre
                            for offset in 1 ... radius {
                                addWeightedPairs(
                                    weights[offset], middle - offset, middle + offset,
                                    into: horizontal.baseAddress! + out, count: crop.width
                                )
                            }
                        }
                    }
                }
            }
        }
        // Vertical pass for the crop's rows only.
        var result = [Float](repeating: 0, count: crop.width * crop.height)
        weights.withUnsafeBufferPointer { weights in
            horizontal.withUnsafeBufferPointer { horizontal in
                result.withUnsafeMutableBufferPointer { result in
                    for row in 0 ..< crop.height {
                        let out = row * crop.width
                        // Row `crop.minY + row` of the image is row `radius + crop.minY + row` of `horizontal`.
                        let centre = (radius + crop.minY + row) * crop.width
                        for column in 0 ..< crop.width {
                            result[out + column] = weights[0] * horizontal[centre + column]
                        }
                        for offset in 1 ... radius {
                            addWeightedPairs(
                                weights[offset], horizontal.baseAddress! + centre - offset * crop.width,
                                horizontal.baseAddress! + centre + offset * crop.width,
                                into: result.baseAddress! + out, count: crop.width
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
