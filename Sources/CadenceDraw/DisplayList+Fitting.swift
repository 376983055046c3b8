/// How a frame of one size shows a scene of another: scaled uniformly to fit and centred
/// (letterboxed with the background), as `DisplayList.fitted(to:)` does to a whole list.
///
/// Applied one command at a time, it is what a layer tree applies as it emits each command (the
/// root of the transform it passes down), so a scene drawn at another size is mapped once, not
/// drawn and then mapped again.
public struct FrameFit: Sendable, Hashable {
    /// The uniform scale.
    public let scale: Double
    /// The horizontal offset after scaling.
    public let dx: Double
    /// The vertical offset after scaling.
    public let dy: Double
    /// The transform: scale, then offset.
    public let transform: AffineTransform

    /// The fit of a scene of `size` into a frame of `target`; nil when they match or either is
    /// empty (nothing to map).
    public init?(from size: Size, to target: Size) {
        guard target != size, size.width > 0, size.height > 0 else { return nil }
        scale = min(target.width / size.width, target.height / size.height)
        dx = (target.width - size.width * scale) / 2
        dy = (target.height - size.height * scale) / 2
        transform = AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: dx, ty: dy)
    }

    /// A scale by `scale` about the origin, with no offset (a picture drawn at `scale` pixels per
    /// unit); nil for a scale that is not a positive finite number.
    public init?(scale: Double) {
        guard scale > 0, scale.isFinite else { return nil }
        self.scale = scale
        dx = 0
        dy = 0
        transform = AffineTransform(scaleX: scale, y: scale)
    }

    /// `command` fitted: geometry without a transform of its own scaled and offset directly
    /// (glyphs at the scaled pixel size, so text stays crisp at any scale), a transform otherwise
    /// followed by the fit's.
    public func apply(_ command: DrawCommand) -> DrawCommand {
        switch command {
        case .roundedRect(var shape) where !shape.transform.isIdentity:
            shape.transform = shape.transform.concatenating(transform)
            return .roundedRect(shape)
        case .line(var line) where !line.transform.isIdentity:
            line.transform = line.transform.concatenating(transform)
            return .line(line)
        case .image(var draw) where !draw.transform.isIdentity:
            draw.transform = draw.transform.concatenating(transform)
            return .image(draw)
        case .glyphs(var run) where !run.transform.isIdentity:
            run.transform = run.transform.concatenating(transform)
            return .glyphs(run)
        case .path(var path):
            path.contours = path.contours.map { $0.map(transform.apply(to:)) }
            path.blur *= scale
            path.gradient = path.gradient?.transformed(by: transform)
            return .path(path)
        case .shadow(var shadow):
            shadow.transform = shadow.transform.concatenating(transform)
            return .shadow(shadow)
        case .pushGroup(let group):
            return .pushGroup(group.transformed(by: transform))
        case .popGroup, .popClip:
            return command
        case .projected(var picture):
            picture.transform = picture.transform.concatenating(transform)
            return .projected(picture)
        case .roundedRect(var shape):
            shape.rect = mapped(shape.rect)
            shape.cornerRadius *= scale
            shape.strokeWidth *= scale
            return .roundedRect(shape)
        case .line(var line):
            line.start = mapped(line.start)
            line.end = mapped(line.end)
            line.width *= scale
            return .line(line)
        case .pushClip(let rect):
            return .pushClip(mapped(rect))
        case .image(var draw):
            draw.rect = mapped(draw.rect)
            return .image(draw)
        case .glyphs(var run):
            run.font.pixelSize *= scale
            run.positions = run.positions.map(mapped)
            return .glyphs(run)
        }
    }

    private func mapped(_ point: Point) -> Point {
        Point(x: point.x * scale + dx, y: point.y * scale + dy)
    }

    private func mapped(_ rect: Rect) -> Rect {
        Rect(x: rect.minX * scale + dx, y: rect.minY * scale + dy, width: rect.width * scale, height: rect.height * scale)
    }
}

extension DisplayList {
    /// The list scaled uniformly to fit `size` and centred there, as a scene of one size is shown
    /// in a frame of another (letterboxed with the background). Unchanged when the sizes match.
    public func fitted(to size: Size) -> DisplayList {
        guard let fit = FrameFit(from: self.size, to: size) else { return self }
        var fitted = DisplayList(size: size, background: background)
        fitted.commands.reserveCapacity(commands.count)
        for command in commands { fitted.append(fit.apply(command)) }
        return fitted
    }

    /// Fits the commands from `start` on in place (what a widget drew into a list being fitted).
    public mutating func fit(from start: Int, by fit: FrameFit) {
        guard start >= 0, start < commands.count else { return }
        for index in start..<commands.count { commands[index] = fit.apply(commands[index]) }
    }
}
