import CadenceAnimation
import Foundation

/// One run of a script: the interpreter's state (its budget left, its depth, its host). Made for
/// each run and used by one thread; host functions receive it to call back into the script and
/// to count what they make.
public final class ScriptRun {
    public internal(set) var environment: any ScriptEnvironment
    var steps: Int
    var cells: Int
    let maximumDepth: Int
    var depth = 0
    /// The run's random numbers (`Math.random`, and the host's `random`): seeded by the host, so
    /// a run gives the same numbers every time.
    public var random = SplitMix64(seed: 0)
    /// The value of the last expression statement run at the top level.
    private var completion: ScriptValue = .undefined
    private var topScope: ScriptScope?
    /// Names the program assigns without declaring them (JavaScript's sloppy mode).
    private var undeclared: [String: ScriptValue] = [:]

    /// What the host is evaluating in this run, to find a script that reads its own result
    /// (a cycle) before it recurses.
    public var evaluating: Set<ObjectIdentifier> = []
    /// Set by the host when the script read something that changes with time (so its result may
    /// not be kept as a constant).
    public var dependsOnTime = false

    /// A run with its own budget, in `environment`: run programs in it with `ScriptProgram.run(in:)`.
    public init(environment: any ScriptEnvironment, budget: ScriptBudget) {
        self.environment = environment
        steps = budget.steps
        cells = budget.cells
        maximumDepth = budget.depth
    }

    enum Completion {
        case normal
        case breakLoop
        case continueLoop
        case returnValue(ScriptValue)
    }

    // MARK: Budget

    @inline(__always) func step() throws(ScriptError) {
        steps -= 1
        if steps < 0 { throw .budget("ran past its budget of steps (an endless loop?)") }
    }

    /// Counts `work` steps at once: what a built-in does in proportion to its input (a search,
    /// a copy), so that it is bounded as a loop doing it would be.
    public func charge(_ work: Int) throws(ScriptError) {
        steps -= max(work, 0)
        if steps < 0 { throw .budget("ran past its budget of steps (an endless loop?)") }
    }

    /// Counts `count` cells of memory made.
    public func allocate(_ count: Int) throws(ScriptError) {
        cells -= max(count, 0)
        if cells < 0 { throw .budget("made more than its budget of memory") }
    }

    func enter() throws(ScriptError) {
        depth += 1
        if depth > maximumDepth {
            depth -= 1
            throw .budget("calls nested more than \(maximumDepth) deep")
        }
    }

    // MARK: Programs and functions

    func runProgram(_ code: ScriptFunctionCode, result: String?) throws(ScriptError) -> ScriptValue {
        let scope = ScriptScope(slots: code.slots.count, parent: nil, this: .undefined)
        let savedTop = topScope, savedCompletion = completion, savedUndeclared = undeclared
        topScope = scope
        completion = .undefined
        undeclared = [:]
        defer {
            topScope = savedTop
            completion = savedCompletion
            undeclared = savedUndeclared
        }
        hoist(code, into: scope)
        for statement in code.body {
            if case .returnValue(let value) = try exec(statement, scope) { return value }
        }
        if let result {
            let value = code.slots.firstIndex(of: result).map { scope.slots[$0] } ?? undeclared[result]
            if let value, !value.isUndefined { return value }
        }
        return completion
    }

    private func hoist(_ code: ScriptFunctionCode, into scope: ScriptScope) {
        for (slot, function) in code.functionSlots {
            scope.slots[slot] = .function(ScriptFunction(.script(function, scope)))
        }
    }

    /// Calls `function` with `this` and `arguments`: a script's function or a host's.
    public func call(_ function: ScriptValue, this: ScriptValue = .undefined, _ arguments: [ScriptValue]) throws(ScriptError) -> ScriptValue {
        try step()
        switch function {
        case .function(let function):
            let this = function.bound ?? this
            switch function.body {
            case .native(let native):
                return try native.body(this, arguments, self)
            case .closure(_, let body):
                return try body(this, arguments, self)
            case .script(let code, let closure):
                try enter()
                defer { depth -= 1 }
                try allocate(code.slots.count + 1)
                let scope = ScriptScope(slots: code.slots.count, parent: closure, this: this)
                for index in code.parameters.indices where index < arguments.count {
                    scope.slots[index] = arguments[index]
                }
                if let slot = code.argumentsSlot {
                    try allocate(arguments.count)
                    scope.slots[slot] = .array(ScriptArray(arguments))
                }
                if let slot = code.selfSlot { scope.slots[slot] = .function(function) }
                hoist(code, into: scope)
                for statement in code.body {
                    if case .returnValue(let value) = try exec(statement, scope) { return value }
                }
                return .undefined
            }
        case .host(let host) where host.isCallable:
            try enter()
            defer { depth -= 1 }
            return try host.call(arguments, self)
        default:
            throw .runtime("\(describe(function)) is not a function")
        }
    }

