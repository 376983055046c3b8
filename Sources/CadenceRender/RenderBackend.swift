import CadenceDraw

/// What draws frames: a display list, already in the target's pixels, drawn whole or only within
/// damage rectangles over what the target holds, and regions of the target read back.
///
/// Two backends conform: `GLBackend` (OpenGL: an offscreen framebuffer through EGL, or a window's
/// back buffer) and `RasterBackend` (Cadence's own CPU rasteriser). Each keeps its own image,
/// glyph and path-mask resources, made from the display list's commands as they come and evicted
/// past its own budget, so that a list is all a backend is given. `FrameCompositor` drives a
/// backend: it decides what to redraw each frame; the backend only draws and reads. Backends live
/// on the main actor, as GL must stay on one thread.
@MainActor
public protocol RenderBackend: AnyObject {
    /// Width of the target in pixels.
    var width: Int { get }
    /// Height of the target in pixels.
    var height: Int { get }
    /// What does the drawing, e.g. "llvmpipe (LLVM 19.1.7, 256 bits)" or "Cadence CPU rasteriser".
    var description: String { get }
    /// Draw calls the last frame took (the CPU backend counts the commands it walked).
    var drawCallCount: Int { get }
    /// What redrawing a damage rectangle costs here against redrawing everything, for
    /// `FrameCompositor`'s choice between the two.
    var redrawCost: RedrawCost { get }
    /// Draws `list` over the target: all of it (the target cleared to `list.background` first),
    /// or only within `damage` (each rectangle filled with the background first, the pixels
    /// outside left as they are). Both give the same pixels inside the damage.
    func draw(_ list: DisplayList, damage: [PixelRect]?) throws(RenderError)
    /// Waits until drawing has finished (for timing the stages apart).
    func finishDrawing() throws(RenderError)
    /// Copies `regions` of the target into the same places of `frame` (straight alpha, top row
    /// first), which holds the rest of the frame already: a partial read-back, no copy between.
    func read(_ regions: [PixelRect], into frame: inout RGBAImage) throws(RenderError)
    /// Draws all of `list` and puts the frame into `frame` (straight alpha, top row first; made
    /// the target's size if it is not): the pixels of `draw(list, damage: nil)` then a read of
    /// the whole target. The target may be left holding something else — the CPU backend draws
    /// straight into `frame`'s pixels, with no copy between — so the next draw must be whole.
    /// Default: exactly that draw and read.
    func drawWhole(_ list: DisplayList, into frame: inout RGBAImage) throws(RenderError)
}

@MainActor
extension RenderBackend {
    /// Draws all of `list` over the target, then reads the whole target into `frame`.
    public func drawWhole(_ list: DisplayList, into frame: inout RGBAImage) throws(RenderError) {
        try draw(list, damage: nil)
        if frame.width != width || frame.height != height { frame = RGBAImage(width: width, height: height) }
        if let whole = PixelRect(width: width, height: height) {
            try read([whole], into: &frame)
        }
    }

    /// The whole target as an image (straight alpha, top row first).
    public func readWhole() throws(RenderError) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        if let whole = PixelRect(width: width, height: height) {
            try read([whole], into: &image)
        }
        return image
    }
}

/// A backend's failure, with what it says and the error it came from (GL, a font, a context).
public struct RenderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The error the backend met.
    public let cause: any Error & Sendable & CustomStringConvertible

    /// `cause`, as a render failure.
    public init(_ cause: any Error & Sendable & CustomStringConvertible) {
        self.cause = cause
    }

    public var description: String { cause.description }

    public static func == (lhs: RenderError, rhs: RenderError) -> Bool {
        lhs.description == rhs.description && type(of: lhs.cause) == type(of: rhs.cause)
    }
}

/// Which backend draws frames (`--backend`).
public enum RenderBackendKind: String, Sendable, CaseIterable {
    /// OpenGL through EGL into an offscreen framebuffer (llvmpipe where there is no GPU).
    case gl
    /// Cadence's own rasteriser on the CPU: no GL, the same bytes on every machine.
    case cpu

    /// `gl`.
    public static let `default` = RenderBackendKind.gl
}
