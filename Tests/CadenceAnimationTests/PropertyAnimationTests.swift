import CadenceAnimation
import Testing

/// Whether every component of `actual` is within `tolerance` of `expected`.
private func close(_ actual: [Double]?, _ expected: [Double], _ tolerance: Double = 1e-9) -> Bool {
    guard let actual, actual.count == expected.count else { return false }
    return zip(actual, expected).allSatisfy { abs($0 - $1) <= tolerance }
}

private func basic(
    from: [Double]? = nil, to: [Double]? = nil, by: [Double]? = nil, curve: TimingCurve = .linear, _ timing: AnimationTiming,
    additive: Bool = false, cumulative: Bool = false
) throws -> PropertyAnimation {
    try PropertyAnimation(kind: .basic(from: from, to: to, by: by, timingFunction: curve), timing: timing, isAdditive: additive, isCumulative: cumulative)
}

@Suite struct PropertyAnimationTests {
    /// (from, to, by, start, middle, end) over the base [100].
    @Test(arguments: [
        ([10.0], [20.0], nil, 10.0, 15.0, 20.0),
        ([10], nil, [4], 10, 12, 14),
        (nil, [20], [4], 16, 18, 20),
        ([10], nil, nil, 10, 55, 100),
        (nil, [20], nil, 100, 60, 20),
        (nil, nil, [4], 100, 102, 104),
        (nil, nil, nil, 100, 100, 100),
        ([10], [20], [4], 10, 15, 20),  // from and to win over by
    ] as [([Double]?, [Double]?, [Double]?, Double, Double, Double)])
    func fromToAndByResolveAsCoreAnimation(from: [Double]?, to: [Double]?, by: [Double]?, start: Double, middle: Double, end: Double) throws {
        let animation = try basic(from: from, to: to, by: by, AnimationTiming(duration: 2, fillMode: .forwards))
        #expect(animation.value(at: 0, base: [100]) == [start])
        #expect(animation.value(at: 1, base: [100]) == [middle])
        #expect(animation.value(at: 2, base: [100]) == [end])
        #expect(animation.value(at: 7, base: [100]) == [end])
    }

    @Test func vectorsAnimateComponentwise() throws {
        let animation = try basic(to: [10, 20, 30, 1], AnimationTiming(duration: 4))
        #expect(animation.value(at: 1, base: [2, 4, 6, 0]) == [4, 8, 12, 0.25])
        #expect(animation.value(at: 1, base: [2, 4]) == nil)  // a base of another length
        #expect(animation.dimension == 4)
    }

    @Test func additiveAddsTheBase() throws {
        let animation = try basic(from: [0, 0], to: [10, 20], AnimationTiming(duration: 2), additive: true)
        #expect(animation.value(at: 1, base: [100, 200]) == [105, 210])
        #expect(animation.value(at: 0, base: [100, 200]) == [100, 200])
    }

    @Test func cumulativeRepeatsStartWhereTheLastEnded() throws {
        let animation = try basic(from: [0], to: [10], AnimationTiming(duration: 1, repeatCount: 3, fillMode: .forwards), cumulative: true)
        #expect(animation.value(at: 0.5, base: [0]) == [5])
        #expect(animation.value(at: 1.5, base: [0]) == [15])
        #expect(animation.value(at: 2.5, base: [0]) == [25])
        #expect(animation.value(at: 2.75, base: [0]) == [27.5])
        #expect(animation.value(at: 10, base: [0]) == [30])
        let additive = try basic(from: [0], to: [10], AnimationTiming(duration: 1, repeatCount: 3), additive: true, cumulative: true)
        #expect(additive.value(at: 1.5, base: [1000]) == [1015])
    }

    @Test func fractionalRepeatEndsMidPassAndHolds() throws {
        let animation = try basic(from: [0], to: [10], AnimationTiming(duration: 2, repeatCount: 1.5, fillMode: .forwards))
        #expect(animation.endTime == 3)
        #expect(animation.value(at: 2.5, base: [0]) == [2.5])
        #expect(animation.value(at: 3, base: [0]) == [5])
        #expect(animation.value(at: 50, base: [0]) == [5])
        let removed = try basic(from: [0], to: [10], AnimationTiming(duration: 2, repeatCount: 1.5))
        #expect(removed.value(at: 3, base: [0]) == nil)
    }

    @Test func repeatDurationEndsMidCycle() throws {
        let timing = try AnimationTiming(duration: 2, repeatCount: 10, fillMode: .forwards, repeatDuration: 5)
        let animation = try basic(from: [0], to: [10], timing)
        #expect(animation.endTime == 5)
        #expect(animation.value(at: 4.5, base: [0]) == [2.5])
        #expect(animation.value(at: 9, base: [0]) == [5])
    }

