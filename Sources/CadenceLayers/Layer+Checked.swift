import CadenceAnimation
import CadenceDraw

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A layer animation, value or event that does not fit its layer: the node (layer id) and key
/// at fault, and what is wrong. The scene reader reports the same problems in files as
/// `SceneError`s, with the file's name.
public struct LayerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The id of the layer at fault, when one is.
    public var node: String?
    /// The key at fault, as a path into the layer (`animations[0].keyPath`).
    public var key: String?
    /// What is wrong, and what is allowed.
    public var message: String

    /// `message`, at `node` and `key` when given.
    public init(message: String, node: String? = nil, key: String? = nil) {
        self.message = message
        self.node = node
        self.key = key
    }

    public var description: String {
        var parts: [String] = []
        if let node { parts.append("node '\(node)'") }
        if let key { parts.append("key '\(key)'") }
        return (parts + [message]).joined(separator: ": ")
    }
}

extension Layer {
    /// The largest magnitude of a layer value (coordinates, sizes, radii): a documented limit.
    public static let maximumValue = 1e7

    /// Adds `animation` from the scene's start, replacing any added under `key`
    /// (`CALayer.add(_:forKey:)`); a group's animations go in together under its key.
    ///
    /// Checked as scene files are: an unknown key path, a value of the wrong type or out of
    /// range, a bad spring or timing throws a `LayerError` naming this layer and the
    /// animation's key.
    public mutating func add(_ animation: LayerAnimation, forKey key: String? = nil) throws(LayerError) {
        let path = "animations[\(timeline.animationCount)]"
        add(try Self.animations(animation, path: path, layer: self).map { ($0.0.animation, $0.1) }, forKey: key, at: 0)
    }

    /// The lens for key path `name` on `layer`, or an error listing the valid ones.
    package static func lens(_ name: String, layer: Layer, key: String) throws(LayerError) -> LayerLens {
        guard let lens = LayerLens.named(name), lens.applies(to: layer.typeName) else {
            let names = LayerLens.names(for: layer.typeName)
            throw LayerError(
                message: "unknown key path '\(name)' for a \(layer.typeName)\(Spelling.suggestion(for: name, among: names)) (valid: \(names.joined(separator: ", ")))",
                node: layer.id, key: key
            )
        }
        return lens
    }

    /// Every value within ±`maximumValue`, or an error naming `node` and `key`.
    package static func checkMagnitude(_ values: [Double], node id: String?, key: String) throws(LayerError) {
        for value in values where abs(value) > maximumValue {
            throw LayerError(message: "\(value) is out of range: layer values must lie within ±\(Int(maximumValue))", node: id, key: key)
        }
    }

    // MARK: Checked and resolved: the rules scene files and Swift share

    /// `spec` checked for `layer` and resolved: the key path's lens, vectors checked against it,
    /// the spring and the timing checked. Errors name the layer and `path`.
    /// The animations `spec` stands for: itself, or a group's (recursively), each with the
    /// group's timing put before its own.
    package static func animations(_ spec: LayerAnimation, path: String, layer: Layer) throws(LayerError) -> [(KeyedAnimation, LayerLens)] {
        guard case .group(let children) = spec.kind else { return [try Self.animation(spec, path: path, layer: layer)] }
        let timing: AnimationTiming
        do {
            timing = try AnimationTiming(
                beginTime: spec.beginTime, duration: spec.duration ?? Layer.implicitAnimationDuration, speed: spec.speed,
                repeatCount: spec.repeatCount == 0 ? 1 : spec.repeatCount, autoreverses: spec.autoreverses, fillMode: spec.fillMode,
                timeOffset: spec.timeOffset, repeatDuration: spec.repeatDuration
            )
        } catch let problem {
            throw LayerError(message: problem.description, node: layer.id, key: "\(path) (group)")
        }
        var result: [(KeyedAnimation, LayerLens)] = []
        for (index, child) in children.enumerated() {
            for (keyed, lens) in try Self.animations(child, path: "\(path).animations[\(index)]", layer: layer) {
                var grouped = keyed
                grouped.animation.groups.insert(timing, at: 0)
                result.append((grouped, lens))
            }
        }
        return result
    }

