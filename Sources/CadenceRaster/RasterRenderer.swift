import CadenceDraw
import CadenceRender
import CadenceText
import Dispatch

/// Draws display lists on the CPU, with no GL and no EGL context: the same commands and the same
/// pictures as the GL backend (within a level or two at edges), byte-identical run to run and on
/// every machine, since per-pixel work uses only IEEE arithmetic (`RasterMath`).
///
/// Each command shades the pixels its shape can reach, evaluating at pixel centres what the GL
/// backend's shaders evaluate: signed distances with a one-pixel fringe for rounded rectangles,
/// lines and masks, the closed-form blur for shadows, bilinear sampling for images and transformed
/// glyphs, and the exact-area coverage of `PathRasterizer` for paths. Colours are premultiplied
/// and blended source-over in 8 bits, as into the GL backend's RGBA8 framebuffer.
///
/// Not thread-safe: one renderer per thread (it keeps glyph, image and path caches).
public final class RasterRenderer {
    /// Glyphs come from here, as the GL backend's atlas gets them.
    public let fonts: FontLibrary

    /// The frame's background, drawn under everything (and into every damage rectangle).
    private var background = PremultipliedColor(r: 0, g: 0, b: 0, a: 0)
    /// Each frame's number, for evicting caches.
    private var frameNumber = 0
    var glyphs: [GlyphKey: GlyphBitmap] = [:]
    var images: [String: CachedImage] = [:]
    /// Path masks: the renderer's own, or shared by the renderers of a frame's bands (a mask
    /// covers the whole frame, so one rasterisation serves every band).
    let pathMasks: PathMaskCache
    /// Whether this renderer ends the path masks' frames (it does unless they are shared).
    private let ownsPathMasks: Bool
    var resampledImages: [ResampleKey: CachedResample] = [:]
    /// Pixel memory of group pictures composited, kept for the next pictures (a few, of at
    /// most `largestKeptPicture` bytes), so that a frame's groups do not fault fresh pages in;
    /// each with where its picture was painted (the rest of it is transparent), cleared there
    /// when it is taken (by then nothing else holds it, so clearing copies nothing).
    var pictureBuffers: [KeptPicture] = []
    static let keptPictures = 4
    static let largestKeptPicture = 64 << 20

    /// A transparent picture canvas of `box`, in memory kept from an earlier one when one fits.
    func pictureCanvas(_ box: PixelRect) -> RasterCanvas {
        let count = box.width * box.height * 4
        if let index = pictureBuffers.firstIndex(where: { $0.buffer.capacity >= count }) {
            return RasterCanvas(width: box.width, height: box.height, originX: box.minX, originY: box.minY, reusingTransparent: pictureBuffers.remove(at: index).cleared())
        }
        return RasterCanvas(width: box.width, height: box.height, originX: box.minX, originY: box.minY)
    }

    /// Keeps a picture's memory for a later one (the largest few), made transparent again where
    /// it was `painted` (the rest of it is transparent).
    func recycle(_ picture: consuming RasterCanvas, painted: PaintedRects) {
        let bounds = picture.bounds
        let buffer = picture.takeBuffer()
        guard buffer.capacity > 0, buffer.capacity <= Self.largestKeptPicture, let bounds else { return }
        pictureBuffers.append(KeptPicture(buffer: buffer, bounds: bounds, painted: painted))
        if pictureBuffers.count > Self.keptPictures {
            pictureBuffers.sort { $0.buffer.capacity > $1.buffer.capacity }
            pictureBuffers.removeLast()
        }
    }
    /// Pictures of turned shadows (`ShadowPicture`), by box, blur and corner in pixels: a shadow
    /// drawn frame after frame, turning or moving, has its picture made once.
    var shadowPictures: [ShadowPicture.Key: (picture: ShadowPicture?, lastUsed: Int)] = [:]

