import Foundation

/// The language's own globals and methods: `Math`, `parseInt`, `parseFloat`, `isNaN`,
/// `isFinite`, `Number`, `String`, `Boolean`, `Array`, `Object`, and the methods of arrays,
/// strings and numbers that expressions use. Nothing here reaches outside the run: `eval`,
/// `Function`, `require`, timers and the like are not defined, and saying so is an error.
enum ScriptBuiltins {
    typealias Native = @Sendable (ScriptValue, [ScriptValue], ScriptRun) throws(ScriptError) -> ScriptValue

    /// Names a script may not use, with why: a clear message, not "not defined".
    static let refused: Set<String> = [
        "eval", "Function", "require", "import", "setTimeout", "setInterval", "clearTimeout", "clearInterval",
        "XMLHttpRequest", "fetch", "window", "document", "globalThis", "self", "process", "global", "WebAssembly",
        "Worker", "localStorage", "navigator", "location", "Proxy", "Reflect",
    ]

    static func global(_ name: String) -> ScriptValue? {
        switch name {
        case "Math": return .host(ScriptMath())
        case "NaN": return .number(.nan)
        case "Infinity": return .number(.infinity)
        default: break
        }
        if let native = functions[name] { return .function(ScriptFunction(.native(native))) }
        return nil
    }

    static func number(_ arguments: [ScriptValue], _ index: Int, _ run: ScriptRun) throws(ScriptError) -> Double {
        index < arguments.count ? try ScriptOperators.toNumber(arguments[index], run) : .nan
    }

    static let functions: [String: ScriptNative] = {
        var table: [String: ScriptNative] = [:]
        func add(_ name: String, _ body: @escaping Native) { table[name] = ScriptNative(name: name, body: body) }
        add("parseInt") { _, arguments, run throws(ScriptError) in
            let text = (arguments.first.map { $0.string } ?? "").trimmingCharacters(in: .whitespaces)
            var radix = arguments.count > 1 ? Int(ScriptOperators.toInt32(try ScriptOperators.toNumber(arguments[1], run))) : 10
            var body = Substring(text)
            var sign = 1.0
            if body.hasPrefix("-") { sign = -1; body = body.dropFirst() } else if body.hasPrefix("+") { body = body.dropFirst() }
            if (radix == 16 || radix == 0) && (body.hasPrefix("0x") || body.hasPrefix("0X")) { body = body.dropFirst(2); radix = 16 }
            if radix == 0 { radix = 10 }
            guard (2...36).contains(radix) else { return .number(.nan) }
            var value = 0.0, digits = 0
            for character in body {
                guard let digit = character.hexDigitValue ?? (character.isLetter ? character.lowercased().unicodeScalars.first.map { Int($0.value) - 87 } : nil),
                      digit < radix, digit >= 0 else { break }
                value = value * Double(radix) + Double(digit)
                digits += 1
            }
            return .number(digits == 0 ? .nan : sign * value)
        }
        add("parseFloat") { _, arguments, _ throws(ScriptError) in
            let text = (arguments.first.map { $0.string } ?? "").trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("Infinity") || text.hasPrefix("+Infinity") { return .number(.infinity) }
            if text.hasPrefix("-Infinity") { return .number(-.infinity) }
            // The longest prefix that is a number, among the characters a number may have (at most
            // 400 of them: longer is no number a double holds more exactly).
            let candidate = Array(text.prefix(while: { "0123456789+-.eE".contains($0) }).prefix(400))
            var length = candidate.count
            while length > 0 {
                if let value = Double(String(candidate[..<length])) { return .number(value) }
                length -= 1
            }
            return .number(.nan)
        }
        add("isNaN") { _, arguments, run throws(ScriptError) in .boolean(try number(arguments, 0, run).isNaN) }
        add("isFinite") { _, arguments, run throws(ScriptError) in .boolean(try number(arguments, 0, run).isFinite) }
        add("Number") { _, arguments, run throws(ScriptError) in .number(arguments.isEmpty ? 0 : try number(arguments, 0, run)) }
        add("String") { _, arguments, run throws(ScriptError) in
            .string(arguments.isEmpty ? "" : try ScriptOperators.resolve(arguments[0], run).string)
        }
        add("Boolean") { _, arguments, _ throws(ScriptError) in .boolean(arguments.first?.truthy ?? false) }
        add("Array") { _, arguments, run throws(ScriptError) in
            if arguments.count == 1, case .number(let n) = arguments[0] {
                guard n >= 0, n == n.rounded(), n <= Double(Int32.max) else { throw .runtime("invalid array length \(ScriptValue.format(n))") }
                try run.allocate(Int(n) + 1)
                return .array(ScriptArray(Array(repeating: .undefined, count: Int(n))))
            }
            try run.allocate(arguments.count + 1)
            return .array(ScriptArray(arguments))
        }
        add("Object") { _, arguments, _ throws(ScriptError) in
            if let first = arguments.first {
                switch first {
                case .object, .array, .function, .host: return first
                default: break
                }
            }
            return .object(ScriptObject())
        }
        return table
    }()

