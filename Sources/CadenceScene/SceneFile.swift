import CadenceDraw
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
/// defaults. An unknown key anywhere is a warning (file, node, key) — or an error when `strict`.
public enum SceneFile {
    /// The attribute keys a `RoundedRect` node takes.
    public static let roundedRectAttributes = ["cornerRadius", "fill", "stroke", "strokeWidth"]

    /// Loads the scene at `path`. Warnings for unknown keys are returned with it, each once.
    public static func load(path: String, strict: Bool = false) throws(SceneError) -> (scene: Scene, warnings: [SceneError]) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SceneError(file: path, message: "cannot read the file (missing or not readable)")
        }
        return try parse(data, file: path, strict: strict)
    }

    /// Parses scene JSON; `file` names the source in messages.
    public static func parse(_ data: Data, file: String, strict: Bool = false) throws(SceneError) -> (scene: Scene, warnings: [SceneError]) {
        var reader = Reader(file: file, strict: strict)
        let scene = try reader.scene(data)
        return (scene, reader.warnings)
    }
}

/// Walks the JSON, collecting warnings.
private struct Reader {
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
            throw self.error("not valid JSON: \(describe(error))")
        }
        guard case .object(let object) = root else { throw error("the top level must be a JSON object") }
        try unknown(object.keys, known: ["name", "size", "background", "nodes"], node: nil)

        let defaultName = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        let name = try string(object["name"], key: "name", node: nil) ?? defaultName
        guard let sizeValue = object["size"] else { throw error("missing", key: "size") }
        let size = try numbers(sizeValue, count: 2, key: "size", node: nil)
        guard size[0] >= 1, size[1] >= 1 else { throw error("width and height must be at least 1", key: "size") }
        let background = try color(object["background"], key: "background", node: nil) ?? .white

        var nodes: [ShapeNode] = []
        var ids: Set<String> = []
        var list: [JSONValue] = []
        if let value = object["nodes"] {
            guard case .array(let entries) = value else { throw error("must be a list", key: "nodes") }
            list = entries
        }
        for (index, entry) in list.enumerated() {
            let node = try self.node(entry, index: index)
            guard ids.insert(node.id).inserted else { throw error("duplicate id", node: node.id, key: "id") }
            nodes.append(node)
        }
        return Scene(name: name, size: Size(width: size[0], height: size[1]), background: background, nodes: nodes)
    }

    mutating func node(_ entry: JSONValue, index: Int) throws(SceneError) -> ShapeNode {
        let fallbackID = "#\(index)"
        guard case .object(let object) = entry else { throw error("a node must be a JSON object", node: fallbackID) }
        let id = try string(object["id"], key: "id", node: fallbackID) ?? fallbackID
        try unknown(object.keys, known: ["type", "id", "frame", "attributes", "motion"], node: id)
        guard let type = try string(object["type"], key: "type", node: id) else { throw error("missing", node: id, key: "type") }
        guard type == "RoundedRect" else { throw error("unknown node type '\(type)' (known: RoundedRect)", node: id, key: "type") }
        guard let frameValue = object["frame"] else { throw error("missing", node: id, key: "frame") }
        let frame = try numbers(frameValue, count: 4, key: "frame", node: id)
        guard frame[2] >= 0, frame[3] >= 0 else { throw error("width and height must not be negative", node: id, key: "frame") }
        var node = ShapeNode(id: id, frame: Rect(x: frame[0], y: frame[1], width: frame[2], height: frame[3]))

        if let value = object["attributes"] {
            let attributes = try self.object(value, key: "attributes", node: id)
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
        }
        if let value = object["motion"] {
            node.motion = try motion(value, node: id)
        }
        return node
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
