import CadenceAnimation
import Testing

@Suite struct AnimatedPropertyTests {
    @Test func modelChangesAtOncePresentationFollows() throws {
        var x = AnimatedProperty(0.0)
        try x.animate(to: 100, duration: 1, curve: .linear, at: 2)
        #expect(x.model == 100)
        #expect(x.presentation(at: 2) == 0)
        #expect(x.presentation(at: 2.25) == 25)
        #expect(x.presentation(at: 3) == 100)
        #expect(x.presentation(at: 1) == 0)  // before it starts, it stays where it was
    }

    @Test func curveRetargetingKeepsValueAndVelocityContinuous() throws {
        var x = AnimatedProperty(0.0)
        try x.animate(to: 100, duration: 0.6, curve: .easeInOut(), at: 0)
        let t = 0.3
        let valueBefore = x.presentation(at: t)
        let velocityBefore = x.velocity(at: t - 0.001)
        try x.animate(to: 0, duration: 0.6, curve: .easeInOut(), at: t)  // typed, then deleted mid-way
        #expect(x.model == 0)
        #expect(abs(x.presentation(at: t) - valueBefore) < 1e-9)
        #expect(abs(x.velocity(at: t + 0.001) - velocityBefore) < 0.5)
        #expect(abs(x.presentation(at: 2)) < 1e-9)
    }

    @Test func springRetargetingCarriesVelocity() throws {
        var x = AnimatedProperty(0.0)
        let spring = try Spring(stiffness: 341.4, damping: 16.6)
        x.animate(to: 200, spring: spring, at: 0)
        let t = 0.08  // moving fast toward 200
        let value = x.presentation(at: t)
        let velocity = x.velocity(at: t)
        #expect(velocity > 500)
        let velocityJustBefore = x.velocity(at: t - 0.0002)
        x.animate(to: 0, spring: spring, at: t)
        #expect(abs(x.presentation(at: t) - value) < 1e-6)
        // Measured just after the retarget (a central difference across it would straddle the start).
        let velocityJustAfter = x.velocity(at: t + 0.0002)
        #expect(abs(velocityJustAfter - velocityJustBefore) / velocity < 0.03, "\(velocityJustBefore) → \(velocityJustAfter)")
        // Momentum carries it on for a moment before it turns back.
        #expect(x.presentation(at: t + 0.01) > value)
        #expect(abs(x.presentation(at: t + 3)) < 0.05)
    }

    @Test func completionsRunExactlyOnce() throws {
        var x = AnimatedProperty(0.0)
        var log: [String] = []
        try x.animate(to: 1, duration: 1, at: 0) { log.append("a \($0)") }
        try x.animate(to: 2, duration: 2, at: 0) { log.append("b \($0)") }
        for completion in x.update(at: 0.5) { completion() }
        #expect(log.isEmpty)
        for completion in x.update(at: 1) { completion() }
        #expect(log == ["a true"])
        for completion in x.update(at: 1.5) { completion() }
        x.animate(to: 3, spring: try Spring(), at: 1.5) { log.append("c \($0)") }
        for completion in x.update(at: 1.5) { completion() }
        #expect(log == ["a true", "b false"])  // absorbed by the spring: cancelled
        for completion in x.set(7) { completion() }
        #expect(log == ["a true", "b false", "c false"])
        for completion in x.update(at: 100) { completion() }
        #expect(log.count == 3)
        #expect(!x.isAnimating && x.presentation(at: 100) == 7)
    }

    @Test func aCompletionCanStartTheNextAnimation() throws {
        final class Box { var property = AnimatedProperty(0.0) }
        let box = Box()
        var chained = false
        try box.property.animate(to: 10, duration: 1, at: 0) { finished in
            guard finished else { return }
            try? box.property.animate(to: 20, duration: 1, at: 1)
            chained = true
        }
        for completion in box.property.update(at: 1) { completion() }
        #expect(chained)
        #expect(box.property.model == 20)
        #expect(box.property.presentation(at: 1.5) > 10)
    }

    @Test func explicitAnimationsReplaceThenHandBack() throws {
        var x = AnimatedProperty(5.0)
        x.add(try Animation.keyframes(values: [0.0, 10, 0], duration: 1, beginTime: 1))
        #expect(x.presentation(at: 0.5) == 5)
        #expect(x.presentation(at: 1.5) == 10)
        #expect(x.presentation(at: 2.5) == 5)
    }
}

@Suite struct CurveSpecTests {
    @Test(arguments: [
        ("linear", CurveSpec.curve(.linear)), ("easeInOut", .curve(.easeInOut())), ("caEaseOut", .curve(.caEaseOut)),
        ("easeOutBounce", .curve(.penner(Penner(.bounce, .out)))), ("easeInOutQuad", .curve(.penner(Penner(.quad, .inOut)))),
        ("steps(4,start)", .curve(.steps(4, .start))), ("steps( 3 , end )", .curve(.steps(3, .end))),
    ])
    func parsesNamedForms(text: String, expected: CurveSpec) throws {
        #expect(try CurveSpec.parse(text) == expected)
    }

    @Test func parsesParameterisedForms() throws {
        #expect(try CurveSpec.parse("cubicBezier(0.25,0.1,0.25,1)") == .curve(.caDefault))
        #expect(try CurveSpec.parse("spring(1,100,10,0)") == .spring(try Spring()))
        #expect(try CurveSpec.parse("easeIn", rate: 2) == .curve(.easeIn(rate: 2)))
    }

    @Test(arguments: [
        ("wobble", "valid forms: linear, easeIn"), ("easeInQuad(2)", "unknown curve"), ("cubicBezier(1,2,3)", "cannot read"),
        ("cubicBezier(1.2,0,0.5,1)", "x1 and x2 must be in 0...1"), ("spring(0,100,10,0)", "mass must be"),
        ("spring(1,100,nan,0)", "cannot read"), ("steps(0,end)", "at least 1 step"), ("steps(2,middle)", "cannot read"),
    ])
    func badSpecsSayWhy(text: String, message: String) {
        #expect {
            try CurveSpec.parse(text)
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test func rateAppliesToPowerCurvesOnly() {
        #expect(throws: CurveSpecError.rateNotApplicable("caDefault")) { try CurveSpec.parse("caDefault", rate: 2) }
        #expect(throws: CurveSpecError.self) { try CurveSpec.parse("easeIn", rate: 0) }
        #expect(throws: CurveSpecError.self) { try CurveSpec.parse("easeIn", rate: -1) }
    }
}
