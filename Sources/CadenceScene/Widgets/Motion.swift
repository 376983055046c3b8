import CadenceDraw
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A move by `offset` over `duration` seconds after `delay`, eased in and out (a half cosine),
/// optionally back again (`autoreverses`) and forever (`repeats`).
public struct Motion: Sendable, Hashable {
    public var offset: Point
    public var duration: Double
    public var delay: Double = 0
    public var autoreverses = false
    public var repeats = false

    public init(offset: Point, duration: Double, delay: Double = 0, autoreverses: Bool = false, repeats: Bool = false) {
        self.offset = offset
        self.duration = duration
        self.delay = delay
        self.autoreverses = autoreverses
        self.repeats = repeats
    }

    /// How far along the move is at `time`: 0 at the start, 1 at `offset`. Before `delay` the
    /// node waits at its start; after a finite motion it stays where the motion ended.
    public func progress(at time: Double) -> Double {
        guard duration > 0 else { return time >= delay ? (autoreverses ? 0 : 1) : 0 }
        let cycle = autoreverses ? 2.0 : 1.0
        var phase = max(time - delay, 0) / duration
        if repeats {
            phase = phase.truncatingRemainder(dividingBy: cycle)
        } else {
            phase = min(phase, cycle)
        }
        if phase > 1 { phase = 2 - phase }
        return (1 - cos(Double.pi * phase)) / 2
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
