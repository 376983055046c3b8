import CadenceDraw
import CadenceLayers

extension BouncyPlaceholderField: TextInput {
    /// The node type as scene files name it.
    public static let typeName = "BouncyPlaceholderField"
    /// The keys the node's `attributes` take, in the order messages list them.
    public static let attributeKeys = [
        "font", "textColor", "placeholder", "abbreviatedPlaceholder", "alwaysBouncePlaceholder", "placeholderColor",
        "backgroundColor", "borderColor", "borderWidth", "cornerRadius", "horizontalInset", "shadowColor", "shadowOffset",
    ]
    /// `quirks` beside the usual node keys.
    public static var nodeKeys: [String] { ["quirks"] }
    /// Editing (`type`, `deleteBackward`, `clear`), focus (`focus`, `unfocus`) and the keyboard's
    /// `deleteForward` and `moveCaret`.
    public static var events: [WidgetEventType<TextInputEvent>] {
        [.type, .deleteBackward, .clear, .focus, .unfocus, .deleteForward, .moveCaret]
    }

    /// Reads the field: text and placeholder style, box, then the awake step's shadow.
    public init(frame: Rect, attributes: SceneAttributes) throws(SceneError) {
        self.init(frame: frame, font: try attributes.fontOrDefault())
        if let color = try attributes.color("textColor") { textColor = color }
        if let text = try attributes.string("placeholder") { placeholder = text }
        abbreviatedPlaceholder = try attributes.string("abbreviatedPlaceholder")
        if let bounce = try attributes.bool("alwaysBouncePlaceholder") { alwaysBouncePlaceholder = bounce }
        if let color = try attributes.color("placeholderColor") { placeholderColor = color }
        if let color = try attributes.color("backgroundColor") { backgroundColor = color }
        if let color = try attributes.color("borderColor") { borderColor = color }
        for (key, path) in [("borderWidth", \BouncyPlaceholderField.borderWidth), ("cornerRadius", \.cornerRadius), ("horizontalInset", \.horizontalInset)] {
            if let value = try attributes.number(key) {
                guard value >= 0 else { throw attributes.error("must not be negative", key: key) }
                self[keyPath: path] = value
            }
        }
        shadow = try attributes.awakeShadow()
        quirks = try attributes.quirks()
    }

    /// Records `event` as happening at `time`.
    public mutating func apply(_ event: TextInputEvent, at time: Double) {
        switch event {
        case .type(let text, let rate): self.type(text, charactersPerSecond: rate, at: time)
        case .deleteBackward(let count, let rate): deleteBackward(count: count, charactersPerSecond: rate, at: time)
        case .clear: clear(at: time)
        case .deleteForward: edits.deleteForward(at: time)
        case .moveCaret(let move): edits.moveCaret(move, at: time)
        case .focus: focus(at: time)
        case .unfocus: unfocus(at: time)
        }
    }

    /// Draws what the widget shows at `time`: its own drawing, with the context's fonts and images.
    public func draw(at time: Double, context: DrawContext, into list: inout DisplayList) throws(TextError) {
        try draw(at: time, fonts: context.fonts, motion: context.motion, into: &list)
    }
}
