import CadenceDraw
import CadenceText

/// Images, glyphs and paths: coverage or colour sampled from pixels made once and kept.
extension RasterPass {
    mutating func drawImage(_ draw: ImageDraw) {
        let image = draw.image
        guard image.width > 0, image.height > 0, draw.alpha > 0, let inverse = draw.transform.inverted else { return }
        let (pixels, opaque) = renderer.premultiplied(draw)
        let alpha = min(draw.alpha, 1)
        let rect = draw.rect
        let source = draw.source
        guard rect.width > 0, rect.height > 0 else { return }
        let filter = draw.filter
        // Texel coordinates (texel centres at .5) of a local point, as GL interpolates them.
        let sx = source.width / rect.width, sy = source.height / rect.height
        let texels = imageSampler(draw, pixels: pixels, filter: filter)
        func sample(_ x: Double, _ y: Double) -> SIMD4<Double> {
            texels(source.minX + (x - rect.minX) * sx, source.minY + (y - rect.minY) * sy)
        }
        if draw.transform.isIdentity {
            // Hard edges: the pixels whose centres lie in the rectangle.
            guard let box = PixelRect(
                minX: Self.firstCentre(rect.minX), minY: Self.firstCentre(rect.minY),
                maxX: Self.firstCentre(rect.maxX), maxY: Self.firstCentre(rect.maxY)
            ) else { return }
            if filter == .linear {
                drawUntransformedImage(draw, pixels: pixels, opaque: opaque, box: box, alpha: alpha)
            } else {
                shade(box) { x, y, _ in sample(Double(x) + 0.5, Double(y) + 0.5) * (alpha / 255) }
            }
            return
        }
        // Turned or scaled: a pixel of fringe, and the edges fall off by their distance.
        let (scaleX, scaleY) = draw.transform.axisScales
        let (hx, hy, cx, cy) = Self.halves(rect)
        let quad = Rect(x: rect.minX - 1 / scaleX, y: rect.minY - 1 / scaleY, width: rect.width + 2 / scaleX, height: rect.height + 2 / scaleY)
        // A pixel whose centre maps outside `quad` lies a pixel or more outside the rectangle, so
        // its coverage is 0: each row is shaded only across the columns that map inside it (a
        // turned image's bounding box is up to twice its area).
        let columns = { (y: Int) -> (Int, Int)? in RowColumns.mapping(into: quad, by: inverse, row: y) }
        if filter == .linear {
            drawTransformedImage(
                draw, pixels: pixels, inverse: inverse, reach: draw.transform.boundingBox(of: quad), columns: columns, alpha: alpha
            )
            return
        }
        shade(draw.transform.boundingBox(of: quad), inverse: inverse, within: columns) { x, y in
            let coverage = RasterMath.clamp(0.5 - RasterMath.pixelDistance(x - cx, y - cy, hx, hy, 0, scaleX, scaleY), 0, 1)
            guard coverage > 0 else { return .zero }
            return sample(x, y) * (alpha * coverage / 255)
        }
    }

