import CadenceAnimation
import CadenceDraw

/// What happens to one layer over time: model values set at times (`setValue`), and animations
/// added and removed at times, each by key path. Recorded once, in time order, when the scene's
/// events are applied; the layer at any `t` is computed from the records.
public struct LayerTimeline: Sendable {
    /// A model value set at a time.
    struct Change: Sendable {
        var time: Double
        var keyPath: LayerLens
        var value: [Double]
    }

    /// An implicit animation that took over from a running one of the same key path.
    struct Retarget: Sendable {
        /// Where the running animation was going.
        var oldTarget: [Double]
        /// Where the new one goes.
        var newTarget: [Double]
        /// The velocity the new one starts with, per second (a spring's carried on; 0 for a curve).
        var velocity: [Double]
    }

    /// An animation on the layer from `added` until `removed`.
    struct Entry: Sendable {
        var key: String?
        var keyPath: LayerLens
        var animation: PropertyAnimation
        var added: Double
        var removed = Double.infinity
        var retarget: Retarget?
    }

    var changes: [Change] = []

    /// How many animations have been added, removed ones included: what names the next one
    /// (`animations[N]`) in the Swift API's errors.
    package var animationCount: Int { entries.count }
    var entries: [Entry] = []

    /// An empty timeline: the layer is its model value at every time.
    public init() {}

    /// Nothing recorded: the layer is its model value at every time.
    public var isEmpty: Bool { changes.isEmpty && entries.isEmpty }
}

extension Layer {
    /// The duration of an implicit animation, as Core Animation's: 0.25 s (on ease in ease out).
    public static let implicitAnimationDuration = 0.25

    /// The layer as it shows at `time`: model values set until then, with every animation in
    /// effect applied over them in the order they were added (an additive one adds to what lies
    /// beneath; a later one on the same key path wins).
    public func presentation(at time: Double) -> Layer {
        guard !timeline.isEmpty else { return self }
        var layer = model(at: time)
        for entry in timeline.entries where entry.added <= time && time < entry.removed {
            let base = entry.keyPath.read(layer)
            if let value = entry.animation.value(at: time, base: base, discrete: entry.keyPath.isDiscrete) {
                entry.keyPath.write(&layer, value)
            }
        }
        return layer
    }

    /// The layer as it shows at `time` under `motion`: as `presentation(at:)` under `full`;
    /// otherwise each animation follows its rule (`PropertyAnimation.reducedMotion(_:at:)`):
    /// movement key paths fade under `fade` (the fades multiply the layer's opacity), every
    /// animation jumps under `jump`, nothing changes under `keep`.
    public func presentation(at time: Double, motion: MotionSetting) -> Layer {
        let rule = motion.overridden(by: reducedMotion).rule(default: .fade)
        guard rule != .keep, !timeline.isEmpty else { return presentation(at: time) }
        var layer = model(at: time)
        var fade = 1.0
        for entry in timeline.entries where entry.added <= time && time < entry.removed {
            let own = rule == .fade && !entry.keyPath.isMovement ? ReducedMotion.keep : rule
            let shown = entry.animation.reducedMotion(own, at: time)
            let base = entry.keyPath.read(layer)
            if let value = entry.animation.value(at: shown.time, base: base, discrete: entry.keyPath.isDiscrete) {
                entry.keyPath.write(&layer, value)
            }
            fade *= shown.opacity
        }
        layer.properties.opacity *= fade
        return layer
    }

    /// The model value at `time`: values set at or before it applied in order.
    public func model(at time: Double) -> Layer {
        var layer = self
        for change in timeline.changes where change.time <= time {
            change.keyPath.write(&layer, change.value)
        }
        return layer
    }

    /// Adds `animation` at `time` (its `beginTime` counts from then), replacing the animation
    /// of the same key, as `CALayer.add(_:forKey:)`.
    public mutating func add(_ animation: PropertyAnimation, keyPath: LayerLens, forKey key: String?, at time: Double) {
        add([(animation, keyPath)], forKey: key, at: time)
    }

    /// Adds the animations of one group (`CAAnimationGroup`) at `time` under one `key`,
    /// replacing what was added under it: each begins from `time` (a grouped one through its
    /// outermost group), and removing the key removes them all.
    public mutating func add(_ animations: [(PropertyAnimation, LayerLens)], forKey key: String?, at time: Double) {
        if let key { removeAnimation(forKey: key, at: time) }
        for (animation, keyPath) in animations {
            var animation = animation
            if animation.groups.isEmpty {
                animation.timing.beginTime += time
            } else {
                animation.groups[0].beginTime += time
            }
            timeline.entries.append(LayerTimeline.Entry(key: key, keyPath: keyPath, animation: animation, added: time))
        }
    }

