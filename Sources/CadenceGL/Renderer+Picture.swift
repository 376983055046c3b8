import CGL
import CadenceDraw

extension Renderer {
    /// Shows a frame drawn elsewhere (by the CPU backend): `pixels`, premultiplied RGBA8, top row
    /// first, `width` × `height`, over the viewport from its top-left corner, in place of what
    /// the framebuffer held. One texture is kept and refilled frame after frame.
    public func drawPicture(_ pixels: [UInt8], width: Int, height: Int, viewport: (width: Int, height: Int)) throws(GLError) {
        guard width > 0, height > 0, pixels.count == width * height * 4 else { return }
        if pictureTexture == 0 {
            glGenTextures(1, &pictureTexture)
            glBindTexture(GLenum(GL_TEXTURE_2D), pictureTexture)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        }
        glBindTexture(GLenum(GL_TEXTURE_2D), pictureTexture)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        if pictureSize != (width, height) {
            glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), pixels)
            pictureSize = (width, height)
        } else {
            glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), pixels)
        }
        glViewport(0, 0, GLsizei(viewport.width), GLsizei(viewport.height))
        glDisable(GLenum(GL_SCISSOR_TEST))
        glDisable(GLenum(GL_DEPTH_TEST))
        glClearColor(0, 0, 0, 0)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        // Premultiplied over transparent: the picture's own pixels.
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        images.append { floats in
            floats += [0, 0, Float(width), Float(height), 0, 0, 1, 1, 1]
            InstancedPipeline.encode(AffineTransform.identity, into: &floats)
            InstancedPipeline.encodeScales(of: AffineTransform.identity, into: &floats)
            floats.append(0)
        }
        let texture = pictureTexture
        _ = images.flush(viewport: viewport, topRowFirst: topRowFirst) {
            glActiveTexture(GLenum(GL_TEXTURE0))
            glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        }
        try checkGLError("showing a picture of \(width)x\(height)")
    }
}
