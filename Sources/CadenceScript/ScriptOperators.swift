import Foundation

/// The operators. Numbers, strings and comparisons are JavaScript's. Arrays are After Effects'
/// vectors: `+`, `-`, `*`, `/` on them are the expression helpers' `add`, `sub`, `mul`, `div`
/// (as lottie-web's `$bm_sum` and friends compute them), which is what an expression written in
/// After Effects means and what Bodymovin rewrites its operators into.
public enum ScriptOperators {
    /// A host object as the value it stands for; other values as they are.
    public static func resolve(_ value: ScriptValue, _ run: ScriptRun) throws(ScriptError) -> ScriptValue {
        if case .host(let host) = value, let primitive = try host.primitive(run) { return primitive }
        return value
    }

    /// ToNumber.
    public static func toNumber(_ value: ScriptValue, _ run: ScriptRun) throws(ScriptError) -> Double {
        switch value {
        case .number(let n): return n
        case .boolean(let b): return b ? 1 : 0
        case .undefined: return .nan
        case .null: return 0
        case .string(let s): return number(from: s)
        case .array(let array):
            if array.elements.isEmpty { return 0 }
            if array.elements.count == 1 { return try toNumber(array.elements[0], run) }
            return .nan
        case .host:
            let resolved = try resolve(value, run)
            if case .host = resolved { return .nan }
            return try toNumber(resolved, run)
        case .object, .function: return .nan
        }
    }