    /// Ends the animation added under `key` at `time`; nothing when there is none.
    public mutating func removeAnimation(forKey key: String, at time: Double) {
        for index in timeline.entries.indices where timeline.entries[index].key == key && timeline.entries[index].removed > time {
            timeline.entries[index].removed = time
        }
    }

    /// Sets the model value of `keyPath` at `time`. Animated, it moves there from what shows at
    /// that moment: over `duration` (0.25 s by default) on Core Animation's ease-in-ease-out
    /// curve, or, where a spring animation of that key path is running, on the same spring
    /// carrying its velocity on. Either way under the key path's name, replacing the last
    /// implicit animation of it.
    public mutating func setValue(_ value: [Double], for keyPath: LayerLens, animated: Bool, duration: Double? = nil, at time: Double) {
        let shown = keyPath.read(presentation(at: time))
        // The running animation of this key path this one takes over from, and where it was going.
        let below = keyPath.read(model(at: time))
        let replaced = timeline.entries.last { entry in
            entry.keyPath.name == keyPath.name && entry.added <= time && time < entry.removed && time < entry.animation.endTime
        }
        let previousTarget = replaced.map { entry in entry.animation.target ?? entry.animation.value(at: entry.animation.endTime.nextDown, base: below) ?? below }
        let running = timeline.entries.last { entry in
            guard entry.keyPath.name == keyPath.name, entry.added <= time, time < entry.removed,
                  case .spring = entry.animation.kind else { return false }
            return time < entry.animation.endTime
        }
        timeline.changes.append(LayerTimeline.Change(time: time, keyPath: keyPath, value: value))
        guard animated, !keyPath.isDiscrete, shown.count == value.count, shown != value else { return }
        var animation: PropertyAnimation?
        var carriedVelocity = [Double](repeating: 0, count: value.count)
        if let running, case .spring(_, _, _, let spring) = running.animation.kind {
            // Keep the motion going: the velocity along the new distance, in distances per second.
            let below = keyPath.read(model(at: time))
            let velocity = running.animation.velocity(at: time, base: below)
            let distance = zip(value, shown).map { $0 - $1 }
            let squared = distance.reduce(0) { $0 + $1 * $1 }
            let along = squared > 0 ? zip(velocity, distance).reduce(0) { $0 + $1.0 * $1.1 } / squared : 0
            if let carried = try? Spring(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping, initialVelocity: along.isFinite ? along : 0),
               let timing = try? AnimationTiming(beginTime: 0, duration: duration ?? PropertyAnimation.settlingDuration(of: carried)) {
                animation = try? PropertyAnimation(kind: .spring(from: shown, to: value, by: nil, spring: carried), timing: timing)
                if animation != nil, along.isFinite { carriedVelocity = distance.map { $0 * along } }
            }
        }
        if animation == nil, let timing = try? AnimationTiming(beginTime: 0, duration: duration ?? Layer.implicitAnimationDuration) {
            animation = try? PropertyAnimation(kind: .basic(from: shown, to: value, by: nil, timingFunction: .caEaseInEaseOut), timing: timing)
        }
        if let animation {
            add(animation, keyPath: keyPath, forKey: keyPath.name, at: time)
            if let previousTarget {
                timeline.entries[timeline.entries.count - 1].retarget = LayerTimeline.Retarget(oldTarget: previousTarget, newTarget: value, velocity: carriedVelocity)
            }
        }
    }

    /// Applies a scripted event at `time`: the layer events to the layer itself, the others to
    /// the widget it holds (with the scene's shared image cache).
    mutating func apply(_ action: SceneEvent.Action, at time: Double, imageCache: inout ImageCache) {
        switch action {
        case .setValue(let keyPath, let value, let animated, let duration):
            guard let lens = LayerLens.named(keyPath) else { return }
            setValue(value, for: lens, animated: animated, duration: duration, at: time)
        case .addAnimation(let animation, let key):
            guard let lens = LayerLens.named(animation.keyPath) else { return }
            add(animation.animation, keyPath: lens, forKey: key, at: time)
        case .removeAnimation(let key):
            removeAnimation(forKey: key, at: time)
        default:
            guard case .widget(var node) = content else { return }
            node.apply(action, at: time, imageCache: &imageCache)
            content = .widget(node)
        }
    }

    /// A layer that holds `node` as its content, placed where the node's frame was, so that the
    /// widget can take layer properties and animations.
    public static func wrapping(_ node: Node) -> Layer {
        var layer = Layer(id: node.id, content: .widget(node))
        layer.properties.setFrame(node.frame)
        return layer
    }
}

/// An animation with the key path it animates, as a scene names it.
public struct KeyedAnimation: Sendable, Hashable {
    /// The key path, as scene files name it.
    public var keyPath: String
    /// The animation, over the key path's vector.
    public var animation: PropertyAnimation

    /// `animation` of `keyPath`.
    public init(keyPath: String, animation: PropertyAnimation) {
        self.keyPath = keyPath
        self.animation = animation
    }
}
