import CGL
import CadenceDraw

/// Draws any number of rounded rectangles in one instanced draw call.
///
/// Each rectangle is one instance of 14 floats (rect, radius, stroke width, fill, stroke); the
/// instance buffer grows as needed and is reused from frame to frame.
@MainActor
final class RoundedRectPipeline {
    private static let floatsPerInstance = 14

    private let program: ShaderProgram
    private let viewportLocation: GLint
    private var vertexArray: GLuint = 0
    private var quadBuffer: GLuint = 0
    private var instanceBuffer: GLuint = 0
    private var instanceCapacity = 0
    private var instances: [Float] = []

    init() throws(GLError) {
        program = try ShaderProgram(
            vertex: .init(file: "Shaders/rounded_rect.vert", bytes: PackageResources.rounded_rect_vert),
            fragment: .init(file: "Shaders/rounded_rect.frag", bytes: PackageResources.rounded_rect_frag)
        )
        viewportLocation = program.uniformLocation("uViewport")
        glGenVertexArrays(1, &vertexArray)
        glBindVertexArray(vertexArray)

        let corners: [Float] = [0, 0, 1, 0, 0, 1, 1, 1]
        glGenBuffers(1, &quadBuffer)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), quadBuffer)
        glBufferData(GLenum(GL_ARRAY_BUFFER), corners.count * 4, corners, GLenum(GL_STATIC_DRAW))
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 8, nil)

        glGenBuffers(1, &instanceBuffer)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), instanceBuffer)
        let stride = GLsizei(Self.floatsPerInstance * 4)
        // location, components, offset in floats
        for (location, components, offset) in [(1, 4, 0), (2, 2, 4), (3, 4, 6), (4, 4, 10)] {
            let index = GLuint(location)
            glEnableVertexAttribArray(index)
            glVertexAttribPointer(index, GLint(components), GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                                  UnsafeRawPointer(bitPattern: offset * 4))
            glVertexAttribDivisor(index, 1)
        }
        glBindVertexArray(0)
        try checkGLError("creating the rounded-rectangle pipeline")
    }

    isolated deinit {
        glDeleteBuffers(1, &quadBuffer)
        glDeleteBuffers(1, &instanceBuffer)
        glDeleteVertexArrays(1, &vertexArray)
    }

    /// The number of rectangles queued for the next `flush`.
    var pendingCount: Int { instances.count / Self.floatsPerInstance }

    /// Queues one rectangle; nothing is drawn until `flush`.
    func append(_ shape: RoundedRect) {
        let r = shape.rect
        let fill = shape.fill.premultiplied
        let stroke = shape.stroke.premultiplied
        instances.append(contentsOf: [
            Float(r.minX), Float(r.minY), Float(r.width), Float(r.height),
            Float(max(shape.cornerRadius, 0)), Float(max(shape.strokeWidth, 0)),
            Float(fill.red), Float(fill.green), Float(fill.blue), Float(fill.alpha),
            Float(stroke.red), Float(stroke.green), Float(stroke.blue), Float(stroke.alpha),
        ])
    }

    /// Draws every queued rectangle in one call and empties the queue.
    func flush(viewport: (width: Int, height: Int)) {
        let count = pendingCount
        guard count > 0 else { return }
        glUseProgram(program.id)
        glUniform2f(viewportLocation, Float(viewport.width), Float(viewport.height))
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), instanceBuffer)
        let bytes = instances.count * 4
        if count > instanceCapacity {
            instanceCapacity = max(count, instanceCapacity * 2)
            glBufferData(GLenum(GL_ARRAY_BUFFER), instanceCapacity * Self.floatsPerInstance * 4, nil, GLenum(GL_STREAM_DRAW))
        }
        instances.withUnsafeBytes { raw in
            glBufferSubData(GLenum(GL_ARRAY_BUFFER), 0, bytes, raw.baseAddress)
        }
        glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(count))
        glBindVertexArray(0)
        instances.removeAll(keepingCapacity: true)
    }
}
