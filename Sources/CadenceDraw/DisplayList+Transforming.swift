extension DisplayList {
    /// Appends `other`'s commands mapped by `transform`, as a layer's drawing (made in its own
    /// coordinates) is placed in its parent's.
    ///
    /// - A pure translation moves the geometry itself, so text stays snapped to whole pixels and
    ///   shapes keep the cheapest path through the renderer.
    /// - Otherwise each command's transform is concatenated with `transform`; a clip that the
    ///   transform keeps axis-aligned stays a clip, and one it rotates or skews becomes a group
    ///   masked by the rotated rectangle (its `popClip` a `popGroup`).
    /// - Paths, whose points are already in pixels, have their points mapped and their blur scaled
    ///   by the transform's area scale.
    public mutating func append(_ other: DisplayList, transformedBy transform: AffineTransform) {
        if transform.isIdentity {
            commands.append(contentsOf: other.commands)
            return
        }
        // Grown geometrically: reserving exactly what this append needs would copy the whole
        // list on every layer appended to it (measured: half the time of a 5,000-layer frame).
        let needed = commands.count + other.commands.count
        if commands.capacity < needed { commands.reserveCapacity(max(needed, 2 * commands.capacity)) }
        var mapping = CommandMapping(transform)
        for command in other.commands { commands.append(mapping.map(command)) }
    }
}

extension DisplayList {
    /// Opens a group of `opacity` whose members are the commands appended next; `endFadingGroup`
    /// closes it. Returns where it starts.
    public mutating func beginFadingGroup(opacity: Double) -> Int {
        commands.append(.pushGroup(Group(opacity: opacity)))
        return commands.count - 1
    }

    /// Closes the group `beginFadingGroup` opened at `start`: dropped when nothing was drawn in
    /// it; a single member fades by its own colours instead (the same pixels, no picture of its
    /// own); more are composited as a group, so that overlapping members do not show through
    /// each other.
    public mutating func endFadingGroup(openedAt start: Int) {
        guard start >= 0, start < commands.count, case .pushGroup(let group) = commands[start] else { return }
        let members = commands.count - start - 1
        if members == 0 {
            commands.removeLast()
        } else if members == 1, let faded = commands[start + 1].fading(by: group.opacity) {
            commands[start] = faded
            commands.removeLast()
        } else {
            commands.append(.popGroup)
        }
    }

    /// Removes every command, keeping the storage for the next ones.
    public mutating func removeAllCommands() {
        commands.removeAll(keepingCapacity: true)
    }
}

/// Maps commands drawn in one coordinate space into another by an affine transform, one at a
/// time, as `DisplayList.append(_:transformedBy:)` does for a whole list: what a layer tree uses
/// to emit each command once, already in frame pixels, with its ancestors' transforms composed
/// into one (rather than mapping every descendant again at every ancestor).
///
/// A clip pushed through a mapping must be popped through the same one: it remembers which clips
/// became groups. With a `fit`, each mapped command is also fitted to the frame (the root of a
/// scene drawn at another size), as `DisplayList.fitted(to:)` would fit the finished list.
public struct CommandMapping {
    /// The transform applied.
    public let transform: AffineTransform
    /// The frame fit applied after the transform; nil for none.
    public let fit: FrameFit?
    private let isIdentity: Bool
    private let translationOnly: Bool
    private let keepsClips: Bool
    /// Whether each open clip became a group.
    private var clipBecameGroup: [Bool] = []

    /// A mapping by `transform`, then by `fit` when given.
    public init(_ transform: AffineTransform, fit: FrameFit? = nil) {
        self.transform = transform
        self.fit = fit
        isIdentity = transform.isIdentity
        translationOnly = transform.a == 1 && transform.b == 0 && transform.c == 0 && transform.d == 1
        keepsClips = transform.isAxisAligned && transform.a > 0 && transform.d > 0
    }

    /// `command` mapped by the transform, then fitted.
    public mutating func map(_ command: DrawCommand) -> DrawCommand {
        let mapped = transformed(command)
        return fit.map { $0.apply(mapped) } ?? mapped
    }

