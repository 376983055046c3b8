#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A damped spring, as `CASpringAnimation`: mass, stiffness, damping and initial velocity, solved
/// in closed form (under-, critically and over-damped), evaluated in seconds.
///
/// `initialVelocity` is in units of the whole distance per second, positive toward the target,
/// as Core Animation's. `value(at:)` is progress from 0 (start) to 1 (target); it may overshoot.
///
/// ```swift
/// let spring = try Spring(dampingRatio: 0.825, response: 0.5)   // SwiftUI's default spring
/// spring.value(at: spring.settlingDuration)  // within 0.001 of 1
/// ```
public struct Spring: Sendable, Hashable {
    /// The moving mass (`CASpringAnimation.mass`), above 0.
    public let mass: Double
    /// The spring constant (`stiffness`), above 0.
    public let stiffness: Double
    /// The damping coefficient (`damping`), 0 or more.
    public let damping: Double
    /// The starting speed, in distances (from start to target) per second.
    public let initialVelocity: Double

    /// Core Animation's defaults: mass 1, stiffness 100, damping 10, velocity 0.
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) throws(CurveError) {
        guard mass.isFinite, mass > 0 else { throw .invalidSpring("mass must be a finite number above 0, got \(mass)") }
        guard stiffness.isFinite, stiffness > 0 else { throw .invalidSpring("stiffness must be a finite number above 0, got \(stiffness)") }
        guard damping.isFinite, damping >= 0 else { throw .invalidSpring("damping must be a finite number, 0 or more, got \(damping)") }
        guard initialVelocity.isFinite else { throw .invalidSpring("initial velocity must be finite, got \(initialVelocity)") }
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
    }

    /// The SwiftUI/UIKit parameterisation, converted exactly:
    /// stiffness = (2π / response)² · mass, damping = 4π · dampingRatio · mass / response.
    public init(dampingRatio: Double, response: Double, mass: Double = 1, initialVelocity: Double = 0) throws(CurveError) {
        guard dampingRatio.isFinite, dampingRatio >= 0 else { throw .invalidSpring("damping ratio must be a finite number, 0 or more, got \(dampingRatio)") }
        guard response.isFinite, response > 0 else { throw .invalidSpring("response must be a finite number of seconds above 0, got \(response)") }
        try self.init(
            mass: mass,
            stiffness: pow(2 * Double.pi / response, 2) * mass,
            damping: 4 * Double.pi * dampingRatio * mass / response,
            initialVelocity: initialVelocity
        )
    }

    /// Undamped angular frequency √(k/m).
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }
    /// c / (2√(km)): below 1 it oscillates, 1 is critical, above 1 it creeps.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// The motion from displacement `x0` off the target with velocity `v0` (both in value units,
    /// velocity per second): how far off the target it is `t` seconds later, and how fast it moves.
    public func displacement(at t: Double, from x0: Double, velocity v0: Double) -> (position: Double, velocity: Double) {
        let omega = naturalFrequency
        let zeta = dampingRatio
        if zeta < 1 {
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            let a = x0
            let b = (v0 + zeta * omega * x0) / omegaD
            let envelope = exp(-zeta * omega * t)
            let c = cos(omegaD * t)
            let s = sin(omegaD * t)
            let position = envelope * (a * c + b * s)
            let velocity = envelope * ((b * omegaD - zeta * omega * a) * c - (a * omegaD + zeta * omega * b) * s)
            return (position, velocity)
        } else if zeta == 1 {
            let a = x0
            let b = v0 + omega * x0
            let envelope = exp(-omega * t)
            return (envelope * (a + b * t), envelope * (b - omega * (a + b * t)))
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -omega * (zeta - root)
            let r2 = -omega * (zeta + root)
            let c2 = (v0 - r1 * x0) / (r2 - r1)
            let c1 = x0 - c2
            let e1 = exp(r1 * t)
            let e2 = exp(r2 * t)
            return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
        }
    }

    /// Progress from 0 to 1 at `t` seconds (1 is the target).
    public func value(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        return 1 - displacement(at: t, from: 1, velocity: -initialVelocity).position
    }

    /// Progress per second at `t`.
    public func velocity(at t: Double) -> Double {
        -displacement(at: max(t, 0), from: 1, velocity: -initialVelocity).velocity
    }

    /// How long until the motion stays within `tolerance` of the target (and its speed within
    /// `tolerance` per 1/ω₀ s), as `CASpringAnimation.settlingDuration`. 0.001 of the distance by default.
    public var settlingDuration: Double { settlingDuration(tolerance: 0.001) }

    /// The length of a spring animation given no `duration`: the settling duration. A spring
    /// without damping never settles (its settling duration is infinite), so it throws, saying
    /// the animation needs a duration, rather than letting "duration must be finite" blame a
    /// duration nobody wrote.
    public func defaultAnimationDuration() throws(AnimationError) -> Double {
        let duration = settlingDuration
        guard duration.isFinite else {
            throw .invalidField(
                "duration",
                "the spring never settles (damping \(AnimationError.number(damping)) lets it oscillate for ever): give the animation a duration"
            )
        }
        return duration
    }

    /// How long until the motion stays within `tolerance` (a fraction of the distance) of the target.
    public func settlingDuration(tolerance: Double) -> Double {
        settlingTime(from: 1, velocity: -initialVelocity, tolerance: tolerance)
    }

    /// Seconds until a motion from (`x0`, `v0`) stays within `tolerance` (in value units).
    ///
    /// The search evaluates the motion a few thousand times, and widgets that are pure functions
    /// of time ask again every frame for the same springs, so answers are remembered.
    public func settlingTime(from x0: Double, velocity v0: Double, tolerance: Double) -> Double {
        let key = SettlingKey(spring: self, x0: x0, v0: v0, tolerance: tolerance)
        if let known = settlingTimes.withLock({ $0[key] }) { return known }
        let time = searchSettlingTime(from: x0, velocity: v0, tolerance: tolerance)
        settlingTimes.withLock { cache in
            if cache.count >= 512 { cache.removeAll(keepingCapacity: true) }
            cache[key] = time
        }
        return time
    }

    private func searchSettlingTime(from x0: Double, velocity v0: Double, tolerance: Double) -> Double {
        let omega = naturalFrequency
        func settled(_ t: Double) -> Bool {
            let (x, v) = displacement(at: t, from: x0, velocity: v0)
            return abs(x) <= tolerance && abs(v) / omega <= tolerance
        }
        if settled(0) { return 0 }
        // The slowest exponent bounds the envelope; search past it, then bisect the last entry.
        let zeta = dampingRatio
        let decay = zeta < 1 ? zeta * omega : omega * (zeta - (zeta * zeta - 1).squareRoot())
        guard decay > 0 else { return .infinity }
        let amplitude = max(abs(x0), abs(v0) / omega) * 4 + tolerance
        let bound = max(log(amplitude / tolerance) / decay, 0) + 10 / omega
        // Walk back from the bound in small steps to the last unsettled moment; at most 200,000
        // of them, so that a barely damped spring (a bound of days) costs milliseconds, not seconds.
        let step = max(min(0.002, bound / 1000), bound / 200_000)
        var t = bound
        while t > 0, settled(t) { t -= step }
        var low = max(t, 0)
        var high = min(t + step, bound)
        for _ in 0..<40 {
            let middle = (low + high) / 2
            if settled(middle) { high = middle } else { low = middle }
        }
        return high
    }
}

private struct SettlingKey: Hashable {
    let spring: Spring
    let x0: Double
    let v0: Double
    let tolerance: Double
}

/// Settling times already found (a bounded memo; cleared when full).
private let settlingTimes = Mutex<[SettlingKey: Double]>([:])
