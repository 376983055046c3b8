#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Robert Penner's easing equations: ten families, each in, out and in-out.
///
/// Constants as published: back overshoot 1.70158 (in-out × 1.525), elastic period 0.3 (in-out
/// 0.45), bounce 7.5625 with breakpoints 1/2.75, 2/2.75, 2.5/2.75. Ease-in-bounce is
/// 1 − bounceOut(1 − t) (UICountingLabel's own ease-in-bounce is broken).
public struct Penner: Sendable, Hashable {
    /// The ten families of equations.
    public enum Family: String, Sendable, Hashable, CaseIterable {
        /// Polynomial (quad to quint) and sine families.
        case quad = "Quad", cubic = "Cubic", quart = "Quart", quint = "Quint", sine = "Sine"
        /// Exponential, circular, overshooting (back), springy (elastic) and bouncing families.
        case expo = "Expo", circ = "Circ", back = "Back", elastic = "Elastic", bounce = "Bounce"
    }

    /// Which end eases: the start (`easeIn`), the end (`easeOut`) or both (`easeInOut`).
    public enum Direction: String, Sendable, Hashable, CaseIterable {
        /// The start eases, the end eases, or both.
        case `in` = "easeIn", out = "easeOut", inOut = "easeInOut"
    }

    /// The family of the equation.
    public let family: Family
    /// Which end eases.
    public let direction: Direction

    /// The curve of `family` easing at `direction`.
    public init(_ family: Family, _ direction: Direction) {
        self.family = family
        self.direction = direction
    }

    /// The published name, e.g. `easeInOutCubic`.
    public var name: String { direction.rawValue + family.rawValue }

    /// Every curve of the set, by name.
    public static let all: [Penner] = Family.allCases.flatMap { family in Direction.allCases.map { Penner(family, $0) } }

    /// Progress through the values at progress `t` through the time; 0 at 0 and 1 at 1, clamped outside.
    public func value(at t: Double) -> Double {
        if t <= 0 { return 0 }
        if t >= 1 { return 1 }
        switch direction {
        case .in: return Self.easeIn(family, t)
        case .out: return 1 - Self.easeIn(family, 1 - t)
        case .inOut: return Self.easeInOut(family, t)
        }
    }

    private static let back = 1.70158
    private static let backInOut = back * 1.525

    /// Each family's ease-in; ease-outs are its mirror image.
    private static func easeIn(_ family: Family, _ t: Double) -> Double {
        switch family {
        case .quad: return t * t
        case .cubic: return t * t * t
        case .quart: return t * t * t * t
        case .quint: return t * t * t * t * t
        case .sine: return 1 - cos(t * Double.pi / 2)
        case .expo: return pow(2, 10 * t - 10)
        case .circ: return 1 - (1 - t * t).squareRoot()
        case .back: return (back + 1) * t * t * t - back * t * t
        case .elastic: return -pow(2, 10 * t - 10) * sin((t * 10 - 10.75) * (2 * Double.pi / 3))
        case .bounce: return 1 - bounceOut(1 - t)
        }
    }

    private static func easeInOut(_ family: Family, _ t: Double) -> Double {
        switch family {
        case .back:
            return t < 0.5
                ? (pow(2 * t, 2) * ((backInOut + 1) * 2 * t - backInOut)) / 2
                : (pow(2 * t - 2, 2) * ((backInOut + 1) * (t * 2 - 2) + backInOut) + 2) / 2
        case .elastic:
            let c5 = 2 * Double.pi / 4.5
            return t < 0.5
                ? -(pow(2, 20 * t - 10) * sin((20 * t - 11.125) * c5)) / 2
                : pow(2, -20 * t + 10) * sin((20 * t - 11.125) * c5) / 2 + 1
        case .bounce:
            return t < 0.5 ? (1 - bounceOut(1 - 2 * t)) / 2 : (1 + bounceOut(2 * t - 1)) / 2
        default:
            // The in-curve on the first half, its mirror on the second.
            return t < 0.5 ? easeIn(family, 2 * t) / 2 : 1 - easeIn(family, 2 - 2 * t) / 2
        }
    }

    static func bounceOut(_ t: Double) -> Double {
        let n1 = 7.5625
        let d1 = 2.75
        if t < 1 / d1 {
            return n1 * t * t
        } else if t < 2 / d1 {
            let u = t - 1.5 / d1
            return n1 * u * u + 0.75
        } else if t < 2.5 / d1 {
            let u = t - 2.25 / d1
            return n1 * u * u + 0.9375
        } else {
            let u = t - 2.625 / d1
            return n1 * u * u + 0.984375
        }
    }
}
