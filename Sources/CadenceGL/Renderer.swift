import CGL
import CadenceDraw

/// Executes a `DisplayList` on whatever GL context is current.
///
/// The renderer never decides what anything looks like; it draws the commands in order into the
/// bound framebuffer, batching neighbouring commands of one kind into a single draw call.
public final class Renderer {
    private let roundedRects: RoundedRectPipeline

    /// Draw calls issued by the last `draw`: one per run of commands of the same kind.
    public private(set) var lastDrawCallCount = 0

    /// Builds the pipelines; a GL context must be current.
    public init() throws(GLError) {
        roundedRects = try RoundedRectPipeline()
    }

    /// Clears the bound framebuffer to the list's background and draws its commands.
    ///
    /// `viewport` is the framebuffer's size in pixels; the list is drawn at its own size from the
    /// top-left corner.
    public func draw(_ list: DisplayList, viewport: (width: Int, height: Int)) throws(GLError) {
        glViewport(0, 0, GLsizei(viewport.width), GLsizei(viewport.height))
        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_SCISSOR_TEST))
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        let background = list.background.premultiplied
        glClearColor(Float(background.red), Float(background.green), Float(background.blue), Float(background.alpha))
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))

        var drawCalls = 0
        for command in list.commands {
            switch command {
            case .roundedRect(let shape):
                roundedRects.append(shape)
            }
        }
        if roundedRects.pendingCount > 0 {
            roundedRects.flush(viewport: viewport)
            drawCalls += 1
        }
        lastDrawCallCount = drawCalls
        try checkGLError("drawing a display list")
    }
}
