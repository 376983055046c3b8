import CadenceDraw
import CadenceFiles
import CadenceScript
import Foundation

/// A glyph of the file's `chars`: its outline as shape items (drawn at font size 100) and its
/// advance at that size.
struct LottieGlyph: Sendable {
    var shapes: [ShapeItem]
    var advance: Double
}

/// A text layer's text at one time (`t.d.k[].s`), laid out when read: each glyph's place on
/// its baseline in the layer's space.
struct TextDocument: Sendable {
    var size: Double
    var fill: Color?
    var stroke: Color?
    var strokeWidth: Double
    /// The stroke drawn over the fill (`of`), else under it.
    var strokeOverFill: Bool
    /// Each glyph drawn: its glyph, its origin on the baseline, the letter it sets (an index
    /// into `letters`) and that letter's advance at the document's size.
    var placements: [(glyph: Int, origin: SIMD2<Double>, letter: Int, advance: Double)]
    /// The document's letters as text animators count them, and the line each is set on (nil
    /// for line breaks and for spaces a wrap left out).
    var letters: [TextLetter] = []
    var letterLines: [Int?] = []
    var justification = 0
}

/// A text layer's text at one time when the file has no glyph shapes: set at draw time in a
/// font found by its family and style through Cadence's text stack. Lengths are in the layer's
/// units.
struct FontTextDocument: Sendable {
    var text: String
    var family: String
    var style: String
    var size: Double
    var fill: Color?
    var stroke: Color?
    var strokeWidth: Double
    /// 0 left, 1 right, 2 centre (the justified kinds are laid out left).
    var justification: Int
    var tracking: Double
    var lineHeight: Double
    var baselineShift: Double
    /// A paragraph box: its top-left corner moved down to the first baseline, and its width.
    var box: (origin: SIMD2<Double>, width: Double)?

    /// The face: the family with the weight and slant its style names ("Bold Italic", "Light" …).
    func face(size: Double) throws(TextError) -> FontDescriptor {
        let (weight, italic) = FontDescriptor.weightAndSlant(ofStyle: style)
        return try FontDescriptor(family: family, size: size, weight: weight, italic: italic)
    }
}

/// A text layer: its documents in time order, each shown from its frame (held) until the next;
/// `Document` is a `TextDocument` (glyphs from the file's `chars`) or a `FontTextDocument` (set
/// in a font).
struct LottieTextContent<Document: Sendable>: Sendable {
    var documents: [(frame: Double, document: Document)]
    /// Its text animators (`t.a`), in order, and where letters turn about (`t.m.a`).
    var animators: [TextAnimator] = []
    var alignment = AnimatedNumbers([0, 0])
    /// An expression on the document (`sourceText`): text set in fonts only.
    var expression: LottieExpression?

    func document(at frame: Double) -> Document? {
        documents.last(where: { $0.frame <= frame })?.document ?? documents.first?.document
    }
}

extension LottieTextContent where Document == FontTextDocument {
    /// The document at `frame` with the text its expression gives, if it has one.
    func evaluatedDocument(at frame: Double, nestedIn run: ScriptRun? = nil, throwing: Bool = false) throws(ScriptError) -> FontTextDocument? {
        guard var document = document(at: frame) else { return nil }
        if let expression {
            document.text = try expression.text(at: frame, keyframed: document.text, changes: documents.count > 1, nestedIn: run, throwing: throwing)
        }
        return document
    }
}

