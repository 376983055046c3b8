import CGL
import CadenceDraw
import CadenceRender

extension Renderer {
    /// Fills `rect` (a scissor rectangle, in framebuffer pixels, the scissor in force) of the bound
    /// framebuffer with the frame's background, as a clear would: large rectangles by copying a
    /// picture of the background alone, small ones by the clear.
    ///
    /// A clear under a scissor that does not cover the whole framebuffer is drawn by llvmpipe as
    /// a shaded quad, about 2.9 ns a pixel; a copy between framebuffers takes its blit path, about
    /// 0.1 ns a pixel but some 55 µs a call (`RedrawCost.fillsByCopy`). Measured with
    /// `cadence bench render`: a damage box of 94% of a 1280×720 frame went from 213–303 to
    /// 560–604 frames/s by the copy, while ten small rectangles fell from 1963–2277 to 1010–1209
    /// frames/s when they were copied too. The bytes are the clear's: the picture is itself cleared.
    func fillWithBackground(_ rect: (x: Int, y: Int, width: Int, height: Int), viewport: (width: Int, height: Int)) {
        guard rect.width > 0, rect.height > 0 else { return }
        guard RedrawCost.llvmpipe.fillsByCopy(pixels: Double(rect.width * rect.height)) else {
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            return
        }
        prepareBackground(viewport: viewport)
        var read: GLint = 0
        glGetIntegerv(GLenum(GL_READ_FRAMEBUFFER_BINDING), &read)
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), background.framebuffer)
        let x0 = GLint(rect.x), y0 = GLint(rect.y), x1 = GLint(rect.x + rect.width), y1 = GLint(rect.y + rect.height)
        glBlitFramebuffer(x0, y0, x1, y1, x0, y0, x1, y1, GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), GLuint(bitPattern: read))
    }

    /// Makes `background` a viewport-sized picture cleared to the frame's background, redoing
    /// it only when the size or the colour changed. Leaves the draw framebuffer and the scissor
    /// as they were.
    private func prepareBackground(viewport: (width: Int, height: Int)) {
        if background.framebuffer == 0 {
            glGenTextures(1, &background.texture)
            glGenFramebuffers(1, &background.framebuffer)
        }
        let resized = background.width != viewport.width || background.height != viewport.height
        guard resized || backgroundColor != frameBackground else { return }
        var draw: GLint = 0
        glGetIntegerv(GLenum(GL_DRAW_FRAMEBUFFER_BINDING), &draw)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), background.framebuffer)
        if resized {
            background.width = viewport.width
            background.height = viewport.height
            glBindTexture(GLenum(GL_TEXTURE_2D), background.texture)
            glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(viewport.width), GLsizei(viewport.height), 0,
                         GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
            glFramebufferTexture2D(GLenum(GL_DRAW_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), background.texture, 0)
        }
        let scissored = glIsEnabled(GLenum(GL_SCISSOR_TEST)) == GLboolean(GL_TRUE)
        glDisable(GLenum(GL_SCISSOR_TEST))
        // The clear colour is the frame's background already (set by `draw`).
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        if scissored { glEnable(GLenum(GL_SCISSOR_TEST)) }
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), GLuint(bitPattern: draw))
        backgroundColor = frameBackground
    }

    /// Frees the background picture.
    func deleteBackground() {
        glDeleteFramebuffers(1, &background.framebuffer)
        glDeleteTextures(1, &background.texture)
        background = GroupLayer()
    }
}
