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

    /// Where the program's uniform `name` is (-1 when the shaders do not use it).
    func uniformLocation(_ name: String) -> GLint {
        program.uniformLocation(name)
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
    /// Rounded rectangles: rect, radius and stroke width, fill, stroke, matrix, scales
    /// (`Shaders/rounded_rect.*`).
    ///
    /// `transformed` compiles the fragment shader's general distance (rotations, non-uniform
    /// scales); without it, the plain one that untransformed shapes need costs a third less on
    /// llvmpipe (measured on whole-frame redraws of large rectangles).
    static func roundedRects(transformed: Bool) throws(GLError) -> InstancedPipeline {
        let fragment = ShaderProgram.Source(file: "Shaders/rounded_rect.frag", bytes: PackageResources.rounded_rect_frag)
        return try InstancedPipeline(
            vertex: .init(file: "Shaders/rounded_rect.vert", bytes: PackageResources.rounded_rect_vert),
            fragment: transformed ? fragment.defining("TRANSFORMED") : fragment,
            layout: Layout(attributes: [(1, 4, 0), (2, 2, 4), (3, 4, 6), (4, 4, 10), (5, 3, 14), (6, 3, 17), (7, 4, 20)], floatsPerInstance: 24)
        )
    }

    static func encode(_ shape: RoundedRect, into floats: inout [Float]) {
        let r = shape.rect
        for value in [r.minX, r.minY, r.width, r.height, max(shape.cornerRadius, 0), max(shape.strokeWidth, 0)] {
            floats.append(Float(value))
        }
        encode(shape.fill, into: &floats)
        encode(shape.stroke, into: &floats)
        encode(shape.transform, into: &floats)
        encodeScales(of: shape.transform, into: &floats)
    }

    /// Lines with round caps: ends, width, colour, matrix, scales (`Shaders/line.*`).
    /// `transformed` compiles the general distance, as for rounded rectangles.
    static func lines(transformed: Bool) throws(GLError) -> InstancedPipeline {
        let fragment = ShaderProgram.Source(file: "Shaders/line.frag", bytes: PackageResources.line_frag)
        return try InstancedPipeline(
            vertex: .init(file: "Shaders/line.vert", bytes: PackageResources.line_vert),
            fragment: transformed ? fragment.defining("TRANSFORMED") : fragment,
            layout: Layout(attributes: [(1, 4, 0), (2, 1, 4), (3, 4, 5), (4, 3, 9), (5, 3, 12), (6, 4, 15)], floatsPerInstance: 19)
        )
    }

    static func encode(_ line: Line, into floats: inout [Float]) {
        for value in [line.start.x, line.start.y, line.end.x, line.end.y, max(line.width, 0)] {
            floats.append(Float(value))
        }
        encode(line.color, into: &floats)
        encode(line.transform, into: &floats)
        // A segment runs in any direction: its fringe is one pixel along the shorter axis scale.
        let scales = line.transform.axisScales
        let fringe = 1 / min(scales.x, scales.y)
        floats += [Float(scales.x), Float(scales.y), Float(fringe), 0]
    }

    /// Glyphs: a rectangle, its rectangle in the atlas page, colour, matrix (`Shaders/glyph.*`).
    static func glyphs() throws(GLError) -> InstancedPipeline {
        try InstancedPipeline(
            vertex: .init(file: "Shaders/glyph.vert", bytes: PackageResources.glyph_vert),
            fragment: .init(file: "Shaders/glyph.frag", bytes: PackageResources.glyph_frag),
            layout: Layout(attributes: [(1, 4, 0), (2, 4, 4), (3, 4, 8), (4, 3, 12), (5, 3, 15)], floatsPerInstance: 18)
        )
    }

    /// Images: a rectangle, the texture part shown, an opacity, matrix, scales, whether to
    /// anti-alias the edges (`Shaders/image.*`).
    ///
    /// `transformed` compiles the soft edges a turned or scaled image needs; untransformed images
    /// keep their hard edges and skip that work.
    static func images(transformed: Bool) throws(GLError) -> InstancedPipeline {
        let fragment = ShaderProgram.Source(file: "Shaders/image.frag", bytes: PackageResources.image_frag)
        return try InstancedPipeline(
            vertex: .init(file: "Shaders/image.vert", bytes: PackageResources.image_vert),
            fragment: transformed ? fragment.defining("TRANSFORMED") : fragment,
            layout: Layout(attributes: [(1, 4, 0), (2, 4, 4), (3, 1, 8), (4, 3, 9), (5, 3, 12), (6, 4, 15), (7, 1, 19)], floatsPerInstance: 20)
        )
    }

    /// Shadows: rect, radius and blur, colour, matrix, scales (`Shaders/shadow.*`).
    static func shadows() throws(GLError) -> InstancedPipeline {
        try InstancedPipeline(
            vertex: .init(file: "Shaders/shadow.vert", bytes: PackageResources.shadow_vert),
            fragment: .init(file: "Shaders/shadow.frag", bytes: PackageResources.shadow_frag),
            layout: Layout(attributes: [(1, 4, 0), (2, 2, 4), (3, 4, 6), (4, 3, 10), (5, 3, 13), (6, 4, 16)], floatsPerInstance: 20)
        )
    }

    static func encode(_ shadow: Shadow, into floats: inout [Float]) {
        let r = shadow.rect
        for value in [r.minX, r.minY, r.width, r.height, max(shadow.cornerRadius, 0), max(shadow.blur, 0)] {
            floats.append(Float(value))
        }
        encode(shadow.color, into: &floats)
        encode(shadow.transform, into: &floats)
        encodeScales(of: shadow.transform, into: &floats)
    }

    /// Group composites: mask rect, (radius, opacity, masked, 0), the mask's inverse matrix, its
    /// scales (`Shaders/composite.*`).
    static func composites() throws(GLError) -> InstancedPipeline {
        try InstancedPipeline(
            vertex: .init(file: "Shaders/composite.vert", bytes: PackageResources.composite_vert),
            fragment: .init(file: "Shaders/composite.frag", bytes: PackageResources.composite_frag),
            layout: Layout(attributes: [(1, 4, 0), (2, 4, 4), (3, 3, 8), (4, 3, 11), (5, 2, 14), (6, 4, 16), (7, 2, 20)], floatsPerInstance: 22)
        )
    }

    /// Projected pictures: the inverse transform's three rows, the picture's size (`Shaders/projected.*`).
    static func projected() throws(GLError) -> InstancedPipeline {
        try InstancedPipeline(
            vertex: .init(file: "Shaders/projected.vert", bytes: PackageResources.projected_vert),
            fragment: .init(file: "Shaders/projected.frag", bytes: PackageResources.projected_frag),
            layout: Layout(attributes: [(1, 3, 0), (2, 3, 3), (3, 3, 6), (4, 2, 9)], floatsPerInstance: 11)
        )
    }

    /// Blur passes: one dummy instance; everything else in uniforms (`Shaders/blur.*`).
    static func blurs() throws(GLError) -> InstancedPipeline {
        try InstancedPipeline(
            vertex: .init(file: "Shaders/blur.vert", bytes: PackageResources.blur_vert),
            fragment: .init(file: "Shaders/blur.frag", bytes: PackageResources.blur_frag),
            layout: Layout(attributes: [(1, 1, 0)], floatsPerInstance: 1)
        )
    }

    /// Path coverage masks: the mask's pixel rectangle, colour, a gradient's line, kind and
    /// focus, and the map from pixels to the gradient's space as two rows (`Shaders/path.*`).
    static func paths() throws(GLError) -> InstancedPipeline {
        try InstancedPipeline(
            vertex: .init(file: "Shaders/path.vert", bytes: PackageResources.path_vert),
            fragment: .init(file: "Shaders/path.frag", bytes: PackageResources.path_frag),
            layout: Layout(attributes: [(1, 4, 0), (2, 4, 4), (3, 4, 8), (4, 4, 12), (5, 3, 16), (6, 3, 19)], floatsPerInstance: 22)
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

    /// The matrix as two rows: (a, c, tx), then (b, d, ty). The identity's values are exact, so an
    /// untransformed shape lands on the very pixels it did before transforms existed.
    static func encode(_ t: AffineTransform, into floats: inout [Float]) {
        for value in [t.a, t.c, t.tx, t.b, t.d, t.ty] { floats.append(Float(value)) }
    }

    /// Pixels per local unit along local x and y, then local units per pixel (the fringe); exactly
    /// (1, 1, 1, 1) for the identity.
    static func encodeScales(of t: AffineTransform, into floats: inout [Float]) {
        let scales = t.axisScales
        floats += [Float(scales.x), Float(scales.y), Float(1 / scales.x), Float(1 / scales.y)]
    }
}