    /// The picture of a turned shadow, made on first use; nil when it would be too large.
    func shadowPicture(_ key: ShadowPicture.Key) -> ShadowPicture? {
        if let index = shadowPictures.index(forKey: key) {
            shadowPictures.values[index].lastUsed = frameNumber
            return shadowPictures.values[index].picture
        }
        let picture = ShadowPicture(key)
        shadowPictures[key] = (picture, frameNumber)
        return picture
    }

    /// Gradient ramps faded by an opacity, as the CPU backend blends them (`ramp(for:fade:)`), by
    /// stops and fade: a gradient drawn frame after frame has its ramp made once.
    var ramps: [RampKey: (ramp: [PremultipliedColor], words: [UInt32]?, lastUsed: Int)] = [:]

    /// The 256 colours of `gradient`'s ramp (`Gradient.ramp`) times `fade`, and, when they are all
    /// opaque, the same as stored words (little-endian RGBA).
    func ramp(for gradient: Gradient, fade: Double) -> (ramp: [PremultipliedColor], words: [UInt32]?) {
        let key = RampKey(stops: gradient.stops, fade: fade)
        if let index = ramps.index(forKey: key) {
            ramps.values[index].lastUsed = frameNumber
            return (ramps.values[index].ramp, ramps.values[index].words)
        }
        let bytes = gradient.ramp
        let ramp = (0..<Gradient.rampSize).map { entry -> PremultipliedColor in
            let base = entry * 4
            let channels = SIMD4<Double>(Double(bytes[base]), Double(bytes[base + 1]), Double(bytes[base + 2]), Double(bytes[base + 3]))
            return PremultipliedColor(channels * (fade / 255))
        }
        let words = ramp.allSatisfy { $0.a == 255 } ? ramp.map { $0.word.littleEndian } : nil
        ramps[key] = (ramp, words, frameNumber)
        return (ramp, words)
    }

    /// Each path colour's 256 shades (`shades(for:)`), kept from frame to frame.
    private var shadeTables: [SIMD4<Double>: [PremultipliedColor]] = [:]
    /// More colours than this, and the kept shades start again.
    static let keptShadeTables = 1024

    /// The colour `color` (premultiplied, 0 … 1 channels) at each coverage 0 … 255, in bytes:
    /// `PremultipliedColor(color · coverage / 255)`, as a run of that coverage is painted. Made
    /// once for each colour the frames paint, instead of once a run or once a path.
    func shades(for color: SIMD4<Double>) -> [PremultipliedColor] {
        if let kept = shadeTables[color] { return kept }
        if shadeTables.count >= Self.keptShadeTables { shadeTables.removeAll(keepingCapacity: true) }
        var made = [PremultipliedColor](repeating: PremultipliedColor(r: 0, g: 0, b: 0, a: 0), count: 256)
        for coverage in 1..<256 { made[coverage] = PremultipliedColor(color * (Double(coverage) / 255)) }
        shadeTables[color] = made
        return made
    }

    /// Mipmap levels of the images drawn trilinear, by key.
    var mipmaps: [String: (levels: [MipLevel], lastUsed: Int)] = [:]
    /// Path masks rasterised so far (for tests: a mask kept from frame to frame is not made again).
    public var rasterisedPathCount: Int { pathMasks.rasterisedCount }

    /// A renderer taking glyphs from `fonts`.
    public init(fonts: FontLibrary = .shared) {
        self.fonts = fonts
        pathMasks = PathMaskCache()
        ownsPathMasks = true
    }

    /// A renderer taking glyphs from `fonts` and path masks from `pathMasks`, whose frames its
    /// owner ends (`PathMaskCache.endFrame()`).
    init(fonts: FontLibrary, sharing pathMasks: PathMaskCache) {
        self.fonts = fonts
        self.pathMasks = pathMasks
        ownsPathMasks = false
    }