extension LottieReader {
    /// The font files `fonts.list` carries (`fPath`): a `data:` URI, a file beside the Lottie
    /// file (or under `--assets`), or an entry of its dotLottie archive (`f/` tried too). A font
    /// at a URL is never fetched, and one that cannot be read is left out: each a warning
    /// naming it, and its text is set in the family fontconfig matches.
    mutating func embeddedFonts(_ object: [String: LottieJSON], allowed: LottieAssets) throws(LottieError) -> [EmbeddedFont] {
        var fonts: [EmbeddedFont] = []
        for (index, entry) in (object["fonts"]?.object?["list"]?.array ?? []).enumerated() {
            guard let font = entry.object, let path = font["fPath"]?.string, !path.isEmpty else { continue }
            let family = font["fFamily"]?.string ?? font["fName"]?.string ?? ""
            let style = font["fStyle"]?.string ?? ""
            let place = "fonts.list[\(index)].fPath"
            let shown = path.count > 120 ? String(path.prefix(120)) + "…" : path
            if !path.hasPrefix("data:"), let scheme = LottieAssets.scheme(of: path) {
                try skips(
                    "fonts from URLs", "the font \"\(family)\" is at a URL (\(scheme):), which Cadence never fetches; its text is set in the family fontconfig matches",
                    property: place, key: "font url\u{0}\(family)"
                )
                continue
            }
            var names = [path]
            if let base = path.split(separator: "/").last, !path.hasPrefix("data:") { names.append("f/" + base) }
            var bytes: [UInt8]?
            var reason = "cannot be found"
            for name in names {
                switch allowed.source(folder: "", name: name.hasPrefix("/") && isArchive(allowed) ? String(name.dropFirst()) : name, file: file) {
                case .success(let source):
                    if let comma = source.firstIndex(of: ","), source.hasPrefix("data:") {
                        let header = source[..<comma]
                        let body = source[source.index(after: comma)...]
                        bytes = header.hasSuffix(";base64") ? Data(base64Encoded: String(body), options: .ignoreUnknownCharacters).map { [UInt8]($0) }
                            : Array(String(body).removingPercentEncoding?.utf8 ?? "".utf8)
                    } else {
                        do throws(FileProblem) {
                            bytes = [UInt8](try FilePaths.read(source, limit: 32 << 20))
                        } catch {
                            reason = error.reason
                        }
                    }
                case .failure(let refusal):
                    reason = refusal.reason
                }
                if bytes != nil { break }
            }
            guard let bytes, !bytes.isEmpty else {
                try skips(
                    "missing fonts", "the font \"\(family)\" (\(shown)) \(reason); its text is set in the family fontconfig matches",
                    property: place, key: "font\u{0}\(family)\u{0}\(style)"
                )
                continue
            }
            uses("embedded fonts")
            fonts.append(EmbeddedFont(family: family, style: style, bytes: bytes))
        }
        return fonts
    }

    private func isArchive(_ allowed: LottieAssets) -> Bool {
        if case .archive = allowed { return true }
        return false
    }

    /// The most characters a text document lays out: a documented clamp.
    static let maximumTextLength = 10_000
    /// The most text animators a layer applies: a documented clamp (each costs a pass over
    /// the letters every frame).
    static let maximumTextAnimators = 64

    /// The file's fonts (`fonts.list`: `fName` to its family, style and ascent) and glyphs
    /// (`chars`), read before the layers that use them.
    mutating func glyphs(_ object: [String: LottieJSON]) throws(LottieError) -> [LottieGlyph] {
        for (index, entry) in (object["fonts"]?.object?["list"]?.array ?? []).enumerated() {
            guard let font = entry.object, let name = font["fName"]?.string else { continue }
            fonts[name] = (
                family: font["fFamily"]?.string ?? name, style: font["fStyle"]?.string ?? "",
                ascent: try number(font["ascent"], property: "fonts.list[\(index)].ascent", default: 75)
            )
        }
        var glyphs: [LottieGlyph] = []
        for (index, entry) in (object["chars"]?.array ?? []).enumerated() {
            let place = "chars[\(index)]"
            guard let char = entry.object, let character = char["ch"]?.string else { throw error("a glyph needs its character ch", property: place) }
            let advance = try number(char["w"], property: place + ".w", default: 0)
            guard abs(advance) <= 1e6 else { throw error("the advance must be within ±10⁶, got \(number(advance))", property: place + ".w") }
            let shapes = try self.shapes(char["data"]?.object?["shapes"], property: place + ".data.shapes", depth: 0)
            let key = Self.glyphKey(family: char["fFamily"]?.string ?? "", style: char["style"]?.string ?? "", character: character)
            glyphIndex[key] = glyphs.count
            glyphs.append(LottieGlyph(shapes: shapes, advance: advance))
        }
        return glyphs
    }

    static func glyphKey(family: String, style: String, character: String) -> String {
        "\(family)\u{1}\(style)\u{1}\(character)"
    }

    /// A text layer's `t`: its documents, laid out with the file's glyphs.
    mutating func text(_ value: LottieJSON?, glyphs: [LottieGlyph]) throws(LottieError) -> LottieTextContent<TextDocument> {
        // Glyph text is laid out when read: an expression on its document is not evaluated.
        if value?.object?["d"]?.object?["x"]?.string != nil {
            try skips(
                "expressions", "an expression on text set with the file's glyphs (sourceText) is not evaluated; the keyframed text is used",
                property: "t.d", key: "expression\u{0}\(layer ?? "")\u{0}t.d"
            )
        }
        var documents: [(frame: Double, document: TextDocument)] = []
        for (frame, object, property) in try textDocuments(value) {
            documents.append((frame, try self.document(object, property: property, glyphs: glyphs)))
        }
        let (animators, alignment) = try textAnimators(value)
        return LottieTextContent(documents: documents, animators: animators, alignment: alignment)
    }

