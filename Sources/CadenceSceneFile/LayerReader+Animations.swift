import CadenceAnimation
import CadenceDraw
import CadenceLayers
import CadenceWidgets
import Foundation

/// Animations, values and layer events: JSON is read into the Swift spellings
/// (`LayerAnimation`, `LayerValue`, `LayerEvent`), and those are checked and resolved here for
/// files and Swift alike, so that the two cannot disagree.
extension Reader {
    // MARK: JSON

    /// The deepest nesting of animation groups.
    static let maximumGroupNesting = 8

    /// The animations of an animation object at `path` (e.g. `animations[0]`) for `layer`, with
    /// their key paths' lenses: one, or a group's, each on the group's time.
    func animations(_ entry: JSONValue, path: String, layer: Layer) throws(SceneError) -> [(KeyedAnimation, LayerLens)] {
        try animations(try spec(entry, path: path, layer: layer), path: path, layer: layer)
    }

    /// An animation object at `path` as Swift writes it: a `LayerAnimation`, checked for its
    /// keys and value types; a group's animations nested up to `maximumGroupNesting` deep.
    func spec(_ entry: JSONValue, path: String, layer: Layer, depth: Int = 0) throws(SceneError) -> LayerAnimation {
        let id = layer.id
        let object = try self.object(entry, key: path, node: id)
        if case .string("group")? = object["type"] {
            let groupKeys = ["type", "animations", "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration",
                             "autoreverses", "fillMode"]
            try checkKnown(object.keys, known: groupKeys, node: id, prefix: path + ".")
            guard depth < Self.maximumGroupNesting else {
                throw error("groups nest deeper than \(Self.maximumGroupNesting) levels", node: id, key: path)
            }
            guard case .array(let entries)? = object["animations"] else { throw error("must be a list of animations", node: id, key: "\(path).animations") }
            var children: [LayerAnimation] = []
            for (index, child) in entries.enumerated() {
                children.append(try spec(child, path: "\(path).animations[\(index)]", layer: layer, depth: depth + 1))
            }
            var group = try timingFields(object, path: path, id: id, keyPath: "", kind: .group(children))
            if group.duration == nil { group.duration = Layer.implicitAnimationDuration }
            return group
        }
        try checkKnown(object.keys, known: SceneFile.animationKeys, node: id, prefix: path + ".")
        guard let name = try string(object["keyPath"], key: "\(path).keyPath", node: id) else { throw error("missing", node: id, key: "\(path).keyPath") }
        let lens = try keyPath(name, layer: layer, key: "\(path).keyPath")
        let type = try string(object["type"], key: "\(path).type", node: id) ?? "basic"
        let allowed: [String] = switch type {
        case "basic": ["from", "to", "by", "timingFunction"]
        case "spring": ["from", "to", "by", "mass", "stiffness", "damping", "initialVelocity", "response", "dampingRatio"]
        case "keyframe": ["values", "keyTimes", "timingFunctions", "calculationMode", "path", "rotationMode"]
        default:
            let types = ["basic", "spring", "keyframe", "group"]
            throw error("must be basic, spring, keyframe or group\(Spelling.suggestion(for: type, among: types))", node: id, key: "\(path).type")
        }
        let common = ["keyPath", "type", "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration",
                      "autoreverses", "fillMode", "additive", "cumulative"]
        for key in object.keys.sorted() where !common.contains(key) && !allowed.contains(key) {
            throw error("'\(key)' does not apply to a \(type) animation (it takes \(allowed.joined(separator: ", ")))", node: id, key: "\(path).\(key)")
        }
        func value(_ key: String) throws(SceneError) -> LayerValue? {
            guard let json = object[key] else { return nil }
            return try layerValue(json, for: lens, layer: layer, key: "\(path).\(key)")
        }
        func optionalNumber(_ key: String) throws(SceneError) -> Double? {
            try number(object[key], key: "\(path).\(key)", node: id)
        }

        let kind: LayerAnimation.Kind
        switch type {
        case "spring":
            let velocity = try optionalNumber("initialVelocity") ?? 0
            let spring: LayerAnimation.SpringParameters = if object["response"] != nil || object["dampingRatio"] != nil {
                .perceptual(dampingRatio: try optionalNumber("dampingRatio") ?? 1, response: try optionalNumber("response") ?? 0.5,
                            mass: try optionalNumber("mass") ?? 1, initialVelocity: velocity)
            } else {
                .physical(mass: try optionalNumber("mass") ?? 1, stiffness: try optionalNumber("stiffness") ?? 100,
                          damping: try optionalNumber("damping") ?? 10, initialVelocity: velocity)
            }
            kind = .spring(from: try value("from"), to: try value("to"), by: try value("by"), spring: spring)
        case "keyframe" where object["path"] != nil:
            // Motion along a path, as CAKeyframeAnimation.path: position only, no values.
            for key in ["values", "keyTimes", "timingFunctions"] where object[key] != nil {
                throw error("does not go with a path: the path gives the positions and their times", node: id, key: "\(path).\(key)")
            }
            guard lens.name == "position" else {
                throw error("a path animates position only, not '\(lens.name)'", node: id, key: "\(path).path")
            }
            guard let data = try string(object["path"], key: "\(path).path", node: id) else { throw error("must be SVG path data", node: id, key: "\(path).path") }
            let motionPath = try self.path(data, node: id, key: "\(path).path")
            var mode = CalculationMode.linear
            if let text = try string(object["calculationMode"], key: "\(path).calculationMode", node: id) {
                guard let parsed = CalculationMode(rawValue: text) else {
                    throw error("must be one of \(CalculationMode.allCases.map(\.rawValue).joined(separator: ", "))\(Spelling.suggestion(for: text, among: CalculationMode.allCases.map(\.rawValue)))", node: id, key: "\(path).calculationMode")
                }
                mode = parsed
            }
            var rotation: LayerAnimation.RotationMode?
            if let text = try string(object["rotationMode"], key: "\(path).rotationMode", node: id) {
                let names = LayerAnimation.RotationMode.allCases.map(\.rawValue)
                guard let parsed = LayerAnimation.RotationMode(rawValue: text) else {
                    throw error("must be one of \(names.joined(separator: ", "))\(Spelling.suggestion(for: text, among: names))", node: id, key: "\(path).rotationMode")
                }
                rotation = parsed
            }
            kind = .motion(path: motionPath, calculationMode: mode, rotationMode: rotation)
        case "keyframe":
            if object["rotationMode"] != nil {
                throw error("goes with a path only (motion along it)", node: id, key: "\(path).rotationMode")
            }
            guard case .array(let entries)? = object["values"] else {
                throw error("must be a list of values", node: id, key: "\(path).values")
            }
            var values: [LayerValue] = []
            for (index, entry) in entries.enumerated() {
                values.append(try layerValue(entry, for: lens, layer: layer, key: "\(path).values[\(index)]"))
            }
            var keyTimes: [Double]?
            if let times = object["keyTimes"] {
                guard case .array(let list) = times else { throw error("must be a list of numbers", node: id, key: "\(path).keyTimes") }
                var parsed: [Double] = []
                for item in list {
                    guard case .number(let time) = item, time.isFinite else { throw error("must be a list of numbers", node: id, key: "\(path).keyTimes") }
                    parsed.append(time)
                }
                keyTimes = parsed
            }
            var curves: [TimingCurve]?
            if let functions = object["timingFunctions"] {
                guard case .array(let list) = functions else { throw error("must be a list of curves", node: id, key: "\(path).timingFunctions") }
                var parsed: [TimingCurve] = []
                for (index, item) in list.enumerated() {
                    parsed.append(try curve(item, node: id, key: "\(path).timingFunctions[\(index)]"))
                }
                curves = parsed
            }
            var mode = CalculationMode.linear
            if let text = try string(object["calculationMode"], key: "\(path).calculationMode", node: id) {
                guard let parsed = CalculationMode(rawValue: text) else {
                    throw error("must be one of \(CalculationMode.allCases.map(\.rawValue).joined(separator: ", "))\(Spelling.suggestion(for: text, among: CalculationMode.allCases.map(\.rawValue)))", node: id, key: "\(path).calculationMode")
                }
                mode = parsed
            }
            kind = .keyframe(values: values, keyTimes: keyTimes, timingFunctions: curves, calculationMode: mode)
        default:
            let timing = try object["timingFunction"].map { json throws(SceneError) in try curve(json, node: id, key: "\(path).timingFunction") }
            kind = .basic(from: try value("from"), to: try value("to"), by: try value("by"), timingFunction: timing ?? .caDefault)
        }

        var spec = try timingFields(object, path: path, id: id, keyPath: name, kind: kind)
        spec.isAdditive = try bool(object["additive"], key: "\(path).additive", node: id) ?? false
        spec.isCumulative = try bool(object["cumulative"], key: "\(path).cumulative", node: id) ?? false
        return spec
    }

