import CadenceDraw
import CadenceText

/// Images, glyphs and paths: coverage or colour sampled from pixels made once and kept.
extension RasterPass {
    mutating func drawImage(_ draw: ImageDraw) {
        let image = draw.image
        guard image.width > 0, image.height > 0, draw.alpha > 0, let inverse = draw.transform.inverted else { return }
        let pixels = renderer.premultiplied(draw)
        let alpha = min(draw.alpha, 1)
        let rect = draw.rect
        let source = draw.source
        guard rect.width > 0, rect.height > 0 else { return }
        let (width, height) = (image.width, image.height)
        // Texel coordinates (texel centres at .5) of a local point, as GL interpolates them.
        let sx = source.width / rect.width, sy = source.height / rect.height
        func sample(_ x: Double, _ y: Double) -> SIMD4<Double> {
            Self.bilinear(pixels, width: width, height: height, x: source.minX + (x - rect.minX) * sx - 0.5, y: source.minY + (y - rect.minY) * sy - 0.5)
        }
        if draw.transform.isIdentity {
            // Hard edges: the pixels whose centres lie in the rectangle.
            guard let box = PixelRect(
                minX: Self.firstCentre(rect.minX), minY: Self.firstCentre(rect.minY),
                maxX: Self.firstCentre(rect.maxX), maxY: Self.firstCentre(rect.maxY)
            ) else { return }
            drawUntransformedImage(pixels, width: width, height: height, box: box, rect: rect, source: source, alpha: alpha)
            return
        }
        // Turned or scaled: a pixel of fringe, and the edges fall off by their distance.
        let (scaleX, scaleY) = draw.transform.axisScales
        let (hx, hy, cx, cy) = Self.halves(rect)
        let quad = Rect(x: rect.minX - 1 / scaleX, y: rect.minY - 1 / scaleY, width: rect.width + 2 / scaleX, height: rect.height + 2 / scaleY)
        shade(draw.transform.boundingBox(of: quad), inverse: inverse) { x, y in
            let coverage = RasterMath.clamp(0.5 - RasterMath.pixelDistance(x - cx, y - cy, hx, hy, 0, scaleX, scaleY), 0, 1)
            guard coverage > 0 else { return .zero }
            return sample(x, y) * (alpha * coverage / 255)
        }
    }

    /// An untransformed image over `box`, in fixed point: each column's texels and weights
    /// (in 256ths, as GPUs filter) are the same on every row, so they are worked out once, and
    /// the opacity is in 256ths too. Integer arithmetic only: the same bytes everywhere.
    private mutating func drawUntransformedImage(
        _ pixels: [UInt8], width: Int, height: Int, box: PixelRect, rect: Rect, source: Rect, alpha: Double
    ) {
        guard let clip, let bounds = target.bounds, let box = box.intersection(clip)?.intersection(bounds) else { return }
        let sx = source.width / rect.width, sy = source.height / rect.height
        let columns = (box.minX..<box.maxX).map { x in
            Self.fixedTaps(source.minX + (Double(x) + 0.5 - rect.minX) * sx - 0.5, count: width)
        }
        let opacity = Int((RasterMath.clamp(alpha, 0, 1) * 256).rounded())
        let (targetWidth, originX, originY) = (target.width, target.originX, target.originY)
        let sourceTop = source.minY
        pixels.withUnsafeBufferPointer { texels in
            columns.withUnsafeBufferPointer { columns in
                target.pixels.withUnsafeMutableBufferPointer { target in
                    for y in box.minY..<box.maxY {
                        let row = Self.fixedTaps(sourceTop + (Double(y) + 0.5 - rect.minY) * sy - 0.5, count: height)
                        let upper = row.first * width * 4, lower = row.second * width * 4
                        let ty = row.weight
                        var offset = ((y - originY) * targetWidth + box.minX - originX) * 4
                        let raw = UnsafeRawBufferPointer(texels)
                        let (keepY, takeY, scale) = (UInt64(256 - ty), UInt64(ty), UInt64(opacity))
                        for column in columns {
                            let (keepX, takeX) = (UInt64(256 - column.weight), UInt64(column.weight))
                            // Two channels a 64-bit word, one in each half (red and blue, green
                            // and alpha): each half stays below 2³² through the two weights
                            // (16 bits) and the opacity (8 bits), so nothing carries across.
                            let a = Self.lanes(raw, upper + column.first * 4), b = Self.lanes(raw, upper + column.second * 4)
                            let c = Self.lanes(raw, lower + column.first * 4), d = Self.lanes(raw, lower + column.second * 4)
                            let rounding: UInt64 = 1 << 23 | 1 << 55
                            let rb = ((a.rb * keepX + b.rb * takeX) * keepY + (c.rb * keepX + d.rb * takeX) * takeY) * scale + rounding
                            let ga = ((a.ga * keepX + b.ga * takeX) * keepY + (c.ga * keepX + d.ga * takeX) * takeY) * scale + rounding
                            // Round and drop 24 bits: 16 of filter weight, 8 of opacity.
                            let bytes = SIMD4<Int>(Int((rb >> 24) & 0xFF), Int((ga >> 24) & 0xFF), Int(rb >> 56), Int(ga >> 56))
                            Self.blend(bytes, into: target, at: offset)
                            offset += 4
                        }
                    }
                }
            }
        }
    }

