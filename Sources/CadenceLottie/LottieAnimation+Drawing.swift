#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CadenceDraw
import CadenceLayers

/// Drawing a Lottie frame: the layers bottom first, each shape layer's items evaluated as After
/// Effects does — a fill or stroke paints every path above it in its group (nested groups
/// included), a modifier (trim paths) changes every path above it, a repeater copies everything
/// above it — and each paint emitted once as a `PathFill` in the frame's pixels.
extension LottieAnimation {
    /// The most paths one layer evaluates in a frame: repeaters nested in repeaters multiply, and
    /// past this the rest of the copies are left out (a documented clamp, not a hang).
    static let maximumPathsPerLayer = 10_000
    /// The most repeater copies one layer evaluates in a frame, counted through nested
    /// repeaters: copies that draw no path add no path to the clamp above, so they are counted
    /// here (a documented clamp, not a hang: three repeaters of 1000 copies nested ask for 10⁹).
    static let maximumRepeatedCopiesPerLayer = 100_000
    /// How far (in output pixels) a flattened curve may stray from the curve.
    static let flatness = 0.2
    /// The most layers one frame draws, counted through precompositions (a precomposition used
    /// by many layers, nested, multiplies: 29 levels of two uses ask for 2²⁹, which once ran for
    /// minutes and aborted at 10 GB). Past it the rest of the frame is left out (a documented
    /// clamp, not a hang).
    public static let maximumDrawnLayers = 100_000
    /// The most paths, and the most repeater copies, one frame evaluates over all its layers: the
    /// per-layer limits above multiply by the layers (10,000 layers of 100,000 copies each ran
    /// past a minute at 11 GB). Layers past them draw what is left, then nothing.
    public static let maximumPathsPerFrame = 1_000_000
    public static let maximumRepeatedCopiesPerFrame = 1_000_000

    /// Draws composition frame `frame` with `transform` mapping composition coordinates to the
    /// list's; `pixelScale` is how many pixels one list unit covers (curves are flattened for it).
    /// Images come from `images` by their sources (`imageSources`); one it has not is left out.
    /// Text set in fonts (a file without glyph shapes) is laid out by `fonts`; without one it is
    /// left out. `valueProviders` replace the file's values by key path (`LottieValueProviders`).
    public func draw(
        atFrame frame: Double, transform: AffineTransform, pixelScale: Double = 1, images: any ImageProvider = NoImages(),
        fonts: (any TextLayoutEngine)? = nil, valueProviders: LottieValueProviders = LottieValueProviders(), into list: inout DisplayList
    ) {
        var drawing = Drawing(animation: self, pixelScale: pixelScale.isFinite && pixelScale > 0 ? pixelScale : 1, images: images, fonts: fonts)
        drawing.providers = valueProviders
        drawing.composition(root, frame: frame, matrix: transform, opacity: 1, depth: 0, into: &list)
    }
}

/// One shape item's paths: its shapes in its group's space, and the matrix from there to the
/// layer's space.
private struct PoolEntry {
    var shapes: [BezierShape]
    var matrix: AffineTransform
    /// Set when merge paths combined entries' areas: how they combine, and each one's shapes (in
    /// the layer's space, as `shapes` then is), top first; the last is the one combined with
    /// the union of the others.
    var merged: (mode: MergeMode, operands: [[BezierShape]])?
}

/// One paint waiting for the paths above it: which pool entries it covers, the space its group
/// draws in, and its opacity from the groups above it.
private struct PendingPaint {
    enum Kind {
        case fill(Color, FillRule)
        case stroke(Color, StrokeStyle)
        /// A gradient in the paint's group space, and its opacity.
        case gradientFill(Gradient, Double, FillRule)
        case gradientStroke(Gradient, Double, StrokeStyle)
    }

    var kind: Kind
    var paths: Range<Int>
    /// The paint's group space to the layer's space.
    var groupMatrix: AffineTransform
}

private struct Drawing {
    let animation: LottieAnimation
    let pixelScale: Double
    let images: any ImageProvider
    let fonts: (any TextLayoutEngine)?
    /// Values replacing the file's, by key path; and the names down to the layer or group being
    /// drawn (layers, precomposition layers, shape groups), which key paths match.
    var providers = LottieValueProviders()
    var path: [String] = []
    /// Layers drawn so far this frame, precompositions' and mattes' included.
    var drawnLayers = 0
    /// The world matrices (layer to composition, through parents) of the compositions being
    /// drawn, filled as they are needed: the innermost's from `worldBase` on, by layer position.
    /// One buffer for the frame, grown and shrunk as precompositions nest, not one array each.
    var worldMatrices: [AffineTransform?] = []
    var worldBase = 0

    /// Draws `composition` at its frame `frame`.
    mutating func composition(
        _ composition: Composition, frame: Double, matrix: AffineTransform, opacity: Double, depth: Int, into list: inout DisplayList
    ) {
        guard depth <= LottieReader.maximumNesting else { return }
        // This composition's matrices, kept apart from those of the one it is drawn in.
        let (outerBase, count) = (worldBase, composition.layers.count)
        worldBase = worldMatrices.count
        worldMatrices.append(contentsOf: repeatElement(nil, count: count))
        defer {
            worldMatrices.removeLast(count)
            worldBase = outerBase
        }
        // Layers are read in place (`composition.layers[position].…`), not copied: a copy of a
        // layer retains and releases every array and string it holds.
        for position in composition.layers.indices.reversed() {
            guard !composition.layers[position].hidden, !composition.layers[position].isMatteSource,
                  frame >= composition.layers[position].inPoint, frame < composition.layers[position].outPoint else { continue }
            let blendMode = composition.layers[position].blendMode
            guard blendMode != .normal else {
                matted(at: position, in: composition, frame: frame, matrix: matrix, opacity: opacity, depth: depth, into: &list)
                continue
            }
            // A blend mode: the layer (with its matte) one group blended over what lies under it.
            var blended = DisplayList(size: list.size, background: .clear)
            matted(at: position, in: composition, frame: frame, matrix: matrix, opacity: opacity, depth: depth, into: &blended)
            guard !blended.commands.isEmpty else { continue }
            list.append(.pushGroup(Group(blendMode: blendMode)))
            for command in blended.commands { list.append(command) }
            list.append(.popGroup)
        }
    }

    /// Draws the layer at `position`, through its track matte when it has one.
    private mutating func matted(
        at position: Int, in composition: Composition, frame: Double, matrix: AffineTransform, opacity: Double, depth: Int,
        into list: inout DisplayList
    ) {
        guard let mode = composition.layers[position].matte, let source = composition.mattes[position] else {
            self.layer(at: position, in: composition, frame: frame, matrix: matrix, opacity: opacity, depth: depth, into: &list)
            return
        }
        // Matted: the layer, then its matte as the group's last member.
        var matted = DisplayList(size: list.size, background: .clear)
        self.layer(at: position, in: composition, frame: frame, matrix: matrix, opacity: opacity, depth: depth, into: &matted)
        guard !matted.commands.isEmpty else { return }
        var matte = DisplayList(size: list.size, background: .clear)
        if !composition.layers[source].hidden, frame >= composition.layers[source].inPoint, frame < composition.layers[source].outPoint {
            self.layer(at: source, in: composition, frame: frame, matrix: matrix, opacity: 1, depth: depth, into: &matte)
        }
        list.append(.pushGroup(Group(matte: mode)))
        for command in matted.commands { list.append(command) }
        list.append(.pushGroup(Group(isMatte: true)))
        for command in matte.commands { list.append(command) }
        list.append(.popGroup)
        list.append(.popGroup)
    }

    /// Draws the layer at `position` of `composition` at the composition's `frame`.
    private mutating func layer(
        at position: Int, in composition: Composition, frame: Double, matrix: AffineTransform, opacity: Double, depth: Int,
        into list: inout DisplayList
    ) {
        layer(composition.layers[position], at: position, in: composition, frame: frame, matrix: matrix, opacity: opacity, depth: depth, into: &list)
    }

