import CFreeType
import CHarfBuzz
import CadenceDraw

extension FontLibrary: TextLayoutEngine {
    /// One shaped cluster: the characters it covers and its glyphs, in visual order.
    struct Unit {
        var range: Range<Int>
        var glyphs: [(glyph: UInt32, font: GlyphFont, dx: Double, dy: Double, advance: Double)]
        var advance: Double
        var runIndex: Int
        var font: GlyphFont
        var rightToLeft: Bool
        var first: UInt32
        var last: UInt32
    }

    /// Lays `text` out under `options`: fonts resolved (with per-character fallback), shaped with
    /// HarfBuzz, broken into lines, aligned. Results are cached per (text, options).
    public func layout(_ text: AttributedText, options: TextLayoutOptions = TextLayoutOptions()) throws(TextError) -> TextLayout {
        let key = LayoutKey(text: text, options: options)
        if let cached = locked({ layoutCache[key] }) { return cached }
        let layout = try makeLayout(text, options: options)
        locked { layoutCache.insert(layout, for: key, characters: text.characterCount) }
        return layout
    }

    private func makeLayout(_ text: AttributedText, options: TextLayoutOptions) throws(TextError) -> TextLayout {
        try locked { () throws(TextError) -> TextLayout in
            var primaries: [GlyphFont] = []
            for run in text.runs { primaries.append(try resolve(run.attributes.font)) }
            let shaped = try shaped(text, primaries: primaries)
            return try arrange(shaped.units, scalars: shaped.scalars, text: text, primaries: primaries, options: options)
        }
    }

    /// The text's characters and shaped clusters, from the cache when the same text was shaped
    /// before: a layout at a new width (a text layer whose bounds animate) only breaks lines again.
    private func shaped(_ text: AttributedText, primaries: [GlyphFont]) throws(TextError) -> ShapedText {
        if let cached = shapeCache[text] { return cached }
        let shaped = try shape(text, primaries: primaries)
        shapedTextCount += 1
        shapeCache.insert(shaped, for: text, characters: text.characterCount)
        return shaped
    }

    private func shape(_ text: AttributedText, primaries: [GlyphFont]) throws(TextError) -> ShapedText {
        // Characters, each with the run it comes from; CR and tabs folded, other controls shown as U+FFFD.
        var scalars: [UInt32] = []
        var runOf: [Int] = []
        for (index, run) in text.runs.enumerated() {
            for scalar in run.text.unicodeScalars where scalar.value != 0x0D {
                let value: UInt32 = switch scalar.value {
                case 0x09: 0x20
                case 0x0A: 0x0A
                case 0..<0x20, 0x7F: 0xFFFD
                default: scalar.value
                }
                scalars.append(value)
                runOf.append(index)
            }
        }
        let units = try shapeUnits(scalars: scalars, runOf: runOf, text: text, primaries: primaries)
        return ShapedText(scalars: scalars, units: units)
    }

    // MARK: Itemising and shaping (lock held)

    private func shapeUnits(scalars: [UInt32], runOf: [Int], text: AttributedText, primaries: [GlyphFont]) throws(TextError) -> [Unit] {
        // The face for each character: the run's own where it has the glyph, else a fallback.
        var fonts: [GlyphFont] = []
        fonts.reserveCapacity(scalars.count)
        for (index, value) in scalars.enumerated() {
            let primary = primaries[runOf[index]]
            let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
            if index > 0, runOf[index - 1] == runOf[index], CharacterClasses.isAttaching(scalar) || value == 0x0A {
                fonts.append(fonts[index - 1])
            } else if try hasGlyph(value, in: primary) {
                fonts.append(primary)
            } else {
                fonts.append(fallback(for: scalar, like: text.runs[runOf[index]].attributes.font) ?? primary)
            }
        }
        // Segments of one run, face and direction; newlines stand alone.
        var units: [Unit] = []
        var start = 0
        var direction = false
        while start < scalars.count {
            if scalars[start] == 0x0A {
                units.append(Unit(range: start..<start + 1, glyphs: [], advance: 0, runIndex: runOf[start], font: fonts[start],
                                  rightToLeft: false, first: 0x0A, last: 0x0A))
                start += 1
                continue
            }
            direction = segmentDirection(scalars, from: start, default: direction)
            var end = start + 1
            while end < scalars.count, scalars[end] != 0x0A, runOf[end] == runOf[start], fonts[end] == fonts[start] {
                let scalar = Unicode.Scalar(scalars[end]) ?? " "
                if CharacterClasses.isStrong(scalar), CharacterClasses.isRightToLeft(scalars[end]) != direction { break }
                end += 1
            }
            units += try shape(scalars, start..<end, font: fonts[start], runIndex: runOf[start], rightToLeft: direction)
            start = end
        }
        return units
    }