    /// An animation of `kind` with the timing keys of `object` (`beginTime`, `duration`,
    /// `speed`, `timeOffset`, `repeatCount`, `repeatDuration`, `autoreverses`, `fillMode`).
    func timingFields(
        _ object: [String: JSONValue], path: String, id: String, keyPath name: String, kind: LayerAnimation.Kind
    ) throws(SceneError) -> LayerAnimation {
        func optionalNumber(_ key: String) throws(SceneError) -> Double? {
            try number(object[key], key: "\(path).\(key)", node: id)
        }
        var repeatCount = 1.0
        switch object["repeatCount"] {
        case .string("infinity")?: repeatCount = .infinity
        case .number(let count)?:
            guard count.isFinite, count >= 0 else { throw error("must be a number, 0 or more, or \"infinity\"", node: id, key: "\(path).repeatCount") }
            repeatCount = count
        case nil: break
        default: throw error("must be a number, 0 or more, or \"infinity\"", node: id, key: "\(path).repeatCount")
        }
        var fillMode = defaultFillMode
        if let text = try string(object["fillMode"], key: "\(path).fillMode", node: id) {
            guard let parsed = FillMode(rawValue: text) else {
                throw error("must be one of \(FillMode.allCases.map(\.rawValue).joined(separator: ", "))\(Spelling.suggestion(for: text, among: FillMode.allCases.map(\.rawValue)))", node: id, key: "\(path).fillMode")
            }
            fillMode = parsed
        }
        return LayerAnimation(
            keyPath: name, kind: kind, beginTime: try optionalNumber("beginTime") ?? 0, duration: try optionalNumber("duration"),
            speed: try optionalNumber("speed") ?? 1, timeOffset: try optionalNumber("timeOffset") ?? 0, repeatCount: repeatCount,
            repeatDuration: try optionalNumber("repeatDuration") ?? 0,
            autoreverses: try bool(object["autoreverses"], key: "\(path).autoreverses", node: id) ?? false, fillMode: fillMode
        )
    }

