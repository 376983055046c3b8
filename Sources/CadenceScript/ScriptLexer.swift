/// A token of the script language: what the parser reads.
enum ScriptToken: Equatable {
    case number(Double)
    case string(String)
    case identifier(String)
    case keyword(String)
    case punctuator(String)
    case end
}

/// Splits source text into tokens, remembering for each the line it starts on and whether a line
/// break comes before it (for automatic semicolons). Bounded: a source longer than
/// `ScriptProgram.maximumSourceLength` is refused before it is read.
struct ScriptLexer {
    static let keywords: Set<String> = [
        "var", "let", "const", "function", "return", "if", "else", "for", "while", "do", "break", "continue",
        "true", "false", "null", "undefined", "this", "new", "typeof", "in", "instanceof", "switch", "case",
        "default", "throw", "try", "catch", "finally", "void", "delete",
    ]

    /// Longest punctuators first, so that `>>>=` is not read as `>>` and `>=`.
    static let punctuators: [String] = [
        ">>>=", "===", "!==", ">>>", "<<=", ">>=", "**=",
        "==", "!=", "<=", ">=", "&&", "||", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<", ">>", "=>", "**",
        "{", "}", "(", ")", "[", "]", ";", ",", "<", ">", "+", "-", "*", "/", "%", "&", "|", "^", "!", "~", "?", ":", "=", ".",
    ]

    struct Located {
        var token: ScriptToken
        var line: Int
        var newlineBefore: Bool
    }

    static func tokens(_ source: String) throws(ScriptError) -> [Located] {
        let bytes = Array(source.utf8)
        var result: [Located] = []
        var index = 0, line = 1
        var newline = false
        func peek(_ offset: Int = 0) -> UInt8 { index + offset < bytes.count ? bytes[index + offset] : 0 }
        while index < bytes.count {
            let c = bytes[index]
            // Space and line breaks.
            if c == 0x0A { line += 1; newline = true; index += 1; continue }
            if c == 0x20 || c == 0x09 || c == 0x0D || c == 0x0B || c == 0x0C { index += 1; continue }
            // U+00A0, U+FEFF and the Unicode line separators, as JavaScript reads them.
            if c == 0xC2 && peek(1) == 0xA0 { index += 2; continue }
            if c == 0xEF && peek(1) == 0xBB && peek(2) == 0xBF { index += 3; continue }
            if c == 0xE2 && peek(1) == 0x80 && (peek(2) == 0xA8 || peek(2) == 0xA9) { line += 1; newline = true; index += 3; continue }
            // Comments.
            if c == 0x2F && peek(1) == 0x2F {
                while index < bytes.count && bytes[index] != 0x0A { index += 1 }
                continue
            }
            if c == 0x2F && peek(1) == 0x2A {
                index += 2
                while index < bytes.count && !(bytes[index] == 0x2A && peek(1) == 0x2F) {
                    if bytes[index] == 0x0A { line += 1; newline = true }
                    index += 1
                }
                guard index < bytes.count else { throw .syntax("a comment is not closed", line: line) }
                index += 2
                continue
            }
            let start = index
            var token: ScriptToken
            if isDigit(c) || (c == 0x2E && isDigit(peek(1))) {
                token = .number(try number(bytes, &index, line: line))
            } else if c == 0x22 || c == 0x27 {
                token = .string(try string(bytes, &index, line: &line))
            } else if isIdentifierStart(c) {
                while index < bytes.count && (isIdentifierStart(bytes[index]) || isDigit(bytes[index])) { index += 1 }
                let name = String(decoding: bytes[start..<index], as: UTF8.self)
                token = keywords.contains(name) ? .keyword(name) : .identifier(name)
            } else if c == 0x60 {
                throw .syntax("template strings (`…`) are not supported", line: line)
            } else {
                guard let punctuator = punctuators.first(where: { matches($0, bytes, at: index) }) else {
                    let shown = String(decoding: bytes[index..<min(index + 4, bytes.count)], as: UTF8.self).prefix(1)
                    throw .syntax("unexpected character \"\(shown)\"", line: line)
                }
                // A slash where a value is expected starts a regular expression.
                if punctuator == "/" || punctuator == "/=", expectsValue(after: result.last?.token) {
                    throw .syntax("regular expressions are not supported", line: line)
                }
                index += punctuator.utf8.count
                token = .punctuator(punctuator)
            }
            result.append(Located(token: token, line: line, newlineBefore: newline))
            newline = false
        }
        result.append(Located(token: .end, line: line, newlineBefore: true))
        return result
    }

