import CadenceDraw
import CadenceGL
import CadenceImage
import CadenceScene

/// Renders display lists to images with no window and no display: through OpenGL (EGL, a
/// framebuffer object, `glReadPixels`) or Cadence's own CPU rasteriser, chosen by `backend`.
public final class OffscreenRenderer {
    /// Frame width in pixels.
    public let width: Int
    /// Frame height in pixels.
    public let height: Int
    /// The backend drawing the frames.
    public let backend: RenderBackendKind
    private let frames: any FrameBackend
    /// The GL backend, when it is the one drawing: only it reads back through pixel buffers.
    private var gl: GLFrameBackend? { frames as? GLFrameBackend }

    /// A renderer for `width` × `height` frames drawn by `backend`. Fails with the EGL display
    /// that could not be opened, or a size the driver does not allow.
    public init(width: Int, height: Int, backend: RenderBackendKind = .default) throws(EngineError) {
        // Every frame is drawn here, whichever command or API asked: the memory budget holds.
        if let problem = SceneFile.framePixelsProblem(width: width, height: height) {
            throw .invalidOption(name: "frame size", message: problem)
        }
        switch backend {
        case .gl: frames = try GLFrameBackend(width: width, height: height)
        case .cpu: frames = CPUFrameBackend(width: width, height: height)
        }
        self.backend = backend
        self.width = width
        self.height = height
        if backend == .cpu { redrawCost = .cpu }
    }

    /// What draws the frames, e.g. llvmpipe via EGL.
    public var rendererDescription: String { frames.description }

    /// Draw calls the last frame took (commands drawn, for the CPU backend).
    public var lastDrawCallCount: Int { frames.drawCallCount }

    /// Draws `list` (fitted to this renderer's size) and waits for the drawing to finish, without
    /// reading anything back (for timing the stages apart). Like `render`, it drops frames still
    /// queued by `submit`.
    public func draw(_ list: DisplayList) throws(EngineError) {
        try completeQueued()
        // What the target holds is no longer the kept frame.
        previous = nil
        frame = nil
        try frames.draw(list.fitted(to: Size(width: Double(width), height: Double(height))), damage: nil)
        try frames.finishDrawing()
    }

    /// Reads back what the last `draw` left in the target.
    public func readBack() throws(EngineError) -> RGBAImage {
        try frames.readWhole()
    }

    /// Redraw everything each frame instead of only what changed (`--full-redraw`).
    public var fullRedraw = false
    /// How the damage path's cost is weighed against a whole redraw each frame; nil takes the
    /// damage path whenever something changed, whatever it costs (for tests of that path).
    public var redrawCost: RedrawCost? = .llvmpipe
    /// How `submit` reads frames back (`render` always reads at once).
    public var readback: ReadbackMode = .default
    /// The pixel rectangles the last frame redrew: the whole frame, the damaged parts, or nil
    /// when nothing had changed.
    public private(set) var lastRedrawn: [PixelRegion]?
    /// The pixel rectangles where the last frame may differ from the one before: the damage
    /// whenever it was computed (also when the frame was redrawn whole because that was cheaper),
    /// the whole frame otherwise, or nil when nothing had changed. What an APNG frame holds.
    public private(set) var lastChanged: [PixelRegion]?
    /// The pixels the last frame redrew (rectangles may overlap: an upper bound).
    public var lastRedrawnPixels: Int { lastRedrawn?.reduce(0) { $0 + $1.width * $1.height } ?? 0 }
    /// The list the framebuffer holds now.
    private var previous: DisplayList?
    /// The frame kept on the CPU, as of the last completed readback.
    private var frame: RGBAImage?
    private var pixelBuffers: PixelBufferReadback?

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
        let regions = try drawFrame(list, canPatch: frame != nil)
        var kept = frame ?? RGBAImage(width: width, height: height)
        frame = nil  // let `kept` be the only owner while it is patched
        try frames.read(regions, into: &kept)
        frame = kept
        return kept
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
        try gl.makeCurrent()
        do {
            if pixelBuffers == nil { pixelBuffers = try PixelBufferReadback(width: width, height: height) }
        } catch {
            throw .gl(error)
        }
        guard let pixelBuffers else { return [] }
        let regions = try drawFrame(list, canPatch: frame != nil || pixelBuffers.queuedCount > 0)
        do {
            try pixelBuffers.queue(regions: regions)
            return pixelBuffers.queuedCount == 2 ? [try completeOldest(pixelBuffers)] : []
        } catch {
            throw .gl(error)
        }
    }

    /// The frames `submit` still holds, oldest first.
    public func finish() throws(EngineError) -> [RGBAImage] {
        guard let pixelBuffers, pixelBuffers.queuedCount > 0, let gl else { return [] }
        try gl.makeCurrent()
        do {
            var frames: [RGBAImage] = []
            while pixelBuffers.queuedCount > 0 { frames.append(try completeOldest(pixelBuffers)) }
            return frames
        } catch {
            throw .gl(error)
        }
    }

    private func completeQueued() throws(EngineError) {
        guard let pixelBuffers, pixelBuffers.queuedCount > 0, let gl else { return }
        try gl.makeCurrent()
        do {
            while pixelBuffers.queuedCount > 0 { _ = try completeOldest(pixelBuffers) }
        } catch {
            throw .gl(error)
        }
    }

    private func completeOldest(_ pixelBuffers: PixelBufferReadback) throws(GLError) -> RGBAImage {
        var kept = frame ?? RGBAImage(width: width, height: height)
        frame = nil
        try pixelBuffers.complete(into: &kept)
        frame = kept
        return kept
    }

    /// Draws `list` over the target: only the damage since the last list when `canPatch` (the
    /// CPU frame, or a queued read, holds every pixel outside it), else all of it. Returns the
    /// regions to read back: none when nothing changed.
    private func drawFrame(_ list: DisplayList, canPatch: Bool) throws(EngineError) -> [PixelRegion] {
        let fitted = list.fitted(to: Size(width: Double(width), height: Double(height)))
        defer { previous = fitted }
        if !fullRedraw, canPatch, let previous {
            guard let damage = fitted.damageRegion(since: previous) else {
                lastRedrawn = nil
                lastChanged = nil
                return []
            }
            let regions = damage.map(pixelRegion).filter { $0.width > 0 && $0.height > 0 }
            // Where redrawing the damage would cost more than the whole frame, the whole frame
            // (the pixels outside the damage come out as they were).
            if !(redrawCost?.prefersWholeRedraw(of: fitted, over: damage, width: width, height: height) ?? false) {
                if !regions.isEmpty {
                    try frames.draw(fitted, damage: damage)
                }
                lastRedrawn = regions
                lastChanged = regions
                return regions
            }
            try frames.draw(fitted, damage: nil)
            lastRedrawn = [(0, 0, width, height)]
            lastChanged = regions
            return [(0, 0, width, height)]
        }
        try frames.draw(fitted, damage: nil)
        lastRedrawn = [(0, 0, width, height)]
        lastChanged = [(0, 0, width, height)]
        return [(0, 0, width, height)]
    }

    private func pixelRegion(_ rect: Rect) -> PixelRegion {
        CadenceGL.pixelRegion(covering: rect, width: width, height: height)
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