    /// A string as JavaScript's `Number(s)` reads it.
    public static func number(from string: String) -> Double {
        let trimmed = string.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return 0 }
        if trimmed.hasPrefix("0x") || trimmed.hasPrefix("0X") {
            return UInt64(trimmed.dropFirst(2), radix: 16).map(Double.init) ?? .nan
        }
        if trimmed == "Infinity" || trimmed == "+Infinity" { return .infinity }
        if trimmed == "-Infinity" { return -.infinity }
        // Swift reads "inf" and "nan", which JavaScript does not.
        guard trimmed.allSatisfy({ "0123456789+-.eE".contains($0) }) else { return .nan }
        return Double(trimmed) ?? .nan
    }

    static func toInt32(_ n: Double) -> Int32 {
        guard n.isFinite else { return 0 }
        let truncated = n.rounded(.towardZero)
        let wrapped = truncated.truncatingRemainder(dividingBy: 4_294_967_296)
        return Int32(truncatingIfNeeded: Int64(wrapped))
    }

    static func negate(_ value: ScriptValue, _ run: ScriptRun) throws(ScriptError) -> ScriptValue {
        let value = try resolve(value, run)
        if case .array(let array) = value {
            try run.allocate(array.elements.count)
            var result: [ScriptValue] = []
            for element in array.elements { result.append(.number(-(try toNumber(element, run)))) }
            return .array(ScriptArray(result))
        }
        return .number(-(try toNumber(value, run)))
    }

    static func binary(_ op: String, _ left: ScriptValue, _ right: ScriptValue, _ run: ScriptRun) throws(ScriptError) -> ScriptValue {
        switch op {
        case "+": return try add(left, right, run)
        case "-": return try subtract(left, right, run)
        case "*": return try multiply(left, right, run)
        case "/": return try divide(left, right, run)
        case "%": return try modulo(left, right, run)
        case "**": return .number(pow(try toNumber(left, run), try toNumber(right, run)))
        case "==": return .boolean(try looseEquals(left, right, run))
        case "!=": return .boolean(!(try looseEquals(left, right, run)))
        case "===": return .boolean(strictEquals(left, right))
        case "!==": return .boolean(!strictEquals(left, right))
        case "<", ">", "<=", ">=": return .boolean(try compare(op, left, right, run))
        case "&": return .number(Double(toInt32(try toNumber(left, run)) & toInt32(try toNumber(right, run))))
        case "|": return .number(Double(toInt32(try toNumber(left, run)) | toInt32(try toNumber(right, run))))
        case "^": return .number(Double(toInt32(try toNumber(left, run)) ^ toInt32(try toNumber(right, run))))
        case "<<": return .number(Double(toInt32(try toNumber(left, run)) << (toInt32(try toNumber(right, run)) & 31)))
        case ">>": return .number(Double(toInt32(try toNumber(left, run)) >> (toInt32(try toNumber(right, run)) & 31)))
        case ">>>":
            let a = UInt32(bitPattern: toInt32(try toNumber(left, run)))
            return .number(Double(a >> UInt32(toInt32(try toNumber(right, run)) & 31)))
        case "in":
            let key = left.string
            switch try resolve(right, run) {
            case .object(let object): return .boolean(object[key] != nil)
            case .array(let array): return .boolean(key == "length" || (Int(key).map { $0 >= 0 && $0 < array.elements.count } ?? false))
            case .host(let host): return .boolean(try host.member(key, run) != nil)
            default: throw .runtime("\"in\" needs an object on its right")
            }
        case "instanceof":
            guard case .function(let function) = right else { throw .runtime("\"instanceof\" needs a function on its right") }
            switch (function.name, try resolve(left, run)) {
            case ("Array", .array), ("Object", .object), ("Object", .array), ("Function", .function): return .boolean(true)
            default: return .boolean(false)
            }
        default:
            throw .runtime("unknown operator \(op)")
        }
    }

    // MARK: Arithmetic, with vectors

    private static func isNumeric(_ value: ScriptValue) -> Bool {
        switch value {
        case .number, .boolean, .null, .undefined: true
        default: false
        }
    }

    /// `a + b`: strings join; numbers add; vectors add element by element (missing elements are
    /// the other's); a number adds to a vector's first element.
    public static func add(_ left: ScriptValue, _ right: ScriptValue, _ run: ScriptRun) throws(ScriptError) -> ScriptValue {
        let a = try resolve(left, run), b = try resolve(right, run)
        switch (a, b) {
        case (.number(let x), .number(let y)): return .number(x + y)
        case (.string(let x), _):
            let text = x + b.string
            try run.allocate(text.utf8.count / 8 + 1)
            return .string(text)
        case (_, .string(let y)):
            let text = a.string + y
            try run.allocate(text.utf8.count / 8 + 1)
            return .string(text)
        case (.array(let x), .array(let y)):
            return try elementwise(x, y, run) { $0 + $1 }
        case (.array(let x), _) where isNumeric(b):
            let y = try toNumber(b, run)
            return try firstElement(x, run) { $0 + y }
        case (_, .array(let y)) where isNumeric(a):
            let x = try toNumber(a, run)
            return try firstElement(y, run) { x + $0 }
        default:
            if isNumeric(a) && isNumeric(b) { return .number(try toNumber(a, run) + toNumber(b, run)) }
            let text = a.string + b.string
            try run.allocate(text.utf8.count / 8 + 1)
            return .string(text)
        }
    }

    /// `a - b`: numbers subtract; vectors element by element; a number from a vector's first element.
    public static func subtract(_ left: ScriptValue, _ right: ScriptValue, _ run: ScriptRun) throws(ScriptError) -> ScriptValue {
        let a = try resolve(left, run), b = try resolve(right, run)
        switch (a, b) {
        case (.array(let x), .array(let y)):
            return try elementwise(x, y, run) { $0 - $1 }
        case (.array(let x), _):
            let y = try toNumber(b, run)
            return try firstElement(x, run) { $0 - y }
        case (_, .array(let y)):
            let x = try toNumber(a, run)
            return try firstElement(y, run) { x - $0 }
        default:
            return .number(try toNumber(a, run) - toNumber(b, run))
        }
    }

    /// `a * b`: numbers multiply; a vector times a number scales it; two vectors multiply element
    /// by element.
    public static func multiply(_ left: ScriptValue, _ right: ScriptValue, _ run: ScriptRun) throws(ScriptError) -> ScriptValue {
        let a = try resolve(left, run), b = try resolve(right, run)
        switch (a, b) {
        case (.array(let x), .array(let y)):
            return try elementwise(x, y, run) { $0 * $1 }
        case (.array(let x), _):
            let y = try toNumber(b, run)
            return try map(x, run) { $0 * y }
        case (_, .array(let y)):
            let x = try toNumber(a, run)
            return try map(y, run) { x * $0 }
        default:
            return .number(try toNumber(a, run) * toNumber(b, run))
        }
    }

    /// `a / b`: numbers divide; a vector divided by a number, element by element; a number by a
    /// vector, each element.
    public static func divide(_ left: ScriptValue, _ right: ScriptValue, _ run: ScriptRun) throws(ScriptError) -> ScriptValue {
        let a = try resolve(left, run), b = try resolve(right, run)
        switch (a, b) {
        case (.array(let x), .array(let y)):
            return try elementwise(x, y, run) { $0 / $1 }
        case (.array(let x), _):
            let y = try toNumber(b, run)
            return try map(x, run) { $0 / y }
        case (_, .array(let y)):
            let x = try toNumber(a, run)
            return try map(y, run) { x / $0 }
        default:
            return .number(try toNumber(a, run) / toNumber(b, run))
        }
    }

    /// `a % b`: JavaScript's remainder (the sign of `a`); on vectors element by element.
    public static func modulo(_ left: ScriptValue, _ right: ScriptValue, _ run: ScriptRun) throws(ScriptError) -> ScriptValue {
        let a = try resolve(left, run), b = try resolve(right, run)
        switch (a, b) {
        case (.array(let x), .array(let y)):
            return try elementwise(x, y, run) { fmod($0, $1) }
        case (.array(let x), _):
            let y = try toNumber(b, run)
            return try map(x, run) { fmod($0, y) }
        default:
            return .number(fmod(try toNumber(a, run), try toNumber(b, run)))
        }
    }

    private static func map(_ array: ScriptArray, _ run: ScriptRun, _ f: (Double) -> Double) throws(ScriptError) -> ScriptValue {
        try run.allocate(array.elements.count + 1)
        var result: [ScriptValue] = []
        result.reserveCapacity(array.elements.count)
        for element in array.elements { result.append(.number(f(try toNumber(element, run)))) }
        return .array(ScriptArray(result))
    }

    private static func firstElement(_ array: ScriptArray, _ run: ScriptRun, _ f: (Double) -> Double) throws(ScriptError) -> ScriptValue {
        try run.allocate(array.elements.count + 1)
        var result = array.elements
        if !result.isEmpty { result[0] = .number(f(try toNumber(result[0], run))) }
        return .array(ScriptArray(result))
    }

    private static func elementwise(_ x: ScriptArray, _ y: ScriptArray, _ run: ScriptRun, _ f: (Double, Double) -> Double) throws(ScriptError) -> ScriptValue {
        let count = max(x.elements.count, y.elements.count)
        try run.allocate(count + 1)
        var result: [ScriptValue] = []
        result.reserveCapacity(count)
        for index in 0..<count {
            let a = index < x.elements.count ? x.elements[index] : nil
            let b = index < y.elements.count ? y.elements[index] : nil
            switch (a, b) {
            case (let a?, let b?): result.append(.number(f(try toNumber(a, run), try toNumber(b, run))))
            case (let a?, nil): result.append(a)
            case (nil, let b?): result.append(b)
            case (nil, nil): result.append(.undefined)
            }
        }
        return .array(ScriptArray(result))
    }

    // MARK: Comparison

    public static func strictEquals(_ a: ScriptValue, _ b: ScriptValue) -> Bool {
        switch (a, b) {
        case (.undefined, .undefined), (.null, .null): true
        case (.boolean(let x), .boolean(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x === y
        case (.object(let x), .object(let y)): x === y
        case (.function(let x), .function(let y)): x === y
        case (.host(let x), .host(let y)): x === y
        default: false
        }
    }

    static func looseEquals(_ left: ScriptValue, _ right: ScriptValue, _ run: ScriptRun) throws(ScriptError) -> Bool {
        switch (left, right) {
        case (.undefined, .undefined), (.null, .null), (.undefined, .null), (.null, .undefined): return true
        case (.undefined, _), (.null, _), (_, .undefined), (_, .null): return false
        case (.host, _), (_, .host):
            let a = try resolve(left, run), b = try resolve(right, run)
            if case .host = a, case .host = b { return strictEquals(a, b) }
            if case .host = a { return false }
            if case .host = b { return false }
            return try looseEquals(a, b, run)
        case (.array, .array), (.object, .object), (.function, .function): return strictEquals(left, right)
        case (.string(let x), .string(let y)): return x == y
        case (.array, _), (.object, _): return try looseEquals(.string(left.string), right, run)
        case (_, .array), (_, .object): return try looseEquals(left, .string(right.string), run)
        default: return try toNumber(left, run) == toNumber(right, run)
        }
    }

    static func compare(_ op: String, _ left: ScriptValue, _ right: ScriptValue, _ run: ScriptRun) throws(ScriptError) -> Bool {
        let a = try resolve(left, run), b = try resolve(right, run)
        if case .string(let x) = a, case .string(let y) = b {
            switch op {
            case "<": return x < y
            case ">": return x > y
            case "<=": return x <= y
            default: return x >= y
            }
        }
        let x = try toNumber(a, run), y = try toNumber(b, run)
        switch op {
        case "<": return x < y
        case ">": return x > y
        case "<=": return x <= y
        default: return x >= y
        }
    }
}
