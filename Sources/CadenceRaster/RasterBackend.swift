import CadenceDraw
import CadenceRender
import CadenceText
import Dispatch

/// The CPU backend: `RasterRenderer` drawing into a canvas kept from frame to frame, with no GL
/// and no EGL context; the same bytes on every machine.
///
/// With more than one band the frame is cut into that many horizontal bands, each a canvas of
/// its own drawn by a renderer of its own on its own thread: a pixel's colour depends only on the
/// commands covering it, so the bytes are the same whatever the number of bands.
@MainActor
public final class RasterBackend: RenderBackend {
    /// The renderer drawing the frames, or the first band's (their glyph, image and path-mask caches).
    public var renderer: RasterRenderer { renderers[0] }
    /// One renderer a band.
    private let renderers: [RasterRenderer]
    /// The bands' path masks, rasterised once for all of them.
    private let pathMasks: PathMaskCache
    /// What the frames are drawn into, a band each: premultiplied RGBA8, top row first.
    private var bands: [RasterCanvas]
    public private(set) var drawCallCount = 0
    public private(set) var width: Int
    public private(set) var height: Int

    /// Damage of fewer pixels than this is drawn, and read back, band after band on the calling
    /// thread, unless it is a quarter of the frame or more (and at least
    /// `smallestParallelShare` pixels): a small frame's damage is drawn on the bands' threads
    /// when its whole redraw would be.
    public static let smallestParallelDamage = 65_536
    /// The fewest damaged pixels drawn on the bands' threads however small the frame.
    public static let smallestParallelShare = 16_384

    /// Whether `damage` (nil: the whole frame) is drawn on the bands' threads.
    public func drawsInParallel(_ damage: [PixelRect]?) -> Bool {
        guard bands.count > 1 else { return false }
        guard let area = damage?.totalArea else { return true }
        return area >= Self.smallestParallelDamage || (area >= Self.smallestParallelShare && area * 4 >= width * height)
    }

    /// The most bands a backend draws in.
    public static let maximumBands = 64

    /// A `width` × `height` canvas, with glyphs from `fonts`, drawn in `bands` horizontal bands
    /// (1 … 64; a band is at least 16 rows tall, so small frames use fewer).
    public init(width: Int, height: Int, fonts: FontLibrary = .shared, bands: Int = 1) {
        let count = min(max(bands, 1), Self.maximumBands)
        let pathMasks = PathMaskCache()
        self.pathMasks = pathMasks
        renderers = (0..<count).map { _ in RasterRenderer(fonts: fonts, sharing: pathMasks) }
        self.width = max(width, 0)
        self.height = max(height, 0)
        self.bands = []
        self.bands = Self.cut(width: self.width, height: self.height, into: count)
    }

    /// The frame's pixels, premultiplied: the one canvas, or the bands put together.
    public var canvas: RasterCanvas {
        if bands.count == 1 { return bands[0] }
        var whole = RasterCanvas(width: width, height: height)
        let width = width
        whole.withMutablePixels { whole in
            for band in bands {
                band.withPixels { rows in
                    (whole.baseAddress! + band.originY * width * 4).update(from: rows.baseAddress!, count: rows.count)
                }
            }
        }
        return whole
    }

    /// The number of bands the frame is drawn in.
    public var bandCount: Int { bands.count }

    public var description: String { "Cadence CPU rasteriser" }
    public var redrawCost: RedrawCost { .cpu }

    /// A new, blank canvas of `width` × `height` (a window that changed size).
    public func resize(width: Int, height: Int) {
        let (width, height) = (max(width, 0), max(height, 0))
        guard width != self.width || height != self.height else { return }
        (self.width, self.height) = (width, height)
        bands = Self.cut(width: width, height: height, into: renderers.count)
    }

    /// Rows cut into at most `count` bands of at least 16 rows (one band for an empty frame).
    private static func cut(width: Int, height: Int, into count: Int) -> [RasterCanvas] {
        let used = max(1, min(count, height / 16))
        return (0..<used).map { index in
            let top = height * index / used, bottom = height * (index + 1) / used
            return RasterCanvas(width: width, height: bottom - top, originX: 0, originY: top)
        }
    }

