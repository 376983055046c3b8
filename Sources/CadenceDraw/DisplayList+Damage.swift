extension DisplayList {
    /// What changed since `previous`, as a few rectangles that together hold every pixel that may
    /// differ: the old and new bounds of each command that differs, cut to the clips and group
    /// masks it is drawn in (nested clips intersect exactly, as the renderer's do; a mask cuts to
    /// its transformed bounds). A group whose opacity or mask changed damages its members' bounds.
    /// Nil when nothing changed; the whole frame when the lists cannot be compared (another size
    /// or background, a clip's or group's push or pop added or removed alone, clips and groups
    /// that end out of order in a list with groups, or a changed stretch longer than
    /// `alignmentLimit`).
    ///
    /// Lists of the same length are compared command by command; otherwise they are aligned
    /// (Myers), so a caret, a run or a clipped group that appears or goes away damages only its
    /// own bounds (a group: its clip). Rectangles whose union costs little more than both are
    /// merged and at most `limit` are returned, so a renderer redraws a few small places rather
    /// than the box around all of them.
    public func damageRegion(since previous: DisplayList, limit: Int = 8) -> [Rect]? {
        let whole = Rect(x: 0, y: 0, width: size.width, height: size.height)
        guard size == previous.size, background == previous.background else { return [whole] }
        let new = commands
        let old = previous.commands
        var prefix = 0
        while prefix < new.count, prefix < old.count, new[prefix] == old[prefix] { prefix += 1 }
        if prefix == new.count, prefix == old.count { return nil }
        var suffix = 0
        while suffix < new.count - prefix, suffix < old.count - prefix, new[new.count - 1 - suffix] == old[old.count - 1 - suffix] {
            suffix += 1
        }
        let newMiddle = prefix..<(new.count - suffix)
        let oldMiddle = prefix..<(old.count - suffix)
        let newClips = ClipTracker(commands: new, whole: whole)
        let oldClips = ClipTracker(commands: old, whole: whole)
        // The renderer keeps clips and groups on stacks of their own: where one ends inside the
        // other, what a command draws into is no longer a nesting of rectangles.
        guard newClips.isWellNested, oldClips.isWellNested else { return [whole] }

        var rects: [Rect] = []
        func add(_ rect: Rect?) {
            guard let rect, rect.width > 0, rect.height > 0 else { return }
            rects.append(rect)
        }
        /// Adds the damage of a stretch inserted or removed as a whole and returns true when it is
        /// balanced: then it leaves every other command's clip as it was, and what it draws stays
        /// within its top-level commands' bounds, clips and groups' members. False when unbalanced.
        func stretch(_ range: Range<Int>, of list: [DrawCommand], clips: ClipTracker) -> Bool {
            // For each bracket open in the stretch: whether it is a group.
            var open: [Bool] = []
            for index in range {
                switch list[index] {
                case .pushClip:
                    if open.isEmpty { add(clips.clip(at: index)) }
                    open.append(false)
                case .pushGroup:
                    if open.isEmpty { add(clips.memberBounds(at: index)) }
                    open.append(true)
                case .popClip:
                    guard open.popLast() == false else { return false }
                case .popGroup:
                    guard open.popLast() == true else { return false }
                default:
                    if open.isEmpty { add(clips.bounds(at: index)) }
                }
            }
            return open.isEmpty
        }
        var pairwise = newMiddle.count == oldMiddle.count
        if pairwise {
            // The same shape of list: compare command by command.
            for (n, o) in zip(newMiddle, oldMiddle) where new[n] != old[o] {
                switch (new[n], old[o]) {
                case (.pushClip, .pushClip):
                    // Everything drawn inside either clip may change, and nothing outside them.
                    add(newClips.clip(at: n))
                    add(oldClips.clip(at: o))
                case (.pushGroup, .pushGroup):
                    // Opacity or mask: everything its members draw may change.
                    add(newClips.memberBounds(at: n))
                    add(oldClips.memberBounds(at: o))
                case (.pushClip, _), (_, .pushClip), (.popClip, _), (_, .popClip), (.pushGroup, _), (_, .pushGroup), (.popGroup, _), (_, .popGroup):
                    pairwise = false
                default:
                    add(newClips.bounds(at: n))
                    add(oldClips.bounds(at: o))
                }
                if !pairwise { break }
            }
        }
        if !pairwise {
            rects.removeAll()
            // Aligning long stretches costs O(N·D): past this, redrawing everything is cheaper.
            guard newMiddle.count + oldMiddle.count <= Self.alignmentLimit else { return [whole] }
            // Commands inserted or removed (a caret, a run, a pill drawn last): an alignment of
            // the two lists finds them. With no clip among them, every command kept keeps its
            // clip, so only theirs are damaged.
            let changes = new[newMiddle].difference(from: old[oldMiddle])
            var clipsChanged = false
            for change in changes {
                switch change {
                case .insert(let offset, let command, _):
                    clipsChanged = command.isBracket
                    add(newClips.bounds(at: prefix + offset))
                case .remove(let offset, let command, _):
                    clipsChanged = command.isBracket
                    add(oldClips.bounds(at: prefix + offset))
                }
                if clipsChanged { break }
            }
            if clipsChanged {
                // A clipped stretch or a group that came or went as a whole damages its clip or
                // its members' bounds; anything else, the whole frame.
                rects.removeAll()
                guard stretch(newMiddle, of: new, clips: newClips), stretch(oldMiddle, of: old, clips: oldClips) else { return [whole] }
            }
        }
        // A blurred backdrop reads what lies within its reach: damage that touches it damages all
        // of it, so that the backdrop is drawn again before it is blurred.
        // (Walked in place: this runs every frame, and most lists have none.)
        var backdrops: [Rect] = []
        for list in [new, old] {
            for case .pushGroup(let group) in list {
                if let reach = group.backdropReach { backdrops.append(intersection(reach, whole)) }
            }
        }
        if !backdrops.isEmpty, !rects.isEmpty {
            var added = Set<Int>()
            var grew = true
            while grew {
                grew = false
                for (index, reach) in backdrops.enumerated() where !added.contains(index) && rects.contains(where: { $0.intersects(reach) }) {
                    added.insert(index)
                    rects.append(reach)
                    grew = true
                }
            }
            // One rectangle: a backdrop drawn again in one pass is never read half redrawn.
            if !added.isEmpty { return [rects.dropFirst().reduce(rects[0], union)] }
        }
        // The lists differ, but perhaps only in what lies off the frame or in an empty clip (the
        // renderer draws nothing there either).
        return rects.isEmpty ? nil : merged(rects, limit: max(limit, 1))
    }

    /// The most commands (old and new together) `damageRegion` aligns when some were inserted or
    /// removed; longer changed stretches damage the whole frame.
    public static let alignmentLimit = 256

    /// The box around `damageRegion(since:)`: one rectangle holding every pixel that may differ.
    public func damage(since previous: DisplayList) -> Rect? {
        guard let rects = damageRegion(since: previous) else { return nil }
        return rects.dropFirst().reduce(rects[0], union)
    }
}

