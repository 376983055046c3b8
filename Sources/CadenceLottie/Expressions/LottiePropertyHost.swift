import CadenceAnimation
import CadenceScript
import Foundation

/// Reading tracks inside a run: a track with an expression is evaluated within the run (its
/// budget, its depth, its cycle check), never as a run of its own.
enum LottieExpressionTracks {
    static func numbers(_ track: AnimatedNumbers, at frame: Double, _ run: ScriptRun) -> [Double] {
        if !track.keyframes.isEmpty { run.dependsOnTime = true }
        // A property read by its own expression is its keyframed value (lottie-web's too).
        if let expression = track.expression as? LottieExpression, (run.environment as? LottieExpressionEnvironment)?.expression !== expression {
            do {
                return try expression.numbers(at: frame, of: track, nestedIn: run, throwing: true)
            } catch {
                note(error, of: expression)
            }
        }
        return track.keyframedValue(at: frame)
    }

    static func shape(_ track: AnimatedShape, at frame: Double, _ run: ScriptRun) -> BezierShape {
        if !track.keyframes.isEmpty { run.dependsOnTime = true }
        // A property read by its own expression is its keyframed value (lottie-web's too).
        if let expression = track.expression as? LottieExpression, (run.environment as? LottieExpressionEnvironment)?.expression !== expression {
            do {
                return try expression.shape(at: frame, of: track, nestedIn: run, throwing: true)
            } catch {
                note(error, of: expression)
            }
        }
        return track.keyframedValue(at: frame)
    }

    /// A nested read that failed gives the keyframed value, as lottie-web gives a property it is
    /// still evaluating; while the file is probed, a cycle is noted for its warning.
    static func note(_ error: ScriptError, of expression: LottieExpression) {
        guard let scope = expression.scope, scope.probing, case .runtime(let message) = error, message.contains("cycle") else { return }
        scope.notes.append("reads \(expression.property) of \(expression.layerName), whose expression is being evaluated (a cycle)")
    }

    static func value(_ track: LottieProperty.Track, at frame: Double, _ run: ScriptRun) -> ScriptValue {
        switch track {
        case .numbers(let numbers): LottieExpressionValues.script(Self.numbers(numbers, at: frame, run))
        case .path(let shape): .host(LottiePathValue(Self.shape(shape, at: frame, run)))
        case .split(let x, let y): .numbers([Self.numbers(x, at: frame, run).first ?? 0, Self.numbers(y, at: frame, run).first ?? 0])
        }
    }

    /// `transform` with every track that has an expression replaced by its value at `frame`.
    static func resolved(_ transform: LottieTransform, at frame: Double, _ run: ScriptRun) throws(ScriptError) -> LottieTransform {
        func constant(_ track: AnimatedNumbers) -> AnimatedNumbers {
            track.expression == nil ? track : AnimatedNumbers(numbers(track, at: frame, run))
        }
        var result = transform
        result.anchor = constant(transform.anchor)
        result.position = transform.position.map(constant)
        result.positionX = constant(transform.positionX)
        result.positionY = constant(transform.positionY)
        result.scale = constant(transform.scale)
        result.rotation = constant(transform.rotation)
        result.opacity = constant(transform.opacity)
        result.skew = constant(transform.skew)
        result.skewAxis = constant(transform.skewAxis)
        result.rotationX = transform.rotationX.map(constant)
        result.rotationY = transform.rotationY.map(constant)
        result.orientation = transform.orientation.map(constant)
        return result
    }
}

/// A property as a script sees it: it stands for its value (`position[0]`, `opacity * 2`), and
/// answers `value`, `valueAtTime`, `velocityAtTime`, `speedAtTime`, `numKeys`, `key(i)`,
/// `nearestKey(t)`, `loopIn`/`loopOut` (and their `Duration` forms), `wiggle`, `smooth`,
/// `propertyGroup(n)`. `valueAtTime` and the loops read the keyframes (as lottie-web does);
/// `value` is after the property's own expression.
final class LottiePropertyHost: ScriptHostObject {
    let property: LottieProperty
    let name: String
    let frame: Double
    let scope: LottieExpressionScope
    let layer: LottieLayerHost
    let parent: (any ScriptHostObject)?

    init(property: LottieProperty, name: String, frame: Double, scope: LottieExpressionScope, layer: LottieLayerHost, parent: (any ScriptHostObject)? = nil) {
        self.property = property
        self.name = name
        self.frame = frame
        self.scope = scope
        self.layer = layer
        self.parent = parent
    }

    var description: String { "the property \"\(name.prefix(60))\"" }
    var frameRate: Double { scope.frameRate }

    func primitive(_ run: ScriptRun) throws(ScriptError) -> ScriptValue? {
        LottieExpressionTracks.value(property.track, at: frame, run)
    }

