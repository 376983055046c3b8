import CadenceScript
import Testing

/// A host with a few globals, as the Lottie expressions' host gives `time` and `value`.
final class TestHost: ScriptEnvironment {
    var globals: [String: Double] = ["time": 2, "answer": 42]
    func global(_ name: String, _ run: ScriptRun) throws(ScriptError) -> ScriptValue? {
        globals[name].map { .number($0) }
    }
}

func evaluate(_ source: String, budget: ScriptBudget = ScriptBudget()) throws -> ScriptValue {
    try ScriptProgram(source: source).run(in: TestHost(), budget: budget, result: "$bm_rt")
}

func number(_ source: String) throws -> Double? {
    try evaluate(source).number
}

func numbers(_ source: String) throws -> [Double]? {
    try evaluate(source).numbers
}

@Suite struct ScriptLanguageTests {
    @Test func arithmeticPrecedenceAndCompletionValue() throws {
        #expect(try number("1 + 2 * 3") == 7)
        #expect(try number("(1 + 2) * 3") == 9)
        #expect(try number("2 ** 3 ** 2") == 512)
        #expect(try number("-7 % 3") == -1)
        #expect(try number("var x = 4; x += 2; x") == 6)
        #expect(try number("var $bm_rt; $bm_rt = answer / 2; 1") == 21)  // $bm_rt wins over the last statement
        #expect(try number("time * 10") == 20)
        #expect(try number("1 / 0 > 1e308 ? 1 : 0") == 1)
        #expect(try number("~5 & 0xff | 1 << 4 ^ 3") == 251)  // (250) | (16 ^ 3), by JavaScript's precedence
        #expect(try number("-1 >>> 28") == 15)
    }

    @Test func functionsClosuresAndHoisting() throws {
        #expect(try number("f(3); function f(n) { return n <= 1 ? 1 : n * f(n - 1); }") == 6)
        #expect(try number("var add = function (a) { return function (b) { return a + b; }; }; add(2)(5)") == 7)
        #expect(try number("function g() { return arguments.length; } g(1, 2, 3)") == 3)
        #expect(try number("var o = {n: 1, inc: function () { this.n += 1; return this; }}; o.inc().inc().n") == 3)
        #expect(try number("function P(x) { this.x = x; } var p = new P(5); p.x") == 5)
        #expect(try number("y = 3; y") == 3)
        #expect(try number("var fact = function f(n) { return n < 2 ? 1 : n * f(n - 1); }; fact(5)") == 120)
        #expect(try evaluate("var r; try { throw 'inner'; } catch (e) { r = e; } r").string == "uncaught inner")
        #expect(try number("var n = 1; function g() { var n = 2; return function () { return n; }; } g()() + n") == 3)
        #expect(try number("value = 5; value + 1") == 6)  // a host's name, reassigned by the program
    }

    @Test func controlFlow() throws {
        #expect(try number("var s = 0; for (var i = 0; i < 10; i++) { if (i == 5) continue; if (i == 8) break; s += i; } s") == 23)
        #expect(try number("var n = 0; while (n < 100) n += 7; n") == 105)
        #expect(try number("var n = 0; do { n++ } while (n < 0); n") == 1)
        #expect(try number("var r; switch (3) { case 1: r = 1; break; case 3: r = 3; case 4: r += 1; break; default: r = 0 } r") == 4)
        #expect(try number("var r = 0; try { undefinedThing(); r = 1 } catch (e) { r = 2 } finally { r += 10 } r") == 12)
        #expect(try number("var k = 0, o = {a: 1, b: 2}; for (var key in o) k += o[key]; k") == 3)
        #expect(try number("true && 0 || 9") == 9)
    }

    @Test func stringsArraysAndBuiltins() throws {
        #expect(try evaluate("'a' + 1 + 2").string == "a12")
        #expect(try evaluate("(12.5).toFixed(1) + '|' + 0.1 * 3").string == "12.5|0.30000000000000004")
        #expect(try evaluate("'Hello World'.split(' ')[1].toUpperCase().substr(1, 3)").string == "ORL")
        #expect(try evaluate("[1, 2, 3].map(function (v) { return v * v; }).join('-')").string == "1-4-9")
        #expect(try number("Math.max(1, 5, 3) + Math.floor(-1.5) + Math.round(2.5) + Math.round(-2.5)") == 5 - 2 + 3 - 2)
        #expect(try number("parseInt('42px') + parseFloat('1.5e1x')") == 57)
        #expect(try evaluate("typeof nothing + typeof 1 + typeof 'a' + typeof [] + typeof function () {}").string == "undefinednumberstringobjectfunction")
        #expect(try number("var a = []; a[3] = 1; a.length") == 4)
        #expect(try number("var a = [1, 2]; a.push(3, 4); a.slice(-2)[0]") == 3)
        #expect(try evaluate("String(1e21) + ' ' + String(1e-7) + ' ' + String(-0.5)").string == "1e+21 1e-7 -0.5")
        // Integers past Int64 are still written whole below 10²¹ (no trap converting them).
        #expect(try evaluate("String(1e20) + ' ' + String(-9.5e18)").string == "100000000000000000000 -9500000000000000000")
        #expect(try number("var a = [1, 2, 3]; a.splice(0, NaN); a.length") == 3)
        #expect(try number("var a = [1, 2, 3]; a.splice(1, 1e300); a.length") == 1)
    }

