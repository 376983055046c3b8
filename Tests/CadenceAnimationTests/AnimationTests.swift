import CadenceAnimation
import CadenceDraw
import Testing

@Suite struct AnimationTests {
    @Test func basicIsAPureFunctionOfTime() throws {
        let animation = try Animation.basic(from: 10.0, to: 20.0, duration: 2, curve: .linear, beginTime: 1)
        #expect(animation.value(at: 2) == 15)
        #expect(animation.value(at: 0.5) == nil)  // removed before it begins
        #expect(animation.value(at: 3.5) == nil)  // and after it ends
        #expect(animation.value(at: 2.5) == 17.5)
        #expect(animation.value(at: 2) == 15)  // asking again, out of order, gives the same
        #expect(abs(animation.velocity(at: 2) - 5) < 1e-6)
    }

    @Test(arguments: [
        (FillMode.removed, nil, nil), (.forwards, nil, 20.0), (.backwards, 10.0, nil), (.both, 10.0, 20.0),
    ] as [(FillMode, Double?, Double?)])
    func fillModesHoldTheEnds(fill: FillMode, before: Double?, after: Double?) throws {
        let animation = try Animation.basic(from: 10.0, to: 20.0, duration: 1, curve: .linear, delay: 0.5, fillMode: fill)
        #expect(animation.value(at: 0.25) == before)
        #expect(animation.value(at: 5) == after)
    }

    @Test func repeatsAutoreversesAndSpeedsUp() throws {
        let animation = try Animation.basic(from: 0.0, to: 1.0, duration: 1, curve: .linear, repeatCount: 2, autoreverses: true, speed: 2, fillMode: .forwards)
        #expect(animation.endTime == 2)  // 2 passes × there-and-back × 1 s / speed 2
        #expect(animation.value(at: 0.25) == 0.5)
        #expect(animation.value(at: 0.5) == 1)
        #expect(animation.value(at: 0.75) == 0.5)
        #expect(animation.value(at: 1.25) == 0.5)
        #expect(animation.value(at: 3) == 0)  // an autoreversing animation ends where it began
    }

    @Test func fractionalAndInfiniteRepeats() throws {
        let half = try Animation.basic(from: 0.0, to: 1.0, duration: 1, curve: .linear, repeatCount: 1.5, fillMode: .forwards)
        #expect(half.endTime == 1.5)
        #expect(half.value(at: 10) == 0.5)
        let forever = try Animation.basic(from: 0.0, to: 1.0, duration: 1, curve: .linear, repeatCount: .infinity)
        #expect(forever.endTime == .infinity)
        #expect(abs(forever.value(at: 1000.25)! - 0.25) < 1e-9)
    }

    @Test func springAnimationRunsInSeconds() throws {
        let spring = try Spring()
        let animation = try Animation.spring(from: 0.0, to: 100.0, spring: spring, beginTime: 1)
        #expect(animation.timing.duration == spring.settlingDuration)
        #expect(abs(animation.value(at: 1.3)! - 100 * spring.value(at: 0.3)) < 1e-9)
    }

