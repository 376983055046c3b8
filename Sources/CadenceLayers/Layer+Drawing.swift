import CadenceAnimation
import CadenceDraw

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What drawing a layer tree needs besides the tree: fonts, images, and how many pixels a unit
/// of the current coordinates covers (curves are flattened finely enough for that).
struct LayerDrawContext {
    var fonts: any TextLayoutEngine
    var images: any ImageProvider
    /// Pixels per unit of the coordinates being drawn in (the largest axis scale so far).
    var pixelScale: Double = 1
    /// The motion profile, with the nearest `reducedMotion` above.
    var motion = MotionSetting.full
    /// Where anything drawn can show, in the coordinates being drawn in; nil when unknown. Curves
    /// are flattened finely only where they can reach it.
    var visible: Rect?
    /// How the scene is fitted to the frame, applied to each command as it is emitted; nil when
    /// the list is the scene's size.
    var fit: FrameFit?
    /// How many copies the replicators above make of what is drawn here (1 outside any).
    var copies = 1
    /// An emitter layer's birth-rate multiplier from 0, then from each time a `setValue`
    /// changed it (the layer's own; empty for other layers).
    var emitterRates: [(time: Double, rate: Double)] = []
    /// The parent's `sublayerTransform` about its anchor point, in its coordinates: what places
    /// the layers drawn here in the parent's space before they are flattened into its plane; nil
    /// for none.
    var sublayerTransform: Transform3D?
    /// What the frame may still draw, shared by every layer, copy and picture of it.
    var budget = DrawnItemBudget()

    /// What can show of a scene of `size`: the scene's rectangle grown by its longer side on
    /// every side, as a frame of another shape shows the scene letterboxed and what lies around it.
    static func visible(inSceneOf size: Size) -> Rect? {
        let margin = max(size.width, size.height)
        guard margin > 0, margin.isFinite else { return nil }
        return Rect(x: -margin, y: -margin, width: size.width + 2 * margin, height: size.height + 2 * margin)
    }
}

/// What a frame may still draw: each layer drawn (each replicator copy of it included) and each
/// particle takes one item. One budget serves the whole frame, so limits that multiply — 1,000
/// replicator copies of 100 nested copies of an emitter's 10,000 particles, or 10,000 emitter
/// layers — cannot ask for more than `Layer.maximumDrawnItems` (which once took 6 GB and aborted).
final class DrawnItemBudget {
    private(set) var remaining: Int
    /// The pixels the frame's projected pictures may still take (`Layer.maximumPicturePixels`).
    private(set) var picturePixels: Double

    init(_ limit: Int = Layer.maximumDrawnItems, picturePixels: Double = Layer.maximumPicturePixels) {
        remaining = max(limit, 0)
        self.picturePixels = max(picturePixels, 0)
    }

    /// Takes up to `wanted` picture pixels and says how many were given: at least a 64 × 64
    /// picture's worth (or `wanted`, if fewer) however little is left, so a deep picture shows
    /// coarsely rather than not at all.
    func takePicturePixels(_ wanted: Double) -> Double {
        let given = min(wanted, max(picturePixels, 4096))
        picturePixels = max(picturePixels - given, 0)
        return given
    }

    /// The blur work the frame may still ask for, in pixel-taps (`Layer.maximumBlurWork`).
    private(set) var blurWork = Layer.maximumBlurWork

    /// A blur of `sigma` pixels over `area` pixels, as the budget of blur work allows: as asked
    /// while the budget lasts (a Gaussian reads 6σ + 1 pixels for each pixel of each pass), then
    /// narrower, to what is left, then none.
    func blur(_ sigma: Double, over area: Double) -> Double {
        guard sigma > 0, area > 0, sigma.isFinite, area.isFinite else { return sigma }
        let cost = area * (6 * sigma + 1)
        guard cost > blurWork else {
            blurWork -= cost
            return sigma
        }
        let narrower = max((blurWork / area - 1) / 6, 0)
        blurWork = 0
        return narrower
    }

    /// Takes `extra` picture pixels a picture used past what it was given.
    func chargePicturePixels(_ extra: Double) {
        guard extra > 0 else { return }
        picturePixels = max(picturePixels - extra, 0)
    }