    /// A value of `lens` as a scene file writes it, its shape checked against the key path's
    /// type (`vector(_:for:layer:key:)` checks the rest).
    func layerValue(_ json: JSONValue, for lens: LayerLens, layer: Layer, key: String) throws(SceneError) -> LayerValue {
        let wrong = error("must be \(lens.type.expected) for '\(lens.name)'", node: layer.id, key: key)
        switch (lens.type, json) {
        case (.number, .number(let number)): return .number(number)
        case (.point, .array(let list)), (.size, .array(let list)):
            var numbers: [Double] = []
            for item in list {
                guard case .number(let number) = item else { throw wrong }
                numbers.append(number)
            }
            return .numbers(numbers)
        case (.color, .string):
            guard let color = try color(json, key: key, node: layer.id) else { throw wrong }
            return .color(color)
        case (.bool, .bool(let flag)): return .bool(flag)
        case (.path, .string(let data)): return .path(try path(data, node: layer.id, key: key))
        case (.colors, .array(let list)):
            var colors: [Color] = []
            for (index, item) in list.enumerated() {
                guard case .string = item, let color = try color(item, key: "\(key)[\(index)]", node: layer.id) else { throw wrong }
                colors.append(color)
            }
            return .colors(colors)
        case (.numbers, .array(let list)):
            var numbers: [Double] = []
            for item in list {
                guard case .number(let number) = item else { throw wrong }
                numbers.append(number)
            }
            return .numbers(numbers)
        default: throw wrong
        }
    }

