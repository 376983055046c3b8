import CadenceAnimation
import CadenceDraw
import CadenceText
import Foundation

/// A problem in a scene file, naming the file and, where it applies, the node and key.
public struct SceneError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var node: String?
    public var key: String?
    public var message: String

    public init(file: String, node: String? = nil, key: String? = nil, message: String) {
        self.file = file
        self.node = node
        self.key = key
        self.message = message
    }

    public var description: String {
        var place = file
        if let node { place += ": node '\(node)'" }
        if let key { place += ": key '\(key)'" }
        return "\(place): \(message)"
    }
}

/// Reads scene files (JSON).
///
/// ```json
/// {"name": "pills", "size": [640, 360], "background": "#FFFFFF",
///  "nodes": [{"type": "RoundedRect", "id": "a", "frame": [20, 20, 200, 80],
///             "attributes": {"cornerRadius": 40, "fill": "#007AFF"},
///             "motion": {"by": [300, 0], "duration": 1, "autoreverses": true, "repeats": true}}]}
/// ```
///
/// Like Interface Builder's runtime attributes, `attributes` are set by key after the node's
/// defaults, then an awake step applies derived state (a text shadow from `shadowColor` +
/// `shadowOffset`). An unknown key anywhere is a warning (file, node, key) — or an error when
/// `strict`. `events` script the nodes: `{"at": 0.5, "target": "score", "type": "count", …}`.
public enum SceneFile {
    /// The attribute keys a `RoundedRect` node takes.
    public static let roundedRectAttributes = ["cornerRadius", "fill", "stroke", "strokeWidth"]
    /// The attribute keys a `CountingLabel` node takes.
    public static let countingLabelAttributes = [
        "font", "textColor", "alignment", "format", "grouping", "locale", "fractionDigits", "currency",
        "method", "rate", "animationDuration", "preferredFramesPerSecond", "shadowColor", "shadowOffset",
    ]
    /// The attribute keys an `ActivityIndicator` node takes.
    public static let activityIndicatorAttributes = ["look", "style", "appearance", "color", "hidesWhenStopped", "centerOffset"]
    /// The attribute keys a `BouncyPlaceholderField` node takes.
    public static let fieldAttributes = [
        "font", "textColor", "placeholder", "abbreviatedPlaceholder", "alwaysBouncePlaceholder", "placeholderColor",
        "backgroundColor", "borderColor", "borderWidth", "cornerRadius", "horizontalInset", "shadowColor", "shadowOffset",
    ]
    /// The font of text nodes that name none: UIKit's 17-point system size.
    static let defaultFont = try! FontDescriptor(family: "DejaVu Sans", size: 17)
    /// The attribute keys a `PlaceholderTextView` node takes.
    public static let textViewAttributes = [
        "font", "textColor", "alignment", "backgroundColor", "textContainerInset", "lineFragmentPadding",
        "placeholder", "attributedPlaceholder", "placeholderColor", "location", "shadowColor", "shadowOffset",
    ]
    /// The event types, each with the node types it applies to.
    public static let eventTypes: [String: [String]] = [
        "count": ["CountingLabel"], "countFromCurrentValue": ["CountingLabel"], "countFromZero": ["CountingLabel"],
        "stopCounting": ["CountingLabel"], "startAnimating": ["ActivityIndicator"], "stopAnimating": ["ActivityIndicator"],
        "type": ["BouncyPlaceholderField", "PlaceholderTextView"], "deleteBackward": ["BouncyPlaceholderField", "PlaceholderTextView"],
        "clear": ["BouncyPlaceholderField", "PlaceholderTextView"], "focus": ["BouncyPlaceholderField"], "unfocus": ["BouncyPlaceholderField"],
        "loadImage": ["ImageView"], "deleteForward": ["BouncyPlaceholderField"], "moveCaret": ["BouncyPlaceholderField"],
    ]
    /// The attribute keys an `ImageView` node takes.
    public static let imageViewAttributes = [
        "contentMode", "backgroundColor", "placeholder", "indicator", "indicatorImage", "transitionDuration",
        "spinnerLook", "spinnerStyle", "spinnerColor",
    ]

