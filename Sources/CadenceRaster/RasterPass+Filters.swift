import CadenceDraw

/// Blend modes and blurs: what a group's `blendMode`, `blur` and `backdropBlur` ask of the CPU backend.
extension RasterPass {
    /// Gaussian weights for `sigma` pixels: index k weighs the texels k pixels away either way,
    /// reaching ⌈3σ⌉, summing to 1 (RasterMath's exp: the same on every machine).
    static func gaussianWeights(sigma: Double) -> [Float] {
        let radius = Int((3 * sigma).rounded(.up))
        let raw = (0...radius).map { k in RasterMath.exp(-Double(k * k) / (2 * sigma * sigma)) }
        let total = raw[0] + 2 * raw.dropFirst().reduce(0, +)
        return raw.map { Float($0 / total) }
    }

    /// `canvas` (premultiplied) blurred by a Gaussian of `sigma` pixels, separably: transparent
    /// beyond its edges, or, with `clampingEdges`, its edge pixels repeated there. From a sigma of
    /// 2 pixels, extended box passes each way (`BoxBlur`), whose cost does not grow with the
    /// radius; below, the Gaussian's taps.
    ///
    /// `gaussianBlurred` works in bands of rows: the pass across covers a band and the rows the pass down reads
    /// around it, so the floats held are a band's, not the canvas's twice over (an 8192² canvas
    /// took 2 GB of them). Each output is the same sums in the same order as over the whole.
    static func blurred(_ canvas: RasterCanvas, sigma: Double, clampingEdges: Bool = false) -> RasterCanvas {
        guard sigma > 0, canvas.width > 0, canvas.height > 0 else { return canvas }
        // Every caller holds the blur to `Group.maximumBlur`; held here too, so that no size
        // below is worked out from an absurd one.
        let sigma = min(sigma, Group.maximumBlur)
        if sigma >= BoxBlur.smallestSigma { return BoxBlur(sigma: sigma).blurred(canvas, clampingEdges: clampingEdges) }
        return gaussianBlurred(canvas, sigma: sigma, clampingEdges: clampingEdges)
    }