    @Test func autoreversesPlaysTheCurveBackwards() throws {
        let animation = try basic(from: [0], to: [10], AnimationTiming(duration: 1, autoreverses: true, fillMode: .forwards))
        #expect(animation.endTime == 2)
        #expect(animation.value(at: 0.25, base: [0]) == [2.5])
        #expect(animation.value(at: 1, base: [0]) == [10])
        #expect(animation.value(at: 1.5, base: [0]) == [5])
        #expect(animation.value(at: 1.75, base: [0]) == [2.5])
        #expect(animation.value(at: 3, base: [0]) == [0])
        let eased = try basic(from: [0], to: [10], curve: .caEaseIn, AnimationTiming(duration: 1, autoreverses: true))
        #expect(close(eased.value(at: 1.7, base: [0]), eased.value(at: 0.3, base: [0]) ?? []))
    }

    @Test func timeOffsetStartsPartWayAndWraps() throws {
        let plain = try basic(from: [0], to: [10], curve: .caEaseInEaseOut, AnimationTiming(duration: 5))
        let offset = try basic(from: [0], to: [10], curve: .caEaseInEaseOut, AnimationTiming(duration: 5, timeOffset: 2))
        #expect(offset.value(at: 0, base: [0]) == plain.value(at: 2, base: [0]))
        #expect(offset.value(at: 3.5, base: [0]) == plain.value(at: 0.5, base: [0]))
        let linear = try basic(from: [0], to: [10], AnimationTiming(duration: 5, fillMode: .both, timeOffset: 2))
        #expect(linear.value(at: 0, base: [0]) == [4])
        #expect(linear.value(at: 3.5, base: [0]) == [1])
        #expect(linear.value(at: -1, base: [0]) == [4])  // a backwards fill shows where it starts
        #expect(linear.value(at: 8, base: [0]) == [4])  // a forwards fill shows where it ended
    }

    @Test func speedTwoHalvesTheTime() throws {
        let animation = try basic(from: [0], to: [10], AnimationTiming(beginTime: 1, duration: 2, speed: 2))
        #expect(animation.beginTime == 1)
        #expect(animation.endTime == 2)
        #expect(animation.value(at: 1.25, base: [0]) == [2.5])
        #expect(animation.value(at: 1.5, base: [0]) == [5])
        #expect(animation.value(at: 2.5, base: [0]) == nil)
    }

    /// (fill mode, before, after) for an animation from 10 to 20 between 1 s and 2 s.
    @Test(arguments: [
        (FillMode.removed, nil, nil), (.forwards, nil, 20.0), (.backwards, 10.0, nil), (.both, 10.0, 20.0),
    ] as [(FillMode, Double?, Double?)])
    func fillModesHoldBeforeAndAfter(fill: FillMode, before: Double?, after: Double?) throws {
        let animation = try basic(from: [10], to: [20], AnimationTiming(duration: 1, delay: 1, fillMode: fill))
        #expect(animation.beginTime == 1)
        #expect(animation.value(at: 0.5, base: [0]) == before.map { [$0] })
        #expect(animation.value(at: 1.5, base: [0]) == [15])
        #expect(animation.value(at: 3, base: [0]) == after.map { [$0] })
        #expect(animation.velocity(at: 3, base: [0]) == [0])
    }

    @Test func linearKeyframesFollowKeyTimesAndTimingFunctions() throws {
        let animation = try PropertyAnimation(
            kind: .keyframe(
                values: [[0], [10], [5], [20]], keyTimes: [0, 0.2, 0.7, 1],
                timingFunctions: [.linear, .easeInOut(rate: 2), .easeIn(rate: 2)], calculationMode: .linear
            ),
            timing: AnimationTiming(duration: 2, fillMode: .forwards)
        )
        #expect(animation.value(at: 0, base: [0]) == [0])
        #expect(close(animation.value(at: 0.2, base: [0]), [5]))
        #expect(close(animation.value(at: 0.4, base: [0]), [10]))
        #expect(close(animation.value(at: 0.65, base: [0]), [9.375]))  // a quarter into easeInOut: 0.125
        #expect(close(animation.value(at: 0.9, base: [0]), [7.5]))
        #expect(close(animation.value(at: 1.4, base: [0]), [5]))
        #expect(close(animation.value(at: 1.7, base: [0]), [8.75]))  // half into easeIn²: 0.25
        #expect(animation.value(at: 2, base: [0]) == [20])
        let even = try PropertyAnimation(
            kind: .keyframe(values: [[0, 0], [10, 0], [10, 10]], keyTimes: nil, timingFunctions: nil, calculationMode: .linear),
            timing: AnimationTiming(duration: 1)
        )
        #expect(even.value(at: 0.75, base: [0, 0]) == [10, 5])
    }

    @Test func discreteKeyframesJump() throws {
        let timing = try AnimationTiming(duration: 1, fillMode: .forwards)
        let discrete = try PropertyAnimation(
            kind: .keyframe(values: [[1], [2], [3]], keyTimes: nil, timingFunctions: nil, calculationMode: .discrete), timing: timing
        )
        let linear = try PropertyAnimation(
            kind: .keyframe(values: [[1], [2], [3]], keyTimes: nil, timingFunctions: nil, calculationMode: .linear), timing: timing
        )
        for (t, expected) in [(0.0, 1.0), (0.49, 1), (0.5, 2), (0.99, 2), (1, 3), (5, 3)] {
            #expect(discrete.value(at: t, base: [0]) == [expected], "at \(t)")
            #expect(linear.value(at: t, base: [0], discrete: true) == [expected], "discrete flag at \(t)")
        }
    }

