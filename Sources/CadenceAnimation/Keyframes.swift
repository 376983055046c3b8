/// The rules for key times and segment curves, whichever API gives them: `Animation.keyframes`
/// (any `Interpolatable` value) and `PropertyAnimation`'s `.keyframe` (vectors, with Core
/// Animation's calculation modes). Both are then played by one `KeyframeTrack`, the key times its
/// times.
enum KeyframeTiming {

    /// The one validator of key times and segment curves, whichever API made them: `keyTimes`
    /// one per value, each finite within 0 ... 1, never decreasing, from 0 to 1 when
    /// `requiringEnds` (and there is a segment); `curves` one per segment, each valid. Errors name
    /// the field (`keyTimes`, or `curvesName`).
    static func validate(
        keyTimes: [Double]?, curves: [TimingCurve]?, curvesName: String, valueCount: Int, requiringEnds: Bool, mode: String? = nil
    ) throws(AnimationError) {
        if let keyTimes {
            guard keyTimes.count == valueCount else {
                throw .invalidField("keyTimes", "keyTimes: \(keyTimes.count) for \(valueCount) values")
            }
            for (index, time) in keyTimes.enumerated() {
                guard time.isFinite, (0...1).contains(time) else {
                    throw .invalidField("keyTimes", "keyTimes[\(index)] must be within 0...1, got \(AnimationError.number(time))")
                }
                if index > 0, time < keyTimes[index - 1] {
                    throw .invalidField("keyTimes", "keyTimes must not decrease (keyTimes[\(index)] = \(AnimationError.number(time)) after \(AnimationError.number(keyTimes[index - 1])))")
                }
            }
            if requiringEnds, valueCount > 1 {
                let rule = mode.map { " for calculationMode \($0)" } ?? ""
                guard keyTimes[0] == 0 else {
                    throw .invalidField("keyTimes", "keyTimes must start at 0\(rule), got \(AnimationError.number(keyTimes[0]))")
                }
                guard keyTimes[keyTimes.count - 1] == 1 else {
                    throw .invalidField("keyTimes", "keyTimes must end at 1\(rule), got \(AnimationError.number(keyTimes[keyTimes.count - 1]))")
                }
            }
        }
        if let curves {
            guard curves.count == valueCount - 1 else {
                throw .invalidField(curvesName, "\(curvesName): \(curves.count) for \(valueCount - 1) segments")
            }
            for (index, curve) in curves.enumerated() {
                do {
                    _ = try curve.validated()
                } catch {
                    throw .invalidField("\(curvesName)[\(index)]", "\(curvesName)[\(index)]: \(error)")
                }
            }
        }
    }
}

/// The keyframes of a `PropertyAnimation`, with their key times resolved, as a `KeyframeTrack` over
/// progress through one pass. Made once when the animation is made (or its kind set).
struct Keyframes: Sendable, Hashable {
    let mode: CalculationMode
    /// Key times (given, evenly spaced, or for `paced` from the distances between the values) as
    /// the track's times; each segment eased by its timing function, and for `cubic` a Hermite
    /// segment with Catmull-Rom tangents.
    let track: KeyframeTrack<[Double]>

    /// Nil when the parts do not fit together (no values, or counts that differ).
    init?(values: [[Double]], keyTimes: [Double]?, timingFunctions: [TimingCurve]?, mode: CalculationMode) {
        guard !values.isEmpty else { return nil }
        let times: [Double]
        var curves = timingFunctions
        if mode == .paced {
            times = Self.pacedKeyTimes(values)
            curves = nil
        } else {
            times = keyTimes ?? Self.evenlySpaced(values.count)
            guard times.count == values.count, timingFunctions.map({ $0.count == values.count - 1 }) ?? true else { return nil }
        }
        let easing: [KeyframeEasing] = (0..<values.count - 1).map { index in
            if mode == .discrete { return .hold }
            return curves.map { .timing($0[index]) } ?? .linear
        }
        let paths = mode == .cubic ? Self.catmullRomPaths(values, times) : []
        guard let track = KeyframeTrack(keys: Array(zip(times, values)).map { (time: $0.0, value: $0.1) }, easing: easing, paths: paths) else { return nil }
        self.track = track
        self.mode = mode
    }

    /// `count` key times from 0 to 1, equally apart.
    static func evenlySpaced(_ count: Int) -> [Double] {
        count < 2 ? [0] : (0..<count).map { Double($0) / Double(count - 1) }
    }

    /// Key times in proportion to the distance travelled, so the motion has a constant speed;
    /// evenly spaced when the values do not move at all.
    static func pacedKeyTimes(_ values: [[Double]]) -> [Double] {
        var travelled = [0.0]
        for index in values.indices.dropFirst() {
            travelled.append(travelled[index - 1] + Vector.distance(values[index - 1], values[index]))
        }
        let total = travelled[travelled.count - 1]
        guard total > 0, total.isFinite else { return evenlySpaced(values.count) }
        return travelled.map { $0 / total }
    }

    /// The value at progress `u` through the pass; with `discrete`, as calculation mode `discrete`:
    /// value i from `keyTimes[i]` until `keyTimes[i + 1]`, the last only once they reach it.
    func value(atProgress u: Double, discrete: Bool) -> [Double] {
        if discrete && mode != .discrete {
            return track.keyframes[track.lastKeyframe(atOrBefore: u)].start
        }
        return track.value(at: u)
    }

    /// The Hermite segment of each pair of values for Catmull-Rom motion through them.
    ///
    /// Tangents are Kochanek–Bartels' with zero tension, continuity and bias: half the difference
    /// of the neighbours, the ends repeating their end point. Each tangent is scaled for the time
    /// its segment lasts (Kochanek and Bartels' adjustment for uneven key times), so the motion
    /// has no jump in speed at a key even when the segments around it last different times.
    private static func catmullRomPaths(_ values: [[Double]], _ keyTimes: [Double]) -> [KeyframePath?] {
        let last = values.count - 1
        func tangent(_ i: Int) -> [Double] {
            Vector.scaled(Vector.difference(values[min(i + 1, last)], values[max(i - 1, 0)]), by: 0.5)
        }
        func span(_ i: Int) -> Double { keyTimes[i + 1] - keyTimes[i] }
        /// 2Δ / (Δ_before + Δ_after), or 1 where the key has no time either side.
        func timeScale(_ this: Double, _ other: Double) -> Double {
            this + other > 0 ? 2 * this / (this + other) : 1
        }
        return (0..<last).map { k in
            let duration = span(k)
            let outgoing = Vector.scaled(tangent(k), by: timeScale(duration, k > 0 ? span(k - 1) : duration))
            let incoming = Vector.scaled(tangent(k + 1), by: timeScale(duration, k + 1 < last ? span(k + 1) : duration))
            return .hermite(outgoing: outgoing, incoming: incoming)
        }
    }
}
