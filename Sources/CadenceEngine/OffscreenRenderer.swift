import CadenceDraw
import CadenceGL
import CadenceImage
import CadenceRender
import CadenceScene
import CadenceText

/// Renders display lists to images with no window and no display: through OpenGL (EGL, a
/// framebuffer object, `glReadPixels`) or Cadence's own CPU rasteriser, chosen by `backend`, and
/// `FrameCompositor`'s damage policy, as the window draws.
public final class OffscreenRenderer {
    /// Frame width in pixels.
    public let width: Int
    /// Frame height in pixels.
    public let height: Int
    /// The backend drawing the frames.
    public let backend: RenderBackendKind
    /// Where the backend's glyphs come from; scenes drawn through `render(_:at:context:)` are
    /// shaped with it too.
    public let fonts: FontLibrary
    /// What decides each frame's redraw and keeps the last frame.
    public let compositor: FrameCompositor
    /// The GL backend, when it is the one drawing: only it reads back through pixel buffers.
    private let gl: GLBackend?

    /// A renderer for `width` × `height` frames drawn by `backend` (the CPU backend on as many
    /// threads as `RenderBackendKind.rasterThreads(besides: busyThreads)` gives), its glyphs
    /// rasterised by `fonts` (give it the library the text was shaped with). Fails with the
    /// EGL display that could not be opened, or a size the driver does not allow.
    public init(
        width: Int, height: Int, backend: RenderBackendKind = .default, besides busyThreads: Int = 0, fonts: FontLibrary = .shared
    ) throws(EngineError) {
        // Every frame is drawn here, whichever command or API asked: the memory budget holds.
        if let problem = SceneFile.framePixelsProblem(width: width, height: height) {
            throw .invalidOption(name: "frame size", message: problem)
        }
        let drawing = try backend.makeOffscreenBackend(width: width, height: height, besides: busyThreads, fonts: fonts)
        self.fonts = fonts
        compositor = FrameCompositor(backend: drawing)
        gl = drawing as? GLBackend
        self.backend = backend
        self.width = width
        self.height = height
    }

    /// What draws the frames, e.g. llvmpipe via EGL.
    public var rendererDescription: String { compositor.backend.description }

    /// Draw calls the last frame took (commands drawn, for the CPU backend).
    public var lastDrawCallCount: Int { compositor.backend.drawCallCount }

    /// Draws `list` (fitted to this renderer's size) and waits for the drawing to finish, without
    /// reading anything back (for timing the stages apart). Like `render`, it drops frames still
    /// queued by `submit`.
    public func draw(_ list: DisplayList) throws(EngineError) {
        try completeQueued()
        // What the target holds is no longer the kept frame.
        compositor.forget()
        do {
            try compositor.backend.draw(fitted(list), damage: nil)
            try compositor.backend.finishDrawing()
        } catch {
            throw EngineError(error)
        }
    }

    /// Reads back what the last `draw` left in the target.
    public func readBack() throws(EngineError) -> RGBAImage {
        do {
            return try compositor.backend.readWhole()
        } catch {
            throw EngineError(error)
        }
    }

    /// Redraw everything each frame instead of only what changed (`--full-redraw`).
    public var fullRedraw: Bool {
        get { compositor.fullRedraw }
        set { compositor.fullRedraw = newValue }
    }
    /// How the damage path's cost is weighed against a whole redraw each frame (the backend's
    /// weights unless set); nil takes the damage path whenever something changed, whatever it
    /// costs (for tests of that path).
    public var redrawCost: RedrawCost? {
        get { compositor.redrawCost }
        set { compositor.redrawCost = newValue }
    }
    /// How `submit` reads frames back (`render` always reads at once).
    public var readback: ReadbackMode = .default
    /// The pixel rectangles the last frame redrew: the whole frame, the damaged parts, or nil
    /// when nothing had changed.
    public var lastRedrawn: [PixelRect]? { compositor.lastRedrawn }
    /// The pixel rectangles where the last frame may differ from the one before: the damage
    /// whenever it was computed (also when the frame was redrawn whole because that was cheaper),
    /// the whole frame otherwise, or nil when nothing had changed. What an APNG frame holds.
    public var lastChanged: [PixelRect]? { compositor.lastChanged }
    /// The pixels the last frame redrew (rectangles may overlap: an upper bound).
    public var lastRedrawnPixels: Int { compositor.lastRedrawnPixels }

