extension DisplayList {
    /// What changed since `previous`: the union of the bounds, old and new, of every command that
    /// differs. Nil when nothing changed; the whole frame when the lists cannot be compared
    /// command by command (another size, background or number of commands).
    public func damage(since previous: DisplayList) -> Rect? {
        let whole = Rect(x: 0, y: 0, width: size.width, height: size.height)
        guard size == previous.size, background == previous.background, commands.count == previous.commands.count else { return whole }
        var damage: Rect?
        for (new, old) in zip(commands, previous.commands) where new != old {
            // A clip that changes changes everything drawn inside it.
            guard let a = new.bounds, let b = old.bounds else { return whole }
            damage = [damage, a, b].compactMap { $0 }.reduce(nil) { union($0, $1) }
        }
        return damage.map { intersection($0, whole) }
    }
}

extension DrawCommand {
    /// A rectangle that holds every pixel the command can touch (anti-aliasing fringe included);
    /// nil for clips, whose effect is not a rectangle of their own.
    public var bounds: Rect? {
        switch self {
        case .roundedRect(let shape):
            return shape.rect.insetBy(-1)
        case .line(let line):
            let reach = line.width / 2 + 1
            return Rect(
                x: min(line.start.x, line.end.x) - reach, y: min(line.start.y, line.end.y) - reach,
                width: abs(line.end.x - line.start.x) + 2 * reach, height: abs(line.end.y - line.start.y) + 2 * reach
            )
        case .glyphs(let run):
            // Generous: a glyph reaches at most an em and a half from its pen position.
            let size = run.font.pixelSize
            let xs = run.positions.map(\.x)
            let ys = run.positions.map(\.y)
            guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
            return Rect(x: minX - size, y: minY - 1.5 * size, width: maxX - minX + 3 * size, height: maxY - minY + 2.5 * size)
        case .image(let draw):
            return draw.rect.insetBy(-1)
        case .pushClip, .popClip:
            return nil
        }
    }
}

extension Rect {
    /// The rectangle grown by `-amount` on every side (shrunk for positive amounts).
    func insetBy(_ amount: Double) -> Rect {
        Rect(x: minX + amount, y: minY + amount, width: width - 2 * amount, height: height - 2 * amount)
    }
}

private func union(_ a: Rect?, _ b: Rect) -> Rect {
    guard let a else { return b }
    let minX = min(a.minX, b.minX)
    let minY = min(a.minY, b.minY)
    return Rect(x: minX, y: minY, width: max(a.maxX, b.maxX) - minX, height: max(a.maxY, b.maxY) - minY)
}

private func intersection(_ a: Rect, _ b: Rect) -> Rect {
    let minX = max(a.minX, b.minX)
    let minY = max(a.minY, b.minY)
    return Rect(x: minX, y: minY, width: max(min(a.maxX, b.maxX) - minX, 0), height: max(min(a.maxY, b.maxY) - minY, 0))
}