    /// The keyframed value at `frame` (of the property's composition).
    func keyframed(_ frame: Double) -> ScriptValue {
        switch property.track {
        case .numbers(let numbers): LottieExpressionValues.script(numbers.keyframedValue(at: frame))
        case .path(let shape): .host(LottiePathValue(shape.keyframedValue(at: frame)))
        case .split(let x, let y): .numbers([x.keyframedValue(at: frame).first ?? 0, y.keyframedValue(at: frame).first ?? 0])
        }
    }

    func keyframedNumbers(_ frame: Double) -> [Double] {
        switch property.track {
        case .numbers(let numbers): numbers.keyframedValue(at: frame)
        case .path: []
        case .split(let x, let y): [x.keyframedValue(at: frame).first ?? 0, y.keyframedValue(at: frame).first ?? 0]
        }
    }

    /// The velocity per second at `seconds`: a backward step of a thousandth of a second, as
    /// lottie-web takes it.
    func velocity(at seconds: Double) -> [Double] {
        let delta = -0.001
        let now = keyframedNumbers(seconds * frameRate), before = keyframedNumbers((seconds + delta) * frameRate)
        return now.indices.map { $0 < before.count ? (before[$0] - now[$0]) / delta : 0 }
    }

    /// Argument `index` as a number; `value` when it is missing (a default of the current time
    /// makes the result depend on time).
    static func seconds(_ arguments: [ScriptValue], _ index: Int, default value: Double, _ run: ScriptRun, isTime: Bool = false) throws(ScriptError) -> Double {
        guard index < arguments.count, !arguments[index].isUndefined else {
            if isTime { run.dependsOnTime = true }
            return value
        }
        let n = try ScriptOperators.toNumber(arguments[index], run)
        return n.isFinite ? n : value
    }

    static func group(of host: any ScriptHostObject, _ arguments: [ScriptValue], _ run: ScriptRun) throws(ScriptError) -> ScriptValue {
        var levels = Int(min(max(try seconds(arguments, 0, default: 1, run), 1), 64))
        var current: any ScriptHostObject = host
        while levels > 0 {
            let parent: (any ScriptHostObject)? = (current as? LottiePropertyHost)?.parent ?? (current as? LottieNodeHost)?.parent
            guard let parent else { throw .runtime("propertyGroup goes above the layer") }
            current = parent
            levels -= 1
        }
        return .host(current)
    }

    func member(_ name: String, _ run: ScriptRun) throws(ScriptError) -> ScriptValue? {
        let time = frame / frameRate
        // What reads the current time: the loops, wiggle, smooth, the current velocity.
        if ["loopOut", "loopIn", "loopOutDuration", "loopInDuration", "wiggle", "smooth", "velocity", "speed"].contains(name) {
            run.dependsOnTime = true
        }
        switch name {
        case "value": return try primitive(run)
        case "name", "_name": return .string(self.name)
        case "propertyIndex": return .number(1)
        case "numKeys": return .number(Double(property.keyCount))
        case "velocity": return LottieExpressionValues.script(velocity(at: time))
        case "speed": return .number(velocity(at: time).reduce(0) { $0 + $1 * $1 }.squareRoot())
        case "isAnimated": return .boolean(property.keyCount > 0)
        case "propertyGroup":
            return .function(ScriptFunction(native: name) { [self] _, arguments, run throws(ScriptError) in
                try Self.group(of: self, arguments, run)
            })
        case "valueAtTime":
            return .function(ScriptFunction(native: name) { [self] _, arguments, run throws(ScriptError) in
                keyframed(try Self.seconds(arguments, 0, default: time, run, isTime: true) * frameRate)
            })
        case "velocityAtTime", "speedAtTime":
            return .function(ScriptFunction(native: name) { [self] _, arguments, run throws(ScriptError) in
                let velocity = velocity(at: try Self.seconds(arguments, 0, default: time, run, isTime: true))
                if name == "speedAtTime" { return .number(velocity.reduce(0) { $0 + $1 * $1 }.squareRoot()) }
                return LottieExpressionValues.script(velocity)
            })
        case "key":
            return .function(ScriptFunction(native: name) { [self] _, arguments, run throws(ScriptError) in
                let n = try Self.seconds(arguments, 0, default: .nan, run)
                guard n >= 1, n <= Double(property.keyCount), n == n.rounded(), let key = property.key(Int(n) - 1) else {
                    throw .runtime("\(description) has no key \(ScriptValue.format(n)) (it has \(property.keyCount))")
                }
                return try keyObject(index: Int(n), frame: key.frame, run)
            })
        case "nearestKey":
            return .function(ScriptFunction(native: name) { [self] _, arguments, run throws(ScriptError) in
                let seconds = try Self.seconds(arguments, 0, default: time, run, isTime: true)
                guard let index = property.nearestKey(toFrame: seconds * frameRate), let key = property.key(index) else {
                    throw .runtime("\(description) has no keys")
                }
                return try keyObject(index: index + 1, frame: key.frame, run)
            })
        case "loopOut", "loopIn", "loopOutDuration", "loopInDuration":
            return .function(ScriptFunction(native: name) { [self] _, arguments, run throws(ScriptError) in
                let type = arguments.first.map { value -> String in if case .undefined = value { return "cycle" }; return value.string.lowercased() } ?? "cycle"
                let amount = try Self.seconds(arguments, 1, default: 0, run)
                return try loop(out: name.hasPrefix("loopOut"), type: type, amount: amount, duration: name.hasSuffix("Duration"), run)
            })
        case "wiggle":
            return .function(ScriptFunction(native: name) { [self] _, arguments, run throws(ScriptError) in
                try wiggle(arguments, time: time, run)
            })
        case "smooth":
            return .function(ScriptFunction(native: name) { [self] _, arguments, run throws(ScriptError) in
                let width = try Self.seconds(arguments, 0, default: 0.2, run)
                let samples = Int(min(max(try Self.seconds(arguments, 1, default: 5, run), 1), 100))
                let at = try Self.seconds(arguments, 2, default: time, run)
                guard samples > 1, property.keyCount > 0 else { return keyframed(at * frameRate) }
                var sum = [Double]()
                for index in 0..<samples {
                    let t = at - width / 2 + width * Double(index) / Double(samples - 1)
                    let value = keyframedNumbers(t * frameRate)
                    if sum.isEmpty { sum = value } else { for d in sum.indices where d < value.count { sum[d] += value[d] } }
                }
                return LottieExpressionValues.script(sum.map { $0 / Double(samples) })
            })
        case "points", "inTangents", "outTangents", "isClosed", "pointOnPath", "tangentOnPath", "normalOnPath":
            guard case .host(let path) = try primitive(run) else { return nil }
            return try path.member(name, run)
        default:
            return nil
        }
    }