    /// A text layer's `t` when the file has no glyph shapes: documents set in fonts at draw time.
    mutating func fontText(_ value: LottieJSON?) throws(LottieError) -> LottieTextContent<FontTextDocument> {
        var documents: [(frame: Double, document: FontTextDocument)] = []
        for (frame, object, property) in try textDocuments(value) {
            documents.append((frame, try fontDocument(object, property: property)))
        }
        let (animators, alignment) = try textAnimators(value)
        var content = LottieTextContent(documents: documents, animators: animators, alignment: alignment)
        // sourceText: an expression giving the text, set in the document of its time.
        if let expression = try expression(value?.object?["d"]?.object?["x"], property: "t.d") {
            content.expression = expression
            textExpressionList.append((expression, content))
        }
        return content
    }

    /// A text layer's animators (`t.a`) and the letters' anchor alignment (`t.m.a`, percent of
    /// a letter's advance and of the line's height). Range selectors are applied; what is not
    /// (random order, expression selectors' expressions, 3-D turns, hue, saturation and
    /// brightness, grouping by words or lines) is a warning.
    private mutating func textAnimators(_ value: LottieJSON?) throws(LottieError) -> ([TextAnimator], AnimatedNumbers) {
        guard let t = value?.object else { return ([], AnimatedNumbers([0, 0])) }
        let alignment = try animated(t["m"]?.object?["a"], property: "t.m.a", fallback: [0, 0])
        guard let list = t["a"]?.array, !list.isEmpty else { return ([], alignment) }
        uses("text animators")
        if let grouping = t["m"]?.object?["g"]?.number, grouping != 1 {
            try skips("text grouping", "letters are anchored at their own middles; grouping by words or lines (t.m.g) is not applied", property: "t.m.g")
        }
        var animators: [TextAnimator] = []
        for (index, entry) in list.prefix(Self.maximumTextAnimators).enumerated() {
            let place = "t.a[\(index)]"
            guard let object = entry.object else { throw error("a text animator must be an object", property: place) }
            var animator = TextAnimator()
            if let selector = object["s"]?.object {
                let at = place + ".s"
                if let basis = selector["b"]?.number, let kind = Int(exactly: basis.rounded()).flatMap(TextAnimator.Basis.init(rawValue:)) { animator.basis = kind }
                animator.inUnits = selector["r"]?.number == 2
                if let shape = selector["sh"]?.number, (1...6).contains(shape) { animator.shape = Int(shape) }
                animator.start = try animated(selector["s"], property: at + ".s", fallback: [0])
                animator.end = try animated(selector["e"], property: at + ".e", fallback: [100])
                animator.offset = try animated(selector["o"], property: at + ".o", fallback: [0])
                animator.amount = try animated(selector["a"], property: at + ".a", fallback: [100])
                animator.easeHigh = try animated(selector["xe"], property: at + ".xe", fallback: [0])
                animator.easeLow = try animated(selector["ne"], property: at + ".ne", fallback: [0])
                if let random = selector["rn"]?.number, random != 0 {
                    try skips("random text order", "a text selector's random order (rn) is not applied; units are taken in order", property: at + ".rn")
                }
            }
            let properties = object["a"]?.object ?? [:]
            func property(_ key: String, _ fallback: [Double]) throws(LottieError) -> AnimatedNumbers? {
                guard let value = properties[key] else { return nil }
                return try animated(value, property: place + ".a." + key, fallback: fallback)
            }
            animator.position = try property("p", [0, 0])
            animator.anchor = try property("a", [0, 0])
            animator.scale = try property("s", [100, 100])
            animator.rotation = try property("r", [0])
            animator.skew = try property("sk", [0])
            animator.skewAxis = try property("sa", [0])
            animator.opacity = try property("o", [100])
            animator.fill = try property("fc", [0, 0, 0])
            animator.stroke = try property("sc", [0, 0, 0])
            animator.strokeWidth = try property("sw", [0])
            animator.tracking = try property("t", [0])
            // Not applied: warned where they would change something (not a constant 0).
            for (key, name) in [("fh", "hue"), ("fs", "saturation"), ("fb", "brightness"), ("rx", "3-D turn about x"), ("ry", "3-D turn about y")] {
                guard let value = try property(key, [0]), !value.keyframes.isEmpty || value.initial.contains(where: { $0 != 0 }) else { continue }
                try skips("text animator \(name)", "a text animator's \(name) (\(key)) is not applied", property: place + ".a." + key)
            }
            animators.append(animator)
        }
        return (animators, alignment)
    }