/// The clip in force at each command of a list, worked out once: the intersection of the clips
/// and group masks (their transformed bounds) it is drawn within.
private struct ClipTracker {
    /// For each command, the clip in force when it draws (a push's entry is the clip it makes).
    private var clips: [Rect]
    /// For each command inside blurred groups: how far their blurs spread what it draws, and the
    /// clip outside the outermost of them (what the spread is cut to); nil outside any.
    private var spreads: [(reach: Double, clip: Rect)?]
    /// For each group push, the index of its pop (the list's end when it has none).
    private var groupEnds: [Int: Int] = [:]
    private let commands: [DrawCommand]
    /// Whether every pop ends the innermost open clip or group, of its own kind.
    private(set) var isWellNested = true

    init(commands: [DrawCommand], whole: Rect) {
        self.commands = commands
        clips = []
        clips.reserveCapacity(commands.count + 1)
        spreads = []
        spreads.reserveCapacity(commands.count + 1)
        var stack = [whole]
        var spreadStack: [(reach: Double, clip: Rect)?] = [nil]
        // The open brackets: the index of each push, and whether it is a group.
        var open: [(index: Int, isGroup: Bool)] = []
        for (index, command) in commands.enumerated() {
            let spreadHere = spreadStack[spreadStack.count - 1]
            switch command {
            case .pushClip(let rect):
                stack.append(intersection(rect, stack[stack.count - 1]))
                open.append((index, false))
                clips.append(stack[stack.count - 1])
            case .pushGroup(let group):
                let top = stack[stack.count - 1]
                stack.append(group.mask.map { intersection($0.transform.boundingBox(of: $0.rect).insetBy(-1), top) } ?? top)
                open.append((index, true))
                clips.append(stack[stack.count - 1])
                spreads.append(spreadHere)
                let reach = group.blurReach
                if reach > 0 {
                    spreadStack.append(((spreadHere?.reach ?? 0) + reach, spreadHere?.clip ?? top))
                } else {
                    spreadStack.append(spreadHere)
                }
                continue
            case .popClip, .popGroup:
                let isGroup = command.isGroupBoundary
                if let last = open.last {
                    if last.isGroup != isGroup { isWellNested = false }
                    if last.isGroup {
                        groupEnds[last.index] = index
                        if spreadStack.count > 1 { spreadStack.removeLast() }
                    }
                    open.removeLast()
                    stack.removeLast()
                }
                clips.append(stack[stack.count - 1])
            default:
                clips.append(stack[stack.count - 1])
            }
            spreads.append(spreadHere)
        }
        for bracket in open where bracket.isGroup { groupEnds[bracket.index] = commands.count }
        clips.append(stack[stack.count - 1])
    }

