/// The syntax tree of a script: expressions and statements, read once and run any number of times.
indirect enum ScriptNode: Sendable {
    // Expressions.
    case number(Double)
    case string(String)
    case boolean(Bool)
    case null
    case undefined
    /// A name no enclosing function declares: the program's undeclared variables, the host's
    /// globals, the built-ins.
    case identifier(String)
    /// A name an enclosing function declares, resolved when read: `depth` functions out, slot
    /// `slot` of that call's scope.
    case local(depth: Int, slot: Int, name: String)
    case this
    case array([ScriptNode?])
    case object([(key: String, value: ScriptNode)])
    case function(ScriptFunctionCode)
    case unary(String, ScriptNode)
    case update(increment: Bool, prefix: Bool, target: ScriptNode)
    case binary(String, ScriptNode, ScriptNode)
    case logical(and: Bool, ScriptNode, ScriptNode)
    case conditional(ScriptNode, ScriptNode, ScriptNode)
    /// `target = value`, or `target op= value` (`op` is the binary operator).
    case assign(op: String?, target: ScriptNode, value: ScriptNode)
    case member(ScriptNode, String)
    case index(ScriptNode, ScriptNode)
    case call(ScriptNode, [ScriptNode])
    case new(ScriptNode, [ScriptNode])
    case sequence([ScriptNode])

    // Statements.
    /// `var a = 1, b`: each target (a name) and its value if given.
    case declare([(target: ScriptNode, value: ScriptNode?)])
    case expression(ScriptNode)
    case block([ScriptNode])
    case ifElse(ScriptNode, ScriptNode, ScriptNode?)
    case forLoop(initial: ScriptNode?, test: ScriptNode?, update: ScriptNode?, body: ScriptNode)
    case forIn(target: ScriptNode, object: ScriptNode, body: ScriptNode)
    case whileLoop(ScriptNode, ScriptNode)
    case doWhile(ScriptNode, ScriptNode)
    case returnValue(ScriptNode?)
    case breakLoop
    case continueLoop
    case throwValue(ScriptNode)
    case tryCatch(body: ScriptNode, binding: ScriptNode?, handler: ScriptNode?, finally: ScriptNode?)
    case switchCase(ScriptNode, [(test: ScriptNode?, body: [ScriptNode])])
    case empty
}

/// A function's code: its parameters, its body, and what its body declares (hoisted: `var`
/// names and function declarations are known before the body runs, as JavaScript has them).
final class ScriptFunctionCode: Sendable {
    let name: String?
    let parameters: [String]
    let body: [ScriptNode]
    let variables: [String]
    let functions: [(name: String, code: ScriptFunctionCode)]
    /// Whether the body names `arguments`.
    let usesArguments: Bool
    /// A call's scope, slot by slot: the parameters, then `arguments` when used, the variables
    /// and the function declarations, then (a named function expression) the function's own name.
    let slots: [String]
    /// Slots of `arguments`, of each function declaration, and of the function's own name.
    let argumentsSlot: Int?
    let functionSlots: [(slot: Int, code: ScriptFunctionCode)]
    let selfSlot: Int?

    init(
        name: String?, parameters: [String], body: [ScriptNode], variables: [String], functions: [(name: String, code: ScriptFunctionCode)],
        usesArguments: Bool, bindsOwnName: Bool = false
    ) {
        self.name = name
        self.parameters = parameters
        self.body = body
        self.variables = variables
        self.functions = functions
        self.usesArguments = usesArguments
        var slots = parameters
        func slot(_ name: String) -> Int {
            if let index = slots.lastIndex(of: name) { return index }
            slots.append(name)
            return slots.count - 1
        }
        argumentsSlot = usesArguments ? slot("arguments") : nil
        for variable in variables { _ = slot(variable) }
        functionSlots = functions.map { (slot($0.name), $0.code) }
        selfSlot = bindsOwnName ? name.map { name in slots.contains(name) ? nil : slot(name) } ?? nil : nil
        self.slots = slots
    }

    /// The same function with its body resolved (`ScriptResolver`).
    func with(body: [ScriptNode], functions: [(name: String, code: ScriptFunctionCode)], bindsOwnName: Bool) -> ScriptFunctionCode {
        ScriptFunctionCode(
            name: name, parameters: parameters, body: body, variables: variables, functions: functions, usesArguments: usesArguments,
            bindsOwnName: bindsOwnName
        )
    }
}