    /// The direction of the segment starting at `start`: that of its first strong character.
    private func segmentDirection(_ scalars: [UInt32], from start: Int, default current: Bool) -> Bool {
        for value in scalars[start...] {
            guard value != 0x0A else { break }
            if let scalar = Unicode.Scalar(value), CharacterClasses.isStrong(scalar) { return CharacterClasses.isRightToLeft(value) }
        }
        return current
    }

    private func hasGlyph(_ value: UInt32, in font: GlyphFont) throws(TextError) -> Bool {
        if CharacterClasses.isSpace(value) { return true }
        return FT_Get_Char_Index(try loadedFace(font).face, FT_ULong(value)) != 0
    }

    /// Shapes one segment into units (clusters) in logical order.
    private func shape(_ scalars: [UInt32], _ range: Range<Int>, font: GlyphFont, runIndex: Int, rightToLeft: Bool) throws(TextError) -> [Unit] {
        let face = try loadedFace(font)
        if !rightToLeft, range.allSatisfy({ Self.isSimple(scalars[$0]) }) {
            return try range.map { index throws(TextError) in try simpleUnit(scalars[index], at: index, font: font, face: face, runIndex: runIndex) }
        }
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        scalars.withUnsafeBufferPointer { all in
            hb_buffer_add_codepoints(buffer, all.baseAddress, Int32(all.count), UInt32(range.lowerBound), Int32(range.count))
        }
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(face.font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count), let positions = hb_buffer_get_glyph_positions(buffer, &count) else {
            return []
        }
        // Glyphs come in visual order; group them by cluster into units.
        var byCluster: [Int: Unit] = [:]
        var order: [Int] = []
        for i in 0..<Int(count) {
            let cluster = Int(infos[i].cluster)
            let position = positions[i]
            let glyph = (glyph: infos[i].codepoint, font: font, dx: Double(position.x_offset) / 64,
                         dy: Double(position.y_offset) / 64, advance: Double(position.x_advance) / 64)
            if byCluster[cluster] == nil {
                order.append(cluster)
                byCluster[cluster] = Unit(range: cluster..<cluster, glyphs: [], advance: 0, runIndex: runIndex, font: font,
                                          rightToLeft: rightToLeft, first: 0, last: 0)
            }
            byCluster[cluster]!.glyphs.append(glyph)
            byCluster[cluster]!.advance += glyph.advance
        }
        let starts = order.sorted()
        var units: [Unit] = []
        for (n, clusterStart) in starts.enumerated() {
            let end = n + 1 < starts.count ? starts[n + 1] : range.upperBound
            var unit = byCluster[clusterStart]!
            unit.range = clusterStart..<end
            unit.first = scalars[clusterStart]
            unit.last = scalars[end - 1]
            units.append(unit)
        }
        return units
    }

    /// Digits, ASCII punctuation and spaces shape one by one from a cache: a counting label's
    /// changing number never goes through HarfBuzz again once its digits were seen.
    static func isSimple(_ value: UInt32) -> Bool {
        (0x20...0x40).contains(value) || value == 0x2212 || value == 0xA0 || value == 0x202F
    }

