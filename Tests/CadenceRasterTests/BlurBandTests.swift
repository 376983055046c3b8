@testable import CadenceRaster
import Testing

/// The CPU blur: below a sigma of 2 the Gaussian's taps, worked in bands of rows (the floats of
/// an 8192² canvas took 2 GB), each pixel the same sums in the same order as the blur over the
/// whole canvas, held here as a reference; from 2, three box passes each way, held to that
/// Gaussian within a few levels.
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

    /// A canvas of premultiplied noise.
    static func noise(width: Int, height: Int) -> RasterCanvas {
        var canvas = RasterCanvas(width: width, height: height)
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
        return canvas
    }

    /// Heights of one band, several, and a last band of a few rows; radii small and wide.
    @Test(arguments: [(19, 700, 1.5), (23, 1030, 70.0), (7, 260, 0.4), (31, 300, 20.0)], [false, true])
    func bandsGiveTheWholeBlursBytes(size: (width: Int, height: Int, sigma: Double), clampingEdges: Bool) {
        let canvas = Self.noise(width: size.width, height: size.height)
        let banded = RasterPass.gaussianBlurred(canvas, sigma: size.sigma, clampingEdges: clampingEdges)
        #expect(banded.pixels == Self.wholeBlur(canvas, sigma: size.sigma, clampingEdges: clampingEdges), "\(size) clamping \(clampingEdges)")
    }

    /// From a sigma of 2 the blur is extended box passes each way; below, the Gaussian's taps.
    @Test func smallBlursKeepTheGaussiansTaps() {
        let canvas = Self.noise(width: 40, height: 30)
        #expect(RasterPass.blurred(canvas, sigma: 1.5).pixels == RasterPass.gaussianBlurred(canvas, sigma: 1.5).pixels)
    }

    /// Each pass's variance is exactly σ² / passes: r(r + 1)(2r + 1)/3 + 2α(r + 1)², over the
    /// weight 2r + 1 + 2α; α from 0 to 1.
    @Test(arguments: [2.0, 2.5, 7.3, 20.0, 100.0])
    func eachPassHasItsShareOfTheVariance(sigma: Double) {
        let box = BoxBlur(sigma: sigma)
        let (r, alpha) = (Double(box.radius), Double(box.fraction))
        let variance = (r * (r + 1) * (2 * r + 1) / 3 + 2 * alpha * (r + 1) * (r + 1)) / (2 * r + 1 + 2 * alpha)
        #expect(abs(variance * Double(BoxBlur.count) - sigma * sigma) < 1e-4 * sigma * sigma)
        #expect(alpha >= 0 && alpha < 1)
    }

    /// The box passes against the Gaussian's taps, on noise (the hardest case: every frequency)
    /// and on a hard-edged shape, transparent or clamped beyond the edges: within a few levels at
    /// any pixel (at most 4 measured) and under a level on average (at most 0.65 measured; the
    /// taps stop at 3σ and are scaled up by the 0.27 % they leave out, the boxes spread that far
    /// and further, as the Gaussian does), inside the backends' agreement of 8 levels (the GL
    /// backend takes the Gaussian's taps).
    @Test(arguments: [2.0, 2.6, 7.3, 20.0, 64.0], [false, true])
    func boxPassesAgreeWithTheGaussian(sigma: Double, clampingEdges: Bool) {
        var shape = RasterCanvas(width: 160, height: 120)
        shape.withMutablePixels { pixels in
            for y in 30..<90 { for x in 40..<130 { for channel in 0..<4 { pixels[(y * 160 + x) * 4 + channel] = channel == 1 ? 0 : 255 } } }
        }
        for canvas in [Self.noise(width: 97, height: 83), shape] {
            let box = RasterPass.blurred(canvas, sigma: sigma, clampingEdges: clampingEdges).pixels
            let gaussian = RasterPass.gaussianBlurred(canvas, sigma: sigma, clampingEdges: clampingEdges).pixels
            var (largest, total) = (0, 0)
            for (a, b) in zip(box, gaussian) {
                let difference = abs(Int(a) - Int(b))
                largest = max(largest, difference)
                total += difference
            }
            let mean = Double(total) / Double(box.count)
            #expect(largest <= 6 && mean <= 1, "sigma \(sigma), clamping \(clampingEdges): largest \(largest), mean \(mean)")
        }
    }

    /// A flat colour stays flat when the edges are clamped, and the blur keeps the canvas's size
    /// and place; transparent beyond the edges, the colour fades towards them.
    @Test func flatColourStaysFlatWhenClamped() {
        var canvas = RasterCanvas(width: 50, height: 20, originX: 7, originY: -3)
        canvas.withMutablePixels { pixels in for index in stride(from: 0, to: pixels.count, by: 4) { (pixels[index], pixels[index + 3]) = (200, 200) } }
        let clamped = RasterPass.blurred(canvas, sigma: 12, clampingEdges: true)
        #expect(clamped.pixels == canvas.pixels)
        #expect((clamped.width, clamped.height, clamped.originX, clamped.originY) == (50, 20, 7, -3))
        let faded = RasterPass.blurred(canvas, sigma: 12)
        #expect(faded.pixels[3] < 100 && faded.pixels[(10 * 50 + 25) * 4 + 3] < 200)
    }
}
