/// The rules `PropertyAnimation.init` checks; each error names the field at fault.
extension PropertyAnimation {
    static func validate(_ kind: Kind) throws(AnimationError) {
        switch kind {
        case .basic(let from, let to, let by, let timingFunction):
            try validateEnds(from: from, to: to, by: by)
            try validate(timingFunction, named: "timingFunction")
        case .spring(let from, let to, let by, _):
            // A `Spring` checks its own parameters when it is made.
            try validateEnds(from: from, to: to, by: by)
        case .keyframe(let values, let keyTimes, let timingFunctions, let mode):
            try validateKeyframes(values: values, keyTimes: keyTimes, timingFunctions: timingFunctions, mode: mode)
        }
    }

    /// The timing's fields may have been changed since it was made, so it is checked again.
    static func validate(_ timing: AnimationTiming) throws(AnimationError) {
        _ = try AnimationTiming(
            beginTime: timing.beginTime, duration: timing.duration, delay: timing.delay, speed: timing.speed,
            repeatCount: timing.repeatCount, autoreverses: timing.autoreverses, fillMode: timing.fillMode,
            timeOffset: timing.timeOffset, repeatDuration: timing.repeatDuration
        )
    }

    private static func validateEnds(from: [Double]?, to: [Double]?, by: [Double]?) throws(AnimationError) {
        let given = [("from", from), ("to", to), ("by", by)].compactMap { name, vector in vector.map { (name, $0) } }
        for (name, vector) in given {
            try validateFinite(vector, named: name, field: name)
        }
        if let (firstName, first) = given.first {
            for (name, vector) in given.dropFirst() where vector.count != first.count {
                throw .invalidField(name, "\(name) has \(numbers(vector.count)) but \(firstName) has \(first.count)")
            }
        }
    }

    private static func validateKeyframes(
        values: [[Double]], keyTimes: [Double]?, timingFunctions: [TimingCurve]?, mode: CalculationMode
    ) throws(AnimationError) {
        guard let first = values.first else { throw .invalidField("values", "values must hold at least 1 value, got none") }
        for (index, value) in values.enumerated() {
            try validateFinite(value, named: "values[\(index)]", field: "values")
            guard value.count == first.count else {
                throw .invalidField("values", "values[\(index)] has \(numbers(value.count)) but values[0] has \(first.count)")
            }
        }
        // Paced animations make their own key times; one value has nothing to span.
        try KeyframeTiming.validate(
            keyTimes: keyTimes, curves: timingFunctions, curvesName: "timingFunctions", valueCount: values.count,
            requiringEnds: mode != .paced, mode: "\(mode)"
        )
    }

    /// "1 number", "3 numbers".
    private static func numbers(_ count: Int) -> String {
        count == 1 ? "1 number" : "\(count) numbers"
    }

    private static func validateFinite(_ vector: [Double], named name: String, field: String) throws(AnimationError) {
        if let index = vector.firstIndex(where: { !$0.isFinite }) {
            throw .invalidField(field, "\(name)[\(index)] must be finite, got \(AnimationError.number(vector[index]))")
        }
    }

    private static func validate(_ curve: TimingCurve, named name: String) throws(AnimationError) {
        do {
            _ = try curve.validated()
        } catch {
            throw .invalidField(name, "\(name): \(error)")
        }
    }
}