    /// `blurred` with the Gaussian's own taps, 2 · ⌈3σ⌉ + 1 a pixel each way: what a blur below
    /// `BoxBlur.smallestSigma` takes (at most 13 taps), and the reference the box passes are held
    /// to.
    static func gaussianBlurred(_ canvas: RasterCanvas, sigma: Double, clampingEdges: Bool = false) -> RasterCanvas {
        guard sigma > 0, canvas.width > 0, canvas.height > 0 else { return canvas }
        let weights = gaussianWeights(sigma: sigma)
        let radius = weights.count - 1
        let (width, height) = (canvas.width, canvas.height)
        // Rows a band outputs: at least four times the rows it reads around it, so that reading
        // them again for the next band costs at most half as much again.
        let band = max(256, 4 * radius)
        // Plain loops over plain floats, channel by channel: SIMD types cost ten times as much
        // in unoptimised (test) builds.
        var across = [Float](repeating: 0, count: width * min(height, band + 2 * radius) * 4)
        // A row's bytes as floats once, rather than once for every tap that reads them.
        var row = [Float](repeating: 0, count: width * 4)
        var result = RasterCanvas(width: width, height: height, originX: canvas.originX, originY: canvas.originY)
        weights.withUnsafeBufferPointer { weights in
            across.withUnsafeMutableBufferPointer { across in
                row.withUnsafeMutableBufferPointer { floats in
                    canvas.withPixels { bytes in
                        result.withMutablePixels { pixels in
                            for top in stride(from: 0, to: height, by: band) {
                                let bottom = min(top + band, height)
                                // The rows the pass down reads for this band's rows.
                                let first = max(top - radius, 0), last = min(bottom + radius, height)
                                for y in first..<last {
                                    let start = y * width * 4
                                    for i in 0..<(width * 4) { floats[i] = Float(bytes[start + i]) }
                                    let row = (y - first) * width
                                    for x in 0..<width {
                                        var (r, g, b, a): (Float, Float, Float, Float) = (0, 0, 0, 0)
                                        var k = -radius
                                        while k <= radius {
                                            var at = x + k
                                            if at < 0 || at >= width {
                                                if !clampingEdges { k += 1; continue }
                                                at = at < 0 ? 0 : width - 1
                                            }
                                            let offset = at * 4
                                            let weight = weights[k < 0 ? -k : k]
                                            r += floats[offset] * weight
                                            g += floats[offset + 1] * weight
                                            b += floats[offset + 2] * weight
                                            a += floats[offset + 3] * weight
                                            k += 1
                                        }
                                        let out = (row + x) * 4
                                        across[out] = r
                                        across[out + 1] = g
                                        across[out + 2] = b
                                        across[out + 3] = a
                                    }
                                }
                                for y in top..<bottom {
                                    for x in 0..<width {
                                        var (r, g, b, a): (Float, Float, Float, Float) = (0, 0, 0, 0)
                                        var k = -radius
                                        while k <= radius {
                                            var at = y + k
                                            if at < 0 || at >= height {
                                                if !clampingEdges { k += 1; continue }
                                                at = at < 0 ? 0 : height - 1
                                            }
                                            let offset = ((at - first) * width + x) * 4
                                            let weight = weights[k < 0 ? -k : k]
                                            r += across[offset] * weight
                                            g += across[offset + 1] * weight
                                            b += across[offset + 2] * weight
                                            a += across[offset + 3] * weight
                                            k += 1
                                        }
                                        let out = (y * width + x) * 4
                                        pixels[out] = Self.byte(r)
                                        pixels[out + 1] = Self.byte(g)
                                        pixels[out + 2] = Self.byte(b)
                                        pixels[out + 3] = Self.byte(a)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return result
    }

    /// A channel sum (0 … 255, give or take rounding) as a byte, rounded.
    @inline(__always)
    private static func byte(_ value: Float) -> UInt8 {
        value <= 0 ? 0 : (value >= 255 ? 255 : UInt8(value + 0.5))
    }

    /// Blurs what the target holds under `shape` (its rounded rectangle, anti-aliased a pixel
    /// wide), within `region`: each pixel there becomes the Gaussian mean of the target around it
    /// (read as far as 3σ around the shape, the target's edge pixels repeated past it), mixed by
    /// the shape's coverage.
    mutating func blurBackdrop(under shape: RoundedRect, sigma: Double, within region: PixelRect) {
        let sigma = min(sigma, Group.maximumBlur)
        guard sigma > 0, let inverse = shape.transform.inverted, let bounds = target.bounds,
              let box = PixelRect(covering: shape.transform.boundingBox(of: shape.rect).insetBy(-1))?.intersection(region)?.intersection(bounds)
        else { return }
        let radius = Int((3 * sigma).rounded(.up))
        guard let read = PixelRect(minX: box.minX - radius, minY: box.minY - radius, maxX: box.maxX + radius, maxY: box.maxY + radius)?
            .intersection(bounds) else { return }
        var backdrop = RasterCanvas(width: read.width, height: read.height, originX: read.minX, originY: read.minY)
        let (targetWidth, originX, originY) = (target.width, target.originX, target.originY)
        target.withPixels { pixels in
            backdrop.withMutablePixels { copy in
                for y in read.minY..<read.maxY {
                    let from = ((y - originY) * targetWidth + read.minX - originX) * 4
                    (copy.baseAddress! + (y - read.minY) * read.width * 4).update(from: pixels.baseAddress! + from, count: read.width * 4)
                }
            }
        }
        let blurred = Self.blurred(backdrop, sigma: sigma, clampingEdges: true)
        let scales = shape.transform.axisScales
        let (hx, hy, cx, cy) = Self.halves(shape.rect)
        let cornerRadius = RasterMath.clamp(shape.cornerRadius, 0, min(hx, hy))
        blurred.withPixels { blurred in
            target.withMutablePixels { pixels in
                for y in box.minY..<box.maxY {
                    for x in box.minX..<box.maxX {
                        let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
                        let lx = inverse.a * px + inverse.c * py + inverse.tx, ly = inverse.b * px + inverse.d * py + inverse.ty
                        let coverage = RasterMath.clamp(0.5 - RasterMath.pixelDistance(lx - cx, ly - cy, hx, hy, cornerRadius, scales.x, scales.y), 0, 1)
                        guard coverage > 0 else { continue }
                        let offset = ((y - originY) * targetWidth + x - originX) * 4
                        let from = ((y - read.minY) * read.width + x - read.minX) * 4
                        for channel in 0..<4 {
                            let mixed = Double(blurred[from + channel]) * coverage + Double(pixels[offset + channel]) * (1 - coverage)
                            pixels[offset + channel] = PremultipliedColor.byte(mixed / 255)
                        }
                    }
                }
            }
        }
    }

    /// Recolours every pixel of `canvas` through `ramp` (`ColorRamp.map`), in place: the same
    /// arithmetic per pixel, transparent pixels left as they are.
    static func map(_ canvas: inout RasterCanvas, through ramp: ColorRamp) {
        canvas.withMutablePixels { pixels in
            // Runs of one colour (flat fills) map once: the last pixel mapped is remembered.
            var last: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) = (0, 0, 0, 0)
            var mappedLast: (r: UInt8, g: UInt8, b: UInt8) = (0, 0, 0)
            var offset = 0
            while offset < pixels.count {
                defer { offset += 4 }
                let a = pixels[offset + 3]
                if a == 0 { continue }
                let (r, g, b) = (pixels[offset], pixels[offset + 1], pixels[offset + 2])
                if (r, g, b, a) != last {
                    let mapped = ramp.map(SIMD4(Double(r), Double(g), Double(b), Double(a)) / 255)
                    last = (r, g, b, a)
                    mappedLast = (PremultipliedColor.byte(mapped.x), PremultipliedColor.byte(mapped.y), PremultipliedColor.byte(mapped.z))
                }
                pixels[offset] = mappedLast.r
                pixels[offset + 1] = mappedLast.g
                pixels[offset + 2] = mappedLast.b
            }
        }
    }

    /// `color` (premultiplied, 0 … 1) composited over the pixel at `offset` through `mode`.
    @inline(__always)
    static func blend(_ color: SIMD4<Double>, mode: BlendMode, into pixels: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        let backdrop = SIMD4(Double(pixels[offset]), Double(pixels[offset + 1]), Double(pixels[offset + 2]), Double(pixels[offset + 3])) / 255
        let result = mode.composite(color, over: backdrop)
        pixels[offset] = PremultipliedColor.byte(result.x)
        pixels[offset + 1] = PremultipliedColor.byte(result.y)
        pixels[offset + 2] = PremultipliedColor.byte(result.z)
        pixels[offset + 3] = PremultipliedColor.byte(result.w)
    }
}

/// A Gaussian blur as `count` extended box blurs each way (Gwosdek, Grewenig, Bruhn and Weickert,
/// "Theoretical Foundations of Gaussian Convolution by Extended Box Filtering", 2011): each pass
/// the mean of the 2r + 1 pixels around, plus the next pixel either side at a fraction of their
/// weight, so that its variance is exactly σ² / count (the plain boxes of the filter
/// specifications, whole pixels wide, miss it by up to 10 %, and their Gaussian came out that
/// much narrower). Each pass is a running sum, so a pixel costs the same at any radius (a sigma of
/// 100 took 2 · 601 taps a pixel each way); `BlurBandTests` holds it to the Gaussian's taps,
/// which the GL backend takes, within the backends' agreement.
///
/// Rows across first, then down, streaming: no rounding between the two, and floats for the
/// rows the passes read, not for the canvas. Beyond the canvas the signal is transparent or,
/// clamping, its edge pixel: each row and column is worked over that far out (the passes' reach),
/// so its own pixels are the infinite signal's.
struct BoxBlur {
    /// Below this deviation (pixels) the Gaussian's own taps are as cheap and exact.
    static let smallestSigma = 2.0
    /// Passes each way: more follow the Gaussian more closely (a sum of n boxes), at n times
    /// the running sums.
    static let count = 6
    /// Each pass's half width r (2r + 1 pixels at full weight) and the weight of the pixel
    /// either side, as a fraction of a full one.
    let radius: Int
    let fraction: Float
    /// One over the pass's total weight, 2r + 1 + 2α.
    let scale: Float
    /// How far the passes reach together, each way.
    var reach: Int { Self.count * (radius + 1) }

    init(sigma: Double) {
        let variance = sigma * sigma / Double(Self.count)
        let r = max(Int((0.5 * (12 * variance + 1).squareRoot() - 0.5).rounded(.down)), 0)
        let (low, high) = (Double(r), Double(r + 1))
        radius = r
        fraction = Float((2 * low + 1) * (3 * variance - low * high) / (6 * (high * high - variance)))
        scale = 1 / (Float(2 * r + 1) + 2 * fraction)
    }

    /// The running sums of a pass's first output, `lanes` wide: its input's steps −r … r, each
    /// from `step` (which clamps to the ends).
    @inline(__always)
    func start(_ sums: UnsafeMutablePointer<Float>, lanes: Int, step: (Int) -> UnsafeMutablePointer<Float>) {
        sums.update(repeating: 0, count: lanes)
        for q in -radius...radius {
            let from = step(q)
            for lane in 0..<lanes { sums[lane] += from[lane] }
        }
    }

    /// One output of a pass, `lanes` wide, into `target`: the running sums (the full-weight
    /// inputs) plus `fraction` of the inputs just beyond them, `before` and `after`, over the
    /// total weight; then the sums move a step on (`after` enters, `leaving` leaves).
    @inline(__always)
    func emit(
        _ sums: UnsafeMutablePointer<Float>, before: UnsafeMutablePointer<Float>, after: UnsafeMutablePointer<Float>,
        leaving: UnsafeMutablePointer<Float>, into target: UnsafeMutablePointer<Float>, lanes: Int
    ) {
        for lane in 0..<lanes {
            target[lane] = (sums[lane] + fraction * (before[lane] + after[lane])) * scale
            sums[lane] += after[lane] - leaving[lane]
        }
    }

    func blurred(_ canvas: RasterCanvas, clampingEdges: Bool) -> RasterCanvas {
        let (width, height) = (canvas.width, canvas.height)
        let lanes = width * 4
        var result = RasterCanvas(width: width, height: height, originX: canvas.originX, originY: canvas.originY)
        // Rows are blurred across as they are needed and fed down through the passes, each of
        // which keeps the 2r + 3 rows it reads in a ring: floats for a few hundred rows at most,
        // never the canvas's. Row p of the sequence is canvas row p − reach (or the transparent
        // or repeated edge row beyond it), so the last pass's rows reach … reach + height − 1 are
        // the canvas's.
        let rows = height + 2 * reach
        let slots = 2 * radius + 3
        let ring = slots * lanes
        let stages = Self.count + 1
        // Stage k's ring at k · ring, its running sums at k · lanes (stage 0's, the rows blurred
        // across, are the four of the pass along a row); how many rows each stage has made.
        let rings = UnsafeMutableBufferPointer<Float>.allocate(capacity: stages * ring)
        let sums = UnsafeMutableBufferPointer<Float>.allocate(capacity: stages * lanes)
        defer {
            rings.deallocate()
            sums.deallocate()
        }
        var made = [Int](repeating: 0, count: stages)
        let across = width + 2 * reach
        let line = UnsafeMutableBufferPointer<Float>.allocate(capacity: across * 4), spare = UnsafeMutableBufferPointer<Float>.allocate(capacity: across * 4)
        defer {
            line.deallocate()
            spare.deallocate()
        }
        let r = radius
        canvas.withPixels { source in
            result.withMutablePixels { out in
                /// Row `p` of stage 0: the canvas row blurred across, into its slot.
                func blurAcross(_ p: Int) {
                    let y = p - reach
                    let from = clampingEdges ? min(max(y, 0), height - 1) : y
                    let target = rings.baseAddress! + (p % slots) * lanes
                    if from < 0 || from >= height {
                        target.update(repeating: 0, count: lanes)
                        return
                    }
                    let start = from * lanes
                    for column in 0..<across {
                        let at = column - reach
                        let x = clampingEdges ? min(max(at, 0), width - 1) : at
                        for channel in 0..<4 { line[column * 4 + channel] = x < 0 || x >= width ? 0 : Float(source[start + x * 4 + channel]) }
                    }
                    var (input, output) = (line, spare)
                    for _ in 0..<Self.count {
                        box(input, into: output, count: across, sums: sums.baseAddress!)
                        swap(&input, &output)
                    }
                    target.update(from: input.baseAddress! + reach * 4, count: lanes)
                }
                /// Makes stage `k`'s next row, making the rows of stage k − 1 it reads first.
                func advance(_ k: Int) {
                    let p = made[k]
                    made[k] += 1
                    if k == 0 {
                        blurAcross(p)
                        return
                    }
                    // Pass k reads its input's rows p − r − 1 … p + r + 1, clamped to the sequence.
                    while made[k - 1] < min(p + r + 2, rows) { advance(k - 1) }
                    let input = rings.baseAddress! + (k - 1) * ring
                    let sum = sums.baseAddress! + k * lanes
                    @inline(__always) func row(_ q: Int) -> UnsafeMutablePointer<Float> { input + (min(max(q, 0), rows - 1) % slots) * lanes }
                    if p == 0 { start(sum, lanes: lanes, step: row) }
                    emit(sum, before: row(p - r - 1), after: row(p + r + 1), leaving: row(p - r),
                         into: rings.baseAddress! + k * ring + (p % slots) * lanes, lanes: lanes)
                }
                for p in 0..<(reach + height) {
                    advance(Self.count)
                    guard p >= reach else { continue }
                    let from = rings.baseAddress! + Self.count * ring + (p % slots) * lanes, to = (p - reach) * lanes
                    for lane in 0..<lanes { out[to + lane] = Self.byte(from[lane]) }
                }
            }
        }
        return result
    }

    /// One extended box pass along a row of `count` pixels (four floats each), by running sums
    /// kept in `sums`; reads before the first pixel or past the last take that end's value
    /// (the signal there is constant by then).
    func box(_ input: UnsafeMutableBufferPointer<Float>, into output: UnsafeMutableBufferPointer<Float>, count: Int, sums: UnsafeMutablePointer<Float>) {
        let (base, out) = (input.baseAddress!, output.baseAddress!)
        @inline(__always) func pixel(_ step: Int) -> UnsafeMutablePointer<Float> { base + min(max(step, 0), count - 1) * 4 }
        start(sums, lanes: 4, step: pixel)
        for step in 0..<count {
            emit(sums, before: pixel(step - radius - 1), after: pixel(step + radius + 1), leaving: pixel(step - radius), into: out + step * 4, lanes: 4)
        }
    }

    @inline(__always)
    static func byte(_ value: Float) -> UInt8 {
        value <= 0 ? 0 : (value >= 255 ? 255 : UInt8(value + 0.5))
    }
}