    @Test func pacedKeyframesMoveAtConstantSpeed() throws {
        let animation = try PropertyAnimation(
            // keyTimes and timing functions are ignored when paced.
            kind: .keyframe(values: [[0], [10], [30]], keyTimes: [0, 0.9, 1], timingFunctions: [.caEaseIn, .caEaseOut], calculationMode: .paced),
            timing: AnimationTiming(duration: 1)
        )
        #expect(close(animation.value(at: 0.5, base: [0]), [15]))
        #expect(close(animation.value(at: 0.25, base: [0]), [7.5]))
        #expect(close(animation.value(at: 0.9, base: [0]), [27]))
        #expect(close(animation.velocity(at: 0.2, base: [0]), [30], 1e-6))
        #expect(close(animation.velocity(at: 0.8, base: [0]), [30], 1e-6))
    }

    @Test func cubicKeyframesPassThroughEveryValueSmoothly() throws {
        let animation = try PropertyAnimation(
            kind: .keyframe(values: [[0], [10], [5], [20]], keyTimes: nil, timingFunctions: nil, calculationMode: .cubic),
            timing: AnimationTiming(duration: 3, fillMode: .forwards)
        )
        for (t, expected) in [(0.0, 0.0), (1, 10), (2, 5), (3, 20)] {
            #expect(close(animation.value(at: t, base: [0]), [expected]), "at \(t)")
        }
        // Catmull-Rom: tangents 2.5 at 10 and 5 at 5; half-way between them 5 + 2.5 + 0.3125 − 0.625.
        #expect(close(animation.value(at: 1.5, base: [0]), [7.1875]))
        #expect(close(animation.velocity(at: 1, base: [0]), [2.5], 1e-3))  // the curvature changes at a key
        // Uneven key times: the speed still has no jump at the inner key.
        let uneven = try PropertyAnimation(
            kind: .keyframe(values: [[0], [10], [0]], keyTimes: [0, 0.25, 1], timingFunctions: nil, calculationMode: .cubic),
            timing: AnimationTiming(duration: 4)
        )
        #expect(close(uneven.value(at: 1, base: [0]), [10]))
        let h = 1e-5
        let left = (uneven.value(at: 1, base: [0])![0] - uneven.value(at: 1 - h, base: [0])![0]) / h
        let right = (uneven.value(at: 1 + h, base: [0])![0] - uneven.value(at: 1, base: [0])![0]) / h
        #expect(abs(left - right) < 1e-3, "left \(left), right \(right)")
    }

    @Test func singleKeyframeIsConstant() throws {
        let animation = try PropertyAnimation(
            kind: .keyframe(values: [[7, 8]], keyTimes: nil, timingFunctions: nil, calculationMode: .cubic),
            timing: AnimationTiming(duration: 1)
        )
        #expect(animation.value(at: 0.3, base: [0, 0]) == [7, 8])
    }

    @Test func springMatchesSpringValue() throws {
        let spring = try Spring()
        let duration = PropertyAnimation.settlingDuration(of: spring)
        #expect(duration == spring.settlingDuration)
        let animation = try PropertyAnimation(
            kind: .spring(from: [0], to: [100], by: nil, spring: spring),
            timing: AnimationTiming(beginTime: 1, duration: duration, repeatCount: 2)
        )
        #expect(close(animation.value(at: 1.3, base: [0]), [100 * spring.value(at: 0.3)]))
        #expect(close(animation.value(at: 1 + duration + 0.3, base: [0]), [100 * spring.value(at: 0.3)]))  // the second pass
        let fast = try PropertyAnimation(
            kind: .spring(from: nil, to: nil, by: [100], spring: spring),
            timing: AnimationTiming(duration: duration, speed: 2)
        )
        #expect(close(fast.value(at: 0.15, base: [50]), [50 + 100 * spring.value(at: 0.3)]))
    }

    @Test func discreteFlagJumpsAtHalfTheEasedProgress() throws {
        let linear = try basic(from: [0], to: [1], AnimationTiming(duration: 1))
        #expect(linear.value(at: 0.49, base: [0], discrete: true) == [0])
        #expect(linear.value(at: 0.5, base: [0], discrete: true) == [1])
        // caEaseIn is slow to start: at 0.6 of the time it is still below half way.
        let eased = try basic(from: [0], to: [1], curve: .caEaseIn, AnimationTiming(duration: 1))
        #expect(TimingCurve.caEaseIn.value(at: 0.6) < 0.5)
        #expect(eased.value(at: 0.6, base: [0], discrete: true) == [0])
        #expect(eased.value(at: 0.8, base: [0], discrete: true) == [1])
        let spring = try PropertyAnimation(kind: .spring(from: [1], to: [0], by: nil, spring: Spring()), timing: AnimationTiming(duration: 1))
        #expect(spring.value(at: 0.01, base: [0], discrete: true) == [1])
        #expect(spring.value(at: 0.9, base: [0], discrete: true) == [0])
    }
}
