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
        let translationOnly = transform.a == 1 && transform.b == 0 && transform.c == 0 && transform.d == 1
        let dx = transform.tx
        let dy = transform.ty
        let keepsClips = transform.isAxisAligned && transform.a > 0 && transform.d > 0
        // Whether each open clip became a group.
        var clipBecameGroup: [Bool] = []
        // Grown geometrically: reserving exactly what this append needs would copy the whole
        // list on every layer appended to it (measured: half the time of a 5,000-layer frame).
        let needed = commands.count + other.commands.count
        if commands.capacity < needed { commands.reserveCapacity(max(needed, 2 * commands.capacity)) }
        for command in other.commands {
            switch command {
            case .roundedRect(var shape):
                if translationOnly, shape.transform.isIdentity {
                    shape.rect = shape.rect.offsetBy(dx: dx, dy: dy)
                } else {
                    shape.transform = shape.transform.concatenating(transform)
                }
                commands.append(.roundedRect(shape))
            case .line(var line):
                if translationOnly, line.transform.isIdentity {
                    line.start = Point(x: line.start.x + dx, y: line.start.y + dy)
                    line.end = Point(x: line.end.x + dx, y: line.end.y + dy)
                } else {
                    line.transform = line.transform.concatenating(transform)
                }
                commands.append(.line(line))
            case .glyphs(var run):
                if translationOnly, run.transform.isIdentity {
                    run.positions = run.positions.map { Point(x: $0.x + dx, y: $0.y + dy) }
                } else {
                    run.transform = run.transform.concatenating(transform)
                }
                commands.append(.glyphs(run))
            case .image(var draw):
                if translationOnly, draw.transform.isIdentity {
                    draw.rect = draw.rect.offsetBy(dx: dx, dy: dy)
                } else {
                    draw.transform = draw.transform.concatenating(transform)
                }
                commands.append(.image(draw))
            case .path(var path):
                path.contours = path.contours.map { $0.map(transform.apply(to:)) }
                path.blur *= abs(transform.determinant).squareRoot()
                commands.append(.path(path))
            case .shadow(var shadow):
                if translationOnly, shadow.transform.isIdentity {
                    shadow.rect = shadow.rect.offsetBy(dx: dx, dy: dy)
                } else {
                    shadow.transform = shadow.transform.concatenating(transform)
                }
                commands.append(.shadow(shadow))
            case .pushGroup(var group):
                if var mask = group.mask {
                    mask.transform = mask.transform.concatenating(transform)
                    group.mask = mask
                }
                commands.append(.pushGroup(group))
            case .popGroup:
                commands.append(.popGroup)
            case .pushClip(let rect):
                if keepsClips {
                    commands.append(.pushClip(transform.boundingBox(of: rect)))
                    clipBecameGroup.append(false)
                } else {
                    commands.append(.pushGroup(Group(mask: RoundedRect(rect: rect, cornerRadius: 0, fill: .black, transform: transform))))
                    clipBecameGroup.append(true)
                }
            case .popClip:
                commands.append(clipBecameGroup.popLast() == true ? .popGroup : .popClip)
            }
        }
    }
}

extension DrawCommand {
    /// The command with its colours faded by `opacity` (0 ... 1), as drawing it into a group of
    /// that opacity would give; nil for the commands that bracket others.
    public func fading(by opacity: Double) -> DrawCommand? {
        func faded(_ color: Color) -> Color {
            var color = color
            color.alpha *= opacity
            return color
        }
        switch self {
        case .roundedRect(var shape):
            shape.fill = faded(shape.fill)
            shape.stroke = faded(shape.stroke)
            return .roundedRect(shape)
        case .line(var line):
            line.color = faded(line.color)
            return .line(line)
        case .glyphs(var run):
            run.color = faded(run.color)
            return .glyphs(run)
        case .image(var draw):
            draw.alpha *= opacity
            return .image(draw)
        case .path(var path):
            path.color = faded(path.color)
            return .path(path)
        case .shadow(var shadow):
            shadow.color = faded(shadow.color)
            return .shadow(shadow)
        case .pushClip, .popClip, .pushGroup, .popGroup:
            return nil
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
