@testable import CadenceAnimation
import Testing

/// Keyframes are resolved when the animation is made and each frame finds its segment by binary
/// search: the same segment a walk from the first key finds, for every progress.
@Suite struct KeyframeSearchTests {
    /// The walk the search replaced: from index 0 while the next key time is at or before `u`.
    static func walk(_ keyTimes: [Double], _ u: Double, below limit: Int) -> Int {
        var index = 0
        while index + 1 < limit, keyTimes[index + 1] <= u { index += 1 }
        return index
    }

    @Test func binarySearchFindsTheSegmentAWalkFinds() throws {
        var state: UInt64 = 7
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        for count in 1...40 {
            // Non-decreasing key times with repeats.
            var times = (0..<count).map { _ in (next() * 8).rounded() / 8 }.sorted()
            if count > 1 { times[0] = 0; times[count - 1] = 1 }
            let track = try #require(KeyframeTrack<Double>(keys: times.map { (time: $0, value: $0) }))
            for u in [-1, 0, 1, 2, .nan, .infinity] + (0..<50).map({ _ in next() }) {
                #expect(track.lastKeyframe(atOrBefore: u) == Self.walk(times, u, below: count), "\(times) at \(u)")
            }
        }
    }

    @Test func aLongKeyframeAnimationEvaluatesEveryKey() throws {
        // 10,001 values 0, 1, 2, …: at progress k / 10,000 the value is k.
        let values = (0...10_000).map { [Double($0)] }
        let timing = try AnimationTiming(beginTime: 0, duration: 1)
        let animation = try PropertyAnimation(kind: .keyframe(values: values, keyTimes: nil, timingFunctions: nil, calculationMode: .linear), timing: timing)
        for k in stride(from: 0, through: 9_999, by: 1_111) {
            let value = try #require(animation.value(at: Double(k) / 10_000 + 0.00003, base: [0]))
            #expect(abs(value[0] - (Double(k) + 0.3)) < 1e-6)
        }
    }

    @Test func settingTheKindResolvesItsKeyframesAgain() throws {
        var animation = try PropertyAnimation(
            kind: .keyframe(values: [[0], [10]], keyTimes: nil, timingFunctions: nil, calculationMode: .linear),
            timing: try AnimationTiming(beginTime: 0, duration: 1)
        )
        #expect(animation.value(at: 0.5, base: [0]) == [5])
        animation.kind = .keyframe(values: [[0], [100], [0]], keyTimes: nil, timingFunctions: nil, calculationMode: .linear)
        #expect(animation.value(at: 0.5, base: [0]) == [100])
    }
}
