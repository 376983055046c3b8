/// Reads tokens into a syntax tree: the ES5 that After Effects and Bodymovin write (`var`,
/// functions, `if`, loops, `switch`, `try`, objects and arrays), with `let` and `const` read as
/// `var`. Nesting is bounded (`maximumNesting`), so a hostile source cannot exhaust the stack.
struct ScriptParser {
    static let maximumNesting = 100

    private var tokens: [ScriptLexer.Located]
    private var position = 0
    private var depth = 0
    /// The functions being read, innermost last: what their bodies declare.
    private var scopes: [(variables: [String], seen: Set<String>, functions: [(name: String, code: ScriptFunctionCode)], usesArguments: Bool)] = []

    init(_ source: String) throws(ScriptError) {
        tokens = try ScriptLexer.tokens(source)
    }

    /// The whole source as the body of a function of no parameters.
    mutating func program() throws(ScriptError) -> ScriptFunctionCode {
        scopes.append(([], [], [], false))
        var body: [ScriptNode] = []
        while current != .end { body.append(try statement()) }
        let scope = scopes.removeLast()
        return ScriptFunctionCode(name: nil, parameters: [], body: body, variables: scope.variables, functions: scope.functions, usesArguments: scope.usesArguments)
    }

    // MARK: Tokens

    private var current: ScriptToken { tokens[position].token }
    private var line: Int { tokens[position].line }

    private mutating func advance() -> ScriptToken {
        let token = tokens[position].token
        if position < tokens.count - 1 { position += 1 }
        return token
    }

    private func isPunctuator(_ p: String) -> Bool { current == .punctuator(p) }
    private func isKeyword(_ k: String) -> Bool { current == .keyword(k) }

    private mutating func take(_ p: String) -> Bool {
        guard isPunctuator(p) else { return false }
        _ = advance()
        return true
    }

    private mutating func expect(_ p: String) throws(ScriptError) {
        guard take(p) else { throw .syntax("expected \"\(p)\", found \(describe(current))", line: line) }
    }

    private func describe(_ token: ScriptToken) -> String {
        switch token {
        case .number(let n): "the number \(n)"
        case .string: "a string"
        case .identifier(let name), .keyword(let name): "\"\(name)\""
        case .punctuator(let p): "\"\(p)\""
        case .end: "the end"
        }
    }

    private mutating func identifier() throws(ScriptError) -> String {
        guard case .identifier(let name) = current else { throw .syntax("expected a name, found \(describe(current))", line: line) }
        _ = advance()
        return name
    }

    /// A statement's end: `;`, or a line break, `}` or the end before the next token.
    private mutating func endStatement() throws(ScriptError) {
        if take(";") { return }
        if isPunctuator("}") || current == .end || tokens[position].newlineBefore { return }
        throw .syntax("expected \";\", found \(describe(current))", line: line)
    }

    private mutating func nested<T>(_ body: (inout ScriptParser) throws(ScriptError) -> T) throws(ScriptError) -> T {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumNesting else { throw .syntax("nested more than \(Self.maximumNesting) deep", line: line) }
        return try body(&self)
    }

    private mutating func declare(_ name: String) {
        guard !scopes[scopes.count - 1].seen.contains(name) else { return }
        scopes[scopes.count - 1].seen.insert(name)
        scopes[scopes.count - 1].variables.append(name)
    }

    // MARK: Statements

    private mutating func statement() throws(ScriptError) -> ScriptNode {
        try nested { parser throws(ScriptError) in try parser.statementBody() }
    }

