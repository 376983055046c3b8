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
    /// beyond its edges, or, with `clampingEdges`, its edge pixels repeated there.
    ///
    /// Worked in bands of rows: the pass across covers a band and the rows the pass down reads
    /// around it, so the floats held are a band's, not the canvas's twice over (an 8192² canvas
    /// took 2 GB of them). Each output is the same sums in the same order as over the whole.
    static func blurred(_ canvas: RasterCanvas, sigma: Double, clampingEdges: Bool = false) -> RasterCanvas {
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