    static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    static func isIdentifierStart(_ c: UInt8) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || c == 0x5F || c == 0x24 || c >= 0x80
    }

    static func matches(_ punctuator: String, _ bytes: [UInt8], at index: Int) -> Bool {
        var offset = index
        for byte in punctuator.utf8 {
            guard offset < bytes.count, bytes[offset] == byte else { return false }
            offset += 1
        }
        return true
    }

    /// Whether a `/` after `token` would begin a value (a regular expression) rather than divide.
    static func expectsValue(after token: ScriptToken?) -> Bool {
        switch token {
        case nil: true
        case .number?, .string?, .identifier?: false
        case .keyword(let word)?: !["this", "true", "false", "null", "undefined"].contains(word)
        case .punctuator(let p)?: ![")", "]", "}"].contains(p)
        case .end?: true
        }
    }

    static func number(_ bytes: [UInt8], _ index: inout Int, line: Int) throws(ScriptError) -> Double {
        let start = index
        if bytes[index] == 0x30, index + 1 < bytes.count, bytes[index + 1] | 0x20 == 0x78 {
            index += 2
            var value = 0.0
            let digits = index
            while index < bytes.count, let digit = hexDigit(bytes[index]) {
                value = value * 16 + Double(digit)
                index += 1
            }
            guard index > digits else { throw .syntax("a hexadecimal number has no digits", line: line) }
            return value
        }
        while index < bytes.count && isDigit(bytes[index]) { index += 1 }
        if index < bytes.count && bytes[index] == 0x2E {
            index += 1
            while index < bytes.count && isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count && bytes[index] | 0x20 == 0x65 {
            var next = index + 1
            if next < bytes.count && (bytes[next] == 0x2B || bytes[next] == 0x2D) { next += 1 }
            if next < bytes.count && isDigit(bytes[next]) {
                index = next
                while index < bytes.count && isDigit(bytes[index]) { index += 1 }
            }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text) else { throw .syntax("\"\(text)\" is not a number", line: line) }
        if index < bytes.count && isIdentifierStart(bytes[index]) {
            throw .syntax("a number is followed by a name", line: line)
        }
        return value
    }

    static func hexDigit(_ c: UInt8) -> Int? {
        switch c {
        case 0x30...0x39: Int(c - 0x30)
        case 0x61...0x66: Int(c - 0x61 + 10)
        case 0x41...0x46: Int(c - 0x41 + 10)
        default: nil
        }
    }

    static func string(_ bytes: [UInt8], _ index: inout Int, line: inout Int) throws(ScriptError) -> String {
        let quote = bytes[index]
        index += 1
        var result: [UInt8] = []
        while true {
            guard index < bytes.count else { throw .syntax("a string is not closed", line: line) }
            let c = bytes[index]
            if c == quote { index += 1; break }
            if c == 0x0A { throw .syntax("a string is not closed on its line", line: line) }
            if c == 0x5C {
                index += 1
                guard index < bytes.count else { throw .syntax("a string is not closed", line: line) }
                let e = bytes[index]
                index += 1
                switch e {
                case 0x6E: result.append(0x0A)
                case 0x74: result.append(0x09)
                case 0x72: result.append(0x0D)
                case 0x62: result.append(0x08)
                case 0x66: result.append(0x0C)
                case 0x76: result.append(0x0B)
                case 0x30 where !(index < bytes.count && isDigit(bytes[index])): result.append(0)
                case 0x0A: line += 1  // a continued line
                case 0x78, 0x75:
                    // \xHH and \uHHHH (and \u{…}).
                    var code = 0
                    if e == 0x75, index < bytes.count, bytes[index] == 0x7B {
                        index += 1
                        var digits = 0
                        while index < bytes.count, bytes[index] != 0x7D, let digit = hexDigit(bytes[index]), digits < 6 {
                            code = code * 16 + digit
                            index += 1
                            digits += 1
                        }
                        guard index < bytes.count, bytes[index] == 0x7D else { throw .syntax("a \\u{…} escape is not closed", line: line) }
                        index += 1
                    } else {
                        for _ in 0..<(e == 0x78 ? 2 : 4) {
                            guard index < bytes.count, let digit = hexDigit(bytes[index]) else {
                                throw .syntax("an escape needs hexadecimal digits", line: line)
                            }
                            code = code * 16 + digit
                            index += 1
                        }
                    }
                    let scalar = Unicode.Scalar(UInt32(code)) ?? "\u{FFFD}"
                    result.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: result.append(e)
                }
                continue
            }
            result.append(c)
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
    }
}
