extension DisplayList {
    /// The list scaled uniformly to fit `size` and centred there, as a scene of one size is shown
    /// in a frame of another (letterboxed with the background). Unchanged when the sizes match.
    public func fitted(to size: Size) -> DisplayList {
        guard size != self.size, self.size.width > 0, self.size.height > 0 else { return self }
        let scale = min(size.width / self.size.width, size.height / self.size.height)
        let dx = (size.width - self.size.width * scale) / 2
        let dy = (size.height - self.size.height * scale) / 2
        var fitted = DisplayList(size: size, background: background)
        let fit = AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: dx, ty: dy)
        for command in commands {
            switch command {
            case .roundedRect(var shape) where !shape.transform.isIdentity:
                shape.transform = shape.transform.concatenating(fit)
                fitted.roundedRect(shape)
            case .line(var line) where !line.transform.isIdentity:
                line.transform = line.transform.concatenating(fit)
                fitted.line(line)
            case .image(var draw) where !draw.transform.isIdentity:
                draw.transform = draw.transform.concatenating(fit)
                fitted.append(.image(draw))
            case .glyphs(var run) where !run.transform.isIdentity:
                run.transform = run.transform.concatenating(fit)
                fitted.glyphs(run)
            case .path(var path):
                path.contours = path.contours.map { $0.map(fit.apply(to:)) }
                path.blur *= scale
                fitted.append(.path(path))
            case .shadow(var shadow):
                shadow.transform = shadow.transform.concatenating(fit)
                fitted.append(.shadow(shadow))
            case .pushGroup(var group):
                if var mask = group.mask {
                    mask.transform = mask.transform.concatenating(fit)
                    group.mask = mask
                }
                fitted.append(.pushGroup(group))
            case .popGroup:
                fitted.append(.popGroup)
            case .roundedRect(var shape):
                shape.rect = Rect(
                    x: shape.rect.minX * scale + dx, y: shape.rect.minY * scale + dy,
                    width: shape.rect.width * scale, height: shape.rect.height * scale
                )
                shape.cornerRadius *= scale
                shape.strokeWidth *= scale
                fitted.roundedRect(shape)
            case .line(var line):
                line.start = Point(x: line.start.x * scale + dx, y: line.start.y * scale + dy)
                line.end = Point(x: line.end.x * scale + dx, y: line.end.y * scale + dy)
                line.width *= scale
                fitted.line(line)
            case .pushClip(let rect):
                fitted.append(.pushClip(Rect(x: rect.minX * scale + dx, y: rect.minY * scale + dy, width: rect.width * scale, height: rect.height * scale)))
            case .popClip:
                fitted.append(.popClip)
            case .image(var draw):
                let r = draw.rect
                draw.rect = Rect(x: r.minX * scale + dx, y: r.minY * scale + dy, width: r.width * scale, height: r.height * scale)
                fitted.append(.image(draw))
            case .glyphs(var run):
                // Glyphs are rasterised at the scaled size, so text stays crisp at any scale.
                run.font.pixelSize *= scale
                run.positions = run.positions.map { Point(x: $0.x * scale + dx, y: $0.y * scale + dy) }
                fitted.glyphs(run)
            }
        }
        return fitted
    }
}