    /// The RGBA texel at byte `offset` as two words of two channels, each in its own 32-bit half:
    /// red and blue, green and alpha.
    @inline(__always)
    static func lanes(_ raw: UnsafeRawBufferPointer, _ offset: Int) -> (rb: UInt64, ga: UInt64) {
        let word = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
        return (UInt64(word & 0xFF) | UInt64((word >> 16) & 0xFF) << 32, UInt64((word >> 8) & 0xFF) | UInt64(word >> 24) << 32)
    }

    /// `taps`, with the second texel's weight in 256ths.
    @inline(__always)
    static func fixedTaps(_ position: Double, count: Int) -> (first: Int, second: Int, weight: Int) {
        let taps = taps(position, count: count)
        return (taps.first, taps.second, Int((taps.weight * 256).rounded()))
    }

    /// The first whole pixel whose centre lies at or after `edge` (clamped to ±2²⁴).
    static func firstCentre(_ edge: Double) -> Int {
        Int(RasterMath.clamp(edge - 0.5, -16_777_216, 16_777_216).rounded(.up))
    }

    /// The two texels either side of `position` (in texels, 0 the first centre) along an axis of
    /// `count` texels, clamped at the edges, and the second one's weight: what `bilinear` uses.
    @inline(__always)
    static func taps(_ position: Double, count: Int) -> (first: Int, second: Int, weight: Double) {
        let clamped = RasterMath.clamp(position, 0, Double(count - 1))
        let first = Int(clamped)
        return (first, min(first + 1, count - 1), clamped - Double(first))
    }

    /// The texels at `column` × `row` taps mixed by their weights: each channel 0 … 255.
    @inline(__always)
    static func mix(_ pixels: [UInt8], width: Int, column: (first: Int, second: Int, weight: Double), row: (first: Int, second: Int, weight: Double)) -> SIMD4<Double> {
        func texel(_ x: Int, _ y: Int) -> SIMD4<Double> {
            let offset = (y * width + x) * 4
            return SIMD4(Double(pixels[offset]), Double(pixels[offset + 1]), Double(pixels[offset + 2]), Double(pixels[offset + 3]))
        }
        let tx = column.weight, ty = row.weight
        let top = texel(column.first, row.first) * (1 - tx) + texel(column.second, row.first) * tx
        let bottom = texel(column.first, row.second) * (1 - tx) + texel(column.second, row.second) * tx
        return top * (1 - ty) + bottom * ty
    }

