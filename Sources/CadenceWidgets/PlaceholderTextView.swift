import CadenceDraw
import CadenceLayers

/// Insets from each edge, as `UIEdgeInsets`.
public struct EdgeInsets: Sendable, Hashable {
    /// Inset from the top edge.
    public var top: Double
    /// Inset from the left edge.
    public var left: Double
    /// Inset from the bottom edge.
    public var bottom: Double
    /// Inset from the right edge.
    public var right: Double

    /// Insets of these amounts.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}

/// Where a text view's placeholder sits vertically.
public enum PlaceholderVerticalAlignment: String, Sendable, Hashable, CaseIterable {
    /// At the top inset, as the original and as typed text.
    case top
    /// Centred between the top and bottom insets.
    case center
}

/// A multi-line text view with a placeholder, as UITextView+Placeholder.
///
/// Rules it keeps (REFERENCE.md):
/// - the placeholder follows the view's font, alignment, `textContainerInset` (default 8, 0, 8, 0)
///   and `lineFragmentPadding` (default 5);
/// - its frame: x = padding + inset.left + location.x, y = inset.top + location.y,
///   width = bounds.width − x − padding − inset.right (the padding counts at both ends, as the
///   typed text's line fragments do, so aligned and wrapped placeholders line up with typed
///   text), height = its wrapped text's;
/// - a `location` with negative x or y, or x beyond width − padding − inset.right, is ignored;
/// - it shows only while the text is empty;
/// - text or placeholder taller than the view is clipped to the view (the original grows the
///   view instead; `growsToFitPlaceholder` does that for the placeholder);
/// - `placeholderVerticalAlignment` can centre the placeholder vertically.
public struct PlaceholderTextView: Sendable {
    /// Where the view is, in its parent's coordinates.
    public var frame: Rect
    /// The text's font (and the placeholder's, unless its runs name one).
    public var font: FontDescriptor
    /// The text's colour.
    public var textColor = Color.black
    /// A shadow under the typed text (set from `shadowColor` + `shadowOffset` in scene files).
    public var shadow: TextShadow?
    /// Where lines sit in the text container's width.
    public var alignment = TextAlignment.left
    /// The view's fill.
    public var backgroundColor = Color.white
    /// Space between the view's edges and the text container (`UITextView.textContainerInset`).
    public var textContainerInset = EdgeInsets(top: 8, left: 0, bottom: 8, right: 0)
    /// Space at each end of a line inside the container (`NSTextContainer.lineFragmentPadding`).
    public var lineFragmentPadding = 5.0
    /// The placeholder shown while the text is empty.
    public var placeholder = ""
    /// Runs with their own font and colour; used instead of `placeholder` when set. Runs without
    /// a font take the view's.
    public var attributedPlaceholder: [(text: String, font: FontDescriptor?, color: Color?)]?
    /// The placeholder grey of UITextField: RGBA(0, 0, 0.098, 0.22).
    public var placeholderColor = Color(red: 0, green: 0, blue: 0.098, alpha: 0.22)
    /// Moves the placeholder from its usual place (ignored when out of range).
    public var location = Point.zero
    /// Where the placeholder sits vertically: at the top as the original (and as typed text), or
    /// centred in the space between the top and bottom insets (UITextView-Placeholder #30). A
    /// placeholder taller than that space starts at the top.
    public var placeholderVerticalAlignment = PlaceholderVerticalAlignment.top
    /// When the placeholder needs more height than the view has, the view grows to fit it while
    /// the placeholder shows (UITextView-Placeholder #47; the original grows the view): its
    /// background and clip reach inset.top + the placeholder's height + inset.bottom. Off by
    /// default: the placeholder is clipped to the frame the scene gives.
    public var growsToFitPlaceholder = false
    /// Rectangles the typed text and the placeholder flow around (UITextView-Placeholder #48), as
    /// `textContainer.exclusionPaths`: in text-container coordinates (origin at the top-left
    /// inset), each line fragment beside one keeping `lineFragmentPadding` from it.
    public var exclusionPaths: [Rect] = []
    /// The text typed so far, as timed edits.
    public var edits = EditLog()