    /// Loads the scene at `path`. Warnings for unknown keys are returned with it, each once.
    public static func load(path: String, strict: Bool = false) throws(SceneError) -> (scene: Scene, warnings: [SceneError]) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SceneError(file: path, message: "cannot read the file (missing or not readable)")
        }
        return try parse(data, file: path, strict: strict)
    }

    /// Reads an events file (`{"events": […]}`, as in scene files) for `scene`'s nodes, in time order.
    public static func events(path: String, for scene: Scene) throws(SceneError) -> [SceneEvent] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SceneError(file: path, message: "cannot read the file (missing or not readable)")
        }
        var reader = Reader(file: path, strict: true)
        return try reader.eventsFile(data, scene: scene)
    }

    /// Parses scene JSON; `file` names the source in messages.
    public static func parse(_ data: Data, file: String, strict: Bool = false) throws(SceneError) -> (scene: Scene, warnings: [SceneError]) {
        var reader = Reader(file: file, strict: strict)
        let scene = try reader.scene(data)
        return (scene, reader.warnings)
    }
}

/// Walks the JSON, collecting warnings.
struct Reader {
    let file: String
    let strict: Bool
    var warnings: [SceneError] = []

    init(file: String, strict: Bool) {
        self.file = file
        self.strict = strict
    }

    func error(_ message: String, node: String? = nil, key: String? = nil) -> SceneError {
        SceneError(file: file, node: node, key: key, message: message)
    }

    mutating func unknown(_ keys: some Sequence<String>, known: [String], node: String?, prefix: String = "") throws(SceneError) {
        for key in keys.sorted() where !known.contains(key) {
            let problem = error("unknown key (known: \(known.joined(separator: ", ")))", node: node, key: prefix + key)
            if strict { throw problem }
            warnings.append(problem)
        }
    }

    mutating func scene(_ data: Data) throws(SceneError) -> Scene {
        let root: JSONValue
        do {
            root = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw self.error("not valid JSON: \(jsonProblem(in: data) ?? describe(error))")
        }
        guard case .object(let object) = root else { throw error("the top level must be a JSON object") }
        try unknown(object.keys, known: ["name", "size", "background", "nodes", "events"], node: nil)

        let defaultName = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        let name = try string(object["name"], key: "name", node: nil) ?? defaultName
        guard let sizeValue = object["size"] else { throw error("missing", key: "size") }
        let size = try numbers(sizeValue, count: 2, key: "size", node: nil)
        guard size[0] >= 1, size[1] >= 1 else { throw error("width and height must be at least 1", key: "size") }
        let background = try color(object["background"], key: "background", node: nil) ?? .white

        var nodes: [Node] = []
        var ids: Set<String> = []
        var list: [JSONValue] = []
        if let value = object["nodes"] {
            guard case .array(let entries) = value else { throw error("must be a list", key: "nodes") }
            list = entries
        }
        for (index, entry) in list.enumerated() {
            let node = try self.node(entry, index: index)
            let nodeIDs = if case .layer(let layer) = node { layer.allLayers.map(\.id) } else { [node.id] }
            for id in nodeIDs {
                guard ids.insert(id).inserted else { throw error("duplicate id", node: id, key: "id") }
            }
            nodes.append(node)
        }
        var scene = Scene(name: name, size: Size(width: size[0], height: size[1]), background: background, nodes: nodes)
        if let value = object["events"] {
            let events = try events(value, scene: scene)
            scene.wrapLayerEventTargets(events)
            scene.apply(events)
        }
        return scene
    }

    /// An `events` list: each event checked, and the list in time order.
    mutating func events(_ value: JSONValue, scene: Scene) throws(SceneError) -> [SceneEvent] {
        guard case .array(let entries) = value else { throw error("must be a list", key: "events") }
        var events: [SceneEvent] = []
        for (index, entry) in entries.enumerated() {
            let event = try self.event(entry, index: index, scene: scene)
            if let previous = events.last, event.at < previous.at {
                throw error("event \(index) at \(event.at) s comes before the event above it (\(previous.at) s): list events in time order",
                            key: "events[\(index)].at")
            }
            events.append(event)
        }
        return events
    }

    mutating func eventsFile(_ data: Data, scene: Scene) throws(SceneError) -> [SceneEvent] {
        let root: JSONValue
        do {
            root = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw self.error("not valid JSON: \(jsonProblem(in: data) ?? describe(error))")
        }
        guard case .object(let object) = root else { throw error("the top level must be a JSON object") }
        try unknown(object.keys, known: ["events"], node: nil)
        guard let value = object["events"] else { throw error("missing", key: "events") }
        return try events(value, scene: scene)
    }

