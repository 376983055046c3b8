import CadenceAnimation
import Testing

/// The error `PropertyAnimation.init` throws for `kind` (over a valid 1 s timing), or nil.
private func failure(_ kind: PropertyAnimation.Kind, timing: AnimationTiming? = nil) -> AnimationError? {
    do throws(AnimationError) {
        let timing = if let timing { timing } else { try AnimationTiming(duration: 1) }
        _ = try PropertyAnimation(kind: kind, timing: timing)
        return nil
    } catch {
        return error
    }
}

private func keyframe(
    _ values: [[Double]], keyTimes: [Double]? = nil, timingFunctions: [TimingCurve]? = nil, mode: CalculationMode = .linear
) -> PropertyAnimation.Kind {
    .keyframe(values: values, keyTimes: keyTimes, timingFunctions: timingFunctions, calculationMode: mode)
}

@Suite struct PropertyAnimationValidationTests {
    /// (kind, field, message).
    @Test(arguments: [
        (.basic(from: [0, .infinity], to: nil, by: nil, timingFunction: .linear), "from", "from[1] must be finite, got inf"),
        (.basic(from: nil, to: [.nan], by: nil, timingFunction: .linear), "to", "to[0] must be finite, got nan"),
        (.spring(from: nil, to: nil, by: [-.infinity], spring: try! Spring()), "by", "by[0] must be finite, got -inf"),
        (.basic(from: [0, 0], to: [1], by: nil, timingFunction: .linear), "to", "to has 1 number but from has 2"),
        (.spring(from: nil, to: [1, 2, 3], by: [1, 2], spring: try! Spring()), "by", "by has 2 numbers but to has 3"),
        (.basic(from: [0], to: [1], by: nil, timingFunction: .easeIn(rate: .nan)), "timingFunction",
         "timingFunction: rate must be a finite number above 0, got nan"),
        (.basic(from: [0], to: [1], by: nil, timingFunction: .steps(0, .end)), "timingFunction", "timingFunction: steps needs at least 1 step, got 0"),
        (keyframe([]), "values", "values must hold at least 1 value, got none"),
        (keyframe([[0, 1], [2]]), "values", "values[1] has 1 number but values[0] has 2"),
        (keyframe([[0], [.nan]]), "values", "values[1][0] must be finite, got nan"),
        (keyframe([[0], [1], [2], [3]], keyTimes: [0, 0.5, 1]), "keyTimes", "keyTimes: 3 for 4 values"),
        (keyframe([[0], [1], [2]], keyTimes: [0, 1.5, 1]), "keyTimes", "keyTimes[1] must be within 0...1, got 1.5"),
        (keyframe([[0], [1], [2]], keyTimes: [0, .nan, 1]), "keyTimes", "keyTimes[1] must be within 0...1, got nan"),
        (keyframe([[0], [1], [2], [3]], keyTimes: [0, 0.5, 0.3, 1]), "keyTimes", "keyTimes must not decrease (keyTimes[2] = 0.3 after 0.5)"),
        (keyframe([[0], [1], [2], [3]], keyTimes: [0, 0.5, 0.3, 1], mode: .paced), "keyTimes",
         "keyTimes must not decrease (keyTimes[2] = 0.3 after 0.5)"),
        (keyframe([[0], [1]], keyTimes: [0.1, 1]), "keyTimes", "keyTimes must start at 0 for calculationMode linear, got 0.1"),
        (keyframe([[0], [1]], keyTimes: [0, 0.9], mode: .cubic), "keyTimes", "keyTimes must end at 1 for calculationMode cubic, got 0.9"),
        (keyframe([[0], [1]], keyTimes: [0, 0.9], mode: .discrete), "keyTimes", "keyTimes must end at 1 for calculationMode discrete, got 0.9"),
        (keyframe([[0], [1], [2], [3], [4]], timingFunctions: [.linear, .linear, .linear]), "timingFunctions", "timingFunctions: 3 for 4 segments"),
        (keyframe([[0], [1], [2]], timingFunctions: [.linear, .easeOut(rate: -1)]), "timingFunctions[1]",
         "timingFunctions[1]: rate must be a finite number above 0, got -1.0"),
    ] as [(PropertyAnimation.Kind, String, String)])
    func everyRuleNamesItsField(kind: PropertyAnimation.Kind, field: String, message: String) {
        let error = failure(kind)
        #expect(error?.field == field)
        #expect(error?.description == message)
        #expect(error?.description.hasPrefix(field) == true)
    }

    @Test func theTimingIsCheckedAgain() throws {
        var timing = try AnimationTiming(duration: 1)
        timing.speed = 0
        let error = failure(.basic(from: [0], to: [1], by: nil, timingFunction: .linear), timing: timing)
        #expect(error?.description == "speed must be a finite number above 0, got 0")
        timing.speed = 1
        timing.timeOffset = .infinity
        #expect(failure(.basic(from: [0], to: [1], by: nil, timingFunction: .linear), timing: timing)?.field == "timeOffset")
    }

    @Test func pacedAndSingleValuesNeedNoEndKeyTimes() {
        #expect(failure(keyframe([[0], [1], [3]], keyTimes: [0.2, 0.4, 0.6], mode: .paced)) == nil)
        #expect(failure(keyframe([[5]], keyTimes: [0.5])) == nil)
        #expect(failure(.basic(from: nil, to: nil, by: nil, timingFunction: .caDefault)) == nil)
    }

    @Test func oddTimesAndChangedFieldsGiveNoValueRatherThanATrap() throws {
        var animation = try PropertyAnimation(
            kind: .basic(from: [0], to: [10], by: nil, timingFunction: .linear),
            timing: AnimationTiming(duration: 1, repeatCount: .infinity)
        )
        #expect(animation.endTime == .infinity)
        #expect(animation.value(at: .nan, base: [0]) == nil)
        #expect(animation.value(at: .infinity, base: [0]) == nil)
        #expect(animation.value(at: -.infinity, base: [0]) == nil)
        #expect(animation.value(at: 1e300, base: [0]) != nil)
        #expect(animation.velocity(at: .nan, base: [0]) == [0])
        // Public fields can be changed after the checks; what no longer fits together has no value.
        animation.kind = .basic(from: [0, 1], to: [10], by: nil, timingFunction: .linear)
        #expect(animation.value(at: 0.5, base: [0, 0]) == nil)
        animation.kind = .keyframe(values: [[0], [1, 2]], keyTimes: nil, timingFunctions: nil, calculationMode: .cubic)
        #expect(animation.value(at: 0.5, base: [0]) == nil)
        animation.kind = .keyframe(values: [[0], [1]], keyTimes: [0], timingFunctions: nil, calculationMode: .linear)
        #expect(animation.value(at: 0.5, base: [0]) == nil)
        animation.kind = .keyframe(values: [[0], [1]], keyTimes: nil, timingFunctions: [], calculationMode: .linear)
        #expect(animation.value(at: 0.5, base: [0]) == nil)
        animation.kind = .keyframe(values: [], keyTimes: nil, timingFunctions: nil, calculationMode: .paced)
        #expect(animation.value(at: 0.5, base: []) == nil)
        animation.kind = .keyframe(values: [[0], [1], [2]], keyTimes: [0, .nan, 1], timingFunctions: nil, calculationMode: .cubic)
        #expect(animation.value(at: 0.5, base: [0]) != nil)
        animation.timing.speed = 0
        animation.timing.duration = -1
        animation.timing.repeatCount = .nan
        _ = animation.value(at: 0.5, base: [0])
        _ = animation.endTime
    }
}