    /// Takes `count` items; once fewer remain, nothing more is drawn this frame.
    func take(_ count: Int = 1) -> Bool {
        guard remaining >= count else {
            remaining = 0
            return false
        }
        remaining -= count
        return true
    }

    var isSpent: Bool { remaining <= 0 }
}

extension Layer {
    /// Deepest nesting of sublayers a scene may have.
    public static let maximumDepth = 64
    /// The most items one frame draws: layers (each replicator copy counted) and particles
    /// together, 1,000,000. Past it the rest of the frame is left out (a documented clamp, not an
    /// abort or a hang).
    public static let maximumDrawnItems = 1_000_000
    /// The most pixels one frame's projected pictures (layers turned in perspective) take
    /// together: 33,554,432 (two pictures of the largest side, 4096²). Each picture reserves its
    /// share before the pictures inside it are drawn, so outer pictures keep their resolution and
    /// deeper ones are drawn smaller (63 nested turned layers at 8192² took 28 s and 3.3 GB).
    public static let maximumPicturePixels = Double(1 << 25)
    /// The most blur work one frame asks for, in pixel-taps (each blurred pixel reads 6σ + 1 pixels
    /// a pass): 5,000,000,000, four 1920 × 1080 frames blurred at the largest radius (100). Blurs
    /// past it are drawn narrower, then not blurred: filters nested 63 deep at 2048² and a
    /// backdrop blur of 100 at 8192² each ran past two minutes.
    public static let maximumBlurWork = 5e9

    /// Draws the layer as it is at `time` into `list`, each command once and already mapped by
    /// `transform` (its parent's coordinates to the list's: the ancestors' transforms composed),
    /// as nanovg's state stack and rlottie's `update(frame, parentMatrix, parentAlpha)` pass
    /// theirs down, rather than drawing into a list of its own that each ancestor maps again.
    func draw(at time: Double, context: LayerDrawContext, transform: AffineTransform = .identity, into list: inout DisplayList) throws(TextError) {
        guard context.budget.take() else { return }
        let layer = presentation(at: time, motion: context.motion)
        var context = context
        context.emitterRates = []
        if case .emitter(let emitter) = content {
            // From the layer as written (the presentation has the changes applied already).
            context.emitterRates = [(0, emitter.birthRate)]
            for change in timeline.changes where change.keyPath.name == "birthRate" && change.time <= time && !change.value.isEmpty {
                context.emitterRates.append((change.time, change.value[0]))
            }
        }
        let properties = layer.properties
        guard !properties.isHidden, properties.opacity > 0 else { return }
        // The layer's own coordinates to its parent's: in 2-D, or placed in space and flattened
        // into the parent's plane (through the parent's sublayerTransform).
        var matrix = properties.matrix
        if properties.transform.is3D || context.sublayerTransform != nil {
            var space = properties.matrix3D
            if let sublayer = context.sublayerTransform { space = space.concatenating(sublayer) }
            let flat = space.flattened
            guard flat.isFinite else { return }
            guard let affine = flat.affine else {
                try layer.drawProjected(flat, at: time, context: context, transform: transform, into: &list)
                return
            }
            matrix = affine
        }
        // Seen from behind: turned over (or mirrored) on its way to the frame.
        if !properties.isDoubleSided, matrix.concatenating(transform).determinant < 0 { return }
        let scales = matrix.axisScales
        var inner = context
        inner.motion = context.motion.overridden(by: reducedMotion)
        inner.pixelScale = context.pixelScale * max(scales.x, scales.y)
        inner.sublayerTransform = properties.sublayerMatrix
        // Nothing of a layer squashed flat (or not finite) can show.
        guard inner.pixelScale > 0, inner.pixelScale.isFinite, matrix.determinant != 0 else { return }
        inner.visible = context.visible.flatMap { visible in matrix.inverted.map { $0.boundingBox(of: visible) } }
        // The layer's own coordinates to the list's.
        try layer.drawBody(toList: matrix.concatenating(transform), fit: context.fit, at: time, context: inner, into: &list)
    }