    /// A value for `lens` as an animation vector, checked against its type (and, for paths,
    /// against the layer's path: the same commands).
    func value(_ json: JSONValue, for lens: LayerLens, layer: Layer, key: String) throws(SceneError) -> [Double] {
        try vector(try layerValue(json, for: lens, layer: layer, key: key), for: lens, layer: layer, key: key)
    }

    /// A `setValue`, `addAnimation` or `removeAnimation` event object for `layer`.
    mutating func layerEvent(_ object: [String: JSONValue], type: String, path: String, layer: Layer) throws(SceneError) -> SceneEvent.Action {
        let event: LayerEvent
        switch type {
        case "setValue":
            try unknown(object.keys, known: ["at", "target", "type", "keyPath", "value", "animated", "duration"], node: nil, prefix: "\(path).")
            guard let name = try string(object["keyPath"], key: "\(path).keyPath", node: nil) else { throw error("missing", key: "\(path).keyPath") }
            let lens = try keyPath(name, layer: layer, key: "\(path).keyPath")
            guard let json = object["value"] else { throw error("missing", key: "\(path).value") }
            let value = try layerValue(json, for: lens, layer: layer, key: "\(path).value")
            let duration = try number(object["duration"], key: "\(path).duration", node: nil)
            let animated = try bool(object["animated"], key: "\(path).animated", node: nil) ?? true
            event = .setValue(keyPath: name, value: value, animated: animated, duration: duration)
        case "addAnimation":
            try unknown(object.keys, known: ["at", "target", "type", "animation", "key"], node: nil, prefix: "\(path).")
            guard let json = object["animation"] else { throw error("missing", key: "\(path).animation") }
            let (keyed, _) = try animation(try spec(json, path: "\(path).animation", layer: layer), path: "\(path).animation", layer: layer)
            return .addAnimation(keyed, key: try string(object["key"], key: "\(path).key", node: nil))
        default:
            try unknown(object.keys, known: ["at", "target", "type", "key"], node: nil, prefix: "\(path).")
            guard let key = try string(object["key"], key: "\(path).key", node: nil) else { throw error("missing", key: "\(path).key") }
            event = .removeAnimation(key: key)
        }
        return try action(event, path: path, layer: layer)
    }

    // MARK: Shared by files and Swift

    /// `body`'s `LayerError` as this reader's `SceneError`: the same node, key and message,
    /// with the file's name.
    func checked<Result>(_ body: () throws(LayerError) -> Result) throws(SceneError) -> Result {
        do {
            return try body()
        } catch let problem {
            throw error(problem.message, node: problem.node, key: problem.key)
        }
    }

    /// `spec` checked for `layer` and resolved (`Layer.animations(_:path:layer:)`).
    func animations(_ spec: LayerAnimation, path: String, layer: Layer) throws(SceneError) -> [(KeyedAnimation, LayerLens)] {
        try checked { () throws(LayerError) in try Layer.animations(spec, path: path, layer: layer) }
    }

    func animation(_ spec: LayerAnimation, path: String, layer: Layer) throws(SceneError) -> (KeyedAnimation, LayerLens) {
        try checked { () throws(LayerError) in try Layer.animation(spec, path: path, layer: layer) }
    }

    func vector(_ value: LayerValue, for lens: LayerLens, layer: Layer, key: String) throws(SceneError) -> [Double] {
        try checked { () throws(LayerError) in try Layer.vector(value, for: lens, layer: layer, key: key) }
    }

    func action(_ event: LayerEvent, path: String, layer: Layer) throws(SceneError) -> SceneEvent.Action {
        try checked { () throws(LayerError) in try Layer.action(event, path: path, layer: layer) }
    }
}