    private func describe(_ value: ScriptValue) -> String {
        switch value {
        case .string(let s): "\"\(s.prefix(40))\""
        case .function(let f): f.name
        default: value.typeName == "object" ? value.string.prefix(40).description : value.string.prefix(40).description
        }
    }

    // MARK: Statements

    func exec(_ node: ScriptNode, _ scope: ScriptScope) throws(ScriptError) -> Completion {
        try step()
        switch node {
        case .expression(let value):
            let result = try eval(value, scope)
            if scope === topScope { completion = result }
            return .normal
        case .declare(let list):
            for (target, value) in list {
                guard let value else { continue }
                try assign(target, try eval(value, scope), scope)
            }
            return .normal
        case .block(let body):
            for statement in body {
                let completion = try exec(statement, scope)
                if case .normal = completion { continue }
                return completion
            }
            return .normal
        case .ifElse(let test, let then, let otherwise):
            if try eval(test, scope).truthy { return try exec(then, scope) }
            if let otherwise { return try exec(otherwise, scope) }
            return .normal
        case .forLoop(let initial, let test, let update, let body):
            if let initial { _ = try exec(initial, scope) }
            while true {
                if let test, !(try eval(test, scope).truthy) { break }
                switch try exec(body, scope) {
                case .breakLoop: return .normal
                case .returnValue(let value): return .returnValue(value)
                case .normal, .continueLoop: break
                }
                if let update { _ = try eval(update, scope) }
            }
            return .normal
        case .forIn(let target, let object, let body):
            let keys: [String]
            switch try eval(object, scope) {
            case .array(let array): keys = array.elements.indices.map(String.init)
            case .object(let object): keys = object.keys
            case .string(let string): keys = Array(string.utf16).indices.map(String.init)
            default: keys = []
            }
            try allocate(keys.count)
            for key in keys {
                try assign(target, .string(key), scope)
                switch try exec(body, scope) {
                case .breakLoop: return .normal
                case .returnValue(let value): return .returnValue(value)
                case .normal, .continueLoop: break
                }
            }
            return .normal
        case .whileLoop(let test, let body):
            while try eval(test, scope).truthy {
                switch try exec(body, scope) {
                case .breakLoop: return .normal
                case .returnValue(let value): return .returnValue(value)
                case .normal, .continueLoop: break
                }
            }
            return .normal
        case .doWhile(let body, let test):
            repeat {
                switch try exec(body, scope) {
                case .breakLoop: return .normal
                case .returnValue(let value): return .returnValue(value)
                case .normal, .continueLoop: break
                }
            } while try eval(test, scope).truthy
            return .normal
        case .returnValue(let value):
            return .returnValue(try value.map { node throws(ScriptError) in try eval(node, scope) } ?? .undefined)
        case .breakLoop: return .breakLoop
        case .continueLoop: return .continueLoop
        case .throwValue(let value):
            throw .runtime("uncaught \(try eval(value, scope).string)")
        case .tryCatch(let body, let binding, let handler, let finally):
            var outcome: Completion = .normal
            do {
                outcome = try exec(body, scope)
            } catch {
                // Budgets are not caught: a script cannot outlive its budget by catching it.
                guard case .runtime(let message) = error, let handler else {
                    if let finally { _ = try exec(finally, scope) }
                    throw error
                }
                do {
                    if let binding { try assign(binding, .string(message), scope) }
                    outcome = try exec(handler, scope)
                } catch {
                    if let finally { _ = try exec(finally, scope) }
                    throw error
                }
            }
            if let finally {
                let completion = try exec(finally, scope)
                if case .normal = completion {} else { return completion }
            }
            return outcome
        case .switchCase(let value, let cases):
            let subject = try eval(value, scope)
            var matched: Int?
            for (index, entry) in cases.enumerated() {
                guard let test = entry.test else { continue }
                if try strictEquals(subject, try eval(test, scope)) {
                    matched = index
                    break
                }
            }
            guard let start = matched ?? cases.firstIndex(where: { $0.test == nil }) else { return .normal }
            for entry in cases[start...] {
                for statement in entry.body {
                    switch try exec(statement, scope) {
                    case .normal: continue
                    case .breakLoop: return .normal
                    case let other: return other
                    }
                }
            }
            return .normal
        case .empty:
            return .normal
        default:
            _ = try eval(node, scope)
            return .normal
        }
    }

