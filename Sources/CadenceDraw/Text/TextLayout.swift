/// A text shadow, as `NSShadow` / the ShadowedTextField example's `shadowColor` + `shadowOffset`.
public struct TextShadow: Sendable, Hashable {
    /// The shadow's colour.
    public var color: Color
    /// How far the shadow is drawn from the text, in pixels.
    public var offset: Point

    /// A shadow in `color`, drawn `offset` from the text.
    public init(color: Color, offset: Point) {
        self.color = color
        self.offset = offset
    }
}

/// How a run of text looks.
public struct TextAttributes: Sendable, Hashable {
    /// The face and size.
    public var font: FontDescriptor
    /// The text colour.
    public var color: Color
    /// A shadow under the text; nil for none.
    public var shadow: TextShadow?

    /// Text in `font` and `color` (black unless told), with `shadow` when given.
    public init(font: FontDescriptor, color: Color = .black, shadow: TextShadow? = nil) {
        self.font = font
        self.color = color
        self.shadow = shadow
    }
}

/// Text in runs, each with its own attributes, as `NSAttributedString`.
public struct AttributedText: Sendable, Hashable {
    /// Text with one set of attributes.
    public struct Run: Sendable, Hashable {
        /// The characters.
        public var text: String
        /// How they look.
        public var attributes: TextAttributes

        /// `text` with `attributes`.
        public init(_ text: String, _ attributes: TextAttributes) {
            self.text = text
            self.attributes = attributes
        }
    }

    /// The runs, in reading order.
    public var runs: [Run]

    /// Text made of `runs`.
    public init(runs: [Run]) {
        self.runs = runs
    }

    /// `text` in one run with `attributes`.
    public init(_ text: String, attributes: TextAttributes) {
        runs = [Run(text, attributes)]
    }

    /// Text from bytes that should be UTF-8; invalid sequences become U+FFFD.
    public init(utf8 bytes: [UInt8], attributes: TextAttributes) {
        self.init(String(decoding: bytes, as: UTF8.self), attributes: attributes)
    }

    /// The characters of every run, joined.
    public var string: String { runs.map(\.text).joined() }
}

/// Where lines sit in the layout's width.
public enum TextAlignment: String, Sendable, Hashable, CaseIterable {
    /// Lines start at the left edge, are centred, or end at the right edge.
    case left, center, right
}

/// What happens to text that does not fit.
public enum LineBreakMode: String, Sendable, Hashable, CaseIterable {
    /// Wraps at word boundaries (between any two ideographs in Chinese), never putting a closing
    /// punctuation mark at the start of a line.
    case wordWrap
    /// One line, cut at the end with "…".
    case truncateTail
    /// One line, its start replaced by "…" (the end stays in view).
    case truncateHead
    /// One line, its middle replaced by "…" (both ends stay in view).
    case truncateMiddle

    /// Whether the mode keeps one line and cuts what does not fit.
    public var truncates: Bool { self != .wordWrap }
}

/// The constraints of a layout.
public struct TextLayoutOptions: Sendable, Hashable {
    /// The width to wrap or truncate in; nil for no limit.
    public var width: Double?
    /// What happens to text that does not fit `width`.
    public var lineBreak: LineBreakMode
    /// Where lines sit within `width`.
    public var alignment: TextAlignment
    /// Multiplies each line's natural height (the font's line spacing).
    public var lineHeightMultiple: Double
    /// At most this many lines; the last one ends with "…" when text is left over.
    public var maxLines: Int?
    /// Rectangles, in the layout's coordinates, that wrapped text flows around, as
    /// `NSTextContainer.exclusionPaths`: each line band (one line height of the first run's font)
    /// is cut into fragments by the rectangles crossing it, filled left to right; a band with no
    /// room is skipped. Used only with a `width` and word wrapping.
    public var exclusions: [Rect]

