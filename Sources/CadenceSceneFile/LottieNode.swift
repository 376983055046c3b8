import CadenceAnimation
import CadenceDraw
import CadenceLayers
import CadenceLottie
import CadenceWidgets

/// A scene file's `Lottie` node: a Lottie animation played in the node's frame, as lottie-ios's
/// `LottieAnimationView`.
///
/// ```json
/// {"type": "Lottie", "id": "confetti", "frame": [0, 0, 200, 200],
///  "attributes": {"src": "confetti.json", "loopMode": "loop", "speed": 1.5, "beginTime": 0.5,
///                 "fromMarker": "burst"}}
/// ```
///
/// - `src` (required): a Lottie file (`.json`, `.tgs` or `.lottie`: `LottieFile`), relative to the
///   scene file. Its image files are read from inside its own folder only
///   (`LottieAssets.besideFile`); others are left out with a warning.
/// - `loopMode`: `playOnce` (default), `loop`, `autoReverse` or `repeat:N`.
/// - `speed` (0 … 1000, default 1; 0 holds the first frame), `beginTime` (seconds, default 0).
/// - `fromFrame` / `toFrame` (composition frames) or `fromMarker` / `toMarker` (a marker's first
///   frame; `toMarker` its last): the part played, the whole by default.
/// - `autoPlay` (default true): false waits for a `play` event.
/// - `expressions` (default true): false draws the keyframed values.
/// - `slots`: an object of slot id → value (`LottieSlots`); `theme`: a dotLottie theme's id.
///
/// Events: `play`, `pause`, `seek` (`frame` or `progress`).
///
/// It is a widget: inside a layer's `content` it moves and fades with the layer.
public struct LottieNode: Widget {
    public static let typeName = "Lottie"
    public static let attributeKeys = [
        "src", "contentMode", "loopMode", "speed", "beginTime", "autoPlay", "fromFrame", "toFrame", "fromMarker", "toMarker", "valueProviders",
        "expressions", "slots", "theme",
    ]
    public typealias Event = LottieView.PlaybackAction

    /// `play`, `pause`, and `seek` to a `frame` (a composition frame), a `progress` (0 … 1 of
    /// the part played) or a `marker` (its first frame), one of the three.
    public static let events: [WidgetEventType<Event>] = [
        WidgetEventType("play", keys: []) { _ throws(SceneError) in .play },
        WidgetEventType("pause", keys: []) { _ throws(SceneError) in .pause },
        WidgetEventType("seek", keys: ["frame", "progress", "marker"]) { event throws(SceneError) in
            switch (try event.number("frame"), try event.number("progress"), try event.string("marker")) {
            case (let frame?, nil, nil):
                guard frame.isFinite, abs(frame) <= 1e9 else { throw event.error("must be a frame within ±10⁹, got \(frame)", key: "frame") }
                return .seek(frame: frame)
            case (nil, let progress?, nil):
                guard (0...1).contains(progress) else { throw event.error("must be from 0 to 1, got \(progress)", key: "progress") }
                return .seekProgress(progress)
            case (nil, nil, let marker?):
                guard !marker.isEmpty else { throw event.error("must name a marker", key: "marker") }
                return .seekMarker(marker)
            default:
                throw event.error("give one of frame, progress or marker", key: "frame")
            }
        },
    ]

    /// The view that plays the animation.
    public var view: LottieView

    public var frame: Rect {
        get { view.frame }
        set { view.frame = newValue }
    }

    public var imageSources: [String] { view.imageSources }

