import CGL
import CadenceDraw
import CadenceRender
import CadenceText

/// Executes a `DisplayList` on whatever GL context is current.
///
/// The renderer never decides what anything looks like; it draws the commands in order into the
/// bound framebuffer, batching neighbouring commands of one kind into a single draw call (glyphs:
/// one per atlas page). Shapes are drawn through their transforms; groups are drawn alone into
/// a texture of their own and composited when they end.
@MainActor
public final class Renderer {
    private enum Kind {
        case roundedRects, transformedRoundedRects, lines, transformedLines, glyphs, transformedGlyphs, shadows
    }

    private let roundedRects: InstancedPipeline
    private let transformedRoundedRects: InstancedPipeline
    private let lines: InstancedPipeline
    private let transformedLines: InstancedPipeline
    private let glyphs: InstancedPipeline
    let images: InstancedPipeline
    private let transformedImages: InstancedPipeline
    private let shadows: InstancedPipeline
    let composites: InstancedPipeline
    let paths: InstancedPipeline
    let projections: InstancedPipeline
    let blurs: InstancedPipeline
    private let atlas: GlyphAtlas
    /// Textures of the images drawn so far, by key: each image is uploaded once.
    private var textures: [String: GLuint] = [:]
    /// Untransformed glyphs by atlas page: pixel-snapped, sampled texel for texel.
    private var glyphInstances: [[Float]] = []
    /// Transformed glyphs by atlas page: sampled bilinearly through `linearSampler`.
    private var transformedGlyphInstances: [[Float]] = []
    private var linearSampler: GLuint = 0
    /// Samplers for images' filters other than linear both ways, by (minification, magnification).
    private var imageSamplers: [String: GLuint] = [:]
    /// Image textures whose mipmaps have been generated (for trilinear minification).
    private var mipmappedTextures: Set<String> = []
    /// Offscreen pictures for groups, one per nesting depth, kept from frame to frame.
    var groupLayers: [GroupLayer] = []
    /// The framebuffer bound when `draw` began: where depth-0 groups are composited.
    var baseFramebuffer: GLuint = 0
    /// A viewport-sized picture of the background alone, copied into damaged rectangles.
    var background = GroupLayer()
    /// The colour `background` holds.
    var backgroundColor: Color?
    /// The background of the list being drawn.
    var frameBackground = Color.clear
    /// Uploaded path coverage masks, by what decides their pixels.
    var pathMasks: [PathMaskKey: PathMask] = [:]
    /// A gradient's colours, 256 × 1, filled before each gradient path is drawn (0 until the first).
    var rampTexture: GLuint = 0
    /// A group's mask-path coverage, filled before each group with mask paths is composited.
    var pathCoverageTexture: GLuint = 0
    /// The depth of the matte group that ended last (its picture stays in that depth's layer
    /// until the group it ends in is composited through it); nil when none is waiting.
    var finishedMatteDepth: Int?
    /// Counts `draw` calls, to evict path masks not used lately.
    var frameNumber = 0
    /// The texture `drawPicture` fills, and its size.
    var pictureTexture: GLuint = 0
    var pictureSize = (width: 0, height: 0)
    /// Viewport-sized pictures for blur passes and for copies of what lies under a group.
    var blurScratch = GroupLayer()
    var backdropCopy = GroupLayer()

    /// Draw calls issued by the last `draw`: one per run of commands of the same kind.
    public private(set) var lastDrawCallCount = 0

    /// Glyphs rasterised so far; cached glyphs are not counted again.
    public var rasterisedGlyphCount: Int { atlas.rasterisedCount }
    /// Atlas pages in use.
    public var atlasPageCount: Int { atlas.pages.count }
    /// Path coverage masks rasterised so far; a path drawn again from the cache is not counted.
    public internal(set) var rasterisedPathCount = 0
    /// Path coverage masks kept for the next frames.
    public var cachedPathMaskCount: Int { pathMasks.count }

    /// Where glyphs come from.
    public let fonts: FontLibrary

