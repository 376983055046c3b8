import CadenceDraw
import CadenceText

/// One pass over a display list into one region of a canvas: the clip and group state, and the
/// pixel loop every command shades through.
struct RasterPass {
    let renderer: RasterRenderer
    /// Where commands draw now: the frame's canvas, or the picture of the innermost open group.
    var target: RasterCanvas
    /// The pixels drawing may touch now: the region of the pass cut by every open clip.
    var clip: PixelRect?
    /// The frame, in pixels: paths are rasterised within it, as the GL backend's viewport.
    let frame: Rect
    /// Open clips, innermost last: the exact rectangle (clips nest by exact intersection, only
    /// the result is rounded out) and the clip in force before it.
    private var clips: [(exact: Rect?, previous: PixelRect?)] = []
    /// Open groups, innermost last: the group, the target it composites into, the pixels it
    /// composites (its reach within the clip it began in), and those of its picture that drawing
    /// may have changed (the rest is transparent: nothing to composite or clear there).
    private var groups: [(group: Group, parent: RasterCanvas, region: PixelRect?, clip: PixelRect?, exactClip: Rect?, painted: PaintedRects)] = []
    /// The exact rectangle of the innermost clip; nil when none is open.
    private var exactClip: Rect?
    /// The picture of the matte group that ended last, and how many groups were open outside it
    /// (the group whose `matte` reads it is the one that then ends at that depth).
    private var finishedMatte: (depth: Int, picture: RasterCanvas, painted: PaintedRects)?
    /// Every pixel of the pass's first target (the canvas, not a group's picture) that drawing may
    /// have changed lies in here: what the next whole redraw must clear.
    private(set) var painted: PixelRect?

    /// The pixels of the canvas the pass began with (the frame, or a band of it): untransformed
    /// images are resampled and kept within them.
    let canvasBounds: PixelRect?

    init(renderer: RasterRenderer, target: RasterCanvas, clip: PixelRect, frame: PixelRect) {
        self.renderer = renderer
        self.target = target
        self.clip = clip
        self.frame = frame.rect
        canvasBounds = target.bounds
    }

    /// Draws `list`, whose commands' bounds are `bounds` (`DrawCommand.bounds`, in order).
    mutating func run(_ list: DisplayList, bounds: [Rect?]) throws(TextError) {
        var index = -1
        while index + 1 < list.commands.count {
            index += 1
            let command = list.commands[index]
            switch command {
            case .pushClip(let rect):
                let exact = exactClip.map { rect.intersection($0) } ?? rect
                clips.append((exactClip, clip))
                exactClip = exact
                clip = PixelRect(covering: exact).flatMap { box in clip.flatMap { box.intersection($0) } }
            case .popClip:
                guard let last = clips.popLast() else { continue }
                exactClip = last.exact
                clip = last.previous
            case .pushGroup(let group):
                let reach = list.reach(ofGroupAt: index, bounds: bounds).flatMap(PixelRect.init(covering:))
                let region = reach.flatMap { box in clip.flatMap { box.intersection($0) } }
                // One plain path under mask paths (a masked Lottie shape, merge paths): drawn
                // through the masks without a picture of its own, to the same bytes.
                if index + 2 < list.commands.count, case .path(let path) = list.commands[index + 1], case .popGroup = list.commands[index + 2],
                   Self.drawsThroughMasks(group, path) {
                    if let region {
                        markPainted(region)
                        drawMasked(path, group: group, region: region)
                    }
                    index += 2
                    continue
                }
                groups.append((group, target, region, clip, exactClip, PaintedRects()))
                // A blurred picture is drawn as far as its blur reads around the region (past
                // the band, within the frame), its members with it.
                var picture = region
                let spread = Int(group.blurReach)
                if spread > 0, let clip, let frame = PixelRect(covering: frame),
                   let around = PixelRect(minX: clip.minX - spread, minY: clip.minY - spread, maxX: clip.maxX + spread, maxY: clip.maxY + spread) {
                    picture = reach.flatMap { $0.intersection(around) }.flatMap { $0.intersection(frame) }
                    // The clips around apply to the blurred picture, not to its members.
                    self.clip = picture
                    exactClip = nil
                }
                target = picture.map { renderer.pictureCanvas($0) } ?? RasterCanvas(width: 0, height: 0)
            case .popGroup:
                endGroup()
            default:
                guard let clip, let reach = bounds[index], let box = PixelRect(covering: reach), let visible = box.intersection(clip) else { continue }
                // A command paints within its bounds (damage relies on it); two pixels more spare.
                markPainted(visible.grown(by: 2))
                try draw(command)
            }
        }
        // Groups left open end with the list.
        while !groups.isEmpty { endGroup() }
    }

    private mutating func draw(_ command: DrawCommand) throws(TextError) {
        switch command {
        case .roundedRect(let shape): drawRoundedRect(shape)
        case .line(let line): drawLine(line)
        case .shadow(let shadow): drawShadow(shadow)
        case .glyphs(let run): try drawGlyphs(run)
        case .image(let image): drawImage(image)
        case .path(let path): drawPath(path)
        case .projected(let picture): try drawProjected(picture)
        case .pushClip, .popClip, .pushGroup, .popGroup: break
        }
    }

