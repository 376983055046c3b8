import CadenceAnimation
import CadenceDraw
import CadenceLayers

/// A widget: a rectangle with behaviour that scene files name by type, read from a node's
/// `attributes`, drive with scripted events, and draw at any time.
///
/// Everything Cadence knows about a widget comes through this protocol and `WidgetContent`, which
/// it refines, so adding one is one conforming type (and its place in a `WidgetRegistry`): the
/// scene reader takes its type name, attribute keys, events and decoding from here; `Node`
/// places it, applies its events and draws it through `WidgetContent`.
///
/// ```swift
/// struct Dot: Widget {
///     static let typeName = "Dot"
///     static let attributeKeys = ["color"]
///     var frame: Rect
///     var color = Color.black
///     init(frame: Rect, attributes: SceneAttributes) throws(SceneError) {
///         self.frame = frame
///         if let color = try attributes.color("color") { self.color = color }
///     }
///     func draw(at time: Double, context: DrawContext, into list: inout DisplayList) {
///         list.roundedRect(RoundedRect(rect: frame, cornerRadius: frame.width / 2, fill: color))
///     }
/// }
/// ```
public protocol Widget: WidgetContent {
    /// The keys the node's `attributes` object takes, in the order messages list them.
    static var attributeKeys: [String] { get }
    /// The keys the node takes beside `type`, `id`, `frame`, `attributes` and the layer keys
    /// (RoundedRect's `motion`); none unless the widget says so.
    static var nodeKeys: [String] { get }
    /// The scripted events the widget takes, with the keys each reads and how it decodes.
    static var events: [WidgetEventType<Event>] { get }

    /// Reads the widget from its frame and its node's `attributes`, set by key over the
    /// widget's defaults. Unknown keys have been reported before this is called; a bad value
    /// throws the error `attributes` makes for its key.
    init(frame: Rect, attributes: SceneAttributes) throws(SceneError)
}

extension Widget {
    /// No keys beside the usual ones.
    public static var nodeKeys: [String] { [] }

    /// Each event's name with the keys it reads beside `at`, `target` and `type`.
    public static var eventKeys: [String: [String]] {
        Dictionary(events.map { ($0.name, $0.keys) }, uniquingKeysWith: { first, _ in first })
    }

    /// The event called `name`: the keys it reads beside `at`, `target` and `type`, and how it
    /// decodes, type-erased; nil when the widget takes no such event.
    package static func event(named name: String) -> (keys: [String], decode: (SceneAttributes) throws(SceneError) -> WidgetEvent)? {
        guard let type = events.first(where: { $0.name == name }) else { return nil }
        return (type.keys, { values throws(SceneError) in WidgetEvent(try type.decode(values)) })
    }
}

extension Widget where Event == Never {
    /// No events.
    public static var events: [WidgetEventType<Never>] { [] }
}

/// One scripted event a widget takes: its name (the event's `type` in a scene file), the keys
/// it reads beside `at`, `target` and `type`, and how it decodes to the widget's `Event`.
///
/// `decode` reads through `SceneAttributes`, whose errors name the event's key
/// (`events[3].duration`). Key-less events decode to a constant: `.init("clear", event: .clear)`.
public struct WidgetEventType<Event: Hashable & Sendable>: Sendable {
    /// The event's `type` in scene files, e.g. `count`.
    public let name: String
    /// The keys the event reads beside `at`, `target` and `type`, in the order messages list them.
    public let keys: [String]
    /// Reads the event from its JSON object.
    public let decode: @Sendable (SceneAttributes) throws(SceneError) -> Event

    /// An event called `name` reading `keys` with `decode`.
    public init(_ name: String, keys: [String] = [], decode: @escaping @Sendable (SceneAttributes) throws(SceneError) -> Event) {
        self.name = name
        self.keys = keys
        self.decode = decode
    }

    /// An event called `name` that takes no keys and is always `event`.
    public init(_ name: String, event: Event) {
        self.init(name) { _ throws(SceneError) in event }
    }
}
