/// The syntax tree of a script: expressions and statements, read once and run any number of times.
indirect enum ScriptNode: Sendable {
    // Expressions.
    case number(Double)
    case string(String)
    case boolean(Bool)
    case null
    case undefined
    case identifier(String)
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
    case declare([(name: String, value: ScriptNode?)])
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
    case tryCatch(body: ScriptNode, name: String?, handler: ScriptNode?, finally: ScriptNode?)
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

    init(name: String?, parameters: [String], body: [ScriptNode], variables: [String], functions: [(name: String, code: ScriptFunctionCode)], usesArguments: Bool) {
        self.name = name
        self.parameters = parameters
        self.body = body
        self.variables = variables
        self.functions = functions
        self.usesArguments = usesArguments
    }
}