    /// Draws `layer`, the layer at `position`, borrowed from its composition rather than copied.
    private mutating func layer(
        _ layer: borrowing LottieLayer, at position: Int, in composition: Composition, frame: Double, matrix: AffineTransform, opacity: Double,
        depth: Int, into list: inout DisplayList
    ) {
        guard drawnLayers < LottieAnimation.maximumDrawnLayers else { return }
        drawnLayers += 1
        // A layer's own keyframes are in its composition's frames (lottie-web subtracts `st` from
        // both the frame and the keyframe times); `st` and `sr` map time for a precomposition's
        // layers only.
        let layerOpacity = opacity * layer.transform.opacity(at: frame, providers: providers, path: path, name: layer.name)
        guard layerOpacity > 0 else { return }
        let layerMatrix = worldMatrix(of: position, in: composition, frame: frame).concatenating(matrix)
        switch layer.content {
        case .none:
            break
        case .solid(let color, let width, let height):
            let corners = [Point(x: 0, y: 0), Point(x: width, y: 0), Point(x: width, y: height), Point(x: 0, y: height)]
            let solid = DrawCommand.path(PathFill(contours: [corners.map(layerMatrix.apply)], color: color))
            emit([solid], opacity: layerOpacity, layer: layer, frame: frame, matrix: layerMatrix, into: &list)
        case .image(let index):
            let asset = animation.images[index]
            guard let image = images.image(for: asset.source), image.width > 0, image.height > 0 else { return }
            // Drawn at the asset's size (its pixels' when it gives none), from the layer's origin.
            let rect = Rect(
                x: 0, y: 0, width: asset.width > 0 ? asset.width : Double(image.width), height: asset.height > 0 ? asset.height : Double(image.height)
            )
            let key = "lottie:\(animation.file)#\(asset.id)"
            let draw = DrawCommand.image(ImageDraw(key: key, image: image, rect: rect, transform: layerMatrix))
            emit([draw], opacity: layerOpacity, layer: layer, frame: frame, matrix: layerMatrix, into: &list)
        case .shapes(let items):
            var commands = DisplayList(size: list.size, background: .clear)
            path.append(layer.name)
            shapeLayer(items, frame: frame, matrix: layerMatrix, into: &commands)
            path.removeLast()
            emit(commands.commands, opacity: layerOpacity, layer: layer, frame: frame, matrix: layerMatrix, into: &list)
        case .text(let text):
            guard let document = text.document(at: frame) else { return }
            var commands = DisplayList(size: list.size, background: .clear)
            textLayer(document, animators: text.animators, alignment: text.alignment, frame: frame, matrix: layerMatrix, into: &commands)
            emit(commands.commands, opacity: layerOpacity, layer: layer, frame: frame, matrix: layerMatrix, into: &list)
        case .fontText(let text):
            guard let document = text.document(at: frame), let fonts,
                  let commands = try? fontText(
                      document, animators: text.animators, alignment: text.alignment, frame: frame, matrix: layerMatrix, fonts: fonts, size: list.size
                  ), !commands.isEmpty else { return }
            emit(commands, opacity: layerOpacity, layer: layer, frame: frame, matrix: layerMatrix, into: &list)
        case .precomposition(let index, let width, let height, let remap):
            let childFrame = remap.map { $0.scalar(at: frame) * animation.frameRate } ?? layer.localFrame(frame)
            // Clipped to its w × h: a clip rectangle when it stays axis-aligned, else a mask.
            var commands = DisplayList(size: list.size, background: .clear)
            let bounds = Rect(x: 0, y: 0, width: width, height: height)
            let clips = width > 0 && height > 0
            if clips {
                if layerMatrix.isAxisAligned {
                    commands.append(.pushClip(layerMatrix.boundingBox(of: bounds)))
                } else {
                    let corners = [Point(x: 0, y: 0), Point(x: width, y: 0), Point(x: width, y: height), Point(x: 0, y: height)]
                    commands.append(.pushGroup(Group(maskPaths: [MaskPath(contours: [corners.map(layerMatrix.apply)], mode: .add)])))
                }
            }
            path.append(layer.name)
            self.composition(animation.precomps[index], frame: childFrame, matrix: layerMatrix, opacity: 1, depth: depth + 1, into: &commands)
            path.removeLast()
            if clips { commands.append(layerMatrix.isAxisAligned ? .popClip : .popGroup) }
            emit(commands.commands, opacity: layerOpacity, layer: layer, frame: frame, matrix: layerMatrix, into: &list)
        }
    }

    /// A layer's `commands` through its masks, then its effects in order, at `opacity`.
    private func emit(
        _ commands: [DrawCommand], opacity: Double, layer: LottieLayer, frame: Double, matrix: AffineTransform, into list: inout DisplayList
    ) {
        let masks = masks(of: layer, frame: frame, matrix: matrix)
        guard !layer.effects.isEmpty else {
            emit(commands, opacity: opacity, masks: masks, into: &list)
            return
        }
        var body = commands
        if !masks.isEmpty { body = [.pushGroup(Group(maskPaths: masks))] + body + [.popGroup] }
        for effect in layer.effects {
            body = apply(effect, to: body, layerMaskPaths: layer.maskPaths, frame: frame, matrix: matrix, size: list.size)
        }
        emit(body, opacity: opacity, masks: [], into: &list)
    }

    /// `body` (a layer's drawing in the list's units) through one effect at `frame`; `matrix` maps
    /// the layer's units to the list's, which scales blurs and turns and scales shadow offsets.
    private func apply(
        _ effect: LayerEffect, to body: [DrawCommand], layerMaskPaths: [AnimatedShape], frame: Double, matrix: AffineTransform, size: Size
    ) -> [DrawCommand] {
        func wrapped(_ group: Group, _ commands: [DrawCommand]) -> [DrawCommand] { [.pushGroup(group)] + commands + [.popGroup] }
        func color(_ value: AnimatedNumbers) -> Color { LottieAnimation.color(value.value(at: frame), opacity: 1) }
        func fraction(_ value: AnimatedNumbers, over whole: Double, fallback: Double) -> Double {
            let number = value.scalar(at: frame, fallback: fallback) / whole
            return number.isFinite ? min(max(number, 0), 1) : 0
        }
        // Lengths in the layer's units to the list's: the square root of the area scale.
        let scale = abs(matrix.determinant).squareRoot()
        func sigma(_ blurriness: AnimatedNumbers) -> Double {
            let sigma = blurriness.scalar(at: frame) * LayerEffect.blurrinessToSigma * scale
            return sigma.isFinite ? min(max(sigma, 0), Group.maximumBlur) : 0
        }
        switch effect {
        case .fill(let fill, let opacity):
            let opacity = fraction(opacity, over: 1, fallback: 1)
            // Paths recoloured one by one give the same pixels as the group recoloured: layers of
            // one colour over each other are that colour, at their combined alpha.
            if let recoloured = LottieAnimation.recoloured(body, to: color(fill)) {
                return opacity >= 1 ? recoloured : wrapped(Group(opacity: opacity), recoloured)
            }
            return wrapped(Group(opacity: opacity, colorRamp: ColorRamp(colors: [color(fill)])), body)
        case .tint(let black, let white, let amount):
            let amount = fraction(amount, over: 100, fallback: 100)
            guard amount > 0 else { return body }
            return wrapped(Group(colorRamp: ColorRamp(colors: [color(black), color(white)], amount: amount)), body)
        case .tritone(let highlights, let midtones, let shadows, let blend):
            let amount = 1 - fraction(blend, over: 100, fallback: 0)
            guard amount > 0 else { return body }
            return wrapped(Group(colorRamp: ColorRamp(colors: [color(shadows), color(midtones), color(highlights)], amount: amount)), body)
        case .gaussianBlur(let blurriness):
            let sigma = sigma(blurriness)
            guard sigma > 0 else { return body }
            return wrapped(Group(blur: sigma), body)
        case .stroke(let stroke):
            return self.stroke(stroke, of: layerMaskPaths, body: body, frame: frame, matrix: matrix, size: size)
        case .dropShadow(let shadowColor, let opacity, let direction, let distance, let softness, let shadowOnly):
            let alone = shadowOnly.scalar(at: frame) != 0
            let alpha = fraction(opacity, over: 255, fallback: 127.5)
            guard alpha > 0 else { return alone ? [] : body }
            // Clockwise from up in the layer's space, then through the layer's matrix.
            let angle = direction.scalar(at: frame, fallback: 135) * .pi / 180
            var length = distance.scalar(at: frame, fallback: 5)
            length = length.isFinite ? min(max(length, -LayerEffect.maximumDistance), LayerEffect.maximumDistance) : 0
            let (dx, dy) = angle.isFinite ? (length * sin(angle), -length * cos(angle)) : (0, 0)
            let offset = AffineTransform(translationX: matrix.a * dx + matrix.c * dy, y: matrix.b * dx + matrix.d * dy)
            var mapping = CommandMapping(offset)
            let silhouette = body.map { mapping.map($0) }
            let blur = sigma(softness)
            let shadow: [DrawCommand]
            if let recoloured = LottieAnimation.recoloured(silhouette, to: color(shadowColor)) {
                shadow = wrapped(Group(opacity: alpha, blur: blur), recoloured)
            } else {
                shadow = wrapped(Group(opacity: alpha, blur: blur, colorRamp: ColorRamp(colors: [color(shadowColor)])), silhouette)
            }
            return alone ? shadow : shadow + body
        }
    }