    // MARK: Names

    /// A name no function declares: the program's undeclared variables, then the host's, then
    /// the built-ins.
    func lookup(_ name: String, _ scope: ScriptScope) throws(ScriptError) -> ScriptValue {
        if !undeclared.isEmpty, let value = undeclared[name] { return value }
        if let value = try environment.global(name, self) { return value }
        if let value = ScriptBuiltins.global(name) { return value }
        if ScriptBuiltins.refused.contains(name) { throw .runtime("\(name) is not available to expressions") }
        throw .runtime("\(name) is not defined")
    }

    /// Sets a name no function declares: it becomes a variable of the program (JavaScript's
    /// sloppy mode), shadowing the host's name of that spelling.
    func set(_ name: String, _ value: ScriptValue, _ scope: ScriptScope) throws(ScriptError) {
        if undeclared[name] == nil { try allocate(1 + name.utf8.count / 8) }
        undeclared[name] = value
    }

    @inline(__always) func frame(_ scope: ScriptScope, _ depth: Int) -> ScriptScope {
        var current = scope
        for _ in 0..<depth { current = current.parent ?? current }
        return current
    }

    private func assign(_ target: ScriptNode, _ value: ScriptValue, _ scope: ScriptScope) throws(ScriptError) {
        switch target {
        case .identifier(let name): try set(name, value, scope)
        case .local(let depth, let slot, _): frame(scope, depth).slots[slot] = value
        case .member(let object, let name): try setMember(try eval(object, scope), .string(name), value)
        case .index(let object, let key): try setMember(try eval(object, scope), try eval(key, scope), value)
        default: throw .runtime("cannot assign to this")
        }
    }

    // MARK: Expressions