    /// An empty view in `frame` writing in `font`.
    public init(frame: Rect, font: FontDescriptor) {
        self.frame = frame
        self.font = font
    }

    /// The placeholder's frame within the view (its height is set by layout), per the rules above.
    public var placeholderOrigin: (x: Double, y: Double, width: Double) {
        let inset = textContainerInset
        let ignored = location.x < 0 || location.y < 0 || location.x > frame.width - lineFragmentPadding - inset.right
        let offset = ignored ? Point.zero : location
        let x = lineFragmentPadding + inset.left + offset.x
        return (x, inset.top + offset.y, max(frame.width - x - lineFragmentPadding - inset.right, 0))
    }

    /// The text at `time`.
    public func text(at time: Double) -> String {
        edits.text(at: time)
    }

    /// The placeholder laid out in its width.
    func placeholderLayout(fonts: any TextLayoutEngine) throws(TextError) -> TextLayout {
        let runs: [AttributedText.Run] = attributedPlaceholder.map { runs in
            runs.map { AttributedText.Run($0.text, TextAttributes(font: $0.font ?? font, color: $0.color ?? placeholderColor)) }
        } ?? [AttributedText.Run(placeholder, TextAttributes(font: font, color: placeholderColor))]
        let origin = placeholderOrigin
        let shift = Point(x: origin.x - textContainerInset.left, y: origin.y - textContainerInset.top)
        return try fonts.layout(
            AttributedText(runs: runs),
            options: TextLayoutOptions(width: origin.width, alignment: alignment, exclusions: exclusions(from: shift))
        )
    }

    /// The exclusion paths in the coordinates of a layout whose origin is `shift` from the text
    /// container's, widened by the padding the fragments beside them keep.
    func exclusions(from shift: Point) -> [Rect] {
        exclusionPaths.map { rect in
            Rect(x: rect.minX - shift.x - lineFragmentPadding, y: rect.minY - shift.y,
                 width: rect.width + 2 * lineFragmentPadding, height: rect.height)
        }
    }

    /// The view's frame at `time`: the scene's, or taller while a placeholder that needs more
    /// height shows, with `growsToFitPlaceholder`.
    public func displayedFrame(at time: Double, fonts: any TextLayoutEngine) throws(TextError) -> Rect {
        guard growsToFitPlaceholder, text(at: time).isEmpty else { return frame }
        let origin = placeholderOrigin
        let needed = origin.y + (try placeholderLayout(fonts: fonts)).size.height + textContainerInset.bottom
        return Rect(x: frame.minX, y: frame.minY, width: frame.width, height: max(frame.height, needed))
    }

    /// Draws the view as it is at `time`, laying text out with `fonts`.
    public func draw(at time: Double, fonts: any TextLayoutEngine, into list: inout DisplayList) throws(TextError) {
        let shownFrame = try displayedFrame(at: time, fonts: fonts)
        list.roundedRect(RoundedRect(rect: shownFrame, cornerRadius: 0, fill: backgroundColor))
        let text = text(at: time)
        let inset = textContainerInset
        var failure: TextError?
        list.clipped(to: shownFrame) { list in
            do throws(TextError) {
                if text.isEmpty {
                    let origin = placeholderOrigin
                    let layout = try placeholderLayout(fonts: fonts)
                    var y = origin.y
                    if placeholderVerticalAlignment == .center {
                        let space = shownFrame.height - inset.top - inset.bottom
                        y += max((space - layout.size.height) / 2, 0)
                    }
                    for run in layout.glyphRuns(at: Point(x: frame.minX + origin.x, y: frame.minY + y)) { list.glyphs(run) }
                } else {
                    let x = inset.left + lineFragmentPadding
                    let width = max(frame.width - inset.left - inset.right - 2 * lineFragmentPadding, 0)
                    let layout = try fonts.layout(
                        AttributedText(text, attributes: TextAttributes(font: font, color: textColor, shadow: shadow)),
                        options: TextLayoutOptions(
                            width: width, alignment: alignment, exclusions: exclusions(from: Point(x: lineFragmentPadding, y: 0))
                        )
                    )
                    for run in layout.glyphRuns(at: Point(x: frame.minX + x, y: frame.minY + inset.top)) { list.glyphs(run) }
                }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
    }
}
