import CGL
import CadenceDraw
import CadenceGL
import CadenceImage
import CadencePlatform
import CadenceRaster

/// Which backend draws frames (`--backend`).
nonisolated public enum RenderBackendKind: String, Sendable, CaseIterable {
    /// OpenGL through EGL into an offscreen framebuffer (llvmpipe where there is no GPU).
    case gl
    /// Cadence's own rasteriser on the CPU: no GL, the same bytes on every machine.
    case cpu

    /// `gl`.
    public static let `default` = RenderBackendKind.gl
}

/// What `OffscreenRenderer` needs of a backend: draw a display list (already in frame pixels)
/// whole or within damage rectangles over what the target holds, and read pixel regions back
/// with straight alpha.
protocol FrameBackend: AnyObject {
    /// What does the drawing, e.g. llvmpipe via EGL.
    var description: String { get }
    /// Draw calls the last frame took (the CPU backend counts commands drawn).
    var drawCallCount: Int { get }
    /// Draws `list` over the target: everything, or only `damage` (each rectangle filled with
    /// the background first).
    func draw(_ list: DisplayList, damage: [Rect]?) throws(EngineError)
    /// Waits until drawing has finished (for timing the stages apart); right after `draw`.
    func finishDrawing() throws(EngineError)
    /// Copies `regions` of the target into `frame` (straight alpha, top row first); right after
    /// the `draw` that made them.
    func read(_ regions: [PixelRegion], into frame: inout RGBAImage) throws(EngineError)
    /// The whole target (straight alpha, top row first).
    func readWhole() throws(EngineError) -> RGBAImage
}

/// The GL backend: an EGL context, a framebuffer object and the renderer drawing into it.
final class GLFrameBackend: FrameBackend {
    let context: HeadlessContext
    let renderer: Renderer
    let target: OffscreenTarget
    private let width: Int
    private let height: Int

    init(width: Int, height: Int) throws(EngineError) {
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

    var description: String { context.rendererDescription }
    var drawCallCount: Int { renderer.lastDrawCallCount }

    func makeCurrent() throws(EngineError) {
        do {
            try context.makeCurrent()
        } catch {
            throw .platform(error)
        }
    }

    func draw(_ list: DisplayList, damage: [Rect]?) throws(EngineError) {
        try makeCurrent()
        do {
            target.bind()
            try renderer.draw(list, viewport: (width, height), damage: damage)
        } catch {
            throw .gl(error)
        }
    }

    // `finishDrawing` and `read` follow the `draw` that made the context current.
    func finishDrawing() throws(EngineError) {
        glFinish()
    }

    func read(_ regions: [PixelRegion], into frame: inout RGBAImage) throws(EngineError) {
        guard !regions.isEmpty else { return }
        do {
            try readFramebufferTopRowFirst(regions: regions, into: &frame)
        } catch {
            throw .gl(error)
        }
    }

    func readWhole() throws(EngineError) -> RGBAImage {
        try makeCurrent()
        do {
            return try target.readImage(topRowFirst: true)
        } catch {
            throw .gl(error)
        }
    }
}

/// The CPU backend: `RasterRenderer` drawing into a canvas kept from frame to frame.
final class CPUFrameBackend: FrameBackend {
    private let renderer = RasterRenderer()
    private var canvas: RasterCanvas
    private(set) var drawCallCount = 0

    init(width: Int, height: Int) {
        canvas = RasterCanvas(width: width, height: height)
    }

    var description: String { "Cadence CPU rasteriser" }

    func draw(_ list: DisplayList, damage: [Rect]?) throws(EngineError) {
        do {
            try renderer.draw(list, into: &canvas, damage: damage)
        } catch {
            throw .text(error)
        }
        drawCallCount = list.commands.count
    }

    func finishDrawing() throws(EngineError) {}

    func read(_ regions: [PixelRegion], into frame: inout RGBAImage) throws(EngineError) {
        canvas.copyStraight(regions.map { ($0.x, $0.y, $0.width, $0.height) }, into: &frame)
    }

    func readWhole() throws(EngineError) -> RGBAImage {
        canvas.straightImage
    }
}
