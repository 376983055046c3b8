import CGL
import CadenceDraw

/// Draws any number of one kind of shape in one instanced draw call: a unit quad, and one
/// instance of `layout.floatsPerInstance` floats per shape, which the vertex shader places.
///
/// The instance buffer grows as needed and is reused from frame to frame.
@MainActor
final class InstancedPipeline {
    /// How instance data maps to vertex attributes.
    struct Layout {
        /// (attribute location, float components, offset in floats), locations from 1 (0 is the quad corner).
        let attributes: [(location: Int, components: Int, offset: Int)]
        let floatsPerInstance: Int
    }

    private let program: ShaderProgram
    private let layout: Layout
    private let viewportLocation: GLint
    private let yDirectionLocation: GLint
    private var vertexArray: GLuint = 0
    private var quadBuffer: GLuint = 0
    private var instanceBuffer: GLuint = 0
    private var instanceCapacity = 0
    private var instances: [Float] = []

    init(vertex: ShaderProgram.Source, fragment: ShaderProgram.Source, layout: Layout) throws(GLError) {
        program = try ShaderProgram(vertex: vertex, fragment: fragment)
        self.layout = layout
        viewportLocation = program.uniformLocation("uViewport")
        yDirectionLocation = program.uniformLocation("uYDirection")
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
        let stride = GLsizei(layout.floatsPerInstance * 4)
        for (location, components, offset) in layout.attributes {
            let index = GLuint(location)
            glEnableVertexAttribArray(index)
            glVertexAttribPointer(index, GLint(components), GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                                  UnsafeRawPointer(bitPattern: offset * 4))
            glVertexAttribDivisor(index, 1)
        }
        glBindVertexArray(0)
        try checkGLError("creating the pipeline for \(vertex.file)")
    }

    isolated deinit {
        glDeleteBuffers(1, &quadBuffer)
        glDeleteBuffers(1, &instanceBuffer)
        glDeleteVertexArrays(1, &vertexArray)
    }

    /// The number of shapes queued for the next `flush`.
    var pendingCount: Int { instances.count / layout.floatsPerInstance }

    /// Queues one shape: `encode` appends its instance floats to the pipeline's buffer, with no
    /// array of its own. Nothing is drawn until `flush`.
    func append(_ encode: (inout [Float]) -> Void) {
        encode(&instances)
    }

    /// Draws every queued shape in one call and empties the queue. Returns whether it drew.
    /// `prepare` runs with the program in use, to bind what the shaders sample. With
    /// `topRowFirst`, the picture's top lands in the framebuffer's row 0.
    @discardableResult
    func flush(viewport: (width: Int, height: Int), topRowFirst: Bool = false, prepare: () -> Void = {}) -> Bool {
        let count = pendingCount
        guard count > 0 else { return false }
        glUseProgram(program.id)
        prepare()
        glUniform2f(viewportLocation, Float(viewport.width), Float(viewport.height))
        glUniform1f(yDirectionLocation, topRowFirst ? 1 : -1)
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), instanceBuffer)
        if count > instanceCapacity {
            instanceCapacity = max(count, instanceCapacity * 2)
            glBufferData(GLenum(GL_ARRAY_BUFFER), instanceCapacity * layout.floatsPerInstance * 4, nil, GLenum(GL_STREAM_DRAW))
        }
        instances.withUnsafeBytes { raw in
            glBufferSubData(GLenum(GL_ARRAY_BUFFER), 0, raw.count, raw.baseAddress)
        }
        glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(count))
        glBindVertexArray(0)
        instances.removeAll(keepingCapacity: true)
        return true
    }
}

extension InstancedPipeline {
    /// Rounded rectangles: rect, radius and stroke width, fill, stroke (`Shaders/rounded_rect.*`).
    static func roundedRects() throws(GLError) -> InstancedPipeline {
        try InstancedPipeline(
            vertex: .init(file: "Shaders/rounded_rect.vert", bytes: PackageResources.rounded_rect_vert),
            fragment: .init(file: "Shaders/rounded_rect.frag", bytes: PackageResources.rounded_rect_frag),
            layout: Layout(attributes: [(1, 4, 0), (2, 2, 4), (3, 4, 6), (4, 4, 10)], floatsPerInstance: 14)
        )
    }

    static func encode(_ shape: RoundedRect, into floats: inout [Float]) {
        let r = shape.rect
        for value in [r.minX, r.minY, r.width, r.height, max(shape.cornerRadius, 0), max(shape.strokeWidth, 0)] {
            floats.append(Float(value))
        }
        encode(shape.fill, into: &floats)
        encode(shape.stroke, into: &floats)
    }

    /// Lines with round caps: ends, width, colour (`Shaders/line.*`).
    static func lines() throws(GLError) -> InstancedPipeline {
        try InstancedPipeline(
            vertex: .init(file: "Shaders/line.vert", bytes: PackageResources.line_vert),
            fragment: .init(file: "Shaders/line.frag", bytes: PackageResources.line_frag),
            layout: Layout(attributes: [(1, 4, 0), (2, 1, 4), (3, 4, 5)], floatsPerInstance: 9)
        )
    }

    static func encode(_ line: Line, into floats: inout [Float]) {
        for value in [line.start.x, line.start.y, line.end.x, line.end.y, max(line.width, 0)] {
            floats.append(Float(value))
        }
        encode(line.color, into: &floats)
    }

    /// Glyphs: a pixel rectangle, its rectangle in the atlas page, colour (`Shaders/glyph.*`).
    static func glyphs() throws(GLError) -> InstancedPipeline {
        try InstancedPipeline(
            vertex: .init(file: "Shaders/glyph.vert", bytes: PackageResources.glyph_vert),
            fragment: .init(file: "Shaders/glyph.frag", bytes: PackageResources.glyph_frag),
            layout: Layout(attributes: [(1, 4, 0), (2, 4, 4), (3, 4, 8)], floatsPerInstance: 12)
        )
    }

    /// Images: a pixel rectangle, the texture part shown, an opacity (`Shaders/image.*`).
    static func images() throws(GLError) -> InstancedPipeline {
        try InstancedPipeline(
            vertex: .init(file: "Shaders/image.vert", bytes: PackageResources.image_vert),
            fragment: .init(file: "Shaders/image.frag", bytes: PackageResources.image_frag),
            layout: Layout(attributes: [(1, 4, 0), (2, 4, 4), (3, 1, 8)], floatsPerInstance: 9)
        )
    }

    /// Premultiplied RGBA.
    static func encode(_ color: Color, into floats: inout [Float]) {
        let c = color.premultiplied
        floats.append(Float(c.red))
        floats.append(Float(c.green))
        floats.append(Float(c.blue))
        floats.append(Float(c.alpha))
    }
}