    /// The stroke effect on `body`: the chosen mask paths (in the layer's space, mapped to the
    /// list's by `matrix`) trimmed and stroked, over the body, alone, or revealing it.
    private func stroke(
        _ effect: StrokeEffect, of maskPaths: [AnimatedShape], body: [DrawCommand], frame: Double, matrix: AffineTransform, size: Size
    ) -> [DrawCommand] {
        let style = effect.style.scalar(at: frame, fallback: 1).rounded()
        let alone = style == 2, reveals = style == 3
        var shapes: [BezierShape] = []
        if effect.allMasks.scalar(at: frame) != 0 {
            shapes = maskPaths.map { $0.value(at: frame) }
        } else {
            let index = effect.path.scalar(at: frame, fallback: 1).rounded()
            if index >= 1, index <= Double(maskPaths.count) { shapes = [maskPaths[Int(index) - 1].value(at: frame)] }
        }
        var start = min(max(effect.start.scalar(at: frame) / 100, 0), 1)
        var end = min(max(effect.end.scalar(at: frame, fallback: 100) / 100, 0), 1)
        if start > end { swap(&start, &end) }
        // Trimmed as one run through every path, or each path alone.
        let trimmed = effect.sequential.scalar(at: frame) != 0
            ? [shapes].trimmed(from: start, to: end).flatMap { $0 }
            : shapes.flatMap { [[$0]].trimmed(from: start, to: end).flatMap { $0 } }
        var color = LottieAnimation.color(effect.color.value(at: frame), opacity: effect.opacity.scalar(at: frame, fallback: 1))
        let radius = effect.brushSize.scalar(at: frame, fallback: 2)
        let scales = matrix.axisScales
        let scale = max(scales.x, scales.y) * pixelScale
        var outline: [[Point]] = []
        if color.alpha > 0, radius > 0, radius.isFinite, scale > 0, scale.isFinite, !trimmed.isEmpty {
            let width = min(radius, LayerEffect.maximumDistance) * 2
            let polylines = trimmed.flatMap { $0.path.flattened(tolerance: LottieAnimation.flatness / scale) }
            let stroke = StrokeStyle(lineWidth: width, lineCap: .round, lineJoin: .round)
            outline = polylines.strokeOutline(stroke, tolerance: LottieAnimation.flatness / scale).map { $0.map(matrix.apply) }
        }
        if reveals {
            // The body where the stroke paints: the stroke is its alpha matte.
            guard !outline.isEmpty else { return [] }
            color.alpha = min(max(color.alpha, 0), 1)
            return [.pushGroup(Group(matte: .alpha))] + body + [
                .pushGroup(Group(isMatte: true)), .path(PathFill(contours: outline, color: color)), .popGroup, .popGroup,
            ]
        }
        let painted: [DrawCommand] = outline.isEmpty ? [] : [.path(PathFill(contours: outline, color: color))]
        return alone ? painted : body + painted
    }

    /// `commands` at `opacity`: a lone path takes it in its colour; several are composited as
    /// one group, so overlapping parts of a fading layer do not show through each other.
    private func emit(_ commands: [DrawCommand], opacity: Double, masks: [MaskPath], into list: inout DisplayList) {
        // What draws (paths, images, glyphs), counted without making a list of it.
        var drawingCount = 0
        for command in commands {
            switch command {
            case .path, .image, .glyphs: drawingCount += 1
            default: break
            }
        }
        guard drawingCount > 0 else { return }
        if !masks.isEmpty {
            list.append(.pushGroup(Group(opacity: opacity, maskPaths: masks)))
            list.append(contentsOf: commands)
            list.append(.popGroup)
        } else if opacity >= 1 {
            list.append(contentsOf: commands)
        } else if commands.count == 1, case .path(var path) = commands[0] {
            path.color.alpha *= opacity
            list.append(.path(path))
        } else if commands.count == 1, case .image(var image) = commands[0] {
            image.alpha *= opacity
            list.append(.image(image))
        } else if commands.count == 1, case .glyphs(var run) = commands[0] {
            run.color.alpha *= opacity
            list.append(.glyphs(run))
        } else {
            list.append(.pushGroup(Group(opacity: opacity)))
            list.append(contentsOf: commands)
            list.append(.popGroup)
        }
    }

    /// The layer's masks at its frame `frame`, in the list's pixels.
    private func masks(of layer: LottieLayer, frame: Double, matrix: AffineTransform) -> [MaskPath] {
        guard !layer.masks.isEmpty else { return [] }
        let scales = matrix.axisScales
        let scale = max(scales.x, scales.y) * pixelScale
        let tolerance = scale > 0 && scale.isFinite ? LottieAnimation.flatness / scale : LottieAnimation.flatness
        return layer.masks.map { mask in
            var shape = mask.path.value(at: frame)
            if let expansion = mask.expansion {
                // Outwards whichever way the path turns, with round corners (as ThorVG expands).
                let amount = expansion.scalar(at: frame)
                if amount != 0, amount.isFinite {
                    let clamped = min(max(amount, -LottieMask.maximumExpansion), LottieMask.maximumExpansion)
                    shape = shape.offset(by: shape.signedArea >= 0 ? clamped : -clamped, join: .round, miterLimit: 4)
                }
            }
            let contours = shape.path.flattened(tolerance: tolerance).map { $0.points.map(matrix.apply) }
            let opacity = min(max(mask.opacity.scalar(at: frame, fallback: 100) / 100, 0), 1)
            return MaskPath(contours: contours, mode: mask.mode, opacity: opacity, inverted: mask.inverted)
        }
    }

    /// The layer's transform at `frame` followed by its parents' (transform only, not opacity),
    /// all at the composition's `frame`.
    ///
    /// Each layer's matrix is worked out once a composition frame (`worldMatrices`) and its
    /// children start from it: walking the whole chain again for every layer made a chain of
    /// 10,000 parents cost 10⁸ transform evaluations (17 s a frame).
    private mutating func worldMatrix(of position: Int, in composition: Composition, frame: Double) -> AffineTransform {
        // Only `composition(...)` draws layers, and it has made this composition's room.
        if let known = worldMatrices[worldBase + position] { return known }
        func local(_ index: Int) -> AffineTransform {
            composition.layers[index].transform.matrix(at: frame, providers: providers, path: path, name: composition.layers[index].name)
        }
        // Most layers have no parent, or one already worked out: no chain to walk.
        let parent = composition.parents[position]
        if parent == nil || worldMatrices[worldBase + parent!] != nil {
            let matrix = local(position).concatenating(parent.flatMap { worldMatrices[worldBase + $0] } ?? .identity)
            worldMatrices[worldBase + position] = matrix
            return matrix
        }
        // The layers up to the first whose matrix is known (or the root), child first.
        var chain: [Int] = []
        var above = AffineTransform.identity
        var current: Int? = position
        while let index = current, chain.count <= composition.layers.count {
            if let known = worldMatrices[worldBase + index] {
                above = known
                break
            }
            chain.append(index)
            current = composition.parents[index]
        }
        for index in chain.reversed() {
            above = local(index).concatenating(above)
            worldMatrices[worldBase + index] = above
        }
        return above
    }