    public func draw(_ list: DisplayList, damage: [PixelRect]?) throws(RenderError) {
        let frame = PixelRect(width: width, height: height)
        let bounds = list.commands.map(\.bounds)
        if bands.count > 1, list.blursBackdrop {
            // A blurred backdrop reads across bands: the frame drawn as one canvas, then cut again.
            var whole = canvas
            do {
                try renderers[0].draw(list, bounds: bounds, into: &whole, damage: damage, frame: frame)
            } catch {
                throw RenderError(error)
            }
            whole.withPixels { rows in
                for index in bands.indices {
                    let band = bands[index]
                    bands[index].withMutablePixels { pixels in
                        pixels.baseAddress!.update(from: rows.baseAddress! + band.originY * width * 4, count: pixels.count)
                    }
                }
            }
            pathMasks.endFrame()
            drawCallCount = list.commands.count
            return
        }
        if !drawsInParallel(damage) {
            // One thread: waking others costs more than a little damage takes to draw.
            do {
                for index in bands.indices where damage?.contains(where: { bands[index].bounds?.intersection($0) != nil }) ?? true {
                    try renderers[index].draw(list, bounds: bounds, into: &bands[index], damage: damage, frame: frame)
                }
            } catch {
                throw RenderError(error)
            }
        } else {
            var drawn = bands
            bands = []
            var errors = [TextError?](repeating: nil, count: drawn.count)
            drawn.withUnsafeMutableBufferPointer { drawn in
                errors.withUnsafeMutableBufferPointer { errors in
                    let work = BandWork(bands: drawn, errors: errors, renderers: renderers)
                    DispatchQueue.concurrentPerform(iterations: drawn.count) { index in
                        work.draw(index, list, bounds: bounds, damage: damage, frame: frame)
                    }
                }
            }
            bands = drawn
            if let error = errors.compactMap({ $0 }).first { throw RenderError(error) }
        }
        pathMasks.endFrame()
        drawCallCount = list.commands.count
    }

    public func finishDrawing() throws(RenderError) {}

    /// Draws all of `list` straight into `frame`'s pixels, each band on its own thread, and
    /// un-premultiplies each band where it was drawn: no canvas, no copy. The bands of this
    /// backend's own canvas are left as they were, so the next draw must be whole.
    public func drawWhole(_ list: DisplayList, into frame: inout RGBAImage) throws(RenderError) {
        if frame.width != width || frame.height != height { frame = RGBAImage(width: width, height: height) }
        guard let whole = PixelRect(width: width, height: height) else { return }
        let bounds = list.commands.map(\.bounds)
        // A blurred backdrop reads across bands: one band then.
        let rows = list.blursBackdrop ? [(top: 0, height: height)] : bands.map { (top: $0.originY, height: $0.height) }
        var errors = [TextError?](repeating: nil, count: rows.count)
        let width = width
        frame.pixels.withUnsafeMutableBufferPointer { pixels in
            errors.withUnsafeMutableBufferPointer { errors in
                let work = LentBandWork(pixels: pixels.baseAddress!, width: width, rows: rows, errors: errors, renderers: renderers)
                if rows.count == 1 {
                    work.draw(0, list, bounds: bounds, frame: whole)
                } else {
                    DispatchQueue.concurrentPerform(iterations: rows.count) { index in
                        work.draw(index, list, bounds: bounds, frame: whole)
                    }
                }
            }
        }
        pathMasks.endFrame()
        drawCallCount = list.commands.count
        if let error = errors.compactMap({ $0 }).first { throw RenderError(error) }
    }

    public func read(_ regions: [PixelRect], into frame: inout RGBAImage) throws(RenderError) {
        guard bands.count > 1, regions.totalArea >= Self.smallestParallelDamage else {
            for band in bands { band.copyStraight(regions, into: &frame) }
            return
        }
        let bands = bands
        let (imageWidth, imageHeight) = (frame.width, frame.height)
        frame.pixels.withUnsafeMutableBufferPointer { pixels in
            let target = UncheckedPointer(pointer: pixels.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: bands.count) { index in
                bands[index].copyStraight(regions, into: target.pointer, width: imageWidth, height: imageHeight)
            }
        }
    }
}

/// The bands and their renderers while threads draw them: each thread touches only its own index.
private struct BandWork: @unchecked Sendable {
    let bands: UnsafeMutableBufferPointer<RasterCanvas>
    let errors: UnsafeMutableBufferPointer<TextError?>
    let renderers: [RasterRenderer]

    func draw(_ index: Int, _ list: DisplayList, bounds: [Rect?], damage: [PixelRect]?, frame: PixelRect?) {
        do {
            try renderers[index].draw(list, bounds: bounds, into: &bands[index], damage: damage, frame: frame)
        } catch {
            errors[index] = error
        }
    }
}

/// A frame's pixels that threads write in disjoint rows.
private struct UncheckedPointer: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<UInt8>
}

/// Bands drawn straight into a frame's pixels: each thread lends its band's rows to a canvas,
/// draws, and un-premultiplies those rows, touching nothing else.
private struct LentBandWork: @unchecked Sendable {
    let pixels: UnsafeMutablePointer<UInt8>
    let width: Int
    let rows: [(top: Int, height: Int)]
    let errors: UnsafeMutableBufferPointer<TextError?>
    let renderers: [RasterRenderer]

    func draw(_ index: Int, _ list: DisplayList, bounds: [Rect?], frame: PixelRect) {
        let (top, height) = rows[index]
        let start = pixels + top * width * 4
        var canvas = RasterCanvas(lending: start, width: width, height: height, originY: top)
        do {
            try renderers[index].draw(list, bounds: bounds, into: &canvas, damage: nil, frame: frame)
        } catch {
            errors[index] = error
        }
        RGBAImage.unpremultiply(start, bytes: height * width * 4)
    }
}
