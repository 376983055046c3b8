#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CadenceDraw
import CadenceLayers

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
    /// `scaled`: the value is known to be 0 ... 1 (a fill's or stroke's track, scaled when read),
    /// so a channel above 1 (an eased overshoot) is clamped, not taken for 0 ... 255.
    static func color(_ value: [Double], opacity: Double, scaled: Bool = false) -> Color {
        var channels = Array(value.prefix(3))
        while channels.count < 3 { channels.append(0) }
        if !scaled, channels.contains(where: { $0 > 1 }) { channels = channels.map { $0 / 255 } }
        let clamped = channels.map { $0.isFinite ? min(max($0, 0), 1) : 0 }
        let alpha = opacity.isFinite ? min(max(opacity, 0), 1) : 0
        return Color(red: clamped[0], green: clamped[1], blue: clamped[2], alpha: alpha)
    }
}
