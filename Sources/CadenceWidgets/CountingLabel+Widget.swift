import CadenceAnimation
import CadenceDraw
import CadenceLayers

extension CountingLabel: Widget {
    /// What a counting label's scripted events do.
    public enum Event: Sendable, Hashable {
        /// `count(from:to:duration:at:)`.
        case count(from: Double, to: Double, duration: Double?)
        /// `countFromCurrentValue(to:duration:at:)`.
        case countFromCurrentValue(to: Double, duration: Double?)
        /// `countFromZero(to:duration:at:)`.
        case countFromZero(to: Double, duration: Double?)
        /// `stop(at:)`.
        case stopCounting
    }

    /// The node type as scene files name it.
    public static let typeName = "CountingLabel"
    /// `quirks` beside the usual node keys.
    public static var nodeKeys: [String] { ["quirks"] }
    /// The keys the node's `attributes` take, in the order messages list them.
    public static let attributeKeys = [
        "font", "textColor", "alignment", "format", "grouping", "locale", "fractionDigits", "currency",
        "method", "rate", "animationDuration", "preferredFramesPerSecond", "shadowColor", "shadowOffset",
    ]
    /// `count` (`from`, `to`, `duration`), `countFromCurrentValue` and `countFromZero` (`to`,
    /// `duration`), `stopCounting`; without `duration`, a count takes `animationDuration`.
    public static let events: [WidgetEventType<Event>] = [
        WidgetEventType("count", keys: ["from", "to", "duration"]) { event throws(SceneError) in
            let duration = try countDuration(event)
            return .count(from: try required("from", in: event), to: try required("to", in: event), duration: duration)
        },
        WidgetEventType("countFromCurrentValue", keys: ["to", "duration"]) { event throws(SceneError) in
            let duration = try countDuration(event)
            return .countFromCurrentValue(to: try required("to", in: event), duration: duration)
        },
        WidgetEventType("countFromZero", keys: ["to", "duration"]) { event throws(SceneError) in
            let duration = try countDuration(event)
            return .countFromZero(to: try required("to", in: event), duration: duration)
        },
        WidgetEventType("stopCounting", event: .stopCounting),
    ]

    /// Reads the label: number format, counting method and timing, text style, then the awake
    /// step's shadow.
    public init(frame: Rect, attributes: SceneAttributes) throws(SceneError) {
        self.init(frame: frame, font: try attributes.fontOrDefault())
        if let color = try attributes.color("textColor") { textColor = color }
        if let alignment = try attributes.alignment() { self.alignment = alignment }
        if let text = try attributes.string("format") {
            do {
                format = .printf(try PrintfFormat(text))
            } catch {
                throw attributes.error(error.description, key: "format")
            }
        }
        let locale = try attributes.string("locale") ?? "en_US"
        guard KnownNames.locales.contains(locale) else {
            let nearest = nearestNames(to: locale, in: Array(KnownNames.locales))
            throw attributes.error("'\(locale)' is not a known locale (nearest: \(nearest.joined(separator: ", ")))", key: "locale")
        }
        if try attributes.bool("grouping") == true {
            let digits = try attributes.number("fractionDigits") ?? 0
            guard digits >= 0, digits <= 15, digits == digits.rounded() else {
                throw attributes.error("must be a whole number from 0 to 15", key: "fractionDigits")
            }
            format = .decimal(locale: locale, fractionDigits: Int(digits))
        }
        if let code = try attributes.string("currency") {
            guard KnownNames.currencies.contains(code.uppercased()) else {
                let nearest = nearestNames(to: code.uppercased(), in: Array(KnownNames.currencies))
                throw attributes.error("'\(code)' is not an ISO 4217 currency code (nearest: \(nearest.joined(separator: ", ")))", key: "currency")
            }
            format = .currency(code: code.uppercased(), locale: locale)
        }
        if let text = try attributes.string("method") {
            let methods: [String: CountingLabel.Method] = [
                "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInOut": .easeInOut,
                "easeInBounce": .easeInBounce, "easeOutBounce": .easeOutBounce,
            ]
            if let method = methods[text] {
                self.method = method
            } else if case .curve(let curve)? = try? CurveSpec.parse(text) {
                method = .curve(curve)
            } else {
                throw attributes.error(
                    "'\(text)' is not a counting method (linear, easeIn, easeOut, easeInOut, easeInBounce, easeOutBounce, or a curve of `cadence curve`)",
                    key: "method"
                )
            }
        }
        if let rate = try attributes.number("rate") {
            guard rate > 0 else { throw attributes.error("must be above 0", key: "rate") }
            self.rate = rate
        }
        if let duration = try attributes.number("animationDuration") {
            guard duration >= 0 else { throw attributes.error("must not be negative", key: "animationDuration") }
            animationDuration = duration
        }
        if let rate = try attributes.number("preferredFramesPerSecond") {
            guard rate >= 0, rate == rate.rounded(), rate <= 1000 else {
                throw attributes.error("must be a whole number from 0 to 1000", key: "preferredFramesPerSecond")
            }
            preferredFramesPerSecond = Int(rate)
        }
        shadow = try attributes.awakeShadow()
        quirks = try attributes.quirks()
    }

    /// Records `event` as happening at `time`.
    public mutating func apply(_ event: Event, at time: Double) {
        switch event {
        case .count(let from, let to, let duration): count(from: from, to: to, duration: duration, at: time)
        case .countFromCurrentValue(let to, let duration): countFromCurrentValue(to: to, duration: duration, at: time)
        case .countFromZero(let to, let duration): countFromZero(to: to, duration: duration, at: time)
        case .stopCounting: stop(at: time)
        }
    }

    /// Draws what the widget shows at `time`: its own drawing, with the context's fonts and images.
    public func draw(at time: Double, context: DrawContext, into list: inout DisplayList) throws(TextError) {
        try draw(at: time, fonts: context.fonts, motion: context.motion, into: &list)
    }

    /// A count's `duration`, not negative when given.
    private static func countDuration(_ event: SceneAttributes) throws(SceneError) -> Double? {
        let duration = try event.number("duration")
        if let duration, duration < 0 { throw event.error("must not be negative", key: "duration") }
        return duration
    }

    /// A number the event must have.
    private static func required(_ key: String, in event: SceneAttributes) throws(SceneError) -> Double {
        guard let value = try event.number(key) else { throw event.error("missing", key: key) }
        return value
    }
}

extension CountingLabel {
    /// The number shown at `time` (after updates and quirks), as `value`.
    public func animatedValues(at time: Double) -> [String: [Double]] {
        ["value": [shownValue(at: time)]]
    }
}
