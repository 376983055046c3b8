import CadenceAnimation
import Testing

@Suite struct SpringTests {
    /// x'' = −(k x + c x') / m integrated with RK4 at 10 µs steps.
    func integrate(_ spring: Spring, x0: Double, v0: Double, until end: Double) -> (Double, Double) {
        var x = x0
        var v = v0
        let dt = 1e-5
        func acceleration(_ x: Double, _ v: Double) -> Double { -(spring.stiffness * x + spring.damping * v) / spring.mass }
        var t = 0.0
        while t < end - dt / 2 {
            let k1x = v, k1v = acceleration(x, v)
            let k2x = v + k1v * dt / 2, k2v = acceleration(x + k1x * dt / 2, v + k1v * dt / 2)
            let k3x = v + k2v * dt / 2, k3v = acceleration(x + k2x * dt / 2, v + k2v * dt / 2)
            let k4x = v + k3v * dt, k4v = acceleration(x + k3x * dt, v + k3v * dt)
            x += (k1x + 2 * k2x + 2 * k3x + k4x) * dt / 6
            v += (k1v + 2 * k2v + 2 * k3v + k4v) * dt / 6
            t += dt
        }
        return (x, v)
    }

    @Test(arguments: [
        (1.0, 100.0, 10.0, 0.0),  // Core Animation's default: under-damped
        (1, 100, 20, 0),  // critical
        (1, 100, 40, 3),  // over-damped, pushed toward the target
        (2, 341.4, 16.6, -2),  // LTBouncyPlaceholder's bounce, pulled away first
        (1, 50, 0, 0),  // undamped
    ])
    func closedFormMatchesIntegration(mass: Double, stiffness: Double, damping: Double, velocity: Double) throws {
        let spring = try Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
        for t in [0.05, 0.2, 0.5, 1.0] {
            let (x, v) = integrate(spring, x0: 1, v0: -velocity, until: t)
            let closed = spring.displacement(at: t, from: 1, velocity: -velocity)
            #expect(abs(closed.position - x) < 1e-6, "position at \(t): \(closed.position) vs \(x)")
            #expect(abs(closed.velocity - v) < 1e-5, "velocity at \(t): \(closed.velocity) vs \(v)")
            #expect(abs(spring.value(at: t) - (1 - x)) < 1e-6)
        }
    }

    @Test(arguments: [(10.0, "under"), (20, "critical"), (40, "over")])
    func energyOnlyDecays(damping: Double, regime: String) throws {
        let spring = try Spring(stiffness: 100, damping: damping)
        var previous = Double.infinity
        for i in 0...400 {
            let (x, v) = spring.displacement(at: Double(i) * 0.005, from: 1, velocity: 0)
            let energy = 0.5 * spring.mass * v * v + 0.5 * spring.stiffness * x * x
            #expect(energy <= previous + 1e-12, "\(regime)-damped energy rose at \(Double(i) * 0.005)")
            previous = energy
        }
    }

    @Test func settlesWithinATenthOfAPercent() throws {
        for spring in [try Spring(), try Spring(stiffness: 341.4, damping: 16.6), try Spring(damping: 40), try Spring(dampingRatio: 0.825, response: 0.5)] {
            let settle = spring.settlingDuration
            #expect(settle > 0 && settle < 10)
            for i in 0...200 {
                let t = settle + Double(i) * 0.01
                #expect(abs(spring.value(at: t) - 1) <= 0.001 + 1e-12)
            }
            #expect(abs(spring.value(at: settle * 0.9) - 1) > 0.0009 || abs(spring.velocity(at: settle * 0.9)) > 0.0009)
        }
        // Core Animation's default spring: ratio 0.5, settles in about 1.4 s.
        let standard = try Spring()
        #expect(standard.dampingRatio == 0.5)
        #expect(abs(standard.settlingDuration - 1.4) < 0.1)
    }

    @Test func dampingRatioAndResponseConvertExactly() throws {
        let swiftUI = try Spring(dampingRatio: 0.825, response: 0.5)
        #expect(abs(swiftUI.stiffness - pow(2 * Double.pi / 0.5, 2)) < 1e-9)
        #expect(abs(swiftUI.damping - 4 * Double.pi * 0.825 / 0.5) < 1e-9)
        #expect(abs(swiftUI.dampingRatio - 0.825) < 1e-12)
        let bouncy = try Spring(stiffness: 341.4, damping: 16.6)
        #expect(abs(bouncy.dampingRatio - 0.449) < 0.001)
        // The bounce overshoots by about 23 % (REFERENCE.md).
        let peak = stride(from: 0.0, to: 1, by: 0.0005).map(bouncy.value(at:)).max()!
        #expect(abs(peak - 1.2) < 0.05)
    }

    @Test func invalidSpringsAreErrors() {
        #expect(throws: CurveError.self) { try Spring(mass: 0) }
        #expect(throws: CurveError.self) { try Spring(stiffness: -1) }
        #expect(throws: CurveError.self) { try Spring(damping: .nan) }
        #expect(throws: CurveError.self) { try Spring(initialVelocity: .infinity) }
        #expect(throws: CurveError.self) { try Spring(dampingRatio: 0.5, response: 0) }
    }
}

#if canImport(Glibc)
import Glibc
#endif