    /// Draws `list` into `canvas` (its size is the frame's): the whole canvas, or with `damage`
    /// only those rectangles (rounded out to whole pixels), each filled with the background and
    /// redrawn with the commands that reach it. A pixel's colour depends only on the commands
    /// covering it, so a damaged redraw gives the same bytes as a whole one.
    public func draw(_ list: DisplayList, into canvas: inout RasterCanvas, damage: [Rect]? = nil) throws(TextError) {
        try draw(list, into: &canvas, damage: damage.map { $0.compactMap { PixelRect(covering: $0) } })
    }

    /// Draws `list` into `canvas`: the whole canvas, or with `damage` only those pixel rectangles.
    /// `frame` is the whole frame's pixels when the canvas holds only part of it (a band); paths
    /// are rasterised within it. Default: the canvas's.
    public func draw(_ list: DisplayList, into canvas: inout RasterCanvas, damage: [PixelRect]?, frame: PixelRect? = nil) throws(TextError) {
        // Each command's bounds, once for every region (a path's walk all its points).
        try draw(list, bounds: list.commands.map(\.bounds), into: &canvas, damage: damage, frame: frame)
    }

    /// `draw(_:into:damage:frame:)` with the commands' bounds (`DrawCommand.bounds`, in order)
    /// worked out already: once a frame for every band.
    func draw(_ list: DisplayList, bounds: [Rect?], into canvas: inout RasterCanvas, damage: [PixelRect]?, frame: PixelRect?) throws(TextError) {
        frameNumber += 1
        background = PremultipliedColor(list.background)
        guard let whole = canvas.bounds else { return }
        let frame = frame ?? whole
        let regions: [PixelRect] = damage.map { $0.compactMap { $0.intersection(whole) } } ?? [whole]
        for region in regions {
            // A whole redraw over a canvas whose last whole redraw painted only part of it clears
            // only that part: the rest still holds the background.
            let known = damage == nil ? canvas.cleared : nil
            if let known, known.background == background {
                if let painted = known.painted { canvas.fill(painted, with: background) }
            } else {
                canvas.fill(region, with: background)
            }
            // The pass owns the pixels while it draws (the canvas keeps none, so nothing is copied).
            var pass = RasterPass(renderer: self, target: canvas, clip: region, frame: frame)
            canvas = RasterCanvas(width: 0, height: 0)
            do {
                try pass.run(list, bounds: bounds)
            } catch {
                canvas = pass.target
                throw error
            }
            canvas = pass.target
            if damage == nil { canvas.cleared = RasterCanvas.Cleared(background: background, painted: pass.painted?.intersection(whole)) }
        }
        evictCaches()
    }

    /// Drops glyphs when there are many, and images and path masks no frame used lately.
    private func evictCaches() {
        if glyphs.count > 4096 { glyphs.removeAll(keepingCapacity: true) }
        for (key, image) in images where image.lastUsed < frameNumber - 1 { images[key] = nil }
        if ownsPathMasks { pathMasks.endFrame() }
        for (key, kept) in resampledImages where kept.lastUsed < frameNumber - 1 { resampledImages[key] = nil }
        for (key, kept) in mipmaps where kept.lastUsed < frameNumber - 1 { mipmaps[key] = nil }
        for key in ramps.indices.filter({ ramps.values[$0].lastUsed < frameNumber - 1 }).map({ ramps.keys[$0] }) { ramps[key] = nil }
        for key in shadowPictures.indices.filter({ shadowPictures.values[$0].lastUsed < frameNumber - 1 }).map({ shadowPictures.keys[$0] }) {
            shadowPictures[key] = nil
        }
    }

    /// A glyph's coverage bitmap, rasterised once per glyph, face and subpixel position.
    func glyph(_ glyph: UInt32, font: GlyphFont, subpixel: Int) throws(TextError) -> GlyphBitmap {
        let key = GlyphKey(font: font, glyph: glyph, subpixel: subpixel)
        if let cached = glyphs[key] { return cached }
        let bitmap = try fonts.rasterize(glyph, font: font, subpixel: subpixel)
        glyphs[key] = bitmap
        return bitmap
    }

