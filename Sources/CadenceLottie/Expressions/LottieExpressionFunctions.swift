import CadenceAnimation
import CadenceScript
import Foundation

/// The expression helpers every property sees, as lottie-web and After Effects define them:
/// interpolation (`linear`, `ease`, `easeIn`, `easeOut`), vector maths (`add`, `sub`, `mul`,
/// `div`, `clamp`, `length`, `normalize`, `dot`, `cross` and Bodymovin's `$bm_*`), angles,
/// colours, randomness (seeded: `random`, `gaussRandom`, `seedRandom`, `noise`), time
/// (`framesToTime`, `timeToFrames`, `posterizeTime`), and `createPath`.
enum LottieExpressionFunctions {
    typealias Body = @Sendable (ScriptValue, [ScriptValue], ScriptRun) throws(ScriptError) -> ScriptValue

    static func global(_ name: String) -> ScriptValue? {
        table[name].map { .function(ScriptFunction($0)) }
    }

    static func argument(_ arguments: [ScriptValue], _ index: Int, _ run: ScriptRun) throws(ScriptError) -> ScriptValue {
        index < arguments.count ? try ScriptOperators.resolve(arguments[index], run) : .undefined
    }

    static func number(_ arguments: [ScriptValue], _ index: Int, _ run: ScriptRun, default value: Double = .nan) throws(ScriptError) -> Double {
        guard index < arguments.count else { return value }
        if case .undefined = arguments[index] { return value }
        return try ScriptOperators.toNumber(arguments[index], run)
    }

    /// Numbers of a value: a number is one, an array its elements.
    static func vector(_ value: ScriptValue, _ run: ScriptRun) throws(ScriptError) -> [Double]? {
        switch try ScriptOperators.resolve(value, run) {
        case .array(let array):
            var result: [Double] = []
            for element in array.elements { result.append(try ScriptOperators.toNumber(element, run)) }
            return result
        case .undefined: return nil
        case let other: return [try ScriptOperators.toNumber(other, run)]
        }
    }

    static func environment(_ run: ScriptRun) -> LottieExpressionEnvironment? {
        run.environment as? LottieExpressionEnvironment
    }

    /// `v1 + (v2 − v1) · progress`, element by element for arrays.
    static func mix(_ a: ScriptValue, _ b: ScriptValue, _ progress: Double, _ run: ScriptRun) throws(ScriptError) -> ScriptValue {
        let a = try ScriptOperators.resolve(a, run), b = try ScriptOperators.resolve(b, run)
        if case .array = a, let x = try vector(a, run), let y = try vector(b, run) {
            try run.allocate(x.count + 1)
            return .numbers(x.indices.map { x[$0] + ((y.count > $0 ? y[$0] : x[$0]) - x[$0]) * progress })
        }
        let x = try ScriptOperators.toNumber(a, run), y = try ScriptOperators.toNumber(b, run)
        return .number(x + (y - x) * progress)
    }

    /// `linear` and the eases: `(t, tMin, tMax, v1, v2)` maps t's place in tMin … tMax, or
    /// `(t, v1, v2)` t in 0 … 1.
    static func interpolate(_ arguments: [ScriptValue], _ run: ScriptRun, curve: CubicBezier?) throws(ScriptError) -> ScriptValue {
        var t = try number(arguments, 0, run)
        let v1: ScriptValue, v2: ScriptValue
        if arguments.count >= 5 {
            var low = try number(arguments, 1, run), high = try number(arguments, 2, run)
            v1 = arguments[3]
            v2 = arguments[4]
            if high < low { swap(&low, &high) }
            t = high == low ? (t >= high ? 1 : 0) : (t - low) / (high - low)
        } else if arguments.count >= 3 {
            v1 = arguments[1]
            v2 = arguments[2]
        } else {
            throw .runtime("linear and ease need (t, v1, v2) or (t, tMin, tMax, v1, v2)")
        }
        if t.isNaN { t = 0 }
        t = min(max(t, 0), 1)
        if t <= 0 { return try ScriptOperators.resolve(v1, run) }
        if t >= 1 { return try ScriptOperators.resolve(v2, run) }
        return try mix(v1, v2, curve?.value(at: t) ?? t, run)
    }