    // MARK: Shape layers

    /// Paths of the layer so far, one entry per shape item, each in its group's space.
    private var pool: [PoolEntry] = []
    private var paints: [PendingPaint] = []
    private var opacities: [Double] = []
    /// Repeater copies evaluated for the layer so far.
    private var repeatedCopies = 0
    /// The layer's limits of paths and repeater copies: the per-layer ones, or what the frame has
    /// left of its own (`framePaths`, `frameCopies` used by the layers before).
    private var pathLimit = LottieAnimation.maximumPathsPerLayer
    private var copyLimit = LottieAnimation.maximumRepeatedCopiesPerLayer
    private var framePaths = 0
    private var frameCopies = 0

    /// Empties the layer's paths and paints (their memory kept) and sets its limits.
    private mutating func startLayer() {
        pool.removeAll(keepingCapacity: true)
        paints.removeAll(keepingCapacity: true)
        opacities.removeAll(keepingCapacity: true)
        repeatedCopies = 0
        pathLimit = min(LottieAnimation.maximumPathsPerLayer, max(LottieAnimation.maximumPathsPerFrame - framePaths, 0))
        copyLimit = min(LottieAnimation.maximumRepeatedCopiesPerLayer, max(LottieAnimation.maximumRepeatedCopiesPerFrame - frameCopies, 0))
    }

    /// Counts what the layer evaluated against the frame's limits.
    private mutating func endLayer() {
        framePaths += pool.count
        frameCopies += repeatedCopies
    }

    init(animation: LottieAnimation, pixelScale: Double, images: any ImageProvider, fonts: (any TextLayoutEngine)?) {
        self.animation = animation
        self.pixelScale = pixelScale
        self.images = images
        self.fonts = fonts
    }

    private mutating func shapeLayer(_ items: [ShapeItem], frame: Double, matrix: AffineTransform, into list: inout DisplayList) {
        startLayer()
        group(items[...], frame: frame, groupMatrix: .identity, layerMatrix: matrix, opacity: 1)
        endLayer()
        // Paints were recorded top first; draw bottom first.
        for index in paints.indices.reversed() {
            let (paint, opacity) = (paints[index], opacities[index])
            draw(paint, opacity: opacity, layerMatrix: matrix, into: &list)
        }
    }

    /// A text document: each glyph's outline at the document's size on its baseline, all filled
    /// as one path and stroked as one, the stroke over or under the fill. With animators, each
    /// letter is moved, turned, faded and coloured as they say, and painted on its own, later
    /// letters over earlier ones.
    private mutating func textLayer(
        _ document: TextDocument, animators: [TextAnimator], alignment: AnimatedNumbers, frame: Double, matrix: AffineTransform,
        into list: inout DisplayList
    ) {
        startLayer()
        defer { endLayer() }
        let scale = document.size / 100
        func strokePaint(_ color: Color?, width: Double, paths: Range<Int>) -> PendingPaint? {
            guard let color, width > 0 else { return nil }
            var style = StrokeStyle(lineWidth: width)
            style.lineJoin = .miter
            return PendingPaint(kind: .stroke(color, style), paths: paths, groupMatrix: .identity)
        }
        guard !animators.isEmpty else {
            for placement in document.placements where pool.count < pathLimit {
                let glyphMatrix = AffineTransform(scaleX: scale, y: scale).concatenating(AffineTransform(translationX: placement.origin.x, y: placement.origin.y))
                group(animation.glyphs[placement.glyph].shapes[...], frame: frame, groupMatrix: glyphMatrix, layerMatrix: matrix, opacity: 1)
            }
            let paths = 0..<pool.count
            let fill = document.fill.map { PendingPaint(kind: .fill($0, .nonZero), paths: paths, groupMatrix: .identity) }
            let stroke = strokePaint(document.stroke, width: document.strokeWidth, paths: paths)
            // Recorded top first.
            for paint in (document.strokeOverFill ? [stroke, fill] : [fill, stroke]).compactMap({ $0 }) { record(paint, opacity: 1) }
            for index in paints.indices.reversed() {
                let (paint, opacity) = (paints[index], opacities[index])
                draw(paint, opacity: opacity, layerMatrix: matrix, into: &list)
            }
            return
        }
        // Each letter's advance, for its pivot.
        var advances = [Double](repeating: 0, count: document.letters.count)
        for placement in document.placements where placement.letter < advances.count { advances[placement.letter] = placement.advance }
        let (styles, shifts) = animators.layout(
            of: document.letters, advances: advances, lines: document.letterLines, size: document.size, alignment: alignment.point(at: frame),
            justification: document.justification, at: frame, fill: document.fill, stroke: document.stroke, strokeWidth: document.strokeWidth
        )
        // Letters recorded last first (paints are recorded top first), each its fill and stroke.
        for placement in document.placements.reversed() where pool.count < pathLimit && placement.letter < styles.count {
            let style = styles[placement.letter]
            guard style.opacity > 0 else { continue }
            let start = pool.count
            let glyphMatrix = AffineTransform(scaleX: scale, y: scale)
                .concatenating(style.transform)
                .concatenating(AffineTransform(translationX: placement.origin.x + shifts[placement.letter], y: placement.origin.y))
            group(animation.glyphs[placement.glyph].shapes[...], frame: frame, groupMatrix: glyphMatrix, layerMatrix: matrix, opacity: 1)
            let paths = start..<pool.count
            let fill = style.fill.map { PendingPaint(kind: .fill($0, .nonZero), paths: paths, groupMatrix: .identity) }
            let stroke = strokePaint(style.stroke, width: style.strokeWidth, paths: paths)
            for paint in (document.strokeOverFill ? [stroke, fill] : [fill, stroke]).compactMap({ $0 }) { record(paint, opacity: style.opacity) }
        }
        for index in paints.indices.reversed() {
            let (paint, opacity) = (paints[index], opacities[index])
            draw(paint, opacity: opacity, layerMatrix: matrix, into: &list)
        }
    }

    /// Text set in a font: laid out by `fonts` line by line (the document's own breaks, and in a
    /// box words wrapped at its width), then placed as the glyph text is: tracking after each
    /// glyph, lines `lineHeight` apart from the first baseline (at the layer's origin, or the
    /// box's top moved down by the ascent), justified left, right or centre. Glyphs are set at
    /// the size the list shows them (at most `CadenceLayers.TextContent.maximumFontSize`), so they stay crisp.
    private func fontText(
        _ document: FontTextDocument, animators: [TextAnimator] = [], alignment: AnimatedNumbers = AnimatedNumbers([0, 0]), frame: Double = 0,
        matrix: AffineTransform, fonts: any TextLayoutEngine, size: Size
    ) throws(TextError) -> [DrawCommand] {
        guard let fill = document.fill, fill.alpha > 0 || !animators.isEmpty, document.size > 0, !document.text.isEmpty else { return [] }
        // Set at the size the list shows it (as layers set their text: a list drawn scaled later
        // scales its text with it).
        let shown = abs(matrix.determinant).squareRoot()
        guard shown > 0, shown.isFinite else { return [] }
        let setSize = min(document.size * shown, CadenceLayers.TextContent.maximumFontSize)
        // Set at `setSize`, drawn scaled back to the document's size in the layer's space.
        let factor = document.size / setSize
        let face = try document.face(size: setSize)
        var options = TextLayoutOptions(width: document.box.map { $0.width / factor }, lineBreak: .wordWrap, alignment: .left)
        options.lineHeightMultiple = 1
        var list = DisplayList(size: size, background: .clear)
        let toList = AffineTransform(scaleX: factor, y: factor).concatenating(matrix)
        // Unturned and unskewed at the size set: the glyphs placed in the list's units directly, so
        // renderers snap them to the pixel grid as they do any label's.
        let placedDirectly = abs(toList.b) < 1e-9 && abs(toList.c) < 1e-9 && abs(toList.a - 1) < 1e-9 && abs(toList.d - 1) < 1e-9
        var lineNumber = 0
        let paragraphs = document.text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\r" || $0 == "\n" || $0 == "\u{3}" })
        guard animators.isEmpty else {
            return try animatedFontText(
                document, paragraphs: paragraphs, animators: animators, alignment: alignment, frame: frame, fill: fill, face: face, factor: factor,
                options: options, matrix: matrix, fonts: fonts
            )
        }
        for paragraph in paragraphs {
            let layout = try fonts.layout(AttributedText(String(paragraph), attributes: TextAttributes(font: face, color: fill)), options: options)
            for line in layout.lines {
                defer { lineNumber += 1 }
                let tracking = document.tracking / factor
                let (x, baseline) = Self.lineStart(line, number: lineNumber, of: document, factor: factor)
                // One run per face (fallback faces included), in the line's order.
                var runs: [(font: GlyphFont, glyphs: [UInt32], positions: [Point])] = []
                for (index, glyph) in line.glyphs.enumerated() {
                    let position = Point(x: x + glyph.position.x - line.x + Double(index) * tracking, y: baseline + glyph.position.y - line.baseline)
                    if let last = runs.indices.last, runs[last].font == glyph.font {
                        runs[last].glyphs.append(glyph.glyph)
                        runs[last].positions.append(position)
                    } else {
                        runs.append((glyph.font, [glyph.glyph], [position]))
                    }
                }
                for run in runs {
                    list.append(.glyphs(placedDirectly
                        ? GlyphRun(font: run.font, glyphs: run.glyphs, positions: run.positions.map(toList.apply), color: fill)
                        : GlyphRun(font: run.font, glyphs: run.glyphs, positions: run.positions, color: fill, transform: toList)))
                }
            }
            if layout.lines.isEmpty { lineNumber += 1 }
        }
        return list.commands
    }

