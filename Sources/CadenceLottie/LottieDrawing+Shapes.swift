#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CadenceDraw
import CadenceLayers

/// Shape layers: items evaluated top first as After Effects does (groups, repeaters, merge paths,
/// trim and the path modifiers change the paths above them; fills and strokes paint them), then
/// each paint drawn once.
extension Drawing {
    /// Evaluates a group's items, top first, adding their paths to the pool and their paints to
    /// the list. `groupMatrix` maps the group's space to the layer's.
    mutating func group(
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

    mutating func evaluate(
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
    func paintColor(_ color: AnimatedNumbers, _ opacity: AnimatedNumbers, name: String, frame: Double) -> Color {
        var result = LottieAnimation.color(color.value(at: frame), opacity: opacity.scalar(at: frame, fallback: 100) / 100, scaled: true)
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

    mutating func record(_ paint: PendingPaint, opacity: Double) {
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
    mutating func merge(_ paths: Range<Int>, itemStarts: [Int], mode: MergeMode) {
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
    mutating func modify(_ paths: Range<Int>, _ change: (BezierShape) -> BezierShape) {
        for index in paths {
            pool[index].shapes = pool[index].shapes.map(change)
        }
    }

    /// Trim paths on the pool entries in `paths`: start and end in percent, the offset in
    /// degrees of the whole length; a start past the end swaps them; a span past the end wraps
    /// round to the start.
    mutating func trim(_ trim: TrimPaths, frame: Double, paths: Range<Int>) {
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

    func draw(_ paint: PendingPaint, opacity: Double, layerMatrix: AffineTransform, into list: inout DisplayList) {
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
    func polylines(_ entries: ArraySlice<PoolEntry>, matrix: AffineTransform, tolerance: Double) -> [Polyline] {
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
    func contours(_ entries: ArraySlice<PoolEntry>, matrix: AffineTransform, tolerance: Double) -> [[Point]] {
        var contours: [[Point]] = []
        for entry in entries {
            let toTarget = entry.matrix.concatenating(matrix)
            for shape in entry.shapes {
                if let (points, _) = shape.flattened(by: toTarget, tolerance: tolerance), points.count >= 3 { contours.append(points) }
            }
        }
        return contours
    }

    func fill(
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

    func stroke(
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
