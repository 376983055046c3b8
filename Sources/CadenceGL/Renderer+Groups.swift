import CGL
import CadenceDraw

#if canImport(Glibc)
import Glibc
#endif

/// One nesting depth's offscreen picture: a viewport-sized RGBA8 texture (premultiplied) and the
/// framebuffer that draws into it. Kept from frame to frame; reallocated only when the viewport
/// changes size.
struct GroupLayer {
    var framebuffer: GLuint = 0
    var texture: GLuint = 0
    var width = 0
    var height = 0
}

extension Renderer {
    /// The most memory the groups' offscreen pictures may take together: 512 MiB. Each nesting
    /// depth holds a viewport-sized picture (64 MiB at 4096²), so 63 nested groups at 4096² took
    /// 4.1 GiB; past the depth this allows, groups are flattened (`flatteningGroups(deeperThan:)`).
    public static let groupPictureMemory = 512 << 20

    /// How deep groups may nest with a picture each at `viewport`: at least 1 (8 at 4096², 145 at 1280×720).
    public static func maximumGroupDepth(viewport: (width: Int, height: Int)) -> Int {
        let pixels = max(viewport.width, 1).multipliedReportingOverflow(by: max(viewport.height, 1))
        let bytes = pixels.partialValue.multipliedReportingOverflow(by: 4)
        guard !pixels.overflow, !bytes.overflow else { return 1 }
        return max(groupPictureMemory / bytes.partialValue, 1)
    }

