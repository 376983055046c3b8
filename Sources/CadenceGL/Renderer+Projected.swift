import CGL
import CadenceDraw

extension Renderer {
    /// Draws a projected picture opened at `depth`: its list into the layer of that depth (the
    /// picture's pixels from the layer's top-left corner, cut to the viewport), its groups deeper;
    /// then the layer through the inverse transform over the target below, within `outer` (the
    /// scissor in force) and the picture's projected bounds. Returns the draw calls made.
    func drawProjected(
        _ picture: ProjectedPicture, depth: Int, scissor outer: (x: Int, y: Int, width: Int, height: Int)?, viewport: (width: Int, height: Int)
    ) throws(GLError) -> Int {
        let size = picture.pixelSize
        let (width, height) = (min(size.width, viewport.width), min(size.height, viewport.height))
        guard width > 0, height > 0, picture.transform.isFinite, let inverse = picture.transform.inverted,
              let reach = DrawCommand.projected(picture).bounds else { return 0 }
        let region = scissor(reach, within: outer, viewport: viewport)
        guard region.width > 0, region.height > 0 else { return 0 }
        let local = scissor(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), within: nil, viewport: viewport)
        applyScissor(local)
        try beginGroup(depth: depth, viewport: viewport)
        var calls = try drawCommands(picture.list, viewport: viewport, outer: local, cull: nil, depth: depth + 1, clearing: false)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), depth == 0 ? baseFramebuffer : groupLayers[depth - 1].framebuffer)
        applyScissor(region)
        projections.append { floats in
            for value in [inverse.m11, inverse.m12, inverse.m13, inverse.m21, inverse.m22, inverse.m23, inverse.m31, inverse.m32, inverse.m33] {
                floats.append(Float(value))
            }
            floats += [Float(width), Float(height)]
        }
        let texture = groupLayers[depth].texture
        if projections.flush(viewport: viewport, topRowFirst: topRowFirst, prepare: {
            glActiveTexture(GLenum(GL_TEXTURE0))
            glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        }) { calls += 1 }
        try checkGLError("drawing a projected picture")
        return calls
    }
}
