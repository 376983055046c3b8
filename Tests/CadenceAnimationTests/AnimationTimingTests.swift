import CadenceAnimation
import Testing

@Suite struct AnimationTimingTests {
    @Test func timeOffsetWrapsInsideTheActiveTime() throws {
        let offset = try AnimationTiming(duration: 5, fillMode: .forwards, timeOffset: 2)
        // Plays 2 → 5, then 0 → 2, over its 5 s.
        #expect(offset.progress(at: 0) == 0.4)
        #expect(offset.progress(at: 2.5) == 0.9)
        #expect(offset.progress(at: 3.5) == 0.1)
        #expect(offset.endTime == 5)
        #expect(offset.progress(at: 9) == 0.4)  // holds where it ended: 2 s in
        let negative = try AnimationTiming(duration: 5, timeOffset: -1)
        #expect(negative.progress(at: 0) == 0.8)
    }

    @Test func repeatDurationSetsTheActiveTime() throws {
        let timing = try AnimationTiming(duration: 2, repeatCount: 10, fillMode: .forwards, repeatDuration: 5)
        #expect(timing.activeDuration == 5)
        #expect(timing.endTime == 5)
        #expect(timing.progress(at: 4.5) == 0.25)
        #expect(timing.iteration(at: 4.5) == 2)
        #expect(timing.progress(at: 9) == 0.5)  // ended mid-cycle, and holds there
        #expect(timing.iteration(at: 9) == 2)
    }

    @Test func iterationCountsCyclesFromZero() throws {
        let timing = try AnimationTiming(duration: 1, repeatCount: 3, autoreverses: true, fillMode: .both)
        #expect(timing.iteration(at: -1) == 0)
        #expect(timing.iteration(at: 0.5) == 0)
        #expect(timing.iteration(at: 1.5) == 0)  // the way back belongs to the same cycle
        #expect(timing.iteration(at: 2.5) == 1)
        #expect(timing.iteration(at: 5.5) == 2)
        #expect(timing.iteration(at: 6) == 2)  // the end belongs to the cycle that ends there
        #expect(timing.iteration(at: 60) == 2)
        let removed = try AnimationTiming(duration: 1)
        #expect(removed.iteration(at: 2) == nil)
    }

    @Test func repeatCountZeroPlaysOnce() throws {
        let timing = try AnimationTiming(duration: 2, repeatCount: 0)
        #expect(timing.activeDuration == 2)
        #expect(timing.progress(at: 1) == 0.5)
        #expect(timing.progress(at: 2.5) == nil)
    }

    @Test func speedAndDelayShapeLocalTime() throws {
        let timing = try AnimationTiming(beginTime: 1, duration: 2, delay: 1, speed: 2)
        #expect(timing.endTime == 3)
        #expect(timing.progress(at: 2.5) == 0.5)
        #expect(timing.progress(at: 2.25) == 0.25)
    }

    @Test func notANumberTimeHasNoEffect() throws {
        let timing = try AnimationTiming(duration: 1, repeatCount: .infinity, fillMode: .both)
        #expect(timing.progress(at: .nan) == nil)
        #expect(timing.progress(at: .infinity) == nil)
        #expect(timing.progress(at: -.infinity) == 0)
        #expect(timing.progress(at: 1e300) != nil)
        let zero = try AnimationTiming(duration: 0, repeatCount: .infinity, fillMode: .forwards)
        #expect(zero.activeDuration == 0)
        #expect(zero.progress(at: 1) == 1)
    }

    @Test func everyFieldIsCheckedByName() {
        func failure(_ make: () throws(AnimationError) -> AnimationTiming) -> AnimationError? {
            do {
                _ = try make()
                return nil
            } catch {
                return error
            }
        }
        let cases: [(AnimationError?, String, String)] = [
            (failure { () throws(AnimationError) in try AnimationTiming(duration: 1, speed: 0) }, "speed", "speed must be a finite number above 0, got 0"),
            (failure { () throws(AnimationError) in try AnimationTiming(duration: 1, speed: .infinity) }, "speed", "speed must be a finite number above 0, got inf"),
            (failure { () throws(AnimationError) in try AnimationTiming(duration: -1) }, "duration", "duration must be a finite number of seconds, 0 or more, got -1"),
            (failure { () throws(AnimationError) in try AnimationTiming(duration: .nan) }, "duration", "duration must be a finite number of seconds, 0 or more, got nan"),
            (failure { () throws(AnimationError) in try AnimationTiming(duration: 1, delay: -0.5) }, "delay", "delay must be a finite number of seconds, 0 or more, got -0.5"),
            (failure { () throws(AnimationError) in try AnimationTiming(duration: 1, repeatCount: -1) }, "repeatCount", "repeatCount must be 0 or more (0 plays once), or infinity, got -1"),
            (failure { () throws(AnimationError) in try AnimationTiming(duration: 1, repeatCount: .nan) }, "repeatCount", "repeatCount must be 0 or more (0 plays once), or infinity, got nan"),
            (failure { () throws(AnimationError) in try AnimationTiming(duration: 1, repeatDuration: .infinity) }, "repeatDuration", "repeatDuration must be a finite number of seconds, 0 or more, got inf"),
            (failure { () throws(AnimationError) in try AnimationTiming(duration: 1, repeatDuration: -2) }, "repeatDuration", "repeatDuration must be a finite number of seconds, 0 or more, got -2"),
            (failure { () throws(AnimationError) in try AnimationTiming(duration: 1, timeOffset: .nan) }, "timeOffset", "timeOffset must be finite, got nan"),
            (failure { () throws(AnimationError) in try AnimationTiming(beginTime: -.infinity, duration: 1) }, "beginTime", "beginTime must be finite, got -inf"),
        ]
        for (error, field, message) in cases {
            #expect(error?.field == field)
            #expect(error?.description == message)
        }
    }
}
