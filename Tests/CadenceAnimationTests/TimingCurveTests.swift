import CadenceAnimation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Every curve of the catalogue, named.
let catalogue: [(String, TimingCurve)] = [
    ("linear", .linear), ("easeIn", .easeIn()), ("easeOut", .easeOut()), ("easeInOut", .easeInOut()),
    ("easeInOut rate 2", .easeInOut(rate: 2)), ("easeInOut rate 0.5", .easeInOut(rate: 0.5)),
    ("caDefault", .caDefault), ("caEaseIn", .caEaseIn), ("caEaseOut", .caEaseOut), ("caEaseInEaseOut", .caEaseInEaseOut),
    ("steps(4,start)", .steps(4, .start)), ("steps(4,end)", .steps(4, .end)),
] + Penner.all.map { ($0.name, TimingCurve.penner($0)) }

/// Values from the published definitions.
let publishedPoints: [(TimingCurve, Double, Double)] = [
        (.easeIn(), 0.5, 0.125), (.easeOut(), 0.5, 0.875), (.easeInOut(), 0.25, 0.0625), (.easeInOut(), 0.75, 0.9375),
        (.easeIn(rate: 2), 0.5, 0.25), (.penner(Penner(.quad, .inOut)), 0.25, 0.125),
        (.penner(Penner(.sine, .in)), 0.5, 1 - cos(Double.pi / 4)), (.penner(Penner(.expo, .in)), 0.5, 0.03125),
        (.penner(Penner(.circ, .in)), 0.5, 1 - 0.75.squareRoot()),
        (.penner(Penner(.back, .in)), 0.5, 2.70158 * 0.125 - 1.70158 * 0.25),
        (.penner(Penner(.elastic, .out)), 0.5, 1.015625),
        (.penner(Penner(.bounce, .out)), 0.5, 0.765625), (.penner(Penner(.bounce, .in)), 0.5, 0.234375),
        (.penner(Penner(.bounce, .out)), 1 / 2.75, 1),
        (.steps(4, .end), 0.3, 0.25), (.steps(4, .start), 0.3, 0.5), (.steps(4, .start), 0.25, 0.25),
        (.caEaseInEaseOut, 0.5, 0.5), (.caDefault, 0.5, 0.80240338758485699),  // mpmath, 40 digits
    ]

@Suite struct TimingCurveTests {
    @Test(arguments: catalogue.map(\.0))
    func mapsZeroToZeroAndOneToOne(name: String) throws {
        let curve = try #require(catalogue.first { $0.0 == name }?.1)
        #expect(curve.value(at: 0) == 0)
        #expect(curve.value(at: 1) == 1)
        #expect(curve.value(at: -3) == 0 && curve.value(at: 7) == 1)
        #expect(curve.value(at: .nan) == 0)
    }

    @Test(arguments: publishedPoints)
    func publishedValues(curve: TimingCurve, t: Double, expected: Double) {
        #expect(abs(curve.value(at: t) - expected) < 1e-12, "\(curve) at \(t): \(curve.value(at: t))")
    }

    @Test(arguments: [0.5, 1, 2, 2.5, 3, 4, 5, 8])
    func easeInOutIsSymmetricForEveryRate(rate: Double) {
        let curve = TimingCurve.easeInOut(rate: rate)
        for i in 0...100 {
            let t = Double(i) / 100
            #expect(abs(curve.value(at: 1 - t) - (1 - curve.value(at: t))) < 1e-12)
        }
        #expect(abs(curve.value(at: 0.5) - 0.5) < 1e-12)
    }

    /// UICountingLabel's older ease-in-out, as its source wrote it (in `Float`, as `powf`).
    static func olderCountingEaseInOut(_ t: Double, rate: Double) -> Double {
        let sign: Float = Int(rate) % 2 == 0 ? -1 : 1
        let doubled = Float(t) * 2
        if doubled < 1 { return Double(0.5 * powf(doubled, Float(rate))) }
        return Double(sign * 0.5 * (powf(doubled - 2, Float(rate)) + sign * 2))
    }

    @Test(arguments: [2.0, 3, 4])
    func theOlderCountingEaseInOutAgreesForIntegerRates(rate: Double) {
        let curve = TimingCurve.easeInOut(rate: rate)
        for i in 0...100 {
            let t = Double(i) / 100
            #expect(abs(curve.value(at: t) - Self.olderCountingEaseInOut(t, rate: rate)) < 1e-6, "rate \(rate) at \(t)")
        }
    }

    @Test func theOlderCountingEaseInOutIsNaNForNonIntegerRates() {
        #expect(Self.olderCountingEaseInOut(0.75, rate: 2.5).isNaN)
        #expect(!TimingCurve.easeInOut(rate: 2.5).value(at: 0.75).isNaN)
    }

    @Test(arguments: Penner.Family.allCases)
    func pennerInOutIsSymmetric(family: Penner.Family) {
        let curve = Penner(family, .inOut)
        for i in 0...100 {
            let t = Double(i) / 100
            #expect(abs(curve.value(at: 1 - t) - (1 - curve.value(at: t))) < 1e-9, "\(curve.name) at \(t)")
        }
    }