    private mutating func statementBody() throws(ScriptError) -> ScriptNode {
        switch current {
        case .punctuator("{"):
            _ = advance()
            var body: [ScriptNode] = []
            while !isPunctuator("}") {
                guard current != .end else { throw .syntax("a block is not closed", line: line) }
                body.append(try statement())
            }
            _ = advance()
            return .block(body)
        case .punctuator(";"):
            _ = advance()
            return .empty
        case .keyword("var"), .keyword("let"), .keyword("const"):
            _ = advance()
            let declaration = try declarations(allowIn: true)
            try endStatement()
            return declaration
        case .keyword("function"):
            _ = advance()
            let name = try identifier()
            let code = try functionRest(name: name)
            declare(name)
            scopes[scopes.count - 1].functions.append((name, code))
            return .empty
        case .keyword("if"):
            _ = advance()
            try expect("(")
            let test = try expression()
            try expect(")")
            let then = try statement()
            var otherwise: ScriptNode?
            if isKeyword("else") {
                _ = advance()
                otherwise = try statement()
            }
            return .ifElse(test, then, otherwise)
        case .keyword("while"):
            _ = advance()
            try expect("(")
            let test = try expression()
            try expect(")")
            return .whileLoop(test, try statement())
        case .keyword("do"):
            _ = advance()
            let body = try statement()
            guard isKeyword("while") else { throw .syntax("expected \"while\" after a do block", line: line) }
            _ = advance()
            try expect("(")
            let test = try expression()
            try expect(")")
            _ = take(";")
            return .doWhile(body, test)
        case .keyword("for"):
            return try forStatement()
        case .keyword("return"):
            _ = advance()
            if isPunctuator(";") || isPunctuator("}") || current == .end || tokens[position].newlineBefore {
                _ = take(";")
                return .returnValue(nil)
            }
            let value = try expression()
            try endStatement()
            return .returnValue(value)
        case .keyword("break"):
            _ = advance()
            try endStatement()
            return .breakLoop
        case .keyword("continue"):
            _ = advance()
            try endStatement()
            return .continueLoop
        case .keyword("throw"):
            _ = advance()
            let value = try expression()
            try endStatement()
            return .throwValue(value)
        case .keyword("try"):
            _ = advance()
            let body = try block()
            var name: ScriptNode?, handler: ScriptNode?, finally: ScriptNode?
            if isKeyword("catch") {
                _ = advance()
                if take("(") {
                    let caught = try identifier()
                    // The caught value lives in a slot of the function, as a variable does.
                    declare(caught)
                    name = .identifier(caught)
                    try expect(")")
                }
                handler = try block()
            }
            if isKeyword("finally") {
                _ = advance()
                finally = try block()
            }
            guard handler != nil || finally != nil else { throw .syntax("try needs catch or finally", line: line) }
            return .tryCatch(body: body, binding: name, handler: handler, finally: finally)
        case .keyword("switch"):
            _ = advance()
            try expect("(")
            let value = try expression()
            try expect(")")
            try expect("{")
            var cases: [(test: ScriptNode?, body: [ScriptNode])] = []
            while !take("}") {
                let test: ScriptNode?
                if isKeyword("case") {
                    _ = advance()
                    test = try expression()
                } else if isKeyword("default") {
                    _ = advance()
                    test = nil
                } else {
                    throw .syntax("expected \"case\" or \"default\", found \(describe(current))", line: line)
                }
                try expect(":")
                var body: [ScriptNode] = []
                while !isKeyword("case") && !isKeyword("default") && !isPunctuator("}") {
                    guard current != .end else { throw .syntax("a switch is not closed", line: line) }
                    body.append(try statement())
                }
                cases.append((test, body))
            }
            return .switchCase(value, cases)
        default:
            let value = try expression()
            try endStatement()
            return .expression(value)
        }
    }

    private mutating func block() throws(ScriptError) -> ScriptNode {
        guard isPunctuator("{") else { throw .syntax("expected \"{\", found \(describe(current))", line: line) }
        return try statement()
    }

    private mutating func declarations(allowIn: Bool) throws(ScriptError) -> ScriptNode {
        var list: [(target: ScriptNode, value: ScriptNode?)] = []
        repeat {
            let name = try identifier()
            declare(name)
            list.append((.identifier(name), take("=") ? try assignment(allowIn: allowIn) : nil))
        } while take(",")
        return .declare(list)
    }

    private mutating func forStatement() throws(ScriptError) -> ScriptNode {
        _ = advance()
        try expect("(")
        var initial: ScriptNode?
        if isKeyword("var") || isKeyword("let") || isKeyword("const") {
            _ = advance()
            // `for (var k in object)`.
            if case .identifier(let name) = current, tokens[position + 1].token == .keyword("in") {
                _ = advance()
                _ = advance()
                declare(name)
                let object = try expression()
                try expect(")")
                return .forIn(target: .identifier(name), object: object, body: try statement())
            }
            initial = try declarations(allowIn: false)
        } else if !isPunctuator(";") {
            let target = try sequence(allowIn: false)
            if isKeyword("in") {
                _ = advance()
                let object = try expression()
                try expect(")")
                return .forIn(target: target, object: object, body: try statement())
            }
            initial = .expression(target)
        }
        try expect(";")
        let test = isPunctuator(";") ? nil : try expression()
        try expect(";")
        let update = isPunctuator(")") ? nil : try expression()
        try expect(")")
        return .forLoop(initial: initial, test: test, update: update, body: try statement())
    }

