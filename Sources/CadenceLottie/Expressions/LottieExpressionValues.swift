import CadenceAnimation
import CadenceScript

/// Values between a Lottie property and a script: a 1-D value is a number, others arrays of
/// numbers (colours r, g, b, a in 0 … 1, opacity 0 … 100, rotations in degrees: After Effects'
/// units, as the file stores them), a path a `LottiePathValue`.
enum LottieExpressionValues {
    static func script(_ numbers: [Double]) -> ScriptValue {
        numbers.count == 1 ? .number(numbers[0]) : .numbers(numbers)
    }

    /// A script's result as a numbers property's value, shaped like `keyframed`: a number for a
    /// 1-D property (a one-element array, a boolean, a numeric string too); an array for others,
    /// where missing or non-numeric components keep the keyframed ones.
    static func numbers(from result: ScriptValue, like keyframed: [Double], run: ScriptRun) throws(ScriptError) -> [Double] {
        let value = try ScriptOperators.resolve(result, run)
        switch value {
        case .undefined:
            throw .runtime("gives no value ($bm_rt is undefined)")
        case .array(let array):
            guard !array.elements.isEmpty else { throw .runtime("gives an empty array") }
            var numbers = keyframed
            if numbers.isEmpty { numbers = Array(repeating: 0, count: array.elements.count) }
            var any = false
            for index in numbers.indices where index < array.elements.count {
                let n = try ScriptOperators.toNumber(array.elements[index], run)
                if n.isFinite {
                    numbers[index] = n
                    any = true
                }
            }
            guard any else { throw .runtime("gives an array with no finite number") }
            return numbers
        case .number, .boolean, .null, .string:
            let n = try ScriptOperators.toNumber(value, run)
            guard n.isFinite else { throw .runtime("gives \(ScriptValue.format(n)), not a finite number") }
            if keyframed.count <= 1 { return [n] }
            throw .runtime("gives a number where the property has \(keyframed.count) dimensions")
        case .host(let host):
            if let path = host as? LottiePathValue { _ = path; throw .runtime("gives a path where the property is numbers") }
            throw .runtime("gives \(host.description), not a value")
        case .object, .function:
            throw .runtime("gives \(value.typeName == "function" ? "a function" : "an object"), not a number or an array")
        }
    }

    /// A script's result as a path: a path value, a path property, or an object with `v`, `i`,
    /// `o` (tangents relative to their vertex) and `c`.
    static func shape(from result: ScriptValue, run: ScriptRun) throws(ScriptError) -> BezierShape {
        let value = try ScriptOperators.resolve(result, run)
        switch value {
        case .host(let host as LottiePathValue):
            return host.shape
        case .object(let object):
            func points(_ key: String) throws(ScriptError) -> [SIMD2<Double>] {
                guard case .array(let list)? = object[key] else { return [] }
                return try LottiePathValue.points(list, run)
            }
            let vertices = try points("v")
            var ins = try points("i"), outs = try points("o")
            ins += Array(repeating: .zero, count: max(0, vertices.count - ins.count))
            outs += Array(repeating: .zero, count: max(0, vertices.count - outs.count))
            return BezierShape(
                vertices: vertices, inTangents: Array(ins.prefix(vertices.count)), outTangents: Array(outs.prefix(vertices.count)),
                closed: object["c"]?.truthy ?? false
            )
        case .undefined:
            throw .runtime("gives no value ($bm_rt is undefined)")
        default:
            throw .runtime("gives \(value.typeName), not a path")
        }
    }
}

/// A path as a script sees it (`value` of a path property, `createPath`'s result): `points()`,
/// `inTangents()`, `outTangents()` (relative to their vertex), `isClosed()`, and points along it.
final class LottiePathValue: ScriptHostObject {
    let shape: BezierShape

    init(_ shape: BezierShape) {
        self.shape = shape
    }

    var description: String { "a path" }