    mutating func event(_ entry: JSONValue, index: Int, scene: Scene) throws(SceneError) -> SceneEvent {
        let path = "events[\(index)]"
        let object = try self.object(entry, key: path, node: nil)
        guard let at = try number(object["at"], key: "\(path).at", node: nil) else { throw error("missing", key: "\(path).at") }
        guard at >= 0 else { throw error("must not be negative", key: "\(path).at") }
        guard let target = try string(object["target"], key: "\(path).target", node: nil) else { throw error("missing", key: "\(path).target") }
        guard let layer = scene.layer(id: target) else {
            throw error("no node has id '\(target)'", key: "\(path).target")
        }
        guard let type = try string(object["type"], key: "\(path).type", node: nil) else { throw error("missing", key: "\(path).type") }
        if SceneFile.layerEventTypes.contains(type) {
            return SceneEvent(at: at, target: target, action: try layerEvent(object, type: type, path: path, layer: layer))
        }
        guard let appliesTo = SceneFile.eventTypes[type] else {
            let known = (Array(SceneFile.eventTypes.keys) + SceneFile.layerEventTypes).sorted()
            throw error("unknown event type '\(type)' (known: \(known.joined(separator: ", ")))", key: "\(path).type")
        }
        guard appliesTo.contains(layer.typeName) else {
            throw error("'\(type)' applies to \(appliesTo.joined(separator: " and ")) nodes; '\(target)' is a \(layer.typeName)", key: "\(path).type")
        }
        let known: [String] = switch type {
        case "count": ["at", "target", "type", "from", "to", "duration"]
        case "countFromCurrentValue", "countFromZero": ["at", "target", "type", "to", "duration"]
        case "type": ["at", "target", "type", "text", "charsPerSecond"]
        case "deleteBackward": ["at", "target", "type", "count", "charsPerSecond"]
        case "loadImage": ["at", "target", "type", "source", "latency", "forceTransition"]
        case "moveCaret": ["at", "target", "type", "to"]
        default: ["at", "target", "type"]
        }
        try unknown(object.keys, known: known, node: nil, prefix: "\(path).")
        func required(_ key: String) throws(SceneError) -> Double {
            guard let value = try number(object[key], key: "\(path).\(key)", node: nil) else { throw error("missing", key: "\(path).\(key)") }
            return value
        }
        let duration = try number(object["duration"], key: "\(path).duration", node: nil)
        if let duration, duration < 0 { throw error("must not be negative", key: "\(path).duration") }
        let rate = try number(object["charsPerSecond"], key: "\(path).charsPerSecond", node: nil)
        if let rate, rate <= 0 { throw error("must be above 0", key: "\(path).charsPerSecond") }
        let action: SceneEvent.Action = switch type {
        case "type":
            .type(try string(object["text"], key: "\(path).text", node: nil) ?? "", charactersPerSecond: rate)
        case "deleteBackward":
            .deleteBackward(count: try wholeNumber(object["count"], key: "\(path).count") ?? 1, charactersPerSecond: rate)
        case "clear": .clear
        case "deleteForward": .deleteForward
        case "moveCaret":
            .moveCaret(try caretMove(object["to"], key: "\(path).to"))
        case "loadImage":
            .loadImage(
                resolve(try string(object["source"], key: "\(path).source", node: nil) ?? ""),
                latency: try nonNegative(object["latency"], key: "\(path).latency") ?? 0,
                forceTransition: try bool(object["forceTransition"], key: "\(path).forceTransition", node: nil) ?? false
            )
        case "focus": .focus
        case "unfocus": .unfocus
        case "count": .count(from: try required("from"), to: try required("to"), duration: duration)
        case "countFromCurrentValue": .countFromCurrentValue(to: try required("to"), duration: duration)
        case "countFromZero": .countFromZero(to: try required("to"), duration: duration)
        case "stopCounting": .stopCounting
        case "startAnimating": .startAnimating
        default: .stopAnimating
        }
        return SceneEvent(at: at, target: target, action: action)
    }