    /// Puts the innermost group's picture over the target it began in, faded by its opacity and
    /// its mask's coverage, within the group's region. The steps, in order: the group is closed
    /// (a matte group's picture is kept for the group that reads it), its picture and coverage
    /// are prepared (`prepareComposite`), and the narrowest loop that draws it composites it
    /// (`composite`).
    private mutating func endGroup() {
        guard !groups.isEmpty else { return }
        // Swapped, not copied: the target below must be the only owner of its pixels while the
        // picture is blended into it, or each composite would copy the whole frame.
        var entry = groups.removeLast()
        swap(&entry.parent, &target)
        clip = entry.clip
        exactClip = entry.exactClip
        let (group, unblurred, region, _, _, painted) = entry
        if group.isMatte {
            // Not composited: kept for the group it ends in.
            finishedMatte = (groups.count - 1, unblurred, painted)
            return
        }
        // A group composites within its region.
        if let region { markPainted(region) }
        var matte: RasterCanvas?, mattePainted = PaintedRects()
        if group.matte != nil {
            if let finished = finishedMatte, finished.depth == groups.count { (matte, mattePainted) = (finished.picture, finished.painted) }
            finishedMatte = nil
        }
        // The pictures' memory kept for the next groups, once composited (and cleared where painted).
        defer {
            renderer.recycle(unblurred, painted: painted)
            if let matte { renderer.recycle(matte, painted: mattePainted) }
        }
        guard let prepared = prepareComposite(group, picture: unblurred, region: region, painted: painted, matte: matte) else { return }
        composite(prepared)
    }

    /// What compositing a group's picture takes, worked out once: the picture (blurred and
    /// colour-mapped), its opacity, the rounded mask's coverage and the mask paths', the matte,
    /// the blend mode, and the pixels to visit.
    struct GroupComposite {
        let picture: RasterCanvas
        let opacity: Double
        /// A rounded-rectangle mask's coverage at a pixel centre; nil without one.
        let coverage: ((Double, Double) -> Double)?
        /// The mask paths' combined coverage over the region; nil without mask paths.
        let paths: CoverageMask?
        let matte: RasterCanvas?
        let mode: Group.Matte?
        let blendMode: BlendMode
        /// The region within the target.
        let box: PixelRect
        /// The pixels drawing may have changed (all of the box after a blur).
        let spans: PaintedRects
    }

    /// `group`'s picture and coverage, ready to composite: the backdrop under it blurred, the
    /// picture blurred and colour-mapped, the rounded mask and mask paths made coverage. Nil when
    /// nothing shows (no opacity, no region, a mask that flattens the plane or covers nothing).
    private mutating func prepareComposite(
        _ group: Group, picture unblurred: RasterCanvas, region: PixelRect?, painted: PaintedRects, matte: RasterCanvas?
    ) -> GroupComposite? {
        let opacity = RasterMath.clamp(group.opacity, 0, 1)
        guard opacity > 0, let region else { return nil }
        // The backdrop blurred first, then the picture (blurred if need be) over it.
        if group.backdropBlur > 0, let backdrop = group.backdrop { blurBackdrop(under: backdrop, sigma: group.backdropBlur, within: region) }
        var picture = group.blur > 0 ? Self.blurred(unblurred, sigma: min(group.blur, Group.maximumBlur)) : unblurred
        if let ramp = group.colorRamp { Self.map(&picture, through: ramp) }
        var coverage: ((Double, Double) -> Double)?
        if let mask = group.mask {
            // A mask that flattens the plane covers nothing.
            guard let inverse = mask.transform.inverted else { return nil }
            let scales = mask.transform.axisScales
            let (hx, hy, cx, cy) = Self.halves(mask.rect)
            let radius = RasterMath.clamp(mask.cornerRadius, 0, min(hx, hy))
            coverage = { x, y in
                let lx = inverse.a * x + inverse.c * y + inverse.tx
                let ly = inverse.b * x + inverse.d * y + inverse.ty
                return RasterMath.clamp(0.5 - RasterMath.pixelDistance(lx - cx, ly - cy, hx, hy, radius, scales.x, scales.y), 0, 1)
            }
        }
        // Mask paths: one combined coverage over the region, looked up per pixel.
        let paths = group.maskPaths.isEmpty ? nil : renderer.maskCoverage(of: group.maskPaths, clip: region.rect)
        if !group.maskPaths.isEmpty, paths == nil { return nil }
        // Composited within its region whatever clip is in force now (a clip may have begun
        // inside the group and not ended), as the GL backend scissors the composite.
        guard let bounds = target.bounds, let box = region.intersection(bounds) else { return nil }
        // Only the pixels drawing may have changed (a blur spreads them over the region): the
        // rest of the picture is transparent and adds nothing.
        var spans = painted
        if group.blur > 0 {
            spans = PaintedRects()
            spans.add(box)
        }
        return GroupComposite(
            picture: picture, opacity: opacity, coverage: coverage, paths: paths, matte: matte, mode: group.matte,
            blendMode: group.blendMode, box: box, spans: spans
        )
    }

    /// Composites a prepared group by the narrowest loop that draws it: opacity alone; an alpha
    /// or luma matte alone; mask paths alone; mask paths or a matte in integers; anything else
    /// (a rounded mask, a blend mode) per pixel in `Double`. Each gives the bytes the general
    /// loop gives.
    private mutating func composite(_ composite: GroupComposite) {
        let plain = composite.coverage == nil && composite.blendMode == .normal
        if plain, composite.paths == nil, composite.mode == nil {
            compositeFaded(composite)
        } else if plain, composite.paths == nil, let mode = composite.mode, mode == .alpha || mode == .luma, let matte = composite.matte,
                  let matteArea = PixelRect(x: matte.originX, y: matte.originY, width: matte.width, height: matte.height),
                  let area = composite.box.intersection(matteArea) {
            compositeThroughMatte(composite, matte: matte, luma: mode == .luma, within: area)
        } else if plain, let paths = composite.paths, composite.mode == nil,
                  let masked = PixelRect(x: paths.x, y: paths.y, width: paths.width, height: paths.height)?.intersection(composite.box) {
            compositeThroughMaskPaths(composite, paths: paths, within: masked)
        } else if plain, composite.paths != nil || composite.mode != nil {
            compositeInBytes(composite)
        } else {
            compositeGeneral(composite)
        }
    }

