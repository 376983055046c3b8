import CGL
import CadenceDraw

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
    func endGroup(_ group: Group, depth: Int, viewport: (width: Int, height: Int)) throws(GLError) -> Int {
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), depth == 0 ? baseFramebuffer : groupLayers[depth - 1].framebuffer)
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
        let drew = composites.flush(viewport: viewport, topRowFirst: topRowFirst) {
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
        return drew ? 1 : 0
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
