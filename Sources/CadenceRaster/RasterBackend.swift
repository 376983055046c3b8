import CadenceDraw
import CadenceRender
import CadenceText

/// The CPU backend: `RasterRenderer` drawing into a canvas kept from frame to frame, with no GL
/// and no EGL context; the same bytes on every machine.
@MainActor
public final class RasterBackend: RenderBackend {
    /// The renderer drawing the frames (its glyph, image and path-mask caches).
    public let renderer: RasterRenderer
    /// What the frames are drawn into: premultiplied RGBA8, top row first.
    public private(set) var canvas: RasterCanvas
    public private(set) var drawCallCount = 0

    /// A `width` × `height` canvas, with glyphs from `fonts`.
    public init(width: Int, height: Int, fonts: FontLibrary = .shared) {
        renderer = RasterRenderer(fonts: fonts)
        canvas = RasterCanvas(width: max(width, 0), height: max(height, 0))
    }

    public var width: Int { canvas.width }
    public var height: Int { canvas.height }
    public var description: String { "Cadence CPU rasteriser" }
    public var redrawCost: RedrawCost { .cpu }

    /// A new, blank canvas of `width` × `height` (a window that changed size).
    public func resize(width: Int, height: Int) {
        guard width != canvas.width || height != canvas.height else { return }
        canvas = RasterCanvas(width: max(width, 0), height: max(height, 0))
    }

    public func draw(_ list: DisplayList, damage: [PixelRect]?) throws(RenderError) {
        do {
            try renderer.draw(list, into: &canvas, damage: damage)
        } catch {
            throw RenderError(error)
        }
        drawCallCount = list.commands.count
    }

    public func finishDrawing() throws(RenderError) {}

    public func read(_ regions: [PixelRect], into frame: inout RGBAImage) throws(RenderError) {
        canvas.copyStraight(regions, into: &frame)
    }
}
