#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CadenceDraw
import CadenceLayers

/// Text layers: glyph outlines from the file's `chars`, or text set in a font through the text
/// stack, moved, turned, faded and coloured letter by letter by text animators.
extension Drawing {
    /// A text document: each glyph's outline at the document's size on its baseline, all filled
    /// as one path and stroked as one, the stroke over or under the fill. With animators, each
    /// letter is moved, turned, faded and coloured as they say, and painted on its own, later
    /// letters over earlier ones.
    mutating func textLayer(
        _ document: TextDocument, animators: [TextAnimator], alignment: AnimatedNumbers, frame: Double, matrix: AffineTransform,
        into list: inout DisplayList
    ) {
        startLayer()
        defer { endLayer() }
        let scale = document.size / 100
        func strokePaint(_ color: Color?, width: Double, paths: Range<Int>) -> PendingPaint? {
            guard let color, width > 0 else { return nil }
            var style = StrokeStyle(lineWidth: width)
            style.lineJoin = .miter
            return PendingPaint(kind: .stroke(color, style), paths: paths, groupMatrix: .identity)
        }
        guard !animators.isEmpty else {
            for placement in document.placements where pool.count < pathLimit {
                let glyphMatrix = AffineTransform(scaleX: scale, y: scale).concatenating(AffineTransform(translationX: placement.origin.x, y: placement.origin.y))
                group(animation.glyphs[placement.glyph].shapes[...], frame: frame, groupMatrix: glyphMatrix, layerMatrix: matrix, opacity: 1)
            }
            let paths = 0..<pool.count
            let fill = document.fill.map { PendingPaint(kind: .fill($0, .nonZero), paths: paths, groupMatrix: .identity) }
            let stroke = strokePaint(document.stroke, width: document.strokeWidth, paths: paths)
            // Recorded top first.
            for paint in (document.strokeOverFill ? [stroke, fill] : [fill, stroke]).compactMap({ $0 }) { record(paint, opacity: 1) }
            for index in paints.indices.reversed() {
                let (paint, opacity) = (paints[index], opacities[index])
                draw(paint, opacity: opacity, layerMatrix: matrix, into: &list)
            }
            return
        }
        // Each letter's advance, for its pivot.
        var advances = [Double](repeating: 0, count: document.letters.count)
        for placement in document.placements where placement.letter < advances.count { advances[placement.letter] = placement.advance }
        let (styles, shifts) = animators.layout(
            of: document.letters, advances: advances, lines: document.letterLines, size: document.size, alignment: alignment.point(at: frame),
            justification: document.justification, at: frame, fill: document.fill, stroke: document.stroke, strokeWidth: document.strokeWidth
        )
        // Letters recorded last first (paints are recorded top first), each its fill and stroke.
        for placement in document.placements.reversed() where pool.count < pathLimit && placement.letter < styles.count {
            let style = styles[placement.letter]
            guard style.opacity > 0 else { continue }
            let start = pool.count
            let glyphMatrix = AffineTransform(scaleX: scale, y: scale)
                .concatenating(style.transform)
                .concatenating(AffineTransform(translationX: placement.origin.x + shifts[placement.letter], y: placement.origin.y))
            group(animation.glyphs[placement.glyph].shapes[...], frame: frame, groupMatrix: glyphMatrix, layerMatrix: matrix, opacity: 1)
            let paths = start..<pool.count
            let fill = style.fill.map { PendingPaint(kind: .fill($0, .nonZero), paths: paths, groupMatrix: .identity) }
            let stroke = strokePaint(style.stroke, width: style.strokeWidth, paths: paths)
            for paint in (document.strokeOverFill ? [stroke, fill] : [fill, stroke]).compactMap({ $0 }) { record(paint, opacity: style.opacity) }
        }
        for index in paints.indices.reversed() {
            let (paint, opacity) = (paints[index], opacities[index])
            draw(paint, opacity: opacity, layerMatrix: matrix, into: &list)
        }
    }