    /// The clip in force at command `index`; for a push, the clip it makes.
    func clip(at index: Int) -> Rect {
        clips[index]
    }

    /// The pixels command `index` can touch, within its clip; inside blurred groups, spread by
    /// their blurs within the clip outside them.
    func bounds(at index: Int) -> Rect? {
        guard let bounds = commands[index].bounds else { return nil }
        if let spread = spreads[index] { return intersection(bounds.insetBy(-spread.reach), spread.clip) }
        return intersection(bounds, clips[index])
    }

    /// For a group push, the box around what its members can touch (within their clips); nil when
    /// they touch nothing.
    func memberBounds(at index: Int) -> Rect? {
        guard let end = groupEnds[index] else { return nil }
        var box: Rect?
        for member in (index + 1)..<end {
            guard let rect = bounds(at: member), rect.width > 0, rect.height > 0 else { continue }
            box = box.map { union($0, rect) } ?? rect
        }
        return box
    }
}

/// Merges rectangles whose union costs at most a pass's fixed cost more than the two apart (so
/// overlapping long bars may stay apart: the renderer copes), then the cheapest pairs until at
/// most `limit` remain. Past 64 rectangles, the merging itself would cost more than it saves
/// (cubic): one box around them all.
private func merged(_ input: [Rect], limit: Int) -> [Rect] {
    guard input.count <= 64 else { return [input.dropFirst().reduce(input[0], union)] }
    // A pass over a rectangle has a fixed cost (a clear, draw calls, a readback) worth about this
    // many pixels.
    let passCost = 64.0 * 64.0
    var rects = input
    var changed = true
    while changed {
        changed = false
        search: for i in rects.indices {
            for j in rects.indices where j > i {
                let joined = union(rects[i], rects[j])
                if area(joined) <= area(rects[i]) + area(rects[j]) + passCost {
                    rects[i] = joined
                    rects.remove(at: j)
                    changed = true
                    break search
                }
            }
        }
    }
    while rects.count > limit {
        var best = (i: 0, j: 1, extra: Double.infinity)
        for i in rects.indices {
            for j in rects.indices where j > i {
                let extra = area(union(rects[i], rects[j])) - area(rects[i]) - area(rects[j])
                if extra < best.extra { best = (i, j, extra) }
            }
        }
        rects[best.i] = union(rects[best.i], rects[best.j])
        rects.remove(at: best.j)
    }
    return rects
}