    /// A node: a layer, or a widget. A widget that takes layer keys (or sits in a layer's
    /// sublayers, `depth` above 0) is wrapped in a layer holding it.
    mutating func node(_ entry: JSONValue, index: Int, depth: Int = 0) throws(SceneError) -> Node {
        let fallbackID = "#\(index)"
        guard case .object(let object) = entry else { throw error("a node must be a JSON object", node: fallbackID) }
        let id = try string(object["id"], key: "id", node: fallbackID) ?? fallbackID
        guard let type = try string(object["type"], key: "type", node: id) else { throw error("missing", node: id, key: "type") }
        if SceneFile.layerTypes.contains(type) {
            return .layer(try layer(object, id: id, type: type, depth: depth))
        }
        let node = try widget(object, id: id, type: type)
        guard depth > 0 || object.keys.contains(where: Reader.layerKeys.contains) else { return node }
        var layer = Layer.wrapping(node)
        try layerProperties(object, into: &layer, depth: depth)
        return .layer(layer)
    }

    mutating func widget(_ object: [String: JSONValue], id: String, type: String) throws(SceneError) -> Node {
        guard let frameValue = object["frame"] else { throw error("missing", node: id, key: "frame") }
        let frame = try numbers(frameValue, count: 4, key: "frame", node: id)
        guard frame[2] >= 0, frame[3] >= 0 else { throw error("width and height must not be negative", node: id, key: "frame") }
        let rect = Rect(x: frame[0], y: frame[1], width: frame[2], height: frame[3])
        let attributes = try object["attributes"].map { value throws(SceneError) in try self.object(value, key: "attributes", node: id) } ?? [:]
        let types = ["RoundedRect", "CountingLabel", "ActivityIndicator", "BouncyPlaceholderField", "PlaceholderTextView", "ImageView"]
        if types.contains(type) {
            try unknown(object.keys, known: ["type", "id", "frame", "attributes"] + (type == "RoundedRect" ? ["motion"] : []) + Reader.layerKeys, node: id)
        }
        switch type {
        case "RoundedRect": return .shape(try shape(id: id, frame: rect, attributes: attributes, motion: object["motion"]))
        case "CountingLabel": return .countingLabel(id: id, try countingLabel(id: id, frame: rect, attributes: attributes))
        case "ActivityIndicator": return .activityIndicator(id: id, try activityIndicator(id: id, frame: rect, attributes: attributes))
        case "BouncyPlaceholderField": return .field(id: id, try field(id: id, frame: rect, attributes: attributes))
        case "PlaceholderTextView": return .textView(id: id, try textView(id: id, frame: rect, attributes: attributes))
        case "ImageView": return .imageView(id: id, try imageView(id: id, frame: rect, attributes: attributes))
        default:
            throw error(
                "unknown node type '\(type)' (known: \((SceneFile.layerTypes + types).joined(separator: ", ")))",
                node: id, key: "type"
            )
        }
    }

    mutating func shape(id: String, frame: Rect, attributes: [String: JSONValue], motion: JSONValue?) throws(SceneError) -> ShapeNode {
        var node = ShapeNode(id: id, frame: frame)
        try unknown(attributes.keys, known: SceneFile.roundedRectAttributes, node: id, prefix: "attributes.")
        if let radius = try number(attributes["cornerRadius"], key: "attributes.cornerRadius", node: id) {
            guard radius >= 0 else { throw error("must not be negative", node: id, key: "attributes.cornerRadius") }
            node.cornerRadius = radius
        }
        if let fill = try color(attributes["fill"], key: "attributes.fill", node: id) { node.fill = fill }
        if let stroke = try color(attributes["stroke"], key: "attributes.stroke", node: id) { node.stroke = stroke }
        if let width = try number(attributes["strokeWidth"], key: "attributes.strokeWidth", node: id) {
            guard width >= 0 else { throw error("must not be negative", node: id, key: "attributes.strokeWidth") }
            node.strokeWidth = width
        }
        if let motion {
            node.motion = try self.motion(motion, node: id)
        }
        return node
    }

