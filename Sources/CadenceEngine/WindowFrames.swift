import CadenceDraw
import CadenceGL
import CadencePlatform
import CadenceRaster
import CadenceRender
import CadenceScene
import CadenceText

/// Draws a window's frames through `FrameCompositor`, the damage policy the offscreen path uses.
///
/// With the GL backend, frames are drawn into the window's back buffer. Where the window presents
/// by copying regions rather than swapping (`WindowContext.presentsRegions`) the back buffer still
/// holds the last frame, so each frame redraws its damage and the window copies just that to the
/// screen; otherwise every frame is drawn whole, as a swap leaves the back buffer undefined.
///
/// With the CPU backend, frames are drawn by `RasterBackend` into a canvas kept from frame to
/// frame (only the damage redrawn there), and the canvas is shown as one texture each frame.
@MainActor
public final class WindowFrames {
    private let renderer: Renderer
    private let window: WindowContext
    /// The window's back buffer as a backend.
    private let gl: GLBackend
    /// The CPU backend, when it draws the frames.
    private let raster: RasterBackend?
    /// What decides each frame's redraw, over the back buffer or the CPU canvas.
    public let compositor: FrameCompositor

    /// Pixels redrawn by the last frame: 0 when nothing changed.
    public private(set) var lastRedrawnPixels = 0

    /// Frames drawn into `window` by `backend`: `renderer` draws them (GL) or shows the CPU
    /// backend's pictures. The window's context must be current.
    public init(renderer: Renderer, window: WindowContext, backend: RenderBackendKind = .default) {
        self.renderer = renderer
        self.window = window
        let size = window.defaultFramebufferSize ?? (0, 0)
        gl = GLBackend(windowRenderer: renderer, width: size.width, height: size.height)
        raster = backend == .cpu ? RasterBackend(width: size.width, height: size.height, fonts: renderer.fonts) : nil
        compositor = FrameCompositor(backend: raster ?? gl)
    }

    /// Draws `list` once without showing it and waits for the GPU, before the display link starts:
    /// the driver compiles its shader variants (llvmpipe: tens of milliseconds) here rather than
    /// in the first paced frame, which would miss its vsync.
    public func warmUp(_ list: DisplayList, size: (width: Int, height: Int)) throws(EngineError) {
        gl.resize(width: size.width, height: size.height)
        do {
            try gl.draw(list, damage: nil)
            try gl.finishDrawing()
        } catch {
            throw EngineError(error)
        }
        // The back buffer holds the unseen frame, not the last one shown.
        if raster == nil { compositor.forget() }
    }

    /// Draws `list` (already fitted to the framebuffer, `size`) and tells the window what the
    /// next `present` must show.
    public func draw(_ list: DisplayList, size: (width: Int, height: Int)) throws(EngineError) {
        gl.resize(width: size.width, height: size.height)
        do throws(RenderError) {
            if let raster {
                raster.resize(width: size.width, height: size.height)
                _ = try compositor.draw(list, targetHoldsLast: true)
                lastRedrawnPixels = compositor.lastRedrawnPixels
                do {
                    try renderer.drawPicture(raster.canvas.pixels, width: raster.width, height: raster.height, viewport: size)
                } catch {
                    throw RenderError(error)
                }
                window.presentRegions = nil
                return
            }
            let holdsLast = window.presentsRegions && window.canPresentRegions && window.backBufferHoldsLastFrame
            let regions = try compositor.draw(list, targetHoldsLast: holdsLast)
            lastRedrawnPixels = compositor.lastRedrawnPixels
            window.presentRegions = compositor.lastRedrawWasWhole ? nil : regions
        } catch {
            throw EngineError(error)
        }
    }

    /// The scene at `time` fitted to a framebuffer of `size`: what a window frame draws.
    public static func list(of scene: Scene, at time: Double, images: ImageStore, size: (width: Int, height: Int)) throws(EngineError) -> DisplayList {
        do throws(TextError) {
            return try scene.displayList(at: time, size: Size(width: Double(size.width), height: Double(size.height)), in: DrawContext(fonts: FontLibrary.shared, images: images))
        } catch {
            throw .text(error)
        }
    }

    /// Draws `scene`'s first frame unseen (`warmUp(_:size:)`), when the window has a framebuffer.
    public func warmUp(_ scene: Scene, images: ImageStore) throws(EngineError) {
        guard let size = window.defaultFramebufferSize, size.width > 0, size.height > 0 else { return }
        try warmUp(try Self.list(of: scene, at: 0, images: images, size: size), size: size)
    }
}