    /// Constraints with no width limit, word wrap, left alignment and natural line height unless told.
    public init(
        width: Double? = nil, lineBreak: LineBreakMode = .wordWrap, alignment: TextAlignment = .left,
        lineHeightMultiple: Double = 1, maxLines: Int? = nil, exclusions: [Rect] = []
    ) {
        self.width = width
        self.lineBreak = lineBreak
        self.alignment = alignment
        self.lineHeightMultiple = lineHeightMultiple
        self.maxLines = maxLines
        self.exclusions = exclusions
    }
}

/// A glyph placed by its baseline origin, relative to the layout's top-left corner.
public struct PositionedGlyph: Sendable, Hashable {
    /// The face and size it is drawn with (a fallback face where the run's lacks the character).
    public var font: GlyphFont
    /// The glyph's index in the face.
    public var glyph: UInt32
    /// Its baseline origin, from the layout's top-left corner.
    public var position: Point
    /// Which run of the attributed text it belongs to.
    public var runIndex: Int

    /// `glyph` of `font` with its baseline origin at `position`, from run `runIndex`.
    public init(font: GlyphFont, glyph: UInt32, position: Point, runIndex: Int) {
        self.font = font
        self.glyph = glyph
        self.position = position
        self.runIndex = runIndex
    }
}

/// One laid-out line.
public struct LaidOutLine: Sendable, Hashable {
    /// The characters (Unicode scalars, counted over the whole text) on this line.
    public var range: Range<Int>
    /// The line's top, its baseline, and its height, from the layout's top.
    public var top: Double
    /// The baseline, from the layout's top.
    public var baseline: Double
    /// The line's height (its natural height times the line-height multiple).
    public var height: Double
    /// The tallest ascent of the faces on the line.
    public var ascent: Double
    /// The deepest descent of the faces on the line (positive).
    public var descent: Double
    /// Where the line starts (after alignment) and how wide its ink advance is.
    public var x: Double
    /// The width of the line's ink advance.
    public var width: Double
    /// The x of the caret before each character of `range`, and after the last.
    public var caretOffsets: [Double]
    /// The line's glyphs, in visual order.
    public var glyphs: [PositionedGlyph]

    /// A line of `glyphs` covering the characters `range`, measured as given.
    public init(
        range: Range<Int>, top: Double, baseline: Double, height: Double, ascent: Double, descent: Double, x: Double, width: Double,
        caretOffsets: [Double], glyphs: [PositionedGlyph]
    ) {
        self.range = range
        self.top = top
        self.baseline = baseline
        self.height = height
        self.ascent = ascent
        self.descent = descent
        self.x = x
        self.width = width
        self.caretOffsets = caretOffsets
        self.glyphs = glyphs
    }
}

/// Text laid out in lines: what a label draws and measures.
public struct TextLayout: Sendable, Hashable {
    /// The lines, top first.
    public var lines: [LaidOutLine]
    /// Width of the widest line (or the constraint, when aligning in it) and total height.
    public var size: Size
    /// The text laid out.
    public var text: AttributedText
    /// True when text was cut (truncation or line limit).
    public var isTruncated: Bool

    /// `text` laid out in `lines`, `size` in all.
    public init(lines: [LaidOutLine], size: Size, text: AttributedText, isTruncated: Bool) {
        self.lines = lines
        self.size = size
        self.text = text
        self.isTruncated = isTruncated
    }

    /// The x of a caret before the character (scalar) at `index`, and its line.
    public func caret(atScalarIndex index: Int) -> (x: Double, line: Int) {
        for (number, line) in lines.enumerated() where line.range.contains(index) || (index == line.range.upperBound && number == lines.count - 1) {
            return (line.caretOffsets[index - line.range.lowerBound], number)
        }
        return (lines.last.map { $0.x + $0.width } ?? 0, max(lines.count - 1, 0))
    }

