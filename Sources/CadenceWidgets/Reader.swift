import CadenceAnimation
import CadenceDraw
import CadenceLayers
import Foundation

/// Walks a scene file's JSON, collecting warnings: the typed reads every key goes through (so a
/// bad value names the file, node and key), shared by widgets reading their attributes
/// (`SceneAttributes`) and the scene-file reader (`CadenceSceneFile`), which extends it with
/// documents, nodes, layers, animations and events.
package struct Reader: Sendable {
    /// Reads a layer-tree object (a widget's own layers, `customIndicator`) with `id`, node `type`
    /// and nesting `depth`, its warnings added to the reader: the scene-file reader sets it, as
    /// only it knows layers; without one, a widget's layer tree is refused.
    package typealias LayerReader = @Sendable (inout Reader, [String: JSONValue], _ id: String, _ type: String, _ depth: Int) throws(SceneError) -> Layer

    package let file: String
    package let strict: Bool
    /// The quirks of nodes without a `quirks` key.
    package let quirks: Quirks
    /// The widget types nodes may have.
    package let widgets: WidgetRegistry
    package var warnings: [SceneError] = []
    /// Whether every node must have an id: true for the scene's nodes (events and animations
    /// target them), false inside a widget's own layer tree (`customIndicator`), which nothing targets.
    package var requiresIDs = true
    /// The fill mode of animations that give none: Core Animation's `removed`, unless a scene
    /// file's top-level `fillMode` says otherwise.
    package var defaultFillMode = FillMode.removed
    /// How a widget's layer tree is read; nil: refused.
    package var layerReader: LayerReader?

    package init(file: String, strict: Bool, quirks: Quirks = .none, widgets: WidgetRegistry, layerReader: LayerReader? = nil) {
        self.file = file
        self.strict = strict
        self.quirks = quirks
        self.widgets = widgets
        self.layerReader = layerReader
    }

    package func error(_ message: String, node: String? = nil, key: String? = nil) -> SceneError {
        SceneError(file: file, node: node, key: key, message: message)
    }

    package mutating func unknown(_ keys: some Sequence<String>, known: [String], node: String?, prefix: String = "") throws(SceneError) {
        warnings += try unknownKeys(keys, known: known, node: node, prefix: prefix)
    }

    /// A warning for each of `keys` not in `known`, sorted; the first thrown instead when strict.
    package func unknownKeys(_ keys: some Sequence<String>, known: [String], node: String?, prefix: String) throws(SceneError) -> [SceneError] {
        var problems: [SceneError] = []
        for key in keys.sorted() where !known.contains(key) {
            let problem = error("unknown key\(Spelling.suggestion(for: key, among: known)) (known: \(known.joined(separator: ", ")))", node: node, key: prefix + key)
            if strict { throw problem }
            problems.append(problem)
        }
        return problems
    }

    package func font(_ value: JSONValue?, key: String, node id: String?) throws(SceneError) -> FontDescriptor? {
        guard let text = try string(value, key: key, node: id) else { return nil }
        do {
            return try FontDescriptor(parsing: text)
        } catch {
            throw self.error(error.description, node: id, key: key)
        }
    }

    /// An image source: `builtin:NAME`, an absolute path, or a path relative to the scene file.
    package func resolve(_ source: String) -> String {
        if source.hasPrefix("builtin:") || source.hasPrefix("/") { return source }
        return URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent(source).standardizedFileURL.path
    }

    // MARK: Values

    package func number(_ value: JSONValue?, key: String, node: String?) throws(SceneError) -> Double? {
        guard let value else { return nil }
        guard case .number(let number) = value else { throw error("must be a number", node: node, key: key) }
        guard number.isFinite else { throw error("must be finite", node: node, key: key) }
        return number
    }

    package func numbers(_ value: JSONValue, count: Int, key: String, node: String?) throws(SceneError) -> [Double] {
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

    package func string(_ value: JSONValue?, key: String, node: String?) throws(SceneError) -> String? {
        guard let value else { return nil }
        guard case .string(let string) = value else { throw error("must be a string", node: node, key: key) }
        guard string.utf8.count <= Self.maximumStringLength else {
            throw error("is \(string.utf8.count) bytes long: strings may be at most \(Self.maximumStringLength) bytes", node: node, key: key)
        }
        return Self.limitingCombiningMarks(string)
    }

    package func bool(_ value: JSONValue?, key: String, node: String?) throws(SceneError) -> Bool? {
        guard let value else { return nil }
        guard case .bool(let flag) = value else { throw error("must be true or false", node: node, key: key) }
        return flag
    }

    package func object(_ value: JSONValue, key: String, node: String?) throws(SceneError) -> [String: JSONValue] {
        guard case .object(let object) = value else { throw error("must be an object", node: node, key: key) }
        return object
    }

    package func color(_ value: JSONValue?, key: String, node: String?) throws(SceneError) -> Color? {
        guard let text = try string(value, key: key, node: node) else { return nil }
        guard let color = Color(hex: text) else {
            throw error("'\(text)' is not a colour (#RGB, #RRGGBB or #RRGGBBAA)", node: node, key: key)
        }
        return color
    }

    // MARK: Limits

    /// The most combining marks kept in a row after one character: 32 (Unicode's stream-safe
    /// format allows 30). Shaping a cluster costs HarfBuzz time that grows faster than its length:
    /// 50,000 marks on one letter took 19 s a frame.
    package static let maximumCombiningRun = 32

    /// `text` with combining marks beyond `maximumCombiningRun` in a row dropped (the rest of
    /// the text unchanged; the same string when no run is that long).
    package static func limitingCombiningMarks(_ text: String) -> String {
        var run = 0
        var longest = 0
        for scalar in text.unicodeScalars {
            run = scalar.properties.canonicalCombiningClass == .notReordered ? 0 : run + 1
            longest = max(longest, run)
        }
        guard longest > maximumCombiningRun else { return text }
        var kept = String.UnicodeScalarView()
        run = 0
        for scalar in text.unicodeScalars {
            run = scalar.properties.canonicalCombiningClass == .notReordered ? 0 : run + 1
            if run <= maximumCombiningRun { kept.append(scalar) }
        }
        return String(kept)
    }

    /// The longest string value, in UTF-8 bytes (texts, placeholders, formats, ids): text is laid
    /// out per frame, so its length is work.
    package static let maximumStringLength = 1 << 20
}
