#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CadenceDraw
import CadenceLayers

/// Layer effects: fill, tint, tritone, drop shadow, Gaussian blur, and the stroke effect over the
/// layer's mask paths, each applied to the layer's drawing in order.
extension Drawing {
    /// `body` (a layer's drawing in the list's units) through one effect at `frame`; `matrix` maps
    /// the layer's units to the list's, which scales blurs and turns and scales shadow offsets.
    func apply(
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
    func stroke(
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
}