extension DisplayList {
    /// The box around what the members of the group pushed at `index` can touch (to its pop, or
    /// the list's end), cut to its mask's bounds; nil when they touch nothing or `index` is no
    /// `pushGroup`. Members whose bounds are not numbers draw nothing and are left out. A backend
    /// gives the group a picture only there. Blurs widen it: a blurred group's by its spread, a
    /// blurred backdrop's by its shape and (for the group it lies in) the pixels its blur reads.
    /// `bounds`, when given, holds each command's `bounds` worked out before (a renderer drawing
    /// several damage rectangles needs them once).
    public func reach(ofGroupAt index: Int, bounds: [Rect?]? = nil) -> Rect? {
        guard commands.indices.contains(index), case .pushGroup(let group) = commands[index] else { return nil }
        var box: Rect?
        func add(_ rect: Rect) { box = box.map { union($0, rect) } ?? rect }
        // How far the blurs of the groups open inside this one spread what their members draw.
        var spreads = [0.0]
        // The matte group among the members (the last, when the group has a matte), and whether
        // anything inside blurs (a projected picture may hold blurs of its own).
        var matteMember: Int?
        var blursInside = false
        members: for member in (index + 1)..<commands.count {
            switch commands[member] {
            case .pushGroup(let inner):
                if spreads.count == 1, inner.isMatte { matteMember = member }
                if inner.blur > 0 || inner.backdropBlur > 0 { blursInside = true }
                spreads.append(spreads[spreads.count - 1] + inner.blurReach)
                // A blurred backdrop inside reads this group's picture that far around its shape.
                if let reach = inner.backdropReach { add(reach) }
            case .popGroup:
                if spreads.count == 1 { break members }
                spreads.removeLast()
            default:
                if case .projected = commands[member] { blursInside = true }
                guard let bounds = bounds.map({ $0[member] }) ?? commands[member].bounds, !bounds.minX.isNaN, !bounds.minY.isNaN, !bounds.maxX.isNaN, !bounds.maxY.isNaN else { continue }
                add(bounds.insetBy(-spreads[spreads.count - 1]))
            }
        }
        // A blurred picture spreads past its members; a blurred backdrop is composited over all of its shape.
        box = box.map { $0.insetBy(-group.blurReach) }
        if let backdrop = group.backdrop, group.backdropBlur > 0 { add(backdrop.transform.boundingBox(of: backdrop.rect).insetBy(-1)) }
        guard var box else { return nil }
        // Mask paths none of which is inverted, the first not subtracting, cover nothing outside
        // their bounds (`MaskPath.coverage`): the picture is needed only there (and a pixel
        // around), unless a blur would carry what lies outside in.
        let unblurred = group.blur <= 0 && !blursInside
        if !group.maskPaths.isEmpty, group.maskPaths.first?.mode != .subtract, !group.maskPaths.contains(where: \.inverted), unblurred {
            guard let masked = Self.bounds(of: group.maskPaths) else { return nil }
            box = box.intersection(masked.insetBy(-1))
        }
        // Likewise an alpha or luma matte: transparent (and so dark) outside what it draws.
        if group.matte == .alpha || group.matte == .luma, unblurred, let matteMember {
            guard let matted = reach(ofGroupAt: matteMember, bounds: bounds) else { return nil }
            box = box.intersection(matted)
        }
        guard let mask = group.mask else { return box }
        // The mask's coverage reaches half a pixel past its transformed corners.
        let maskBox = mask.transform.boundingBox(of: mask.rect)
        return box.intersection(Rect(x: maskBox.minX - 1, y: maskBox.minY - 1, width: maskBox.width + 2, height: maskBox.height + 2))
    }
}

extension DisplayList {
    /// The smallest rectangle holding every finite point of the masks' contours; nil for none.
    static func bounds(of masks: [MaskPath]) -> Rect? {
        var (minX, minY, maxX, maxY) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for mask in masks {
            for contour in mask.contours {
                for point in contour where point.x.isFinite && point.y.isFinite {
                    (minX, minY) = (Swift.min(minX, point.x), Swift.min(minY, point.y))
                    (maxX, maxY) = (Swift.max(maxX, point.x), Swift.max(maxY, point.y))
                }
            }
        }
        guard minX <= maxX, minY <= maxY else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Whether a group blurs its backdrop: what it reads lies around its shape, so a renderer
    /// drawing the frame in bands draws this list in one.
    public var blursBackdrop: Bool {
        commands.contains { command in
            switch command {
            case .pushGroup(let group): group.backdropBlur > 0 && group.backdrop != nil
            case .projected(let picture): picture.list.blursBackdrop
            default: false
            }
        }
    }
}

extension DrawCommand {
    var isGroupBoundary: Bool {
        switch self {
        case .pushGroup, .popGroup: true
        default: false
        }
    }