    /// Where line `number` of a font document starts and its baseline, in the units it is set
    /// in (the document's over `factor`): justified in its box (or about the layer's origin),
    /// its width counting the tracking between its glyphs, lines `lineHeight` apart.
    private static func lineStart(_ line: LaidOutLine, number: Int, of document: FontTextDocument, factor: Double) -> (x: Double, baseline: Double) {
        let tracking = document.tracking / factor
        let width = line.width + Double(max(line.glyphs.count - 1, 0)) * tracking
        let boxWidth = (document.box?.width ?? 0) / factor
        var x: Double
        switch document.justification {
        case 1: x = (document.box == nil ? 0 : boxWidth) - width
        case 2: x = (document.box == nil ? 0 : boxWidth / 2) - width / 2
        default: x = 0
        }
        x += (document.box?.origin.x ?? 0) / factor
        let baseline = ((document.box?.origin.y ?? 0) + Double(number) * document.lineHeight - document.baselineShift) / factor
        return (x, baseline)
    }

    /// Text set in a font under text animators: each character laid out as a run of its own (so
    /// every glyph is known by its letter), placed as `fontText` places glyphs, then moved,
    /// turned, faded and coloured letter by letter, each glyph a run with its own transform.
    private func animatedFontText(
        _ document: FontTextDocument, paragraphs: [Substring], animators: [TextAnimator], alignment: AnimatedNumbers, frame: Double, fill: Color,
        face: FontDescriptor, factor: Double, options: TextLayoutOptions, matrix: AffineTransform, fonts: any TextLayoutEngine
    ) throws(TextError) -> [DrawCommand] {
        let letters = TextLetter.letters(of: document.text)
        var letterLines = [Int?](repeating: nil, count: letters.count)
        // Each glyph: its face, its index, its letter, its origin and advance (the document's units).
        var placed: [(font: GlyphFont, glyph: UInt32, letter: Int, origin: SIMD2<Double>, advance: Double)] = []
        var lineNumber = 0
        var paragraphStart = 0
        let tracking = document.tracking / factor
        for paragraph in paragraphs {
            defer { paragraphStart += paragraph.count + 1 }
            let attributes = TextAttributes(font: face, color: fill)
            let text = AttributedText(runs: paragraph.map { AttributedText.Run(String($0), attributes) })
            let layout = try fonts.layout(text, options: options)
            for line in layout.lines {
                defer { lineNumber += 1 }
                let (x, baseline) = Self.lineStart(line, number: lineNumber, of: document, factor: factor)
                for (index, glyph) in line.glyphs.enumerated() {
                    let letter = paragraphStart + glyph.runIndex
                    guard letter < letters.count else { continue }
                    letterLines[letter] = lineNumber
                    let next = index + 1 < line.glyphs.count ? line.glyphs[index + 1].position.x : line.x + line.width
                    let origin = SIMD2(x + glyph.position.x - line.x + Double(index) * tracking, baseline + glyph.position.y - line.baseline) * factor
                    placed.append((glyph.font, glyph.glyph, letter, origin, max(next - glyph.position.x, 0) * factor))
                }
            }
            if layout.lines.isEmpty { lineNumber += 1 }
        }
        var advances = [Double](repeating: 0, count: letters.count)
        for glyph in placed { advances[glyph.letter] = max(advances[glyph.letter], glyph.advance) }
        let (styles, shifts) = animators.layout(
            of: letters, advances: advances, lines: letterLines, size: document.size, alignment: alignment.point(at: frame),
            justification: document.justification, at: frame, fill: fill, stroke: document.stroke, strokeWidth: document.strokeWidth
        )
        var commands: [DrawCommand] = []
        for glyph in placed {
            let style = styles[glyph.letter]
            guard var color = style.fill else { continue }
            color.alpha *= style.opacity
            guard color.alpha > 0 else { continue }
            // The glyph set at the size set, scaled to the document's, moved by its letter's style, placed.
            let transform = AffineTransform(scaleX: factor, y: factor)
                .concatenating(style.transform)
                .concatenating(AffineTransform(translationX: glyph.origin.x + shifts[glyph.letter], y: glyph.origin.y))
                .concatenating(matrix)
            commands.append(.glyphs(GlyphRun(font: glyph.font, glyphs: [glyph.glyph], positions: [.zero], color: color, transform: transform)))
        }
        return commands
    }

    /// Evaluates a group's items, top first, adding their paths to the pool and their paints to
    /// the list. `groupMatrix` maps the group's space to the layer's.
    private mutating func group(
        _ items: ArraySlice<ShapeItem>, frame: Double, groupMatrix: AffineTransform, layerMatrix: AffineTransform, opacity: Double
    ) {
        let poolStart = pool.count
        // A repeater copies everything above it: the items above the lowest repeater are drawn
        // once per copy, as groups of their own, before the items below it.
        if let last = items.lastIndex(where: { if case .repeater = $0 { return true } else { return false } }),
           case .repeater(let repeater) = items[last] {
            let content = items[items.startIndex..<last]
            // Interpolating between huge copy counts can give NaN: no copies then.
            let copies = repeater.copies.scalar(at: frame)
            let count = copies.isFinite ? Int(min(max(copies.rounded(.down), 0), Repeater.maximumCopies)) : 0
            let offset = repeater.offset.scalar(at: frame)
            let startOpacity = min(max(repeater.startOpacity.scalar(at: frame, fallback: 100) / 100, 0), 1)
            let endOpacity = min(max(repeater.endOpacity.scalar(at: frame, fallback: 100) / 100, 0), 1)
            // Listed top first: below (m 1) puts copy 0 on top, above (m 2) the last copy.
            let order = repeater.copiesAbove ? Array((0..<count).reversed()) : Array(0..<count)
            for copy in order where pool.count < pathLimit && repeatedCopies < copyLimit {
                repeatedCopies += 1
                let fraction = count > 1 ? Double(copy) / Double(count - 1) : 0
                let copyOpacity = startOpacity + (endOpacity - startOpacity) * fraction
                let copyMatrix = repeater.transform.repeaterMatrix(at: frame, times: Double(copy) + offset)
                group(content, frame: frame, groupMatrix: copyMatrix.concatenating(groupMatrix), layerMatrix: layerMatrix, opacity: opacity * copyOpacity)
            }
            evaluate(items[(last + 1)...], poolStart: poolStart, frame: frame, groupMatrix: groupMatrix, layerMatrix: layerMatrix, opacity: opacity)
            return
        }
        evaluate(items, poolStart: poolStart, frame: frame, groupMatrix: groupMatrix, layerMatrix: layerMatrix, opacity: opacity)
    }

