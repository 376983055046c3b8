import CGL
import CadenceDraw
import CadenceGL
import CadenceImage
import CadencePlatform

/// Renders display lists to images with no window and no display: EGL, a framebuffer object,
/// `glReadPixels`.
public final class OffscreenRenderer {
    public let width: Int
    public let height: Int
    private let context: HeadlessContext
    private let renderer: Renderer
    private let target: OffscreenTarget

    /// A renderer for `width` × `height` frames. Fails with the EGL display that could not be
    /// opened, or a size the driver does not allow.
    public init(width: Int, height: Int) throws(EngineError) {
        do {
            context = try HeadlessContext()
        } catch {
            throw .platform(error)
        }
        do {
            target = try OffscreenTarget(width: width, height: height)
            renderer = try Renderer()
            // Rows come back in image order: no flip after readback.
            renderer.topRowFirst = true
        } catch {
            throw .gl(error)
        }
        self.width = width
        self.height = height
    }

    /// The GL renderer doing the work, e.g. llvmpipe.
    public var rendererDescription: String { context.rendererDescription }

    /// Draw calls the last frame took.
    public var lastDrawCallCount: Int { renderer.lastDrawCallCount }

    /// Draws `list` (fitted to this renderer's size) and waits for the GPU to finish, without
    /// reading anything back (for timing the stages apart).
    public func draw(_ list: DisplayList) throws(EngineError) {
        // What the framebuffer holds is no longer the kept frame.
        previous = nil
        frame = nil
        do {
            try context.makeCurrent()
        } catch {
            throw .platform(error)
        }
        do {
            target.bind()
            try renderer.draw(list.fitted(to: Size(width: Double(width), height: Double(height))), viewport: (width, height))
            glFinish()
        } catch {
            throw .gl(error)
        }
    }

    /// Reads back what the last `draw` left in the framebuffer.
    public func readBack() throws(EngineError) -> RGBAImage {
        do {
            return try target.readImage(topRowFirst: true)
        } catch {
            throw .gl(error)
        }
    }

    /// Redraw everything each frame instead of only what changed (`--full-redraw`).
    public var fullRedraw = false
    /// The pixel rectangles the last `render` redrew: the whole frame, the damaged parts, or nil
    /// when nothing had changed.
    public private(set) var lastRedrawn: [PixelRegion]?
    /// The pixels the last `render` redrew (rectangles may overlap: an upper bound).
    public var lastRedrawnPixels: Int { lastRedrawn?.reduce(0) { $0 + $1.width * $1.height } ?? 0 }
    private var previous: DisplayList?
    private var frame: RGBAImage?

    /// Draws `list` (fitted to this renderer's size) and reads the pixels back.
    ///
    /// Only what changed since the previous call is redrawn and read back — the union of the
    /// bounds of the commands that differ, scissored — into a frame kept on the CPU, as
    /// compositors do; a frame where nothing moved costs a comparison. The pixels are those of a
    /// full redraw (tested frame by frame).
    public func render(_ list: DisplayList) throws(EngineError) -> RGBAImage {
        do {
            try context.makeCurrent()
        } catch {
            throw .platform(error)
        }
        let fitted = list.fitted(to: Size(width: Double(width), height: Double(height)))
        do {
            target.bind()
            if !fullRedraw, let previous, var kept = frame {
                guard let damage = fitted.damageRegion(since: previous) else {
                    lastRedrawn = nil
                    self.previous = fitted
                    return kept
                }
                let regions = damage.map(pixelRegion).filter { $0.width > 0 && $0.height > 0 }
                if !regions.isEmpty {
                    try renderer.draw(fitted, viewport: (width, height), damage: damage)
                    frame = nil  // let `kept` be the only owner while it is patched
                    try readFramebufferTopRowFirst(regions: regions, into: &kept)
                }
                lastRedrawn = regions
                frame = kept
                self.previous = fitted
                return kept
            }
            try renderer.draw(fitted, viewport: (width, height))
            let image = try readFramebufferTopRowFirst(width: width, height: height)
            lastRedrawn = [(0, 0, width, height)]
            frame = image
            previous = fitted
            return image
        } catch {
            throw .gl(error)
        }
    }

    /// The whole pixels covering `rect`, within the frame (the same rounding as the scissor).
    private func pixelRegion(_ rect: Rect) -> PixelRegion {
        let minX = max(Int(rect.minX.rounded(.down)), 0)
        let minY = max(Int(rect.minY.rounded(.down)), 0)
        let maxX = min(Int(rect.maxX.rounded(.up)), width)
        let maxY = min(Int(rect.maxY.rounded(.up)), height)
        return (minX, minY, max(maxX - minX, 0), max(maxY - minY, 0))
    }
}