    @Test func keyframesJoinWithoutJumps() throws {
        let animation = try Animation.keyframes(
            values: [0.0, 10, 5, 20], keyTimes: [0, 0.2, 0.7, 1], curves: [.linear, .easeInOut(), .caEaseOut], duration: 2
        )
        #expect(animation.value(at: 0) == 0)
        #expect(animation.value(at: 0.4) == 10)
        #expect(animation.value(at: 1.4) == 5)
        #expect(animation.value(at: 1.9999999)! > 19.99)
        for keyTime in [0.4, 1.4] {
            let before = animation.value(at: keyTime - 1e-9)!
            let after = animation.value(at: keyTime + 1e-9)!
            #expect(abs(before - after) < 1e-6, "jump at \(keyTime)")
        }
        let even = try Animation.keyframes(values: [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10)], duration: 1)
        #expect(even.value(at: 0.75) == Point(x: 10, y: 5))
    }

    @Test func badParametersAreErrors() {
        #expect(throws: AnimationError.self) { try Animation.basic(from: 0.0, to: 1.0, duration: -1) }
        #expect(throws: AnimationError.self) { try Animation.basic(from: 0.0, to: 1.0, duration: .nan) }
        #expect(throws: AnimationError.self) { try Animation.basic(from: 0.0, to: 1.0, duration: 1, delay: -1) }
        #expect(throws: AnimationError.self) { try Animation.basic(from: 0.0, to: 1.0, duration: 1, repeatCount: -1) }
        #expect(throws: AnimationError.self) { try Animation.basic(from: 0.0, to: 1.0, duration: 1, speed: 0) }
        #expect(throws: AnimationError.self) { try Animation.keyframes(values: [0.0], duration: 1) }
        #expect(throws: AnimationError.self) { try Animation.keyframes(values: [0.0, 1], keyTimes: [0, 0.5], duration: 1) }
        #expect(throws: AnimationError.self) { try Animation.keyframes(values: [0.0, 1, 2], keyTimes: [0, 0.7, 0.5], duration: 1) }
        #expect(throws: AnimationError.self) { try Animation.keyframes(values: [0.0, 1, 2], curves: [.linear], duration: 1) }
    }

    /// One validator and one engine: both keyframe APIs reject the same key times in the same
    /// words, and give the same values.
    @Test func bothKeyframeAPIsShareTheirRulesAndTheirValues() throws {
        let words = "keyTimes must not decrease (keyTimes[2] = 0.5 after 0.7)"
        #expect(throws: AnimationError.invalidField("keyTimes", words)) {
            try Animation.keyframes(values: [0.0, 1, 2], keyTimes: [0, 0.7, 0.5], duration: 1)
        }
        #expect(throws: AnimationError.invalidField("keyTimes", words)) {
            try PropertyAnimation(kind: .keyframe(
                values: [[0], [1], [2]], keyTimes: [0, 0.7, 0.5], timingFunctions: nil, calculationMode: .linear
            ), timing: AnimationTiming(duration: 1))
        }
        let curves: [TimingCurve] = [.caEaseIn, .caEaseOut]
        let generic = try Animation.keyframes(values: [0.0, 10, 4], keyTimes: [0, 0.25, 1], curves: curves, duration: 2)
        let property = try PropertyAnimation(kind: .keyframe(
            values: [[0], [10], [4]], keyTimes: [0, 0.25, 1], timingFunctions: curves, calculationMode: .linear
        ), timing: AnimationTiming(duration: 2))
        for step in 0...40 {
            let t = Double(step) / 20
            #expect(generic.value(at: t) == property.value(at: t, base: [0])?.first, "t = \(t)")
        }
    }
}

@Suite struct InterpolatableTests {
    @Test func coloursBlendInLinearLight() {
        let red = Color(red: 1, green: 0, blue: 0)
        let green = Color(red: 0, green: 1, blue: 0)
        let middle = Color.interpolate(from: red, to: green, fraction: 0.5)
        // Half of each in linear light is about 0.735 in sRGB: a clean yellow, not a dark 0.5 one.
        #expect(abs(middle.red - 0.7354) < 0.001 && abs(middle.green - 0.7354) < 0.001 && middle.blue == 0)
    }

    @Test func fadingToClearDoesNotDarken() {
        let middle = Color.interpolate(from: .white, to: .clear, fraction: 0.5)
        #expect(abs(middle.alpha - 0.5) < 1e-12)
        #expect(abs(middle.red - 1) < 1e-9 && abs(middle.green - 1) < 1e-9 && abs(middle.blue - 1) < 1e-9)
    }

    @Test func rectsAndPointsInterpolateComponentwise() {
        let rect = Rect.interpolate(from: Rect(x: 0, y: 0, width: 10, height: 10), to: Rect(x: 10, y: 20, width: 30, height: 40), fraction: 0.5)
        #expect(rect == Rect(x: 5, y: 10, width: 20, height: 25))
        #expect(Size.interpolate(from: Size(width: 0, height: 2), to: Size(width: 4, height: 6), fraction: 0.25) == Size(width: 1, height: 3))
    }
}