    /// A text layer's documents (`t.d.k[].s`) with their frames, in time order; text on a path,
    /// which is not applied, is a warning.
    private mutating func textDocuments(_ value: LottieJSON?) throws(LottieError) -> [(Double, [String: LottieJSON], String)] {
        guard let t = value?.object else { throw error("a text layer needs its text t", property: "t") }
        if t["p"]?.object?["m"] != nil {
            try skips("text on a path", "text on a path (t.p) is not applied; the text is drawn on straight lines", property: "t.p")
        }
        guard let keyframes = t["d"]?.object?["k"]?.array else { throw error("a text layer needs its documents t.d.k", property: "t.d.k") }
        var documents: [(Double, [String: LottieJSON], String)] = []
        for (index, entry) in keyframes.enumerated() {
            let place = "t.d.k[\(index)]"
            guard let keyframe = entry.object, let document = keyframe["s"]?.object else {
                throw error("a text keyframe needs its document s", property: place + ".s")
            }
            documents.append((try self.frame(keyframe["t"], property: place + ".t", default: 0), document, place + ".s"))
        }
        guard !documents.isEmpty else { throw error("a text layer needs at least one document", property: "t.d.k") }
        return documents.sorted { $0.0 < $1.0 }
    }

    /// The values a document shares in both kinds of text: size, tracking, line height, baseline
    /// shift, stroke width (checked), colours, justification, and the box.
    private func documentValues(_ object: [String: LottieJSON], property: String, ascent: Double) throws(LottieError) -> (
        size: Double, tracking: Double, lineHeight: Double, shift: Double, strokeWidth: Double, fill: Color?, stroke: Color?,
        justification: Int, box: (origin: SIMD2<Double>, width: Double)?
    ) {
        let size = try number(object["s"], property: property + ".s", default: 10)
        guard size >= 0, size <= 10_000 else { throw error("the font size must be 0 ... 10000, got \(number(size))", property: property + ".s") }
        let tracking = try number(object["tr"], property: property + ".tr", default: 0) / 1000 * size
        let lineHeight = try number(object["lh"], property: property + ".lh", default: size * 1.2)
        let shift = try number(object["ls"], property: property + ".ls", default: 0)
        let strokeWidth = try number(object["sw"], property: property + ".sw", default: 0)
        for (value, key) in [(tracking, "tr"), (lineHeight, "lh"), (shift, "ls"), (strokeWidth, "sw")] where abs(value) > 1e6 {
            throw error("must be within ±10⁶, got \(number(value))", property: property + "." + key)
        }
        func color(_ key: String) throws(LottieError) -> Color? {
            guard let value = object[key] else { return nil }
            return LottieAnimation.color(try values(value, property: property + "." + key, fallback: [0, 0, 0]), opacity: 1)
        }
        var box: (origin: SIMD2<Double>, width: Double)?
        if let sz = object["sz"] {
            let boxSize = try values(sz, property: property + ".sz", fallback: [0, 0])
            let position = try values(object["ps"] ?? .array([]), property: property + ".ps", fallback: [0, 0])
            if boxSize.count >= 1, position.count >= 2, abs(position[0]) <= 1e6, abs(position[1]) <= 1e6 {
                box = (SIMD2(position[0], position[1] + ascent * size / 100), min(max(boxSize[0], 0), 1e6))
            }
        }
        let justification = Int(exactly: (try number(object["j"], property: property + ".j", default: 0)).rounded()) ?? 0
        return (size, tracking, lineHeight, shift, max(strokeWidth, 0), try color("fc"), try color("sc"), justification, box)
    }