    /// Opacity alone: each channel's faded byte is the per-pixel formula's, worked out once
    /// for each of the 256 values (the same Double arithmetic, so the same bytes).
    private mutating func compositeFaded(_ composite: GroupComposite) {
        let (picture, opacity, spans, box) = (composite.picture, composite.opacity, composite.spans, composite.box)
        let (canvasWidth, canvasX, canvasY) = (target.width, target.originX, target.originY)
        let factor = opacity / 255
        let faded = (0..<256).map { PremultipliedColor.byte(Double($0) * factor) }
        picture.withPixels { source in
            faded.withUnsafeBufferPointer { faded in
                target.withMutablePixels { pixels in
                    spans.forEachSpan(within: box) { y, minX, maxX in
                        var from = ((y - picture.originY) * picture.width + minX - picture.originX) * 4
                        var offset = ((y - canvasY) * canvasWidth + minX - canvasX) * 4
                        var x = minX
                        while x < maxX {
                            let skipped = Self.transparentRun(source, at: from, limit: maxX - x)
                            if skipped > 0 { x += skipped; from += 4 * skipped; offset += 4 * skipped; continue }
                            defer { x += 1; from += 4; offset += 4 }
                            let color = PremultipliedColor(
                                r: faded[Int(source[from])], g: faded[Int(source[from + 1])], b: faded[Int(source[from + 2])], a: faded[Int(source[from + 3])]
                            )
                            Self.blend(word: color.word.littleEndian, scaledBy: 255, into: pixels, at: offset)
                        }
                    }
                }
            }
        }
    }

    /// An alpha or luma matte alone (the commonest track matte): the general integer loop with
    /// its branches settled, and only where the matte is (outside it the matte reads 0 and
    /// nothing shows). The same arithmetic, so the same bytes.
    private mutating func compositeThroughMatte(_ composite: GroupComposite, matte: RasterCanvas, luma: Bool, within area: PixelRect) {
        let (picture, opacity, spans) = (composite.picture, composite.opacity, composite.spans)
        let (canvasWidth, canvasX, canvasY) = (target.width, target.originX, target.originY)
        let level = Int((opacity * 255).rounded())
        let (matteX, matteY, matteWidth) = (matte.originX, matte.originY, matte.width)
        picture.withPixels { source in
            matte.withPixels { matteBytes in
                target.withMutablePixels { pixels in
                    spans.forEachSpan(within: area) { y, minX, maxX in
                        var from = ((y - picture.originY) * picture.width + minX - picture.originX) * 4
                        var offset = ((y - canvasY) * canvasWidth + minX - canvasX) * 4
                        var at = ((y - matteY) * matteWidth + minX - matteX) * 4
                        var x = minX
                        while x < maxX {
                            let skipped = Self.transparentRun(source, at: from, limit: maxX - x)
                            if skipped > 0 { x += skipped; from += 4 * skipped; offset += 4 * skipped; at += 4 * skipped; continue }
                            defer { x += 1; from += 4; offset += 4; at += 4 }
                            let m = luma ? Self.luma(matteBytes[at], matteBytes[at + 1], matteBytes[at + 2]) : Int(matteBytes[at + 3])
                            // level · 255 · matte, scaled back to 0 ... 255 (the matte itself at level 255).
                            let scaled = level == 255 ? m : (level &* 255 &* m &+ 32512) / 65025
                            if scaled == 0 { continue }
                            Self.blend(word: UnsafeRawPointer(source.baseAddress! + from).loadUnaligned(as: UInt32.self), scaledBy: scaled, into: pixels, at: offset)
                        }
                    }
                }
            }
        }
    }

    /// Mask paths alone (a masked Lottie layer): the general integer loop with its branches
    /// settled, and where the mask is fully in, whole stretches of the picture put over the
    /// target at once. The same arithmetic, so the same bytes.
    private mutating func compositeThroughMaskPaths(_ composite: GroupComposite, paths: CoverageMask, within masked: PixelRect) {
        let (picture, opacity, spans) = (composite.picture, composite.opacity, composite.spans)
        let (canvasWidth, canvasX, canvasY) = (target.width, target.originX, target.originY)
        let level = Int((opacity * 255).rounded())
        let (pathsX, pathsY, pathsWidth) = (paths.x, paths.y, paths.width)
        picture.withPixels { source in
            paths.alpha.withUnsafeBufferPointer { mask in
                target.withMutablePixels { pixels in
                    spans.forEachSpan(within: masked) { y, minX, maxX in
                        let maskRow = (y - pathsY) * pathsWidth - pathsX
                        let sourceRow = (y - picture.originY) * picture.width - picture.originX
                        let targetRow = (y - canvasY) * canvasWidth - canvasX
                        var x = minX
                        while x < maxX {
                            let uncovered = Self.zeroRun(mask, at: maskRow + x, limit: maxX - x)
                            if uncovered > 0 { x += uncovered; continue }
                            let full = Self.fullRun(mask, at: maskRow + x, limit: maxX - x)
                            if full > 0, level == 255 {
                                Self.blendPicture(source, at: (sourceRow + x) * 4, into: pixels, at: (targetRow + x) * 4, count: full)
                                x += full
                                continue
                            }
                            defer { x += 1 }
                            let from = (sourceRow + x) * 4
                            let scaled = (level * Int(mask[maskRow + x]) * 255 + 32512) / 65025
                            if scaled == 0 { continue }
                            let word = UnsafeRawPointer(source.baseAddress! + from).loadUnaligned(as: UInt32.self)
                            if word == 0 { continue }
                            Self.blend(word: word, scaledBy: scaled, into: pixels, at: (targetRow + x) * 4)
                        }
                    }
                }
            }
        }
    }