    /// A turned or scaled image, bilinear, in fixed point and row by row: along a row the texel
    /// coordinates step by a constant, so each pixel takes its two taps and weights (in 256ths,
    /// truncated, as GPUs filter) from that step, mixes its four texels four channels at a time
    /// (16-bit lanes of a 64-bit word) and blends; only pixels within a pixel of the rectangle's
    /// edge work out their coverage from the edge distance, the rest take the draw's opacity as
    /// it is. Within a level or two of sampling with `bilinear` at every pixel in doubles, which
    /// is what this replaced (a closure a pixel: 5 ns a pixel).
    private mutating func drawTransformedImage(
        _ draw: ImageDraw, pixels: [UInt8], inverse: AffineTransform, reach: Rect, columns: (Int) -> (Int, Int)?, alpha: Double
    ) {
        guard let clip, let bounds = target.bounds, let whole = PixelRect(covering: reach)?.intersection(clip)?.intersection(bounds) else { return }
        let rect = draw.rect, source = draw.source
        let (width, height) = (draw.image.width, draw.image.height)
        let (scaleX, scaleY) = draw.transform.axisScales
        let (hx, hy, cx, cy) = Self.halves(rect)
        // Texel coordinates (0 the first texel's centre) are affine in the pixel centre.
        let sx = source.width / rect.width, sy = source.height / rect.height
        let (du, dv) = (inverse.a * sx, inverse.b * sy)
        // Inside these half sizes every pixel is covered whole (its edge distance is at most −½).
        let (innerX, innerY) = (hx - 0.5 / scaleX - 1e-9, hy - 0.5 / scaleY - 1e-9)
        let opacity = Int((RasterMath.clamp(alpha, 0, 1) * 255).rounded())
        let (maxU, maxV) = (Double(width - 1), Double(height - 1))
        let (targetWidth, originX, originY) = (target.width, target.originX, target.originY)
        let lanes: UInt64 = 0x00FF_00FF_00FF_00FF, half: UInt64 = 0x0080_0080_0080_0080
        // A stored RGBA word as four 16-bit lanes.
        @inline(__always) func spread(_ word: UInt32) -> UInt64 {
            let wide = UInt64(UInt32(littleEndian: word))
            return (wide | wide &<< 24) & lanes
        }
        pixels.withUnsafeBytes { texels in
            target.withMutablePixels { target in
                for y in whole.minY..<whole.maxY {
                    guard let found = columns(y) else { continue }
                    let (first, last) = (max(whole.minX, found.0), min(whole.maxX, found.1))
                    guard first < last else { continue }
                    let centreY = Double(y) + 0.5
                    // Local and texel coordinates at the centre of the row's first column the
                    // image can reach (where the clip, a band or a damage rectangle, starts does
                    // not matter: a pixel is the same bytes whichever draws it); each later pixel
                    // is a multiple of the step from it (not a running sum: no drift).
                    let origin = max(found.0, -16_777_216)
                    let start = Double(origin) + 0.5
                    let localX = inverse.a * start + inverse.c * centreY + inverse.tx
                    let localY = inverse.b * start + inverse.d * centreY + inverse.ty
                    let u0 = source.minX + (localX - rect.minX) * sx - 0.5
                    let v0 = source.minY + (localY - rect.minY) * sy - 0.5
                    let count = max(found.1, origin) - origin
                    let rowStart = ((y - originY) * targetWidth + origin - originX) * 4
                    /// Pixel `index` of the row: the texels at (u, v) (256ths of a texel, clamped
                    /// to the image) mixed, scaled by `level` (0 … 255) and blended.
                    @inline(__always) func put(_ index: Int, u: Int, v: Int, level: Int) {
                        let (column, row) = (u >> 8, v >> 8)
                        let (wx, wy) = (UInt64(u & 255), UInt64(v & 255))
                        let right = column < width - 1 ? 4 : 0, below = row < height - 1 ? width * 4 : 0
                        let texel = (row * width + column) * 4
                        @inline(__always) func load(_ at: Int) -> UInt32 { texels.loadUnaligned(fromByteOffset: at, as: UInt32.self) }
                        let (a, b, c, d) = (load(texel), load(texel + right), load(texel + below), load(texel + below + right))
                        // Four transparent texels (a cut-out's background) mix to nothing.
                        guard a | b | c | d != 0 else { return }
                        // Across, then down, each rounded to 8 bits: every lane stays below 2¹⁶.
                        let top = ((spread(a) &* (256 - wx) &+ spread(b) &* wx &+ half) &>> 8) & lanes
                        let bottom = ((spread(c) &* (256 - wx) &+ spread(d) &* wx &+ half) &>> 8) & lanes
                        let mixed = ((top &* (256 - wy) &+ bottom &* wy &+ half) &>> 8) & lanes
                        let word = UInt32(truncatingIfNeeded: mixed | mixed &>> 24).littleEndian
                        let offset = rowStart + index * 4
                        if level >= 255, mixed &>> 48 >= 255 {
                            // Opaque over anything: stored as it is.
                            UnsafeMutableRawPointer(target.baseAddress! + offset).storeBytes(of: word, as: UInt32.self)
                        } else {
                            Self.blend(word: word, scaledBy: level, into: target, at: offset)
                        }
                    }
                    // Inside the rectangle by more than half a pixel each way, the coverage is
                    // whole and the texel coordinates step in fixed point (the step rounded to
                    // 1/65,536 of a texel, so a pixel n steps along is off by at most n/131,072 of
                    // a texel); the pixels either side of that run work out their coverage and
                    // coordinates in doubles.
                    var (inner, innerEnd) = (count, count)
                    let (startX, startY) = (localX - cx, localY - cy)
                    func narrow(_ range: inout (Double, Double), start: Double, slope: Double, reach: Double) {
                        if slope == 0 {
                            if abs(start) > reach { range = (1, 0) }
                        } else {
                            let (a, b) = ((-reach - start) / slope, (reach - start) / slope)
                            range = (max(range.0, min(a, b)), min(range.1, max(a, b)))
                        }
                    }
                    var range = (0.0, Double(count - 1))
                    narrow(&range, start: startX, slope: inverse.a, reach: innerX)
                    narrow(&range, start: startY, slope: inverse.b, reach: innerY)
                    // A pixel's margin each side against rounding; and coordinates and steps
                    // small enough for fixed point (a texel step past 2²⁰ is no image to speak of).
                    let fits = abs(u0) < 1e9 && abs(v0) < 1e9 && abs(du) < 1_048_576 && abs(dv) < 1_048_576
                    if fits, range.0 + 1 <= range.1 - 1, range.0.isFinite, range.1.isFinite {
                        inner = Int((range.0 + 1).rounded(.up))
                        innerEnd = Int((range.1 - 1).rounded(.down)) + 1
                        if inner >= innerEnd { (inner, innerEnd) = (count, count) }
                    }
                    var index = first - origin
                    let end = last - origin
                    (inner, innerEnd) = (max(inner, index), min(innerEnd, end))
                    if inner >= innerEnd { (inner, innerEnd) = (end, end) }
                    while index < end {
                        if index == inner, opacity > 0 {
                            let fixed = 65_536.0
                            let (u16, v16) = (Int((u0 * fixed).rounded(.down)), Int((v0 * fixed).rounded(.down)))
                            let (du16, dv16) = (Int((du * fixed).rounded()), Int((dv * fixed).rounded()))
                            let (limitU, limitV) = (Int(maxU * fixed), Int(maxV * fixed))
                            while index < innerEnd {
                                let u = min(max(u16 &+ du16 &* index, 0), limitU) >> 8, v = min(max(v16 &+ dv16 &* index, 0), limitV) >> 8
                                put(index, u: u, v: v, level: opacity)
                                index += 1
                            }
                            continue
                        }
                        let step = Double(index)
                        let px = startX + inverse.a * step, py = startY + inverse.b * step
                        var level = opacity
                        if abs(px) > innerX || abs(py) > innerY {
                            let coverage = RasterMath.clamp(0.5 - RasterMath.pixelDistance(px, py, hx, hy, 0, scaleX, scaleY), 0, 1)
                            level = Int((RasterMath.clamp(alpha * coverage, 0, 1) * 255).rounded())
                        }
                        if level > 0 {
                            // Taps in 256ths of a texel, truncated as GPUs take them.
                            put(index, u: Int(RasterMath.clamp(u0 + du * step, 0, maxU) * 256), v: Int(RasterMath.clamp(v0 + dv * step, 0, maxV) * 256), level: level)
                        }
                        index += 1
                    }
                }
            }
        }
    }