    /// Builds the pipelines; a GL context must be current. Glyphs come from `fonts`.
    public init(fonts: FontLibrary = .shared) throws(GLError) {
        self.fonts = fonts
        roundedRects = try .roundedRects(transformed: false)
        transformedRoundedRects = try .roundedRects(transformed: true)
        lines = try .lines(transformed: false)
        transformedLines = try .lines(transformed: true)
        glyphs = try .glyphs()
        images = try .images(transformed: false)
        transformedImages = try .images(transformed: true)
        shadows = try .shadows()
        composites = try .composites()
        paths = try .paths()
        projections = try .projected()
        blurs = try .blurs()
        atlas = GlyphAtlas(fonts: fonts)
        glGenSamplers(1, &linearSampler)
        glSamplerParameteri(linearSampler, GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        glSamplerParameteri(linearSampler, GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        // Zero coverage beyond the page, as the CPU backend samples beyond a glyph's bitmap: a
        // glyph at the page's top or left edge (every shelf's first) has no blank texel before
        // it, and clamping to the edge repeated its first row or column, so a turned or scaled
        // glyph there lost its antialiased edge (up to 237 levels from the CPU backend's).
        glSamplerParameteri(linearSampler, GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_BORDER)
        glSamplerParameteri(linearSampler, GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_BORDER)
        var transparent: [GLfloat] = [0, 0, 0, 0]
        glSamplerParameterfv(linearSampler, GLenum(GL_TEXTURE_BORDER_COLOR), &transparent)
        try checkGLError("creating the renderer")
    }

    isolated deinit {
        for var texture in textures.values { glDeleteTextures(1, &texture) }
        glDeleteSamplers(1, &linearSampler)
        for var sampler in imageSamplers.values { glDeleteSamplers(1, &sampler) }
        deleteGroupLayers()
        deleteScratch()
        deleteBackground()
        deletePathMasks()
        if pictureTexture != 0 { glDeleteTextures(1, &pictureTexture) }
        if rampTexture != 0 { glDeleteTextures(1, &rampTexture) }
        if pathCoverageTexture != 0 { glDeleteTextures(1, &pathCoverageTexture) }
    }

    /// Whether row 0 of the framebuffer is the top of the picture. GL puts it at the bottom, as a
    /// window shows it; an offscreen renderer that reads pixels back sets this, so rows come back
    /// in image order with no flip.
    public var topRowFirst = false

    /// Waits until the GPU has finished everything drawn so far.
    public func finish() {
        glFinish()
    }

    /// Clears the bound framebuffer to the list's background and draws its commands.
    ///
    /// `viewport` is the framebuffer's size in pixels; the list is drawn at its own size from the
    /// top-left corner.
    ///
    /// With `damage`, only those rectangles are filled with the background and redrawn, each under its own scissor
    /// and with only the commands that reach it, over what the framebuffer already holds; every
    /// pixel in them comes out as in a full redraw, because each pixel's colour depends only on the
    /// commands covering it.
    public func draw(_ list: DisplayList, viewport: (width: Int, height: Int), damage: [Rect]? = nil) throws(GLError) {
        let list = list.flatteningGroups(deeperThan: Self.maximumGroupDepth(viewport: viewport))
        var bound: GLint = 0
        glGetIntegerv(GLenum(GL_DRAW_FRAMEBUFFER_BINDING), &bound)
        baseFramebuffer = GLuint(bitPattern: bound)
        frameNumber += 1
        glViewport(0, 0, GLsizei(viewport.width), GLsizei(viewport.height))
        glDisable(GLenum(GL_DEPTH_TEST))
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        let background = list.background.premultiplied
        frameBackground = list.background
        glClearColor(Float(background.red), Float(background.green), Float(background.blue), Float(background.alpha))
        var drawCalls = 0
        if let damage {
            for rect in damage {
                let outer = scissor(rect, within: nil, viewport: viewport)
                guard outer.width > 0, outer.height > 0 else { continue }
                drawCalls += try drawCommands(list, viewport: viewport, outer: outer, cull: rect)
            }
        } else {
            drawCalls = try drawCommands(list, viewport: viewport, outer: nil, cull: nil)
        }
        glDisable(GLenum(GL_SCISSOR_TEST))
        evictPathMasks()
        lastDrawCallCount = drawCalls
        try checkGLError("drawing a display list")
    }

    /// Clears within `outer` (everything when nil) and draws the commands, leaving out those whose
    /// bounds miss `cull`. Returns the draw calls made.
    ///
    /// `depth` is how many groups (and projected pictures) are open around the list: a projected
    /// picture's list is drawn into the layer of its depth, its groups deeper, and not cleared
    /// here (`clearing` false).
    func drawCommands(_ list: DisplayList, viewport: (width: Int, height: Int),
                      outer: (x: Int, y: Int, width: Int, height: Int)?, cull: Rect?, depth: Int = 0, clearing: Bool = true) throws(GLError) -> Int {
        applyScissor(outer)
        if clearing {
            if let outer {
                fillWithBackground(outer, viewport: viewport)
            } else {
                glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            }
        }

        // Runs of one kind share a draw call; a change of kind or of clip flushes, so order is kept.
        var drawCalls = 0
        var current: Kind?
        // Clips nest by exact intersection (what `DisplayList.damageRegion` assumes too); only the
        // result is rounded out to whole pixels, and an empty one draws nothing.
        var clips: [(exact: Rect, scissor: (x: Int, y: Int, width: Int, height: Int))] = []
        // Groups open now, innermost last, each with its region: the scissor it began in cut to
        // what its members can touch. Its layer is cleared only there, so it is composited only
        // there, even when a clip it began in ends first.
        var groups: [(group: Group, scissor: (x: Int, y: Int, width: Int, height: Int)?, picture: (x: Int, y: Int, width: Int, height: Int)?,
                      saved: (clips: [(exact: Rect, scissor: (x: Int, y: Int, width: Int, height: Int))], limit: (x: Int, y: Int, width: Int, height: Int)?, cull: Rect?))] = []
        // What members may touch: the pass's scissor, or inside a blurred group its picture (the
        // blur reads that far past the clips around it); and the damage they are culled to.
        var limit = outer
        var cull = cull
        for (index, command) in list.commands.enumerated() {
            let kind: Kind
            switch command {
            case .roundedRect(let shape):
                guard shape.transform.isInvertible else { continue }
                kind = shape.transform.isIdentity ? .roundedRects : .transformedRoundedRects
            case .line(let line):
                guard line.transform.isInvertible else { continue }
                kind = line.transform.isIdentity ? .lines : .transformedLines
            case .glyphs(let run):
                if run.transform.isIdentity {
                    kind = .glyphs
                } else {
                    guard run.transform.isInvertible else { continue }
                    kind = .transformedGlyphs
                }
            case .shadow(let shadow):
                guard shadow.transform.isInvertible else { continue }
                kind = .shadows
            case .pushClip(let rect):
                if let current { drawCalls += flush(current, viewport: viewport) }
                current = nil
                let exact = clips.last.map { rect.intersection($0.exact) } ?? rect
                clips.append((exact, scissor(exact, within: limit, viewport: viewport)))
                applyScissor(clips.last?.scissor)
                continue
            case .popClip:
                if let current { drawCalls += flush(current, viewport: viewport) }
                current = nil
                _ = clips.popLast()
                applyScissor(clips.last?.scissor ?? limit)
                continue
            case .pushGroup(let group):
                if let current { drawCalls += flush(current, viewport: viewport) }
                current = nil
                let begin = clips.last?.scissor ?? limit
                let reach = list.reach(ofGroupAt: index)
                let region = reach.map { scissor($0, within: begin, viewport: viewport) } ?? (0, 0, 0, 0)
                var picture = region
                let saved = (clips, limit, cull)
                let spread = Int(group.blurReach)
                if spread > 0 {
                    // A blurred picture is drawn as far as its blur reads around the region, its
                    // members unclipped by the clips around (they clip the blurred picture).
                    let around = begin ?? (0, 0, viewport.width, viewport.height)
                    let grown = (x: around.x - spread, y: around.y - spread, width: around.width + 2 * spread, height: around.height + 2 * spread)
                    picture = reach.map { scissor($0, within: grown, viewport: viewport) } ?? (0, 0, 0, 0)
                    limit = picture
                    cull = cull.map { $0.insetBy(-Double(spread)) }
                    clips = []
                }
                // A matte's picture is read wherever the group it ends in is composited: it is
                // cleared there, not only where its own members reach.
                applyScissor(group.isMatte ? (groups.last?.scissor ?? region) : picture)
                try beginGroup(depth: depth + groups.count, viewport: viewport)
                applyScissor(spread > 0 ? picture : begin)
                groups.append((group, region, picture, saved))
                continue
            case .popGroup:
                if let current { drawCalls += flush(current, viewport: viewport) }
                current = nil
                guard let (group, scissor, picture, saved) = groups.popLast() else { continue }
                (clips, limit, cull) = saved
                applyScissor(scissor)
                if group.isMatte {
                    endMatte(depth: depth + groups.count)
                } else {
                    drawCalls += try endGroup(group, depth: depth + groups.count, region: scissor, picture: picture, viewport: viewport)
                }
                applyScissor(clips.last?.scissor ?? limit)
                continue
            case .projected(let picture):
                if let cull, let bounds = command.bounds, !bounds.intersects(cull) { continue }
                if let current { drawCalls += flush(current, viewport: viewport) }
                current = nil
                let scissor = clips.last?.scissor ?? limit
                drawCalls += try drawProjected(picture, depth: depth + groups.count, scissor: scissor, viewport: viewport)
                applyScissor(scissor)
                continue
            case .image(let draw):
                if let cull, let bounds = command.bounds, !bounds.intersects(cull) { continue }
                // One draw per image, with its texture bound.
                if let current { drawCalls += flush(current, viewport: viewport) }
                current = nil
                drawCalls += try drawImage(draw, viewport: viewport)
                continue
            case .path(let path):
                if let cull, let bounds = command.bounds, !bounds.intersects(cull) {
                    keepPathMask(for: path, viewport: viewport)
                    continue
                }
                // One draw per path, with its coverage mask bound.
                if let current { drawCalls += flush(current, viewport: viewport) }
                current = nil
                drawCalls += try drawPath(path, viewport: viewport)
                continue
            }
            if let cull, let bounds = command.bounds, !bounds.intersects(cull) { continue }
            if let current, current != kind { drawCalls += flush(current, viewport: viewport) }
            current = kind
            switch command {
            case .roundedRect(let shape):
                (kind == .roundedRects ? roundedRects : transformedRoundedRects).append { InstancedPipeline.encode(shape, into: &$0) }
            case .line(let line): (kind == .lines ? lines : transformedLines).append { InstancedPipeline.encode(line, into: &$0) }
            case .glyphs(let run): try queue(run)
            case .shadow(let shadow): shadows.append { InstancedPipeline.encode(shadow, into: &$0) }
            case .pushClip, .popClip, .image, .path, .pushGroup, .popGroup, .projected: break
            }
        }
        if let current { drawCalls += flush(current, viewport: viewport) }
        // Groups left open end with the list.
        while let (group, scissor, picture, _) = groups.popLast() {
            applyScissor(scissor)
            if group.isMatte {
                endMatte(depth: depth + groups.count)
            } else {
                drawCalls += try endGroup(group, depth: depth + groups.count, region: scissor, picture: picture, viewport: viewport)
            }
        }
        return drawCalls
    }

    /// Draws what is queued for `kind`; returns the number of draw calls made.
    private func flush(_ kind: Kind, viewport: (width: Int, height: Int)) -> Int {
        switch kind {
        case .roundedRects: return roundedRects.flush(viewport: viewport, topRowFirst: topRowFirst) ? 1 : 0
        case .transformedRoundedRects: return transformedRoundedRects.flush(viewport: viewport, topRowFirst: topRowFirst) ? 1 : 0
        case .lines: return lines.flush(viewport: viewport, topRowFirst: topRowFirst) ? 1 : 0
        case .transformedLines: return transformedLines.flush(viewport: viewport, topRowFirst: topRowFirst) ? 1 : 0
        case .shadows: return shadows.flush(viewport: viewport, topRowFirst: topRowFirst) ? 1 : 0
        case .glyphs: return flushGlyphs(&glyphInstances, sampler: 0, viewport: viewport)
        case .transformedGlyphs: return flushGlyphs(&transformedGlyphInstances, sampler: linearSampler, viewport: viewport)
        }
    }

    /// Draws the queued glyphs, one call per atlas page, sampling through `sampler` (0: the
    /// texture's own nearest filtering).
    private func flushGlyphs(_ instances: inout [[Float]], sampler: GLuint, viewport: (width: Int, height: Int)) -> Int {
        atlas.upload()
        var calls = 0
        for (page, floats) in instances.enumerated() where !floats.isEmpty {
            glyphs.append { $0.append(contentsOf: floats) }
            let texture = atlas.pages[page].texture
            if glyphs.flush(viewport: viewport, topRowFirst: topRowFirst, prepare: {
                glActiveTexture(GLenum(GL_TEXTURE0))
                glBindTexture(GLenum(GL_TEXTURE_2D), texture)
                glBindSampler(0, sampler)
            }) { calls += 1 }
            instances[page].removeAll(keepingCapacity: true)
        }
        glBindSampler(0, 0)
        return calls
    }

    /// Draws one image, uploading it (premultiplied) the first time its key is seen.
    private func drawImage(_ draw: ImageDraw, viewport: (width: Int, height: Int)) throws(GLError) -> Int {
        guard draw.image.width > 0, draw.image.height > 0, draw.alpha > 0, draw.transform.isInvertible else { return 0 }
        let texture = textures[draw.key] ?? upload(draw.image, key: draw.key)
        let width = Double(draw.image.width)
        let height = Double(draw.image.height)
        let pipeline = draw.transform.isIdentity ? images : transformedImages
        pipeline.append { floats in
            for value in [draw.rect.minX, draw.rect.minY, draw.rect.width, draw.rect.height,
                          draw.source.minX / width, draw.source.minY / height, draw.source.maxX / width, draw.source.maxY / height,
                          min(max(draw.alpha, 0), 1)] {
                floats.append(Float(value))
            }
            InstancedPipeline.encode(draw.transform, into: &floats)
            InstancedPipeline.encodeScales(of: draw.transform, into: &floats)
            // Untransformed images keep their hard edges, on exactly the pixels they always had.
            floats.append(draw.transform.isIdentity ? 0 : 1)
        }
        // GL picks minification or magnification per pixel, as `ImageDraw.filter` does per draw.
        let sampler = imageSampler(minification: draw.minificationFilter, magnification: draw.magnificationFilter)
        if draw.minificationFilter == .trilinear, !mipmappedTextures.contains(draw.key) {
            glBindTexture(GLenum(GL_TEXTURE_2D), texture)
            glGenerateMipmap(GLenum(GL_TEXTURE_2D))
            mipmappedTextures.insert(draw.key)
        }
        let drew = pipeline.flush(viewport: viewport, topRowFirst: topRowFirst) {
            glActiveTexture(GLenum(GL_TEXTURE0))
            glBindTexture(GLenum(GL_TEXTURE_2D), texture)
            glBindSampler(0, sampler)
        }
        glBindSampler(0, 0)
        try checkGLError("drawing image \(draw.key)")
        return drew ? 1 : 0
    }

    /// The sampler for an image's filters: 0 (the texture's own linear filtering) for linear both
    /// ways, else one made on first use.
    private func imageSampler(minification: ImageFilter, magnification: ImageFilter) -> GLuint {
        guard minification != .linear || magnification == .nearest else { return 0 }
        let key = minification.rawValue + "/" + magnification.rawValue
        if let sampler = imageSamplers[key] { return sampler }
        var sampler: GLuint = 0
        glGenSamplers(1, &sampler)
        let minFilter = switch minification {
        case .linear: GL_LINEAR
        case .nearest: GL_NEAREST
        case .trilinear: GL_LINEAR_MIPMAP_LINEAR
        }
        glSamplerParameteri(sampler, GLenum(GL_TEXTURE_MIN_FILTER), minFilter)
        glSamplerParameteri(sampler, GLenum(GL_TEXTURE_MAG_FILTER), magnification == .nearest ? GL_NEAREST : GL_LINEAR)
        glSamplerParameteri(sampler, GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glSamplerParameteri(sampler, GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        imageSamplers[key] = sampler
        return sampler
    }

    private func upload(_ image: RGBAImage, key: String) -> GLuint {
        let premultiplied = image.premultipliedPixels
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(image.width), GLsizei(image.height), 0,
                     GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), premultiplied)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        textures[key] = texture
        return texture
    }

    /// A clip rectangle in GL's window coordinates (whole pixels covering the rectangle; rows
    /// from the bottom unless `topRowFirst`), intersected with the scissor around it; empty for an
    /// empty rectangle.
    func scissor(_ rect: Rect, within outer: (x: Int, y: Int, width: Int, height: Int)?, viewport: (width: Int, height: Int))
        -> (x: Int, y: Int, width: Int, height: Int)
    {
        guard rect.width > 0, rect.height > 0, !rect.minX.isNaN, !rect.minY.isNaN else { return (0, 0, 0, 0) }
        // Coordinates may be anything up to 1e308: clamp to just outside the viewport before
        // they become integers.
        func pixel(_ value: Double, _ limit: Int, _ rule: FloatingPointRoundingRule) -> Int {
            Int(min(max(value, -1), Double(limit) + 1).rounded(rule))
        }
        var minX = pixel(rect.minX, viewport.width, .down)
        var maxX = pixel(rect.maxX, viewport.width, .up)
        var minY = topRowFirst ? pixel(rect.minY, viewport.height, .down) : viewport.height - pixel(rect.maxY, viewport.height, .up)
        var maxY = topRowFirst ? pixel(rect.maxY, viewport.height, .up) : viewport.height - pixel(rect.minY, viewport.height, .down)
        if let outer {
            minX = max(minX, outer.x)
            maxX = min(maxX, outer.x + outer.width)
            minY = max(minY, outer.y)
            maxY = min(maxY, outer.y + outer.height)
        }
        return (minX, minY, max(maxX - minX, 0), max(maxY - minY, 0))
    }

    func applyScissor(_ clip: (x: Int, y: Int, width: Int, height: Int)?) {
        guard let clip else {
            glDisable(GLenum(GL_SCISSOR_TEST))
            return
        }
        glEnable(GLenum(GL_SCISSOR_TEST))
        glScissor(GLint(clip.x), GLint(clip.y), GLsizei(clip.width), GLsizei(clip.height))
    }

    /// Queues a run's glyphs. Untransformed: x snapped to a quarter pixel (the glyph is rasterised
    /// for that quarter), the baseline to a whole pixel, so text stays crisp. Transformed: each
    /// glyph's quad, grown by half a texel (into the atlas's empty gap) so its bilinear edge fades
    /// out whole, is mapped through the run's matrix.
    private func queue(_ run: GlyphRun) throws(GLError) {
        let color = run.color
        let transformed = !run.transform.isIdentity
        for (glyph, position) in zip(run.glyphs, run.positions) where position.x.isFinite && position.y.isFinite {
            let whole = transformed ? position.x : position.x.rounded(.down)
            let bucket = transformed ? 0 : min(Int(((position.x - whole) * Double(FontLibrary.subpixelBuckets)).rounded(.down)), FontLibrary.subpixelBuckets - 1)
            let entry: GlyphAtlas.Entry
            do {
                entry = try atlas.entry(for: GlyphAtlas.Key(font: run.font, glyph: glyph, subpixel: bucket))
            } catch {
                throw .glyph(error)
            }
            guard entry.width > 0, entry.height > 0 else { continue }
            let size = Float(GlyphAtlas.pageSize)
            let x = whole + Double(entry.left)
            let y = transformed ? position.y - Double(entry.top) : position.y.rounded() - Double(entry.top)
            let grow: Float = transformed ? 0.5 : 0
            let floats = [
                Float(x) - grow, Float(y) - grow, Float(entry.width) + 2 * grow, Float(entry.height) + 2 * grow,
                (Float(entry.x) - grow) / size, (Float(entry.y) - grow) / size,
                (Float(entry.x + entry.width) + grow) / size, (Float(entry.y + entry.height) + grow) / size,
            ]
            if transformed {
                while transformedGlyphInstances.count <= entry.page { transformedGlyphInstances.append([]) }
                transformedGlyphInstances[entry.page] += floats
                InstancedPipeline.encode(color, into: &transformedGlyphInstances[entry.page])
                InstancedPipeline.encode(run.transform, into: &transformedGlyphInstances[entry.page])
            } else {
                while glyphInstances.count <= entry.page { glyphInstances.append([]) }
                glyphInstances[entry.page] += floats
                InstancedPipeline.encode(color, into: &glyphInstances[entry.page])
                InstancedPipeline.encode(.identity, into: &glyphInstances[entry.page])
            }
        }
    }
}

extension AffineTransform {
    /// Whether the transform keeps area (a shape under it can show at all) and is finite.
    var isInvertible: Bool { inverted != nil }
}
