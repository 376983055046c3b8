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
        // The file's own fonts first (an engine registers each once).
        if let fonts { for font in embeddedFonts { fonts.register(font) } }
        var drawing = Drawing(animation: self, pixelScale: pixelScale.isFinite && pixelScale > 0 ? pixelScale : 1, images: images, fonts: fonts)
        drawing.providers = valueProviders
        guard expressionScope != nil else {
            drawing.composition(root, frame: frame, matrix: transform, opacity: 1, depth: 0, into: &list)
            return
        }
        // Each expression runs once for the frame (`LottieFrameMemo`).
        LottieFrameMemo.$current.withValue(LottieFrameMemo()) {
            drawing.composition(root, frame: frame, matrix: transform, opacity: 1, depth: 0, into: &list)
        }
    }
}

/// One shape item's paths: its shapes in its group's space, and the matrix from there to the
/// layer's space.
struct PoolEntry {
    var shapes: [BezierShape]
    var matrix: AffineTransform
    /// Set when merge paths combined entries' areas: how they combine, and each one's shapes (in
    /// the layer's space, as `shapes` then is), top first; the last is the one combined with
    /// the union of the others.
    var merged: (mode: MergeMode, operands: [[BezierShape]])?
}

/// One paint waiting for the paths above it: which pool entries it covers, the space its group
/// draws in, and its opacity from the groups above it.
struct PendingPaint {
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

struct Drawing {
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
    mutating func matted(
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
    mutating func layer(
        at position: Int, in composition: Composition, frame: Double, matrix: AffineTransform, opacity: Double, depth: Int,
        into list: inout DisplayList
    ) {
        layer(composition.layers[position], at: position, in: composition, frame: frame, matrix: matrix, opacity: opacity, depth: depth, into: &list)
    }

    /// Draws `layer`, the layer at `position`, borrowed from its composition rather than copied.
    mutating func layer(
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
            guard let document = (try? text.evaluatedDocument(at: frame)) ?? nil, let fonts,
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
    func emit(
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

    /// `commands` at `opacity`: a lone path takes it in its colour; several are composited as
    /// one group, so overlapping parts of a fading layer do not show through each other.
    func emit(_ commands: [DrawCommand], opacity: Double, masks: [MaskPath], into list: inout DisplayList) {
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
    func masks(of layer: LottieLayer, frame: Double, matrix: AffineTransform) -> [MaskPath] {
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
    mutating func worldMatrix(of position: Int, in composition: Composition, frame: Double) -> AffineTransform {
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
    var pool: [PoolEntry] = []
    var paints: [PendingPaint] = []
    var opacities: [Double] = []
    /// Repeater copies evaluated for the layer so far.
    var repeatedCopies = 0
    /// The layer's limits of paths and repeater copies: the per-layer ones, or what the frame has
    /// left of its own (`framePaths`, `frameCopies` used by the layers before).
    var pathLimit = LottieAnimation.maximumPathsPerLayer
    var copyLimit = LottieAnimation.maximumRepeatedCopiesPerLayer
    var framePaths = 0
    var frameCopies = 0

    /// Empties the layer's paths and paints (their memory kept) and sets its limits.
    mutating func startLayer() {
        pool.removeAll(keepingCapacity: true)
        paints.removeAll(keepingCapacity: true)
        opacities.removeAll(keepingCapacity: true)
        repeatedCopies = 0
        pathLimit = min(LottieAnimation.maximumPathsPerLayer, max(LottieAnimation.maximumPathsPerFrame - framePaths, 0))
        copyLimit = min(LottieAnimation.maximumRepeatedCopiesPerLayer, max(LottieAnimation.maximumRepeatedCopiesPerFrame - frameCopies, 0))
    }

    /// Counts what the layer evaluated against the frame's limits.
    mutating func endLayer() {
        framePaths += pool.count
        frameCopies += repeatedCopies
    }

    init(animation: LottieAnimation, pixelScale: Double, images: any ImageProvider, fonts: (any TextLayoutEngine)?) {
        self.animation = animation
        self.pixelScale = pixelScale
        self.images = images
        self.fonts = fonts
    }

    mutating func shapeLayer(_ items: [ShapeItem], frame: Double, matrix: AffineTransform, into list: inout DisplayList) {
        startLayer()
        group(items[...], frame: frame, groupMatrix: .identity, layerMatrix: matrix, opacity: 1)
        endLayer()
        // Paints were recorded top first; draw bottom first.
        for index in paints.indices.reversed() {
            let (paint, opacity) = (paints[index], opacities[index])
            draw(paint, opacity: opacity, layerMatrix: matrix, into: &list)
        }
    }

}
