import CadenceFiles
import Foundation
import Testing

/// The one JSON reader (scene files, event files, Lottie) reads what Foundation's
/// `JSONSerialization` reads, to the same values (numbers correctly rounded), and refuses what it
/// refuses with a line and column.
@Suite struct JSONValueTests {
    /// The same tree as `JSONSerialization` gives, booleans as 1 and 0.
    static func foundation(_ text: String) throws -> JSONValue {
        func convert(_ value: Any) -> JSONValue {
            switch value {
            case let string as String: .string(string)
            case let number as NSNumber: .number(number.doubleValue)
            case let array as [Any]: .array(array.map(convert))
            case let object as [String: Any]: .object(object.mapValues(convert))
            default: .null
            }
        }
        return convert(try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]))
    }

    static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        // Foundation gives booleans as the numbers 1 and 0.
        case (.bool(let x), .number(let y)), (.number(let y), .bool(let x)): (x ? 1.0 : 0.0) == y
        case (.number(let x), .number(let y)): x.bitPattern == y.bitPattern || (x == 0 && y == 0)
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case (.object(let x), .object(let y)): x.count == y.count && x.allSatisfy { key, value in y[key].map { same(value, $0) } ?? false }
        default: false
        }
    }

    @Test(arguments: [
        #"{"v": "5.7.0", "fr": 29.97, "ip": 0, "op": 180, "w": 512, "h": 512, "layers": [], "ddd": false, "hidden": true}"#,
        #"[0, -0, 1, -1, 0.1, 0.833, 0.167, 1e-7, 2.5E+3]"#,
        #"["", "a\"b\\c\/d\b\f\n\r\t", "\u00e9\u4e2d\ud83d\ude00", "é中😀"]"#,
        #"{"a": {"b": [[], {}, [null, true, false]]}, "a": 2}"#,
        "  \n\t[1 ,\r\n 2 ]  ",
        "42",
    ])
    func readsWhatFoundationReads(text: String) throws {
        let ours = try JSONValue.parse(Data(text.utf8))
        #expect(Self.same(ours, try Self.foundation(text)), "\(text)")
    }

    /// Foundation's `JSONSerialization` is off by a unit in the last place on about one in twenty
    /// numbers of 9 to 17 digits (0.30000000000000004 reads as 0.3000000000000001); the parser's
    /// are the correctly rounded ones, as `Double(_:)` gives.
    @Test func numbersBeyondTheFastPathAreCorrectlyRounded() throws {
        let literals = ["123456789012345678901234567890", "9007199254740993", "1.7976931348623157e308", "5e-324", "4.9406564584124654e-324",
                        "2.2250738585072011e-308", "0.1e-22", "12345678901234567.5", "1e23", "8.98846567431158e307", "0.30000000000000004", "0.79621577724838418"]
        guard case .array(let values) = try JSONValue.parse(Data(("[" + literals.joined(separator: ",") + "]").utf8)) else {
            Issue.record("not an array")
            return
        }
        for (literal, value) in zip(literals, values) {
            #expect(value == .number(Double(literal) ?? .nan), "\(literal)")
        }
    }

    @Test func numbersAreCorrectlyRounded() throws {
        // Decimals as exporters write them, and some that need more than the fast path.
        var generator = SystemRandomNumberGenerator()
        var literals: [String] = []
        for _ in 0..<2000 {
            let digits = Int.random(in: 1...20, using: &generator)
            let mantissa = (0..<digits).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
            let point = Int.random(in: 0...digits, using: &generator)
            var literal = String(mantissa.prefix(point)) + "." + String(mantissa.dropFirst(point))
            if literal.hasPrefix(".") { literal = "0" + literal }
            if literal.hasSuffix(".") { literal += "0" }
            while literal.count > 1, literal.hasPrefix("0"), !literal.hasPrefix("0.") { literal.removeFirst() }
            if Bool.random(using: &generator) { literal += "e\(Int.random(in: -30...30, using: &generator))" }
            literals.append(literal)
        }
        let text = "[" + literals.joined(separator: ",") + "]"
        guard case .array(let values) = try JSONValue.parse(Data(text.utf8)) else {
            Issue.record("not an array")
            return
        }
        for (literal, value) in zip(literals, values) {
            #expect(value == .number(Double(literal) ?? .nan), "\(literal)")
        }
    }

    @Test(arguments: [
        ("{", "line 1, column 2: expected a key (a string) in an object"),
        (#"{"a": 1,}"#, "line 1, column 9: expected a key"),
        ("[1, 2", "inside an array"),
        ("{\n  \"a\": [1 2]\n}", "line 2, column 11: expected ',' or ']'"),
        (#"{"a": tru}"#, "invalid value"),
        (#"[1e999]"#, "line 1, column 2: number 1e999 is out of range"),
        (#"[-1e400]"#, "number -1e400 is out of range"),
        ("[\"a\tb\"]", "a control character inside a string"),
        (#"["\x"]"#, "invalid escape"),
        (#"["\u12"]"#, "four hexadecimal digits"),
        ("[01]", "expected ',' or ']'"),
        ("[1.]", "invalid number"),
        ("[-]", "invalid number"),
        ("[] []", "unexpected input after the value"),
        ("", "unexpected end of the file"),
    ])
    func refusesWhatIsNotJSON(text: String, expected: String) {
        #expect(throws: JSONError.self) { try JSONValue.parse(Data(text.utf8)) }
        do {
            _ = try JSONValue.parse(Data(text.utf8))
        } catch {
            #expect(error.message.contains(expected), "\(text): \(error.message)")
        }
    }

    @Test func nestingIsBoundedBeforeItCostsStack() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONError.self) { try JSONValue.parse(Data(deep.utf8)) }
        let allowed = String(repeating: "[", count: JSONValue.maximumDepth) + String(repeating: "]", count: JSONValue.maximumDepth)
        _ = try JSONValue.parse(Data(allowed.utf8))
    }
}
