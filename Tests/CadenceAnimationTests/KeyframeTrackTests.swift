@testable import CadenceAnimation
import Testing

/// The one keyframe track: values at any time, in any order; keys, the nearest key and velocity
/// as expressions ask for them; and the layer model's keyframes played by it.
@Suite struct KeyframeTrackTests {
    /// Keys at 0, 10 and 30 (values 0, 100, 40): linear, then held.
    static let track = KeyframeTrack<[Double]>(
        keys: [(0, [0, 0]), (10, [100, 50]), (30, [40, 10])], easing: [.linear, .hold]
    )!

    @Test func valuesAtAnyTimeInAnyOrder() {
        let track = Self.track
        for time in [25.0, -3, 5, 10, 31, 9.99, 0] {
            let expected: [Double] = switch time {
            case ..<0: [0, 0]
            case 0..<10: [time * 10, time * 5]
            case 10..<30: [100, 50]
            default: [40, 10]
            }
            #expect(track.value(at: time) == expected, "at \(time)")
        }
        #expect(track.value(at: .nan) == [0, 0])
        #expect(track.scalar(at: 5) == 50)
        #expect(track.point(at: 5) == SIMD2(50, 25))
    }

    @Test func keysAndTheNearestKey() {
        let track = Self.track
        #expect(track.keyCount == 3)
        #expect(track.key(1)?.time == 10)
        #expect(track.key(1)?.value == [100, 50])
        #expect(track.key(3) == nil)
        #expect(track.key(-1) == nil)
        #expect(track.nearestKey(to: -100) == 0)
        #expect(track.nearestKey(to: 4.9) == 0)
        // Halfway between two keys: the earlier, as lottie-web's nearestKey.
        #expect(track.nearestKey(to: 5) == 0)
        #expect(track.nearestKey(to: 5.1) == 1)
        #expect(track.nearestKey(to: 21) == 2)
        #expect(track.nearestKey(to: 1e9) == 2)
        #expect(KeyframeTrack<[Double]>([1]).nearestKey(to: 3) == nil)
        #expect(KeyframeTrack<[Double]>([1]).keyCount == 0)
    }

    /// A Lottie file's last key may give only a time (`{"t": 40}`): the keyframe before ends there,
    /// and it still counts as a key.
    @Test func aLastKeyThatOnlyEndsTheOneBeforeCounts() {
        let track = KeyframeTrack<[Double]>(initial: [0], keyframes: [
            Keyframe(time: 0, endTime: 40, start: [0], end: [80], easing: .linear),
        ])
        #expect(track.keyCount == 2)
        #expect(track.key(1)?.time == 40)
        #expect(track.key(1)?.value == [80])
        #expect(track.nearestKey(to: 30) == 1)
        #expect(track.value(at: 10) == [20])
    }

    @Test func velocityIsTheRateOfChange() {
        let track = Self.track
        #expect(track.velocity(at: 5, step: 0.01).map { ($0 * 1e6).rounded() / 1e6 } == [10, 5])
        // lottie-web steps back: at the start of the hold the motion before it still shows.
        #expect(track.velocity(at: 10, step: -0.01).map { ($0 * 1e6).rounded() / 1e6 } == [10, 5])
        #expect(track.velocity(at: 10, step: 0.01) == [0, 0])
        #expect(abs(track.speed(at: 5, step: 0.01) - (125.0).squareRoot()) < 1e-6)
        let scalar = KeyframeTrack<Double>(keys: [(0, 0), (2, 10)])!
        #expect(abs(scalar.velocity(at: 1, step: 1e-3) - 5) < 1e-9)
        #expect(scalar.velocity(at: 1, step: 0) == 0)
    }

    /// Easing per dimension: each number follows its own curve, the last curve repeating.
    @Test func easingPerDimension() throws {
        let easeIn = try CubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)
        let track = try #require(KeyframeTrack<[Double]>(
            keys: [(0, [0, 0, 0]), (1, [1, 1, 1])], easing: [.curves([easeIn, try CubicBezier(x1: 0, y1: 0, x2: 1, y2: 1)])]
        ))
        let value = track.value(at: 0.5)
        #expect(value[0] == easeIn.value(at: 0.5))
        #expect(abs(value[1] - 0.5) < 1e-9)
        #expect(value[2] == value[1])
    }

    /// `Animation.keyframes` and `PropertyAnimation`'s keyframes are played by the track: the
    /// same values at every progress.
    @Test func layerKeyframesArePlayedByTheTrack() throws {
        let curves: [TimingCurve] = [.caEaseIn, .easeOut()]
        let animation = try Animation.keyframes(values: [0.0, 10, 4], keyTimes: [0, 0.25, 1], curves: curves, duration: 1)
        let track = try #require(KeyframeTrack<Double>(keys: [(0, 0), (0.25, 10), (1, 4)], easing: curves.map { .timing($0) }))
        let property = try PropertyAnimation(
            kind: .keyframe(values: [[0], [10], [4]], keyTimes: [0, 0.25, 1], timingFunctions: curves, calculationMode: .linear),
            timing: try AnimationTiming(beginTime: 0, duration: 1)
        )
        for u in stride(from: 0.0, to: 1, by: 0.05) {
            #expect(animation.value(atProgress: u) == track.value(at: u))
            #expect(property.value(at: u, base: [0]) == [track.value(at: u)])
        }
    }

    /// Catmull-Rom (calculation mode `cubic`) passes through every value, and between them is a
    /// Hermite segment of the track.
    @Test func cubicModeIsHermiteSegments() throws {
        let property = try PropertyAnimation(
            kind: .keyframe(values: [[0, 0], [10, 20], [30, 0]], keyTimes: nil, timingFunctions: nil, calculationMode: .cubic),
            timing: try AnimationTiming(beginTime: 0, duration: 1)
        )
        #expect(property.value(at: 0, base: [0, 0]) == [0, 0])
        #expect(property.value(at: 0.5, base: [0, 0]) == [10, 20])
        let quarter = try #require(property.value(at: 0.25, base: [0, 0]))
        // Tangent at the middle key is half of (30, 0) − (0, 0): the curve bulges past the chord.
        #expect(quarter[1] > 10)
    }
}
