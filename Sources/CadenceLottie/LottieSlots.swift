import CadenceFiles
import Foundation

/// Values for a Lottie file's slots (Lottie 1.0): a property that names a slot (`"sid": "id"`)
/// takes its value from the file's `slots` (`{"id": {"p": property}}`), or from here, which wins.
/// A value is a property (`{"a": 1, "k": [keyframes]}`), a bare value (a number, `[r, g, b, a]`,
/// `[x, y]`, a path `{"c", "v", "i", "o"}`, a gradient's numbers), the spec's `{"p": …}`, a string
/// for a text slot (the text) or an image slot (the image's path or `data:` URI).
///
/// ```swift
/// var slots = LottieSlots()
/// try slots.set("background", json: "[0.1, 0.4, 0.9, 1]")
/// slots["speed"] = .number(2)
/// let animation = try LottieAnimation(contentsOf: "card.json", slots: slots)
/// ```
public struct LottieSlots: Sendable, Hashable {
    public var values: [String: JSONValue] = [:]

    public init(_ values: [String: JSONValue] = [:]) {
        self.values = values
    }

    public var isEmpty: Bool { values.isEmpty }

    public subscript(id: String) -> JSONValue? {
        get { values[id] }
        set { values[id] = newValue }
    }

    /// Sets slot `id` from JSON text (`--slot ID=VALUE`); text that is not JSON is a string.
    public mutating func set(_ id: String, json text: String) {
        values[id] = (try? JSONValue.parse(Data(text.utf8))) ?? .string(text)
    }

    /// Slots from a JSON object of id → value (`--slots FILE`), `name` naming it in errors.
    public static func parse(_ data: Data, name: String) throws(LottieError) -> LottieSlots {
        let json: JSONValue
        do {
            json = try JSONValue.parse(data)
        } catch {
            throw LottieError(file: name, message: error.message)
        }
        guard case .object(let object) = json else { throw LottieError(file: name, message: "slots must be a JSON object of slot id → value") }
        return LottieSlots(object)
    }

    /// `document` with every property that names a slot given its slot's value: the overrides
    /// first, then the file's own `slots`. Unchanged when the file has no slots and none are
    /// given. An override for a slot the file does not have is an error naming it.
    func applied(to document: [String: JSONValue], file: String) throws(LottieError) -> (document: [String: JSONValue], ids: [String]) {
        let own = document["slots"]?.object ?? [:]
        guard !own.isEmpty || !values.isEmpty else { return (document, []) }
        var named: Set<String> = []
        var resolved: [String: JSONValue] = [:]
        for (id, slot) in own { resolved[id] = slot.object?["p"] ?? slot }
        for (id, value) in values { resolved[id] = value }
        let root = Self.replace(.object(document), slots: resolved, named: &named, depth: 0)
        for id in values.keys.sorted() where own[id] == nil && !named.contains(id) {
            let known = Set(own.keys).union(named).sorted()
            throw LottieError(
                file: file, property: "slots",
                message: "there is no slot \"\(id)\" (\(known.isEmpty ? "the file has none" : "it has " + known.map { "\"\($0)\"" }.joined(separator: ", ")))"
            )
        }
        return (root.object ?? document, Set(own.keys).union(named).sorted())
    }

    private static func replace(_ value: JSONValue, slots: [String: JSONValue], named: inout Set<String>, depth: Int) -> JSONValue {
        guard depth < JSONValue.maximumDepth else { return value }
        switch value {
        case .array(let list):
            return .array(list.map { replace($0, slots: slots, named: &named, depth: depth + 1) })
        case .object(var object):
            if case .string(let id)? = object["sid"] {
                named.insert(id)
                if let slot = slots[id] { object = fill(object, with: slot) }
            }
            for (key, child) in object where key != "slots" {
                switch child {
                case .array, .object: object[key] = replace(child, slots: slots, named: &named, depth: depth + 1)
                default: break
                }
            }
            return .object(object)
        default:
            return value
        }
    }

    /// A slotted object given its slot's value: an image asset takes a path; a text document its
    /// text; a property the value's `a`, `k` (and `x`), a bare value as a static `k`.
    private static func fill(_ original: [String: JSONValue], with slot: JSONValue) -> [String: JSONValue] {
        var object = original
        let isImage = original["w"] != nil && original["h"] != nil && original["p"] != nil
        if isImage {
            switch slot {
            case .string(let path):
                object["p"] = .string(path)
                object["u"] = .string("")
                object["e"] = .number(path.hasPrefix("data:") ? 1 : 0)
            case .object(let asset):
                for key in ["p", "u", "e", "w", "h"] { if let value = asset[key] { object[key] = value } }
            default: break
            }
            return object
        }
        switch slot {
        case .string(let text):
            // A text document (`t.d`): every keyframe's text.
            if case .array(var keyframes)? = original["k"] {
                for index in keyframes.indices {
                    if case .object(var keyframe) = keyframes[index], case .object(var document)? = keyframe["s"] {
                        document["t"] = .string(text)
                        keyframe["s"] = .object(document)
                        keyframes[index] = .object(keyframe)
                    }
                }
                object["k"] = .array(keyframes)
            }
        case .object(let property) where property["k"] != nil:
            object["k"] = property["k"]
            object["a"] = property["a"] ?? .number(0)
            object["x"] = property["x"]
        case .object(let property) where property["p"] != nil:
            return fill(original, with: property["p"] ?? slot)
        default:
            object["k"] = slot
            object["a"] = .number(0)
        }
        return object
    }
}