    /// A layer whose map into its parent's plane, `flat`, has perspective: its whole body drawn
    /// flat into a picture of its own, at about the resolution the frame shows it at (within the
    /// frame's size), and the picture projected into the list (`ProjectedPicture`).
    private func drawProjected(
        _ flat: ProjectiveTransform, at time: Double, context: LayerDrawContext, transform: AffineTransform, into list: inout DisplayList
    ) throws(TextError) {
        let properties = self.properties
        // The layer's coordinates to the list's pixels.
        var toList = flat.concatenating(transform)
        if let fit = context.fit { toList = toList.concatenating(fit.transform) }
        guard toList.isFinite, toList.determinant != 0 else { return }
        // Seen from behind: turned over (or mirrored) on its way to the frame (w > 0 in front).
        if !properties.isDoubleSided, toList.determinant < 0 { return }
        // Pixels per layer unit where the frame shows the layer largest (a corner in front of the eye).
        let bounds = Rect(origin: .zero, size: properties.bounds)
        var scale = 0.0
        for corner in [Point(x: bounds.minX, y: bounds.minY), Point(x: bounds.maxX, y: bounds.minY),
                       Point(x: bounds.minX, y: bounds.maxY), Point(x: bounds.maxX, y: bounds.maxY), Point(x: bounds.width / 2, y: bounds.height / 2)] {
            let scales = toList.axisScales(at: corner)
            scale = max(scale, scales.x, scales.y)
        }
        // Rounded up to a quarter octave, so that the picture of a layer turning in 3-D stays the
        // same list from frame to frame (a backend keeps what it drew of it) while its scale
        // changes a little.
        guard scale > 0, scale.isFinite else { return }
        scale = pow(2, (log2(scale) * 4).rounded(.up) / 4)
        let longest = max(list.size.width, list.size.height, 1)
        scale = min(scale, longest / max(bounds.width, bounds.height, 1))
        guard scale > 0, scale.isFinite else { return }
        // The picture's pixels out of the frame's budget, reserved before the pictures inside it
        // take theirs: fewer given, drawn at a smaller scale (a quarter octave down, kept steady
        // from frame to frame as above).
        let side = ProjectedPicture.maximumSide
        let wanted = min(bounds.width * scale, longest, side) * min(bounds.height * scale, longest, side)
        var given = wanted
        if wanted > 0, wanted.isFinite {
            given = context.budget.takePicturePixels(wanted)
            if given < wanted {
                scale *= (given / wanted).squareRoot()
                scale = pow(2, (log2(scale) * 4).rounded(.down) / 4)
            }
        }
        guard scale > 0, scale.isFinite else { return }
        var inner = context
        inner.motion = context.motion.overridden(by: reducedMotion)
        inner.pixelScale = scale
        inner.sublayerTransform = properties.sublayerMatrix
        // Drawn at `scale` as a scene is fitted to a larger frame: text laid out at the picture's
        // pixel size, not magnified.
        guard let pictureFit = FrameFit(scale: scale) else { return }
        inner.fit = pictureFit
        inner.visible = nil
        var picture = DisplayList(size: list.size, background: .clear)
        try drawBody(toList: .identity, fit: pictureFit, at: time, context: inner, into: &picture)
        // The picture: what the body drew, within the bounds grown by the frame's longer side,
        // shrunk if need be to the frame's size (a GL group layer's).
        let reach = AffineTransform(scaleX: scale, y: scale).boundingBox(of: bounds).insetBy(-longest)
        var box: Rect?
        for command in picture.commands {
            guard let drawn = command.bounds, drawn.minX.isFinite, drawn.minY.isFinite, drawn.maxX.isFinite, drawn.maxY.isFinite else { continue }
            let cut = drawn.intersection(reach)
            guard cut.width > 0, cut.height > 0 else { continue }
            box = box.map { Rect(x: min($0.minX, cut.minX), y: min($0.minY, cut.minY), width: max($0.maxX, cut.maxX) - min($0.minX, cut.minX),
                                 height: max($0.maxY, cut.maxY) - min($0.minY, cut.minY)) } ?? cut
        }
        guard let box else { return }
        let origin = Point(x: box.minX.rounded(.down), y: box.minY.rounded(.down))
        let needed = Size(width: box.maxX.rounded(.up) - origin.x, height: box.maxY.rounded(.up) - origin.y)
        var shrink = min(1, list.size.width / needed.width, list.size.height / needed.height, ProjectedPicture.maximumSide / max(needed.width, needed.height))
        // Within what was given and what the pictures inside it left of the budget (what the body
        // drew may reach past its bounds: a sublayer's picture seen close to the eye), and at
        // least 64 × 64; what it takes past what it was given comes out of the budget.
        let area = needed.width * needed.height
        let allowed = max(given + context.budget.picturePixels, min(area, 4096))
        if area > 0, area * shrink * shrink > allowed { shrink = min(shrink, (allowed / area).squareRoot()) }
        context.budget.chargePicturePixels(area * shrink * shrink - given)
        guard shrink > 0, shrink.isFinite else { return }
        let placing = AffineTransform(translationX: -origin.x, y: -origin.y).concatenating(AffineTransform(scaleX: shrink, y: shrink))
        var shown = DisplayList(size: Size(width: (needed.width * shrink).rounded(.up), height: (needed.height * shrink).rounded(.up)), background: .clear)
        shown.append(picture, transformedBy: placing)
        // The picture's pixels back to the layer's units, then to the list's pixels.
        guard let back = placing.concatenating(AffineTransform(scaleX: scale, y: scale)).inverted else { return }
        list.append(.projected(ProjectedPicture(list: shown, transform: ProjectiveTransform(back).concatenating(toList))))
    }

