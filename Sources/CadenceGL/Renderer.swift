import CGL
import CadenceDraw

/// Executes a `DisplayList` on whatever GL context is current.
///
/// The renderer never decides what anything looks like; it draws the commands in order into the
/// bound framebuffer, batching neighbouring commands of one kind into a single draw call.
public final class Renderer {
    private let roundedRects: InstancedPipeline
    private let lines: InstancedPipeline

    /// Draw calls issued by the last `draw`: one per run of commands of the same kind.
    public private(set) var lastDrawCallCount = 0

    /// Builds the pipelines; a GL context must be current.
    public init() throws(GLError) {
        roundedRects = try .roundedRects()
        lines = try .lines()
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

        // Runs of one kind share a draw call; a change of kind flushes, so order is kept.
        var drawCalls = 0
        var current: InstancedPipeline?
        for command in list.commands {
            let pipeline = switch command {
            case .roundedRect: roundedRects
            case .line: lines
            }
            if let current, current !== pipeline, current.flush(viewport: viewport) { drawCalls += 1 }
            current = pipeline
            switch command {
            case .roundedRect(let shape): pipeline.append { InstancedPipeline.encode(shape, into: &$0) }
            case .line(let line): pipeline.append { InstancedPipeline.encode(line, into: &$0) }
            }
        }
        if let current, current.flush(viewport: viewport) { drawCalls += 1 }
        lastDrawCallCount = drawCalls
        try checkGLError("drawing a display list")
    }
}
