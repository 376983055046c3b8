import CadenceAnimation
import CadenceDraw
import CadenceLayers

/// A rounded rectangle in a scene, optionally moving.
public struct ShapeNode: Sendable, Hashable {
    /// The node's id.
    public var id: String
    /// Where the node sits when its motion is at its start.
    public var frame: Rect
    /// The corners' radius.
    public var cornerRadius: Double = 0
    /// The fill colour.
    public var fill: Color = .white
    /// The stroke colour, inside the edge.
    public var stroke: Color = .clear
    /// The stroke's width; 0 for none.
    public var strokeWidth: Double = 0
    /// How the node moves; nil when it stays put.
    public var motion: Motion?

    /// A white, square-cornered rectangle called `id` in `frame`, not moving.
    public init(id: String, frame: Rect) {
        self.id = id
        self.frame = frame
    }

    /// The shape drawn at `time`.
    public func shape(at time: Double) -> RoundedRect {
        var rect = frame
        if let motion {
            let moved = motion.displacement(at: time)
            rect = frame.offsetBy(dx: moved.x, dy: moved.y)
        }
        return RoundedRect(rect: rect, cornerRadius: cornerRadius, fill: fill, stroke: stroke, strokeWidth: strokeWidth)
    }

    /// The shape drawn at `time` under `motion`: its `motion` follows the rule of the layer
    /// animation it stands for (a fade-through under `reduced`); nil when faded out entirely.
    public func shape(at time: Double, motion setting: MotionSetting) -> RoundedRect? {
        guard let animation = motion?.animation else { return shape(at: time) }
        let shown = animation.reducedMotion(setting.rule(default: .fade), at: time)
        guard shown.opacity > 0 else { return nil }
        var shape = self.shape(at: shown.time)
        shape.fill.alpha *= shown.opacity
        shape.stroke.alpha *= shown.opacity
        return shape
    }
}

extension ShapeNode: Widget {
    /// Scene files call it a rounded rectangle, after what it draws.
    public static let typeName = "RoundedRect"
    /// The keys the node's `attributes` take, in the order messages list them.
    public static let attributeKeys = ["cornerRadius", "fill", "stroke", "strokeWidth"]
    /// `motion`: `{"by": [dx, dy], "duration": 1, "delay": 0, "autoreverses": false, "repeats": false}`.
    public static let nodeKeys = ["motion"]

    /// Reads the shape; its id is the node's.
    public init(frame: Rect, attributes: SceneAttributes) throws(SceneError) {
        self.init(id: attributes.nodeID ?? "", frame: frame)
        if let radius = try attributes.number("cornerRadius") {
            guard radius >= 0 else { throw attributes.error("must not be negative", key: "cornerRadius") }
            cornerRadius = radius
        }
        if let fill = try attributes.color("fill") { self.fill = fill }
        if let stroke = try attributes.color("stroke") { self.stroke = stroke }
        if let width = try attributes.number("strokeWidth") {
            guard width >= 0 else { throw attributes.error("must not be negative", key: "strokeWidth") }
            strokeWidth = width
        }
        if let motion = try attributes.node?.object("motion", known: ["by", "duration", "delay", "autoreverses", "repeats"]) {
            self.motion = try Motion(reading: motion)
        }
    }

    /// Draws what the widget shows at `time`: its own drawing, with the context's fonts and images.
    public func draw(at time: Double, context: DrawContext, into list: inout DisplayList) {
        guard let shape = shape(at: time, motion: context.motion) else { return }
        list.roundedRect(shape)
    }
}