    /// The layer's shadow, background, content, sublayers, border and mask, each command mapped
    /// by `toList` (the layer's coordinates to the list's) and then by `fit`. `context` is the one
    /// for what the layer holds (its pixel scale, visible region, sublayer transform).
    private func drawBody(toList: AffineTransform, fit: FrameFit?, at time: Double, context inner: LayerDrawContext, into list: inout DisplayList) throws(TextError) {
        let layer = self
        let properties = layer.properties
        var mapping = CommandMapping(toList, fit: fit)
        // Content made in the layer's coordinates (shadow, text, image, shape, widget), mapped
        // into the list as it comes.
        var local = DisplayList(size: list.size, background: .clear)
        func emit(_ local: inout DisplayList) {
            for command in local.commands { list.append(mapping.map(command)) }
            local.removeAllCommands()
        }

        let bounds = Rect(origin: .zero, size: properties.bounds)
        let opacity = min(properties.opacity, 1)
        // With a mask, the whole picture is a group whose last member, the mask's picture,
        // multiplies it by its alpha.
        if layer.mask != nil { list.append(mapping.map(.pushGroup(Group(matte: .alpha)))) }
        // A blend mode or a blur makes the whole layer one group that has them (its opacity too).
        let effects = properties.compositingFilter != .normal || properties.blurRadius > 0 || properties.backgroundBlurRadius > 0
        if effects {
            var command = mapping.map(.pushGroup(Group(
                opacity: opacity, blendMode: properties.compositingFilter, blur: min(max(properties.blurRadius, 0), Group.maximumBlur),
                backdropBlur: min(max(properties.backgroundBlurRadius, 0), Group.maximumBlur),
                backdrop: properties.backgroundBlurRadius > 0 ? RoundedRect(rect: bounds, cornerRadius: properties.cornerRadius, fill: .black) : nil
            )))
            // The blurs (now in the list's pixels) out of the frame's budget of blur work.
            if case .pushGroup(var group) = command, group.blur > 0 || group.backdropBlur > 0 {
                var toPixels = toList
                if let fit { toPixels = toPixels.concatenating(fit.transform) }
                let frame = Rect(origin: .zero, size: list.size)
                func area(reaching sigma: Double) -> Double {
                    let box = toPixels.boundingBox(of: bounds).insetBy(-3 * sigma).intersection(frame)
                    return box.width > 0 && box.height > 0 ? box.width * box.height : 0
                }
                group.blur = inner.budget.blur(min(group.blur, Group.maximumBlur), over: area(reaching: group.blur))
                group.backdropBlur = inner.budget.blur(min(group.backdropBlur, Group.maximumBlur), over: area(reaching: group.backdropBlur))
                command = .pushGroup(group)
            }
            list.append(command)
        }
        layer.drawShadow(bounds: bounds, opacity: effects ? 1 : opacity, context: inner, into: &local)
        emit(&local)

        // The body: in a group of the layer's opacity, unless it is opaque.
        let group = !effects && opacity < 1 ? list.beginFadingGroup(opacity: opacity) : nil
        if properties.backgroundColor.alpha > 0 {
            list.append(mapping.map(.roundedRect(RoundedRect(rect: bounds, cornerRadius: properties.cornerRadius, fill: properties.backgroundColor))))
        }
        let clip = properties.masksToBounds
        if clip {
            list.append(mapping.map(properties.cornerRadius > 0
                ? .pushGroup(Group(mask: RoundedRect(rect: bounds, cornerRadius: properties.cornerRadius, fill: .black)))
                : .pushClip(bounds)))
        }
        try layer.drawContent(at: time, bounds: bounds, context: inner, into: &local)
        emit(&local)
        // Stable: siblings of equal zPosition keep file order.
        let z = layer.sublayers.map { $0.zOrder(at: time, motion: inner.motion) }
        let order = layer.sublayers.indices.sorted { z[$0] != z[$1] ? z[$0] < z[$1] : $0 < $1 }
        if case .replicator(let replicator) = layer.content {
            try layer.drawInstances(of: replicator, order: order, at: time, context: inner, bounds: bounds, toList: toList, into: &list)
        } else {
            for index in order {
                try layer.sublayers[index].draw(at: time, context: inner, transform: toList, into: &list)
            }
        }
        if clip { list.append(mapping.map(properties.cornerRadius > 0 ? .popGroup : .popClip)) }
        if properties.borderWidth > 0, properties.borderColor.alpha > 0 {
            list.append(mapping.map(.roundedRect(RoundedRect(
                rect: bounds, cornerRadius: properties.cornerRadius, fill: .clear,
                stroke: properties.borderColor, strokeWidth: properties.borderWidth
            ))))
        }

        if let group { list.endFadingGroup(openedAt: group) }
        if effects { list.append(mapping.map(.popGroup)) }
        if let mask = layer.mask {
            list.append(mapping.map(.pushGroup(Group(isMatte: true))))
            var maskContext = inner
            maskContext.sublayerTransform = nil
            try mask.draw(at: time, context: maskContext, transform: toList, into: &list)
            list.append(.popGroup)
            list.append(.popGroup)
        }
    }

