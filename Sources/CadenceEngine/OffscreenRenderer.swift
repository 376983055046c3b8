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
            return try target.readImage()
        } catch {
            throw .gl(error)
        }
    }

    /// Draws `list` (fitted to this renderer's size) and reads the pixels back.
    public func render(_ list: DisplayList) throws(EngineError) -> RGBAImage {
        do {
            try context.makeCurrent()
        } catch {
            throw .platform(error)
        }
        do {
            target.bind()
            try renderer.draw(list.fitted(to: Size(width: Double(width), height: Double(height))), viewport: (width, height))
            return try target.readImage()
        } catch {
            throw .gl(error)
        }
    }
}
