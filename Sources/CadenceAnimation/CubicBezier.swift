/// A cubic Bézier timing function from (0, 0) to (1, 1), as `CAMediaTimingFunction`.
///
/// x₁ and x₂ must lie in 0 ... 1 so that x grows with the parameter and each time has one value;
/// y₁ and y₂ may overshoot. `value(at:)` solves x(s) = t by Newton's method from a good first
/// guess, falling back to bisection where the slope is too flat for Newton, to 1e-12 in x: the
/// value is accurate to well within 1e-7.
public struct CubicBezier: Sendable, Hashable {
    /// The first control point's x, 0 ... 1.
    public let x1: Double
    /// The first control point's y (outside 0 ... 1 overshoots).
    public let y1: Double
    /// The second control point's x, 0 ... 1.
    public let x2: Double
    /// The second control point's y (outside 0 ... 1 overshoots).
    public let y2: Double

    /// The curve through (0, 0), (`x1`, `y1`), (`x2`, `y2`), (1, 1), as `CAMediaTimingFunction(controlPoints:)`; throws when an x is outside 0 ... 1 or a value is not finite.
    public init(x1: Double, y1: Double, x2: Double, y2: Double) throws(CurveError) {
        guard [x1, y1, x2, y2].allSatisfy(\.isFinite) else { throw .bezierNotFinite }
        guard (0...1).contains(x1), (0...1).contains(x2) else { throw .bezierXOutOfRange(x1: x1, x2: x2) }
        self.init(uncheckedX1: x1, y1: y1, x2: x2, y2: y2)
    }

    init(uncheckedX1 x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }

    /// One coordinate of the curve at parameter `s`, with the end points 0 and 1:
    /// 3(1−s)²s·p1 + 3(1−s)s²·p2 + s³, in Horner form.
    @inline(__always)
    private static func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        let a = 1 - c - b
        return ((a * s + b) * s + c) * s
    }

    @inline(__always)
    private static func derivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        let a = 1 - c - b
        return (3 * a * s + 2 * b) * s + c
    }

    /// The parameter s where x(s) = `x`.
    public func parameter(forX x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let error = Self.coordinate(s, x1, x2) - x
            if abs(error) < 1e-12 { return s }
            let slope = Self.derivative(s, x1, x2)
            if abs(slope) < 1e-6 { break }
            s -= error / slope
        }
        var low = 0.0
        var high = 1.0
        s = x
        for _ in 0..<64 {
            let value = Self.coordinate(s, x1, x2)
            if abs(value - x) < 1e-12 { return s }
            if value < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }

    /// y at x = `t`.
    public func value(at t: Double) -> Double {
        if t <= 0 { return 0 }
        if t >= 1 { return 1 }
        return Self.coordinate(parameter(forX: t), y1, y2)
    }
}
