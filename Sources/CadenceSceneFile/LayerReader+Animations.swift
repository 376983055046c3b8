import CadenceAnimation
import CadenceDraw
import CadenceLayers
import CadenceWidgets
import Foundation

/// Animations, values and layer events: JSON is read into the Swift spellings
/// (`LayerAnimation`, `LayerValue`, `LayerEvent`), and those are checked and resolved here for
/// files and Swift alike, so that the two cannot disagree.
extension Reader {
    /// The reader that checks what Swift code builds: errors name no file but the Swift API.
    static let swift = Reader(sceneFile: "Swift API", strict: true, widgets: .standard)

    // MARK: JSON

    /// The deepest nesting of animation groups.
    static let maximumGroupNesting = 8

    /// The animations of an animation object at `path` (e.g. `animations[0]`) for `layer`, with
    /// their key paths' lenses: one, or a group's, each on the group's time.
    func animations(_ entry: JSONValue, path: String, layer: Layer) throws(SceneError) -> [(KeyedAnimation, LayerKeyPath)] {
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
    func layerValue(_ json: JSONValue, for lens: LayerKeyPath, layer: Layer, key: String) throws(SceneError) -> LayerValue {
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
    func value(_ json: JSONValue, for lens: LayerKeyPath, layer: Layer, key: String) throws(SceneError) -> [Double] {
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

    /// `spec` checked for `layer` and resolved: the key path's lens, vectors checked against it,
    /// the spring and the timing checked. Errors name the layer and `path`.
    /// The animations `spec` stands for: itself, or a group's (recursively), each with the
    /// group's timing put before its own.
    func animations(_ spec: LayerAnimation, path: String, layer: Layer) throws(SceneError) -> [(KeyedAnimation, LayerKeyPath)] {
        guard case .group(let children) = spec.kind else { return [try animation(spec, path: path, layer: layer)] }
        let timing: AnimationTiming
        do {
            timing = try AnimationTiming(
                beginTime: spec.beginTime, duration: spec.duration ?? Layer.implicitAnimationDuration, speed: spec.speed,
                repeatCount: spec.repeatCount == 0 ? 1 : spec.repeatCount, autoreverses: spec.autoreverses, fillMode: spec.fillMode,
                timeOffset: spec.timeOffset, repeatDuration: spec.repeatDuration
            )
        } catch let problem {
            throw error(problem.description, node: layer.id, key: "\(path) (group)")
        }
        var result: [(KeyedAnimation, LayerKeyPath)] = []
        for (index, child) in children.enumerated() {
            for (keyed, lens) in try animations(child, path: "\(path).animations[\(index)]", layer: layer) {
                var grouped = keyed
                grouped.animation.groups.insert(timing, at: 0)
                result.append((grouped, lens))
            }
        }
        return result
    }

    func animation(_ spec: LayerAnimation, path: String, layer: Layer) throws(SceneError) -> (KeyedAnimation, LayerKeyPath) {
        let id = layer.id
        if case .group = spec.kind {
            throw error("an animation group goes in a layer's animations list (or Layer.add), not in an event, which adds one animation", node: id, key: path)
        }
        let name = spec.keyPath
        var lens = try keyPath(name, layer: layer, key: "\(path).keyPath")
        if case .motion(_, _, let rotation) = spec.kind {
            guard lens.name == "position" else { throw error("a path animates position only, not '\(lens.name)'", node: id, key: "\(path).path") }
            if rotation != nil { lens = LayerKeyPath.positionTurning }
        }
        func vector(_ value: LayerValue?, _ key: String) throws(SceneError) -> [Double]? {
            guard let value else { return nil }
            return try self.vector(value, for: lens, layer: layer, key: "\(path).\(key)")
        }
        let kind: PropertyAnimation.Kind
        var duration = spec.duration
        switch spec.kind {
        case .basic(let from, let to, let by, let timingFunction):
            kind = .basic(from: try vector(from, "from"), to: try vector(to, "to"), by: try vector(by, "by"), timingFunction: timingFunction)
        case .spring(let from, let to, let by, let parameters):
            let spring: Spring
            do {
                switch parameters {
                case .perceptual(let dampingRatio, let response, let mass, let velocity):
                    spring = try Spring(dampingRatio: dampingRatio, response: response, mass: mass, initialVelocity: velocity)
                case .physical(let mass, let stiffness, let damping, let velocity):
                    spring = try Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
                }
            } catch let problem {
                throw error(problem.description, node: id, key: path)
            }
            if duration == nil {
                do throws(AnimationError) {
                    duration = try spring.defaultAnimationDuration()
                } catch let problem {
                    throw error(problem.description, node: id, key: "\(path).duration")
                }
            }
            kind = .spring(from: try vector(from, "from"), to: try vector(to, "to"), by: try vector(by, "by"), spring: spring)
        case .keyframe(let values, let keyTimes, let timingFunctions, let mode):
            var vectors: [[Double]] = []
            for (index, value) in values.enumerated() {
                vectors.append(try self.vector(value, for: lens, layer: layer, key: "\(path).values[\(index)]"))
            }
            kind = .keyframe(values: vectors, keyTimes: keyTimes, timingFunctions: timingFunctions, calculationMode: mode)
        case .motion(let motionPath, let mode, let rotation):
            let (values, keyTimes) = try motionKeyframes(along: motionPath, mode: mode, rotation: rotation, layer: layer, key: "\(path).path")
            kind = .keyframe(values: values, keyTimes: keyTimes, timingFunctions: nil, calculationMode: mode == .discrete ? .discrete : .linear)
        case .group:
            throw error("an animation group has no key path of its own", node: id, key: path)
        }
        do {
            let timing = try AnimationTiming(
                beginTime: spec.beginTime, duration: duration ?? Layer.implicitAnimationDuration, speed: spec.speed,
                repeatCount: spec.repeatCount == 0 ? 1 : spec.repeatCount, autoreverses: spec.autoreverses, fillMode: spec.fillMode,
                timeOffset: spec.timeOffset, repeatDuration: spec.repeatDuration
            )
            let animation = try PropertyAnimation(kind: kind, timing: timing, isAdditive: spec.isAdditive, isCumulative: spec.isCumulative)
            return (KeyedAnimation(keyPath: lens.name, animation: animation), lens)
        } catch let problem {
            throw error(problem.description, node: id, key: "\(path) (\(name))")
        }
    }

    /// The most points a motion path is followed through (flattened within 0.1 units).
    static let maximumMotionPoints = 10_000

    /// The keyframes of `position` along `path`: the path flattened within 0.1 units, each point
    /// timed by its distance along the path (`paced`), or each path segment given the same time
    /// with its points timed by distance within it (the other modes; `discrete` keeps only the
    /// segments' ends). With a `rotation`, each value carries the direction of travel there
    /// (unwrapped, so the turn never jumps a whole turn; half a turn more for `autoReverse`).
    func motionKeyframes(
        along path: Path, mode: CalculationMode, rotation: LayerAnimation.RotationMode?, layer: Layer, key: String
    ) throws(SceneError) -> (values: [[Double]], keyTimes: [Double]) {
        // Each segment flattened apart, so that its points know which segment they are on.
        var segments: [[Point]] = []
        var current = Point.zero
        var start = Point.zero
        for element in path.elements {
            switch element {
            case .move(let point):
                current = point
                start = point
                continue
            case .close:
                if current != start { segments.append([current, start]) }
                current = start
                continue
            default:
                break
            }
            let piece = Path(elements: [.move(current), element])
            let points = piece.flattened(tolerance: 0.1, visible: nil, keepingLength: true).flatMap(\.points)
            if points.count >= 2 { segments.append(points) }
            switch element {
            case .line(let point), .quadCurve(_, let point), .curve(_, _, let point), .move(let point): current = point
            case .close: break
            }
            guard segments.reduce(0, { $0 + $1.count }) <= Self.maximumMotionPoints else {
                throw error("the path needs more than \(Self.maximumMotionPoints) points to follow within 0.1 units: simplify it", node: layer.id, key: key)
            }
        }
        guard !segments.isEmpty else { throw error("the path has no segment to move along", node: layer.id, key: key) }
        func distance(_ a: Point, _ b: Point) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }
        var points: [Point] = []
        var times: [Double] = []
        let lengths = segments.map { segment in zip(segment, segment.dropFirst()).reduce(0) { $0 + distance($1.0, $1.1) } }
        let total = lengths.reduce(0, +)
        var travelled = 0.0
        for (index, segment) in segments.enumerated() {
            let slot = 1 / Double(segments.count)
            if mode == .discrete {
                if index == 0 { points.append(segment[0]); times.append(0) }
                points.append(segment[segment.count - 1])
                times.append(Double(index + 1) * slot)
                continue
            }
            var along = 0.0
            for (position, point) in segment.enumerated() {
                if position > 0 { along += distance(segment[position - 1], point) }
                if position == 0, !points.isEmpty { continue }
                let time = mode == .paced
                    ? (total > 0 ? (travelled + along) / total : Double(index) * slot)
                    : (Double(index) + (lengths[index] > 0 ? along / lengths[index] : 0)) * slot
                points.append(point)
                times.append(min(max(time, times.last ?? 0), 1))
            }
            travelled += lengths[index]
        }
        times[times.count - 1] = 1
        try checkMagnitude(points.flatMap { [$0.x, $0.y] }, node: layer.id, key: key)
        guard let rotation else { return (points.map { [$0.x, $0.y] }, times) }
        // Each stretch between two points faces its own direction, from its start to its end;
        // at a point the direction turns at once (finely flattened curves turn smoothly).
        var values: [[Double]] = []
        var keyTimes: [Double] = []
        var previous: Double?
        let turn = rotation == .autoReverse ? Double.pi : 0
        for index in points.indices.dropLast() {
            let from = points[index], to = points[index + 1]
            var angle = from == to ? (previous ?? turn) : atan2(to.y - from.y, to.x - from.x) + turn
            // Unwrapped: within half a turn of the direction before.
            if let previous {
                angle -= ((angle - previous) / (2 * Double.pi)).rounded() * 2 * Double.pi
            }
            previous = angle
            values.append([from.x, from.y, angle])
            keyTimes.append(times[index])
            values.append([to.x, to.y, angle])
            keyTimes.append(times[index + 1])
        }
        if values.isEmpty { return ([[points[0].x, points[0].y, turn], [points[0].x, points[0].y, turn]], [0, 1]) }
        return (values, keyTimes)
    }

    /// `value` as an animation vector for `lens`, checked against its type, range and (for
    /// paths) the layer's path: the same commands.
    func vector(_ value: LayerValue, for lens: LayerKeyPath, layer: Layer, key: String) throws(SceneError) -> [Double] {
        let id = layer.id
        let wrong = error("must be \(lens.type.expected) for '\(lens.name)'", node: id, key: key)
        switch (lens.type, value) {
        case (.number, .number(let number)):
            guard number.isFinite else { throw wrong }
            try checkMagnitude([number], node: id, key: key)
            if lens.name.hasSuffix("gaussianBlur.inputRadius"), number < 0 || number > Group.maximumBlur {
                throw error("must be from 0 to \(Int(Group.maximumBlur)) (a Gaussian's standard deviation), got \(number)", node: id, key: key)
            }
            if lens.name.hasSuffix(".perspective"), number <= 0 {
                throw error("must be a distance above 0 (the eye's distance from the plane: m34 = -1/distance), got \(number)", node: id, key: key)
            }
            return [number]
        case (.point, .numbers(let list)), (.size, .numbers(let list)):
            guard list.count == 2, list.allSatisfy(\.isFinite) else { throw wrong }
            try checkMagnitude(list, node: id, key: key)
            return list
        case (.color, .color(let color)):
            let vector = animationVector(color)
            guard vector.allSatisfy(\.isFinite) else { throw wrong }
            return vector
        case (.bool, .bool(let flag)):
            return [flag ? 1 : 0]
        case (.path, .path(let path)):
            try checkMagnitude(path.components, node: id, key: key)
            guard case .shape(let shape) = layer.content, path.hasSameStructure(as: shape.path) else {
                throw error("a path value must have the same commands as the layer's path (after H, V, S, T and A are converted)", node: id, key: key)
            }
            return path.components
        case (.colors, .colors(let colors)):
            let count = lens.value(of: layer).count / 4
            guard colors.count == count else {
                throw error("must be \(count) colours, as many as the layer's colors (a gradient's colours animate one to one)", node: id, key: key)
            }
            return colors.flatMap(animationVector)
        case (.numbers, .numbers(let list)):
            let count = lens.value(of: layer).count
            guard list.count == count, list.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 1 }) else {
                throw error("must be \(count) numbers from 0 to 1, one per colour of the layer", node: id, key: key)
            }
            return list
        default:
            throw wrong
        }
    }

    /// `event` checked for `layer`, as the action a scene applies. Errors name `path`.
    func action(_ event: LayerEvent, path: String, layer: Layer) throws(SceneError) -> SceneEvent.Action {
        switch event {
        case .setValue(let name, let value, let animated, let duration):
            let lens = try keyPath(name, layer: layer, key: "\(path).keyPath")
            let vector = try vector(value, for: lens, layer: layer, key: "\(path).value")
            if let duration { guard duration >= 0, duration <= 1e6 else { throw error("must be between 0 and 1000000 seconds", key: "\(path).duration") } }
            return .setValue(keyPath: lens.name, value: vector, animated: animated, duration: duration)
        case .addAnimation(let spec, let key):
            let (keyed, _) = try animation(spec, path: "\(path).animation", layer: layer)
            return .addAnimation(keyed, key: key)
        case .removeAnimation(let key):
            return .removeAnimation(key: key)
        }
    }
}