    mutating func countingLabel(id: String, frame: Rect, attributes: [String: JSONValue]) throws(SceneError) -> CountingLabel {
        try unknown(attributes.keys, known: SceneFile.countingLabelAttributes, node: id, prefix: "attributes.")
        let font = try font(attributes["font"], key: "attributes.font", node: id) ?? SceneFile.defaultFont
        var label = CountingLabel(frame: frame, font: font)
        if let color = try color(attributes["textColor"], key: "attributes.textColor", node: id) { label.textColor = color }
        if let alignment = try alignment(attributes["alignment"], node: id) { label.alignment = alignment }
        if let text = try string(attributes["format"], key: "attributes.format", node: id) {
            do {
                label.format = .printf(try PrintfFormat(text))
            } catch {
                throw self.error(error.description, node: id, key: "attributes.format")
            }
        }
        let locale = try string(attributes["locale"], key: "attributes.locale", node: id) ?? "en_US"
        if try bool(attributes["grouping"], key: "attributes.grouping", node: id) == true {
            let digits = try number(attributes["fractionDigits"], key: "attributes.fractionDigits", node: id) ?? 0
            guard digits >= 0, digits <= 15, digits == digits.rounded() else {
                throw error("must be a whole number from 0 to 15", node: id, key: "attributes.fractionDigits")
            }
            label.format = .decimal(locale: locale, fractionDigits: Int(digits))
        }
        if let code = try string(attributes["currency"], key: "attributes.currency", node: id) {
            guard code.count == 3, code.allSatisfy(\.isLetter) else { throw error("must be an ISO 4217 code such as USD", node: id, key: "attributes.currency") }
            label.format = .currency(code: code.uppercased(), locale: locale)
        }
        if let text = try string(attributes["method"], key: "attributes.method", node: id) {
            let methods: [String: CountingLabel.Method] = [
                "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInOut": .easeInOut,
                "easeInBounce": .easeInBounce, "easeOutBounce": .easeOutBounce,
            ]
            if let method = methods[text] {
                label.method = method
            } else if case .curve(let curve)? = try? CurveSpec.parse(text) {
                label.method = .curve(curve)
            } else {
                throw error("'\(text)' is not a counting method (linear, easeIn, easeOut, easeInOut, easeInBounce, easeOutBounce, or a curve of `cadence curve`)",
                            node: id, key: "attributes.method")
            }
        }
        if let rate = try number(attributes["rate"], key: "attributes.rate", node: id) {
            guard rate > 0 else { throw error("must be above 0", node: id, key: "attributes.rate") }
            label.rate = rate
        }
        if let duration = try number(attributes["animationDuration"], key: "attributes.animationDuration", node: id) {
            guard duration >= 0 else { throw error("must not be negative", node: id, key: "attributes.animationDuration") }
            label.animationDuration = duration
        }
        if let rate = try number(attributes["preferredFramesPerSecond"], key: "attributes.preferredFramesPerSecond", node: id) {
            guard rate >= 0, rate == rate.rounded(), rate <= 1000 else {
                throw error("must be a whole number from 0 to 1000", node: id, key: "attributes.preferredFramesPerSecond")
            }
            label.preferredFramesPerSecond = Int(rate)
        }
        label.shadow = try awakeShadow(attributes, node: id)
        return label
    }

    /// The awake step of text nodes: a shadow derived from `shadowColor` and `shadowOffset`
    /// together (either alone takes UIKit's default for the other: a third-opaque black, (0, −1)).
    func awakeShadow(_ attributes: [String: JSONValue], node id: String) throws(SceneError) -> TextShadow? {
        let shadowColor = try color(attributes["shadowColor"], key: "attributes.shadowColor", node: id)
        let shadowOffset = try attributes["shadowOffset"].map { value throws(SceneError) in
            try numbers(value, count: 2, key: "attributes.shadowOffset", node: id)
        }
        guard shadowColor != nil || shadowOffset != nil else { return nil }
        return TextShadow(
            color: shadowColor ?? Color(red: 0, green: 0, blue: 0, alpha: 1.0 / 3),
            offset: Point(x: shadowOffset?[0] ?? 0, y: shadowOffset?[1] ?? -1)
        )
    }

    func caretMove(_ value: JSONValue?, key: String) throws(SceneError) -> CaretMove {
        guard let text = try string(value, key: key, node: nil) else { throw error("missing", key: key) }
        guard let move = CaretMove(rawValue: text) else { throw error("must be left, right, home or end", key: key) }
        return move
    }

    func nonNegative(_ value: JSONValue?, key: String) throws(SceneError) -> Double? {
        guard let number = try number(value, key: key, node: nil) else { return nil }
        guard number >= 0 else { throw error("must not be negative", key: key) }
        return number
    }

    /// An image source: `builtin:NAME`, an absolute path, or a path relative to the scene file.
    func resolve(_ source: String) -> String {
        if source.hasPrefix("builtin:") || source.hasPrefix("/") { return source }
        return URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent(source).standardizedFileURL.path
    }