    /// Text set in a font: laid out by `fonts` line by line (the document's own breaks, and in a
    /// box words wrapped at its width), then placed as the glyph text is: tracking after each
    /// glyph, lines `lineHeight` apart from the first baseline (at the layer's origin, or the
    /// box's top moved down by the ascent), justified left, right or centre. Glyphs are set at
    /// the size the list shows them (at most `CadenceLayers.TextContent.maximumFontSize`), so they stay crisp.
    func fontText(
        _ document: FontTextDocument, animators: [TextAnimator] = [], alignment: AnimatedNumbers = AnimatedNumbers([0, 0]), frame: Double = 0,
        matrix: AffineTransform, fonts: any TextLayoutEngine, size: Size
    ) throws(TextError) -> [DrawCommand] {
        guard let fill = document.fill, fill.alpha > 0 || !animators.isEmpty, document.size > 0, !document.text.isEmpty else { return [] }
        // Set at the size the list shows it (as layers set their text: a list drawn scaled later
        // scales its text with it).
        let shown = abs(matrix.determinant).squareRoot()
        guard shown > 0, shown.isFinite else { return [] }
        let setSize = min(document.size * shown, CadenceLayers.TextContent.maximumFontSize)
        // Set at `setSize`, drawn scaled back to the document's size in the layer's space.
        let factor = document.size / setSize
        let face = try document.face(size: setSize)
        var options = TextLayoutOptions(width: document.box.map { $0.width / factor }, lineBreak: .wordWrap, alignment: .left)
        options.lineHeightMultiple = 1
        var list = DisplayList(size: size, background: .clear)
        let toList = AffineTransform(scaleX: factor, y: factor).concatenating(matrix)
        // Unturned and unskewed at the size set: the glyphs placed in the list's units directly, so
        // renderers snap them to the pixel grid as they do any label's.
        let placedDirectly = abs(toList.b) < 1e-9 && abs(toList.c) < 1e-9 && abs(toList.a - 1) < 1e-9 && abs(toList.d - 1) < 1e-9
        var lineNumber = 0
        let paragraphs = document.text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\r" || $0 == "\n" || $0 == "\u{3}" })
        guard animators.isEmpty else {
            return try animatedFontText(
                document, paragraphs: paragraphs, animators: animators, alignment: alignment, frame: frame, fill: fill, face: face, factor: factor,
                options: options, matrix: matrix, fonts: fonts
            )
        }
        for paragraph in paragraphs {
            let layout = try fonts.layout(AttributedText(String(paragraph), attributes: TextAttributes(font: face, color: fill)), options: options)
            for line in layout.lines {
                defer { lineNumber += 1 }
                let tracking = document.tracking / factor
                let (x, baseline) = Self.lineStart(line, number: lineNumber, of: document, factor: factor)
                // One run per face (fallback faces included), in the line's order.
                var runs: [(font: GlyphFont, glyphs: [UInt32], positions: [Point])] = []
                for (index, glyph) in line.glyphs.enumerated() {
                    let position = Point(x: x + glyph.position.x - line.x + Double(index) * tracking, y: baseline + glyph.position.y - line.baseline)
                    if let last = runs.indices.last, runs[last].font == glyph.font {
                        runs[last].glyphs.append(glyph.glyph)
                        runs[last].positions.append(position)
                    } else {
                        runs.append((glyph.font, [glyph.glyph], [position]))
                    }
                }
                for run in runs {
                    list.append(.glyphs(placedDirectly
                        ? GlyphRun(font: run.font, glyphs: run.glyphs, positions: run.positions.map(toList.apply), color: fill)
                        : GlyphRun(font: run.font, glyphs: run.glyphs, positions: run.positions, color: fill, transform: toList)))
                }
            }
            if layout.lines.isEmpty { lineNumber += 1 }
        }
        return list.commands
    }

