import CadenceDraw

/// A scene: a canvas size, a background and nodes whose looks are pure functions of time.
///
/// `displayList(at:)` can be asked for any time in any order; nothing is accumulated between
/// frames, so frame 1 000 renders without frames 0 ... 999.
public struct Scene: Sendable, Hashable {
    public var name: String
    public var size: Size
    public var background: Color
    public var nodes: [ShapeNode]

    public init(name: String, size: Size, background: Color, nodes: [ShapeNode] = []) {
        self.name = name
        self.size = size
        self.background = background
        self.nodes = nodes
    }

    /// What the scene shows at `time` seconds from its start, at its own size.
    public func displayList(at time: Double) -> DisplayList {
        var list = DisplayList(size: size, background: background)
        for node in nodes {
            list.roundedRect(node.shape(at: time))
        }
        return list
    }
}

/// A rounded rectangle in a scene, optionally moving.
public struct ShapeNode: Sendable, Hashable {
    public var id: String
    /// Where the node sits when its motion is at its start.
    public var frame: Rect
    public var cornerRadius: Double = 0
    public var fill: Color = .white
    public var stroke: Color = .clear
    public var strokeWidth: Double = 0
    public var motion: Motion?

    public init(id: String, frame: Rect) {
        self.id = id
        self.frame = frame
    }

    /// The shape drawn at `time`.
    public func shape(at time: Double) -> RoundedRect {
        var rect = frame
        if let motion {
            let progress = motion.progress(at: time)
            rect = frame.offsetBy(dx: motion.offset.x * progress, dy: motion.offset.y * progress)
        }
        return RoundedRect(rect: rect, cornerRadius: cornerRadius, fill: fill, stroke: stroke, strokeWidth: strokeWidth)
    }
}

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

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