    /// A replicator's sublayers, copy after copy: copy *i* through the instance transform applied
    /// *i* times about the anchor point, at time *t − i · delay*, tinted by its colour. Copies
    /// beyond `ReplicatorContent.maximumNestedInstances` (with the replicators above) are not drawn.
    private func drawInstances(
        of replicator: ReplicatorContent, order: [Int], at time: Double, context: LayerDrawContext, bounds: Rect, toList: AffineTransform,
        into list: inout DisplayList
    ) throws(TextError) {
        let budget = max(ReplicatorContent.maximumNestedInstances / max(context.copies, 1), 0)
        let count = min(replicator.instanceCount, budget)
        guard count > 0 else { return }
        var inner = context
        inner.copies = context.copies * max(count, 1)
        let anchor = Point(x: properties.anchorPoint.x * bounds.width, y: properties.anchorPoint.y * bounds.height)
        let step = AffineTransform(translationX: -anchor.x, y: -anchor.y)
            .concatenating(replicator.instanceTransform.matrix)
            .concatenating(AffineTransform(translationX: anchor.x, y: anchor.y))
        var instance = AffineTransform.identity
        var copy = DisplayList(size: list.size, background: .clear)
        for index in 0..<count where !context.budget.isSpent {
            if index > 0 { instance = instance.concatenating(step) }
            guard instance.determinant != 0, instance.a.isFinite, instance.b.isFinite, instance.c.isFinite, instance.d.isFinite,
                  instance.tx.isFinite, instance.ty.isFinite else { break }
            let shifted = time - Double(index) * replicator.instanceDelay
            let tint = replicator.color(ofInstance: index)
            guard tint.alpha > 0 else { continue }
            var copyContext = inner
            copyContext.pixelScale = context.pixelScale * max(instance.axisScales.x, instance.axisScales.y)
            guard copyContext.pixelScale > 0, copyContext.pixelScale.isFinite else { continue }
            copyContext.visible = context.visible.flatMap { visible in instance.inverted.map { $0.boundingBox(of: visible) } }
            let transform = instance.concatenating(toList)
            if tint == .white {
                for sublayer in order { try sublayers[sublayer].draw(at: shifted, context: copyContext, transform: transform, into: &list) }
            } else {
                for sublayer in order { try sublayers[sublayer].draw(at: shifted, context: copyContext, transform: transform, into: &copy) }
                for command in copy.commands { list.append(command.tinted(by: tint)) }
                copy.removeAllCommands()
            }
        }
    }