    private mutating func fontDocument(_ object: [String: LottieJSON], property: String) throws(LottieError) -> FontTextDocument {
        let fontName = object["f"]?.string ?? ""
        let font = fonts[fontName] ?? (family: fontName, style: "", ascent: 75)
        let values = try documentValues(object, property: property, ascent: font.ascent)
        if values.stroke != nil, values.strokeWidth > 0 {
            try skips("text strokes in fonts", "a stroke on text set in a font is not drawn; its fill is", property: property + ".sc")
        }
        return FontTextDocument(
            text: String((object["t"]?.string ?? "").prefix(Self.maximumTextLength)), family: font.family, style: font.style, size: values.size,
            fill: values.fill, stroke: values.stroke, strokeWidth: values.strokeWidth, justification: values.justification,
            tracking: values.tracking, lineHeight: values.lineHeight, baselineShift: values.shift, box: values.box
        )
    }

    private mutating func document(_ object: [String: LottieJSON], property: String, glyphs: [LottieGlyph]) throws(LottieError) -> TextDocument {
        let text = object["t"]?.string ?? ""
        let fontName = object["f"]?.string ?? ""
        // A font fonts.list does not name: glyphs are looked up under its name.
        let font = fonts[fontName] ?? (family: fontName, style: "", ascent: 75)
        let (size, tracking, lineHeight, shift, strokeWidth, fill, stroke, justification, box) = try documentValues(object, property: property, ascent: font.ascent)
        // Lines: the document's breaks, then (in a box) words wrapped at its width.
        var missing: String?
        func advance(_ character: Character) -> (glyph: Int?, width: Double) {
            let key = Self.glyphKey(family: font.family, style: font.style, character: String(character))
            guard let index = glyphIndex[key] else {
                if missing == nil { missing = String(character) }
                return (nil, tracking)
            }
            return (index, glyphs[index].advance * size / 100 + tracking)
        }
        // Each piece: its glyph, its width with tracking, and the letter it sets.
        typealias Piece = (glyph: Int?, width: Double, letter: Int)
        let clipped = String(text.prefix(Self.maximumTextLength))
        let letters = TextLetter.letters(of: clipped)
        var lines: [[Piece]] = []
        var letter = 0
        for line in clipped.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\r" || $0 == "\n" || $0 == "\u{3}" }) {
            var current: [Piece] = []
            var lineWidth = 0.0
            for word in line.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
                var pieces: [Piece] = []
                if word.offset > 0 {
                    let space = advance(" ")
                    pieces.append((space.glyph, space.width, letter))
                    letter += 1
                }
                let wordPieces = word.element.enumerated().map { offset, character -> Piece in
                    let piece = advance(character)
                    return (piece.glyph, piece.width, letter + offset)
                }
                letter += wordPieces.count
                pieces += wordPieces
                let width = pieces.reduce(0) { $0 + $1.width }
                if let box, !current.isEmpty, lineWidth + width > box.width {
                    // The word starts the next line, without the space before it.
                    lines.append(current)
                    current = wordPieces
                    lineWidth = current.reduce(0) { $0 + $1.width }
                    continue
                }
                current += pieces
                lineWidth += width
            }
            lines.append(current)
            // The line break after the paragraph.
            letter += 1
        }
        if let missing {
            try skips("missing glyphs", "the text uses \"\(missing)\", which chars has no glyph for in \(font.family) \(font.style); it is left out", property: property + ".t")
        }
        var placements: [(glyph: Int, origin: SIMD2<Double>, letter: Int, advance: Double)] = []
        var letterLines = [Int?](repeating: nil, count: letters.count)
        for (number, line) in lines.enumerated() {
            // The line's width without the tracking after its last character.
            let width = line.reduce(0) { $0 + $1.width } - (line.isEmpty ? 0 : tracking)
            var x: Double
            switch justification {
            case 1: x = box.map { $0.width } ?? 0; x -= width
            case 2: x = (box.map { $0.width / 2 } ?? 0) - width / 2
            default: x = 0
            }
            x += box?.origin.x ?? 0
            let y = (box?.origin.y ?? 0) + Double(number) * lineHeight - shift
            for piece in line {
                if piece.letter < letterLines.count { letterLines[piece.letter] = number }
                if let glyph = piece.glyph { placements.append((glyph, SIMD2(x, y), piece.letter, piece.width - tracking)) }
                x += piece.width
            }
        }
        return TextDocument(
            size: size, fill: fill, stroke: stroke, strokeWidth: strokeWidth,
            strokeOverFill: (object["of"]?.number).map { $0 != 0 } ?? true, placements: placements,
            letters: letters, letterLines: letterLines, justification: justification
        )
    }
}