    func eval(_ node: ScriptNode, _ scope: ScriptScope) throws(ScriptError) -> ScriptValue {
        try step()
        switch node {
        case .number(let n): return .number(n)
        case .string(let s): return .string(s)
        case .boolean(let b): return .boolean(b)
        case .null: return .null
        case .undefined: return .undefined
        case .identifier(let name): return try lookup(name, scope)
        case .local(let depth, let slot, _): return frame(scope, depth).slots[slot]
        case .this: return scope.this
        case .array(let elements):
            try allocate(elements.count + 1)
            var values: [ScriptValue] = []
            values.reserveCapacity(elements.count)
            for element in elements {
                values.append(try element.map { node throws(ScriptError) in try eval(node, scope) } ?? .undefined)
            }
            return .array(ScriptArray(values))
        case .object(let entries):
            try allocate(entries.count + 1)
            let object = ScriptObject()
            for (key, value) in entries { object[key] = try eval(value, scope) }
            return .object(object)
        case .function(let code):
            try allocate(1)
            return .function(ScriptFunction(.script(code, scope)))
        case .unary(let op, let operand):
            if op == "typeof", case .identifier(let name) = operand {
                // typeof of a name not defined is "undefined", not an error.
                guard let value = try? lookup(name, scope) else { return .string("undefined") }
                return .string(value.typeName)
            }
            let value = try eval(operand, scope)
            switch op {
            case "!": return .boolean(!value.truthy)
            case "-": return try ScriptOperators.negate(value, self)
            case "+": return .number(try ScriptOperators.toNumber(value, self))
            case "~": return .number(Double(~ScriptOperators.toInt32(try ScriptOperators.toNumber(value, self))))
            case "typeof": return .string(value.typeName)
            case "void": return .undefined
            case "delete": return .boolean(true)
            default: throw .runtime("unknown operator \(op)")
            }
        case .update(let increment, let prefix, let target):
            let old = try ScriptOperators.toNumber(try eval(target, scope), self)
            let new = old + (increment ? 1 : -1)
            try assign(target, .number(new), scope)
            return .number(prefix ? new : old)
        case .binary(let op, let left, let right):
            let a = try eval(left, scope)
            let b = try eval(right, scope)
            return try ScriptOperators.binary(op, a, b, self)
        case .logical(let and, let left, let right):
            let a = try eval(left, scope)
            if and { return a.truthy ? try eval(right, scope) : a }
            return a.truthy ? a : try eval(right, scope)
        case .conditional(let test, let then, let otherwise):
            return try eval(test, scope).truthy ? try eval(then, scope) : try eval(otherwise, scope)
        case .assign(let op, let target, let valueNode):
            switch target {
            case .identifier(let name):
                var value = try eval(valueNode, scope)
                if let op { value = try ScriptOperators.binary(op, try lookup(name, scope), value, self) }
                try set(name, value, scope)
                return value
            case .local(let depth, let slot, _):
                let target = frame(scope, depth)
                var value = try eval(valueNode, scope)
                if let op { value = try ScriptOperators.binary(op, target.slots[slot], value, self) }
                target.slots[slot] = value
                return value
            case .member(let objectNode, let name):
                let object = try eval(objectNode, scope)
                var value = try eval(valueNode, scope)
                if let op { value = try ScriptOperators.binary(op, try member(object, .string(name)), value, self) }
                try setMember(object, .string(name), value)
                return value
            case .index(let objectNode, let keyNode):
                let object = try eval(objectNode, scope)
                let key = try eval(keyNode, scope)
                var value = try eval(valueNode, scope)
                if let op { value = try ScriptOperators.binary(op, try member(object, key), value, self) }
                try setMember(object, key, value)
                return value
            default:
                throw .runtime("cannot assign to this")
            }
        case .member(let object, let name):
            return try member(try eval(object, scope), .string(name))
        case .index(let object, let key):
            return try member(try eval(object, scope), try eval(key, scope))
        case .call(let callee, let argumentNodes):
            var this: ScriptValue = .undefined
            let function: ScriptValue
            switch callee {
            case .member(let objectNode, let name):
                this = try eval(objectNode, scope)
                function = try member(this, .string(name))
            case .index(let objectNode, let keyNode):
                this = try eval(objectNode, scope)
                function = try member(this, try eval(keyNode, scope))
            default:
                function = try eval(callee, scope)
            }
            var arguments: [ScriptValue] = []
            arguments.reserveCapacity(argumentNodes.count)
            for argument in argumentNodes { arguments.append(try eval(argument, scope)) }
            if case .undefined = function {
                throw .runtime("\(Self.name(of: callee)) is not a function")
            }
            return try call(function, this: this, arguments)
        case .new(let callee, let argumentNodes):
            let constructor = try eval(callee, scope)
            var arguments: [ScriptValue] = []
            for argument in argumentNodes { arguments.append(try eval(argument, scope)) }
            return try construct(constructor, arguments)
        case .sequence(let list):
            var last: ScriptValue = .undefined
            for item in list { last = try eval(item, scope) }
            return last
        default:
            _ = try exec(node, scope)
            return .undefined
        }
    }

    static func name(of node: ScriptNode) -> String {
        switch node {
        case .identifier(let name), .local(_, _, let name): name
        case .member(let object, let member): Self.name(of: object) + "." + member
        case .this: "this"
        default: "this value"
        }
    }

    private func construct(_ constructor: ScriptValue, _ arguments: [ScriptValue]) throws(ScriptError) -> ScriptValue {
        guard case .function(let function) = constructor else {
            throw .runtime("\(describe(constructor)) is not a constructor")
        }
        if case .script = function.body {} else {
            // The built-in constructors (`Array`, `Object`, `Number`, `String`) make the same
            // values called with `new` or without.
            return try call(constructor, arguments)
        }
        let object = ScriptObject()
        if case .object(let prototype)? = function.properties?["prototype"] {
            for key in prototype.keys { object[key] = prototype[key] }
        }
        let result = try call(constructor, this: .object(object), arguments)
        switch result {
        case .object, .array, .function, .host: return result
        default: return .object(object)
        }
    }

    // MARK: Members

