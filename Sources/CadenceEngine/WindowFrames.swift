import CGL
import CadenceDraw
import CadenceGL
import CadencePlatform
import CadenceRaster
import CadenceScene
import CadenceText

/// Draws a window's frames, redrawing only what changed where the window presents by copying
/// regions rather than swapping (`WindowContext.presentsRegions`): the back buffer then still
/// holds the last frame, so each frame redraws its damage and the window copies just that to the
/// screen. Otherwise every frame is drawn whole, as a swap leaves the back buffer undefined.
///
/// With the CPU backend, frames are drawn by `RasterRenderer` into a canvas kept from frame to
/// frame (only the damage redrawn there), and the canvas is shown as one texture each frame.
@MainActor
public final class WindowFrames {
    private let renderer: Renderer
    private let window: WindowContext
    /// The list the back buffer holds.
    private var previous: DisplayList?

    /// Pixels redrawn by the last frame: 0 when nothing changed.
    public private(set) var lastRedrawnPixels = 0
    /// The CPU backend's renderer and the canvas it keeps; nil when GL draws the frames.
    private var raster: RasterRenderer?
    private var canvas = RasterCanvas(width: 0, height: 0)

    /// Frames drawn into `window` by `backend`: `renderer` draws them (GL) or shows the CPU
    /// backend's pictures.
    public init(renderer: Renderer, window: WindowContext, backend: RenderBackendKind = .default) {
        self.renderer = renderer
        self.window = window
        if backend == .cpu { raster = RasterRenderer() }
    }

    /// Draws `list` once without showing it and waits for the GPU, before the display link starts:
    /// the driver compiles its shader variants (llvmpipe: tens of milliseconds) here rather than
    /// in the first paced frame, which would miss its vsync.
    public func warmUp(_ list: DisplayList, size: (width: Int, height: Int)) throws(GLError) {
        try renderer.draw(list, viewport: size)
        glFinish()
    }

    /// Draws `list` (already fitted to the framebuffer, `size`) into the back buffer and tells the
    /// window what the next `present` must show.
    public func draw(_ list: DisplayList, size: (width: Int, height: Int)) throws(GLError) {
        defer { previous = list }
        if window.presentsRegions, window.canPresentRegions, window.backBufferHoldsLastFrame, let previous {
            guard let damage = list.damageRegion(since: previous) else {
                window.presentRegions = []
                lastRedrawnPixels = 0
                return
            }
            // Where redrawing the damage would cost more than the whole frame, the whole frame.
            if !RedrawCost.llvmpipe.prefersWholeRedraw(of: list, over: damage, width: size.width, height: size.height) {
                try renderer.draw(list, viewport: size, damage: damage)
                let regions = damage.map { pixelRegion(covering: $0, width: size.width, height: size.height) }
                window.presentRegions = regions
                lastRedrawnPixels = regions.reduce(0) { $0 + $1.width * $1.height }
                return
            }
        }
        try renderer.draw(list, viewport: size)
        window.presentRegions = nil
        lastRedrawnPixels = size.width * size.height
    }

    /// The scene at `time` fitted to a framebuffer of `size`: what a window frame draws.
    static func list(of scene: Scene, at time: Double, images: ImageStore, size: (width: Int, height: Int)) throws(EngineError) -> DisplayList {
        do throws(TextError) {
            return try scene.displayList(at: time, images: images).fitted(to: Size(width: Double(size.width), height: Double(size.height)))
        } catch {
            throw .text(error)
        }
    }

    /// `draw`, with the engine's errors; through the CPU backend when it draws the frames.
    func show(_ list: DisplayList, size: (width: Int, height: Int)) throws(EngineError) {
        if let raster {
            try showRaster(list, size: size, raster: raster)
            return
        }
        do throws(GLError) {
            try draw(list, size: size)
        } catch {
            throw .gl(error)
        }
    }

    /// Draws `list` on the CPU, only its damage when the canvas holds the last frame at this
    /// size, and shows the canvas whole.
    private func showRaster(_ list: DisplayList, size: (width: Int, height: Int), raster: RasterRenderer) throws(EngineError) {
        if canvas.width != size.width || canvas.height != size.height {
            canvas = RasterCanvas(width: size.width, height: size.height)
            previous = nil
        }
        let damage = previous.map { list.damageRegion(since: $0) ?? [] }
        previous = list
        do throws(TextError) {
            try raster.draw(list, into: &canvas, damage: damage)
        } catch {
            throw .text(error)
        }
        lastRedrawnPixels = damage.map { rects in rects.reduce(0) { total, rect in
            let region = pixelRegion(covering: rect, width: size.width, height: size.height)
            return total + region.width * region.height
        } } ?? size.width * size.height
        do throws(GLError) {
            try renderer.drawPicture(canvas.pixels, width: canvas.width, height: canvas.height, viewport: size)
        } catch {
            throw .gl(error)
        }
        window.presentRegions = nil
    }

    /// Draws `scene`'s first frame unseen (`warmUp(_:size:)`), when the window has a framebuffer.
    func warmUp(_ scene: Scene, images: ImageStore) throws(EngineError) {
        guard let size = window.defaultFramebufferSize, size.width > 0, size.height > 0 else { return }
        let first = try Self.list(of: scene, at: 0, images: images, size: size)
        do throws(GLError) {
            try warmUp(first, size: size)
        } catch {
            throw .gl(error)
        }
    }
}