    // MARK: Methods

    /// A method bound to `this`. Its call is charged for the size of `this` (a string's length,
    /// an array's count, a thirty-second a step): built-ins copy and scan what they are called on.
    static func method(_ name: String, _ this: ScriptValue, _ body: @escaping (ScriptValue, [ScriptValue], ScriptRun) throws(ScriptError) -> ScriptValue) -> ScriptFunction {
        let size: Int = switch this {
        case .string(let string): string.utf8.count
        case .array(let array): array.elements.count
        default: 0
        }
        return ScriptFunction(.closure(name) { this, arguments, run throws(ScriptError) in
            try run.charge(size / 32)
            return try body(this, arguments, run)
        }, bound: this)
    }

    static func arrayMethod(_ name: String, _ array: ScriptArray) -> ScriptFunction? {
        let this = ScriptValue.array(array)
        switch name {
        case "push":
            return method(name, this) { _, arguments, run throws(ScriptError) in
                try run.allocate(arguments.count)
                array.elements += arguments
                return .number(Double(array.elements.count))
            }
        case "pop":
            return method(name, this) { _, _, _ throws(ScriptError) in array.elements.popLast() ?? .undefined }
        case "shift":
            return method(name, this) { _, _, _ throws(ScriptError) in array.elements.isEmpty ? .undefined : array.elements.removeFirst() }
        case "unshift":
            return method(name, this) { _, arguments, run throws(ScriptError) in
                try run.allocate(arguments.count)
                array.elements.insert(contentsOf: arguments, at: 0)
                return .number(Double(array.elements.count))
            }
        case "slice":
            return method(name, this) { _, arguments, run throws(ScriptError) in
                let (start, end) = try range(arguments, count: array.elements.count, run)
                try run.allocate(end - start + 1)
                return .array(ScriptArray(start < end ? Array(array.elements[start..<end]) : []))
            }
        case "splice":
            return method(name, this) { _, arguments, run throws(ScriptError) in
                let count = array.elements.count
                let start = try clampIndex(try number(arguments, 0, run), count)
                let wanted = arguments.count > 1 ? try number(arguments, 1, run) : Double(count)
                // NaN deletes nothing; the count is clamped before it becomes an Int.
                let deleteCount = wanted.isNaN ? 0 : Int(min(max(wanted.rounded(.towardZero), 0), Double(count - start)))
                let removed = Array(array.elements[start..<start + deleteCount])
                try run.allocate(arguments.count)
                array.elements.replaceSubrange(start..<start + deleteCount, with: arguments.dropFirst(2))
                return .array(ScriptArray(removed))
            }
        case "concat":
            return method(name, this) { _, arguments, run throws(ScriptError) in
                var result = array.elements
                for argument in arguments {
                    if case .array(let other) = argument { result += other.elements } else { result.append(argument) }
                }
                try run.allocate(result.count + 1)
                return .array(ScriptArray(result))
            }
        case "join":
            return method(name, this) { _, arguments, run throws(ScriptError) in
                let separator = arguments.first.map { value -> String in if case .undefined = value { return "," } else { return value.string } } ?? ","
                let text = array.elements.map { element -> String in
                    switch element {
                    case .undefined, .null: ""
                    default: element.string
                    }
                }.joined(separator: separator)
                try run.allocate(text.utf8.count / 8 + 1)
                return .string(text)
            }
        case "reverse":
            return method(name, this) { _, _, _ throws(ScriptError) in
                array.elements.reverse()
                return .array(array)
            }
        case "indexOf":
            return method(name, this) { _, arguments, _ throws(ScriptError) in
                let target = arguments.first ?? .undefined
                return .number(Double(array.elements.firstIndex { ScriptOperators.strictEquals($0, target) } ?? -1))
            }
        case "toString":
            return method(name, this) { _, _, _ throws(ScriptError) in .string(this.string) }
        case "forEach", "map", "filter", "some", "every":
            return method(name, this) { _, arguments, run throws(ScriptError) in
                guard let function = arguments.first else { throw .runtime("\(name) needs a function") }
                var mapped: [ScriptValue] = []
                var index = 0
                while index < array.elements.count {
                    let element = array.elements[index]
                    let result = try run.call(function, [element, .number(Double(index)), this])
                    switch name {
                    case "map": mapped.append(result)
                    case "filter": if result.truthy { mapped.append(element) }
                    case "some": if result.truthy { return .boolean(true) }
                    case "every": if !result.truthy { return .boolean(false) }
                    default: break
                    }
                    index += 1
                }
                try run.allocate(mapped.count + 1)
                switch name {
                case "map", "filter": return .array(ScriptArray(mapped))
                case "some": return .boolean(false)
                case "every": return .boolean(true)
                default: return .undefined
                }
            }
        case "reduce":
            return method(name, this) { _, arguments, run throws(ScriptError) in
                guard let function = arguments.first else { throw .runtime("reduce needs a function") }
                var index = 0
                var accumulator: ScriptValue
                if arguments.count > 1 {
                    accumulator = arguments[1]
                } else {
                    guard !array.elements.isEmpty else { throw .runtime("reduce of an empty array with no initial value") }
                    accumulator = array.elements[0]
                    index = 1
                }
                while index < array.elements.count {
                    accumulator = try run.call(function, [accumulator, array.elements[index], .number(Double(index)), this])
                    index += 1
                }
                return accumulator
            }
        case "sort":
            return method(name, this) { _, arguments, run throws(ScriptError) in
                // Insertion sort: stable, and each comparison is a counted step.
                var elements = array.elements
                for i in elements.indices.dropFirst() {
                    var j = i
                    while j > 0 {
                        try run.step()
                        let before: Bool
                        if let compare = arguments.first {
                            before = try ScriptOperators.toNumber(try run.call(compare, [elements[j], elements[j - 1]]), run) < 0
                        } else {
                            before = elements[j].string < elements[j - 1].string
                        }
                        guard before else { break }
                        elements.swapAt(j, j - 1)
                        j -= 1
                    }
                }
                array.elements = elements
                return .array(array)
            }
        default:
            return nil
        }
    }