    mutating func imageView(id: String, frame: Rect, attributes: [String: JSONValue]) throws(SceneError) -> ImageView {
        try unknown(attributes.keys, known: SceneFile.imageViewAttributes, node: id, prefix: "attributes.")
        var view = ImageView(frame: frame)
        if let text = try string(attributes["contentMode"], key: "attributes.contentMode", node: id) {
            guard let mode = ImageView.ContentMode(rawValue: text) else {
                throw error("must be scaleToFill, scaleAspectFit or scaleAspectFill", node: id, key: "attributes.contentMode")
            }
            view.contentMode = mode
        }
        if let color = try color(attributes["backgroundColor"], key: "attributes.backgroundColor", node: id) { view.backgroundColor = color }
        view.placeholder = try string(attributes["placeholder"], key: "attributes.placeholder", node: id).map(resolve)
        if let text = try string(attributes["indicator"], key: "attributes.indicator", node: id) {
            switch text {
            case "none": view.indicator = .none
            case "activity": view.indicator = .activity
            case "image":
                guard let source = try string(attributes["indicatorImage"], key: "attributes.indicatorImage", node: id) else {
                    throw error("indicator 'image' needs indicatorImage", node: id, key: "attributes.indicatorImage")
                }
                view.indicator = .image(resolve(source))
            default: throw error("must be none, activity or image", node: id, key: "attributes.indicator")
            }
        }
        if let duration = try number(attributes["transitionDuration"], key: "attributes.transitionDuration", node: id) {
            guard duration >= 0 else { throw error("must not be negative", node: id, key: "attributes.transitionDuration") }
            view.transitionDuration = duration
        }
        if let text = try string(attributes["spinnerLook"], key: "attributes.spinnerLook", node: id) {
            guard let look = ActivityIndicator.Look(rawValue: text) else { throw error("must be modern or classic", node: id, key: "attributes.spinnerLook") }
            view.spinner.look = look
        }
        if let text = try string(attributes["spinnerStyle"], key: "attributes.spinnerStyle", node: id) {
            guard let style = ActivityIndicator.Style(rawValue: text) else { throw error("must be medium or large", node: id, key: "attributes.spinnerStyle") }
            view.spinner.style = style
        }
        view.spinner.color = try color(attributes["spinnerColor"], key: "attributes.spinnerColor", node: id)
        return view
    }

    func wholeNumber(_ value: JSONValue?, key: String) throws(SceneError) -> Int? {
        guard let number = try number(value, key: key, node: nil) else { return nil }
        guard number >= 0, number == number.rounded(), number < 1e9 else { throw error("must be a whole number, 0 or more", key: key) }
        return Int(number)
    }

    mutating func field(id: String, frame: Rect, attributes: [String: JSONValue]) throws(SceneError) -> BouncyPlaceholderField {
        try unknown(attributes.keys, known: SceneFile.fieldAttributes, node: id, prefix: "attributes.")
        let font = try font(attributes["font"], key: "attributes.font", node: id) ?? SceneFile.defaultFont
        var field = BouncyPlaceholderField(frame: frame, font: font)
        if let color = try color(attributes["textColor"], key: "attributes.textColor", node: id) { field.textColor = color }
        if let text = try string(attributes["placeholder"], key: "attributes.placeholder", node: id) { field.placeholder = text }
        field.abbreviatedPlaceholder = try string(attributes["abbreviatedPlaceholder"], key: "attributes.abbreviatedPlaceholder", node: id)
        if let bounce = try bool(attributes["alwaysBouncePlaceholder"], key: "attributes.alwaysBouncePlaceholder", node: id) {
            field.alwaysBouncePlaceholder = bounce
        }
        if let color = try color(attributes["placeholderColor"], key: "attributes.placeholderColor", node: id) { field.placeholderColor = color }
        if let color = try color(attributes["backgroundColor"], key: "attributes.backgroundColor", node: id) { field.backgroundColor = color }
        if let color = try color(attributes["borderColor"], key: "attributes.borderColor", node: id) { field.borderColor = color }
        for (key, path) in [("borderWidth", \BouncyPlaceholderField.borderWidth), ("cornerRadius", \.cornerRadius), ("horizontalInset", \.horizontalInset)] {
            if let value = try number(attributes[key], key: "attributes.\(key)", node: id) {
                guard value >= 0 else { throw error("must not be negative", node: id, key: "attributes.\(key)") }
                field[keyPath: path] = value
            }
        }
        field.shadow = try awakeShadow(attributes, node: id)
        return field
    }