    /// An image's pixels premultiplied (as the GL backend uploads them), and whether every one
    /// is opaque; made once per key.
    func premultiplied(_ draw: ImageDraw) -> (pixels: [UInt8], opaque: Bool) {
        if var cached = images[draw.key], cached.width == draw.image.width, cached.height == draw.image.height {
            cached.lastUsed = frameNumber
            images[draw.key] = cached
            return (cached.pixels, cached.opaque)
        }
        let pixels = draw.image.premultipliedPixels
        let opaque = stride(from: 3, to: pixels.count, by: 4).allSatisfy { pixels[$0] == 255 }
        images[draw.key] = CachedImage(width: draw.image.width, height: draw.image.height, pixels: pixels, opaque: opaque, lastUsed: frameNumber)
        return (pixels, opaque)
    }

    /// An image's mipmap levels, level 0 its premultiplied pixels (`base`), each next one half
    /// the size (rounded down, at least 1) of the one before, each texel the rounded mean of the
    /// 2 × 2 it covers (clamped at an odd edge), as GL's generated mipmaps; made once per key.
    func mipmaps(for draw: ImageDraw, base: [UInt8]) -> [MipLevel] {
        if var cached = mipmaps[draw.key], cached.levels.first.map({ $0.width == draw.image.width && $0.height == draw.image.height }) == true {
            cached.lastUsed = frameNumber
            mipmaps[draw.key] = cached
            return cached.levels
        }
        var levels = [MipLevel(pixels: base, width: draw.image.width, height: draw.image.height)]
        while let last = levels.last, last.width > 1 || last.height > 1 {
            let width = max(last.width / 2, 1), height = max(last.height / 2, 1)
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            for y in 0..<height {
                let (y0, y1) = (min(2 * y, last.height - 1), min(2 * y + 1, last.height - 1))
                for x in 0..<width {
                    let (x0, x1) = (min(2 * x, last.width - 1), min(2 * x + 1, last.width - 1))
                    for channel in 0..<4 {
                        let sum = Int(last.pixels[(y0 * last.width + x0) * 4 + channel]) + Int(last.pixels[(y0 * last.width + x1) * 4 + channel])
                            + Int(last.pixels[(y1 * last.width + x0) * 4 + channel]) + Int(last.pixels[(y1 * last.width + x1) * 4 + channel])
                        pixels[(y * width + x) * 4 + channel] = UInt8((sum + 2) / 4)
                    }
                }
            }
            levels.append(MipLevel(pixels: pixels, width: width, height: height))
        }
        mipmaps[draw.key] = (levels, frameNumber)
        return levels
    }

    /// Images resampled at full opacity larger than this (in pixels, 16 MiB) are not kept.
    static let largestResample = 1 << 22

    /// An image's pixels resampled over a box (`make` makes them), kept while frames draw it the
    /// same way; nil when the box is too large to keep.
    func resampled(_ key: ResampleKey, make: () -> [UInt8]) -> [UInt8]? {
        if var kept = resampledImages[key] {
            kept.lastUsed = frameNumber
            resampledImages[key] = kept
            return kept.pixels
        }
        guard key.box.area <= Self.largestResample else { return nil }
        let pixels = make()
        resampledImages[key] = CachedResample(pixels: pixels, lastUsed: frameNumber)
        return pixels
    }

    /// The combined coverage of a group's mask paths within `clip` (`MaskPath.coverage`), made
    /// once while frames keep drawing the same masks there (a still mask over moving content).
    func maskCoverage(of masks: [MaskPath], clip: Rect) -> CoverageMask? {
        pathMasks.coverage(for: MaskCoverageKey(masks: masks, clip: clip)) { MaskPath.coverage(of: masks, clip: clip) }
    }

