/// A script read once (`init(source:)` checks its syntax) and run any number of times, on any
/// thread, each run with its own budget (`ScriptBudget`) and its own host (`ScriptEnvironment`).
///
/// The language is the ES5 that expressions are written in, run by an interpreter of Cadence's
/// own, so a script reaches nothing but what its host gives it: no files, no network, no timers,
/// no `eval`, no `Function`, no `require`. Every run is bounded: steps, memory and call depth.
///
/// ```swift
/// let program = try ScriptProgram(source: "var x = 2; x * 21")
/// try program.run(in: environment).number  // 42
/// ```
public struct ScriptProgram: Sendable {
    /// The longest source read (a megabyte of UTF-8).
    public static let maximumSourceLength = 1 << 20

    let code: ScriptFunctionCode

    public init(source: String) throws(ScriptError) {
        guard source.utf8.count <= Self.maximumSourceLength else {
            throw .syntax("longer than \(Self.maximumSourceLength) bytes", line: 1)
        }
        var parser = try ScriptParser(source)
        code = ScriptResolver.resolve(try parser.program())
    }

    /// Whether the program assigns or declares `name` at its top level (`$bm_rt`).
    public func declares(_ name: String) -> Bool {
        code.variables.contains(name)
    }

    /// Runs the program: its result is the variable `result` when the program gives it a value
    /// (`$bm_rt`), otherwise the value of the last expression statement run, as After Effects
    /// reads an expression.
    public func run(in environment: any ScriptEnvironment, budget: ScriptBudget = ScriptBudget(), result: String? = nil) throws(ScriptError) -> ScriptValue {
        let run = ScriptRun(environment: environment, budget: budget)
        return try run.runProgram(code, result: result)
    }

    /// Runs the program as the outermost script of `run` (a run the host made, to seed its
    /// random numbers or mark what it evaluates).
    public func run(in run: ScriptRun, result: String? = nil) throws(ScriptError) -> ScriptValue {
        try run.runProgram(code, result: result)
    }

    /// Runs the program within a run already under way (a script reading a value another
    /// script computes): the same budget, the same depth.
    public func run(nestedIn run: ScriptRun, environment: any ScriptEnvironment, result: String? = nil) throws(ScriptError) -> ScriptValue {
        let saved = run.environment
        run.environment = environment
        defer { run.environment = saved }
        try run.enter()
        defer { run.depth -= 1 }
        return try run.runProgram(code, result: result)
    }
}

/// The limits of one run: how many steps (each node of the syntax tree evaluated is one), how
/// much memory (array elements, object properties and string bytes made, counted as cells), how
/// deep calls nest. Steps, not seconds, so a run's outcome does not depend on the machine.
public struct ScriptBudget: Sendable, Hashable {
    public var steps: Int
    public var cells: Int
    public var depth: Int

    public init(steps: Int = 1_000_000, cells: Int = 4_000_000, depth: Int = 32) {
        self.steps = steps
        self.cells = cells
        self.depth = depth
    }
}

/// What a script's free names mean: the host's globals (`time`, `value`, `thisComp`, …). Names it
/// does not know fall to the built-ins (`Math`, `parseInt`, …).
public protocol ScriptEnvironment: AnyObject {
    func global(_ name: String, _ run: ScriptRun) throws(ScriptError) -> ScriptValue?
}

/// A scope: one per function call (JavaScript's `var` is function-wide), its names in slots
/// resolved when the program was read.
public final class ScriptScope {
    var slots: [ScriptValue]
    let parent: ScriptScope?
    let this: ScriptValue

    init(slots: Int, parent: ScriptScope?, this: ScriptValue) {
        self.slots = Array(repeating: .undefined, count: slots)
        self.parent = parent
        self.this = this
    }
}

/// Resolves every name to a slot of an enclosing function's scope where one declares it, once,
/// so that running reads an array, not a dictionary.
enum ScriptResolver {
    static func resolve(_ program: ScriptFunctionCode) -> ScriptFunctionCode {
        function(program, outer: [], bindsOwnName: false)
    }