    /// `key(i)` and `nearestKey(t)`: `index`, `time`, `value`, and the value's components by index.
    func keyObject(index: Int, frame: Double, _ run: ScriptRun) throws(ScriptError) -> ScriptValue {
        let value = keyframed(frame)
        let object = ScriptObject()
        object["index"] = .number(Double(index))
        object["time"] = .number(frame / frameRate)
        object["value"] = value
        if case .array(let components) = value {
            for (position, component) in components.elements.enumerated() { object[String(position)] = component }
        } else if case .number = value {
            object["0"] = value
        }
        try run.allocate(8)
        return .object(object)
    }

    /// loopOut and loopIn, as lottie-web computes them (with its slips put right: `continue`
    /// carries on at the last velocity in every dimension; `loopIn("cycle")` counts back from
    /// the last key of the loop).
    func loop(out: Bool, type: String, amount: Double, duration: Bool, _ run: ScriptRun) throws(ScriptError) -> ScriptValue {
        let count = property.keyCount
        guard count >= 2, let firstKey = property.key(0), let lastKey = property.key(count - 1) else { return keyframed(frame) }
        let cf = frame
        func v(_ f: Double) -> [Double] { keyframedNumbers(f) }
        func script(_ numbers: [Double]) -> ScriptValue { LottieExpressionValues.script(numbers) }
        if case .path = property.track {
            // A path loops by time alone: cycle and pingpong.
            guard let (first, last) = try span(out: out, amount: amount, duration: duration, firstKey: firstKey.frame, lastKey: lastKey.frame) else {
                return keyframed(cf)
            }
            return keyframed(loopFrame(out: out, type: type, first: first, last: last, frame: cf))
        }
        guard let (first, last) = try span(out: out, amount: amount, duration: duration, firstKey: firstKey.frame, lastKey: lastKey.frame) else {
            return keyframed(cf)
        }
        let cd = last - first
        if out {
            guard cf > last else { return keyframed(cf) }
            switch type {
            case "offset":
                let start = v(first), end = v(last), current = v((cf - first).truncatingRemainder(dividingBy: cd) + first)
                let repeats = ((cf - first) / cd).rounded(.down)
                return script(current.indices.map { current[$0] + (end[$0] - (start.count > $0 ? start[$0] : 0)) * repeats })
            case "continue":
                let end = v(last), before = v(last - 0.001)
                return script(end.indices.map { end[$0] + (end[$0] - (before.count > $0 ? before[$0] : end[$0])) / 0.001 * (cf - last) })
            default:
                return keyframed(loopFrame(out: true, type: type, first: first, last: last, frame: cf))
            }
        } else {
            guard cf < first else { return keyframed(cf) }
            switch type {
            case "offset":
                let start = v(first), end = v(last), current = v(last - (first - cf).truncatingRemainder(dividingBy: cd))
                let repeats = ((first - cf) / cd).rounded(.down) + 1
                return script(current.indices.map { current[$0] - (end[$0] - (start.count > $0 ? start[$0] : 0)) * repeats })
            case "continue":
                let start = v(first), after = v(first + 0.001)
                return script(start.indices.map { start[$0] + (start[$0] - (after.count > $0 ? after[$0] : start[$0])) / 0.001 * (first - cf) })
            default:
                return keyframed(loopFrame(out: false, type: type, first: first, last: last, frame: cf))
            }
        }
    }