    /// The image's colour at texel coordinates (u, v) (0 the first texel's left edge, its centre
    /// at 0.5), through `filter`: each channel 0 … 255, premultiplied, clamped at the edges.
    /// Trilinear reads the mipmap levels nearest the draw's shrink (GL's λ = log₂ ρ, one for the
    /// whole draw, since its transform is affine).
    func imageSampler(_ draw: ImageDraw, pixels: [UInt8], filter: ImageFilter) -> (Double, Double) -> SIMD4<Double> {
        let (width, height) = (draw.image.width, draw.image.height)
        switch filter {
        case .linear:
            return { u, v in Self.bilinear(pixels, width: width, height: height, x: u - 0.5, y: v - 0.5) }
        case .nearest:
            return { u, v in
                let x = Int(RasterMath.clamp(u.rounded(.down), 0, Double(width - 1)))
                let y = Int(RasterMath.clamp(v.rounded(.down), 0, Double(height - 1)))
                let offset = (y * width + x) * 4
                return SIMD4(Double(pixels[offset]), Double(pixels[offset + 1]), Double(pixels[offset + 2]), Double(pixels[offset + 3]))
            }
        case .trilinear:
            let levels = renderer.mipmaps(for: draw, base: pixels)
            let lambda = RasterMath.log2(draw.texelsPerPixel)
            guard lambda > 0, lambda.isFinite, levels.count > 1 else {
                return { u, v in Self.bilinear(pixels, width: width, height: height, x: u - 0.5, y: v - 0.5) }
            }
            let last = levels.count - 1
            let lower = min(Int(lambda.rounded(.down)), last)
            let upper = min(lower + 1, last)
            let fraction = lower == last ? 0 : lambda - lambda.rounded(.down)
            func level(_ index: Int, _ u: Double, _ v: Double) -> SIMD4<Double> {
                let level = levels[index]
                return Self.bilinear(level.pixels, width: level.width, height: level.height,
                                     x: u * Double(level.width) / Double(width) - 0.5, y: v * Double(level.height) / Double(height) - 0.5)
            }
            return { u, v in
                let near = level(lower, u, v)
                return fraction == 0 ? near : near * (1 - fraction) + level(upper, u, v) * fraction
            }
        }
    }