    func alignment(_ value: JSONValue?, node id: String) throws(SceneError) -> TextAlignment? {
        guard let text = try string(value, key: "attributes.alignment", node: id) else { return nil }
        guard let alignment = TextAlignment(rawValue: text) else { throw error("must be left, center or right", node: id, key: "attributes.alignment") }
        return alignment
    }

    func font(_ value: JSONValue?, key: String, node id: String) throws(SceneError) -> FontDescriptor? {
        guard let text = try string(value, key: key, node: id) else { return nil }
        do {
            return try FontDescriptor(parsing: text)
        } catch {
            throw self.error(error.description, node: id, key: key)
        }
    }

    mutating func textView(id: String, frame: Rect, attributes: [String: JSONValue]) throws(SceneError) -> PlaceholderTextView {
        try unknown(attributes.keys, known: SceneFile.textViewAttributes, node: id, prefix: "attributes.")
        var view = PlaceholderTextView(frame: frame, font: try font(attributes["font"], key: "attributes.font", node: id) ?? SceneFile.defaultFont)
        if let color = try color(attributes["textColor"], key: "attributes.textColor", node: id) { view.textColor = color }
        if let alignment = try alignment(attributes["alignment"], node: id) { view.alignment = alignment }
        if let color = try color(attributes["backgroundColor"], key: "attributes.backgroundColor", node: id) { view.backgroundColor = color }
        if let value = attributes["textContainerInset"] {
            let inset = try numbers(value, count: 4, key: "attributes.textContainerInset", node: id)
            guard inset.allSatisfy({ $0 >= 0 }) else { throw error("must not be negative", node: id, key: "attributes.textContainerInset") }
            view.textContainerInset = EdgeInsets(top: inset[0], left: inset[1], bottom: inset[2], right: inset[3])
        }
        if let padding = try number(attributes["lineFragmentPadding"], key: "attributes.lineFragmentPadding", node: id) {
            guard padding >= 0 else { throw error("must not be negative", node: id, key: "attributes.lineFragmentPadding") }
            view.lineFragmentPadding = padding
        }
        if let text = try string(attributes["placeholder"], key: "attributes.placeholder", node: id) { view.placeholder = text }
        if let value = attributes["attributedPlaceholder"] {
            guard case .array(let entries) = value else { throw error("must be a list of runs", node: id, key: "attributes.attributedPlaceholder") }
            var runs: [(text: String, font: FontDescriptor?, color: Color?)] = []
            for (index, entry) in entries.enumerated() {
                let key = "attributes.attributedPlaceholder[\(index)]"
                let run = try object(entry, key: key, node: id)
                try unknown(run.keys, known: ["text", "font", "color"], node: id, prefix: key + ".")
                guard let text = try string(run["text"], key: key + ".text", node: id) else { throw error("missing", node: id, key: key + ".text") }
                runs.append((text, try font(run["font"], key: key + ".font", node: id), try color(run["color"], key: key + ".color", node: id)))
            }
            view.attributedPlaceholder = runs
        }
        if let color = try color(attributes["placeholderColor"], key: "attributes.placeholderColor", node: id) { view.placeholderColor = color }
        if let value = attributes["location"] {
            let location = try numbers(value, count: 2, key: "attributes.location", node: id)
            view.location = Point(x: location[0], y: location[1])
        }
        view.shadow = try awakeShadow(attributes, node: id)
        return view
    }

    mutating func activityIndicator(id: String, frame: Rect, attributes: [String: JSONValue]) throws(SceneError) -> ActivityIndicator {
        try unknown(attributes.keys, known: SceneFile.activityIndicatorAttributes, node: id, prefix: "attributes.")
        var indicator = ActivityIndicator(frame: frame)
        if let text = try string(attributes["look"], key: "attributes.look", node: id) {
            guard let look = ActivityIndicator.Look(rawValue: text) else { throw error("must be modern or classic", node: id, key: "attributes.look") }
            indicator.look = look
        }
        if let text = try string(attributes["style"], key: "attributes.style", node: id) {
            guard let style = ActivityIndicator.Style(rawValue: text) else { throw error("must be medium or large", node: id, key: "attributes.style") }
            indicator.style = style
        }
        if let text = try string(attributes["appearance"], key: "attributes.appearance", node: id) {
            guard let appearance = ActivityIndicator.Appearance(rawValue: text) else { throw error("must be light or dark", node: id, key: "attributes.appearance") }
            indicator.appearance = appearance
        }
        indicator.color = try color(attributes["color"], key: "attributes.color", node: id)
        if let hides = try bool(attributes["hidesWhenStopped"], key: "attributes.hidesWhenStopped", node: id) { indicator.hidesWhenStopped = hides }
        if let value = attributes["centerOffset"] {
            let offset = try numbers(value, count: 2, key: "attributes.centerOffset", node: id)
            indicator.centerOffset = Point(x: offset[0], y: offset[1])
        }
        return indicator
    }