    @Test(arguments: catalogue.filter { name, _ in
        !["Back", "Elastic", "Bounce"].contains { name.hasSuffix($0) }
    }.map(\.0))
    func monotoneWhereTheDefinitionIs(name: String) throws {
        let curve = try #require(catalogue.first { $0.0 == name }?.1)
        var previous = curve.value(at: 0)
        for i in 1...1000 {
            let value = curve.value(at: Double(i) / 1000)
            #expect(value >= previous - 1e-12, "\(name) decreases at \(Double(i) / 1000)")
            previous = value
        }
    }

    @Test func invalidParametersAreErrors() {
        #expect(throws: CurveError.invalidRate(0)) { try TimingCurve.easeIn(rate: 0).validated() }
        #expect(throws: CurveError.invalidRate(-2)) { try TimingCurve.easeInOut(rate: -2).validated() }
        #expect(throws: CurveError.self) { try TimingCurve.easeOut(rate: .infinity).validated() }
        #expect(throws: CurveError.invalidStepCount(0)) { try TimingCurve.steps(0, .end).validated() }
        #expect(throws: CurveError.bezierXOutOfRange(x1: -0.1, x2: 0.5)) { try CubicBezier(x1: -0.1, y1: 0, x2: 0.5, y2: 1) }
        #expect(throws: CurveError.bezierXOutOfRange(x1: 0.5, x2: 1.5)) { try CubicBezier(x1: 0.5, y1: 0, x2: 1.5, y2: 1) }
        #expect(throws: CurveError.bezierNotFinite) { try CubicBezier(x1: .nan, y1: 0, x2: 0.5, y2: 1) }
    }
}

@Suite struct CubicBezierTests {
    /// y at x by brute force: bracket x on a fine grid of the parameter, then bisect to 1e-15.
    /// Nil where the brute force itself cannot be trusted: where x barely changes with the
    /// parameter (dx/ds < 1e-3), doubles cannot pin the parameter down to 1e-7. The solver is
    /// checked there by `flatSlopePointsLieOnTheCurve`.
    func bruteForce(_ curve: CubicBezier, x: Double) -> Double? {
        func point(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        let steps = 4096
        var low = 0.0
        var high = 1.0
        for i in 1...steps where point(Double(i) / Double(steps), curve.x1, curve.x2) >= x {
            low = Double(i - 1) / Double(steps)
            high = Double(i) / Double(steps)
            break
        }
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if point(middle, curve.x1, curve.x2) < x { low = middle } else { high = middle }
        }
        let s = (low + high) / 2
        let slope = (point(s + 1e-6, curve.x1, curve.x2) - point(s - 1e-6, curve.x1, curve.x2)) / 2e-6
        return slope < 1e-3 ? nil : point(s, curve.y1, curve.y2)
    }

    @Test func flatSlopePointsLieOnTheCurve() throws {
        // x(s) − 0.5 = 4(s − 0.5)³: flat at the middle; the exact answer there is s = y = 0.5.
        let curve = try CubicBezier(x1: 1, y1: 0, x2: 0, y2: 1)
        #expect(curve.value(at: 0.5) == 0.5)
        for x in [0.49, 0.4999, 0.5001, 0.51] {
            let s = curve.parameter(forX: x)
            let onCurve = 3 * (1 - s) * (1 - s) * s * curve.x1 + 3 * (1 - s) * s * s * curve.x2 + s * s * s
            #expect(abs(onCurve - x) < 1e-12)
        }
    }

    @Test func matchesABruteForceSolveToOneInTenMillion() throws {
        var generator = SystemRandomNumberGenerator()
        var curves = [
            try CubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1), try CubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1),
            try CubicBezier(x1: 0, y1: 0, x2: 1, y2: 1), try CubicBezier(x1: 1, y1: 0, x2: 0, y2: 1),  // flat middle slope
            try CubicBezier(x1: 0.68, y1: -0.55, x2: 0.265, y2: 1.55),  // overshoots both ways
            try CubicBezier(x1: 0, y1: 1, x2: 1, y2: 0), try CubicBezier(x1: 1, y1: 1, x2: 1, y2: 1),
        ]
        for _ in 0..<40 {
            curves.append(try CubicBezier(
                x1: Double.random(in: 0...1, using: &generator), y1: Double.random(in: -1...2, using: &generator),
                x2: Double.random(in: 0...1, using: &generator), y2: Double.random(in: -1...2, using: &generator)
            ))
        }
        for curve in curves {
            for i in 0...200 {
                let x = Double(i) / 200
                let solved = curve.value(at: x)
                guard let expected = bruteForce(curve, x: x) else { continue }
                #expect(abs(solved - expected) < 1e-7, "\(curve) at \(x): \(solved) vs \(expected)")
            }
        }
    }
}