    /// The zPosition the layer has at `time`.
    func zOrder(at time: Double, motion: MotionSetting) -> Double {
        timeline.isEmpty ? properties.zPosition : presentation(at: time, motion: motion).properties.zPosition
    }

    /// The shadow of the layer's shape: its path for a shape layer, else its rounded bounds when
    /// it has a background or border to cast one.
    private func drawShadow(bounds: Rect, opacity: Double, context: LayerDrawContext, into list: inout DisplayList) {
        let properties = self.properties
        guard properties.shadowOpacity > 0, properties.shadowColor.alpha > 0 else { return }
        var color = properties.shadowColor
        color.alpha *= min(properties.shadowOpacity, 1) * opacity
        let offset = properties.shadowOffset
        let blur = max(properties.shadowRadius, 0)
        switch content {
        case .shape(let shape):
            // The shadow at offset, blurred: what reaches the visible part comes from this much around it.
            let reach = 3 * min(blur, 64 / context.pixelScale)
            let visible = context.visible.map { $0.offsetBy(dx: -offset.x, dy: -offset.y).insetBy(-reach - 1 / context.pixelScale) }
            let contours = shape.path.flattened(tolerance: 0.25 / context.pixelScale, visible: visible).map { $0.points.map {
                Point(x: $0.x + offset.x, y: $0.y + offset.y)
            } }
            guard !contours.isEmpty else { return }
            list.append(.path(PathFill(contours: contours, fillRule: shape.fillRule, color: color, blur: blur)))
        default:
            guard properties.backgroundColor.alpha > 0 || (properties.borderWidth > 0 && properties.borderColor.alpha > 0) else { return }
            list.append(.shadow(Shadow(
                rect: bounds.offsetBy(dx: offset.x, dy: offset.y), cornerRadius: properties.cornerRadius, color: color, blur: blur
            )))
        }
    }

    private func drawContent(at time: Double, bounds: Rect, context: LayerDrawContext, into list: inout DisplayList) throws(TextError) {
        switch content {
        case .none:
            break
        case .text(let text):
            try text.draw(in: bounds, fonts: context.fonts, visible: context.visible, into: &list)
        case .image(let image):
            image.draw(in: bounds, images: context.images, into: &list)
        case .shape(let shape):
            shape.draw(tolerance: 0.25 / context.pixelScale, visible: context.visible, into: &list)
        case .gradient(let gradient):
            gradient.draw(in: bounds, cornerRadius: properties.cornerRadius, tolerance: 0.25 / context.pixelScale, into: &list)
        case .replicator:
            break
        case .emitter(let emitter):
            emitter.draw(at: time, rates: context.emitterRates, images: context.images, budget: context.budget, into: &list)
        case .widget(var node):
            node.frame = bounds
            try node.draw(at: time, fonts: context.fonts, images: context.images, motion: context.motion, pixelScale: context.pixelScale, into: &list)
        }
    }
}

extension TextContent {
    /// Text from the top of the bounds; one line unless wrapped; with a truncation, one line cut
    /// with "…" (at its start, middle or end) to the bounds' width.
    func draw(in bounds: Rect, fonts: any TextLayoutEngine, visible: Rect? = nil, into list: inout DisplayList) throws(TextError) {
        // Sizes outside what a glyph rasteriser can make draw nothing rather than fail.
        guard !string.isEmpty, fontSize > 0, fontSize <= TextContent.maximumFontSize, foregroundColor.alpha > 0 else { return }
        let face = try FontDescriptor(family: font.family, size: fontSize, weight: font.weight, italic: font.italic)
        let options: TextLayoutOptions
        if isWrapped {
            options = TextLayoutOptions(width: bounds.width, lineBreak: .wordWrap, alignment: alignment)
        } else if truncation != .none {
            let mode: LineBreakMode = switch truncation {
            case .start: .truncateHead
            case .middle: .truncateMiddle
            default: .truncateTail
            }
            options = TextLayoutOptions(width: bounds.width, lineBreak: mode, alignment: alignment)
        } else {
            options = TextLayoutOptions(width: nil, lineBreak: .wordWrap, alignment: .left)
        }
        let layout = try fonts.layout(AttributedText(string, attributes: TextAttributes(font: face, color: foregroundColor)), options: options)
        var x = bounds.minX
        if options.width == nil {
            // One unconstrained line, aligned within the bounds (it may overflow them).
            let spare = bounds.width - layout.size.width
            switch alignment {
            case .left: break
            case .center: x += spare / 2
            case .right: x += spare
            }
        }
        for run in layout.glyphRuns(at: Point(x: x, y: bounds.minY), visible: visible) { list.glyphs(run) }
    }

