import Foundation

/// A value while a script runs: JavaScript's primitives, arrays and objects (shared by reference,
/// as in JavaScript), functions, and the host's objects. Values live only for one run.
public enum ScriptValue {
    case undefined
    case null
    case boolean(Bool)
    case number(Double)
    case string(String)
    case array(ScriptArray)
    case object(ScriptObject)
    case function(ScriptFunction)
    /// An object of the host's (a Lottie layer, a property): what it answers is all a script reaches.
    case host(any ScriptHostObject)

    /// An array value of numbers.
    public static func numbers(_ values: [Double]) -> ScriptValue {
        .array(ScriptArray(values.map { .number($0) }))
    }

    /// `typeof`.
    public var typeName: String {
        switch self {
        case .undefined: "undefined"
        case .null, .array, .object: "object"
        case .boolean: "boolean"
        case .number: "number"
        case .string: "string"
        case .function: "function"
        case .host(let host): host.isCallable ? "function" : "object"
        }
    }

    /// ToBoolean.
    public var truthy: Bool {
        switch self {
        case .undefined, .null: false
        case .boolean(let b): b
        case .number(let n): n != 0 && !n.isNaN
        case .string(let s): !s.isEmpty
        case .array, .object, .function, .host: true
        }
    }

    /// ToString, as JavaScript writes numbers (integers without a point).
    public var string: String {
        switch self {
        case .undefined: "undefined"
        case .null: "null"
        case .boolean(let b): b ? "true" : "false"
        case .number(let n): Self.format(n)
        case .string(let s): s
        case .array(let array): array.elements.map { element in
                switch element {
                case .undefined, .null: ""
                default: element.string
                }
            }.joined(separator: ",")
        case .object: "[object Object]"
        case .function: "function"
        case .host(let host): host.description
        }
    }

    /// A number as JavaScript's `String(n)` writes it.
    public static func format(_ n: Double) -> String {
        if n.isNaN { return "NaN" }
        if n.isInfinite { return n < 0 ? "-Infinity" : "Infinity" }
        if n == n.rounded(), abs(n) < 1e21 {
            // Within Int64 exactly; above it (integers up to 10²¹ are written whole) by digits.
            return abs(n) < 9e18 ? String(Int64(n)) : String(format: "%.0f", n)
        }
        var text = "\(n)"
        // Swift writes 1e-07 where JavaScript writes 1e-7.
        if let e = text.firstIndex(of: "e") {
            var exponent = String(text[text.index(after: e)...])
            var sign = "+"
            if exponent.hasPrefix("-") { sign = "-"; exponent.removeFirst() } else if exponent.hasPrefix("+") { exponent.removeFirst() }
            while exponent.hasPrefix("0") && exponent.count > 1 { exponent.removeFirst() }
            text = String(text[..<e]) + "e" + sign + exponent
        }
        return text
    }

    public var isUndefined: Bool {
        if case .undefined = self { return true }
        return false
    }

    /// The number if this is one.
    public var number: Double? {
        if case .number(let n) = self { return n }
        return nil
    }

    /// Numbers of an array of numbers (or of one number), nil otherwise.
    public var numbers: [Double]? {
        switch self {
        case .number(let n): return [n]
        case .array(let array):
            var result: [Double] = []
            result.reserveCapacity(array.elements.count)
            for element in array.elements {
                guard case .number(let n) = element else { return nil }
                result.append(n)
            }
            return result
        default: return nil
        }
    }
}

/// An array, shared by reference.
public final class ScriptArray {
    public var elements: [ScriptValue]

    public init(_ elements: [ScriptValue]) {
        self.elements = elements
    }
}

/// A plain object: its properties in the order they were first set.
public final class ScriptObject {
    public private(set) var keys: [String] = []
    private var values: [String: ScriptValue] = [:]

    public init() {}

    public subscript(key: String) -> ScriptValue? {
        get { values[key] }
        set {
            if values[key] == nil, newValue != nil { keys.append(key) }
            if newValue == nil, values[key] != nil { keys.removeAll { $0 == key } }
            values[key] = newValue
        }
    }
}

/// A function: written in the script (its code and the scope it closes over) or given by the host.
public final class ScriptFunction {
    enum Body {
        case script(ScriptFunctionCode, ScriptScope)
        case native(ScriptNative)
        /// A function made during a run (a method bound to its value): not shared.
        case closure(String, (ScriptValue, [ScriptValue], ScriptRun) throws(ScriptError) -> ScriptValue)
    }

    let body: Body
    /// For a method read from a value (`array.push`, `"a".split`): the value it was read from.
    let bound: ScriptValue?
    /// Properties set on the function (`f.count = 1`), and `prototype` for `new`.
    var properties: ScriptObject?

    init(_ body: Body, bound: ScriptValue? = nil) {
        self.body = body
        self.bound = bound
    }

    /// A function of the host's, made during a run: `body(this, arguments, run)`.
    public convenience init(native name: String, _ body: @escaping (ScriptValue, [ScriptValue], ScriptRun) throws(ScriptError) -> ScriptValue) {
        self.init(.closure(name, body))
    }

    /// A function of the host's, shared by every run.
    public convenience init(_ native: ScriptNative) {
        self.init(.native(native))
    }

    var name: String {
        switch body {
        case .script(let code, _): code.name ?? "anonymous"
        case .native(let native): native.name
        case .closure(let name, _): name
        }
    }
}

/// A function given by the host, shared by every run.
public struct ScriptNative: Sendable {
    public let name: String
    public let body: @Sendable (ScriptValue, [ScriptValue], ScriptRun) throws(ScriptError) -> ScriptValue

    public init(name: String, body: @escaping @Sendable (ScriptValue, [ScriptValue], ScriptRun) throws(ScriptError) -> ScriptValue) {
        self.name = name
        self.body = body
    }
}

/// An object of the host's, as a script sees it: the only way a script reaches anything outside
/// itself. It answers members by name, may be called, and may stand for a value (a property
/// stands for its value in arithmetic, indexing and comparisons).
public protocol ScriptHostObject: AnyObject, CustomStringConvertible {
    /// The member `name`, or `nil` when it has none (then the value's members are tried).
    func member(_ name: String, _ run: ScriptRun) throws(ScriptError) -> ScriptValue?
    /// The value it stands for, nil when it stands for none.
    func primitive(_ run: ScriptRun) throws(ScriptError) -> ScriptValue?
    /// Whether it can be called.
    var isCallable: Bool { get }
    /// Calls it.
    func call(_ arguments: [ScriptValue], _ run: ScriptRun) throws(ScriptError) -> ScriptValue
}

extension ScriptHostObject {
    public func primitive(_ run: ScriptRun) throws(ScriptError) -> ScriptValue? { nil }
    public var isCallable: Bool { false }
    public func call(_ arguments: [ScriptValue], _ run: ScriptRun) throws(ScriptError) -> ScriptValue {
        throw .runtime("\(description) is not a function")
    }
}

/// Why a script did not give a value.
public enum ScriptError: Error, Equatable, CustomStringConvertible {
    /// The source is not a script this language reads.
    case syntax(String, line: Int)
    /// It ran and failed (a name not defined, a call of what is not a function, a throw).
    case runtime(String)
    /// It ran past its budget of steps, memory or depth.
    case budget(String)

    public var description: String {
        switch self {
        case .syntax(let message, let line): "syntax error on line \(line): \(message)"
        case .runtime(let message): message
        case .budget(let message): message
        }
    }
}