    private mutating func functionRest(name: String?) throws(ScriptError) -> ScriptFunctionCode {
        try expect("(")
        var parameters: [String] = []
        if !take(")") {
            repeat { parameters.append(try identifier()) } while take(",")
            try expect(")")
        }
        guard isPunctuator("{") else { throw .syntax("expected \"{\" to start a function's body", line: line) }
        _ = advance()
        scopes.append(([], Set(parameters), [], false))
        var body: [ScriptNode] = []
        while !isPunctuator("}") {
            guard current != .end else { throw .syntax("a function's body is not closed", line: line) }
            body.append(try statement())
        }
        _ = advance()
        let scope = scopes.removeLast()
        return ScriptFunctionCode(
            name: name, parameters: parameters, body: body, variables: scope.variables, functions: scope.functions,
            usesArguments: scope.usesArguments
        )
    }

    // MARK: Expressions

    mutating func expression() throws(ScriptError) -> ScriptNode {
        try sequence(allowIn: true)
    }

    private mutating func sequence(allowIn: Bool) throws(ScriptError) -> ScriptNode {
        let first = try assignment(allowIn: allowIn)
        guard isPunctuator(",") else { return first }
        var list = [first]
        while take(",") { list.append(try assignment(allowIn: allowIn)) }
        return .sequence(list)
    }

    private static let assignments: [String: String?] = [
        "=": nil, "+=": "+", "-=": "-", "*=": "*", "/=": "/", "%=": "%", "**=": "**",
        "<<=": "<<", ">>=": ">>", ">>>=": ">>>", "&=": "&", "|=": "|", "^=": "^",
    ]

    private mutating func assignment(allowIn: Bool) throws(ScriptError) -> ScriptNode {
        try nested { parser throws(ScriptError) in
            let target = try parser.conditional(allowIn: allowIn)
            if case .punctuator(let p) = parser.current, let op = Self.assignments[p] {
                switch target {
                case .identifier, .member, .index: break
                default: throw .syntax("cannot assign to this", line: parser.line)
                }
                _ = parser.advance()
                return .assign(op: op, target: target, value: try parser.assignment(allowIn: allowIn))
            }
            if parser.isPunctuator("=>") { throw .syntax("arrow functions are not supported", line: parser.line) }
            return target
        }
    }

    private mutating func conditional(allowIn: Bool) throws(ScriptError) -> ScriptNode {
        let test = try binary(0, allowIn: allowIn)
        guard take("?") else { return test }
        let then = try assignment(allowIn: true)
        try expect(":")
        return .conditional(test, then, try assignment(allowIn: allowIn))
    }

    /// Binary operators by precedence, loosest first.
    private static let levels: [[String]] = [
        ["||"], ["&&"], ["|"], ["^"], ["&"], ["==", "!=", "===", "!=="], ["<", ">", "<=", ">=", "instanceof", "in"],
        ["<<", ">>", ">>>"], ["+", "-"], ["*", "/", "%"],
    ]

    private mutating func binary(_ level: Int, allowIn: Bool) throws(ScriptError) -> ScriptNode {
        guard level < Self.levels.count else { return try exponent() }
        var left = try binary(level + 1, allowIn: allowIn)
        while true {
            let op: String
            switch current {
            case .punctuator(let p) where Self.levels[level].contains(p): op = p
            case .keyword(let k) where Self.levels[level].contains(k) && (k != "in" || allowIn): op = k
            default: return left
            }
            _ = advance()
            let right = try nested { parser throws(ScriptError) in try parser.binary(level + 1, allowIn: allowIn) }
            switch op {
            case "||": left = .logical(and: false, left, right)
            case "&&": left = .logical(and: true, left, right)
            default: left = .binary(op, left, right)
            }
        }
    }

    private mutating func exponent() throws(ScriptError) -> ScriptNode {
        let base = try unary()
        guard take("**") else { return base }
        return .binary("**", base, try nested { parser throws(ScriptError) in try parser.exponent() })
    }