    mutating func motion(_ value: JSONValue, node: String) throws(SceneError) -> Motion {
        let object = try self.object(value, key: "motion", node: node)
        try unknown(object.keys, known: ["by", "duration", "delay", "autoreverses", "repeats"], node: node, prefix: "motion.")
        guard let byValue = object["by"] else { throw error("missing", node: node, key: "motion.by") }
        let by = try numbers(byValue, count: 2, key: "motion.by", node: node)
        guard let duration = try number(object["duration"], key: "motion.duration", node: node) else {
            throw error("missing", node: node, key: "motion.duration")
        }
        guard duration >= 0 else { throw error("must not be negative", node: node, key: "motion.duration") }
        let delay = try number(object["delay"], key: "motion.delay", node: node) ?? 0
        guard delay >= 0 else { throw error("must not be negative", node: node, key: "motion.delay") }
        return Motion(
            offset: Point(x: by[0], y: by[1]), duration: duration, delay: delay,
            autoreverses: try bool(object["autoreverses"], key: "motion.autoreverses", node: node) ?? false,
            repeats: try bool(object["repeats"], key: "motion.repeats", node: node) ?? false
        )
    }

    // MARK: Values

    func number(_ value: JSONValue?, key: String, node: String?) throws(SceneError) -> Double? {
        guard let value else { return nil }
        guard case .number(let number) = value else { throw error("must be a number", node: node, key: key) }
        guard number.isFinite else { throw error("must be finite", node: node, key: key) }
        return number
    }

    func numbers(_ value: JSONValue, count: Int, key: String, node: String?) throws(SceneError) -> [Double] {
        guard case .array(let list) = value, list.count == count else {
            throw error("must be a list of \(count) numbers", node: node, key: key)
        }
        var result: [Double] = []
        for item in list {
            guard case .number(let number) = item, number.isFinite else {
                throw error("must be a list of \(count) numbers", node: node, key: key)
            }
            result.append(number)
        }
        return result
    }

    func string(_ value: JSONValue?, key: String, node: String?) throws(SceneError) -> String? {
        guard let value else { return nil }
        guard case .string(let string) = value else { throw error("must be a string", node: node, key: key) }
        return string
    }

    func bool(_ value: JSONValue?, key: String, node: String?) throws(SceneError) -> Bool? {
        guard let value else { return nil }
        guard case .bool(let flag) = value else { throw error("must be true or false", node: node, key: key) }
        return flag
    }

    func object(_ value: JSONValue, key: String, node: String?) throws(SceneError) -> [String: JSONValue] {
        guard case .object(let object) = value else { throw error("must be an object", node: node, key: key) }
        return object
    }

    func color(_ value: JSONValue?, key: String, node: String?) throws(SceneError) -> Color? {
        guard let text = try string(value, key: key, node: node) else { return nil }
        guard let color = Color(hex: text) else {
            throw error("'\(text)' is not a colour (#RGB, #RRGGBB or #RRGGBBAA)", node: node, key: key)
        }
        return color
    }
}

/// The useful part of a decoding error: what was wrong and where.
private func describe(_ error: any Error) -> String {
    switch error as? DecodingError {
    case .dataCorrupted(let context)?:
        let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
        return underlying ?? context.debugDescription
    default:
        return String(describing: error)
    }
}

/// What JSONSerialization says is wrong with `data`, with its position as line and column.
private func jsonProblem(in data: Data) -> String? {
    do {
        _ = try JSONSerialization.jsonObject(with: data)
        return nil
    } catch {
        guard let message = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String else { return nil }
        guard let range = message.range(of: "around character "),
              let offset = Int(message[range.upperBound...].prefix { $0.isNumber })
        else { return message }
        var line = 1
        var column = 1
        for byte in data.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        let what = message[..<range.lowerBound].trimmingCharacters(in: .whitespaces).lowercased()
        return "line \(line), column \(column): \(what.isEmpty ? "unexpected input" : what)"
    }
}
