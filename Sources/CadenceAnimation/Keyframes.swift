/// Key times and a timing curve per segment, checked and resolved once when an animation is made:
/// the one keyframe engine under both `Animation.keyframes` (any `Interpolatable` value) and
/// `PropertyAnimation`'s `.keyframe` (vectors, with Core Animation's calculation modes). A frame
/// only finds its segment, by binary search over the key times.
struct KeyframeTiming: Sendable, Hashable {
    /// One per value, never decreasing.
    let keyTimes: [Double]
    /// One per segment, or nil for linear segments.
    let curves: [TimingCurve]?

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

    /// The last key at or before progress `u` (0 when none is), below `limit`.
    func key(atOrBefore u: Double, below limit: Int) -> Int {
        Self.lastKey(in: keyTimes, atOrBefore: u, below: limit)
    }

    /// The segment holding progress `u` (the last whose start is at or before it), and how far
    /// through it `u` is after the segment's curve. Needs two keys or more.
    func segment(atProgress u: Double) -> (index: Int, fraction: Double) {
        let segment = Self.lastKey(in: keyTimes, atOrBefore: u, below: keyTimes.count - 1)
        let start = keyTimes[segment]
        let span = keyTimes[segment + 1] - start
        let local = span > 0 ? min(max((u - start) / span, 0), 1) : 1
        return (segment, curves?[segment].value(at: local) ?? local)
    }

    /// The last index `i` below `limit` whose key time is at or before `u` (0 when none is): a
    /// binary search, as key times never decrease. A NaN `u` gives 0.
    static func lastKey(in keyTimes: [Double], atOrBefore u: Double, below limit: Int) -> Int {
        var low = 0
        var high = min(limit, keyTimes.count) - 1
        // keyTimes[low] is taken as at or before u; look for a later one.
        while low < high {
            let middle = (low + high + 1) / 2
            if keyTimes[middle] <= u { low = middle } else { high = middle - 1 }
        }
        return max(low, 0)
    }
}

/// The keyframes of a `PropertyAnimation`, with their key times resolved, evaluated at a progress
/// through one pass. Made once when the animation is made (or its kind set).
struct Keyframes: Sendable, Hashable {
    let values: [[Double]]
    /// Key times (given, evenly spaced, or for `paced` from the distances between the values) and
    /// segment curves.
    let timing: KeyframeTiming
    let mode: CalculationMode

    var keyTimes: [Double] { timing.keyTimes }

    /// Nil when the parts do not fit together (no values, or counts that differ).
    init?(values: [[Double]], keyTimes: [Double]?, timingFunctions: [TimingCurve]?, mode: CalculationMode) {
        guard !values.isEmpty else { return nil }
        if mode == .paced {
            timing = KeyframeTiming(keyTimes: Self.pacedKeyTimes(values), curves: nil)
        } else {
            let times = keyTimes ?? Self.evenlySpaced(values.count)
            guard times.count == values.count, timingFunctions.map({ $0.count == values.count - 1 }) ?? true else { return nil }
            timing = KeyframeTiming(keyTimes: times, curves: timingFunctions)
        }
        self.values = values
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

    /// The value at progress `u` through the pass; with `discrete`, as calculation mode `discrete`.
    func value(atProgress u: Double, discrete: Bool) -> [Double] {
        guard values.count > 1 else { return values[0] }
        if discrete || mode == .discrete {
            // Value i from keyTimes[i] until keyTimes[i + 1]; the last only once they reach it.
            return values[timing.key(atOrBefore: u, below: values.count)]
        }
        let (segment, s) = timing.segment(atProgress: u)
        switch mode {
        case .cubic:
            return cubic(segment: segment, at: s)
        case .linear, .paced, .discrete:
            return Vector.interpolate(values[segment], values[segment + 1], fraction: s)
        }
    }

    /// The Catmull-Rom segment from value `k` to value `k + 1` at parameter `s` (0 ... 1).
    ///
    /// Tangents are Kochanek–Bartels' with zero tension, continuity and bias: half the difference
    /// of the neighbours, the ends repeating their end point. Each tangent is scaled for the time
    /// its segment lasts (Kochanek and Bartels' adjustment for uneven key times), so the motion
    /// has no jump in speed at a key even when the segments around it last different times.
    private func cubic(segment k: Int, at s: Double) -> [Double] {
        let last = values.count - 1
        func tangent(_ i: Int) -> [Double] {
            Vector.scaled(Vector.difference(values[min(i + 1, last)], values[max(i - 1, 0)]), by: 0.5)
        }
        func span(_ i: Int) -> Double { keyTimes[i + 1] - keyTimes[i] }
        /// 2Δ / (Δ_before + Δ_after), or 1 where the key has no time either side.
        func timeScale(_ this: Double, _ other: Double) -> Double {
            this + other > 0 ? 2 * this / (this + other) : 1
        }
        let duration = span(k)
        let outgoing = Vector.scaled(tangent(k), by: timeScale(duration, k > 0 ? span(k - 1) : duration))
        let incoming = Vector.scaled(tangent(k + 1), by: timeScale(duration, k + 1 < last ? span(k + 1) : duration))
        let s2 = s * s
        let s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1
        let h10 = s3 - 2 * s2 + s
        let h01 = -2 * s3 + 3 * s2
        let h11 = s3 - s2
        return values[k].indices.map { j in
            h00 * values[k][j] + h10 * outgoing[j] + h01 * values[k + 1][j] + h11 * incoming[j]
        }
    }
}
