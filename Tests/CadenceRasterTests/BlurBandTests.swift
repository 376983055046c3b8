@testable import CadenceRaster
import Testing

/// The CPU blur works in bands of rows (the floats of an 8192² canvas took 2 GB); each pixel is
/// the same sums in the same order as the blur over the whole canvas, held here as a reference.
@Suite struct BlurBandTests {
    /// The blur as it was written over the whole canvas at once.
    static func wholeBlur(_ canvas: RasterCanvas, sigma: Double, clampingEdges: Bool) -> [UInt8] {
        let weights = RasterPass.gaussianWeights(sigma: sigma)
        let radius = weights.count - 1
        let (width, height) = (canvas.width, canvas.height)
        let pixels = canvas.pixels.map { Float($0) }
        var across = [Float](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                var sums: (Float, Float, Float, Float) = (0, 0, 0, 0)
                for k in -radius...radius {
                    var at = x + k
                    if at < 0 || at >= width {
                        if !clampingEdges { continue }
                        at = at < 0 ? 0 : width - 1
                    }
                    let offset = (y * width + at) * 4, weight = weights[abs(k)]
                    sums.0 += pixels[offset] * weight
                    sums.1 += pixels[offset + 1] * weight
                    sums.2 += pixels[offset + 2] * weight
                    sums.3 += pixels[offset + 3] * weight
                }
                let out = (y * width + x) * 4
                (across[out], across[out + 1], across[out + 2], across[out + 3]) = sums
            }
        }
        var result = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                var sums: (Float, Float, Float, Float) = (0, 0, 0, 0)
                for k in -radius...radius {
                    var at = y + k
                    if at < 0 || at >= height {
                        if !clampingEdges { continue }
                        at = at < 0 ? 0 : height - 1
                    }
                    let offset = (at * width + x) * 4, weight = weights[abs(k)]
                    sums.0 += across[offset] * weight
                    sums.1 += across[offset + 1] * weight
                    sums.2 += across[offset + 2] * weight
                    sums.3 += across[offset + 3] * weight
                }
                func byte(_ value: Float) -> UInt8 { value <= 0 ? 0 : (value >= 255 ? 255 : UInt8(value + 0.5)) }
                let out = (y * width + x) * 4
                (result[out], result[out + 1], result[out + 2], result[out + 3]) = (byte(sums.0), byte(sums.1), byte(sums.2), byte(sums.3))
            }
        }
        return result
    }

    /// Heights of one band, several, and a last band of a few rows; radii small and wide.
    @Test(arguments: [(19, 700, 1.5), (23, 1030, 70.0), (7, 260, 0.4), (31, 300, 20.0)], [false, true])
    func bandsGiveTheWholeBlursBytes(size: (width: Int, height: Int, sigma: Double), clampingEdges: Bool) {
        var canvas = RasterCanvas(width: size.width, height: size.height)
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        canvas.withMutablePixels { pixels in
            for index in stride(from: 0, to: pixels.count, by: 4) {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let alpha = UInt8(truncatingIfNeeded: seed >> 56)
                pixels[index + 3] = alpha
                for channel in 0..<3 {
                    // Premultiplied: no channel above alpha.
                    pixels[index + channel] = UInt8(UInt16(truncatingIfNeeded: seed >> (8 * UInt64(channel) + 16)) % (UInt16(alpha) + 1))
                }
            }
        }
        let banded = RasterPass.blurred(canvas, sigma: size.sigma, clampingEdges: clampingEdges)
        #expect(banded.pixels == Self.wholeBlur(canvas, sigma: size.sigma, clampingEdges: clampingEdges), "\(size) clamping \(clampingEdges)")
    }
}