    static func clampIndex(_ n: Double, _ count: Int) throws(ScriptError) -> Int {
        if n.isNaN { return 0 }
        let index = n < 0 ? max(Double(count) + n.rounded(.towardZero), 0) : min(n.rounded(.towardZero), Double(count))
        return Int(index)
    }

    static func range(_ arguments: [ScriptValue], count: Int, _ run: ScriptRun) throws(ScriptError) -> (Int, Int) {
        let start = arguments.isEmpty ? 0 : try clampIndex(try number(arguments, 0, run), count)
        var end = count
        if arguments.count > 1, case .undefined = arguments[1] {} else if arguments.count > 1 {
            end = try clampIndex(try number(arguments, 1, run), count)
        }
        return (start, max(start, end))
    }

    static func stringMethod(_ name: String, _ string: String) -> ScriptFunction? {
        let this = ScriptValue.string(string)
        let units = { Array(string.utf16) }
        func text(_ slice: ArraySlice<UInt16>) -> ScriptValue { .string(String(decoding: slice, as: UTF16.self)) }
        switch name {
        case "charAt":
            return method(name, this) { _, arguments, run throws(ScriptError) in
                let all = units()
                let n = arguments.isEmpty ? 0 : try number(arguments, 0, run)
                guard n >= 0, n < Double(all.count) else { return .string("") }
                return text(all[Int(n)...Int(n)])
            }
        case "charCodeAt":
            return method(name, this) { _, arguments, run throws(ScriptError) in
                let all = units()
                let n = arguments.isEmpty ? 0 : try number(arguments, 0, run)
                guard n >= 0, n < Double(all.count) else { return .number(.nan) }
                return .number(Double(all[Int(n)]))
            }
        case "indexOf", "lastIndexOf":
            return method(name, this) { _, arguments, run throws(ScriptError) in
                let needle = Array((arguments.first ?? .undefined).string.utf16), all = units()
                guard needle.count <= all.count else { return .number(-1) }
                let starts = 0...(all.count - needle.count)
                // Each place tried is a step: a long search is bounded like a loop.
                try run.charge(all.count / 32)
                for start in (name == "indexOf" ? Array(starts) : starts.reversed()) {
                    try run.charge(1 + needle.count / 16)
                    if all[start..<start + needle.count].elementsEqual(needle) { return .number(Double(start)) }
                }
                return .number(-1)
            }
        case "slice", "substring", "substr":
            return method(name, this) { _, arguments, run throws(ScriptError) in
                let all = units()
                var start: Int, end: Int
                switch name {
                case "slice":
                    (start, end) = try range(arguments, count: all.count, run)
                case "substring":
                    func clampValue(_ n: Double) -> Int { n.isNaN ? 0 : Int(min(max(n, 0), Double(all.count))) }
                    start = clampValue(arguments.isEmpty ? 0 : try number(arguments, 0, run))
                    end = arguments.count > 1 ? clampValue(try number(arguments, 1, run)) : all.count
                    if start > end { swap(&start, &end) }
                default:
                    start = try clampIndex(arguments.isEmpty ? 0 : try number(arguments, 0, run), all.count)
                    let length = arguments.count > 1 ? try number(arguments, 1, run) : Double(all.count)
                    end = length.isNaN ? start : min(all.count, start + Int(min(max(length, 0), Double(all.count))))
                }
                return text(all[start..<max(start, end)])
            }
        case "toUpperCase", "toLocaleUpperCase":
            return method(name, this) { _, _, _ throws(ScriptError) in .string(string.uppercased()) }
        case "toLowerCase", "toLocaleLowerCase":
            return method(name, this) { _, _, _ throws(ScriptError) in .string(string.lowercased()) }
        case "trim":
            return method(name, this) { _, _, _ throws(ScriptError) in .string(string.trimmingCharacters(in: .whitespacesAndNewlines)) }
        case "split":
            return method(name, this) { _, arguments, run throws(ScriptError) in
                guard let separator = arguments.first, !(separator.typeName == "undefined") else {
                    return .array(ScriptArray([this]))
                }
                let parts: [String]
                if separator.string.isEmpty {
                    parts = units().map { String(decoding: [$0], as: UTF16.self) }
                } else {
                    parts = string.components(separatedBy: separator.string)
                }
                try run.allocate(parts.count + string.utf8.count / 8 + 1)
                return .array(ScriptArray(parts.map { .string($0) }))
            }
        case "replace":
            return method(name, this) { _, arguments, _ throws(ScriptError) in
                let target = (arguments.first ?? .undefined).string
                let replacement = arguments.count > 1 ? arguments[1].string : "undefined"
                guard let found = string.range(of: target) else { return this }
                return .string(string.replacingCharacters(in: found, with: replacement))
            }
        case "concat":
            return method(name, this) { _, arguments, run throws(ScriptError) in
                let result = string + arguments.map(\.string).joined()
                try run.allocate(result.utf8.count / 8 + 1)
                return .string(result)
            }
        case "toString", "valueOf":
            return method(name, this) { _, _, _ throws(ScriptError) in this }
        default:
            return nil
        }
    }