extension LottieSlots {
    /// The slots a dotLottie 2.0 theme sets (`t/ID.json`: `{"rules": [{"id", "type", "value" or
    /// "keyframes", "animations"?}]}`), for animation `animation`: a rule that lists animations
    /// applies to those only. Types: Color, Scalar, Position and Vector, Gradient (stops of
    /// `color` and `offset`), Image (`path`, `url` or `id`), Text (`text`).
    public static func theme(_ data: Data, name: String, animation: String) throws(LottieError) -> LottieSlots {
        let json: JSONValue
        do {
            json = try JSONValue.parse(data)
        } catch {
            throw LottieError(file: name, message: error.message)
        }
        guard let rules = json.object?["rules"]?.array else { throw LottieError(file: name, message: "a theme needs a \"rules\" list") }
        var slots = LottieSlots()
        for (index, entry) in rules.enumerated() {
            let place = "rules[\(index)]"
            guard let rule = entry.object, let id = rule["id"]?.string else {
                throw LottieError(file: name, property: place, message: "a rule needs an \"id\" (the slot it sets)")
            }
            if let only = rule["animations"]?.array, !only.contains(where: { $0.string == animation }) { continue }
            let type = (rule["type"]?.string ?? "").lowercased()
            func value(_ raw: JSONValue) throws(LottieError) -> JSONValue {
                switch type {
                case "scalar": if case .number = raw { return .array([raw]) }
                case "gradient":
                    guard let stops = raw.array else { break }
                    var colours: [JSONValue] = [], alphas: [JSONValue] = []
                    for stop in stops {
                        guard let offset = stop.object?["offset"], let colour = stop.object?["color"]?.array, colour.count >= 3 else {
                            throw LottieError(file: name, property: place, message: "a gradient stop needs \"color\" [r, g, b, a] and \"offset\"")
                        }
                        colours += [offset] + colour.prefix(3)
                        alphas += [offset, colour.count > 3 ? colour[3] : .number(1)]
                    }
                    return .array(colours + alphas)
                case "image":
                    if let object = raw.object {
                        if let path = object["path"] ?? object["url"] { return path }
                        if let asset = object["id"]?.string { return .string("i/" + asset) }
                    }
                case "text":
                    if let text = raw.object?["text"] { return text }
                default: break
                }
                return raw
            }
            if let keyframes = rule["keyframes"]?.array {
                var list: [JSONValue] = []
                for keyframe in keyframes {
                    guard let object = keyframe.object, let frame = object["frame"], let raw = object["value"] else {
                        throw LottieError(file: name, property: place, message: "a keyframe needs \"frame\" and \"value\"")
                    }
                    var key: [String: JSONValue] = ["t": frame, "s": try value(raw)]
                    if let handle = object["inTangent"] { key["i"] = handle }
                    if let handle = object["outTangent"] { key["o"] = handle }
                    if case .bool(true)? = object["hold"] { key["h"] = .number(1) }
                    list.append(.object(key))
                }
                slots[id] = .object(["a": .number(1), "k": .array(list)])
            } else if let raw = rule["value"] {
                slots[id] = try value(raw)
            } else {
                throw LottieError(file: name, property: place, message: "a rule needs a \"value\" or \"keyframes\"")
            }
        }
        return slots
    }
}