    /// Draw commands for the text with its top-left corner at `origin`: shadows first, then the
    /// glyphs, one run per face and colour.
    ///
    /// With `visible` (in the same coordinates as `origin`), lines that cannot reach it are left
    /// out: a line is kept while its box, grown by its height and by the farthest shadow offset,
    /// meets `visible` vertically, so a long text costs only the lines that can show.
    public func glyphRuns(at origin: Point, visible: Rect? = nil) -> [GlyphRun] {
        var shadows: [GlyphRun] = []
        var runs: [GlyphRun] = []
        let shadowReach = text.runs.reduce(0.0) { reach, run in
            run.attributes.shadow.map { max(reach, abs($0.offset.x), abs($0.offset.y)) } ?? reach
        }
        for line in lines {
            if let visible {
                let margin = line.height + shadowReach
                let top = origin.y + line.top - margin
                let bottom = origin.y + line.top + line.height + margin
                // Written so that a NaN keeps the line.
                if bottom < visible.minY || top > visible.maxY { continue }
            }
            var index = 0
            while index < line.glyphs.count {
                let first = line.glyphs[index]
                var end = index + 1
                while end < line.glyphs.count, line.glyphs[end].font == first.font, line.glyphs[end].runIndex == first.runIndex { end += 1 }
                let slice = line.glyphs[index..<end]
                let attributes = text.runs[first.runIndex].attributes
                let positions = slice.map { Point(x: origin.x + $0.position.x, y: origin.y + $0.position.y) }
                let glyphs = slice.map(\.glyph)
                if let shadow = attributes.shadow {
                    shadows.append(GlyphRun(
                        font: first.font, glyphs: glyphs,
                        positions: positions.map { Point(x: $0.x + shadow.offset.x, y: $0.y + shadow.offset.y) },
                        color: shadow.color
                    ))
                }
                runs.append(GlyphRun(font: first.font, glyphs: glyphs, positions: positions, color: attributes.color))
                index = end
            }
        }
        return shadows + runs
    }
}

/// What lays text out: the seam between the layer model, which draws text, and the text stack
/// (`CadenceText`'s `FontLibrary`: fontconfig, HarfBuzz, FreeType), so the model builds and is
/// tested without the C text libraries.
///
/// An engine lays the same text out the same way every time (a cache may answer), and its
/// glyph runs name fonts the backends can rasterise.
public protocol TextLayoutEngine: Sendable {
    /// Lays `text` out under `options`: fonts resolved, shaped, broken into lines, aligned.
    func layout(_ text: AttributedText, options: TextLayoutOptions) throws(TextError) -> TextLayout

    /// Makes a font given as bytes (a Lottie file's embedded font) the face of its family in its
    /// style; false when the engine cannot (the default) or the bytes are not a font. Registering
    /// the same font again costs a lookup.
    @discardableResult
    func register(_ font: EmbeddedFont) -> Bool
}

extension TextLayoutEngine {
    @discardableResult
    public func register(_ font: EmbeddedFont) -> Bool { false }

    /// Lays `text` out on one line per paragraph, left-aligned.
    public func layout(_ text: AttributedText) throws(TextError) -> TextLayout {
        try layout(text, options: TextLayoutOptions())
    }

    /// The size `text` needs at `width` (nil: one line per paragraph), as `sizeThatFits`.
    public func sizeThatFits(_ text: AttributedText, width: Double?) throws(TextError) -> Size {
        try layout(text, options: TextLayoutOptions(width: width)).size
    }
}

/// A font file's bytes given with the family and style text names it by (a Lottie file's
/// embedded font), identified by a hash of its bytes made once.
public struct EmbeddedFont: Sendable {
    public let family: String
    public let style: String
    public let bytes: [UInt8]
    /// FNV-1a of the bytes, with the family and style: what an engine registers it under.
    public let id: String

    public init(family: String, style: String, bytes: [UInt8]) {
        self.family = family
        self.style = style
        self.bytes = bytes
        id = "\(family) \(style) \(bytes.count) \(String(FNV1a.hash(bytes), radix: 16))"
    }
}