    private mutating func unary() throws(ScriptError) -> ScriptNode {
        switch current {
        case .punctuator(let p) where ["!", "-", "+", "~"].contains(p):
            _ = advance()
            return .unary(p, try nested { parser throws(ScriptError) in try parser.unary() })
        case .keyword(let k) where ["typeof", "void", "delete"].contains(k):
            _ = advance()
            return .unary(k, try nested { parser throws(ScriptError) in try parser.unary() })
        case .punctuator(let p) where p == "++" || p == "--":
            _ = advance()
            let target = try nested { parser throws(ScriptError) in try parser.unary() }
            return .update(increment: p == "++", prefix: true, target: try assignable(target))
        default:
            let value = try postfix()
            if (isPunctuator("++") || isPunctuator("--")) && !tokens[position].newlineBefore {
                let increment = isPunctuator("++")
                _ = advance()
                return .update(increment: increment, prefix: false, target: try assignable(value))
            }
            return value
        }
    }

    private func assignable(_ node: ScriptNode) throws(ScriptError) -> ScriptNode {
        switch node {
        case .identifier, .member, .index: return node
        default: throw .syntax("cannot increment or decrement this", line: line)
        }
    }

    private mutating func postfix() throws(ScriptError) -> ScriptNode {
        let value: ScriptNode
        if isKeyword("new") {
            _ = advance()
            let constructor = try nested { parser throws(ScriptError) in try parser.chain(try parser.primary(), calls: false) }
            value = .new(constructor, isPunctuator("(") ? try arguments() : [])
        } else {
            value = try primary()
        }
        return try chain(value, calls: true)
    }

    /// Members (`.name`, `[key]`) and, unless after `new`, calls of `start`, bounded in length.
    private mutating func chain(_ start: ScriptNode, calls: Bool) throws(ScriptError) -> ScriptNode {
        var value = start
        var links = 0
        while true {
            links += 1
            guard links <= 10_000 else { throw .syntax("too long a chain of calls and members", line: line) }
            if take(".") {
                value = .member(value, try propertyName())
            } else if take("[") {
                let key = try expression()
                try expect("]")
                value = .index(value, key)
            } else if calls, isPunctuator("(") {
                value = .call(value, try arguments())
            } else {
                return value
            }
        }
    }

    /// After a dot any name is a property, keywords too (`a.default`).
    private mutating func propertyName() throws(ScriptError) -> String {
        switch advance() {
        case .identifier(let name), .keyword(let name): return name
        case let token: throw .syntax("expected a property name after \".\", found \(describe(token))", line: line)
        }
    }

    private mutating func arguments() throws(ScriptError) -> [ScriptNode] {
        try expect("(")
        var list: [ScriptNode] = []
        if take(")") { return list }
        repeat {
            if isPunctuator(")") { break }  // a trailing comma
            list.append(try assignment(allowIn: true))
        } while take(",")
        try expect(")")
        return list
    }

    private mutating func primary() throws(ScriptError) -> ScriptNode {
        let startLine = line
        switch advance() {
        case .number(let n): return .number(n)
        case .string(let s): return .string(s)
        case .identifier(let name):
            if name == "arguments" { scopes[scopes.count - 1].usesArguments = true }
            return .identifier(name)
        case .keyword("true"): return .boolean(true)
        case .keyword("false"): return .boolean(false)
        case .keyword("null"): return .null
        case .keyword("undefined"): return .undefined
        case .keyword("this"): return .this
        case .keyword("function"):
            var name: String?
            if case .identifier(let given) = current {
                name = given
                _ = advance()
            }
            return .function(try functionRest(name: name))
        case .punctuator("("):
            let value = try expression()
            try expect(")")
            return value
        case .punctuator("["):
            var elements: [ScriptNode?] = []
            while !take("]") {
                if take(",") {
                    elements.append(nil)
                    continue
                }
                guard current != .end else { throw .syntax("an array is not closed", line: line) }
                elements.append(try assignment(allowIn: true))
                if !isPunctuator("]") { try expect(",") }
            }
            return .array(elements)
        case .punctuator("{"):
            var entries: [(key: String, value: ScriptNode)] = []
            while !take("}") {
                let key: String
                switch advance() {
                case .identifier(let name), .keyword(let name), .string(let name): key = name
                case .number(let n): key = ScriptValue.number(n).string
                case let token: throw .syntax("expected a property name in an object, found \(describe(token))", line: line)
                }
                try expect(":")
                entries.append((key, try assignment(allowIn: true)))
                if !isPunctuator("}") { try expect(",") }
            }
            return .object(entries)
        case let token:
            throw .syntax("unexpected \(describe(token))", line: startLine)
        }
    }
}