    /// Whether the command opens or closes a clip or a group.
    var isBracket: Bool {
        switch self {
        case .pushClip, .popClip, .pushGroup, .popGroup: true
        default: false
        }
    }

    /// A rectangle that holds every pixel the command can touch (anti-aliasing fringe included);
    /// nil for clips, whose effect is not a rectangle of their own.
    public var bounds: Rect? {
        switch self {
        case .roundedRect(let shape):
            return shape.transform.boundingBox(of: shape.rect).insetBy(-1)
        case .line(let line):
            let reach = line.width / 2
            let local = Rect(
                x: min(line.start.x, line.end.x) - reach, y: min(line.start.y, line.end.y) - reach,
                width: abs(line.end.x - line.start.x) + 2 * reach, height: abs(line.end.y - line.start.y) + 2 * reach
            )
            return line.transform.boundingBox(of: local).insetBy(-1)
        case .path(let path):
            guard var minX = path.contours.first(where: { !$0.isEmpty })?.first?.x else { return nil }
            var maxX = minX
            var minY = path.contours.first(where: { !$0.isEmpty })![0].y
            var maxY = minY
            for contour in path.contours {
                for point in contour {
                    minX = min(minX, point.x)
                    maxX = max(maxX, point.x)
                    minY = min(minY, point.y)
                    maxY = max(maxY, point.y)
                }
            }
            // A Gaussian's tail past three standard deviations is below one level in 255.
            let reach = 1 + 3 * max(path.blur, 0)
            return Rect(x: minX - reach, y: minY - reach, width: maxX - minX + 2 * reach, height: maxY - minY + 2 * reach)
        case .shadow(let shadow):
            // The drawn quad reaches a pixel past three deviations along each local axis, which a
            // turn stretches by up to √2: two pixels of margin.
            return shadow.transform.boundingBox(of: shadow.rect.insetBy(-3 * max(shadow.blur, 0))).insetBy(-2)
        case .glyphs(let run):
            // Generous: a glyph reaches at most an em and a half from its pen position.
            let size = run.font.pixelSize
            guard var minX = run.positions.first?.x else { return nil }
            var maxX = minX
            var minY = run.positions[0].y
            var maxY = minY
            for position in run.positions {
                minX = min(minX, position.x)
                maxX = max(maxX, position.x)
                minY = min(minY, position.y)
                maxY = max(maxY, position.y)
            }
            let local = Rect(x: minX - size, y: minY - 1.5 * size, width: maxX - minX + 3 * size, height: maxY - minY + 2.5 * size)
            return run.transform.isIdentity ? local : run.transform.boundingBox(of: local).insetBy(-1)
        case .image(let draw):
            return draw.transform.boundingBox(of: draw.rect).insetBy(-1)
        case .projected(let picture):
            // The picture's bilinear edge reaches a picture pixel past its rectangle.
            return picture.transform.boundingBox(of: picture.rect.insetBy(-1))?.insetBy(-1)
        case .pushClip, .popClip, .pushGroup, .popGroup:
            return nil
        }
    }
}

extension Rect {
    /// The rectangle grown by `-amount` on every side (shrunk for positive amounts).
    public func insetBy(_ amount: Double) -> Rect {
        Rect(x: minX + amount, y: minY + amount, width: width - 2 * amount, height: height - 2 * amount)
    }

    /// The part the two share; of no size (at the nearer corner) when they do not overlap.
    public func intersection(_ other: Rect) -> Rect {
        let minX = max(self.minX, other.minX)
        let minY = max(self.minY, other.minY)
        return Rect(x: minX, y: minY, width: max(min(maxX, other.maxX) - minX, 0), height: max(min(maxY, other.maxY) - minY, 0))
    }

    /// Whether the two share any area.
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
}

private func area(_ rect: Rect) -> Double { max(rect.width, 0) * max(rect.height, 0) }

private func union(_ a: Rect, _ b: Rect) -> Rect {
    let minX = min(a.minX, b.minX)
    let minY = min(a.minY, b.minY)
    return Rect(x: minX, y: minY, width: max(a.maxX, b.maxX) - minX, height: max(a.maxY, b.maxY) - minY)
}

private func intersection(_ a: Rect, _ b: Rect) -> Rect { a.intersection(b) }
