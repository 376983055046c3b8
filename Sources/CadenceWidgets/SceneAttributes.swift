import CadenceAnimation
import CadenceDraw
import CadenceLayers

/// One JSON object of a scene file as a widget reads it: a node's `attributes`, an event, or an
/// object nested in either.
///
/// Values are read by key with the scene reader's own typed functions, so a bad value throws the
/// `SceneError` every other scene key does, naming the file, the node and the full key
/// (`attributes.format`, `events[2].duration`, `motion.by`). Absent keys read as nil.
///
/// ```swift
/// if let radius = try attributes.number("cornerRadius") {
///     guard radius >= 0 else { throw attributes.error("must not be negative", key: "cornerRadius") }
///     cornerRadius = radius
/// }
/// ```
public struct SceneAttributes {
    /// The object's values by key.
    public let values: [String: JSONValue]
    /// The id of the node being read, for messages; nil for events.
    public let nodeID: String?
    /// What messages put before a key of this object (`attributes.`, `events[2].`).
    let prefix: String
    /// The node object holding these attributes, if they are a node's.
    let nodeObject: [String: JSONValue]?
    /// The node's depth in the layer tree (0 at the top level): a layer tree read from these
    /// attributes starts one below it, so the nesting limit counts through widgets.
    let depth: Int
    package let reader: Reader
    package let log: WarningLog

    package init(
        values: [String: JSONValue], prefix: String, nodeID: String?, nodeObject: [String: JSONValue]? = nil, depth: Int = 0, reader: Reader,
        log: WarningLog
    ) {
        self.values = values
        self.prefix = prefix
        self.nodeID = nodeID
        self.nodeObject = nodeObject
        self.depth = depth
        self.reader = reader
        self.log = log
    }

    /// The node object these are the `attributes` of, for the keys a widget takes beside them
    /// (its `Widget.nodeKeys`, such as RoundedRect's `motion`); nil for events and nested objects.
    public var node: SceneAttributes? {
        nodeObject.map { SceneAttributes(values: $0, prefix: "", nodeID: nodeID, depth: depth, reader: reader, log: log) }
    }

    /// The raw value at `key`.
    public subscript(key: String) -> JSONValue? {
        values[key]
    }

    /// An error about `key` of this object, naming the file, node and full key.
    public func error(_ message: String, key: String) -> SceneError {
        reader.error(message, node: nodeID, key: prefix + key)
    }

    /// The node's `quirks` key (`none` or `original`), or the scene's default (`--quirks`) when
    /// the node has none; an error naming the file, node and key for anything else.
    public func quirks() throws(SceneError) -> Quirks {
        guard let node, let text = try node.string("quirks") else { return reader.quirks }
        guard let quirks = Quirks(rawValue: text) else { throw node.error("must be none or original, got '\(text)'\(Spelling.suggestion(for: text, among: ["none", "original"]))", key: "quirks") }
        return quirks
    }

    /// A list of strings; "must be a list of strings" otherwise.
    public func strings(_ key: String) throws(SceneError) -> [String]? {
        guard let value = values[key] else { return nil }
        guard case .array(let items) = value else { throw error("must be a list of strings", key: key) }
        var result: [String] = []
        for item in items {
            guard case .string(let text) = item else { throw error("must be a list of strings", key: key) }
            result.append(text)
        }
        return result
    }

    /// A layer tree (`Layer`, `TextLayer`, `ImageLayer` or `ShapeLayer` object, `type` defaulting
    /// to `Layer`), read as a scene's layer nodes are, with its own animations; its id is the
    /// node's id, a dot and `key`. Errors and warnings name the file, that id and the key.
    func layer(_ key: String) throws(SceneError) -> Layer? {
        guard let value = values[key] else { return nil }
        guard case .object(let object) = value else { throw error("must be a layer object", key: key) }
        let id = "\(nodeID ?? "?").\(key)"
        var type = "Layer"
        if let text = object["type"] {
            guard case .string(let name) = text, Layer.typeNames.contains(name) else {
                throw error("type must be one of \(Layer.typeNames.joined(separator: ", "))", key: key + ".type")
            }
            type = name
        }
        var copy = reader
        copy.requiresIDs = false
        let known = copy.warnings.count
        guard depth + 1 < Layer.maximumDepth else {
            throw error("nests deeper than \(Layer.maximumDepth) levels (the widget sits \(depth) levels down)", key: key)
        }
        guard let read = reader.layerReader else { throw error("cannot hold a layer tree here: only a scene file's reader reads one", key: key) }
        let layer = try read(&copy, object, id, type, depth + 1)
        log.warnings += copy.warnings[known...]
        return layer
    }

    /// A finite number; "must be a number" otherwise.
    public func number(_ key: String) throws(SceneError) -> Double? {
        try reader.number(values[key], key: prefix + key, node: nodeID)
    }

    /// A list of exactly `count` finite numbers; "must be a list of `count` numbers" otherwise.
    public func numbers(_ key: String, count: Int) throws(SceneError) -> [Double]? {
        guard let value = values[key] else { return nil }
        return try reader.numbers(value, count: count, key: prefix + key, node: nodeID)
    }

    /// A string; "must be a string" otherwise.
    public func string(_ key: String) throws(SceneError) -> String? {
        try reader.string(values[key], key: prefix + key, node: nodeID)
    }

    /// `true` or `false`; "must be true or false" otherwise.
    public func bool(_ key: String) throws(SceneError) -> Bool? {
        try reader.bool(values[key], key: prefix + key, node: nodeID)
    }

    /// A colour written `#RGB`, `#RRGGBB` or `#RRGGBBAA`.
    public func color(_ key: String) throws(SceneError) -> Color? {
        try reader.color(values[key], key: prefix + key, node: nodeID)
    }

    /// A font written as `FontDescriptor(parsing:)` reads it, e.g. `DejaVu Sans Bold 17`.
    public func font(_ key: String) throws(SceneError) -> FontDescriptor? {
        try reader.font(values[key], key: prefix + key, node: nodeID)
    }

    /// The object at `key`, its keys outside `known` reported as unknown (a warning, or an error
    /// when reading strictly).
    public func object(_ key: String, known: [String]) throws(SceneError) -> SceneAttributes? {
        guard let value = values[key] else { return nil }
        return try object(value, key: key, known: known)
    }

    /// `value`, an entry of this object called `key` in messages (`runs[0]`), as an object whose
    /// keys outside `known` are reported as unknown.
    public func object(_ value: JSONValue, key: String, known: [String]) throws(SceneError) -> SceneAttributes {
        let path = prefix + key
        let object = try reader.object(value, key: path, node: nodeID)
        log.warnings += try reader.unknownKeys(object.keys, known: known, node: nodeID, prefix: path + ".")
        return SceneAttributes(values: object, prefix: path + ".", nodeID: nodeID, depth: depth, reader: reader, log: log)
    }

    /// An image source as the scene file wrote it, made usable: `builtin:NAME` and absolute paths
    /// as they are, other paths relative to the scene file.
    public func resolve(_ source: String) -> String {
        reader.resolve(source)
    }
}

/// The unknown-key warnings met while a widget or event reads itself.
package final class WarningLog {
    package init() {}
    package var warnings: [SceneError] = []
}
