import CGL
import CadenceDraw
import CadenceRender

/// A path's coverage uploaded as a single-channel texture, where it lies in the frame, and the
/// frame that last used it. A path that covers nothing keeps texture 0, so it is not
/// rasterised again either.
struct PathMask {
    var texture: GLuint = 0
    var x = 0
    var y = 0
    var width = 0
    var height = 0
    var lastUsed = 0
}

extension Renderer {
    /// Draws a path: its coverage, rasterised on the CPU once and kept while frames keep drawing
    /// it, as a quad of the mask's pixels tinted by the premultiplied colour. Returns the draw
    /// calls made.
    func drawPath(_ path: PathFill, viewport: (width: Int, height: Int)) throws(GLError) -> Int {
        let mask = pathMask(for: path, viewport: viewport)
        guard mask.texture != 0, path.color.alpha > 0 else { return 0 }
        let gradient = path.gradient
        paths.append { floats in
            floats += [Float(mask.x), Float(mask.y), Float(mask.width), Float(mask.height)]
            InstancedPipeline.encode(path.color, into: &floats)
            if let gradient {
                let focus = gradient.focus ?? gradient.start
                let kind: Float = switch gradient.kind {
                case .linear: 1
                case .radial: 2
                case .conic: 3
                }
                floats += [gradient.start.x, gradient.start.y, gradient.end.x, gradient.end.y].map { Float($0) }
                floats += [kind, Float(focus.x), Float(focus.y), 0]
                InstancedPipeline.encode(gradient.inverseSpace ?? .identity, into: &floats)
            } else {
                floats += [0, 0, 0, 0, 0, 0, 0, 0]
                InstancedPipeline.encode(.identity, into: &floats)
            }
        }
        if let gradient { uploadRamp(gradient.ramp) }
        let drew = paths.flush(viewport: viewport, topRowFirst: topRowFirst) {
            glActiveTexture(GLenum(GL_TEXTURE0))
            glBindTexture(GLenum(GL_TEXTURE_2D), mask.texture)
            if gradient != nil {
                glUniform1i(paths.uniformLocation("uRamp"), 1)
                glActiveTexture(GLenum(GL_TEXTURE1))
                glBindTexture(GLenum(GL_TEXTURE_2D), rampTexture)
                glActiveTexture(GLenum(GL_TEXTURE0))
            }
        }
        try checkGLError("drawing a path")
        return drew ? 1 : 0
    }

    /// Puts a gradient's ramp into the ramp texture (256 × 1, linear filtering, clamped), made
    /// on first use.
    private func uploadRamp(_ bytes: [UInt8]) {
        if rampTexture == 0 {
            glGenTextures(1, &rampTexture)
            glBindTexture(GLenum(GL_TEXTURE_2D), rampTexture)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        }
        glBindTexture(GLenum(GL_TEXTURE_2D), rampTexture)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(Gradient.rampSize), 1, 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), bytes)
    }

    /// Marks a path's mask as used this frame without drawing it (a damage pass that misses it),
    /// so a static path is not rasterised again when it is next drawn.
    func keepPathMask(for path: PathFill, viewport: (width: Int, height: Int)) {
        let key = PathMaskKey(path, clip: Self.frame(viewport))
        pathMasks[key]?.lastUsed = frameNumber
    }

    /// The mask for `path`, rasterised and uploaded on first use.
    private func pathMask(for path: PathFill, viewport: (width: Int, height: Int)) -> PathMask {
        let clip = Self.frame(viewport)
        let key = PathMaskKey(path, clip: clip)
        var mask: PathMask
        if let cached = pathMasks[key] {
            mask = cached
        } else {
            mask = upload(PathRasterizer.coverage(of: path.contours, fillRule: path.fillRule, clip: clip, blur: path.blur))
            rasterisedPathCount += 1
        }
        mask.lastUsed = frameNumber
        pathMasks[key] = mask
        return mask
    }

    private func upload(_ coverage: CoverageMask?) -> PathMask {
        guard let coverage, coverage.width > 0, coverage.height > 0 else { return PathMask() }
        var mask = PathMask(x: coverage.x, y: coverage.y, width: coverage.width, height: coverage.height)
        glGenTextures(1, &mask.texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), mask.texture)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_R8, GLsizei(coverage.width), GLsizei(coverage.height), 0,
                     GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE), coverage.alpha)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        return mask
    }

    /// Drops the masks no path used in this frame or the one before, so the cache holds at most
    /// two frames' paths.
    func evictPathMasks() {
        for (key, mask) in pathMasks where mask.lastUsed < frameNumber - 1 {
            var texture = mask.texture
            if texture != 0 { glDeleteTextures(1, &texture) }
            pathMasks[key] = nil
        }
    }

    /// Frees every cached mask's texture.
    func deletePathMasks() {
        for var texture in pathMasks.values.map(\.texture) where texture != 0 { glDeleteTextures(1, &texture) }
        pathMasks.removeAll()
    }

    /// The frame rectangle paths are rasterised within.
    static func frame(_ viewport: (width: Int, height: Int)) -> Rect {
        Rect(x: 0, y: 0, width: Double(viewport.width), height: Double(viewport.height))
    }
}
