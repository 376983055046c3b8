import CadenceAnimation

/// One thing that happened to a node at a scene time: an animation added, started, retargeted,
/// completed or removed, or a widget's own moment (a bounce started, a count finished, the
/// indicator hidden, a cross-dissolve begun).
///
/// Events are derived from the scene's timeline, not observed while rendering: a scene is a
/// pure function of time, so each event's time is known exactly, and the same scene always gives
/// the same events (`SceneTracer`).
public struct TraceEvent: Sendable, Hashable {
    /// What kind of thing the event is about (the Chrome trace's `cat`).
    public enum Category: String, Sendable, Hashable, CaseIterable {
        /// A layer animation: `added`, `started`, `retargeted`, `completed`, `removed`.
        case animation
        /// A bouncy placeholder: `bounce started`, `bounce settled`, `fade started`, `fade ended`, `placeholder hidden`, `placeholder shown`.
        case placeholder
        /// A counting label: `count started`, `count finished`, `count interrupted`, `count stopped`, `completion run`.
        case count
        /// A loading indicator: `ref count` (with `count` and `delta`), `indicator shown`, `indicator hidden`.
        case indicator
        /// An image view: `load started`, `cache hit`, `image shown`, `transition begun`, `transition ended`.
        case image
    }

    /// An argument's value.
    public enum Value: Sendable, Hashable {
        /// One number (a duration, a count, a value).
        case number(Double)
        /// A vector (a key path's value: a target, a velocity).
        case numbers([Double])
        /// Text (a key path, a source, a direction).
        case string(String)
        /// A flag (`finished`).
        case bool(Bool)
    }

    /// One named argument, in the order the event lists them.
    public struct Argument: Sendable, Hashable {
        /// The name in the trace's `args`.
        public var key: String
        /// Its value.
        public var value: Value

        /// `key` with `value`.
        public init(_ key: String, _ value: Value) {
            self.key = key
            self.value = value
        }
    }

    /// Scene seconds.
    public var time: Double
    /// The id of the node or layer; empty from a widget until its scene fills it in.
    public var node: String
    /// What the event is about.
    public var category: Category
    /// What happened, e.g. `started`, `count finished`.
    public var name: String
    /// Details: key path, targets, velocity, values, sources.
    public var arguments: [Argument]

    /// `name` in `category` at `time` for `node`, with `arguments`.
    public init(time: Double, node: String = "", category: Category, name: String, arguments: [Argument] = []) {
        self.time = time
        self.node = node
        self.category = category
        self.name = name
        self.arguments = arguments
    }

    /// The argument called `key`, if any.
    public func argument(_ key: String) -> Value? {
        arguments.first { $0.key == key }?.value
    }
}

extension Array where Element == TraceEvent {
    /// The events sorted by time; events at the same time keep their order (the order they
    /// happen in: an indicator hidden before the dissolve that follows it).
    package func sortedByTime() -> [TraceEvent] {
        enumerated().sorted { $0.element.time != $1.element.time ? $0.element.time < $1.element.time : $0.offset < $1.offset }.map(\.element)
    }
}