    // lottie-web's curves for ease, easeIn and easeOut.
    static let easeCurve = try? CubicBezier(x1: 0.33, y1: 0, x2: 0.667, y2: 1)
    static let easeInCurve = try? CubicBezier(x1: 0.333, y1: 0, x2: 0.833, y2: 0.833)
    static let easeOutCurve = try? CubicBezier(x1: 0.167, y1: 0.167, x2: 0.667, y2: 1)

    static func binary(_ f: @escaping @Sendable (ScriptValue, ScriptValue, ScriptRun) throws(ScriptError) -> ScriptValue) -> Body {
        { _, arguments, run throws(ScriptError) in
            try f(arguments.count > 0 ? arguments[0] : .undefined, arguments.count > 1 ? arguments[1] : .undefined, run)
        }
    }

    static func degrees(_ factor: Double) -> Body {
        { _, arguments, run throws(ScriptError) in
            let value = try argument(arguments, 0, run)
            if case .array = value, let numbers = try vector(value, run) { return .numbers(numbers.map { $0 * factor }) }
            return .number(try ScriptOperators.toNumber(value, run) * factor)
        }
    }

    static let table: [String: ScriptNative] = {
        var table: [String: ScriptNative] = [:]
        func add(_ names: [String], _ body: @escaping Body) {
            for name in names { table[name] = ScriptNative(name: name, body: body) }
        }
        add(["linear"]) { _, arguments, run throws(ScriptError) in try interpolate(arguments, run, curve: nil) }
        add(["ease"]) { _, arguments, run throws(ScriptError) in try interpolate(arguments, run, curve: easeCurve) }
        add(["easeIn"]) { _, arguments, run throws(ScriptError) in try interpolate(arguments, run, curve: easeInCurve) }
        add(["easeOut"]) { _, arguments, run throws(ScriptError) in try interpolate(arguments, run, curve: easeOutCurve) }
        add(["add", "sum", "$bm_sum"], binary(ScriptOperators.add))
        add(["sub", "$bm_sub"], binary(ScriptOperators.subtract))
        add(["mul", "$bm_mul"], binary(ScriptOperators.multiply))
        add(["div", "$bm_div"], binary(ScriptOperators.divide))
        add(["mod", "$bm_mod"], binary(ScriptOperators.modulo))
        add(["$bm_neg"]) { _, arguments, run throws(ScriptError) in
            let value = try argument(arguments, 0, run)
            if case .array = value, let numbers = try vector(value, run) { return .numbers(numbers.map { -$0 }) }
            return .number(-(try ScriptOperators.toNumber(value, run)))
        }
        add(["$bm_isInstanceOfArray"]) { _, arguments, run throws(ScriptError) in
            if case .array = try argument(arguments, 0, run) { return .boolean(true) }
            return .boolean(false)
        }
        add(["clamp"]) { _, arguments, run throws(ScriptError) in
            var low = try number(arguments, 1, run), high = try number(arguments, 2, run)
            if low > high { swap(&low, &high) }
            let value = try argument(arguments, 0, run)
            if case .array = value, let numbers = try vector(value, run) { return .numbers(numbers.map { min(max($0, low), high) }) }
            return .number(min(max(try ScriptOperators.toNumber(value, run), low), high))
        }
        add(["length"]) { _, arguments, run throws(ScriptError) in
            let a = try vector(argument(arguments, 0, run), run) ?? [0]
            let b = try vector(argument(arguments, 1, run), run) ?? []
            let count = b.isEmpty ? a.count : min(a.count, b.count)
            var sum = 0.0
            for index in 0..<count {
                let d = a[index] - (index < b.count ? b[index] : 0)
                sum += d * d
            }
            return .number(sum.squareRoot())
        }
        add(["normalize"]) { _, arguments, run throws(ScriptError) in
            let a = try vector(argument(arguments, 0, run), run) ?? [0]
            let length = a.reduce(0) { $0 + $1 * $1 }.squareRoot()
            return .numbers(a.map { length > 0 ? $0 / length : 0 })
        }
        add(["dot"]) { _, arguments, run throws(ScriptError) in
            let a = try vector(argument(arguments, 0, run), run) ?? [], b = try vector(argument(arguments, 1, run), run) ?? []
            return .number(zip(a, b).reduce(0) { $0 + $1.0 * $1.1 })
        }
        add(["cross"]) { _, arguments, run throws(ScriptError) in
            let a = (try vector(argument(arguments, 0, run), run) ?? []) + [0, 0, 0], b = (try vector(argument(arguments, 1, run), run) ?? []) + [0, 0, 0]
            return .numbers([a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]])
        }
        add(["radiansToDegrees", "radians_to_degrees"], degrees(180 / .pi))
        add(["degreesToRadians", "degrees_to_radians"], degrees(.pi / 180))
        add(["framesToTime"]) { _, arguments, run throws(ScriptError) in
            let rate = try number(arguments, 1, run, default: environment(run)?.scope.frameRate ?? 30)
            return .number(try number(arguments, 0, run) / rate)
        }
        add(["timeToFrames"]) { _, arguments, run throws(ScriptError) in
            let rate = try number(arguments, 1, run, default: environment(run)?.scope.frameRate ?? 30)
            if arguments.isEmpty || arguments[0].isUndefined { run.dependsOnTime = true }
            return .number(try number(arguments, 0, run, default: environment(run)?.time ?? 0) * rate)
        }
        add(["posterizeTime"]) { _, arguments, run throws(ScriptError) in
            let rate = try number(arguments, 0, run)
            run.dependsOnTime = true
            guard let environment = environment(run) else { return .undefined }
            environment.time = rate.isFinite && rate > 0 ? (environment.time * rate).rounded(.down) / rate : 0
            // `value` follows the time it is read at.
            let frame = environment.time * environment.scope.frameRate
            if case .text = environment.value { return .number(environment.time) }
            switch environment.track {
            case .numbers(let numbers): environment.value = .numbers(numbers.keyframedValue(at: frame))
            case .path(let shape): environment.value = .path(shape.keyframedValue(at: frame))
            case .split(let x, let y): environment.value = .numbers([x.keyframedValue(at: frame).first ?? 0, y.keyframedValue(at: frame).first ?? 0])
            }
            return .number(environment.time)
        }
        add(["seedRandom"]) { _, arguments, run throws(ScriptError) in
            guard let environment = environment(run) else { return .undefined }
            let timeless = arguments.count > 1 && arguments[1].truthy
            environment.timelessRandom = timeless
            run.random = environment.random(seed: try number(arguments, 0, run, default: 0), timeless: timeless)
            return .undefined
        }
        add(["random"]) { _, arguments, run throws(ScriptError) in
            // random(), random(max), random(min, max); arrays component by component.
            if environment(run)?.timelessRandom != true { run.dependsOnTime = true }
            let first = try argument(arguments, 0, run), second = try argument(arguments, 1, run)
            var low: ScriptValue = .number(0), high: ScriptValue = .number(1)
            if case .undefined = second {
                if case .undefined = first {} else { high = first }
            } else {
                low = first
                high = second
            }
            if case .array = high, let top = try vector(high, run) {
                let bottom = try vector(low, run) ?? []
                return .numbers(top.indices.map { index in
                    let b = index < bottom.count ? bottom[index] : (bottom.count == 1 ? bottom[0] : 0)
                    return b + run.random.nextUnit() * (top[index] - b)
                })
            }
            let b = try ScriptOperators.toNumber(low, run), t = try ScriptOperators.toNumber(high, run)
            return .number(b + run.random.nextUnit() * (t - b))
        }
        add(["gaussRandom"]) { _, arguments, run throws(ScriptError) in
            // Normal, with 90 % of draws within min … max (After Effects' definition).
            if environment(run)?.timelessRandom != true { run.dependsOnTime = true }
            func gauss() -> Double {
                let u = max(run.random.nextUnit(), 1e-12), v = run.random.nextUnit()
                return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
            }
            let first = try argument(arguments, 0, run), second = try argument(arguments, 1, run)
            var low = [0.0], high = [1.0]
            if case .undefined = second {
                if let top = try vector(first, run) { high = top }
            } else {
                low = try vector(first, run) ?? [0]
                high = try vector(second, run) ?? [1]
            }
            let values = high.indices.map { index -> Double in
                let b = index < low.count ? low[index] : low[0]
                return (b + high[index]) / 2 + gauss() / 3.29 * (high[index] - b)
            }
            if case .array = try ScriptOperators.resolve(second.typeName == "undefined" ? first : second, run) { return .numbers(values) }
            return .number(values.first ?? 0)
        }
        add(["noise"]) { _, arguments, run throws(ScriptError) in
            let values = try vector(argument(arguments, 0, run), run) ?? [0]
            let seed = environment(run)?.expression.seed ?? 0
            var sum = 0.0
            for (index, value) in values.enumerated() { sum += LottieNoise.value(at: value, seed: seed &+ UInt64(index)) }
            return .number(sum / Double(max(values.count, 1)))
        }
        add(["rgbToHsl"]) { _, arguments, run throws(ScriptError) in
            let c = (try vector(argument(arguments, 0, run), run) ?? []) + [0, 0, 0, 1]
            let (r, g, b) = (c[0], c[1], c[2])
            let high = max(r, g, b), low = min(r, g, b)
            let l = (high + low) / 2
            var h = 0.0, s = 0.0
            if high != low {
                let d = high - low
                s = l > 0.5 ? d / (2 - high - low) : d / (high + low)
                if high == r { h = (g - b) / d + (g < b ? 6 : 0) } else if high == g { h = (b - r) / d + 2 } else { h = (r - g) / d + 4 }
                h /= 6
            }
            return .numbers([h, s, l, c[3]])
        }
        add(["hslToRgb"]) { _, arguments, run throws(ScriptError) in
            let c = (try vector(argument(arguments, 0, run), run) ?? []) + [0, 0, 0, 1]
            let (h, s, l) = (c[0], c[1], c[2])
            guard s != 0 else { return .numbers([l, l, l, c[3]]) }
            func hue(_ p: Double, _ q: Double, _ t: Double) -> Double {
                var t = t
                if t < 0 { t += 1 }
                if t > 1 { t -= 1 }
                if t < 1.0 / 6 { return p + (q - p) * 6 * t }
                if t < 0.5 { return q }
                if t < 2.0 / 3 { return p + (q - p) * (2.0 / 3 - t) * 6 }
                return p
            }
            let q = l < 0.5 ? l * (1 + s) : l + s - l * s, p = 2 * l - q
            return .numbers([hue(p, q, h + 1.0 / 3), hue(p, q, h), hue(p, q, h - 1.0 / 3), c[3]])
        }
        add(["lookAt"]) { _, arguments, run throws(ScriptError) in
            let from = (try vector(argument(arguments, 0, run), run) ?? []) + [0, 0, 0]
            let to = (try vector(argument(arguments, 1, run), run) ?? []) + [0, 0, 0]
            let f = [to[0] - from[0], to[1] - from[1], to[2] - from[2]]
            let pitch = atan2(f[0], (f[1] * f[1] + f[2] * f[2]).squareRoot()) * 180 / .pi
            let yaw = -atan2(f[1], f[2]) * 180 / .pi
            return .numbers([yaw, pitch, 0])
        }
        add(["createPath"]) { _, arguments, run throws(ScriptError) in
            func points(_ index: Int) throws(ScriptError) -> [SIMD2<Double>] {
                guard case .array(let list) = try argument(arguments, index, run) else { return [] }
                return try LottiePathValue.points(list, run)
            }
            let vertices = try points(0)
            var ins = try points(1), outs = try points(2)
            ins += Array(repeating: .zero, count: max(0, vertices.count - ins.count))
            outs += Array(repeating: .zero, count: max(0, vertices.count - outs.count))
            // After Effects' default is a closed path.
            let closed = arguments.count > 3 ? arguments[3].truthy : true
            try run.allocate(vertices.count * 3)
            return .host(LottiePathValue(BezierShape(
                vertices: vertices, inTangents: Array(ins.prefix(vertices.count)), outTangents: Array(outs.prefix(vertices.count)), closed: closed
            )))
        }
        return table
    }()
}
