import CadenceAnimation
import CadenceDraw
import CadenceText

/// A widget: a rectangle with behaviour that scene files name by type, read from a node's
/// `attributes`, drive with scripted events, and draw at any time.
///
/// Everything Cadence knows about a widget comes through this protocol, so adding one is one
/// conforming type (and its place in a `WidgetRegistry`): the scene reader takes its type name,
/// attribute keys, events and decoding from here; `Node` places it, applies its events and draws
/// it through here.
///
/// Rules every widget keeps:
/// - it is a value; what it shows at `t` is a function of `t` and of the events applied to it
///   (each recorded with its time), never of frames drawn before;
/// - its events are applied once each, in time order, when the scene is made;
/// - it draws inside `frame`, in its parent's coordinates.
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
///     func draw(at time: Double, context: WidgetDrawContext, into list: inout DisplayList) {
///         list.roundedRect(RoundedRect(rect: frame, cornerRadius: frame.width / 2, fill: color))
///     }
/// }
/// ```
public protocol Widget: Sendable {
    /// What one of the widget's events decodes to; `Never` for a widget that takes none.
    associatedtype Event: Hashable & Sendable = Never

    /// The node type as scene files name it, e.g. `CountingLabel`.
    static var typeName: String { get }
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

    /// Where the widget draws, in its parent's coordinates.
    var frame: Rect { get set }
    /// Every image source the widget will draw, for prefetching; none unless it says so.
    var imageSources: [String] { get }

    /// Records `event` as happening at `time`.
    mutating func apply(_ event: Event, at time: Double)
    /// Records `event` as happening at `time`, with the scene's shared image cache (events arrive
    /// in time order). Widgets that load no images take the default, which calls
    /// `apply(_:at:)` and leaves the store alone.
    mutating func apply(_ event: Event, at time: Double, imageCache: inout ImageCache)

    /// Draws what the widget shows at `time` into `list`.
    func draw(at time: Double, context: WidgetDrawContext, into list: inout DisplayList) throws(TextError)

    /// The values the widget animates, by name, as they are at `time` (`cadence check fps`
    /// compares them between frame rates); none unless the widget says so.
    func animatedValues(at time: Double) -> [String: [Double]]
    /// The widget's own moments under `motion` (a bounce started, a count finished…), each with
    /// its time, in time order; `node` is left empty for the scene to fill. None unless the
    /// widget says so.
    func traceEvents(motion: MotionSetting) -> [TraceEvent]
}

extension Widget {
    /// No keys beside the usual ones.
    public static var nodeKeys: [String] { [] }

    /// No images.
    public var imageSources: [String] { [] }

    /// No values of its own: its drawing is all there is to compare.
    public func animatedValues(at time: Double) -> [String: [Double]] { [:] }
    /// No events of its own.
    public func traceEvents(motion: MotionSetting) -> [TraceEvent] { [] }

    /// Each event's name with the keys it reads beside `at`, `target` and `type`.
    public static var eventKeys: [String: [String]] {
        Dictionary(events.map { ($0.name, $0.keys) }, uniquingKeysWith: { first, _ in first })
    }

    /// Applies `event` if it is one of this widget's; another widget's event is ignored (the
    /// scene reader refuses those before they get here).
    mutating func apply(widgetEvent event: WidgetEvent, at time: Double, imageCache: inout ImageCache) {
        guard let event = event.value(as: Event.self) else { return }
        apply(event, at: time, imageCache: &imageCache)
    }

    /// Applies `event` with `apply(_:at:)`: the widget shares nothing with the scene.
    public mutating func apply(_ event: Event, at time: Double, imageCache: inout ImageCache) {
        apply(event, at: time)
    }

    /// The event called `name`: the keys it reads beside `at`, `target` and `type`, and how it
    /// decodes, type-erased; nil when the widget takes no such event.
    static func event(named name: String) -> (keys: [String], decode: (SceneAttributes) throws(SceneError) -> WidgetEvent)? {
        guard let type = events.first(where: { $0.name == name }) else { return nil }
        return (type.keys, { values throws(SceneError) in WidgetEvent(try type.decode(values)) })
    }
}

extension Widget where Event == Never {
    /// No events.
    public static var events: [WidgetEventType<Never>] { [] }

    /// Nothing to apply: a widget without events is never sent one.
    public mutating func apply(_ event: Never, at time: Double) {}
}

/// What drawing a widget needs besides the widget: fonts for text and images by source.
public struct WidgetDrawContext: Sendable {
    /// Where text is shaped and laid out.
    public var fonts: FontLibrary
    /// Where images come from, by source (`builtin:NAME` or a path).
    public var images: any ImageProvider
    /// The scene's motion profile and the node's `reducedMotion` rule: a widget asks
    /// `motion.rule(default:)` with its own default rule and draws accordingly (one that does
    /// not ask moves under every profile).
    public var motion: MotionSetting

    /// A context drawing text with `fonts` and images from `images`, under `motion`.
    public init(fonts: FontLibrary, images: any ImageProvider, motion: MotionSetting = .full) {
        self.fonts = fonts
        self.images = images
        self.motion = motion
    }
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

/// A widget's decoded event, its type erased so that `SceneEvent.Action` can hold any widget's.
///
/// Two are equal when they hold equal values of the same type.
public struct WidgetEvent: Sendable, Hashable, CustomStringConvertible {
    /// The widget's own event value.
    public let value: any Hashable & Sendable

    /// Wraps one of a widget's events.
    public init(_ value: some Hashable & Sendable) {
        self.value = value
    }

    /// The value if it is an `Event`, otherwise nil.
    public func value<Event>(as type: Event.Type) -> Event? {
        value as? Event
    }

    public static func == (lhs: WidgetEvent, rhs: WidgetEvent) -> Bool {
        lhs.value.isEqual(to: rhs.value)
    }

    public func hash(into hasher: inout Hasher) {
        value.hash(into: &hasher)
    }

    /// The wrapped value as Swift prints it, e.g. `count(from: 0.0, to: 1.0, duration: nil)`.
    public var description: String {
        String(describing: value)
    }
}

extension Hashable {
    /// Whether `other` is a value of this type equal to this one.
    fileprivate func isEqual(to other: any Hashable) -> Bool {
        (other as? Self) == self
    }
}