    private func simpleUnit(_ value: UInt32, at index: Int, font: GlyphFont, face: LoadedFace, runIndex: Int) throws(TextError) -> Unit {
        let key = SimpleGlyphKey(font: font, scalar: value)
        let entry: (glyph: UInt32, advance: Double)
        if let cached = simpleGlyphs[key] {
            entry = cached
        } else {
            let glyph = FT_Get_Char_Index(face.face, FT_ULong(value))
            entry = (glyph, Double(hb_font_get_glyph_h_advance(face.font, glyph)) / 64)
            simpleGlyphs[key] = entry
            simpleShapeMisses += 1
        }
        return Unit(range: index..<index + 1, glyphs: [(entry.glyph, font, 0, 0, entry.advance)], advance: entry.advance,
                    runIndex: runIndex, font: font, rightToLeft: false, first: value, last: value)
    }

    // MARK: Lines (lock held)

    private func arrange(_ units: [Unit], scalars: [UInt32], text: AttributedText, primaries: [GlyphFont], options: TextLayoutOptions) throws(TextError) -> TextLayout {
        var fragments: LineFragments?
        if !options.exclusions.isEmpty, let width = options.width, options.lineBreak == .wordWrap, let primary = primaries.first {
            let metrics = try loadedFace(primary).metrics
            let band = max(metrics.lineHeight, metrics.ascent + metrics.descent) * options.lineHeightMultiple
            fragments = LineFragments(width: max(width, 0), band: band, exclusions: options.exclusions)
        }
        var limit = fragments?.fragment(0).width ?? options.width.map { max($0, 0) } ?? .infinity
        let maxLines = options.lineBreak.truncates ? 1 : options.maxLines.map { max($0, 1) }
        var lines: [[Unit]] = []
        var current: [Unit] = []
        var width = 0.0
        var lastBreak: Int?  // index in `current` after which a break may go
        var truncated = false
        var index = 0
        while index < units.count {
            let unit = units[index]
            if unit.first == 0x0A {
                lines.append(current)
                if let fragments { limit = fragments.fragment(lines.count).width }
                current = []
                width = 0
                lastBreak = nil
                index += 1
                continue
            }
            let isSpace = CharacterClasses.isSpace(unit.first)
            if options.lineBreak == .wordWrap, !isSpace, width + unit.advance > limit, current.isEmpty,
               let fragments, limit < fragments.width, lines.count < LineFragments.maximumCount {
                // Nothing fits in this fragment cut short by an exclusion: leave it empty and try
                // the next. Whole-width fragments take an over-long unit as usual, so this ends.
                lines.append([])
                limit = fragments.fragment(lines.count).width
                continue
            }
            if options.lineBreak == .wordWrap, !isSpace, width + unit.advance > limit, !current.isEmpty {
                // Break at the last opportunity, or mid-word when there is none.
                let cut = lastBreak.map { $0 + 1 } ?? current.count
                let carried = Array(current[cut...])
                lines.append(Array(current[..<cut]))
                if let fragments { limit = fragments.fragment(lines.count).width }
                current = carried
                width = carried.reduce(0) { $0 + $1.advance }
                lastBreak = nil
                if let maxLines, lines.count >= maxLines { break }
                continue
            }
            if let previous = current.last, CharacterClasses.canBreak(between: previous.last, and: unit.first) {
                lastBreak = current.count - 1
            }
            current.append(unit)
            width += unit.advance
            index += 1
        }
        if index < units.count || maxLines.map({ lines.count >= $0 }) == true {
            truncated = index < units.count || !current.isEmpty
        }
        if !(maxLines.map { lines.count >= $0 } ?? false) { lines.append(current) }
        if let maxLines, lines.count > maxLines { lines.removeLast(lines.count - maxLines); truncated = true }
        if options.lineBreak.truncates, let only = lines.first, only.reduce(0, { $0 + $1.advance }) > limit { truncated = true }

        if truncated, !lines.isEmpty {
            let lastLimit = fragments?.fragment(lines.count - 1).width ?? limit
            lines[lines.count - 1] = try truncate(lines[lines.count - 1], to: lastLimit, text: text, mode: options.lineBreak)
        }
        let placed = fragments.map { fragments in lines.indices.map { fragments.fragment($0) } }
        return try place(lines, scalars: scalars, text: text, primaries: primaries, options: options, truncated: truncated, fragments: placed)
    }