    /// `command` mapped by the transform.
    private mutating func transformed(_ command: DrawCommand) -> DrawCommand {
        if isIdentity { return command }
        let dx = transform.tx
        let dy = transform.ty
        switch command {
        case .roundedRect(var shape):
            if translationOnly, shape.transform.isIdentity {
                shape.rect = shape.rect.offsetBy(dx: dx, dy: dy)
            } else {
                shape.transform = shape.transform.concatenating(transform)
            }
            return .roundedRect(shape)
        case .line(var line):
            if translationOnly, line.transform.isIdentity {
                line.start = Point(x: line.start.x + dx, y: line.start.y + dy)
                line.end = Point(x: line.end.x + dx, y: line.end.y + dy)
            } else {
                line.transform = line.transform.concatenating(transform)
            }
            return .line(line)
        case .glyphs(var run):
            if translationOnly, run.transform.isIdentity {
                run.positions = run.positions.map { Point(x: $0.x + dx, y: $0.y + dy) }
            } else {
                run.transform = run.transform.concatenating(transform)
            }
            return .glyphs(run)
        case .image(var draw):
            if translationOnly, draw.transform.isIdentity {
                draw.rect = draw.rect.offsetBy(dx: dx, dy: dy)
            } else {
                draw.transform = draw.transform.concatenating(transform)
            }
            return .image(draw)
        case .path(var path):
            path.contours = path.contours.map { $0.map(transform.apply(to:)) }
            path.blur *= abs(transform.determinant).squareRoot()
            path.gradient = path.gradient?.transformed(by: transform)
            return .path(path)
        case .shadow(var shadow):
            if translationOnly, shadow.transform.isIdentity {
                shadow.rect = shadow.rect.offsetBy(dx: dx, dy: dy)
            } else {
                shadow.transform = shadow.transform.concatenating(transform)
            }
            return .shadow(shadow)
        case .pushGroup(let group):
            return .pushGroup(group.transformed(by: transform))
        case .popGroup:
            return .popGroup
        case .pushClip(let rect):
            if keepsClips {
                clipBecameGroup.append(false)
                return .pushClip(transform.boundingBox(of: rect))
            }
            clipBecameGroup.append(true)
            return .pushGroup(Group(mask: RoundedRect(rect: rect, cornerRadius: 0, fill: .black, transform: transform)))
        case .popClip:
            return clipBecameGroup.popLast() == true ? .popGroup : .popClip
        case .projected(var picture):
            picture.transform = picture.transform.concatenating(transform)
            return .projected(picture)
        }
    }
}

extension Group {
    /// The group with its masks (if any) mapped by `transform` after their own transforms.
    func transformed(by transform: AffineTransform) -> Group {
        var group = self
        group.mask?.transform = (mask?.transform ?? .identity).concatenating(transform)
        group.maskPaths = maskPaths.map { $0.transformed(by: transform) }
        group.backdrop?.transform = (backdrop?.transform ?? .identity).concatenating(transform)
        // Blurs are in pixels: scaled as a path's blur is.
        if blur > 0 || backdropBlur > 0 {
            let scale = abs(transform.determinant).squareRoot()
            group.blur = blur * scale
            group.backdropBlur = backdropBlur * scale
        }
        return group
    }
}

extension DrawCommand {
    /// The command with every colour multiplied, component by component, by `tint`
    /// (CAReplicatorLayer's `instanceColor`): fills, strokes, text, shadows; a gradient's stops by
    /// the tint's colour and its paint by the tint's alpha; an image by the tint's alpha only.
    /// Clips and groups are as they were.
    public func tinted(by tint: Color) -> DrawCommand {
        func times(_ color: Color) -> Color {
            Color(red: color.red * tint.red, green: color.green * tint.green, blue: color.blue * tint.blue, alpha: color.alpha * tint.alpha)
        }
        switch self {
        case .roundedRect(var shape):
            shape.fill = times(shape.fill)
            shape.stroke = times(shape.stroke)
            return .roundedRect(shape)
        case .line(var line):
            line.color = times(line.color)
            return .line(line)
        case .glyphs(var run):
            run.color = times(run.color)
            return .glyphs(run)
        case .image(var draw):
            draw.alpha *= tint.alpha
            return .image(draw)
        case .path(var path):
            if var gradient = path.gradient, tint.red != 1 || tint.green != 1 || tint.blue != 1 {
                gradient.stops = gradient.stops.map { stop in
                    GradientStop(offset: stop.offset, color: Color(
                        red: stop.color.red * tint.red, green: stop.color.green * tint.green, blue: stop.color.blue * tint.blue,
                        alpha: stop.color.alpha
                    ))
                }
                path.gradient = gradient
            }
            path.color = times(path.color)
            return .path(path)
        case .shadow(var shadow):
            shadow.color = times(shadow.color)
            return .shadow(shadow)
        case .projected(var picture):
            var list = DisplayList(size: picture.list.size, background: picture.list.background)
            list.commands = picture.list.commands.map { $0.tinted(by: tint) }
            picture.list = list
            return .projected(picture)
        case .pushClip, .popClip, .pushGroup, .popGroup:
            return self
        }
    }