    /// `object[key]`: array elements and `length`, string characters, object properties, the
    /// built-in methods, a host object's members.
    public func member(_ object: ScriptValue, _ key: ScriptValue) throws(ScriptError) -> ScriptValue {
        switch object {
        case .array(let array):
            if case .number(let n) = key {
                guard n >= 0, n < Double(array.elements.count), n == n.rounded() else { return .undefined }
                return array.elements[Int(n)]
            }
            let name = key.string
            if name == "length" { return .number(Double(array.elements.count)) }
            if let index = Int(name), index >= 0, index < array.elements.count { return array.elements[index] }
            return ScriptBuiltins.arrayMethod(name, array).map { .function($0) } ?? .undefined
        case .string(let string):
            if case .number(let n) = key {
                let units = Array(string.utf16)
                guard n >= 0, n < Double(units.count), n == n.rounded() else { return .undefined }
                return .string(String(decoding: [units[Int(n)]], as: UTF16.self))
            }
            let name = key.string
            if name == "length" { return .number(Double(string.utf16.count)) }
            return ScriptBuiltins.stringMethod(name, string).map { .function($0) } ?? .undefined
        case .number(let n):
            return ScriptBuiltins.numberMethod(key.string, n).map { .function($0) } ?? .undefined
        case .object(let object):
            let name = key.string
            if let value = object[name] { return value }
            if name == "hasOwnProperty" {
                return .function(ScriptFunction(native: "hasOwnProperty") { _, arguments, _ throws(ScriptError) in
                    .boolean(object[arguments.first?.string ?? ""] != nil)
                })
            }
            return .undefined
        case .function(let function):
            let name = key.string
            if let value = function.properties?[name] { return value }
            if name == "prototype" {
                let prototype = ScriptObject()
                if function.properties == nil { function.properties = ScriptObject() }
                function.properties?["prototype"] = .object(prototype)
                return .object(prototype)
            }
            if name == "call" {
                return .function(ScriptFunction(native: "call") { _, arguments, run throws(ScriptError) in
                    try run.call(.function(function), this: arguments.first ?? .undefined, Array(arguments.dropFirst()))
                })
            }
            if name == "apply" {
                return .function(ScriptFunction(native: "apply") { _, arguments, run throws(ScriptError) in
                    var list: [ScriptValue] = []
                    if arguments.count > 1, case .array(let array) = arguments[1] { list = array.elements }
                    return try run.call(.function(function), this: arguments.first ?? .undefined, list)
                })
            }
            return .undefined
        case .host(let host):
            if case .number(let n) = key, let value = try host.primitive(self) {
                return try member(value, .number(n))
            }
            let name = key.string
            if let value = try host.member(name, self) { return value }
            if let value = try host.primitive(self) { return try member(value, key) }
            return .undefined
        case .boolean:
            return .undefined
        case .undefined, .null:
            throw .runtime("cannot read \"\(key.string.prefix(40))\" of \(object.string)")
        }
    }

    /// `object[key] = value`: array elements (an array grows, within the memory budget), object
    /// properties. Host objects and primitives do not change.
    public func setMember(_ object: ScriptValue, _ key: ScriptValue, _ value: ScriptValue) throws(ScriptError) {
        switch object {
        case .array(let array):
            let n: Double
            if case .number(let number) = key {
                n = number
            } else if key.string == "length" {
                let length = try ScriptOperators.toNumber(value, self)
                guard length >= 0, length <= Double(Int32.max), length == length.rounded() else { throw .runtime("invalid array length") }
                let count = Int(length)
                if count < array.elements.count {
                    array.elements.removeLast(array.elements.count - count)
                } else {
                    try allocate(count - array.elements.count)
                    array.elements += Array(repeating: .undefined, count: count - array.elements.count)
                }
                return
            } else if let index = Double(key.string) {
                n = index
            } else {
                return
            }
            guard n >= 0, n == n.rounded(), n <= Double(Int32.max) else { return }
            let index = Int(n)
            if index >= array.elements.count {
                try allocate(index + 1 - array.elements.count)
                array.elements += Array(repeating: .undefined, count: index + 1 - array.elements.count)
            }
            array.elements[index] = value
        case .object(let object):
            let name = key.string
            if object[name] == nil { try allocate(1 + name.utf8.count / 8) }
            object[name] = value
        case .function(let function):
            if function.properties == nil { function.properties = ScriptObject() }
            function.properties?[key.string] = value
        case .undefined, .null:
            throw .runtime("cannot set \"\(key.string.prefix(40))\" of \(object.string)")
        default:
            return
        }
    }

    // MARK: Equality

    func strictEquals(_ a: ScriptValue, _ b: ScriptValue) throws(ScriptError) -> Bool {
        ScriptOperators.strictEquals(a, b)
    }
}
