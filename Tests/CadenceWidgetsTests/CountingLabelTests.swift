import CadenceAnimation
import CadenceDraw
import CadenceScene
import CadenceText
import Testing

@Suite struct CountingLabelTests {
    func label(_ format: NumberFormat = .printf(.default), method: CountingLabel.Method = .linear) throws -> CountingLabel {
        var label = CountingLabel(frame: Rect(x: 0, y: 0, width: 300, height: 60), font: try FontDescriptor(parsing: "DejaVu Sans 30"))
        label.format = format
        label.method = method
        return label
    }

    @Test func countsAsAPureFunctionOfTime() throws {
        var counter = try label(.printf(try PrintfFormat("%d")))
        counter.count(from: 0, to: 100, duration: 2, at: 1)
        #expect(counter.value(at: 0.5) == 0)
        #expect(counter.value(at: 2) == 50)
        #expect(counter.text(at: 2) == "50")
        #expect(counter.value(at: 3) == 100 && counter.value(at: 30) == 100)
        #expect(counter.value(at: 2) == 50)  // asked again, out of order
    }

    @Test func defaultsMatchUICountingLabel() throws {
        var counter = CountingLabel(frame: Rect(x: 0, y: 0, width: 100, height: 20), font: try FontDescriptor(parsing: "DejaVu Sans 17"))
        #expect(counter.animationDuration == 2)
        #expect(counter.method == .easeInOut && counter.rate == 3)
        counter.count(from: 0, to: 1, at: 0)
        #expect(counter.text(at: 2) == "1.000000")  // "%f"
        #expect(abs(counter.value(at: 0.5) - 0.0625) < 1e-12)  // easeInOut rate 3 at a quarter
    }

    @Test(arguments: [
        (CountingLabel.Method.easeIn, 0.125), (.easeOut, 0.875), (.easeInOut, 0.5), (.linear, 0.5),
        (.easeOutBounce, 0.765625), (.easeInBounce, 0.234375), (.curve(.caEaseInEaseOut), 0.5),
    ])
    func methodsShapeTheCount(method: CountingLabel.Method, half: Double) throws {
        var counter = try label(method: method)
        counter.count(from: 0, to: 1, duration: 1, at: 0)
        #expect(abs(counter.value(at: 0.5) - half) < 1e-9)
    }

    @Test func countFromCurrentValueAndZero() throws {
        var counter = try label()
        counter.count(from: 0, to: 100, duration: 1, at: 0)
        counter.countFromCurrentValue(to: 0, duration: 1, at: 0.5)
        #expect(counter.value(at: 0.5) == 50)
        #expect(counter.value(at: 1.5) == 0)
        counter.countFromZero(to: 10, duration: 1, at: 2)
        #expect(counter.value(at: 2) == 0 && counter.value(at: 3) == 10)
    }

    @Test func zeroDurationShowsTheEndAndCompletesAtOnce() throws {
        var counter = try label()
        let log = Log()
        counter.completion = { _, time in log.add("done at \(time)") }
        counter.count(from: 5, to: 9, duration: 0, at: 1)
        #expect(counter.value(at: 1) == 9)
        counter.finish(at: 1)
        #expect(log.entries == ["done at 1.0"])
    }

    @Test func completionRunsOnceAfterTheEndAndCanChain() throws {
        var counter = try label()
        let log = Log()
        counter.completion = { label, time in
            log.add("first \(time)")
            #expect(label.completion == nil)  // cleared before it runs
            label.count(from: 100, to: 0, duration: 1, at: time)
            label.completion = { _, time in log.add("second \(time)") }
        }
        counter.count(from: 0, to: 100, duration: 1, at: 0)
        counter.finish(at: 0.5)
        #expect(log.entries.isEmpty)
        counter.finish(at: 1)
        counter.finish(at: 1.2)
        #expect(log.entries == ["first 1.0"])
        #expect(counter.value(at: 1.5) == 50)
        counter.finish(at: 2)
        #expect(log.entries == ["first 1.0", "second 2.0"])
    }

    @Test func stopFreezesAndSkipsTheCompletion() throws {
        var counter = try label()
        let log = Log()
        counter.completion = { _, _ in log.add("done") }
        counter.count(from: 0, to: 100, duration: 1, at: 0)
        counter.stop(at: 0.25)
        #expect(counter.value(at: 0.25) == 25 && counter.value(at: 5) == 25)
        counter.finish(at: 5)
        #expect(log.entries.isEmpty)
        #expect(!counter.isCounting(at: 5))
    }

