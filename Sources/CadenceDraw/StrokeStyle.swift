/// How an open polyline's ends are drawn, as `CAShapeLayerLineCap`.
public enum LineCap: String, Sendable, Hashable, CaseIterable {
    /// The stroke stops square at the end point.
    case butt
    /// A half disc of the stroke's width around the end point.
    case round
    /// The stroke goes on square for half its width past the end point.
    case square
}

/// How a stroke turns at a polyline's corners, as `CAShapeLayerLineJoin`.
public enum LineJoin: String, Sendable, Hashable, CaseIterable {
    /// The outer edges extend until they meet, unless the point would be farther than the miter
    /// limit allows: then a bevel.
    case miter
    /// A disc of the stroke's width around the corner.
    case round
    /// The outer edges' ends joined by a straight line.
    case bevel
}

/// The stroke properties of a `CAShapeLayer`, with its defaults.
///
/// Dashing (`lineDashPattern`, `lineDashPhase`) is applied with `Array<Polyline>.dashed(pattern:phase:)`
/// before outlining with `strokeOutline(_:tolerance:)`.
public struct StrokeStyle: Sendable, Hashable {
    /// The stroke's width, centred on the line; 1 by default.
    public var lineWidth: Double
    /// The ends of open polylines; `.butt` by default.
    public var lineCap: LineCap
    /// The corners; `.miter` by default.
    public var lineJoin: LineJoin
    /// The longest miter allowed, as a multiple of `lineWidth`; 10 by default, as `CAShapeLayer`.
    public var miterLimit: Double
    /// Lengths of dashes and gaps, alternating, starting with a dash; empty for a solid line.
    public var lineDashPattern: [Double]
    /// How far into the dash pattern the line starts; 0 by default.
    public var lineDashPhase: Double

    /// A stroke style; every argument defaults to `CAShapeLayer`'s default.
    public init(
        lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: Double = 10,
        lineDashPattern: [Double] = [], lineDashPhase: Double = 0
    ) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.lineDashPattern = lineDashPattern
        self.lineDashPhase = lineDashPhase
    }
}
