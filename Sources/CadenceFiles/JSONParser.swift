/// The JSON (RFC 8259) reader over bytes, into `JSONValue`: objects, arrays, strings with every
/// escape (surrogate pairs joined), numbers correctly rounded, `true`, `false`, `null`.
/// Nesting deeper than `JSONValue.maximumDepth` is refused before it costs stack; a number
/// beyond Double's range, a control character inside a string, or anything after the value is an
/// error naming its line and column. A key written twice in one object keeps its last value and
/// is noted in `duplicates`.
struct JSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// The keys written twice in one object, in the order met, with the line of the second.
    private(set) var duplicates: [JSONDuplicateKey] = []

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The one value the bytes hold (after a UTF-8 byte order mark, if any).
    mutating func document() throws(JSONError) -> JSONValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        skipSpace()
        let result = try value(depth: 0)
        skipSpace()
        guard index == bytes.count else { throw problem("unexpected input after the value") }
        return result
    }

    // MARK: Values

    private mutating func value(depth: Int) throws(JSONError) -> JSONValue {
        guard index < bytes.count else { throw problem("unexpected end of the file") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw problem("invalid value")
        }
    }

    private mutating func literal(_ word: StaticString, _ result: JSONValue) throws(JSONError) -> JSONValue {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { throw problem("invalid value") }
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: count)
        for offset in 0..<count where bytes[index + offset] != expected[offset] { throw problem("invalid value") }
        index += count
        return result
    }

    private func checkDepth(_ depth: Int) throws(JSONError) {
        guard depth <= JSONValue.maximumDepth else {
            throw JSONError(message: "nested deeper than \(JSONValue.maximumDepth) levels of arrays and objects")
        }
    }

    private mutating func array(depth: Int) throws(JSONError) -> JSONValue {
        try checkDepth(depth)
        index += 1
        var elements: [JSONValue] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        // Each pass reads one element and moves past it or throws: bounded by the file's length.
        while true {
            skipSpace()
            elements.append(try value(depth: depth))
            skipSpace()
            guard index < bytes.count else { throw problem("unexpected end of the file inside an array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw problem("expected ',' or ']' in an array") }
            index += 1
            return .array(elements)
        }
    }

    private mutating func object(depth: Int) throws(JSONError) -> JSONValue {
        try checkDepth(depth)
        index += 1
        var members: [String: JSONValue] = [:]
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw problem("expected a key (a string) in an object") }
            let keyStart = index
            let key = try string()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw problem("expected ':' after a key") }
            index += 1
            skipSpace()
            // A repeated key keeps its last value, and is noted.
            if members[key] != nil { duplicates.append(JSONDuplicateKey(key: key, line: position(of: keyStart).line)) }
            members[key] = try value(depth: depth)
            skipSpace()
            guard index < bytes.count else { throw problem("unexpected end of the file inside an object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw problem("expected ',' or '}' in an object") }
            index += 1
            return .object(members)
        }
    }

    // MARK: Strings

    private mutating func string() throws(JSONError) -> String {
        index += 1
        let start = index
        // The common case: no escape, read as it is.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw problem("a control character inside a string (escape it)") }
            index += 1
        }
        var decoded = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: decoded, as: UTF8.self)
            }
            guard byte >= 0x20 else { throw problem("a control character inside a string (escape it)") }
            guard byte == UInt8(ascii: "\\") else {
                decoded.append(byte)
                index += 1
                continue
            }
            guard index + 1 < bytes.count else { break }
            let escape = bytes[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escape)
            case UInt8(ascii: "b"): decoded.append(0x08)
            case UInt8(ascii: "f"): decoded.append(0x0C)
            case UInt8(ascii: "n"): decoded.append(0x0A)
            case UInt8(ascii: "r"): decoded.append(0x0D)
            case UInt8(ascii: "t"): decoded.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hexQuad()
                if (0xD800..<0xDC00).contains(scalar), bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                    let mark = index
                    index += 2
                    let low = try hexQuad()
                    if (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        index = mark
                    }
                }
                // A lone surrogate becomes U+FFFD, as a decoder of the UTF-8 would make it.
                let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                decoded.append(contentsOf: String(character).utf8)
            default:
                index -= 2
                throw problem("invalid escape in a string")
            }
        }
        throw problem("unexpected end of the file inside a string")
    }

    private mutating func hexQuad() throws(JSONError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw problem("a \\u escape needs four hexadecimal digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A")) + 10
            default: throw problem("a \\u escape needs four hexadecimal digits")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    // MARK: Numbers

    /// Powers of ten that a Double holds exactly.
    private static let exactPowers: [Double] = (0...22).map { power in
        var value = 1.0
        for _ in 0..<power { value *= 10 }
        return value
    }

    /// A number, correctly rounded: digits and a power of ten that a Double holds exactly give it
    /// by one division or multiplication (Clinger's fast path); any other goes through the C
    /// library's `strtod`, through Swift's `Double(_:)`.
    private mutating func number() throws(JSONError) -> Double {
        let start = index
        var negative = false
        if bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        // Significant digits past the 19 a UInt64 holds make the fast path impossible.
        var exact = true
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        guard index < bytes.count, isDigit(bytes[index]) else { throw problem("invalid number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, isDigit(bytes[index]) {
                if digits < 19 {
                    mantissa = mantissa * 10 + UInt64(bytes[index] - UInt8(ascii: "0"))
                    digits += 1
                } else {
                    exact = false
                }
                index += 1
            }
        }
        var scale = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw problem("invalid number") }
            while index < bytes.count, isDigit(bytes[index]) {
                if digits < 19 {
                    mantissa = mantissa * 10 + UInt64(bytes[index] - UInt8(ascii: "0"))
                    if mantissa != 0 { digits += 1 }
                    scale -= 1
                } else {
                    exact = false
                }
                index += 1
            }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw problem("invalid number") }
            var exponent = 0
            while index < bytes.count, isDigit(bytes[index]) {
                // Past a few thousand the value is 0 or out of range either way; stop counting.
                if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
                index += 1
            }
            scale += exponentNegative ? -exponent : exponent
        }
        if exact, mantissa < (1 << 53), abs(scale) <= 22 {
            var value = Double(mantissa)
            value = scale < 0 ? value / Self.exactPowers[-scale] : value * Self.exactPowers[scale]
            return negative ? -value : value
        }
        let literal = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(literal), value.isFinite else {
            index = start
            throw problem("number \(literal) is out of range (its magnitude must be below 1.8e308)")
        }
        return value
    }

    // MARK: Positions

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// The 1-based line and column (in characters) of byte `offset`.
    private func position(of offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    /// `what` at the current position, as "line L, column C: what".
    private func problem(_ what: String) -> JSONError {
        let (line, column) = position(of: index)
        return JSONError(message: "not valid JSON: line \(line), column \(column): \(what)")
    }
}