    @Test func digitsNeverRunBackwardsOnAMonotonicCount() throws {
        for format in [NumberFormat.printf(try PrintfFormat("%.1f")), .printf(try PrintfFormat("%d")), .decimal(locale: "en_US", fractionDigits: 1)] {
            var counter = try label(format, method: .easeOut)
            counter.count(from: 0, to: 12345.6, duration: 2, at: 0)
            var previous = -Double.infinity
            for frame in 0...240 {
                let shown = Double(counter.text(at: Double(frame) / 120).filter { $0 != "," })!
                #expect(shown >= previous, "\(format) ran backwards at frame \(frame)")
                previous = shown
            }
            #expect(previous == (format == .printf(try PrintfFormat("%d")) ? 12345 : 12345.6))
        }
    }

    @Test(arguments: [
        ("%d", 12345.9, "12345"), ("%.1f", 12345.66, "12345.7"), ("%.2f%%", 99.5, "99.50%"), ("%ld items", 3, "3 items"),
        ("%d", 5e12, "5000000000000"), ("%05d", 42, "00042"), ("%x", 255, "ff"), ("%d", -7.9, "-7"),
    ])
    func printfFormatsAre64BitSafe(format: String, value: Double, expected: String) throws {
        #expect(try PrintfFormat(format).string(for: value) == expected)
    }

    @Test(arguments: ["plain", "%d and %d", "%s", "%", "%.2"])
    func badFormatsSayWhy(format: String) {
        #expect(throws: NumberFormatError.self) { try PrintfFormat(format) }
    }

    @Test func groupingAndCurrency() {
        #expect(NumberFormat.decimal(locale: "en_US", fractionDigits: 1).string(for: 12345.6) == "12,345.6")
        #expect(NumberFormat.decimal(locale: "de_DE", fractionDigits: 2).string(for: 1234567.891) == "1.234.567,89")
        #expect(NumberFormat.currency(code: "USD", locale: "en_US").string(for: 12345.6) == "$12,345.60")
    }

    @Test func thirtyFramesPerSecondHoldsEachValueForTwoVsyncs() throws {
        var counter = try label(.printf(try PrintfFormat("%.3f")))
        counter.preferredFramesPerSecond = 30
        counter.count(from: 0, to: 1, duration: 1, at: 0)
        #expect(counter.text(at: 0.5) == counter.text(at: 0.5 + 1.0 / 60))  // the vsync in between shows the same value
        #expect(counter.text(at: 0.5) != counter.text(at: 0.5 + 1.0 / 30))
        #expect(counter.text(at: 0.51) == "0.500")
    }

    @Test func formattersTakePrecedenceInOrder() throws {
        var counter = try label(.printf(try PrintfFormat("%d")))
        counter.count(from: 0, to: 7, duration: 0, at: 0)
        counter.formatter = { "\(Int($0)) points" }
        #expect(counter.text(at: 1) == "7 points")
        #expect(counter.attributedText(at: 1).string == "7 points")
        let bold = TextAttributes(font: try FontDescriptor(parsing: "DejaVu Sans Bold 30"), color: .black)
        counter.attributedFormatter = { AttributedText(runs: [.init("\(Int($0))", bold), .init(" pts", bold)]) }
        #expect(counter.attributedText(at: 1).string == "7 pts")
    }

    @Test func drawsItsTextCentredInTheFrame() throws {
        var counter = try label(.printf(try PrintfFormat("%d")))
        counter.frame = Rect(x: 10, y: 20, width: 300, height: 60)
        counter.count(from: 0, to: 42, duration: 0, at: 0)
        var list = DisplayList(size: Size(width: 320, height: 100), background: .white)
        try counter.draw(at: 1, fonts: .shared, into: &list)
        guard case .glyphs(let run)? = list.commands.first else { Issue.record("no glyphs"); return }
        #expect(run.glyphs.count == 2)
        #expect(run.positions[0].x >= 10 && run.positions[0].y > 20 && run.positions[0].y < 80)
    }
}

/// A thread-safe log for completions (which are @Sendable).
final class Log: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func add(_ entry: String) { lock.lock(); stored.append(entry); lock.unlock() }
    var entries: [String] { lock.lock(); defer { lock.unlock() }; return stored }
}

import Foundation
