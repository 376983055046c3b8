import CadenceAnimation
import CadenceLayers

/// A widget that takes typed text: scripted `type` events, and the demo's focus and keyboard.
///
/// Text inputs share one event type, so whatever types into one (a script, the demo window)
/// needs no knowledge of which widget has focus; each applies the events it takes and ignores
/// the rest.
public protocol TextInput: Widget where Event == TextInputEvent {}

/// What happens to a text input: editing, caret moves, focus.
public enum TextInputEvent: Sendable, Hashable {
    /// Types `text`, all at once or at `charactersPerSecond`.
    case type(String, charactersPerSecond: Double?)
    /// Deletes `count` characters before the caret, all at once or at `charactersPerSecond`.
    case deleteBackward(count: Int, charactersPerSecond: Double?)
    /// Removes all the text.
    case clear
    /// Deletes the character after the caret.
    case deleteForward
    /// Moves the caret.
    case moveCaret(CaretMove)
    /// Takes focus.
    case focus
    /// Gives focus up.
    case unfocus
}

// Computed: generic types cannot hold static stored properties.
extension WidgetEventType<TextInputEvent> {
    /// `{"type": "type", "text": "lexrus", "charsPerSecond": 10}`.
    static var type: WidgetEventType {
        WidgetEventType("type", keys: ["text", "charsPerSecond"]) { event throws(SceneError) in
            let rate = try charactersPerSecond(event)
            return .type(try event.string("text") ?? "", charactersPerSecond: rate)
        }
    }

    /// `{"type": "deleteBackward", "count": 2, "charsPerSecond": 10}`; one character by default.
    static var deleteBackward: WidgetEventType {
        WidgetEventType("deleteBackward", keys: ["count", "charsPerSecond"]) { event throws(SceneError) in
            let rate = try charactersPerSecond(event)
            var count = 1
            if let number = try event.number("count") {
                guard number >= 0, number == number.rounded(), number < 1e9 else { throw event.error("must be a whole number, 0 or more", key: "count") }
                count = Int(number)
            }
            return .deleteBackward(count: count, charactersPerSecond: rate)
        }
    }

    /// `{"type": "clear"}`.
    static var clear: WidgetEventType { WidgetEventType("clear", event: .clear) }
    /// `{"type": "focus"}`.
    static var focus: WidgetEventType { WidgetEventType("focus", event: .focus) }
    /// `{"type": "unfocus"}`.
    static var unfocus: WidgetEventType { WidgetEventType("unfocus", event: .unfocus) }
    /// `{"type": "deleteForward"}`.
    static var deleteForward: WidgetEventType { WidgetEventType("deleteForward", event: .deleteForward) }

    /// `{"type": "moveCaret", "to": "home"}`: left, right, home or end.
    static var moveCaret: WidgetEventType {
        WidgetEventType("moveCaret", keys: ["to"]) { event throws(SceneError) in
            guard let text = try event.string("to") else { throw event.error("missing", key: "to") }
            guard let move = CaretMove(rawValue: text) else { throw event.error("must be left, right, home or end\(Spelling.suggestion(for: text, among: CaretMove.allCases.map(\.rawValue)))", key: "to") }
            return .moveCaret(move)
        }
    }

    /// `charsPerSecond`, above 0 when given.
    private static func charactersPerSecond(_ event: SceneAttributes) throws(SceneError) -> Double? {
        let rate = try event.number("charsPerSecond")
        if let rate, rate <= 0 { throw event.error("must be above 0", key: "charsPerSecond") }
        return rate
    }
}
