import CadenceAnimation
import CadenceEngine
import CadenceTiming

/// Nanoseconds per evaluation of each curve family, for `cadence bench curves`.
nonisolated public enum CurveBenchmark {
    /// One curve family's figure.
    public struct Result: Sendable {
        /// The family measured, e.g. "cubicBezier".
        public var curve: String
        /// The median of the repeats.
        public var nanosecondsPerEvaluation: Double
        /// The sum of every value computed: kept so the evaluations cannot be optimised away.
        public var checksum: Double
    }

    /// One representative per family, by the name `cadence curve` takes.
    public static let families: [(String, CurveSpec)] = {
        var list: [(String, CurveSpec)] = [
            ("linear", .curve(.linear)), ("easeIn", .curve(.easeIn())), ("easeOut", .curve(.easeOut())),
            ("easeInOut", .curve(.easeInOut())), ("caDefault", .curve(.caDefault)),
            ("caEaseInEaseOut", .curve(.caEaseInEaseOut)), ("steps(4,end)", .curve(.steps(4, .end))),
        ]
        list += Penner.Family.allCases.map { family in
            let curve = Penner(family, .inOut)
            return (curve.name, CurveSpec.curve(.penner(curve)))
        }
        if let spring = try? Spring() { list.append(("spring(1,100,10,0)", .spring(spring))) }
        return list
    }()

    /// Evaluates each family `evaluations` times at spread-out inputs, `repeats` times over.
    public static func run(evaluations: Int = 200_000, repeats: Int = 5) -> [Result] {
        // Inputs spread over 0 ... 1 by golden-ratio steps, computed once so only the curve is timed.
        let inputs = (0..<4096).map { (Double($0) * 0.6180339887498949).truncatingRemainder(dividingBy: 1) }
        return families.map { name, spec in
            var timings: [Double] = []
            var sink = 0.0
            for _ in 0..<repeats {
                let start = HostClock.now()
                switch spec {
                case .curve(let curve):
                    for i in 0..<evaluations { sink += curve.value(at: inputs[i & 4095]) }
                case .spring(let spring):
                    for i in 0..<evaluations { sink += spring.value(at: inputs[i & 4095]) }
                }
                timings.append(Double(HostClock.now() - start) / Double(evaluations))
            }
            timings.sort()
            return Result(curve: name, nanosecondsPerEvaluation: timings[timings.count / 2], checksum: sink)
        }
    }
}