    /// A path's coverage within the frame `frame`, as runs, rasterised once while frames keep drawing it.
    func spans(for path: PathFill, frame: Rect) -> CoverageSpans? {
        pathMasks.spans(for: PathMaskKey(path, clip: frame)) {
            guard path.blur > 0 else {
                return PathRasterizer.spans(of: path.contours, fillRule: path.fillRule, clip: frame, scratch: pathMasks.scratch)
            }
            return PathRasterizer.coverage(of: path.contours, fillRule: path.fillRule, clip: frame, blur: path.blur).flatMap(CoverageSpans.init)
        }
    }
}

/// One mipmap level: premultiplied RGBA8, row-major.
struct MipLevel {
    let pixels: [UInt8]
    let width: Int
    let height: Int
}

/// A gradient's stops and the opacity its ramp is faded by.
struct RampKey: Hashable {
    let stops: [GradientStop]
    let fade: Double
}

struct CachedImage {
    let width: Int
    let height: Int
    let pixels: [UInt8]
    let opaque: Bool
    var lastUsed: Int
}

/// An image drawn untransformed: which image, from which texels, over which rectangle, and the
/// pixels of it within the frame.
struct ResampleKey: Hashable {
    let image: String
    let width: Int
    let height: Int
    let rect: Rect
    let source: Rect
    let box: PixelRect
}

struct CachedResample {
    let pixels: [UInt8]
    var lastUsed: Int
}

/// Mask paths and the rectangle their combined coverage is made within.
struct MaskCoverageKey: Hashable {
    let masks: [MaskPath]
    let clip: Rect

    /// A sample of each mask's contours (as `PathMaskKey` hashes them) and its settings.
    func hash(into hasher: inout Hasher) {
        hasher.combine(masks.count)
        for mask in masks {
            mask.contours.hashSample(into: &hasher)
            hasher.combine(mask.fillRule)
            hasher.combine(mask.mode)
            hasher.combine(mask.opacity)
            hasher.combine(mask.inverted)
        }
        hasher.combine(clip)
    }
}

struct CachedMask {
    let spans: CoverageSpans?
    var lastUsed: Int
}

/// Path coverage masks, and groups' combined mask coverage, rasterised once and kept while frames
/// draw them; safe to share between the threads drawing a frame's bands (one rasterises a mask
/// while the others wait for it).
/// Projected pictures are kept the same way: a card turning in 3-D shows the same flat picture
/// frame after frame, drawn once for every band and every frame that shows it.
final class PathMaskCache: @unchecked Sendable {
    private let lock = DispatchSemaphore(value: 1)
    private var masks: [PathMaskKey: CachedMask] = [:]
    /// The rasteriser's cells, lent to each mask made (under the lock, so one at a time).
    let scratch = CoverageScratch()
    private var pictures: [DisplayList: (canvas: RasterCanvas, lastUsed: Int)] = [:]
    /// Pictures a band is drawing now: other bands wait for them (`picture(for:make:)`).
    private var making: [DisplayList: DispatchGroup] = [:]
    private var coverages: [MaskCoverageKey: (mask: CoverageMask?, lastUsed: Int)] = [:]
    /// The bytes of the mask coverages kept, at most `largestKeptCoverages`: beyond it a frame's
    /// masks are made and not kept (many frame-sized masks of a large frame), as before there was
    /// a cache.
    private var coverageBytes = 0
    static let largestKeptCoverages = 64 << 20
    private var frameNumber = 0
    private var rasterised = 0

    /// Masks rasterised so far.
    var rasterisedCount: Int {
        lock.wait()
        defer { lock.signal() }
        return rasterised
    }

    /// The coverage for `key`, made by `make` when no frame has kept it.
    func spans(for key: PathMaskKey, make: () -> CoverageSpans?) -> CoverageSpans? {
        lock.wait()
        defer { lock.signal() }
        // One lookup (a hash and a comparison of the contours) and the mark made in place.
        if let index = masks.index(forKey: key) {
            masks.values[index].lastUsed = frameNumber
            return masks.values[index].spans
        }
        let spans = make()
        rasterised += 1
        masks[key] = CachedMask(spans: spans, lastUsed: frameNumber)
        return spans
    }