    /// An untransformed image over `box`. At full opacity its pixels are resampled once for the
    /// whole box (within the canvas: the frame or its band) and kept while frames draw it the
    /// same way, so a still image costs a copy; faded, it is resampled within the clip each time
    /// (a faded pixel must round from the unrounded mix to give the same bytes).
    private mutating func drawUntransformedImage(
        _ draw: ImageDraw, pixels: [UInt8], opaque: Bool, box: PixelRect, alpha: Double
    ) {
        guard let clip, let bounds = target.bounds, let drawn = box.intersection(clip)?.intersection(bounds) else { return }
        let opacity = UInt32((RasterMath.clamp(alpha, 0, 1) * 256).rounded())
        let (targetWidth, originX, originY) = (target.width, target.originX, target.originY)
        let image = (pixels: pixels, width: draw.image.width, height: draw.image.height)
        if opacity == 256, let visible = canvasBounds.flatMap(box.intersection),
           let kept = renderer.resampled(ResampleKey(image: draw.key, width: image.width, height: image.height, rect: draw.rect, source: draw.source, box: visible), make: {
               var kept = [UInt8](repeating: 0, count: visible.area * 4)
               kept.withUnsafeMutableBufferPointer { kept in
                   Self.resample(image, box: visible, rect: draw.rect, source: draw.source, opacity: 256) { y, row in
                       (kept.baseAddress! + (y - visible.minY) * visible.width * 4).update(from: row.baseAddress!, count: row.count)
                   }
               }
               return kept
           }) {
            kept.withUnsafeBufferPointer { kept in
                target.withMutablePixels { target in
                    let bytes = drawn.width * 4
                    for y in drawn.minY..<drawn.maxY {
                        let from: Int = ((y - visible.minY) * visible.width + drawn.minX - visible.minX) * 4
                        let row = UnsafeBufferPointer<UInt8>(start: kept.baseAddress! + from, count: bytes)
                        let offset = ((y - originY) * targetWidth + drawn.minX - originX) * 4
                        if opaque {
                            (target.baseAddress! + offset).update(from: row.baseAddress!, count: bytes)
                        } else {
                            Self.blendRow(row, into: target, at: offset)
                        }
                    }
                }
            }
            return
        }
        target.withMutablePixels { target in
            Self.resample(image, box: drawn, rect: draw.rect, source: draw.source, opacity: opacity) { y, row in
                Self.blendRow(row, into: target, at: ((y - originY) * targetWidth + drawn.minX - originX) * 4)
            }
        }
    }

    /// Resamples `image` (premultiplied RGBA8) stretched from `source` (texels) over `rect`, at
    /// the pixels of `box`, faded by `opacity` (256ths), handing each row of `box` to `row` from
    /// the top, in fixed point and separably: each column's texels and weights (in 256ths, as
    /// GPUs filter) are the same on every row, so they are worked out once; each source row the
    /// box samples is filtered across once (kept while consecutive rows share it, as they do when
    /// the image is enlarged), and each frame row mixes its two filtered source rows. Integer
    /// arithmetic only: the same bytes everywhere, and the same bytes as mixing the four texels
    /// of every pixel at once.
    static func resample(
        _ image: (pixels: [UInt8], width: Int, height: Int), box: PixelRect, rect: Rect, source: Rect, opacity: UInt32,
        row deliver: (Int, UnsafeBufferPointer<UInt8>) -> Void
    ) {
        let (pixels, width, height) = image
        let sx = source.width / rect.width, sy = source.height / rect.height
        // Per column: the two texels' byte offsets within a row and their weights, as the
        // filter's inner loop takes them.
        let taps = (box.minX..<box.maxX).map { x in
            let column = fixedTaps(source.minX + (Double(x) + 0.5 - rect.minX) * sx - 0.5, count: width)
            return (first: column.first * 4, second: column.second * 4, keep: UInt16(256 - column.weight), take: UInt16(column.weight))
        }
        let channels = taps.count * 4
        // Source rows filtered across: each channel is texel · (256 − w) + next · w ≤ 65,280.
        var upper = [UInt16](repeating: 0, count: channels), lower = upper
        var (upperRow, lowerRow) = (-1, -1)
        var mixed = [UInt8](repeating: 0, count: channels)
        func filter(_ row: Int, into filtered: inout [UInt16]) {
            pixels.withUnsafeBufferPointer { texels in
                taps.withUnsafeBufferPointer { taps in
                    filtered.withUnsafeMutableBufferPointer { filtered in
                        let base = texels.baseAddress! + row * width * 4
                        var out = filtered.baseAddress!
                        for tap in taps {
                            let first = base + tap.first, second = base + tap.second
                            out[0] = UInt16(first[0]) &* tap.keep &+ UInt16(second[0]) &* tap.take
                            out[1] = UInt16(first[1]) &* tap.keep &+ UInt16(second[1]) &* tap.take
                            out[2] = UInt16(first[2]) &* tap.keep &+ UInt16(second[2]) &* tap.take
                            out[3] = UInt16(first[3]) &* tap.keep &+ UInt16(second[3]) &* tap.take
                            out += 4
                        }
                    }
                }
            }
        }
        for y in box.minY..<box.maxY {
            let row = fixedTaps(source.minY + (Double(y) + 0.5 - rect.minY) * sy - 0.5, count: height)
            if upperRow != row.first {
                if lowerRow == row.first {
                    swap(&upper, &lower)
                    swap(&upperRow, &lowerRow)
                } else {
                    filter(row.first, into: &upper)
                    upperRow = row.first
                }
            }
            if lowerRow != row.second {
                if upperRow == row.second {
                    lower = upper
                } else {
                    filter(row.second, into: &lower)
                }
                lowerRow = row.second
            }
            // Round and drop 24 bits: 16 of filter weight, 8 of opacity. Each sum stays below
            // 2³²: 65,280 · 256 · 256 + 2²³.
            let (keepY, takeY) = (UInt32(256 - row.weight), UInt32(row.weight))
            upper.withUnsafeBufferPointer { upper in
                lower.withUnsafeBufferPointer { lower in
                    mixed.withUnsafeMutableBufferPointer { mixed in
                        for index in 0..<channels {
                            let sum = (UInt32(upper[index]) &* keepY &+ UInt32(lower[index]) &* takeY) &* opacity &+ (1 << 23)
                            mixed[index] = UInt8(truncatingIfNeeded: sum >> 24)
                        }
                        deliver(y, UnsafeBufferPointer(mixed))
                    }
                }
            }
        }
    }