    /// The frames a loop repeats: the last `amount` keys (all when 0), or `amount` seconds.
    private func span(out: Bool, amount: Double, duration: Bool, firstKey: Double, lastKey: Double) throws(ScriptError) -> (Double, Double)? {
        let count = property.keyCount
        var first = firstKey, last = lastKey
        if duration {
            let length = amount > 0 ? amount * frameRate : lastKey - firstKey
            if out { first = max(firstKey, lastKey - length) } else { last = min(lastKey, firstKey + length) }
        } else {
            var n = Int(min(max(amount.rounded(.towardZero), 0), Double(count - 1)))
            if n == 0 { n = count - 1 }
            if out {
                first = property.key(count - 1 - n)?.frame ?? firstKey
            } else {
                last = property.key(n)?.frame ?? lastKey
            }
        }
        return last > first ? (first, last) : nil
    }

    /// Whether a whole number of loops is odd, kept in floating point: keys a hair apart make
    /// counts no `Int` holds.
    static func isOdd(_ loops: Double) -> Bool {
        loops.isFinite && abs(loops.truncatingRemainder(dividingBy: 2)) == 1
    }

    private func loopFrame(out: Bool, type: String, first: Double, last: Double, frame cf: Double) -> Double {
        let cd = last - first
        if out {
            guard cf > last else { return cf }
            let into = (cf - first).truncatingRemainder(dividingBy: cd)
            if type == "pingpong", Self.isOdd(((cf - first) / cd).rounded(.down)) { return last - into }
            return first + into
        }
        guard cf < first else { return cf }
        let back = (first - cf).truncatingRemainder(dividingBy: cd)
        if type == "pingpong", !Self.isOdd(((first - cf) / cd).rounded(.down)) { return first + back }
        return last - back
    }

    /// `wiggle(freq, amp, octaves = 1, amp_mult = 0.5, t = time)`: the value plus smooth noise in
    /// each dimension, `amp` high, `freq` wiggles a second, each octave twice as fast and
    /// `amp_mult` as high, seeded by the property so every run draws the same.
    func wiggle(_ arguments: [ScriptValue], time: Double, _ run: ScriptRun) throws(ScriptError) -> ScriptValue {
        let frequency = try Self.seconds(arguments, 0, default: 1, run)
        let amplitude = try Self.seconds(arguments, 1, default: 0, run)
        let octaves = Int(min(max(try Self.seconds(arguments, 2, default: 1, run), 1), 16))
        let multiplier = try Self.seconds(arguments, 3, default: 0.5, run)
        let at = try Self.seconds(arguments, 4, default: time, run)
        let base = keyframedNumbers(at * frameRate)
        let seed = (run.environment as? LottieExpressionEnvironment)?.expression.seed ?? 0
        let result = base.indices.map { dimension -> Double in
            var offset = 0.0, amp = amplitude, freq = frequency
            for octave in 0..<octaves {
                offset += amp * LottieNoise.value(at: at * freq, seed: seed &+ UInt64(dimension * 7919 + octave * 104_729))
                amp *= multiplier
                freq *= 2
            }
            return base[dimension] + offset
        }
        return LottieExpressionValues.script(result)
    }
}

/// Smooth one-dimensional gradient noise in −1 … 1 (Perlin's, with his quintic fade), from a
/// seed: `wiggle` and `noise`.
enum LottieNoise {
    static func gradient(_ lattice: Int64, _ seed: UInt64) -> Double {
        var generator = SplitMix64(seed: seed ^ UInt64(bitPattern: lattice) &* 0x9E37_79B9_7F4A_7C15)
        return generator.nextUnit() * 2 - 1
    }

    static func value(at x: Double, seed: UInt64) -> Double {
        guard x.isFinite, abs(x) < 1e15 else { return 0 }
        let floor = x.rounded(.down)
        let cell = Int64(floor), t = x - floor
        let a = gradient(cell, seed) * t, b = gradient(cell + 1, seed) * (t - 1)
        let fade = t * t * t * (t * (t * 6 - 15) + 10)
        // Gradient noise peaks at 0.5 in one dimension: scaled to reach ±1.
        return (a + (b - a) * fade) * 2
    }
}