    package static func animation(_ spec: LayerAnimation, path: String, layer: Layer) throws(LayerError) -> (KeyedAnimation, LayerLens) {
        let id = layer.id
        if case .group = spec.kind {
            throw LayerError(message: "an animation group goes in a layer's animations list (or Layer.add), not in an event, which adds one animation", node: id, key: path)
        }
        let name = spec.keyPath
        var lens = try lens(name, layer: layer, key: "\(path).keyPath")
        if case .motion(_, _, let rotation) = spec.kind {
            guard lens.name == "position" else { throw LayerError(message: "a path animates position only, not '\(lens.name)'", node: id, key: "\(path).path") }
            if rotation != nil { lens = LayerLens.positionTurning }
        }
        func vector(_ value: LayerValue?, _ key: String) throws(LayerError) -> [Double]? {
            guard let value else { return nil }
            return try Self.vector(value, for: lens, layer: layer, key: "\(path).\(key)")
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
                throw LayerError(message: problem.description, node: id, key: path)
            }
            if duration == nil {
                do throws(AnimationError) {
                    duration = try spring.defaultAnimationDuration()
                } catch let problem {
                    throw LayerError(message: problem.description, node: id, key: "\(path).duration")
                }
            }
            kind = .spring(from: try vector(from, "from"), to: try vector(to, "to"), by: try vector(by, "by"), spring: spring)
        case .keyframe(let values, let keyTimes, let timingFunctions, let mode):
            var vectors: [[Double]] = []
            for (index, value) in values.enumerated() {
                vectors.append(try Self.vector(value, for: lens, layer: layer, key: "\(path).values[\(index)]"))
            }
            kind = .keyframe(values: vectors, keyTimes: keyTimes, timingFunctions: timingFunctions, calculationMode: mode)
        case .motion(let motionPath, let mode, let rotation):
            let (values, keyTimes) = try Self.motionKeyframes(along: motionPath, mode: mode, rotation: rotation, node: layer.id, key: "\(path).path")
            kind = .keyframe(values: values, keyTimes: keyTimes, timingFunctions: nil, calculationMode: mode == .discrete ? .discrete : .linear)
        case .group:
            throw LayerError(message: "an animation group has no key path of its own", node: id, key: path)
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
            throw LayerError(message: problem.description, node: id, key: "\(path) (\(name))")
        }
    }

    /// The most points a motion path is followed through (flattened within 0.1 units).
    public static let maximumMotionPoints = 10_000

    /// The keyframes of `position` along `path`: the path flattened within 0.1 units, each point
    /// timed by its distance along the path (`paced`), or each path segment given the same time
    /// with its points timed by distance within it (the other modes; `discrete` keeps only the
    /// segments' ends). With a `rotation`, each value carries the direction of travel there
    /// (unwrapped, so the turn never jumps a whole turn; half a turn more for `autoReverse`).
    package static func motionKeyframes(
        along path: Path, mode: CalculationMode, rotation: LayerAnimation.RotationMode?, node: String?, key: String
    ) throws(LayerError) -> (values: [[Double]], keyTimes: [Double]) {
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
                throw LayerError(message: "the path needs more than \(Self.maximumMotionPoints) points to follow within 0.1 units: simplify it", node: node, key: key)
            }
        }
        guard !segments.isEmpty else { throw LayerError(message: "the path has no segment to move along", node: node, key: key) }
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
        try Self.checkMagnitude(points.flatMap { [$0.x, $0.y] }, node: node, key: key)
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
    package static func vector(_ value: LayerValue, for lens: LayerLens, layer: Layer, key: String) throws(LayerError) -> [Double] {
        let id = layer.id
        let wrong = LayerError(message: "must be \(lens.type.expected) for '\(lens.name)'", node: id, key: key)
        switch (lens.type, value) {
        case (.number, .number(let number)):
            guard number.isFinite else { throw wrong }
            try Self.checkMagnitude([number], node: id, key: key)
            if lens.name.hasSuffix("gaussianBlur.inputRadius"), number < 0 || number > Group.maximumBlur {
                throw LayerError(message: "must be from 0 to \(Int(Group.maximumBlur)) (a Gaussian's standard deviation), got \(number)", node: id, key: key)
            }
            if lens.name.hasSuffix(".perspective"), number <= 0 {
                throw LayerError(message: "must be a distance above 0 (the eye's distance from the plane: m34 = -1/distance), got \(number)", node: id, key: key)
            }
            return [number]
        case (.point, .numbers(let list)), (.size, .numbers(let list)):
            guard list.count == 2, list.allSatisfy(\.isFinite) else { throw wrong }
            try Self.checkMagnitude(list, node: id, key: key)
            return list
        case (.color, .color(let color)):
            let vector = animationVector(color)
            guard vector.allSatisfy(\.isFinite) else { throw wrong }
            return vector
        case (.bool, .bool(let flag)):
            return [flag ? 1 : 0]
        case (.path, .path(let path)):
            try Self.checkMagnitude(path.components, node: id, key: key)
            guard case .shape(let shape) = layer.content, path.hasSameStructure(as: shape.path) else {
                throw LayerError(message: "a path value must have the same commands as the layer's path (after H, V, S, T and A are converted)", node: id, key: key)
            }
            return path.components
        case (.colors, .colors(let colors)):
            let count = lens.value(of: layer).count / 4
            guard colors.count == count else {
                throw LayerError(message: "must be \(count) colours, as many as the layer's colors (a gradient's colours animate one to one)", node: id, key: key)
            }
            return colors.flatMap(animationVector)
        case (.numbers, .numbers(let list)):
            let count = lens.value(of: layer).count
            guard list.count == count, list.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 1 }) else {
                throw LayerError(message: "must be \(count) numbers from 0 to 1, one per colour of the layer", node: id, key: key)
            }
            return list
        default:
            throw wrong
        }
    }

    /// `event` checked for `layer`, as the action a scene applies. Errors name `path`.
    package static func action(_ event: LayerEvent, path: String, layer: Layer) throws(LayerError) -> SceneEvent.Action {
        switch event {
        case .setValue(let name, let value, let animated, let duration):
            let lens = try lens(name, layer: layer, key: "\(path).keyPath")
            let vector = try Self.vector(value, for: lens, layer: layer, key: "\(path).value")
            if let duration { guard duration >= 0, duration <= 1e6 else { throw LayerError(message: "must be between 0 and 1000000 seconds", key: "\(path).duration") } }
            return .setValue(keyPath: lens.name, value: vector, animated: animated, duration: duration)
        case .addAnimation(let spec, let key):
            let (keyed, _) = try Self.animation(spec, path: "\(path).animation", layer: layer)
            return .addAnimation(keyed, key: key)
        case .removeAnimation(let key):
            return .removeAnimation(key: key)
        }
    }
}