    /// The largest font size drawn, in points.
    public static let maximumFontSize = 1000.0
}

extension ImageContent {
    func draw(in bounds: Rect, images: any ImageProvider, into list: inout DisplayList) {
        guard let contents, let image = images.image(for: contents), image.width > 0, image.height > 0 else { return }
        let width = Double(image.width)
        let height = Double(image.height)
        let whole = Rect(x: 0, y: 0, width: width, height: height)
        var rect = bounds
        var source = whole
        switch gravity {
        case .resize:
            break
        case .resizeAspect:
            let scale = min(bounds.width / width, bounds.height / height)
            rect = Rect(x: bounds.minX + (bounds.width - width * scale) / 2, y: bounds.minY + (bounds.height - height * scale) / 2,
                        width: width * scale, height: height * scale)
        case .resizeAspectFill:
            let scale = max(bounds.width / width, bounds.height / height)
            guard scale > 0 else { return }
            let visible = Size(width: bounds.width / scale, height: bounds.height / scale)
            source = Rect(x: (width - visible.width) / 2, y: (height - visible.height) / 2, width: visible.width, height: visible.height)
        case .center:
            // The image at its own size, centred, cut to the bounds.
            let shown = Rect(x: bounds.minX + (bounds.width - width) / 2, y: bounds.minY + (bounds.height - height) / 2, width: width, height: height)
            rect = shown.intersection(bounds)
            guard rect.width > 0, rect.height > 0 else { return }
            source = Rect(x: rect.minX - shown.minX, y: rect.minY - shown.minY, width: rect.width, height: rect.height)
        }
        list.append(.image(ImageDraw(
            key: contents, image: image, rect: rect, source: source, minificationFilter: minificationFilter, magnificationFilter: magnificationFilter
        )))
    }
}

extension ShapeContent {
    /// The fill, then the stroke between `strokeStart` and `strokeEnd`, flattened within
    /// `tolerance` (in the layer's units), finely only where it can reach `visible` (nil: everywhere).
    func draw(tolerance: Double, visible: Rect?, into list: inout DisplayList) {
        let stroking = strokeColor.alpha > 0 && style.lineWidth > 0 && strokeEnd > strokeStart
        // A stroke reaches half its width from the line, a miter join up to miterLimit times that.
        let reach = stroking ? style.lineWidth / 2 * max(style.miterLimit, 1.5) + tolerance : 0
        // Half a pixel more, for the anti-aliased edge.
        let reachable = visible.map { $0.insetBy(-reach - 2 * tolerance) }
        // Trimming and dashing measure length: curves out of sight keep theirs.
        let measured = stroking && (strokeStart > 0 || strokeEnd < 1 || !style.lineDashPattern.isEmpty)
        let polylines = path.flattened(tolerance: tolerance, visible: reachable, keepingLength: measured)
        guard !polylines.isEmpty else { return }
        if fillColor.alpha > 0 {
            let contours = polylines.map(\.points).filter { $0.count >= 3 }
            if !contours.isEmpty { list.append(.path(PathFill(contours: contours, fillRule: fillRule, color: fillColor))) }
        }
        guard stroking else { return }
        let stroked = polylines.trimmed(from: strokeStart, to: strokeEnd).dashed(pattern: style.lineDashPattern, phase: style.lineDashPhase)
        let outline = stroked.strokeOutline(style, tolerance: tolerance, visible: reachable)
        if !outline.isEmpty { list.append(.path(PathFill(contours: outline, fillRule: .nonZero, color: strokeColor))) }
    }
}