    /// Cuts `line` so that it and "…" fit in `limit`: at its end (`truncateTail`, and when
    /// `maxLines` cuts wrapped text), at its start (`truncateHead`) or in its middle
    /// (`truncateMiddle`, keeping as much of each end as fits, the start first on a tie). Spaces
    /// next to the "…" go.
    private func truncate(_ line: [Unit], to limit: Double, text: AttributedText, mode: LineBreakMode) throws(TextError) -> [Unit] {
        let runIndex = (mode == .truncateHead ? line.first?.runIndex : line.last?.runIndex) ?? 0
        let descriptor = text.runs[runIndex].attributes.font
        var font = try resolve(descriptor)
        if try !hasGlyph(0x2026, in: font), let fallback = fallback(for: "\u{2026}", like: descriptor) { font = fallback }
        let face = try loadedFace(font)
        let glyph = FT_Get_Char_Index(face.face, 0x2026)
        let advance = Double(hb_font_get_glyph_h_advance(face.font, glyph)) / 64
        func ellipsis(at position: Int) -> Unit {
            Unit(range: position..<position, glyphs: [(glyph, font, 0, 0, advance)], advance: advance, runIndex: runIndex,
                 font: font, rightToLeft: false, first: 0x2026, last: 0x2026)
        }
        let room = limit - advance
        switch mode {
        case .truncateHead:
            var kept: [Unit] = []
            var width = 0.0
            for unit in line.reversed() {
                guard width + unit.advance <= room else { break }
                kept.insert(unit, at: 0)
                width += unit.advance
            }
            while let first = kept.first, CharacterClasses.isSpace(first.first) { kept.removeFirst() }
            let position = kept.first?.range.lowerBound ?? line.last?.range.upperBound ?? 0
            return [ellipsis(at: position)] + kept
        case .truncateMiddle:
            var head: [Unit] = []
            var tail: [Unit] = []
            var headWidth = 0.0
            var tailWidth = 0.0
            var front = 0
            var back = line.count - 1
            // Grow the shorter end first, so the ends stay about as long as each other.
            while front <= back {
                let fromFront = headWidth <= tailWidth
                let unit = fromFront ? line[front] : line[back]
                guard headWidth + tailWidth + unit.advance <= room else { break }
                if fromFront {
                    head.append(unit)
                    headWidth += unit.advance
                    front += 1
                } else {
                    tail.insert(unit, at: 0)
                    tailWidth += unit.advance
                    back -= 1
                }
            }
            while let last = head.last, CharacterClasses.isSpace(last.first) { head.removeLast() }
            while let first = tail.first, CharacterClasses.isSpace(first.first) { tail.removeFirst() }
            let position = head.last?.range.upperBound ?? tail.first?.range.lowerBound ?? 0
            return head + [ellipsis(at: position)] + tail
        default:
            var kept = line
            var width = kept.reduce(0) { $0 + $1.advance }
            while let last = kept.last, width + advance > limit || CharacterClasses.isSpace(last.first) {
                width -= last.advance
                kept.removeLast()
            }
            let position = kept.last?.range.upperBound ?? line.first?.range.lowerBound ?? 0
            return kept + [ellipsis(at: position)]
        }
    }