    /// `pixels` (RGBA8) sampled between texel centres at (x, y) in texels (0 is the first
    /// centre), clamped at the edges: each channel 0 … 255.
    @inline(__always)
    static func bilinear(_ pixels: [UInt8], width: Int, height: Int, x: Double, y: Double) -> SIMD4<Double> {
        mix(pixels, width: width, column: taps(x, count: width), row: taps(y, count: height))
    }

    mutating func drawGlyphs(_ run: GlyphRun) throws(TextError) {
        let color = run.color.premultipliedVector
        let transformed = !run.transform.isIdentity
        guard !transformed || run.transform.inverted != nil else { return }
        let limit = 16_777_216.0
        for (glyph, position) in zip(run.glyphs, run.positions) where abs(position.x) < limit && abs(position.y) < limit {
            let whole = transformed ? position.x : position.x.rounded(.down)
            let bucket = transformed ? 0 : min(Int(((position.x - whole) * Double(FontLibrary.subpixelBuckets)).rounded(.down)), FontLibrary.subpixelBuckets - 1)
            let bitmap = try renderer.glyph(glyph, font: run.font, subpixel: bucket)
            guard bitmap.width > 0, bitmap.height > 0 else { continue }
            let left = whole + Double(bitmap.left)
            let top = (transformed ? position.y : position.y.rounded()) - Double(bitmap.top)
            let coverage = bitmap.pixels
            let (width, height) = (bitmap.width, bitmap.height)
            if !transformed {
                // On whole pixels: each pixel takes its texel.
                let (x0, y0) = (Int(left), Int(top))
                guard let box = PixelRect(minX: x0, minY: y0, maxX: x0 + width, maxY: y0 + height) else { continue }
                shade(box) { x, y, _ in
                    color * (Double(coverage[(y - y0) * width + x - x0]) / 255)
                }
                continue
            }
            // Turned or scaled: the quad grows by half a pixel and the coverage is sampled
            // between texels, zero beyond the bitmap (the atlas keeps a blank border).
            let inverse = run.transform.inverted!
            let quad = Rect(x: left - 0.5, y: top - 0.5, width: Double(width) + 1, height: Double(height) + 1)
            shade(run.transform.boundingBox(of: quad), inverse: inverse) { x, y in
                guard x >= quad.minX, x < quad.maxX, y >= quad.minY, y < quad.maxY else { return .zero }
                return color * (Self.coverage(coverage, width: width, height: height, x: x - left - 0.5, y: y - top - 0.5) / 255)
            }
        }
    }

    /// A coverage bitmap sampled between texel centres, zero outside it.
    static func coverage(_ bitmap: [UInt8], width: Int, height: Int, x: Double, y: Double) -> Double {
        let fx = x.rounded(.down), fy = y.rounded(.down)
        let tx = x - fx, ty = y - fy
        let x0 = Int(fx), y0 = Int(fy)
        func texel(_ x: Int, _ y: Int) -> Double {
            guard x >= 0, y >= 0, x < width, y < height else { return 0 }
            return Double(bitmap[y * width + x])
        }
        let top = texel(x0, y0) * (1 - tx) + texel(x0 + 1, y0) * tx
        let bottom = texel(x0, y0 + 1) * (1 - tx) + texel(x0 + 1, y0 + 1) * tx
        return top * (1 - ty) + bottom * ty
    }

    mutating func drawPath(_ path: PathFill) {
        guard path.color.alpha > 0, let mask = renderer.mask(for: path, frame: frame) else { return }
        let color = path.color.premultipliedVector
        let alpha = mask.alpha
        let (maskX, maskY, width) = (mask.x, mask.y, mask.width)
        guard let box = PixelRect(minX: mask.x, minY: mask.y, maxX: mask.x + mask.width, maxY: mask.y + mask.height) else { return }
        shade(box) { x, y, _ in
            color * (Double(alpha[(y - maskY) * width + x - maskX]) / 255)
        }
    }
}