    /// The mask coverage for `key`, made by `make` when no frame has kept it.
    func coverage(for key: MaskCoverageKey, make: () -> CoverageMask?) -> CoverageMask? {
        lock.wait()
        defer { lock.signal() }
        if let index = coverages.index(forKey: key) {
            coverages.values[index].lastUsed = frameNumber
            return coverages.values[index].mask
        }
        let mask = make()
        let bytes = mask?.alpha.count ?? 0
        guard coverageBytes + bytes <= Self.largestKeptCoverages else { return mask }
        coverageBytes += bytes
        coverages[key] = (mask, frameNumber)
        return mask
    }

    /// The picture `list` draws, made by `make` when no frame has kept it.
    ///
    /// `make` runs without the lock: drawing a picture asks this cache for its paths' coverage
    /// and for the pictures inside it (a layer turned in 3-D inside another), and the lock is not
    /// re-entrant (holding it there deadlocked). Bands that want a picture another band is making
    /// wait for it rather than draw it again. That wait cannot close a cycle: a picture only ever
    /// waits for pictures strictly inside its own list, which are smaller.
    func picture(for list: DisplayList, make: () throws(TextError) -> RasterCanvas) throws(TextError) -> RasterCanvas {
        // Each pass returns, or waits for a maker that ends; a maker that threw is followed by
        // one more pass, and each thread throws at most once, so the passes are bounded.
        while true {
            lock.wait()
            if let kept = pictures[list] {
                pictures[list] = (kept.canvas, frameNumber)
                lock.signal()
                return kept.canvas
            }
            if let pending = making[list] {
                lock.signal()
                pending.wait()
                continue
            }
            let pending = DispatchGroup()
            pending.enter()
            making[list] = pending
            lock.signal()
            let made: Result<RasterCanvas, TextError>
            do throws(TextError) { made = .success(try make()) } catch { made = .failure(error) }
            lock.wait()
            making[list] = nil
            if case .success(let canvas) = made { pictures[list] = (canvas, frameNumber) }
            lock.signal()
            pending.leave()
            return try made.get()
        }
    }

    /// Ends a frame: masks and pictures neither it nor the frame before used are dropped.
    func endFrame() {
        lock.wait()
        defer { lock.signal() }
        // The stale keys found by index, so that entries kept are not copied out and back.
        let oldest = frameNumber - 1
        for key in masks.indices.filter({ masks.values[$0].lastUsed < oldest }).map({ masks.keys[$0] }) { masks[key] = nil }
        for key in pictures.indices.filter({ pictures.values[$0].lastUsed < oldest }).map({ pictures.keys[$0] }) { pictures[key] = nil }
        for key in coverages.indices.filter({ coverages.values[$0].lastUsed < oldest }).map({ coverages.keys[$0] }) {
            coverageBytes -= coverages.removeValue(forKey: key)?.mask?.alpha.count ?? 0
        }
        frameNumber += 1
    }
}

/// A group picture's memory kept for a later picture: its bytes, the pixels it held, and where
/// it was painted (every other byte is 0).
struct KeptPicture {
    var buffer: [UInt8]
    let bounds: PixelRect
    let painted: PaintedRects

    /// The buffer with every byte 0: the painted pixels cleared (the buffer held nowhere else).
    consuming func cleared() -> [UInt8] {
        let (width, originX, originY) = (bounds.width, bounds.minX, bounds.minY)
        let count = bounds.width * bounds.height * 4
        buffer.withUnsafeMutableBufferPointer { bytes in
            // A buffer that is not the picture's size (never expected) is cleared whole.
            guard bytes.count == count else {
                bytes.update(repeating: 0)
                return
            }
            painted.forEachSpan(within: bounds) { y, minX, maxX in
                let start = ((y - originY) * width + minX - originX) * 4
                (bytes.baseAddress! + start).update(repeating: 0, count: (maxX - minX) * 4)
            }
        }
        return buffer
    }
}