    public init(frame: Rect, attributes: SceneAttributes) throws(SceneError) {
        guard let source = try attributes.string("src") else { throw attributes.error("missing: the Lottie file to play", key: "src") }
        let path = attributes.resolve(source)
        var slots = LottieSlots()
        if let given = attributes["slots"] {
            guard case .object(let values) = given else { throw attributes.error("must be an object of slot id → value", key: "slots") }
            slots = LottieSlots(values)
        }
        let expressions = try attributes.bool("expressions") ?? true, theme = try attributes.string("theme")
        let animation: LottieAnimation
        do {
            animation = try LottieFile.open(path, expressions: expressions, slots: slots, theme: theme)
        } catch {
            throw attributes.error("\(error.description)", key: "src")
        }
        // Images left out for where their files are: the scene's warnings say which.
        for refused in animation.refusedImages { attributes.log.warnings.append(attributes.error(refused.description, key: "src")) }
        var view = LottieView(animation: animation, frame: frame)
        if let text = try attributes.string("contentMode") {
            guard let mode = LottieView.ContentMode(rawValue: text) else {
                let names = LottieView.ContentMode.allCases.map(\.rawValue)
                throw attributes.error("must be one of \(names.joined(separator: ", ")), got \"\(text)\"\(Spelling.suggestion(for: text, among: names))", key: "contentMode")
            }
            view.contentMode = mode
        }
        if let text = try attributes.string("loopMode") {
            switch text {
            case "playOnce": view.loopMode = .playOnce
            case "loop": view.loopMode = .loop
            case "autoReverse": view.loopMode = .autoReverse
            default:
                guard text.hasPrefix("repeat:"), let count = Double(text.dropFirst("repeat:".count)), count.isFinite, count >= 0, count <= 1e6 else {
                    throw attributes.error("must be playOnce, loop, autoReverse or repeat:N (N from 0 to 10⁶), got \"\(text)\"\(Spelling.suggestion(for: text, among: ["playOnce", "loop", "autoReverse"]))", key: "loopMode")
                }
                view.loopMode = .repeat(count)
            }
        }
        if let speed = try attributes.number("speed") {
            guard speed.isFinite, speed >= 0, speed <= 1000 else { throw attributes.error("must be 0 ... 1000, got \(speed)", key: "speed") }
            view.speed = speed
        }
        if let autoPlay = try attributes.bool("autoPlay") { view.autoPlay = autoPlay }
        if let begin = try attributes.number("beginTime") {
            guard begin.isFinite, abs(begin) <= 1e7 else { throw attributes.error("must be seconds within ±10⁷, got \(begin)", key: "beginTime") }
            view.beginTime = begin
        }
        func marker(_ key: String) throws(SceneError) -> LottieMarker? {
            guard let name = try attributes.string(key) else { return nil }
            guard let found = animation.markers.first(where: { $0.name == name }) else {
                let names = animation.markers.map { "\"\($0.name)\"" }.joined(separator: ", ")
                throw attributes.error("\(source) has no marker \"\(name)\" (\(names.isEmpty ? "it has none" : "it has \(names)"))", key: key)
            }
            return found
        }
        func frameNumber(_ key: String) throws(SceneError) -> Double? {
            guard let value = try attributes.number(key) else { return nil }
            guard value.isFinite, value >= animation.inPoint, value <= animation.outPoint else {
                throw attributes.error("must be a frame from \(animation.inPoint) to \(animation.outPoint), got \(value)", key: key)
            }
            return value
        }
        if let from = try frameNumber("fromFrame") {
            view.fromFrame = from
        } else if let start = try marker("fromMarker") {
            view.fromFrame = start.frame
        }
        if let to = try frameNumber("toFrame") { view.toFrame = to }
        if let end = try marker("toMarker") { view.toFrame = end.frame + max(end.duration, 1) }
        if let providers = attributes["valueProviders"] {
            view.valueProviders = try Self.valueProviders(providers, animation: animation, source: source, attributes: attributes)
        }
        guard view.toFrame > view.fromFrame else {
            throw attributes.error("the part played must end after it starts (frames \(view.fromFrame) to \(view.toFrame))", key: "toFrame")
        }
        self.view = view
    }

    /// `valueProviders`: key paths to values, as `LottieValueProviders` reads them — a colour as
    /// `#RRGGBB` (or `#RRGGBBAA`) or [r, g, b(, a)] from 0 to 1, a number, or a point [x, y]. Each
    /// key path must match a property of the file; sorted, so the last of several matching one
    /// property is the same however the file orders its keys.
    static func valueProviders(
        _ value: JSONValue, animation: LottieAnimation, source: String, attributes: SceneAttributes
    ) throws(SceneError) -> LottieValueProviders {
        guard case .object(let object) = value else { throw attributes.error("must be an object of key paths and values", key: "valueProviders") }
        var providers = LottieValueProviders()
        for (keyPath, entry) in object.sorted(by: { $0.key < $1.key }) {
            let key = "valueProviders.\(keyPath)"
            let property = keyPath.split(separator: ".").last.map(String.init) ?? ""
            let provided: LottieValueProviders.Value
            switch entry {
            case .number(let number):
                provided = .number(number)
            case .string(let text):
                guard property == "Color", let color = Color(hex: text) else {
                    throw attributes.error("must be \(property == "Color" ? "a colour such as \"#FF3B30\"" : "a number or [x, y]"), got \"\(text)\"", key: key)
                }
                provided = .color(color)
            case .array(let items):
                let numbers = items.compactMap { if case .number(let number) = $0 { return number } else { return nil } }
                guard numbers.count == items.count else { throw attributes.error("must be a list of numbers", key: key) }
                if property == "Color" {
                    guard numbers.count == 3 || numbers.count == 4, numbers.allSatisfy({ (0...1).contains($0) }) else {
                        throw attributes.error("must be [r, g, b] or [r, g, b, a], each from 0 to 1", key: key)
                    }
                    provided = .color(Color(red: numbers[0], green: numbers[1], blue: numbers[2], alpha: numbers.count == 4 ? numbers[3] : 1))
                } else {
                    guard numbers.count == 2 else { throw attributes.error("must be a number or a point [x, y]", key: key) }
                    provided = .point(x: numbers[0], y: numbers[1])
                }
            default:
                throw attributes.error("must be a colour, a number or a point [x, y]", key: key)
            }
            do {
                try providers.set(provided, for: keyPath)
            } catch {
                throw attributes.error(error.message, key: key)
            }
            guard animation.hasKeyPath(matching: keyPath) else {
                let examples = animation.keyPaths.prefix(3).map { "\"\($0.joined(separator: "."))\"" }.joined(separator: ", ")
                throw attributes.error("matches nothing in \(source)\(examples.isEmpty ? "" : " (its key paths look like \(examples))")", key: key)
            }
        }
        return providers
    }

    public mutating func apply(_ event: Event, at time: Double) {
        view.apply(event, at: time)
    }

    public func draw(at time: Double, context: DrawContext, into list: inout DisplayList) throws(TextError) {
        try view.draw(at: time, context: context, into: &list)
    }
}

extension WidgetRegistry {
    /// Cadence's widgets and the `Lottie` node: what scene files may name (the default of
    /// `SceneFile.load`, `parse` and `events`).
    public static let sceneFiles = WidgetRegistry.standard.adding(LottieNode.self)
}