    static func numberMethod(_ name: String, _ n: Double) -> ScriptFunction? {
        let this = ScriptValue.number(n)
        switch name {
        case "toFixed":
            return method(name, this) { _, arguments, run throws(ScriptError) in
                let digits = arguments.isEmpty ? 0 : try number(arguments, 0, run)
                guard digits >= 0, digits <= 100 else { throw .runtime("toFixed() digits must be 0 … 100") }
                guard n.isFinite, abs(n) < 1e21 else { return .string(ScriptValue.format(n)) }
                return .string(String(format: "%.\(Int(digits))f", n))
            }
        case "toString":
            return method(name, this) { _, arguments, run throws(ScriptError) in
                let radix = arguments.isEmpty ? 10 : try number(arguments, 0, run)
                guard radix == 10 || !n.isFinite || n != n.rounded() || abs(n) > 9e15 else {
                    guard radix >= 2, radix <= 36 else { throw .runtime("toString() radix must be 2 … 36") }
                    return .string(String(Int64(n), radix: Int(radix)))
                }
                return .string(ScriptValue.format(n))
            }
        case "valueOf":
            return method(name, this) { _, _, _ throws(ScriptError) in this }
        default:
            return nil
        }
    }
}

/// `Math`: its constants and functions; `Math.random` draws from the run's seeded generator, so
/// a script's randomness is the host's to seed.
final class ScriptMath: ScriptHostObject {
    var description: String { "Math" }

