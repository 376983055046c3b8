import CadenceAnimation
import CadenceDraw
import CadenceLayers

extension ActivityIndicator: Widget {
    /// What an activity indicator's scripted events do.
    public enum Event: Sendable, Hashable {
        /// `startAnimating(at:)`.
        case startAnimating
        /// `stopAnimating(at:)`.
        case stopAnimating
    }

    /// The node type as scene files name it.
    public static let typeName = "ActivityIndicator"
    /// The keys the node's `attributes` take, in the order messages list them.
    public static let attributeKeys = ["look", "style", "appearance", "color", "hidesWhenStopped", "centerOffset"]
    /// `startAnimating` and `stopAnimating`.
    public static let events: [WidgetEventType<Event>] = [
        WidgetEventType("startAnimating", event: .startAnimating),
        WidgetEventType("stopAnimating", event: .stopAnimating),
    ]

    /// Reads the indicator: look, style, appearance, colour, hiding and offset.
    public init(frame: Rect, attributes: SceneAttributes) throws(SceneError) {
        self.init(frame: frame)
        if let text = try attributes.string("look") {
            guard let look = Look(rawValue: text) else { throw attributes.error("must be modern or classic\(Spelling.suggestion(for: text, among: Look.allCases.map(\.rawValue)))", key: "look") }
            self.look = look
        }
        if let text = try attributes.string("style") {
            guard let style = Style(rawValue: text) else { throw attributes.error("must be medium or large\(Spelling.suggestion(for: text, among: Style.allCases.map(\.rawValue)))", key: "style") }
            self.style = style
        }
        if let text = try attributes.string("appearance") {
            guard let appearance = Appearance(rawValue: text) else { throw attributes.error("must be light or dark\(Spelling.suggestion(for: text, among: Appearance.allCases.map(\.rawValue)))", key: "appearance") }
            self.appearance = appearance
        }
        color = try attributes.color("color")
        if let hides = try attributes.bool("hidesWhenStopped") { hidesWhenStopped = hides }
        if let offset = try attributes.numbers("centerOffset", count: 2) {
            centerOffset = Point(x: offset[0], y: offset[1])
        }
    }

    /// Records `event` as happening at `time`.
    public mutating func apply(_ event: Event, at time: Double) {
        switch event {
        case .startAnimating: startAnimating(at: time)
        case .stopAnimating: stopAnimating(at: time)
        }
    }

    /// Draws what the widget shows at `time`: its own drawing, with the context's fonts and images.
    public func draw(at time: Double, context: DrawContext, into list: inout DisplayList) {
        draw(at: time, motion: context.motion, into: &list)
    }
}

extension ActivityIndicator {
    /// Whether it spins at `time` (1 or 0) and the tick at the head, as `animating` and `headTick`.
    public func animatedValues(at time: Double) -> [String: [Double]] {
        ["animating": [isAnimating(at: time) ? 1 : 0], "headTick": [Double(headTick(at: time))]]
    }
}