    /// Places lines top to bottom and glyphs left to right (right-to-left pieces reversed).
    private func place(
        _ lines: [[Unit]], scalars: [UInt32], text: AttributedText, primaries: [GlyphFont], options: TextLayoutOptions, truncated: Bool,
        fragments: [LineFragments.Fragment]? = nil
    ) throws(TextError) -> TextLayout {
        let widths = lines.map { line in
            var units = line[...]
            while let last = units.last, CharacterClasses.isSpace(last.first) { units = units.dropLast() }
            return units.reduce(0) { $0 + $1.advance }
        }
        let boxWidth = options.width ?? (widths.max() ?? 0)
        var laidOut: [LaidOutLine] = []
        var top = 0.0
        var bottom = 0.0
        var nextStart = 0
        for (number, line) in lines.enumerated() {
            var fonts = Set(line.flatMap { $0.glyphs.map(\.font) })
            if fonts.isEmpty { fonts.insert(line.first?.font ?? primaries[min(nextStart < scalars.count ? 0 : 0, primaries.count - 1)]) }
            var ascent = 0.0
            var descent = 0.0
            var natural = 0.0
            for font in fonts {
                let metrics = try loadedFace(font).metrics
                ascent = max(ascent, metrics.ascent)
                descent = max(descent, metrics.descent)
                natural = max(natural, metrics.lineHeight)
            }
            let height = max(natural, ascent + descent) * options.lineHeightMultiple
            // With exclusions each line sits in its fragment; otherwise lines stack.
            let fragment = fragments?[number] ?? LineFragments.Fragment(x: 0, width: boxWidth, top: top)
            top = fragment.top
            let baseline = top + (height - ascent - descent) / 2 + ascent
            let x: Double = switch options.alignment {
            case .left: fragment.x
            case .center: fragment.x + (fragment.width - widths[number]) / 2
            case .right: fragment.x + fragment.width - widths[number]
            }

            // Visual order: logical, with each right-to-left stretch reversed.
            var visual: [Unit] = []
            var stretch: [Unit] = []
            for unit in line {
                if unit.rightToLeft {
                    stretch.append(unit)
                } else {
                    visual += stretch.reversed()
                    stretch = []
                    visual.append(unit)
                }
            }
            visual += stretch.reversed()

            var glyphs: [PositionedGlyph] = []
            var caretByScalar: [Int: Double] = [:]
            var cursor = x
            for unit in visual {
                caretByScalar[unit.range.lowerBound] = unit.rightToLeft ? cursor + unit.advance : cursor
                for glyph in unit.glyphs {
                    glyphs.append(PositionedGlyph(
                        font: glyph.font, glyph: glyph.glyph,
                        position: Point(x: cursor + glyph.dx, y: baseline - glyph.dy), runIndex: unit.runIndex
                    ))
                    cursor += glyph.advance
                }
            }
            let start = line.first?.range.lowerBound ?? nextStart
            let end = max(line.map(\.range.upperBound).max() ?? start, start)
            var carets: [Double] = []
            var last = x
            for i in start...end {
                if let value = caretByScalar[i] { last = value }
                carets.append(last)
            }
            carets[carets.count - 1] = x + widths[number]
            laidOut.append(LaidOutLine(
                range: start..<end, top: top, baseline: baseline, height: height, ascent: ascent, descent: descent,
                x: x, width: widths[number], caretOffsets: carets, glyphs: glyphs
            ))
            top += height
            bottom = max(bottom, top)
            nextStart = end + 1
        }
        return TextLayout(lines: laidOut, size: Size(width: boxWidth, height: bottom), text: text, isTruncated: truncated)
    }
}

/// A text's characters (CR dropped, tabs as spaces, other controls as U+FFFD) and its shaped
/// clusters in logical order.
struct ShapedText {
    let scalars: [UInt32]
    let units: [FontLibrary.Unit]
}

extension AttributedText {
    /// The UTF-8 bytes of all the runs: what a cache entry for the text costs, roughly.
    var characterCount: Int {
        runs.reduce(0) { $0 + $1.text.utf8.count }
    }
}

/// A cache of texts' shapes or layouts that holds at most `FontLibrary.layoutCacheLimit` entries
/// and `FontLibrary.cachedCharacterLimit` characters of text, emptied whole when either would be
/// passed (a text whose width animates makes a new layout each frame).
struct TextCache<Key: Hashable, Value> {
    private var entries: [Key: Value] = [:]
    private var characters = 0

    subscript(key: Key) -> Value? { entries[key] }

    mutating func insert(_ value: Value, for key: Key, characters added: Int) {
        if entries.count >= FontLibrary.layoutCacheLimit || characters + added > FontLibrary.cachedCharacterLimit {
            entries.removeAll(keepingCapacity: true)
            characters = 0
        }
        entries[key] = value
        characters += added
    }
}

/// Keys of the library's caches.
struct LayoutKey: Hashable {
    let text: AttributedText
    let options: TextLayoutOptions
}

struct SimpleGlyphKey: Hashable {
    let font: GlyphFont
    let scalar: UInt32
}

extension TextLayoutEngine where Self == FontLibrary {
    /// The process-wide library, where a `TextLayoutEngine` is asked for: `fonts: .shared`.
    public static var shared: FontLibrary { FontLibrary.shared }
}