    /// Blends a row of premultiplied RGBA bytes over the target from byte `offset`, source over
    /// as `blend(_:into:at:)` does: opaque pixels are stored as they are, clear ones skipped.
    @inline(__always)
    static func blendRow(_ row: UnsafeBufferPointer<UInt8>, into pixels: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        var index = 0
        var at = offset
        while index < row.count {
            let a = Int(row[index + 3])
            if a == 255 {
                pixels[at] = row[index]
                pixels[at + 1] = row[index + 1]
                pixels[at + 2] = row[index + 2]
                pixels[at + 3] = 255
            } else if a != 0 || row[index] != 0 || row[index + 1] != 0 || row[index + 2] != 0 {
                let keep = 255 - a
                for channel in 0..<4 {
                    pixels[at + channel] = UInt8(min(255, Int(row[index + channel]) + (Int(pixels[at + channel]) * keep + 127) / 255))
                }
            }
            index += 4
            at += 4
        }
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
        // On whole pixels each pixel takes the colour at its texel's coverage: 256 colours, in
        // bytes as the per-pixel blend rounds them, made once for the run.
        var shades: [PremultipliedColor] = []
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
                guard let glyphBox = PixelRect(minX: x0, minY: y0, maxX: x0 + width, maxY: y0 + height),
                      let clip, let bounds = target.bounds, let box = glyphBox.intersection(clip)?.intersection(bounds) else { continue }
                if shades.isEmpty { shades = (0...255).map { PremultipliedColor(color * (Double($0) / 255)) } }
                let (targetWidth, originX, originY) = (target.width, target.originX, target.originY)
                shades.withUnsafeBufferPointer { shades in
                    coverage.withUnsafeBufferPointer { coverage in
                        target.withMutablePixels { pixels in
                            for y in box.minY..<box.maxY {
                                var at = (y - y0) * width + box.minX - x0
                                var offset = ((y - originY) * targetWidth + box.minX - originX) * 4
                                for _ in box.minX..<box.maxX {
                                    let texel = coverage[at]
                                    if texel != 0 { Self.blend(shades[Int(texel)], into: pixels, at: offset, count: 1) }
                                    at += 1
                                    offset += 4
                                }
                            }
                        }
                    }
                }
                continue
            }
            // Turned or scaled: the quad grows by half a pixel and the coverage is sampled
            // between texels, zero beyond the bitmap (the atlas keeps a blank border): in fixed
            // point, weights in 256ths as GPUs filter, the coverage rounded to a byte and the
            // pixel given that shade, row by row across the columns the quad reaches (a closure
            // a pixel mixing in doubles took half the time of a text-heavy Lottie frame).
            let inverse = run.transform.inverted!
            let quad = Rect(x: left - 0.5, y: top - 0.5, width: Double(width) + 1, height: Double(height) + 1)
            guard let clip, let bounds = target.bounds,
                  let box = PixelRect(covering: run.transform.boundingBox(of: quad))?.intersection(clip)?.intersection(bounds) else { continue }
            if shades.isEmpty { shades = (0...255).map { PremultipliedColor(color * (Double($0) / 255)) } }
            let (targetWidth, originX, originY) = (target.width, target.originX, target.originY)
            let (limitX, limitY) = (Double(width), Double(height))
            shades.withUnsafeBufferPointer { shades in
                coverage.withUnsafeBufferPointer { coverage in
                    target.withMutablePixels { pixels in
                        @inline(__always) func texel(_ x: Int, _ y: Int) -> Int {
                            x >= 0 && y >= 0 && x < width && y < height ? Int(coverage[y * width + x]) : 0
                        }
                        for y in box.minY..<box.maxY {
                            guard let found = RowColumns.mapping(into: quad, by: inverse, row: y) else { continue }
                            let (first, last) = (max(box.minX, found.0), min(box.maxX, found.1))
                            guard first < last else { continue }
                            // Texel coordinates (0 the first texel's centre) of the row's pixel centres.
                            let centreY = Double(y) + 0.5
                            let rowU = inverse.c * centreY + inverse.tx - left - 0.5, rowV = inverse.d * centreY + inverse.ty - top - 0.5
                            var offset = ((y - originY) * targetWidth + first - originX) * 4
                            for x in first..<last {
                                defer { offset += 4 }
                                let centreX = Double(x) + 0.5
                                let u = inverse.a * centreX + rowU, v = inverse.b * centreX + rowV
                                guard u >= -1, u < limitX, v >= -1, v < limitY else { continue }
                                let (fu, fv) = (u.rounded(.down), v.rounded(.down))
                                let (column, row) = (Int(fu), Int(fv))
                                let wx = Int(((u - fu) * 256).rounded(.down)), wy = Int(((v - fv) * 256).rounded(.down))
                                let upper = texel(column, row) * (256 - wx) + texel(column + 1, row) * wx
                                let lower = texel(column, row + 1) * (256 - wx) + texel(column + 1, row + 1) * wx
                                let level = (upper * (256 - wy) + lower * wy + 32_768) >> 16
                                if level > 0 { Self.blend(shades[level], into: pixels, at: offset, count: 1) }
                            }
                        }
                    }
                }
            }
        }
    }

    mutating func drawPath(_ path: PathFill) {
        guard path.color.alpha > 0, let spans = renderer.spans(for: path, frame: frame) else { return }
        guard let clip, let bounds = target.bounds, let visible = spans.bounds.intersection(clip)?.intersection(bounds) else { return }
        if let gradient = path.gradient {
            drawGradient(gradient, opacity: path.color.alpha, spans: spans, within: visible)
            return
        }
        let color = path.color.premultipliedVector
        // Each run's colour is the colour at its coverage, rounded as the per-pixel formula
        // rounds (color · coverage / 255 in bytes), from the table of the 256 shades the
        // renderer keeps for the colour.
        let table = renderer.shades(for: color)
        let canvasWidth = target.width
        let (originX, originY) = (target.originX, target.originY)
        let full = PremultipliedColor(color)
        target.withMutablePixels { pixels in
            spans.forEachRun(within: visible) { y, start, end, alpha in
                // Within the canvas (at most 2²⁶ pixels): the arithmetic cannot overflow.
                let offset = ((y &- originY) &* canvasWidth &+ start &- originX) &* 4
                if alpha == 255 || end &- start >= 4 {
                    Self.blend(alpha == 255 ? full : table[Int(alpha)], into: pixels, at: offset, count: end &- start)
                } else {
                    // An edge's few pixels: each through the word blend (the same bytes).
                    let word = table[Int(alpha)].word.littleEndian
                    for index in 0..<(end &- start) { Self.blend(word: word, scaledBy: 255, into: pixels, at: offset &+ index &* 4) }
                }
            }
        }
    }

    /// Blends the ramp's colour at position `position(i)` (offset · 255, rounded to the nearest
    /// entry) times `covered` / 255 over each of `count` pixels from byte `offset`, i = 0, 1, ….
    @inline(__always)
    static func blendRamp(
        _ ramp: UnsafeBufferPointer<PremultipliedColor>, words: UnsafeBufferPointer<UInt32>?, covered: Int, into pixels: UnsafeMutableBufferPointer<UInt8>,
        at offset: Int, count: Int, position: (Int) -> Double
    ) {
        let last = Double(Gradient.rampSize - 1)
        if covered == 255, let words {
            // An opaque ramp over a fully covered run: each pixel is its entry's colour, stored
            // (what the blend does with an opaque colour).
            let base = UnsafeMutableRawPointer(pixels.baseAddress! + offset)
            for index in 0..<count {
                let at = position(index)
                let entry = at > 0 ? (at < last ? Int(at + 0.5) : Gradient.rampSize - 1) : 0
                base.storeBytes(of: words[entry], toByteOffset: index * 4, as: UInt32.self)
            }
            return
        }
        var offset = offset
        for index in 0..<count {
            let at = position(index)
            let entry = at > 0 ? (at < last ? Int(at + 0.5) : Gradient.rampSize - 1) : 0
            var color = ramp[entry]
            if covered < 255 { color = color.scaled(by: covered) }
            blend(color, into: pixels, at: offset, count: 1)
            offset += 4
        }
    }

    /// `blendRamp` for a linear gradient, whose ramp position grows by `step` a pixel from
    /// `position` at the first: the position carried in 32.32 fixed point, so that each pixel
    /// costs an add, a shift and a clamp instead of a checked conversion of a double (its entry is
    /// the nearest to within 2⁻³² · count of a step). False, and nothing drawn, for a run shorter
    /// than 8 pixels, or when a position along it lies beyond ±2²⁰, where fixed point would not
    /// hold it.
    @inline(__always)
    static func blendLinearRamp(
        _ ramp: UnsafeBufferPointer<PremultipliedColor>, words: UnsafeBufferPointer<UInt32>?, covered: Int, into pixels: UnsafeMutableBufferPointer<UInt8>,
        at offset: Int, count: Int, from position: Double, step: Double
    ) -> Bool {
        let reach = 1_048_576.0
        let end = position + step * Double(count)
        // A short run (an edge's) costs less in doubles than setting fixed point up.
        guard count >= 8, abs(position) < reach, abs(end) < reach, abs(step) < reach else { return false }
        let one = 4_294_967_296.0
        // The position plus a half, so that truncation rounds to the nearest entry.
        var fixed = Int64((position + 0.5) * one)
        let increment = Int64(step * one)
        let top = Int64(Gradient.rampSize - 1)
        @inline(__always) func entry(_ fixed: Int64) -> Int {
            let whole = fixed >> 32
            return Int(whole < 0 ? 0 : (whole > top ? top : whole))
        }
        if covered == 255, let words {
            let base = UnsafeMutableRawPointer(pixels.baseAddress! + offset)
            for index in 0..<count {
                base.storeBytes(of: words[entry(fixed)], toByteOffset: index &* 4, as: UInt32.self)
                fixed &+= increment
            }
            return true
        }
        var offset = offset
        for _ in 0..<count {
            var color = ramp[entry(fixed)]
            if covered < 255 { color = color.scaled(by: covered) }
            blend(color, into: pixels, at: offset, count: 1)
            offset += 4
            fixed &+= increment
        }
        return true
    }

    /// A gradient over the runs of `spans` within `visible`, faded by `opacity` and each run's
    /// coverage: the offset at the pixel centre picks the nearest of the ramp's 256 entries (the
    /// GL backend interpolates between the two nearest: at most half a step apart), in bytes.
    /// Along a run a linear gradient's offset grows by a constant step, so it is added rather
    /// than worked out anew.
    private mutating func drawGradient(_ gradient: Gradient, opacity: Double, spans: CoverageSpans, within visible: PixelRect) {
        var gradient = gradient
        if gradient.kind == .linear, let space = gradient.space {
            // A linear gradient in a space of its own is a linear gradient in pixels too.
            (gradient.start, gradient.end) = Gradient.linear(from: gradient.start, to: gradient.end, mappedBy: space)
            gradient.space = nil
        }
        let fade = RasterMath.clamp(opacity, 0, 1)
        // The ramp's colours faded, and an opaque ramp's as stored words (little-endian RGBA) for
        // fully covered runs: made once while frames draw the same stops.
        let (ramp, words) = renderer.ramp(for: gradient, fade: fade)
        let last = Double(Gradient.rampSize - 1)
        let (canvasWidth, originX, originY) = (target.width, target.originX, target.originY)
        let dx = gradient.end.x - gradient.start.x, dy = gradient.end.y - gradient.start.y
        let length = dx * dx + dy * dy
        let linear = gradient.kind == .linear && gradient.space == nil && length > 0 && length.isFinite
        let step = linear ? dx / length * last : 0
        // Offsets to ramp positions: one division a gradient, not one a run.
        let toRamp = linear ? last / length : 0
        // A radial gradient's points are in pixels, or in its space: pixels map to that space
        // by `inverse`, and a step of one pixel along a row moves (inverse.a, inverse.b) there.
        let inverse = gradient.space == nil ? AffineTransform.identity : gradient.inverseSpace
        // A radial gradient whose focus is its centre (Lottie's, without a highlight): the
        // offset is the distance from the centre over the radius, one square root a pixel.
        let radius = (dx * dx + dy * dy).squareRoot()
        let centred = gradient.kind == .radial && inverse != nil && (gradient.focus == nil || gradient.focus == gradient.start)
            && radius > 0 && radius.isFinite
        let (centreX, centreY, inverseRadius) = (gradient.start.x, gradient.start.y, centred ? last / radius : 0)
        // Any other radial gradient with a circle: a focus off the centre (a Lottie highlight).
        let focal = !centred && gradient.kind == .radial && inverse != nil && radius > 0
        let toSpace = inverse ?? .identity
        let focus = gradient.focus ?? gradient.start
        let (focusX, focusY) = (focus.x, focus.y)
        let (fromCentreX, fromCentreY) = (focus.x - gradient.start.x, focus.y - gradient.start.y)
        let focalC = fromCentreX * fromCentreX + fromCentreY * fromCentreY - radius * radius
        target.withMutablePixels { pixels in
            ramp.withUnsafeBufferPointer { ramp in
                (words ?? []).withUnsafeBufferPointer { allWords in
                    let words = words == nil ? nil : allWords
                    spans.forEachRun(within: visible) { y, start, end, alpha in
                        let cy = Double(y) + 0.5
                        let covered = Int(alpha)
                        // The ramp position (offset · 255) at the run's first pixel centre.
                        var position = linear ? ((Double(start) + 0.5 - gradient.start.x) * dx + (cy - gradient.start.y) * dy) * toRamp : 0
                        let offset = ((y - originY) * canvasWidth + start - originX) * 4
                        // One loop per kind of gradient, each with the colour's blend inlined.
                        if linear {
                            if !Self.blendLinearRamp(ramp, words: words, covered: covered, into: pixels, at: offset, count: end - start, from: position, step: step) {
                                Self.blendRamp(ramp, words: words, covered: covered, into: pixels, at: offset, count: end - start) { _ in
                                    defer { position += step }
                                    return position
                                }
                            }
                        } else if centred || focal {
                            // The run's first pixel centre in the gradient's space.
                            let x0 = Double(start) + 0.5
                            let (stepX, stepY) = (toSpace.a, toSpace.b)
                            let localX = toSpace.a * x0 + toSpace.c * cy + toSpace.tx, localY = toSpace.b * x0 + toSpace.d * cy + toSpace.ty
                            if centred {
                                var (px, py) = (localX - centreX, localY - centreY)
                                Self.blendRamp(ramp, words: words, covered: covered, into: pixels, at: offset, count: end - start) { _ in
                                    defer { px += stepX; py += stepY }
                                    return (px * px + py * py).squareRoot() * inverseRadius
                                }
                            } else {
                                // `Gradient.offset` for a radial gradient, its constants worked out
                                // once, with one square root and one division: its d / reach
                                // multiplied through by the distance d, t = d² / (−p·o + √((p·o)² − c·d²)).
                                var (px, py) = (localX - focusX, localY - focusY)
                                Self.blendRamp(ramp, words: words, covered: covered, into: pixels, at: offset, count: end - start) { _ in
                                    defer { px += stepX; py += stepY }
                                    let squared = px * px + py * py
                                    guard squared > 0 else { return 0 }
                                    let along = px * fromCentreX + py * fromCentreY
                                    let reach = -along + max(along * along - focalC * squared, 0).squareRoot()
                                    let t = reach > 0 ? squared / reach : 1
                                    return (t.isNaN ? 0 : min(max(t, 0), 1)) * last
                                }
                            }
                        } else {
                            Self.blendRamp(ramp, words: words, covered: covered, into: pixels, at: offset, count: end - start) { index in
                                gradient.offset(x: Double(start + index) + 0.5, y: cy) * last
                            }
                        }
                    }
                }
            }
        }
    }
}

extension CoverageSpans {
    /// Calls `body(y, start, end, alpha)` for the part `start ..< end` of each run that lies
    /// within `box`, top row first, each row left to right.
    @inline(__always)
    func forEachRun(within box: PixelRect, _ body: (_ y: Int, _ start: Int, _ end: Int, _ alpha: UInt8) -> Void) {
        runs.withUnsafeBufferPointer { runs in
            var index = firstRun(atOrBelow: box.minY)
            while index < runs.count {
                let run = runs[index]
                index += 1
                let y = Int(run.y)
                guard y < box.maxY else { break }
                let start = max(Int(run.x), box.minX), end = min(Int(run.x) + Int(run.length), box.maxX)
                if start < end { body(y, start, end, run.alpha) }
            }
        }
    }
}