    private mutating func evaluate(
        _ items: ArraySlice<ShapeItem>, poolStart: Int, frame: Double, groupMatrix: AffineTransform, layerMatrix: AffineTransform, opacity: Double
    ) {
        // Where each path item of this group (a path, a shape or a child group) starts in the
        // pool: merge paths combine items, a group's paths being one compound path. Kept only
        // for a group with merge paths (an array made for every group is a cost every frame).
        let merges = items.contains { if case .mergePaths = $0 { return true } else { return false } }
        var itemStarts = merges && pool.count > poolStart ? [poolStart] : []
        for item in items {
            guard pool.count < pathLimit else { return }
            if merges {
                switch item {
                case .group, .path, .rectangle, .ellipse, .star: itemStarts.append(pool.count)
                default: break
                }
            }
            switch item {
            case .group(let child):
                let childMatrix = child.transform.matrix(at: frame, providers: providers, path: path, name: child.name).concatenating(groupMatrix)
                let childOpacity = opacity * child.transform.opacity(at: frame, providers: providers, path: path, name: child.name)
                path.append(child.name)
                group(child.items[...], frame: frame, groupMatrix: childMatrix, layerMatrix: layerMatrix, opacity: childOpacity)
                path.removeLast()
            case .path(let shape, _):
                pool.append(PoolEntry(shapes: [shape.value(at: frame)], matrix: groupMatrix))
            case .rectangle(let rectangle):
                pool.append(PoolEntry(shapes: BezierShape.shapes(of: rectangle.path(at: frame)), matrix: groupMatrix))
            case .ellipse(let ellipse):
                pool.append(PoolEntry(shapes: BezierShape.shapes(of: ellipse.path(at: frame)), matrix: groupMatrix))
            case .star(let star):
                pool.append(PoolEntry(shapes: BezierShape.shapes(of: star.path(at: frame)), matrix: groupMatrix))
            case .fill(let fill):
                let color = paintColor(fill.color, fill.opacity, name: fill.name, frame: frame)
                record(PendingPaint(kind: .fill(color, fill.fillRule), paths: poolStart..<pool.count, groupMatrix: groupMatrix), opacity: opacity)
            case .stroke(let stroke):
                let color = paintColor(stroke.color, stroke.opacity, name: stroke.name, frame: frame)
                var style = stroke.style(at: frame)
                if !providers.isEmpty, let width = providers.number(at: path + [stroke.name, "Stroke Width"]) { style.lineWidth = max(width, 0) }
                record(PendingPaint(kind: .stroke(color, style), paths: poolStart..<pool.count, groupMatrix: groupMatrix), opacity: opacity)
            case .gradientFill(let gradient):
                let paint = gradient.gradient(at: frame)
                record(PendingPaint(kind: .gradientFill(paint.gradient, paint.opacity, gradient.fillRule), paths: poolStart..<pool.count, groupMatrix: groupMatrix), opacity: opacity)
            case .gradientStroke(let gradient, let stroke):
                let paint = gradient.gradient(at: frame)
                record(PendingPaint(kind: .gradientStroke(paint.gradient, paint.opacity, stroke.style(at: frame)), paths: poolStart..<pool.count, groupMatrix: groupMatrix), opacity: opacity)
            case .trim(var trim):
                if !providers.isEmpty {
                    for (property, key) in [("Start", \TrimPaths.start), ("End", \TrimPaths.end), ("Offset", \TrimPaths.offset)] {
                        if let value = providers.number(at: path + [trim.name, property]) { trim[keyPath: key] = AnimatedNumbers([value]) }
                    }
                }
                self.trim(trim, frame: frame, paths: poolStart..<pool.count)
            case .roundCorners(let round):
                let radius = round.radius.scalar(at: frame)
                modify(poolStart..<pool.count) { $0.roundingCorners(radius: radius) }
            case .puckerBloat(let pucker):
                let amount = pucker.amount.scalar(at: frame)
                modify(poolStart..<pool.count) { $0.puckeredAndBloated(percent: amount) }
            case .zigZag(let zigZag):
                let size = zigZag.size.scalar(at: frame)
                let requested = zigZag.ridges.scalar(at: frame)
                let ridges = requested.isFinite ? Int(min(max(requested.rounded(), 0), ZigZag.maximumRidges)) : 0
                let smooth = zigZag.pointType.scalar(at: frame, fallback: 1) == 2
                modify(poolStart..<pool.count) { shape in
                    // At most `maximumVertices` a shape: fewer ridges a segment on long shapes.
                    let segments = max(shape.segmentCount, 1)
                    return shape.zigZagged(size: size, ridges: min(ridges, max(ZigZag.maximumVertices / segments - 1, 0)), smooth: smooth)
                }
            case .offsetPath(let offset):
                let amount = offset.amount.scalar(at: frame)
                let miterLimit = offset.miterLimit.scalar(at: frame, fallback: 4)
                modify(poolStart..<pool.count) { $0.offset(by: amount, join: offset.join, miterLimit: miterLimit) }
            case .mergePaths(let mode):
                merge(poolStart..<pool.count, itemStarts: itemStarts, mode: mode)
                // The result is one item.
                itemStarts = pool.count > poolStart ? [poolStart] : []
            case .repeater:
                break
            }
        }
    }

    /// A fill's or stroke's colour at `frame`, its opacity (percent) applied: the value providers'
    /// `Color` and `Opacity` for it where set.
    private func paintColor(_ color: AnimatedNumbers, _ opacity: AnimatedNumbers, name: String, frame: Double) -> Color {
        var result = LottieAnimation.color(color.value(at: frame), opacity: opacity.scalar(at: frame, fallback: 100) / 100)
        guard !providers.isEmpty else { return result }
        // A provided colour's own alpha multiplies the opacity, as lottie-ios's does.
        var colorAlpha = 1.0
        if case .color(let provided)? = providers.value(at: path + [name, "Color"]) {
            (result.red, result.green, result.blue) = (provided.red, provided.green, provided.blue)
            colorAlpha = min(max(provided.alpha, 0), 1)
        }
        if let provided = providers.number(at: path + [name, "Opacity"]) { result.alpha = min(max(provided / 100, 0), 1) }
        result.alpha *= colorAlpha
        return result
    }

    private mutating func record(_ paint: PendingPaint, opacity: Double) {
        guard !paint.paths.isEmpty else { return }
        paints.append(paint)
        opacities.append(opacity)
    }

    /// Merge paths on the entries in `paths`: `merge` leaves them as they are (a paint takes
    /// them as one compound path already); the others become one entry whose area is the
    /// combination of theirs. As lottie-android combines them, the path just above the merge
    /// is combined with the union of those above it: added, cut from it, intersected or
    /// excluded. Each item's area is the union of its paths' own areas (a group's paths do not
    /// cut holes in each other here).
    ///
    /// The paths above the merge are its own from then on: paints above it in its group, and the
    /// paints of the groups it merges, paint nothing, as lottie-android (the one reference
    /// player that merges paths) draws them; paints below it paint the merged path.
    private mutating func merge(_ paths: Range<Int>, itemStarts: [Int], mode: MergeMode) {
        guard !paths.isEmpty else { return }
        // This group's paints and its groups' were recorded last, over paths from its start on.
        while let last = paints.last, last.paths.lowerBound >= paths.lowerBound {
            paints.removeLast()
            opacities.removeLast()
        }
        guard mode != .merge else { return }
        // One operand per item: its entries' shapes in the layer's space, as one compound path.
        let bounds = itemStarts.filter { paths.contains($0) } + [paths.upperBound]
        var operands: [[BezierShape]] = []
        for (start, end) in zip(bounds, bounds.dropFirst()) where start < end {
            operands.append(pool[start..<end].flatMap { entry in entry.shapes.map { $0.applying(entry.matrix) } })
        }
        pool.removeSubrange(paths)
        pool.append(PoolEntry(shapes: operands.flatMap { $0 }, matrix: .identity, merged: (mode, operands)))
    }