    /// The command with its colours faded by `opacity` (0 ... 1), as drawing it into a group of
    /// that opacity would give (`tinted(by:)` white at that alpha); nil for the commands that
    /// bracket others.
    public func fading(by opacity: Double) -> DrawCommand? {
        switch self {
        case .pushClip, .popClip, .pushGroup, .popGroup: nil
        default: tinted(by: Color(red: 1, green: 1, blue: 1, alpha: opacity))
        }
    }
}

extension DisplayList {
    /// How deep groups nest in the list: 0 with no group.
    public var groupDepth: Int {
        var depth = 0
        var deepest = 0
        for command in commands {
            switch command {
            case .projected(let picture):
                // The picture takes a depth of its own, its groups nest in it.
                deepest = Swift.max(deepest, depth + 1 + picture.list.groupDepth)
            case .pushGroup:
                depth += 1
                deepest = Swift.max(deepest, depth)
            case .popGroup:
                depth = Swift.max(depth - 1, 0)
            default:
                break
            }
        }
        return deepest
    }

    /// The list with groups nested deeper than `maximumDepth` drawn without a picture of their
    /// own, which bounds the offscreen pictures a renderer holds (one per depth).
    ///
    /// - A group past the depth passes its opacity to each member (`fading(by:)`), so members
    ///   that overlap show through each other where the group would have hidden them.
    /// - Its mask becomes a clip to the mask's transformed bounding box: exact for an
    ///   axis-aligned, square-cornered mask, and a rectangle around a rounded or rotated one.
    /// - Groups at or above the depth are kept as they are; the list is returned unchanged when
    ///   none is deeper.
    public func flatteningGroups(deeperThan maximumDepth: Int) -> DisplayList {
        guard groupDepth > maximumDepth else { return self }
        var result = DisplayList(size: size, background: background)
        result.commands.reserveCapacity(commands.count)
        // For each open group: whether it was kept, the opacity outside it, and whether it clips.
        var open: [(kept: Bool, opacity: Double, clips: Bool)] = []
        var kept = 0
        var opacity = 1.0
        for command in commands {
            switch command {
            case .pushGroup(let group):
                if kept < maximumDepth, opacity == 1 {
                    kept += 1
                    open.append((true, opacity, false))
                    result.commands.append(command)
                } else {
                    open.append((false, opacity, group.mask != nil))
                    opacity *= Swift.min(Swift.max(group.opacity, 0), 1)
                    if let mask = group.mask { result.commands.append(.pushClip(mask.transform.boundingBox(of: mask.rect))) }
                }
            case .popGroup:
                guard let last = open.popLast() else { continue }
                if last.kept {
                    kept -= 1
                    result.commands.append(command)
                } else {
                    opacity = last.opacity
                    if last.clips { result.commands.append(.popClip) }
                }
            case .projected(var picture):
                // A picture needs a depth of its own: past the depth it is not drawn.
                guard kept < maximumDepth else { continue }
                picture.list = picture.list.flatteningGroups(deeperThan: maximumDepth - kept - 1)
                let command = DrawCommand.projected(picture)
                result.commands.append(opacity == 1 ? command : command.fading(by: opacity) ?? command)
            default:
                if opacity == 1 {
                    result.commands.append(command)
                } else if let faded = command.fading(by: opacity) {
                    result.commands.append(faded)
                } else {
                    result.commands.append(command)
                }
            }
        }
        return result
    }
}