    @Test func arraysAreVectors() throws {
        #expect(try numbers("[1, 2] + [10, 20]") == [11, 22])
        #expect(try numbers("[1, 2] - [10, 20]") == [-9, -18])
        #expect(try numbers("[1, 2] * 3") == [3, 6])
        #expect(try numbers("2 * [1, 2]") == [2, 4])
        #expect(try numbers("[4, 8] / 4") == [1, 2])
        #expect(try numbers("[1, 2, 3] + 10") == [11, 2, 3])  // lottie-web's sum: the first element
        #expect(try numbers("-[1, 2]") == [-1, -2])
    }

    @Test func syntaxErrorsNameTheLine() {
        #expect(throws: ScriptError.syntax("expected \")\", found the end", line: 2)) { try ScriptProgram(source: "var a = 1;\n(a") }
        #expect(throws: ScriptError.syntax("regular expressions are not supported", line: 1)) { try ScriptProgram(source: "'a'.replace(/a/g, 'b')") }
        #expect(throws: ScriptError.syntax("template strings (`…`) are not supported", line: 1)) { try ScriptProgram(source: "`x`") }
        #expect(throws: ScriptError.self) { try ScriptProgram(source: String(repeating: "(", count: 5_000) + "1" + String(repeating: ")", count: 5_000)) }
        #expect(throws: ScriptError.self) { try ScriptProgram(source: "a = b = ") }
    }
}

@Suite struct ScriptBoundsTests {
    @Test func anEndlessLoopRunsOutOfSteps() throws {
        #expect(throws: ScriptError.budget("ran past its budget of steps (an endless loop?)")) { try evaluate("while (true) {}") }
        #expect(throws: ScriptError.budget("ran past its budget of steps (an endless loop?)")) { try evaluate("for (;;) { try { } catch (e) { } }") }
    }

    @Test func endlessMemoryRunsOutOfCells() throws {
        #expect(throws: ScriptError.budget("made more than its budget of memory")) { try evaluate("var a = [1]; while (true) a = a.concat(a);") }
        #expect(throws: ScriptError.budget("made more than its budget of memory")) { try evaluate("var s = 'x'; while (true) s = s + s;") }
        #expect(throws: ScriptError.budget("made more than its budget of memory")) { try evaluate("var a = []; a[2000000000] = 1;") }
        #expect(throws: ScriptError.budget("made more than its budget of memory")) { try evaluate("Array(2e9)") }
    }

    /// Built-ins whose work grows with their input count it as steps, or are bounded.
    @Test func longBuiltInWorkIsBounded() throws {
        let long = "var s = 'a'; for (var i = 0; i < 16; i++) s = s + s; "
        #expect(throws: ScriptError.budget("ran past its budget of steps (an endless loop?)")) {
            try evaluate(long + "var n = 0; while (true) n += s.indexOf(s.substr(0, 4000) + 'b');")
        }
        #expect(throws: ScriptError.budget("ran past its budget of steps (an endless loop?)")) {
            try evaluate(long + "var n = 0; while (true) n += s.toUpperCase().length;")
        }
        #expect(try number(long + "parseFloat('1.5' + s)") == 1.5)
    }

    @Test func endlessRecursionRunsOutOfDepth() throws {
        #expect(throws: ScriptError.budget("calls nested more than 32 deep")) { try evaluate("function f() { return f(); } f()") }
    }

    @Test func aCatchCannotOutliveTheBudget() throws {
        #expect(throws: ScriptError.budget("ran past its budget of steps (an endless loop?)")) {
            try evaluate("for (;;) { try { while (true) {} } catch (e) { } }")
        }
    }

    @Test func nothingOutsideTheRunIsReachable() throws {
        for name in ["eval('1')", "Function('return 1')()", "require('fs')", "setTimeout(function () {}, 0)", "window", "globalThis.x", "process.exit()"] {
            #expect(throws: ScriptError.self, "\(name)") { try evaluate(name) }
        }
        #expect(throws: ScriptError.runtime("eval is not available to expressions")) { try evaluate("eval('1')") }
        // What a script makes is its own: the constructor chain leads nowhere.
        #expect(try evaluate("[].constructor").typeName == "undefined")
        #expect(try evaluate("(function () {}).constructor").typeName == "undefined")
    }

    @Test func randomIsSeededByTheHost() throws {
        let program = try ScriptProgram(source: "Math.random()")
        let a = try program.run(in: TestHost()).number, b = try program.run(in: TestHost()).number
        #expect(a == b)
        #expect(a.map { $0 >= 0 && $0 < 1 } == true)
    }
}
