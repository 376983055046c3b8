import CGL
import CadenceDraw
import CadencePlatform
import CadenceRender
import CadenceText

/// The OpenGL backend: `Renderer` drawing into an offscreen framebuffer on its own EGL context
/// (llvmpipe where there is no GPU), or into the back buffer of a window whose context is current.
public final class GLBackend: RenderBackend {
    /// The renderer drawing the frames.
    public let renderer: Renderer
    public private(set) var width: Int
    public private(set) var height: Int
    private enum Target {
        /// Its own context and framebuffer, drawn top row first.
        case offscreen(HeadlessContext, OffscreenTarget)
        /// The default framebuffer of the current context, bottom row first, as a window shows it.
        case window
    }
    private let target: Target
    /// Double-buffered read-back (`queueRead`), made on first use.
    private var pixelBuffers: PixelBufferReadback?

    /// A `width` × `height` offscreen target on a new EGL context. Fails with the EGL display that
    /// could not be opened, or a size the driver does not allow.
    public init(width: Int, height: Int, fonts: FontLibrary = .shared) throws(RenderError) {
        let context: HeadlessContext
        do {
            context = try HeadlessContext()
        } catch {
            throw RenderError(error)
        }
        do {
            let framebuffer = try OffscreenTarget(width: width, height: height)
            renderer = try Renderer(fonts: fonts)
            // Rows come back in image order: no flip after read-back.
            renderer.topRowFirst = true
            target = .offscreen(context, framebuffer)
        } catch {
            throw RenderError(error)
        }
        self.width = width
        self.height = height
    }

    /// Draws with `renderer` into the default framebuffer of the context current now (a window's
    /// back buffer), `width` × `height` until `resize`.
    public init(windowRenderer renderer: Renderer, width: Int, height: Int) {
        self.renderer = renderer
        renderer.topRowFirst = false
        target = .window
        self.width = width
        self.height = height
    }

    /// The window's framebuffer is now `width` × `height` (a window target only).
    public func resize(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String {
        switch target {
        case .offscreen(let context, _): context.rendererDescription
        case .window: "OpenGL window"
        }
    }

    public var drawCallCount: Int { renderer.lastDrawCallCount }
    public var redrawCost: RedrawCost { .llvmpipe }

    /// Makes the offscreen context current and binds its framebuffer (a window's is current).
    private func bind() throws(RenderError) {
        guard case .offscreen(let context, let framebuffer) = target else {
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
            return
        }
        do {
            try context.makeCurrent()
        } catch {
            throw RenderError(error)
        }
        framebuffer.bind()
    }

    public func draw(_ list: DisplayList, damage: [PixelRect]?) throws(RenderError) {
        try bind()
        do {
            try renderer.draw(list, viewport: (width, height), damage: damage?.map(\.rect))
        } catch {
            throw RenderError(error)
        }
    }

    // `finishDrawing`, `read` and the queued reads follow the `draw` that made the context current.
    public func finishDrawing() throws(RenderError) {
        glFinish()
    }

    public func read(_ regions: [PixelRect], into frame: inout RGBAImage) throws(RenderError) {
        guard !regions.isEmpty else { return }
        do {
            switch target {
            case .offscreen: try readFramebufferTopRowFirst(regions: regions, into: &frame)
            case .window: try readFramebufferBottomRowFirst(regions: regions, height: height, into: &frame)
            }
        } catch {
            throw RenderError(error)
        }
    }

    /// Reads queued by `queueRead` and not completed yet (at most 2).
    public var queuedReadCount: Int { pixelBuffers?.queuedCount ?? 0 }

    /// Starts reading `regions` of the offscreen target into a pixel buffer, to be completed after
    /// the next frame is drawn (`completeOldestRead`): on a GPU the read-back overlaps the drawing.
    /// At most two reads may be queued.
    public func queueRead(_ regions: [PixelRect]) throws(RenderError) {
        try bind()
        do {
            if pixelBuffers == nil { pixelBuffers = try PixelBufferReadback(width: width, height: height) }
            try pixelBuffers?.queue(regions: regions)
        } catch {
            throw RenderError(error)
        }
    }

    /// Waits for the oldest queued read and copies its regions into the same places of `frame`.
    public func completeOldestRead(into frame: inout RGBAImage) throws(RenderError) {
        guard let pixelBuffers, pixelBuffers.queuedCount > 0 else { return }
        try bind()
        do {
            try pixelBuffers.complete(into: &frame)
        } catch {
            throw RenderError(error)
        }
    }
}