    /// Starts a group at `depth`: its layer becomes the target, cleared to transparent within the
    /// scissor in force (the only pixels its members can reach).
    func beginGroup(depth: Int, viewport: (width: Int, height: Int)) throws(GLError) {
        let layer = try groupLayer(at: depth, viewport: viewport)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), layer.framebuffer)
        var background: [GLfloat] = [0, 0, 0, 0]
        glGetFloatv(GLenum(GL_COLOR_CLEAR_VALUE), &background)
        glClearColor(0, 0, 0, 0)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glClearColor(background[0], background[1], background[2], background[3])
    }

    /// Ends the group at `depth`: the target below it (the layer of `depth - 1`, or the framebuffer
    /// `draw` began with) is bound again and the group's picture is put over it, faded by its
    /// opacity and its mask's coverage, within the scissor in force. Returns the draw calls made.
    ///
    /// `region` is the scissor the group composites within and `picture` the pixels its layer
    /// holds (wider than the region for a blurred group). Before the composite, a blurred backdrop
    /// is blurred in the target below and a blurred picture in its layer; a blend mode other than
    /// normal reads a copy of the target below.
    func endGroup(
        _ group: Group, depth: Int, region: (x: Int, y: Int, width: Int, height: Int)?, picture: (x: Int, y: Int, width: Int, height: Int)?,
        viewport: (width: Int, height: Int)
    ) throws(GLError) -> Int {
        let below = depth == 0 ? baseFramebuffer : groupLayers[depth - 1].framebuffer
        var calls = 0
        let whole = (x: 0, y: 0, width: viewport.width, height: viewport.height)
        if group.opacity > 0, group.backdropBlur > 0, let shape = group.backdrop {
            calls += try blurBackdrop(under: shape, sigma: min(group.backdropBlur, Group.maximumBlur), in: below, within: region ?? whole, viewport: viewport)
        }
        if group.opacity > 0, group.blur > 0, let picture {
            // The picture blurred in its own layer: across into the scratch, then down back.
            let sigma = min(group.blur, Group.maximumBlur)
            try scratch(&blurScratch, viewport: viewport)
            let layer = groupLayers[depth]
            calls += blurPass(from: layer.texture, into: blurScratch.framebuffer, across: true, sigma: sigma, readable: picture, clamp: false,
                              scissor: picture, viewport: viewport)
            calls += blurPass(from: blurScratch.texture, into: layer.framebuffer, across: false, sigma: sigma, readable: picture, clamp: false,
                              scissor: region ?? whole, viewport: viewport)
        }
        var blendBackdrop: GLuint?
        if group.blendMode != .normal, group.opacity > 0 {
            try scratch(&backdropCopy, viewport: viewport)
            copy(from: below, region ?? whole, into: backdropCopy.texture, viewport: viewport)
            blendBackdrop = backdropCopy.texture
        }
        applyScissor(region)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), below)
        // A matte is the picture one depth in, when the group's last member was one.
        let matteTexture: GLuint? = group.matte != nil && finishedMatteDepth == depth + 1 ? groupLayers[depth + 1].texture : nil
        if group.matte != nil { finishedMatteDepth = nil }
        let opacity = min(max(group.opacity, 0), 1)
        guard opacity > 0 else { return 0 }
        var floats: [Float] = []
        if let mask = group.mask {
            // A mask that flattens the plane covers nothing.
            guard let inverse = mask.transform.inverted else { return 0 }
            let scales = mask.transform.axisScales
            floats = [Float(mask.rect.minX), Float(mask.rect.minY), Float(mask.rect.width), Float(mask.rect.height),
                      Float(max(mask.cornerRadius, 0)), Float(opacity), 1, 0]
            InstancedPipeline.encode(inverse, into: &floats)
            floats += [Float(scales.x), Float(scales.y)]
        } else {
            floats = [0, 0, 0, 0, 0, Float(opacity), 0, 0, 1, 0, 0, 0, 1, 0, 1, 1]
        }
        var paths: CoverageMask?
        if !group.maskPaths.isEmpty {
            // The mask paths' combined coverage, made on the CPU as the CPU backend makes it.
            paths = MaskPath.coverage(of: group.maskPaths, clip: Self.frame(viewport))
            guard let paths, paths.width > 0, paths.height > 0 else { return 0 }
            floats[7] = 1
            floats += [Float(paths.x), Float(paths.y), Float(paths.width), Float(paths.height)]
            uploadPathCoverage(paths)
        } else {
            floats += [0, 0, 0, 0]
        }
        // The matte: 0 none, then 1 + its mode's index; a missing picture reads as transparent.
        floats.append(group.matte.map { Float(1 + (Group.Matte.allCases.firstIndex(of: $0) ?? 0)) } ?? 0)
        floats.append(matteTexture == nil ? 0 : 1)
        composites.append { $0 += floats }
        let texture = groupLayers[depth].texture
        // A blend mode works the result out in the shader, from a copy of the target: written as it is.
        if blendBackdrop != nil { glDisable(GLenum(GL_BLEND)) }
        defer { if blendBackdrop != nil { glEnable(GLenum(GL_BLEND)) } }
        let drew = composites.flush(viewport: viewport, topRowFirst: topRowFirst) {
            glUniform1i(composites.uniformLocation("uBlend"), GLint(BlendMode.allCases.firstIndex(of: group.blendMode) ?? 0))
            let ramp = group.colorRamp
            glUniform1i(composites.uniformLocation("uRampCount"), GLint(ramp?.colors.count ?? 0))
            if let ramp {
                var colors: [Float] = []
                for color in ramp.colors { colors += [Float(color.red), Float(color.green), Float(color.blue)] }
                colors.withUnsafeBufferPointer { glUniform3fv(composites.uniformLocation("uRamp"), GLsizei(ramp.colors.count), $0.baseAddress) }
                glUniform1f(composites.uniformLocation("uRampAmount"), Float(ramp.amount))
            }
            if let blendBackdrop {
                glUniform1i(composites.uniformLocation("uBackdrop"), 3)
                glActiveTexture(GLenum(GL_TEXTURE3))
                glBindTexture(GLenum(GL_TEXTURE_2D), blendBackdrop)
            }
            glActiveTexture(GLenum(GL_TEXTURE0))
            glBindTexture(GLenum(GL_TEXTURE_2D), texture)
            if let matteTexture {
                glUniform1i(composites.uniformLocation("uMatte"), 2)
                glActiveTexture(GLenum(GL_TEXTURE2))
                glBindTexture(GLenum(GL_TEXTURE_2D), matteTexture)
                glActiveTexture(GLenum(GL_TEXTURE0))
            }
            if paths != nil {
                glUniform1i(composites.uniformLocation("uPaths"), 1)
                glActiveTexture(GLenum(GL_TEXTURE1))
                glBindTexture(GLenum(GL_TEXTURE_2D), pathCoverageTexture)
                glActiveTexture(GLenum(GL_TEXTURE0))
            }
        }
        try checkGLError("compositing a group")
        return calls + (drew ? 1 : 0)
    }

    /// Makes `layer` a viewport-sized picture with a framebuffer, or resizes it.
    func scratch(_ layer: inout GroupLayer, viewport: (width: Int, height: Int)) throws(GLError) {
        if layer.texture == 0 {
            glGenTextures(1, &layer.texture)
            glGenFramebuffers(1, &layer.framebuffer)
        }
        guard layer.width != viewport.width || layer.height != viewport.height else { return }
        layer.width = viewport.width
        layer.height = viewport.height
        glBindTexture(GLenum(GL_TEXTURE_2D), layer.texture)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(layer.width), GLsizei(layer.height), 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        var bound: GLint = 0
        glGetIntegerv(GLenum(GL_DRAW_FRAMEBUFFER_BINDING), &bound)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), layer.framebuffer)
        glFramebufferTexture2D(GLenum(GL_DRAW_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), layer.texture, 0)
        let status = glCheckFramebufferStatus(GLenum(GL_DRAW_FRAMEBUFFER))
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), GLuint(bitPattern: bound))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else { throw .framebufferIncomplete(status: status) }
    }

    /// Frees the scratch pictures.
    func deleteScratch() {
        for layer in [blurScratch, backdropCopy] where layer.texture != 0 {
            var (texture, framebuffer) = (layer.texture, layer.framebuffer)
            glDeleteTextures(1, &texture)
            glDeleteFramebuffers(1, &framebuffer)
        }
    }

    /// Copies the pixels of `rect` (window coordinates) of `framebuffer` into the same pixels of
    /// `texture` (viewport-sized), the part of `rect` inside the viewport only: a scissor reaches a
    /// pixel past each edge (`scissor(_:within:viewport:)`), and a copy from or to outside the
    /// texture is GL_INVALID_VALUE (a blend-mode group at the frame's edge failed every frame).
    func copy(from framebuffer: GLuint, _ region: (x: Int, y: Int, width: Int, height: Int), into texture: GLuint, viewport: (width: Int, height: Int)) {
        let minX = max(region.x, 0), minY = max(region.y, 0)
        let maxX = min(region.x + region.width, viewport.width), maxY = min(region.y + region.height, viewport.height)
        let rect = (x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        guard rect.width > 0, rect.height > 0 else { return }
        var read: GLint = 0
        glGetIntegerv(GLenum(GL_READ_FRAMEBUFFER_BINDING), &read)
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), framebuffer)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glCopyTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, GLint(rect.x), GLint(rect.y), GLint(rect.x), GLint(rect.y), GLsizei(rect.width), GLsizei(rect.height))
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), GLuint(bitPattern: read))
    }

    /// Gaussian weights for `sigma` pixels, as the CPU backend's: index k weighs the texels k
    /// pixels away either way, reaching ⌈3σ⌉ (at most 300), summing to 1.
    static func gaussianWeights(sigma: Double) -> [Float] {
        let radius = min(Int((3 * sigma).rounded(.up)), 300)
        let raw = (0...radius).map { k in exp(-Double(k * k) / (2 * sigma * sigma)) }
        let total = raw[0] + 2 * raw.dropFirst().reduce(0, +)
        return raw.map { Float($0 / total) }
    }

    /// One blur pass from `source` into `framebuffer` within `scissor`, along x (`across`) or y:
    /// texels outside `readable` read as transparent, or with `clamp` as the nearest readable
    /// one; with `mix`, the result is mixed over `mix.original` by the shape's coverage.
    /// Written as it is (no blending). Returns the draw calls made.
    func blurPass(
        from source: GLuint, into framebuffer: GLuint, across: Bool, sigma: Double, readable: (x: Int, y: Int, width: Int, height: Int), clamp: Bool,
        scissor: (x: Int, y: Int, width: Int, height: Int), viewport: (width: Int, height: Int), mix: (shape: RoundedRect, original: GLuint)? = nil
    ) -> Int {
        guard scissor.width > 0, scissor.height > 0 else { return 0 }
        let weights = Self.gaussianWeights(sigma: sigma)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), framebuffer)
        applyScissor(scissor)
        glDisable(GLenum(GL_BLEND))
        defer { glEnable(GLenum(GL_BLEND)) }
        blurs.append { $0.append(0) }
        let drew = blurs.flush(viewport: viewport, topRowFirst: topRowFirst) {
            glUniform1i(blurs.uniformLocation("uSource"), 0)
            glUniform2f(blurs.uniformLocation("uDirection"), across ? 1 : 0, across ? 0 : 1)
            weights.withUnsafeBufferPointer { glUniform1fv(blurs.uniformLocation("uWeights"), GLsizei($0.count), $0.baseAddress) }
            glUniform1i(blurs.uniformLocation("uRadius"), GLint(weights.count - 1))
            glUniform4f(blurs.uniformLocation("uReadable"), Float(readable.x), Float(readable.y), Float(readable.x + readable.width), Float(readable.y + readable.height))
            glUniform1i(blurs.uniformLocation("uClamp"), clamp ? 1 : 0)
            glUniform1i(blurs.uniformLocation("uMix"), mix == nil ? 0 : 1)
            if let mix {
                let shape = mix.shape
                let inverse = shape.transform.inverted ?? .identity
                let scales = shape.transform.axisScales
                glUniform4f(blurs.uniformLocation("uShapeRect"), Float(shape.rect.minX), Float(shape.rect.minY), Float(shape.rect.width), Float(shape.rect.height))
                glUniform1f(blurs.uniformLocation("uShapeRadius"), Float(max(shape.cornerRadius, 0)))
                glUniform3f(blurs.uniformLocation("uShapeInverseX"), Float(inverse.a), Float(inverse.c), Float(inverse.tx))
                glUniform3f(blurs.uniformLocation("uShapeInverseY"), Float(inverse.b), Float(inverse.d), Float(inverse.ty))
                glUniform2f(blurs.uniformLocation("uShapeScale"), Float(scales.x), Float(scales.y))
                glUniform1i(blurs.uniformLocation("uOriginal"), 1)
                glActiveTexture(GLenum(GL_TEXTURE1))
                glBindTexture(GLenum(GL_TEXTURE_2D), mix.original)
            }
            glActiveTexture(GLenum(GL_TEXTURE0))
            glBindTexture(GLenum(GL_TEXTURE_2D), source)
        }
        return drew ? 1 : 0
    }

    /// Blurs what `target` holds under `shape` within `region`, as the CPU backend's
    /// `blurBackdrop`: the pixels around the shape copied, blurred across into the scratch, then
    /// down into the target, mixed over the copy by the shape's coverage.
    func blurBackdrop(
        under shape: RoundedRect, sigma: Double, in target: GLuint, within region: (x: Int, y: Int, width: Int, height: Int),
        viewport: (width: Int, height: Int)
    ) throws(GLError) -> Int {
        guard shape.transform.inverted != nil else { return 0 }
        let box = scissor(shape.transform.boundingBox(of: shape.rect).insetBy(-1), within: region, viewport: viewport)
        guard box.width > 0, box.height > 0 else { return 0 }
        let radius = min(Int((3 * sigma).rounded(.up)), 300)
        let read = scissor(Rect(x: 0, y: 0, width: Double(viewport.width), height: Double(viewport.height)),
                           within: (box.x - radius, box.y - radius, box.width + 2 * radius, box.height + 2 * radius), viewport: viewport)
        try scratch(&backdropCopy, viewport: viewport)
        try scratch(&blurScratch, viewport: viewport)
        copy(from: target, read, into: backdropCopy.texture, viewport: viewport)
        var calls = blurPass(from: backdropCopy.texture, into: blurScratch.framebuffer, across: true, sigma: sigma, readable: read, clamp: true,
                             scissor: read, viewport: viewport)
        calls += blurPass(from: blurScratch.texture, into: target, across: false, sigma: sigma, readable: read, clamp: true,
                          scissor: box, viewport: viewport, mix: (shape, backdropCopy.texture))
        try checkGLError("blurring a backdrop")
        return calls
    }

    /// Ends a matte group at `depth` without compositing it: the target below is bound again and
    /// the picture stays in the layer for the group it ends in.
    func endMatte(depth: Int) {
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), depth == 0 ? baseFramebuffer : groupLayers[depth - 1].framebuffer)
        finishedMatteDepth = depth
    }

    /// Puts a group's mask-path coverage into its texture (R8, read texel by texel), made on first use.
    private func uploadPathCoverage(_ coverage: CoverageMask) {
        if pathCoverageTexture == 0 { glGenTextures(1, &pathCoverageTexture) }
        glBindTexture(GLenum(GL_TEXTURE_2D), pathCoverageTexture)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_R8, GLsizei(coverage.width), GLsizei(coverage.height), 0,
                     GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE), coverage.alpha)
    }

    /// The layer for `depth`, made or resized to the viewport as needed.
    private func groupLayer(at depth: Int, viewport: (width: Int, height: Int)) throws(GLError) -> GroupLayer {
        while groupLayers.count <= depth {
            var layer = GroupLayer()
            glGenTextures(1, &layer.texture)
            glGenFramebuffers(1, &layer.framebuffer)
            groupLayers.append(layer)
        }
        var layer = groupLayers[depth]
        if layer.width != viewport.width || layer.height != viewport.height {
            layer.width = viewport.width
            layer.height = viewport.height
            glBindTexture(GLenum(GL_TEXTURE_2D), layer.texture)
            glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(layer.width), GLsizei(layer.height), 0,
                         GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
            glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), layer.framebuffer)
            glFramebufferTexture2D(GLenum(GL_DRAW_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), layer.texture, 0)
            let status = glCheckFramebufferStatus(GLenum(GL_DRAW_FRAMEBUFFER))
            guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else { throw .framebufferIncomplete(status: status) }
            groupLayers[depth] = layer
        }
        return layer
    }

    /// Frees every layer's framebuffer and texture.
    func deleteGroupLayers() {
        for var layer in groupLayers {
            glDeleteFramebuffers(1, &layer.framebuffer)
            glDeleteTextures(1, &layer.texture)
        }
        groupLayers.removeAll()
    }
}