    /// Draws `list` (fitted to this renderer's size) and reads the pixels back.
    ///
    /// Only what changed since the previous frame is redrawn and read back — a few rectangles
    /// around the commands that differ, each scissored — into a frame kept on the CPU, as
    /// compositors do; a frame where nothing moved costs a comparison. Where `redrawCost`
    /// estimates that dearer than redrawing everything (most of the frame moved), everything is
    /// redrawn. The pixels are those of a full redraw either way (tested frame by frame).
    ///
    /// Frames still queued by `submit` are completed first and not returned: call `finish()`
    /// before switching from `submit` to `render` to get them.
    public func render(_ list: DisplayList) throws(EngineError) -> RGBAImage {
        // Frames still in flight through `submit` land first, in order.
        try completeQueued()
        do {
            return try compositor.render(fitted(list))
        } catch {
            throw EngineError(error)
        }
    }

    /// Draws `list` and starts reading it back; returns the frames whose readback has finished,
    /// oldest first, one per `submit` once the pipeline is full.
    ///
    /// With `.pbo` (GL only), frame N is read into a pixel buffer while frame N+1 is drawn, and
    /// comes back from the next call: on a GPU the readback overlaps the drawing. With `.direct`,
    /// or the CPU backend, each frame comes back from its own call. Either way `finish()` returns
    /// what is left, and the frames are byte-identical to `render`'s.
    public func submit(_ list: DisplayList) throws(EngineError) -> [RGBAImage] {
        guard readback == .pbo, let gl else { return [try render(list)] }
        do {
            let regions = try compositor.draw(fitted(list), targetHoldsLast: compositor.keptFrame != nil || gl.queuedReadCount > 0)
            try gl.queueRead(regions)
            return gl.queuedReadCount == 2 ? [try completeOldest(gl)] : []
        } catch {
            throw EngineError(error)
        }
    }

    /// The frames `submit` still holds, oldest first.
    public func finish() throws(EngineError) -> [RGBAImage] {
        guard let gl else { return [] }
        do {
            var frames: [RGBAImage] = []
            while gl.queuedReadCount > 0 { frames.append(try completeOldest(gl)) }
            return frames
        } catch {
            throw EngineError(error)
        }
    }

    private func completeQueued() throws(EngineError) {
        guard let gl else { return }
        do {
            while gl.queuedReadCount > 0 { _ = try completeOldest(gl) }
        } catch {
            throw EngineError(error)
        }
    }

    private func completeOldest(_ gl: GLBackend) throws(RenderError) -> RGBAImage {
        var kept = compositor.keptFrame ?? RGBAImage(width: width, height: height)
        compositor.keptFrame = nil
        try gl.completeOldestRead(into: &kept)
        compositor.keptFrame = kept
        return kept
    }

    /// The size of the frames it draws.
    public var frameSize: Size { Size(width: Double(width), height: Double(height)) }

    /// `list` fitted to this renderer's size: what the compositor draws.
    private func fitted(_ list: DisplayList) -> DisplayList {
        list.fitted(to: Size(width: Double(width), height: Double(height)))
    }
}

/// How frames come back from the GPU (`--readback`).
nonisolated public enum ReadbackMode: String, Sendable, CaseIterable {
    /// `glReadPixels` into the CPU frame at once.
    case direct
    /// Double-buffered pixel-buffer objects: frame N is read while N+1 is drawn.
    case pbo

    /// `direct`.
    public static let `default` = ReadbackMode.direct
}
