import CadenceAnimation
import CadenceDraw

/// What the layer model needs of a widget: where it draws, how it takes its events, and how it
/// draws at any time. `Widget` (CadenceWidgets) adds how a scene file names and reads one; a
/// layer holds any `WidgetContent`, so the model knows no widget and no file format.
///
/// Rules every widget keeps:
/// - it is a value; what it shows at `t` is a function of `t` and of the events applied to it
///   (each recorded with its time), never of frames drawn before;
/// - its events are applied once each, in time order, when the scene is made;
/// - it draws inside `frame`, in its parent's coordinates.
public protocol WidgetContent: Sendable {
    /// What one of the widget's events decodes to; `Never` for a widget that takes none.
    associatedtype Event: Hashable & Sendable = Never

    /// The node type as scene files name it, e.g. `CountingLabel`.
    static var typeName: String { get }

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
    func draw(at time: Double, context: DrawContext, into list: inout DisplayList) throws(TextError)
    /// Whether the widget draws mapped by `context.fit` itself (a scene fitted to a frame of
    /// another size), so that its commands need not be fitted one by one after it draws. False
    /// unless the widget says so.
    var drawsFitted: Bool { get }

    /// The values the widget animates, by name, as they are at `time` (`cadence check fps`
    /// compares them between frame rates); none unless the widget says so.
    func animatedValues(at time: Double) -> [String: [Double]]
    /// The widget's own moments under `motion` (a bounce started, a count finished…), each with
    /// its time, in time order; `node` is left empty for the scene to fill. None unless the
    /// widget says so.
    func traceEvents(motion: MotionSetting) -> [TraceEvent]
    /// When the widget's last finite movement under `motion` ends, in scene seconds (0 when it
    /// has none): a scene that does not say how long it is renders until its nodes' latest end
    /// (`Scene.naturalDuration`). By default the time of its latest trace event.
    func activeEnd(motion: MotionSetting) -> Double
}

extension WidgetContent {
    /// No images.
    public var imageSources: [String] { [] }
    /// The scene fits what the widget draws.
    public var drawsFitted: Bool { false }

    /// No values of its own: its drawing is all there is to compare.
    public func animatedValues(at time: Double) -> [String: [Double]] { [:] }
    /// No events of its own.
    public func traceEvents(motion: MotionSetting) -> [TraceEvent] { [] }
    /// The time of the latest of its trace events, or 0.
    public func activeEnd(motion: MotionSetting) -> Double {
        traceEvents(motion: motion).reduce(0) { $1.time.isFinite ? max($0, $1.time) : $0 }
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

    /// Whether `event` is one of this widget's.
    public func takes(_ event: WidgetEvent) -> Bool {
        event.value(as: Event.self) != nil
    }
}

extension WidgetContent where Event == Never {
    /// Nothing to apply: a widget without events is never sent one.
    public mutating func apply(_ event: Never, at time: Double) {}
}

/// What drawing needs besides what is drawn: fonts for text, images by source, the motion
/// setting, and the scale and fit of the frame. The one draw context: `Scene.displayList(at:size:in:)`
/// takes it, and each widget is drawn with it (its motion, scale and fit set for the widget).
public struct DrawContext: Sendable {
    /// Where text is shaped and laid out (`CadenceText`'s `FontLibrary`, or any other engine).
    public var fonts: any TextLayoutEngine
    /// Where images come from, by source (`builtin:NAME` or a path).
    public var images: any ImageProvider
    /// The scene's motion profile and the node's `reducedMotion` rule: a widget asks
    /// `motion.rule(default:)` with its own default rule and draws accordingly (one that does
    /// not ask moves under every profile).
    public var motion: MotionSetting
    /// How many of the frame's pixels one unit of the widget's coordinates covers (a scene
    /// fitted to a larger frame, a scaled layer): widgets that flatten curves use it to flatten
    /// finely enough. 1 unless told.
    public var pixelScale: Double
    /// For a widget that `drawsFitted`, the fit its commands are to be drawn mapped by (a scale
    /// and an offset into the frame; `pixelScale` is its scale then); nil for none.
    public var fit: FrameFit?

    /// A context drawing text with `fonts` and images from `images` (none unless told: image
    /// views keep their placeholders), under `motion`.
    public init(fonts: any TextLayoutEngine, images: any ImageProvider = NoImages(), motion: MotionSetting = .full, pixelScale: Double = 1) {
        self.fonts = fonts
        self.images = images
        self.motion = motion
        self.pixelScale = pixelScale
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
