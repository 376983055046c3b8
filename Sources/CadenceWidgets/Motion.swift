import CadenceAnimation
import CadenceDraw
import CadenceLayers

/// The `motion` shorthand of a `RoundedRect` node: a move by `offset` over `duration` seconds
/// after `delay`, eased in and out (a half cosine), optionally back again (`autoreverses`) and
/// for ever (`repeats`).
///
/// It is no animation system of its own: it stands for one additive Core Animation animation of
/// the node's offset, `animation`, which is what runs — the same as the layer animation
/// `{"keyPath": "position", "by": [dx, dy], "additive": true, "timingFunction": "easeInOutSine",
/// "beginTime": delay, "duration": duration, "autoreverses": …, "repeatCount": "infinity" when
/// repeating, "fillMode": "forwards"}`.
public struct Motion: Sendable, Hashable {
    /// How far the node moves.
    public var offset: Point
    /// Seconds one move takes.
    public var duration: Double
    /// Seconds before it starts.
    public var delay: Double = 0
    /// Whether it moves back again after each move.
    public var autoreverses = false
    /// Whether it repeats for ever.
    public var repeats = false

    /// A move by `offset` over `duration` seconds after `delay`, once and one way unless told.
    public init(offset: Point, duration: Double, delay: Double = 0, autoreverses: Bool = false, repeats: Bool = false) {
        self.offset = offset
        self.duration = duration
        self.delay = delay
        self.autoreverses = autoreverses
        self.repeats = repeats
    }

    /// The animation the shorthand stands for, over an offset of (0, 0); nil when its numbers
    /// are out of range (a negative or non-finite duration or delay: the reader refuses those).
    public var animation: PropertyAnimation? {
        guard let timing = try? AnimationTiming(
            beginTime: delay, duration: duration, repeatCount: repeats ? .infinity : 1, autoreverses: autoreverses, fillMode: .forwards
        ) else { return nil }
        return try? PropertyAnimation(
            kind: .basic(from: nil, to: nil, by: [offset.x, offset.y], timingFunction: .penner(Penner(.sine, .inOut))),
            timing: timing, isAdditive: true
        )
    }

    /// How far the node has moved at `time`: zero before `delay`; after a finite motion, where
    /// it ended.
    public func displacement(at time: Double) -> Point {
        guard let value = animation?.value(at: time, base: [0, 0]) else { return .zero }
        return Point(x: value[0], y: value[1])
    }
}

extension Motion {
    /// Reads a motion object: `by` and `duration` required, `delay` not negative.
    init(reading motion: SceneAttributes) throws(SceneError) {
        guard let by = try motion.numbers("by", count: 2) else { throw motion.error("missing", key: "by") }
        guard let duration = try motion.number("duration") else { throw motion.error("missing", key: "duration") }
        guard duration >= 0 else { throw motion.error("must not be negative", key: "duration") }
        let delay = try motion.number("delay") ?? 0
        guard delay >= 0 else { throw motion.error("must not be negative", key: "delay") }
        self.init(
            offset: Point(x: by[0], y: by[1]), duration: duration, delay: delay,
            autoreverses: try motion.bool("autoreverses") ?? false,
            repeats: try motion.bool("repeats") ?? false
        )
    }
}