    /// Mask paths or a matte without a rounded mask: the factor in bytes, the sums in integers.
    private mutating func compositeInBytes(_ composite: GroupComposite) {
        let (picture, opacity, spans, box) = (composite.picture, composite.opacity, composite.spans, composite.box)
        let (canvasWidth, canvasX, canvasY) = (target.width, target.originX, target.originY)
        let (paths, matte, mode) = (composite.paths, composite.matte, composite.mode)
        let level = Int((opacity * 255).rounded())
        let pathsAlpha = paths?.alpha ?? []
        // The mask paths' pixels (plain values: nothing is copied or counted per pixel).
        let hasPaths = paths != nil
        let pathsBox = paths.map { (x: $0.x, y: $0.y, width: $0.width, height: $0.height) } ?? (x: 0, y: 0, width: 0, height: 0)
        let matteBox = matte.map { (x: $0.originX, y: $0.originY, width: $0.width, height: $0.height) }
        picture.withPixels { source in
            func composite(_ matteBytes: UnsafeBufferPointer<UInt8>?, into pixels: UnsafeMutableBufferPointer<UInt8>) {
                pathsAlpha.withUnsafeBufferPointer { pathsAlpha in
                    spans.forEachSpan(within: box) { y, minX, maxX in
                        let matteRow = matteBox.map { y >= $0.y && y < $0.y + $0.height ? (y - $0.y) * $0.width - $0.x : nil } ?? nil
                        // The mask paths' row and columns (pixels outside their mask read 0, so
                        // rows and columns they miss get nothing).
                        var (startX, endX) = (minX, maxX)
                        var pathsRow = 0
                        if hasPaths {
                            guard y >= pathsBox.y, y < pathsBox.y + pathsBox.height else { return }
                            pathsRow = (y - pathsBox.y) * pathsBox.width - pathsBox.x
                            (startX, endX) = (max(startX, pathsBox.x), min(endX, pathsBox.x + pathsBox.width))
                        }
                        var from = ((y - picture.originY) * picture.width + startX - picture.originX) * 4
                        var offset = ((y - canvasY) * canvasWidth + startX - canvasX) * 4
                        var x = startX
                        while x < endX {
                            var skipped = Self.transparentRun(source, at: from, limit: endX - x)
                            if hasPaths, skipped == 0 { skipped = Self.zeroRun(pathsAlpha, at: pathsRow + x, limit: endX - x) }
                            if skipped > 0 { x += skipped; from += 4 * skipped; offset += 4 * skipped; continue }
                            defer { x += 1; from += 4; offset += 4 }
                            var factor = level
                            if hasPaths {
                                factor *= Int(pathsAlpha[pathsRow + x])
                            } else {
                                factor *= 255
                            }
                            if let mode {
                                var m = (0, 0, 0, 0)
                                if let matteBox, let matteBytes, let matteRow, x >= matteBox.x, x < matteBox.x + matteBox.width {
                                    let at = (matteRow + x) * 4
                                    m = (Int(matteBytes[at]), Int(matteBytes[at + 1]), Int(matteBytes[at + 2]), Int(matteBytes[at + 3]))
                                }
                                let luma = Self.luma(m.0, m.1, m.2)
                                switch mode {
                                case .alpha: factor = factor * m.3
                                case .alphaInverted: factor = factor * (255 - m.3)
                                case .luma: factor = factor * luma
                                case .lumaInverted: factor = factor * (255 - luma)
                                }
                            } else {
                                factor *= 255
                            }
                            // factor is level · coverage · matte, each of 255: scaled back to 0 ... 255.
                            let scaled = (factor + 32512) / 65025
                            if scaled == 0 { continue }
                            // At 255 the picture's pixel as it is ((s · 255 + 127) / 255 = s).
                            Self.blend(word: UnsafeRawPointer(source.baseAddress! + from).loadUnaligned(as: UInt32.self), scaledBy: scaled, into: pixels, at: offset)
                        }
                    }
                }
            }
            if let matte {
                matte.withPixels { matteBytes in target.withMutablePixels { composite(matteBytes, into: $0) } }
            } else {
                target.withMutablePixels { composite(nil, into: $0) }
            }
        }
    }