    /// Applies a path modifier to every shape of the pool entries in `paths`, each in its own
    /// space.
    private mutating func modify(_ paths: Range<Int>, _ change: (BezierShape) -> BezierShape) {
        for index in paths {
            pool[index].shapes = pool[index].shapes.map(change)
        }
    }

    /// Trim paths on the pool entries in `paths`: start and end in percent, the offset in
    /// degrees of the whole length; a start past the end swaps them; a span past the end wraps
    /// round to the start.
    private mutating func trim(_ trim: TrimPaths, frame: Double, paths: Range<Int>) {
        guard !paths.isEmpty else { return }
        var start = min(max(trim.start.scalar(at: frame) / 100, 0), 1)
        var end = min(max(trim.end.scalar(at: frame, fallback: 100) / 100, 0), 1)
        if start > end { swap(&start, &end) }
        let offset = trim.offset.scalar(at: frame) / 360
        guard offset.isFinite else { return }
        let shift = offset - offset.rounded(.down)
        start += shift
        end += shift
        if end - start >= 1 { return }
        // Lengths are measured in each path's own space, as lottie-web measures them.
        func cut(_ entries: [[BezierShape]]) -> [[BezierShape]] {
            if start == end { return entries.map { _ in [] } }
            if start >= 1 { return entries.trimmed(from: start - 1, to: end - 1) }
            if end > 1 {
                let head = entries.trimmed(from: start, to: 1), tail = entries.trimmed(from: 0, to: end - 1)
                return zip(head, tail).map { $0 + $1 }
            }
            return entries.trimmed(from: start, to: end)
        }
        if trim.individually {
            let cutAll = cut(pool[paths].map(\.shapes))
            for (index, shapes) in zip(paths, cutAll) { pool[index].shapes = shapes }
        } else {
            for index in paths { pool[index].shapes = cut([pool[index].shapes])[0] }
        }
    }

    private func draw(_ paint: PendingPaint, opacity: Double, layerMatrix: AffineTransform, into list: inout DisplayList) {
        // Within the pool always (a merge drops the paints over the paths it replaces); clamped
        // all the same, so that a file no test foresaw draws less rather than traps.
        let entries = pool[paint.paths.clamped(to: pool.indices)]
        guard entries.contains(where: { !$0.shapes.isEmpty }) else { return }
        let groupToList = paint.groupMatrix.concatenating(layerMatrix)
        switch paint.kind {
        case .fill(let color, let rule):
            fill(entries, color: color, opacity: opacity, rule: rule, gradient: nil, layerMatrix: layerMatrix, into: &list)
        case .gradientFill(let gradient, let gradientOpacity, let rule):
            fill(entries, color: .white, opacity: opacity * gradientOpacity, rule: rule, gradient: gradient.transformed(by: groupToList), layerMatrix: layerMatrix, into: &list)
        case .stroke(let color, let style):
            stroke(entries, color: color, opacity: opacity, style: style, gradient: nil, groupMatrix: paint.groupMatrix, layerMatrix: layerMatrix, into: &list)
        case .gradientStroke(let gradient, let gradientOpacity, let style):
            stroke(
                entries, color: .white, opacity: opacity * gradientOpacity, style: style, gradient: gradient.transformed(by: groupToList),
                groupMatrix: paint.groupMatrix, layerMatrix: layerMatrix, into: &list
            )
        }
    }

    /// The entries' shapes mapped by each entry's matrix and then `matrix`, flattened there to
    /// within `tolerance`.
    private func polylines(_ entries: ArraySlice<PoolEntry>, matrix: AffineTransform, tolerance: Double) -> [Polyline] {
        var polylines: [Polyline] = []
        for entry in entries {
            let toTarget = entry.matrix.concatenating(matrix)
            for shape in entry.shapes {
                if let (points, closed) = shape.flattened(by: toTarget, tolerance: tolerance) { polylines.append(Polyline(points: points, closed: closed)) }
            }
        }
        return polylines
    }

    /// The contours of the entries' shapes to fill, as `polylines` flattens them: those of at
    /// least three points.
    private func contours(_ entries: ArraySlice<PoolEntry>, matrix: AffineTransform, tolerance: Double) -> [[Point]] {
        var contours: [[Point]] = []
        for entry in entries {
            let toTarget = entry.matrix.concatenating(matrix)
            for shape in entry.shapes {
                if let (points, _) = shape.flattened(by: toTarget, tolerance: tolerance), points.count >= 3 { contours.append(points) }
            }
        }
        return contours
    }

    private func fill(
        _ entries: ArraySlice<PoolEntry>, color: Color, opacity: Double, rule: FillRule, gradient: Gradient?, layerMatrix: AffineTransform,
        into list: inout DisplayList
    ) {
        var color = color
        color.alpha *= opacity
        guard color.alpha > 0 else { return }
        guard entries.contains(where: { $0.merged != nil }) else {
            // Flattened in the list's space, to a fifth of a pixel.
            let contours = contours(entries, matrix: layerMatrix, tolerance: LottieAnimation.flatness / pixelScale)
            guard !contours.isEmpty else { return }
            list.append(.path(PathFill(contours: contours, fillRule: rule, color: color, gradient: gradient)))
            return
        }
        // Merged areas: the paint fills their bounds through masks that combine them (each
        // merged entry's operands in turn; other paths added).
        var masks: [MaskPath] = []
        for entry in entries {
            let operands = entry.merged?.operands ?? [entry.shapes]
            for (index, operand) in operands.enumerated() {
                let slice = [PoolEntry(shapes: operand, matrix: entry.matrix)][...]
                // An operand's area is the union of its paths' own areas: every contour turned
                // the same way, filled non-zero.
                let operandContours = contours(slice, matrix: layerMatrix, tolerance: LottieAnimation.flatness / pixelScale)
                    .map { contour in Self.signedArea(contour) < 0 ? Array(contour.reversed()) : contour }
                let combines = index == operands.count - 1 && index > 0
                masks.append(MaskPath(contours: operandContours, fillRule: .nonZero, mode: combines ? (entry.merged?.mode ?? .add).maskMode : .add))
            }
        }
        // The bounds of every operand (each flattened once, for its mask).
        var low = Point(x: Double.infinity, y: .infinity), high = Point(x: -Double.infinity, y: -.infinity)
        for contour in masks.flatMap(\.contours) {
            for point in contour {
                (low.x, low.y) = (min(low.x, point.x), min(low.y, point.y))
                (high.x, high.y) = (max(high.x, point.x), max(high.y, point.y))
            }
        }
        guard low.x < high.x, low.y < high.y else { return }
        let corners = [low, Point(x: high.x, y: low.y), high, Point(x: low.x, y: high.y)]
        list.append(.pushGroup(Group(maskPaths: masks)))
        list.append(.path(PathFill(contours: [corners], color: color, gradient: gradient)))
        list.append(.popGroup)
    }

    /// Twice the area a contour encloses, positive when it turns clockwise in y-down space.
    static func signedArea(_ contour: [Point]) -> Double {
        var sum = 0.0
        var previous = contour[contour.count - 1]
        for point in contour {
            sum += previous.x * point.y - point.x * previous.y
            previous = point
        }
        return sum
    }

    private func stroke(
        _ entries: ArraySlice<PoolEntry>, color: Color, opacity: Double, style: StrokeStyle, gradient: Gradient?, groupMatrix: AffineTransform,
        layerMatrix: AffineTransform, into list: inout DisplayList
    ) {
        var color = color
        color.alpha *= opacity
        // Stroked in the paint's group space, so a scaled group scales its stroke's width.
        guard color.alpha > 0, style.lineWidth > 0, let toGroup = groupMatrix.inverted else { return }
        let groupToList = groupMatrix.concatenating(layerMatrix)
        let scales = groupToList.axisScales
        let scale = max(scales.x, scales.y) * pixelScale
        guard scale > 0, scale.isFinite else { return }
        let local = polylines(entries, matrix: toGroup, tolerance: LottieAnimation.flatness / scale)
        var outline = local.dashed(pattern: style.lineDashPattern, phase: style.lineDashPhase).strokeOutline(style, tolerance: LottieAnimation.flatness / scale)
        guard !outline.isEmpty else { return }
        // Mapped into the list's space in place: the stroker's pieces are many small arrays.
        for index in outline.indices {
            outline[index].withUnsafeMutableBufferPointer { points in
                for point in points.indices { points[point] = groupToList.apply(to: points[point]) }
            }
        }
        list.append(.path(PathFill(contours: outline, fillRule: .nonZero, color: color, gradient: gradient)))
    }
}

