/// Where a caret move goes: one character (grapheme) left or right, or to either end.
public enum CaretMove: String, Sendable, Hashable, CaseIterable {
    /// One character left or right; the start or the end of the text.
    case left, right, home, end
}

/// The edits made to a text input, each with its time: the text and the caret at any moment are
/// their replay. Typing inserts at the caret; deleting works by grapheme, never by byte.
public struct EditLog: Sendable {
    private enum Edit: Sendable {
        case insert(String)
        case deleteBackward
        case deleteForward
        case move(CaretMove)
        case clear
    }

    private var edits: [(time: Double, edit: Edit)] = []

    /// No edits: empty text, caret at 0.
    public init() {}

    /// Types `text` from `time` on, one character (grapheme) every 1/`charactersPerSecond` s, or
    /// all at once when nil.
    public mutating func type(_ text: String, charactersPerSecond: Double? = nil, at time: Double) {
        guard let rate = charactersPerSecond, rate > 0 else {
            insert((time, .insert(text)))
            return
        }
        for (index, character) in text.enumerated() {
            insert((time + Double(index) / rate, .insert(String(character))))
        }
    }

    /// Deletes `count` characters (graphemes, not bytes) backwards from the end.
    public mutating func deleteBackward(count: Int = 1, charactersPerSecond: Double? = nil, at time: Double) {
        for index in 0..<max(count, 0) {
            let delay = charactersPerSecond.map { $0 > 0 ? Double(index) / $0 : 0 } ?? 0
            insert((time + delay, .deleteBackward))
        }
    }

    /// Empties the text at `time`.
    public mutating func clear(at time: Double) {
        insert((time, .clear))
    }

    /// Deletes the character after the caret (the Delete key).
    public mutating func deleteForward(at time: Double) {
        insert((time, .deleteForward))
    }

    /// Moves the caret at `time`.
    public mutating func moveCaret(_ move: CaretMove, at time: Double) {
        insert((time, .move(move)))
    }

    /// Keeps edits in time order (stable for equal times), so replays never sort.
    private mutating func insert(_ edit: (time: Double, edit: Edit)) {
        let index = edits.lastIndex { $0.time <= edit.time }.map { $0 + 1 } ?? 0
        edits.insert(edit, at: index)
    }

    /// Everything a frame needs at `time` from one replay: the characters, the caret (a count of
    /// characters before it) and the empty/non-empty transitions so far.
    public func state(at time: Double) -> (text: [Character], caret: Int, transitions: [(time: Double, hasText: Bool)]) {
        let replayed = replay(until: time)
        return (replayed.text, replayed.caret, replayed.transitions)
    }

    /// The text at `time`.
    public func text(at time: Double) -> String {
        String(replay(until: time).text)
    }

    /// The caret at `time`, as a count of characters (graphemes) before it.
    public func caret(at time: Double) -> Int {
        replay(until: time).caret
    }

    /// The times the text went from empty to non-empty (true) or back (false), in order.
    public func transitions(until time: Double) -> [(time: Double, hasText: Bool)] {
        replay(until: time).transitions
    }

    /// Every edit up to `time` that changed the text — one `UITextFieldTextDidChangeNotification`
    /// each — with whether there was text after it, in order.
    public func changes(until time: Double) -> [(time: Double, hasText: Bool)] {
        replay(until: time).changes
    }

    /// When the last edit up to `time` happened.
    public func lastEdit(until time: Double) -> Double? {
        edits.last { $0.time <= time }?.time
    }

    private func replay(
        until time: Double
    ) -> (text: [Character], caret: Int, transitions: [(time: Double, hasText: Bool)], changes: [(time: Double, hasText: Bool)]) {
        var text: [Character] = []
        var caret = 0
        var transitions: [(Double, Bool)] = []
        var changes: [(Double, Bool)] = []
        for (editTime, edit) in edits where editTime <= time {
            let wasEmpty = text.isEmpty
            let count = text.count
            let changed: Bool
            switch edit {
            case .insert(let inserted):
                text.insert(contentsOf: inserted, at: caret)
                caret += inserted.count
                changed = !inserted.isEmpty
            case .deleteBackward:
                changed = caret > 0
                if caret > 0 {
                    text.remove(at: caret - 1)
                    caret -= 1
                }
            case .deleteForward:
                changed = caret < count
                if caret < text.count { text.remove(at: caret) }
            case .move(let move):
                changed = false
                switch move {
                case .left: caret = max(caret - 1, 0)
                case .right: caret = min(caret + 1, text.count)
                case .home: caret = 0
                case .end: caret = text.count
                }
            case .clear:
                changed = count > 0
                text = []
                caret = 0
            }
            if wasEmpty != text.isEmpty { transitions.append((editTime, !text.isEmpty)) }
            if changed { changes.append((editTime, !text.isEmpty)) }
        }
        return (text, caret, transitions, changes)
    }
}