    /// `outer`: the slot tables of the enclosing functions, innermost last.
    private static func function(_ code: ScriptFunctionCode, outer: [[String: Int]], bindsOwnName: Bool) -> ScriptFunctionCode {
        // The layout is the one `with(body:…)` makes: the same names in the same order.
        let layout = ScriptFunctionCode(
            name: code.name, parameters: code.parameters, body: [], variables: code.variables, functions: code.functions,
            usesArguments: code.usesArguments, bindsOwnName: bindsOwnName
        )
        var table: [String: Int] = [:]
        for (index, name) in layout.slots.enumerated() { table[name] = index }
        let scopes = outer + [table]
        let functions = code.functions.map { ($0.name, function($0.code, outer: scopes, bindsOwnName: false)) }
        return code.with(body: code.body.map { node($0, scopes) }, functions: functions, bindsOwnName: bindsOwnName)
    }

    private static func name(_ name: String, _ scopes: [[String: Int]]) -> ScriptNode {
        for (depth, table) in scopes.reversed().enumerated() {
            if let slot = table[name] { return .local(depth: depth, slot: slot, name: name) }
        }
        return .identifier(name)
    }

    private static func node(_ node: ScriptNode, _ scopes: [[String: Int]]) -> ScriptNode {
        func r(_ child: ScriptNode) -> ScriptNode { Self.node(child, scopes) }
        func o(_ child: ScriptNode?) -> ScriptNode? { child.map(r) }
        switch node {
        case .number, .string, .boolean, .null, .undefined, .this, .local, .empty, .breakLoop, .continueLoop: return node
        case .identifier(let identifier): return name(identifier, scopes)
        case .array(let elements): return .array(elements.map(o))
        case .object(let entries): return .object(entries.map { ($0.key, r($0.value)) })
        case .function(let code): return .function(function(code, outer: scopes, bindsOwnName: code.name != nil))
        case .unary(let op, let operand): return .unary(op, r(operand))
        case .update(let increment, let prefix, let target): return .update(increment: increment, prefix: prefix, target: r(target))
        case .binary(let op, let a, let b): return .binary(op, r(a), r(b))
        case .logical(let and, let a, let b): return .logical(and: and, r(a), r(b))
        case .conditional(let a, let b, let c): return .conditional(r(a), r(b), r(c))
        case .assign(let op, let target, let value): return .assign(op: op, target: r(target), value: r(value))
        case .member(let object, let key): return .member(r(object), key)
        case .index(let object, let key): return .index(r(object), r(key))
        case .call(let callee, let arguments): return .call(r(callee), arguments.map(r))
        case .new(let callee, let arguments): return .new(r(callee), arguments.map(r))
        case .sequence(let list): return .sequence(list.map(r))
        case .declare(let list): return .declare(list.map { (r($0.target), o($0.value)) })
        case .expression(let value): return .expression(r(value))
        case .block(let body): return .block(body.map(r))
        case .ifElse(let test, let then, let otherwise): return .ifElse(r(test), r(then), o(otherwise))
        case .forLoop(let initial, let test, let update, let body): return .forLoop(initial: o(initial), test: o(test), update: o(update), body: r(body))
        case .forIn(let target, let object, let body): return .forIn(target: r(target), object: r(object), body: r(body))
        case .whileLoop(let test, let body): return .whileLoop(r(test), r(body))
        case .doWhile(let body, let test): return .doWhile(r(body), r(test))
        case .returnValue(let value): return .returnValue(o(value))
        case .throwValue(let value): return .throwValue(r(value))
        case .tryCatch(let body, let binding, let handler, let finally):
            return .tryCatch(body: r(body), binding: o(binding), handler: o(handler), finally: o(finally))
        case .switchCase(let value, let cases): return .switchCase(r(value), cases.map { ($0.test.map(r), $0.body.map(r)) })
        }
    }
}