extension GradientContent {
    /// The gradient's stops: each colour at its location (evenly spaced without locations),
    /// locations kept in order and within 0 ... 1.
    var stops: [GradientStop] {
        let count = colors.count
        var previous = 0.0
        return colors.enumerated().map { index, color in
            var offset = locations.flatMap { index < $0.count ? $0[index] : nil } ?? (count > 1 ? Double(index) / Double(count - 1) : 0)
            offset = offset.isFinite ? min(max(offset, previous), 1) : previous
            previous = offset
            return GradientStop(offset: offset, color: color)
        }
    }

    /// The gradient over `bounds`, in unit coordinates mapped to the bounds; nil when it draws nothing.
    func gradient(in bounds: Rect) -> Gradient? {
        guard !colors.isEmpty, bounds.width > 0, bounds.height > 0 else { return nil }
        let unit = AffineTransform(scaleX: bounds.width, y: bounds.height).concatenating(AffineTransform(translationX: bounds.minX, y: bounds.minY))
        switch type {
        case .axial:
            return Gradient(kind: .linear, start: startPoint, end: endPoint, stops: stops, space: unit)
        case .conic:
            return Gradient(kind: .conic, start: startPoint, end: endPoint, stops: stops, space: unit)
        case .radial:
            // A circle of radius 1 about the origin, stretched to the ellipse's radii and moved
            // to its centre.
            let rx = abs(endPoint.x - startPoint.x), ry = abs(endPoint.y - startPoint.y)
            guard rx > 0, ry > 0 else {
                return Gradient(kind: .radial, start: startPoint, end: startPoint, stops: stops, space: unit)
            }
            let ellipse = AffineTransform(scaleX: rx, y: ry).concatenating(AffineTransform(translationX: startPoint.x, y: startPoint.y))
            return Gradient(kind: .radial, start: .zero, end: Point(x: 1, y: 0), stops: stops, space: ellipse.concatenating(unit))
        }
    }

    /// The bounds, rounded by `cornerRadius`, filled with the gradient; curves flattened within
    /// `tolerance`.
    func draw(in bounds: Rect, cornerRadius: Double, tolerance: Double, into list: inout DisplayList) {
        guard let gradient = gradient(in: bounds) else { return }
        let radius = min(max(cornerRadius, 0), bounds.width / 2, bounds.height / 2)
        var path = Path()
        if radius > 0 {
            // Each corner a quarter circle as one cubic (kappa ≈ 0.5523).
            let k = radius * (1 - 0.5522847498)
            let (minX, minY, maxX, maxY) = (bounds.minX, bounds.minY, bounds.maxX, bounds.maxY)
            path = Path(elements: [
                .move(Point(x: minX + radius, y: minY)), .line(Point(x: maxX - radius, y: minY)),
                .curve(control1: Point(x: maxX - k, y: minY), control2: Point(x: maxX, y: minY + k), to: Point(x: maxX, y: minY + radius)),
                .line(Point(x: maxX, y: maxY - radius)),
                .curve(control1: Point(x: maxX, y: maxY - k), control2: Point(x: maxX - k, y: maxY), to: Point(x: maxX - radius, y: maxY)),
                .line(Point(x: minX + radius, y: maxY)),
                .curve(control1: Point(x: minX + k, y: maxY), control2: Point(x: minX, y: maxY - k), to: Point(x: minX, y: maxY - radius)),
                .line(Point(x: minX, y: minY + radius)),
                .curve(control1: Point(x: minX, y: minY + k), control2: Point(x: minX + k, y: minY), to: Point(x: minX + radius, y: minY)),
                .close,
            ])
        } else {
            path = Path(elements: [
                .move(Point(x: bounds.minX, y: bounds.minY)), .line(Point(x: bounds.maxX, y: bounds.minY)),
                .line(Point(x: bounds.maxX, y: bounds.maxY)), .line(Point(x: bounds.minX, y: bounds.maxY)), .close,
            ])
        }
        let contours = path.flattened(tolerance: tolerance, visible: nil, keepingLength: false).map(\.points).filter { $0.count >= 3 }
        guard !contours.isEmpty else { return }
        list.append(.path(PathFill(contours: contours, color: .white, gradient: gradient)))
    }
}