    static func points(_ list: ScriptArray, _ run: ScriptRun) throws(ScriptError) -> [SIMD2<Double>] {
        var points: [SIMD2<Double>] = []
        for entry in list.elements {
            let pair = try ScriptOperators.resolve(entry, run)
            guard case .array(let xy) = pair, xy.elements.count >= 2 else { throw .runtime("a path's points must be [x, y] pairs") }
            let x = try ScriptOperators.toNumber(xy.elements[0], run), y = try ScriptOperators.toNumber(xy.elements[1], run)
            guard x.isFinite, y.isFinite else { throw .runtime("a path's points must be finite") }
            points.append(SIMD2(x, y))
        }
        return points
    }

    static func script(_ points: [SIMD2<Double>], _ run: ScriptRun) throws(ScriptError) -> ScriptValue {
        try run.allocate(points.count * 3 + 1)
        return .array(ScriptArray(points.map { .numbers([$0.x, $0.y]) }))
    }

    func member(_ name: String, _ run: ScriptRun) throws(ScriptError) -> ScriptValue? {
        let shape = self.shape
        switch name {
        case "points", "inTangents", "outTangents":
            return .function(ScriptFunction(native: name) { _, _, run throws(ScriptError) in
                try LottiePathValue.script(name == "points" ? shape.vertices : name == "inTangents" ? shape.inTangents : shape.outTangents, run)
            })
        case "isClosed":
            return .function(ScriptFunction(native: name) { _, _, _ throws(ScriptError) in .boolean(shape.closed) })
        case "v": return try Self.script(shape.vertices, run)
        case "i": return try Self.script(shape.inTangents, run)
        case "o": return try Self.script(shape.outTangents, run)
        case "c": return .boolean(shape.closed)
        case "pointOnPath", "tangentOnPath", "normalOnPath":
            return .function(ScriptFunction(native: name) { _, arguments, run throws(ScriptError) in
                let fraction = arguments.isEmpty ? 0.5 : try ScriptOperators.toNumber(arguments[0], run)
                let (point, tangent) = shape.pointAndTangent(atLengthFraction: fraction.isFinite ? min(max(fraction, 0), 1) : 0)
                switch name {
                case "pointOnPath": return .numbers([point.x, point.y])
                case "tangentOnPath": return .numbers([tangent.x, tangent.y])
                default: return .numbers([-tangent.y, tangent.x])
                }
            })
        default:
            return nil
        }
    }
}

extension BezierShape {
    /// The point `fraction` of the way along the path by length, and the unit tangent there
    /// (each cubic segment measured in 32 steps).
    func pointAndTangent(atLengthFraction fraction: Double) -> (SIMD2<Double>, SIMD2<Double>) {
        guard let first = vertices.first else { return (.zero, SIMD2(1, 0)) }
        let count = vertices.count
        let segments = closed ? count : count - 1
        guard segments > 0 else { return (first, SIMD2(1, 0)) }
        func point(_ segment: Int, _ t: Double) -> SIMD2<Double> {
            let a = vertices[segment], b = vertices[(segment + 1) % count]
            let c1 = a + outTangents[segment], c2 = b + inTangents[(segment + 1) % count]
            let u = 1 - t
            return a * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + b * (t * t * t)
        }
        let steps = 32
        var samples: [(length: Double, segment: Int, t: Double)] = [(0, 0, 0)]
        var total = 0.0
        for segment in 0..<segments {
            var previous = point(segment, 0)
            for step in 1...steps {
                let t = Double(step) / Double(steps)
                let next = point(segment, t)
                let d = next - previous
                total += (d * d).sum().squareRoot()
                samples.append((total, segment, t))
                previous = next
            }
        }
        let target = fraction * total
        var index = 1
        while index < samples.count - 1 && samples[index].length < target { index += 1 }
        let (before, after) = (samples[index - 1], samples[index])
        let span = after.length - before.length
        let local = span > 0 ? (target - before.length) / span : 0
        let t0 = before.segment == after.segment ? before.t : 0
        let t = t0 + (after.t - t0) * local
        let here = point(after.segment, t)
        let ahead = point(after.segment, min(t + 0.001, 1)), behind = point(after.segment, max(t - 0.001, 0))
        let d = ahead - behind
        let length = (d * d).sum().squareRoot()
        return (here, length > 0 ? d / length : SIMD2(1, 0))
    }
}
