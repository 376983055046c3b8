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
        code = try parser.program()
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

/// A scope: one per function call (JavaScript's `var` is function-wide), and one per `catch`.
public final class ScriptScope {
    var names: [String: ScriptValue]
    let parent: ScriptScope?
    let this: ScriptValue

    init(names: [String: ScriptValue] = [:], parent: ScriptScope?, this: ScriptValue) {
        self.names = names
        self.parent = parent
        self.this = this
    }
}