extension GradientStyle {
    /// The gradient at `frame` in its group's space, with its opacity (0 ... 1): colour stops and
    /// opacity stops merged at every offset either names, a radial gradient's focus moved by the
    /// highlight (length in percent of the radius, within ±99 %; angle in degrees from the line).
    func gradient(at frame: Double) -> (gradient: Gradient, opacity: Double) {
        let values = stops.value(at: frame)
        let colorCount = min(colorStops, values.count / 4)
        var colors: [(offset: Double, rgb: (Double, Double, Double))] = []
        for index in 0..<colorCount {
            let base = index * 4
            let rgb = LottieAnimation.color([values[base + 1], values[base + 2], values[base + 3]], opacity: 1)
            colors.append((values[base], (rgb.red, rgb.green, rgb.blue)))
        }
        var alphas: [(offset: Double, alpha: Double)] = []
        var index = colorCount * 4
        while index + 1 < values.count {
            alphas.append((values[index], min(max(values[index + 1], 0), 1)))
            index += 2
        }
        func interpolate<T>(_ list: [(offset: Double, value: T)], at t: Double, mix: (T, T, Double) -> T) -> T? {
            guard let first = list.first, let last = list.last else { return nil }
            if t <= first.offset { return first.value }
            if t >= last.offset { return last.value }
            for (a, b) in zip(list, list.dropFirst()) where t <= b.offset {
                let span = b.offset - a.offset
                return mix(a.value, b.value, span > 0 ? (t - a.offset) / span : 1)
            }
            return last.value
        }
        let colorList = colors.map { (offset: $0.offset, value: $0.rgb) }
        let alphaList = alphas.map { (offset: $0.offset, value: $0.alpha) }
        let offsets = Set(colors.map(\.offset) + alphas.map(\.offset)).filter(\.isFinite).sorted()
        let merged = offsets.map { t -> GradientStop in
            let rgb = interpolate(colorList, at: t) { a, b, f in (a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f, a.2 + (b.2 - a.2) * f) } ?? (0, 0, 0)
            let alpha = interpolate(alphaList, at: t) { a, b, f in a + (b - a) * f } ?? 1
            return GradientStop(offset: min(max(t, 0), 1), color: Color(red: rgb.0, green: rgb.1, blue: rgb.2, alpha: alpha))
        }
        let startPoint = start.point(at: frame), endPoint = end.point(at: frame)
        var focus: Point?
        if radial {
            let delta = endPoint - startPoint
            let radius = (delta.x * delta.x + delta.y * delta.y).squareRoot()
            let length = min(max(highlightLength.scalar(at: frame) / 100, -0.99), 0.99) * radius
            let angle = atan2(delta.y, delta.x) + highlightAngle.scalar(at: frame) * .pi / 180
            if length != 0, length.isFinite, angle.isFinite {
                focus = Point(x: startPoint.x + cos(angle) * length, y: startPoint.y + sin(angle) * length)
            }
        }
        let gradient = Gradient(kind: radial ? .radial : .linear, start: Point(startPoint), end: Point(endPoint), focus: focus, stops: merged)
        return (gradient, min(max(opacity.scalar(at: frame, fallback: 100) / 100, 0), 1))
    }
}

extension StrokeStyleItem {
    /// The stroke style at `frame`: width, caps, joins, miter limit and dashes (dash and gap
    /// lengths alternating; an offset entry is the phase).
    func style(at frame: Double) -> StrokeStyle {
        var pattern: [Double] = []
        var phase = 0.0
        for dash in dashes {
            let value = dash.value.scalar(at: frame)
            switch dash.kind {
            case .offset: phase = value
            case .dash, .gap: pattern.append(max(value, 0))
            }
        }
        let width = width.scalar(at: frame, fallback: 1)
        return StrokeStyle(
            lineWidth: width.isFinite ? max(width, 0) : 0, lineCap: cap, lineJoin: join, miterLimit: miterLimit,
            lineDashPattern: pattern, lineDashPhase: phase.isFinite ? phase : 0
        )
    }
}

extension LottieTransform {
    /// A repeater's transform applied `times` times: scale raised to that power, rotation and
    /// position multiplied by it, about the anchor.
    func repeaterMatrix(at frame: Double, times: Double) -> AffineTransform {
        let anchor = self.anchor.point(at: frame)
        let position = positionPoint(at: frame)
        let scale = self.scale.value(at: frame)
        let sx = pow((scale.first ?? 100) / 100, times), sy = pow((scale.count > 1 ? scale[1] : scale.first ?? 100) / 100, times)
        let rotation = self.rotation.scalar(at: frame) * times * .pi / 180
        var matrix = AffineTransform(translationX: -anchor.x, y: -anchor.y)
        matrix = matrix.concatenating(AffineTransform(scaleX: sx.isFinite ? sx : 0, y: sy.isFinite ? sy : 0))
        matrix = matrix.concatenating(AffineTransform(rotation: rotation.isFinite ? rotation : 0))
        return matrix.concatenating(AffineTransform(translationX: anchor.x + position.x * times, y: anchor.y + position.y * times))
    }
}

extension LottieAnimation {
    /// `commands` with every path's colour (a gradient's stops' colours) replaced by `color`,
    /// their alphas kept: the same pixels as the commands in a group recoloured to `color`
    /// (`ColorRamp` of one colour), drawn without the group. A track matte's own commands are
    /// kept as they are (a luma matte reads their colours). Nil where that would differ or cannot
    /// be done so: images, glyphs and other kinds of command, groups that blend or recolour.
    static func recoloured(_ commands: [DrawCommand], to color: Color) -> [DrawCommand]? {
        var result: [DrawCommand] = []
        result.reserveCapacity(commands.count)
        // Open groups, and how many of them are inside a matte.
        var depth = 0, matteDepth: Int?
        for command in commands {
            if let start = matteDepth {
                result.append(command)
                if case .pushGroup = command { depth += 1 }
                if case .popGroup = command {
                    depth -= 1
                    if depth < start { matteDepth = nil }
                }
                continue
            }
            switch command {
            case .path(var path):
                path.color = Color(red: color.red, green: color.green, blue: color.blue, alpha: path.color.alpha)
                if var gradient = path.gradient {
                    gradient.stops = gradient.stops.map { GradientStop(offset: $0.offset, color: Color(red: color.red, green: color.green, blue: color.blue, alpha: $0.color.alpha)) }
                    path.gradient = gradient
                }
                result.append(.path(path))
            case .pushGroup(let group):
                guard group.blendMode == .normal, group.colorRamp == nil else { return nil }
                depth += 1
                if group.isMatte { matteDepth = depth }
                result.append(command)
            case .popGroup:
                depth -= 1
                result.append(command)
            case .pushClip, .popClip:
                result.append(command)
            default:
                return nil
            }
        }
        return result
    }

    /// A Lottie colour (0 ... 1 per channel; files with 0 ... 255 are read as such) at `opacity`.
    static func color(_ value: [Double], opacity: Double) -> Color {
        var channels = Array(value.prefix(3))
        while channels.count < 3 { channels.append(0) }
        if channels.contains(where: { $0 > 1 }) { channels = channels.map { $0 / 255 } }
        let clamped = channels.map { $0.isFinite ? min(max($0, 0), 1) : 0 }
        let alpha = opacity.isFinite ? min(max(opacity, 0), 1) : 0
        return Color(red: clamped[0], green: clamped[1], blue: clamped[2], alpha: alpha)
    }
}