extension Path {
    /// The keyframes of `position` moving along this path, as a `CAKeyframeAnimation` with a
    /// `path` moves it: values `[x, y]` (and the direction of travel in radians as a third
    /// number under a `rotation` mode) at key times 0 ... 1, for
    /// `PropertyAnimation.Kind.keyframe` (`.discrete` for `discrete`, else `.linear`). Throws
    /// for a path with no segment, one that needs more than `Layer.maximumMotionPoints` points,
    /// or coordinates beyond `Layer.maximumValue`.
    public func motionKeyframes(mode: CalculationMode, rotation: LayerAnimation.RotationMode? = nil) throws(LayerError) -> (values: [[Double]], keyTimes: [Double]) {
        try Layer.motionKeyframes(along: self, mode: mode, rotation: rotation, node: nil, key: "path")
    }
}

extension Scene {
    /// The latest time an event or a duration may have, in seconds: a documented limit.
    public static let maximumTime = 1e7

    /// Schedules `event` for the layer (or widget) called `target` at `time` seconds, checked
    /// as a scene file's event is: the target must exist, the key path and value must fit it.
    /// Events may be scheduled in any order: they take effect in time order, events at one
    /// time in the order scheduled. A top-level widget is wrapped in a layer to take it.
    public mutating func schedule(_ event: LayerEvent, on target: String, at time: Double) throws(LayerError) {
        let path = try checkSchedule(target: target, at: time)
        guard let layer = layer(id: target) else { throw LayerError(message: "no node has id '\(target)'", key: "\(path).target") }
        apply([SceneEvent(at: time, target: target, action: try Layer.action(event, path: path, layer: layer))])
    }

    /// Schedules one of a widget's own events (`CountingLabel.Event.count(…)`, …) for the widget
    /// called `target` at `time` seconds; the widget must take events of that type.
    public mutating func schedule(widgetEvent event: some Hashable & Sendable, on target: String, at time: Double) throws(LayerError) {
        let path = try checkSchedule(target: target, at: time)
        guard let layer = layer(id: target) else { throw LayerError(message: "no node has id '\(target)'", key: "\(path).target") }
        let erased = WidgetEvent(event)
        guard case .widget(let node) = layer.content, case .widget(_, let widget) = node, widget.takes(erased) else {
            throw LayerError(message: "'\(target)' is a \(layer.typeName), which takes no \(type(of: event)) events", key: "\(path).type")
        }
        apply([SceneEvent(at: time, target: target, action: .widget(erased))])
    }

    /// Checks `time` (finite, 0 or more, within `maximumTime`) and returns the name errors use
    /// for the event.
    private func checkSchedule(target: String, at time: Double) throws(LayerError) -> String {
        let path = "events['\(target)' at \(time) s]"
        guard time.isFinite, time >= 0 else { throw LayerError(message: "must be a finite number of seconds, 0 or more", key: "\(path).at") }
        guard time <= Self.maximumTime else {
            throw LayerError(message: "\(time) is beyond the limit of \(Int(Self.maximumTime)) s", key: "\(path).at")
        }
        return path
    }
}

extension Scene {
    /// The layer called `id`, anywhere in the tree; a top-level widget as the layer that would
    /// hold it.
    public func layer(id: String) -> Layer? {
        location(of: id).map(layer(at:))
    }

    /// The layer at `location` (from `location(of:)` or `locations()`); a top-level widget as
    /// the layer that would hold it.
    package func layer(at location: (node: Int, path: [Int])) -> Layer {
        let (index, path) = location
        switch nodes[index] {
        case .layer(let root): return root[path: path]
        case let node: return Layer.wrapping(node)
        }
    }
}