    static let constants: [String: Double] = [
        "PI": .pi, "E": M_E, "LN2": M_LN2, "LN10": M_LN10, "LOG2E": M_LOG2E, "LOG10E": M_LOG10E, "SQRT2": 2.0.squareRoot(),
        "SQRT1_2": 0.5.squareRoot(),
    ]

    static let unary: [String: @Sendable (Double) -> Double] = [
        "abs": { abs($0) }, "floor": { $0.rounded(.down) }, "ceil": { $0.rounded(.up) },
        // JavaScript rounds halves up (towards +∞), not away from zero.
        "round": { ($0 + 0.5).rounded(.down) }, "trunc": { $0.rounded(.towardZero) },
        "sqrt": { $0.squareRoot() }, "cbrt": { cbrt($0) }, "exp": { exp($0) }, "log": { log($0) }, "log10": { log10($0) },
        "log2": { log2($0) }, "sin": { sin($0) }, "cos": { cos($0) }, "tan": { tan($0) }, "asin": { asin($0) },
        "acos": { acos($0) }, "atan": { atan($0) }, "sinh": { sinh($0) }, "cosh": { cosh($0) }, "tanh": { tanh($0) },
        "sign": { $0 > 0 ? 1 : ($0 < 0 ? -1 : $0) },
    ]

    func member(_ name: String, _ run: ScriptRun) throws(ScriptError) -> ScriptValue? {
        if let constant = Self.constants[name] { return .number(constant) }
        if let f = Self.unary[name] {
            return .function(ScriptFunction(native: "Math." + name) { _, arguments, run throws(ScriptError) in
                .number(f(try ScriptBuiltins.number(arguments, 0, run)))
            })
        }
        switch name {
        case "atan2":
            return .function(ScriptFunction(native: "Math.atan2") { _, arguments, run throws(ScriptError) in
                .number(atan2(try ScriptBuiltins.number(arguments, 0, run), try ScriptBuiltins.number(arguments, 1, run)))
            })
        case "pow":
            return .function(ScriptFunction(native: "Math.pow") { _, arguments, run throws(ScriptError) in
                .number(pow(try ScriptBuiltins.number(arguments, 0, run), try ScriptBuiltins.number(arguments, 1, run)))
            })
        case "min", "max":
            let isMin = name == "min"
            return .function(ScriptFunction(native: "Math." + name) { _, arguments, run throws(ScriptError) in
                var result = isMin ? Double.infinity : -Double.infinity
                for argument in arguments {
                    let n = try ScriptOperators.toNumber(argument, run)
                    if n.isNaN { return .number(.nan) }
                    result = isMin ? min(result, n) : max(result, n)
                }
                return .number(result)
            })
        case "hypot":
            return .function(ScriptFunction(native: "Math.hypot") { _, arguments, run throws(ScriptError) in
                var sum = 0.0
                for argument in arguments { let n = try ScriptOperators.toNumber(argument, run); sum += n * n }
                return .number(sum.squareRoot())
            })
        case "random":
            return .function(ScriptFunction(native: "Math.random") { _, _, run throws(ScriptError) in
                // Seeded by the host per evaluation: what it draws may change with the time.
                run.dependsOnTime = true
                return .number(run.random.nextUnit())
            })
        default:
            return nil
        }
    }
}