    /// Any group: the factor at each pixel in the order the per-pixel formula has always
    /// multiplied it (opacity, rounded-rectangle coverage, mask paths, matte), in `Double`, with
    /// any blend mode; transparent picture pixels add nothing and are skipped.
    private mutating func compositeGeneral(_ prepared: GroupComposite) {
        let (picture, opacity, spans, box) = (prepared.picture, prepared.opacity, prepared.spans, prepared.box)
        let (canvasWidth, canvasX, canvasY) = (target.width, target.originX, target.originY)
        let (coverage, paths, matte, mode, blendMode) = (prepared.coverage, prepared.paths, prepared.matte, prepared.mode, prepared.blendMode)
        // Plain values for the loop (an optional mask or canvas tested per pixel is copied and counted).
        let generalPaths = paths.map { (x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
        let generalPathsAlpha = paths?.alpha ?? []
        let generalMatte = matte.map { (x: $0.originX, y: $0.originY, width: $0.width, height: $0.height) }
        func composite(_ source: UnsafeBufferPointer<UInt8>, _ matteBytes: UnsafeBufferPointer<UInt8>?, into pixels: UnsafeMutableBufferPointer<UInt8>) {
            generalPathsAlpha.withUnsafeBufferPointer { pathsAlpha in
                spans.forEachSpan(within: box) { y, minX, maxX in
                    var from = ((y - picture.originY) * picture.width + minX - picture.originX) * 4
                    var offset = ((y - canvasY) * canvasWidth + minX - canvasX) * 4
                    var x = minX
                    while x < maxX {
                        let skipped = Self.transparentRun(source, at: from, limit: maxX - x)
                        if skipped > 0 { x += skipped; from += 4 * skipped; offset += 4 * skipped; continue }
                        defer { x += 1; from += 4; offset += 4 }
                        let (r, g, b, a) = (source[from], source[from + 1], source[from + 2], source[from + 3])
                        var factor = opacity / 255
                        if let coverage { factor *= coverage(Double(x) + 0.5, Double(y) + 0.5) }
                        if let paths = generalPaths {
                            let inside = x >= paths.x && y >= paths.y && x < paths.x + paths.width && y < paths.y + paths.height
                            factor *= inside ? Double(pathsAlpha[(y - paths.y) * paths.width + x - paths.x]) / 255 : 0
                        }
                        if let mode {
                            if let matte = generalMatte, let matteBytes, x >= matte.x, y >= matte.y,
                               x < matte.x + matte.width, y < matte.y + matte.height {
                                let at = ((y - matte.y) * matte.width + x - matte.x) * 4
                                factor *= mode.factor(
                                    red: Double(matteBytes[at]) / 255, green: Double(matteBytes[at + 1]) / 255,
                                    blue: Double(matteBytes[at + 2]) / 255, alpha: Double(matteBytes[at + 3]) / 255
                                )
                            } else {
                                factor *= mode.factor(red: 0, green: 0, blue: 0, alpha: 0)
                            }
                        }
                        if factor == 0 { continue }
                        if blendMode != .normal {
                            Self.blend(SIMD4(Double(r), Double(g), Double(b), Double(a)) * factor, mode: blendMode, into: pixels, at: offset)
                        } else {
                            Self.blend(SIMD4(Double(r), Double(g), Double(b), Double(a)) * factor, into: pixels, at: offset)
                        }
                    }
                }
            }
        }
        picture.withPixels { source in
            if let matte {
                matte.withPixels { matteBytes in
                    target.withMutablePixels { composite(source, matteBytes, into: $0) }
                }
            } else {
                target.withMutablePixels { composite(source, nil, into: $0) }
            }
        }
    }

    /// A matte pixel's luminance (Rec. 709 weights in 256ths, rounded in integers), 0 … 255.
    @inline(__always)
    static func luma<Channel: BinaryInteger>(_ red: Channel, _ green: Channel, _ blue: Channel) -> Int {
        (54 * Int(red) + 183 * Int(green) + 18 * Int(blue) + 127) / 255
    }

    /// Adds `box` to what the pass has painted on its target: the first (the canvas), or the
    /// innermost group's picture.
    private mutating func markPainted(_ box: PixelRect) {
        if groups.isEmpty {
            painted = painted?.union(box) ?? box
        } else {
            groups[groups.count - 1].painted.add(box)
        }
    }

    /// Whether a group of `path` alone composites as `drawMasked` draws it: mask paths and an
    /// opacity, nothing else; a plain colour, unblurred.
    static func drawsThroughMasks(_ group: Group, _ path: PathFill) -> Bool {
        !group.maskPaths.isEmpty && group.mask == nil && group.matte == nil && !group.isMatte && group.blendMode == .normal
            && !(group.blur > 0) && !(group.backdropBlur > 0) && group.colorRamp == nil
            && path.gradient == nil && !(path.blur > 0)
    }

    /// `path` drawn as the one member of `group` (`drawsThroughMasks`), whose region is
    /// `region`: each pixel the colour the path would leave in the group's picture, composited
    /// by the group's opacity and mask coverage as `endGroup` composites it, without the picture.
    private mutating func drawMasked(_ path: PathFill, group: Group, region: PixelRect) {
        let opacity = RasterMath.clamp(group.opacity, 0, 1)
        guard opacity > 0, let paths = renderer.maskCoverage(of: group.maskPaths, clip: region.rect),
              path.color.alpha > 0, let spans = renderer.spans(for: path, frame: frame),
              let bounds = target.bounds, let box = region.intersection(bounds), let visible = spans.bounds.intersection(box) else { return }
        let level = Int((opacity * 255).rounded())
        let color = path.color.premultipliedVector
        let full = PremultipliedColor(color)
        let (canvasWidth, originX, originY) = (target.width, target.originX, target.originY)
        // Pixels outside the mask paths' coverage get nothing.
        guard let masked = PixelRect(x: paths.x, y: paths.y, width: paths.width, height: paths.height)?.intersection(visible) else { return }
        let (pathsX, pathsY, pathsWidth) = (paths.x, paths.y, paths.width)
        // The shade a pixel of `shade` composites to under a mask byte: the per-pixel formula below.
        func composited(_ shade: PremultipliedColor, _ coverage: Int) -> PremultipliedColor {
            let scaled = (level * coverage * 255 + 32512) / 65025
            return scaled == 255 ? shade : shade.scaled(by: scaled)
        }
        // Inside the path (most of its pixels): the full shade under each mask byte, worked out
        // once, and stretches of one mask byte blended at once.
        let inside = (0..<256).map { composited(full, $0) }
        let shades = renderer.shades(for: color)
        paths.alpha.withUnsafeBufferPointer { mask in
            target.withMutablePixels { pixels in
                spans.forEachRun(within: masked) { y, start, end, alpha in
                    let maskRow = (y - pathsY) * pathsWidth - pathsX
                    if alpha == 255 {
                        var x = start
                        while x < end {
                            let uncovered = Self.zeroRun(mask, at: maskRow + x, limit: end - x)
                            if uncovered > 0 { x += uncovered; continue }
                            let value = mask[maskRow + x]
                            let count = Self.sameRun(mask, at: maskRow + x, limit: end - x)
                            let color = inside[Int(value)]
                            if color.a != 0 || color.r != 0 || color.g != 0 || color.b != 0 {
                                Self.blend(color, into: pixels, at: ((y - originY) * canvasWidth + x - originX) * 4, count: count)
                            }
                            x += count
                        }
                        return
                    }
                    // The picture's pixel: the path's shade over transparent, as drawPath leaves it.
                    let shade = shades[Int(alpha)]
                    if shade.a == 0, shade.r == 0, shade.g == 0, shade.b == 0 { return }
                    var x = start
                    while x < end {
                        let offset = ((y - originY) * canvasWidth + x - originX) * 4
                        // Unmasked stretches add nothing; fully masked-in ones at full opacity
                        // take the shade as it is, all at once.
                        let uncovered = Self.zeroRun(mask, at: maskRow + x, limit: end - x)
                        if uncovered > 0 { x += uncovered; continue }
                        if level == 255 {
                            var covered = 0
                            while x + covered < end, mask[maskRow + x + covered] == 255 { covered += 1 }
                            if covered > 0 {
                                Self.blend(shade, into: pixels, at: offset, count: covered)
                                x += covered
                                continue
                            }
                        }
                        defer { x += 1 }
                        let scaled = (level * Int(mask[maskRow + x]) * 255 + 32512) / 65025
                        if scaled == 0 { continue }
                        Self.blend(composited(shade, Int(mask[maskRow + x])), into: pixels, at: offset, count: 1)
                    }
                }
            }
        }
    }

    /// How many pixels from byte `offset` of `pixels`, up to `limit`, are transparent (all four
    /// bytes 0): eight at a time while they are, then one at a time.
    @inline(__always)
    static func transparentRun(_ pixels: UnsafeBufferPointer<UInt8>, at offset: Int, limit: Int) -> Int {
        let base = UnsafeRawPointer(pixels.baseAddress! + offset)
        var count = 0
        while count + 8 <= limit {
            let at = count * 4
            let any = base.loadUnaligned(fromByteOffset: at, as: UInt64.self) | base.loadUnaligned(fromByteOffset: at + 8, as: UInt64.self)
                | base.loadUnaligned(fromByteOffset: at + 16, as: UInt64.self) | base.loadUnaligned(fromByteOffset: at + 24, as: UInt64.self)
            if any != 0 { break }
            count += 8
        }
        while count < limit, base.loadUnaligned(fromByteOffset: count * 4, as: UInt32.self) == 0 { count += 1 }
        return count
    }

    /// How many bytes from `offset` of `bytes`, up to `limit`, are 0: eight at a time while they
    /// are, then one at a time.
    @inline(__always)
    static func zeroRun(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, limit: Int) -> Int {
        let base = UnsafeRawPointer(bytes.baseAddress! + offset)
        var count = 0
        while count + 8 <= limit, base.loadUnaligned(fromByteOffset: count, as: UInt64.self) == 0 { count += 8 }
        while count < limit, base.load(fromByteOffset: count, as: UInt8.self) == 0 { count += 1 }
        return count
    }

    /// How many bytes from `offset` of `bytes` (one at least), up to `limit`, equal the first:
    /// eight at a time while they do, then one at a time.
    @inline(__always)
    static func sameRun(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, limit: Int) -> Int {
        let base = UnsafeRawPointer(bytes.baseAddress! + offset)
        let value = base.load(as: UInt8.self)
        let repeated = UInt64(value) &* 0x0101_0101_0101_0101
        var count = 1
        while count + 8 <= limit, base.loadUnaligned(fromByteOffset: count, as: UInt64.self) == repeated { count += 8 }
        while count < limit, base.load(fromByteOffset: count, as: UInt8.self) == value { count += 1 }
        return count
    }

    /// How many bytes from `offset` of `bytes`, up to `limit`, are 255: eight at a time while
    /// they are, then one at a time.
    @inline(__always)
    static func fullRun(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, limit: Int) -> Int {
        let base = UnsafeRawPointer(bytes.baseAddress! + offset)
        var count = 0
        while count + 8 <= limit, base.loadUnaligned(fromByteOffset: count, as: UInt64.self) == .max { count += 8 }
        while count < limit, base.load(fromByteOffset: count, as: UInt8.self) == 255 { count += 1 }
        return count
    }

    /// Puts `count` pixels of a picture, from byte `from` of `source`, over the pixels from byte
    /// `offset` of `pixels`, source over, each as `blend(_:into:at:count:)` puts one colour:
    /// opaque pixels stored, transparent ones skipped (eight at a time), others blended.
    @inline(__always)
    static func blendPicture(_ source: UnsafeBufferPointer<UInt8>, at from: Int, into pixels: UnsafeMutableBufferPointer<UInt8>, at offset: Int, count: Int) {
        let input = UnsafeRawPointer(source.baseAddress! + from)
        let output = UnsafeMutableRawPointer(pixels.baseAddress! + offset)
        var index = 0
        while index < count {
            let raw = input.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)
            if raw == 0 {
                // Transparent: skipped, with the stretch of them after it.
                index += transparentRun(source, at: from + index * 4, limit: count - index)
                continue
            }
            let word = UInt32(littleEndian: raw)
            if word >> 24 == 255 {
                output.storeBytes(of: raw, toByteOffset: index * 4, as: UInt32.self)
            } else {
                let color = PremultipliedColor(r: UInt8(truncatingIfNeeded: word), g: UInt8(truncatingIfNeeded: word >> 8),
                                               b: UInt8(truncatingIfNeeded: word >> 16), a: UInt8(truncatingIfNeeded: word >> 24))
                blend(color, into: pixels, at: offset + index * 4, count: 1)
            }
            index += 1
        }
    }

    /// Blends `color(x, y, offset)` (premultiplied, 0 … 1) over each pixel of `box` within the
    /// clip and the target, source over, in 8 bits.
    @inline(__always)
    mutating func shade(_ box: PixelRect, _ color: (Int, Int, Int) -> SIMD4<Double>) {
        guard let clip, let bounds = target.bounds, let box = box.intersection(clip)?.intersection(bounds) else { return }
        let width = target.width
        let (originX, originY) = (target.originX, target.originY)
        target.withMutablePixels { pixels in
            for y in box.minY..<box.maxY {
                var offset = ((y - originY) * width + box.minX - originX) * 4
                for x in box.minX..<box.maxX {
                    Self.blend(color(x, y, offset), into: pixels, at: offset)
                    offset += 4
                }
            }
        }
    }

    /// Blends `color(localX, localY)` over the pixels of `reach` (frame pixels), evaluated at each
    /// pixel centre mapped into local space by `inverse`.
    ///
    /// `solid(y)`, when given, names a run of row `y` where `color` is `fill` at full coverage:
    /// it is blended as one colour, which gives the same bytes as the per-pixel formula.
    /// `uniform(y)`, asked for rows without a solid run, names a run where `color` is the same at
    /// every pixel (along a straight edge, where coverage depends on the row alone): `color` is
    /// evaluated at its first pixel and blended across it.
    /// `within(y)`, when given, names the columns `minX ..< maxX` of row `y` outside which
    /// `color` is transparent: only those are evaluated (nil: none in the row).
    @inline(__always)
    mutating func shade(
        _ reach: Rect, inverse: AffineTransform, solid: ((Int) -> (Int, Int)?)? = nil, color fill: PremultipliedColor? = nil,
        uniform: ((Int) -> (Int, Int)?)? = nil, within: ((Int) -> (Int, Int)?)? = nil, _ color: (Double, Double) -> SIMD4<Double>
    ) {
        guard let clip, let bounds = target.bounds, let whole = PixelRect(covering: reach)?.intersection(clip)?.intersection(bounds) else { return }
        let width = target.width
        let (originX, originY) = (target.originX, target.originY)
        target.withMutablePixels { pixels in
            for y in whole.minY..<whole.maxY {
                var box = whole
                if let within {
                    guard let columns = within(y) else { continue }
                    (box.minX, box.maxX) = (max(whole.minX, columns.0), min(whole.maxX, columns.1))
                    guard box.minX < box.maxX else { continue }
                }
                let cy = Double(y) + 0.5
                var run = (box.maxX, box.maxX)
                var runColor = fill
                if let solid, let found = solid(y) {
                    run = (max(found.0, box.minX), min(found.1, box.maxX))
                } else if let uniform, let found = uniform(y) {
                    run = (max(found.0, box.minX), min(found.1, box.maxX))
                    runColor = nil
                }
                if run.0 >= run.1 { run = (box.maxX, box.maxX) }
                var x = box.minX
                while x < box.maxX {
                    let offset = ((y - originY) * width + x - originX) * 4
                    let cx = Double(x) + 0.5
                    if x == run.0 {
                        let same = runColor ?? PremultipliedColor(color(inverse.a * cx + inverse.c * cy + inverse.tx, inverse.b * cx + inverse.d * cy + inverse.ty))
                        Self.blend(same, into: pixels, at: offset, count: run.1 - run.0)
                        x = run.1
                        continue
                    }
                    Self.blend(color(inverse.a * cx + inverse.c * cy + inverse.tx, inverse.b * cx + inverse.d * cy + inverse.ty), into: pixels, at: offset)
                    x += 1
                }
            }
        }
    }

    /// Source over for a colour already in bytes (premultiplied, each 0 … 255): stored as it is
    /// when opaque.
    @inline(__always)
    static func blend(_ color: SIMD4<Int>, into pixels: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        let a = color[3]
        if a >= 255 {
            for channel in 0..<4 { pixels[offset + channel] = UInt8(min(color[channel], 255)) }
            return
        }
        if a == 0, color[0] == 0, color[1] == 0, color[2] == 0 { return }
        let keep = 255 - a
        for channel in 0..<4 {
            pixels[offset + channel] = UInt8(min(255, color[channel] + (Int(pixels[offset + channel]) * keep + 127) / 255))
        }
    }

    /// Blends one premultiplied colour over `count` pixels from `offset`: stored as it is when
    /// opaque, else source over as `blend(_:into:at:)` does.
    @inline(__always)
    static func blend(_ color: PremultipliedColor, into pixels: UnsafeMutableBufferPointer<UInt8>, at offset: Int, count: Int) {
        if color.a == 255 {
            let word = color.word.littleEndian
            UnsafeMutableRawPointer(pixels.baseAddress! + offset).withMemoryRebound(to: UInt32.self, capacity: count) { words in
                words.update(repeating: word, count: count)
            }
            return
        }
        if color.a == 0, color.r == 0, color.g == 0, color.b == 0 { return }
        if count >= 4, color.r <= color.a, color.g <= color.a, color.b <= color.a {
            // Four pixels at a time in sixteen 16-bit lanes: d · keep + 127 ≤ 65152, where
            // ⌊t / 255⌋ = (t + 1 + ⌊t / 256⌋) / 256 exactly; a channel no more than alpha keeps
            // s + d · keep / 255 within 255, so no lane needs holding at 255.
            let keepLanes = SIMD16<UInt16>(repeating: UInt16(255 &- color.a))
            let colorLanes = SIMD4<UInt16>(UInt16(color.r), UInt16(color.g), UInt16(color.b), UInt16(color.a))
            let sourceLanes = SIMD16<UInt16>(
                lowHalf: SIMD8(lowHalf: colorLanes, highHalf: colorLanes), highHalf: SIMD8(lowHalf: colorLanes, highHalf: colorLanes)
            )
            var pixel = UnsafeMutableRawPointer(pixels.baseAddress! + offset)
            var remaining = count
            let sourceBytes = SIMD16<UInt8>(truncatingIfNeeded: sourceLanes)
            while remaining >= 4 {
                // Over four transparent pixels the sums are the source itself.
                if pixel.loadUnaligned(as: UInt64.self) | pixel.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == 0 {
                    pixel.storeBytes(of: sourceBytes, as: SIMD16<UInt8>.self)
                    pixel += 16
                    remaining &-= 4
                    continue
                }
                let backdrop = SIMD16<UInt16>(truncatingIfNeeded: pixel.loadUnaligned(as: SIMD16<UInt8>.self))
                let t = backdrop &* keepLanes &+ 127
                let sum = ((t &+ 1 &+ (t &>> 8)) &>> 8) &+ sourceLanes
                pixel.storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: sum), as: SIMD16<UInt8>.self)
                pixel += 16
                remaining &-= 4
            }
            // The last one to three in the lanes of one word.
            let end = offset + count * 4
            for at in Swift.stride(from: end - remaining * 4, to: end, by: 4) {
                blend(word: color.word.littleEndian, scaledBy: 255, into: pixels, at: at)
            }
            return
        }
        let keep = 255 - Int(color.a)
        var at = offset
        for _ in 0..<count {
            pixels[at] = UInt8(min(255, Int(color.r) + (Int(pixels[at]) * keep + 127) / 255))
            pixels[at + 1] = UInt8(min(255, Int(color.g) + (Int(pixels[at + 1]) * keep + 127) / 255))
            pixels[at + 2] = UInt8(min(255, Int(color.b) + (Int(pixels[at + 2]) * keep + 127) / 255))
            pixels[at + 3] = UInt8(min(255, Int(color.a) + (Int(pixels[at + 3]) * keep + 127) / 255))
            at += 4
        }
    }

    /// `blend(color.scaled(by: level), into:at:count: 1)` for the colour stored as `word` (little
    /// endian RGBA, as in a canvas), the same bytes, four channels at once: each in a 16-bit
    /// lane of a 64-bit word, where c · level + 127 and d · keep + 127 stay below 2¹⁶ and
    /// ⌊t / 255⌋ = (t + 1 + ⌊t / 256⌋) / 256 exactly; a sum past 255 (a channel above its alpha)
    /// is held at 255 as the per-channel formula holds it.
    @inline(__always)
    static func blend(word: UInt32, scaledBy level: Int, into pixels: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        let lanes: UInt64 = 0x00FF_00FF_00FF_00FF
        let one: UInt64 = 0x0001_0001_0001_0001
        let wide = UInt64(UInt32(littleEndian: word))
        var source = (wide | wide &<< 24) & lanes
        if level < 255 {
            let t = source &* UInt64(truncatingIfNeeded: level) &+ 0x007F_007F_007F_007F
            source = ((t &+ one &+ ((t &>> 8) & lanes)) &>> 8) & lanes
        }
        let target = UnsafeMutableRawPointer(pixels.baseAddress! + offset)
        let backdropWord = target.loadUnaligned(as: UInt32.self)
        // Over a transparent pixel the sum is the source itself (each lane ≤ 255).
        if backdropWord == 0 {
            target.storeBytes(of: UInt32(truncatingIfNeeded: source | source &>> 24).littleEndian, as: UInt32.self)
            return
        }
        let keep = 255 &- (source &>> 48)
        let backdrop = UInt64(UInt32(littleEndian: backdropWord))
        let t = ((backdrop | backdrop &<< 24) & lanes) &* keep &+ 0x007F_007F_007F_007F
        let sum = (((t &+ one &+ ((t &>> 8) & lanes)) &>> 8) & lanes) &+ source
        // A lane of 256 or more (bit 8 set) becomes 255.
        let held = (sum | ((sum &>> 8) & one) &* 0xFF) & lanes
        target.storeBytes(of: UInt32(truncatingIfNeeded: held | held &>> 24).littleEndian, as: UInt32.self)
    }

    /// Source over, 8 bits a channel: d = s + d · (255 − sₐ) / 255, rounded.
    @inline(__always)
    static func blend(_ color: SIMD4<Double>, into pixels: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        let a = PremultipliedColor.byte(color.w)
        let r = PremultipliedColor.byte(color.x)
        let g = PremultipliedColor.byte(color.y)
        let b = PremultipliedColor.byte(color.z)
        if a == 0, r == 0, g == 0, b == 0 { return }
        let keep = 255 - Int(a)
        pixels[offset] = UInt8(min(255, Int(r) + (Int(pixels[offset]) * keep + 127) / 255))
        pixels[offset + 1] = UInt8(min(255, Int(g) + (Int(pixels[offset + 1]) * keep + 127) / 255))
        pixels[offset + 2] = UInt8(min(255, Int(b) + (Int(pixels[offset + 2]) * keep + 127) / 255))
        pixels[offset + 3] = UInt8(min(255, Int(a) + (Int(pixels[offset + 3]) * keep + 127) / 255))
    }
}

extension Color {
    /// Premultiplied, as a vector of 0 … 1 channels.
    var premultipliedVector: SIMD4<Double> {
        let c = premultiplied
        return SIMD4(c.red, c.green, c.blue, c.alpha)
    }
}