    /// Where line `number` of a font document starts and its baseline, in the units it is set
    /// in (the document's over `factor`): justified in its box (or about the layer's origin),
    /// its width counting the tracking between its glyphs, lines `lineHeight` apart.
    static func lineStart(_ line: LaidOutLine, number: Int, of document: FontTextDocument, factor: Double) -> (x: Double, baseline: Double) {
        let tracking = document.tracking / factor
        let width = line.width + Double(max(line.glyphs.count - 1, 0)) * tracking
        let boxWidth = (document.box?.width ?? 0) / factor
        var x: Double
        switch document.justification {
        case 1: x = (document.box == nil ? 0 : boxWidth) - width
        case 2: x = (document.box == nil ? 0 : boxWidth / 2) - width / 2
        default: x = 0
        }
        x += (document.box?.origin.x ?? 0) / factor
        let baseline = ((document.box?.origin.y ?? 0) + Double(number) * document.lineHeight - document.baselineShift) / factor
        return (x, baseline)
    }

    /// Text set in a font under text animators: each character laid out as a run of its own (so
    /// every glyph is known by its letter), placed as `fontText` places glyphs, then moved,
    /// turned, faded and coloured letter by letter, each glyph a run with its own transform.
    func animatedFontText(
        _ document: FontTextDocument, paragraphs: [Substring], animators: [TextAnimator], alignment: AnimatedNumbers, frame: Double, fill: Color,
        face: FontDescriptor, factor: Double, options: TextLayoutOptions, matrix: AffineTransform, fonts: any TextLayoutEngine
    ) throws(TextError) -> [DrawCommand] {
        let letters = TextLetter.letters(of: document.text)
        var letterLines = [Int?](repeating: nil, count: letters.count)
        // Each glyph: its face, its index, its letter, its origin and advance (the document's units).
        var placed: [(font: GlyphFont, glyph: UInt32, letter: Int, origin: SIMD2<Double>, advance: Double)] = []
        var lineNumber = 0
        var paragraphStart = 0
        let tracking = document.tracking / factor
        for paragraph in paragraphs {
            defer { paragraphStart += paragraph.count + 1 }
            let attributes = TextAttributes(font: face, color: fill)
            let text = AttributedText(runs: paragraph.map { AttributedText.Run(String($0), attributes) })
            let layout = try fonts.layout(text, options: options)
            for line in layout.lines {
                defer { lineNumber += 1 }
                let (x, baseline) = Self.lineStart(line, number: lineNumber, of: document, factor: factor)
                for (index, glyph) in line.glyphs.enumerated() {
                    let letter = paragraphStart + glyph.runIndex
                    guard letter < letters.count else { continue }
                    letterLines[letter] = lineNumber
                    let next = index + 1 < line.glyphs.count ? line.glyphs[index + 1].position.x : line.x + line.width
                    let origin = SIMD2(x + glyph.position.x - line.x + Double(index) * tracking, baseline + glyph.position.y - line.baseline) * factor
                    placed.append((glyph.font, glyph.glyph, letter, origin, max(next - glyph.position.x, 0) * factor))
                }
            }
            if layout.lines.isEmpty { lineNumber += 1 }
        }
        var advances = [Double](repeating: 0, count: letters.count)
        for glyph in placed { advances[glyph.letter] = max(advances[glyph.letter], glyph.advance) }
        let (styles, shifts) = animators.layout(
            of: letters, advances: advances, lines: letterLines, size: document.size, alignment: alignment.point(at: frame),
            justification: document.justification, at: frame, fill: fill, stroke: document.stroke, strokeWidth: document.strokeWidth
        )
        var commands: [DrawCommand] = []
        for glyph in placed {
            let style = styles[glyph.letter]
            guard var color = style.fill else { continue }
            color.alpha *= style.opacity
            guard color.alpha > 0 else { continue }
            // The glyph set at the size set, scaled to the document's, moved by its letter's style, placed.
            let transform = AffineTransform(scaleX: factor, y: factor)
                .concatenating(style.transform)
                .concatenating(AffineTransform(translationX: glyph.origin.x + shifts[glyph.letter], y: glyph.origin.y))
                .concatenating(matrix)
            commands.append(.glyphs(GlyphRun(font: glyph.font, glyphs: [glyph.glyph], positions: [.zero], color: color, transform: transform)))
        }
        return commands
    }
}
