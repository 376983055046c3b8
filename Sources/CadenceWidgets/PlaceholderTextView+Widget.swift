import CadenceAnimation
import CadenceDraw
import CadenceLayers

extension PlaceholderTextView: TextInput {
    /// The node type as scene files name it.
    public static let typeName = "PlaceholderTextView"
    /// The keys the node's `attributes` take, in the order messages list them.
    public static let attributeKeys = [
        "font", "textColor", "alignment", "backgroundColor", "textContainerInset", "lineFragmentPadding",
        "placeholder", "attributedPlaceholder", "placeholderColor", "location", "placeholderVerticalAlignment",
        "growsToFitPlaceholder", "exclusionPaths", "shadowColor", "shadowOffset",
    ]
    /// Editing: `type`, `deleteBackward`, `clear`. The view takes no focus and no caret moves.
    public static var events: [WidgetEventType<TextInputEvent>] {
        [.type, .deleteBackward, .clear]
    }

    /// Reads the view: text style, insets, the placeholder (plain or as runs), then the awake
    /// step's shadow.
    public init(frame: Rect, attributes: SceneAttributes) throws(SceneError) {
        self.init(frame: frame, font: try attributes.fontOrDefault())
        if let color = try attributes.color("textColor") { textColor = color }
        if let alignment = try attributes.alignment() { self.alignment = alignment }
        if let color = try attributes.color("backgroundColor") { backgroundColor = color }
        if let inset = try attributes.numbers("textContainerInset", count: 4) {
            guard inset.allSatisfy({ $0 >= 0 }) else { throw attributes.error("must not be negative", key: "textContainerInset") }
            textContainerInset = EdgeInsets(top: inset[0], left: inset[1], bottom: inset[2], right: inset[3])
        }
        if let padding = try attributes.number("lineFragmentPadding") {
            guard padding >= 0 else { throw attributes.error("must not be negative", key: "lineFragmentPadding") }
            lineFragmentPadding = padding
        }
        if let text = try attributes.string("placeholder") { placeholder = text }
        if let value = attributes["attributedPlaceholder"] {
            guard case .array(let entries) = value else { throw attributes.error("must be a list of runs", key: "attributedPlaceholder") }
            var runs: [(text: String, font: FontDescriptor?, color: Color?)] = []
            for (index, entry) in entries.enumerated() {
                let run = try attributes.object(entry, key: "attributedPlaceholder[\(index)]", known: ["text", "font", "color"])
                guard let text = try run.string("text") else { throw run.error("missing", key: "text") }
                runs.append((text, try run.font("font"), try run.color("color")))
            }
            attributedPlaceholder = runs
        }
        if let color = try attributes.color("placeholderColor") { placeholderColor = color }
        if let location = try attributes.numbers("location", count: 2) {
            self.location = Point(x: location[0], y: location[1])
        }
        if let text = try attributes.string("placeholderVerticalAlignment") {
            guard let value = PlaceholderVerticalAlignment(rawValue: text) else {
                throw attributes.error("must be top or center, got '\(text)'\(Spelling.suggestion(for: text, among: PlaceholderVerticalAlignment.allCases.map(\.rawValue)))", key: "placeholderVerticalAlignment")
            }
            placeholderVerticalAlignment = value
        }
        if let grows = try attributes.bool("growsToFitPlaceholder") { growsToFitPlaceholder = grows }
        if let value = attributes["exclusionPaths"] {
            let message = "must be a list of [x, y, width, height] rectangles with width and height not negative"
            guard case .array(let entries) = value else { throw attributes.error(message, key: "exclusionPaths") }
            exclusionPaths = try entries.enumerated().map { (index, entry) throws(SceneError) -> Rect in
                guard case .array(let items) = entry, items.count == 4 else { throw attributes.error(message, key: "exclusionPaths[\(index)]") }
                var numbers: [Double] = []
                for item in items {
                    guard case .number(let number) = item, number.isFinite else { throw attributes.error(message, key: "exclusionPaths[\(index)]") }
                    numbers.append(number)
                }
                guard numbers[2] >= 0, numbers[3] >= 0 else { throw attributes.error(message, key: "exclusionPaths[\(index)]") }
                return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
            }
        }
        shadow = try attributes.awakeShadow()
    }

    /// Applies editing; focus and caret moves (which the view does not take) are ignored.
    public mutating func apply(_ event: TextInputEvent, at time: Double) {
        switch event {
        case .type(let text, let rate): edits.type(text, charactersPerSecond: rate, at: time)
        case .deleteBackward(let count, let rate): edits.deleteBackward(count: count, charactersPerSecond: rate, at: time)
        case .clear: edits.clear(at: time)
        case .deleteForward, .moveCaret, .focus, .unfocus: break
        }
    }

    /// Draws what the widget shows at `time`: its own drawing, with the context's fonts and images.
    public func draw(at time: Double, context: DrawContext, into list: inout DisplayList) throws(TextError) {
        try draw(at: time, fonts: context.fonts, into: &list)
    }
}
