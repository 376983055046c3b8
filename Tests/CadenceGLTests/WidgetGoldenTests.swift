import CadenceDraw
import CadenceEngine
import CadenceScene
import CadenceTesting
import CadenceText
import Testing

/// Counting label and spinner frames against goldens.
@MainActor
@Suite struct WidgetGoldenTests {
    let goldens = GoldenCheck()

    @Test(arguments: [(0.0, "counter-0"), (1.0, "counter-50"), (2.0, "counter-end")])
    func counterAtKeyTimes(time: Double, name: String) throws {
        var counter = CountingLabel(frame: Rect(x: 10, y: 0, width: 300, height: 70), font: try FontDescriptor(parsing: "DejaVu Sans Bold 40"))
        counter.format = .decimal(locale: "en_US", fractionDigits: 1)
        counter.method = .linear
        counter.count(from: 0, to: 12345.6, duration: 2, at: 0)
        var list = DisplayList(size: Size(width: 320, height: 70), background: .white)
        try counter.draw(at: time, fonts: .shared, into: &list)
        try expectGoldenOnBothBackends(goldens, named: name, width: 320, height: 70) { renderer in try renderer.render(list) }
    }

    /// Every step of both looks: the modern row at 0, 1/8, … 7/8 s, the classic row at 0, 1/12, … 11/12 s.
    @Test func spinnerStepsInBothLooks() throws {
        var list = DisplayList(size: Size(width: 576, height: 96), background: .white)
        for (row, look) in [ActivityIndicator.Look.modern, .classic].enumerated() {
            var spinner = ActivityIndicator(frame: .init(x: 0, y: 0, width: 48, height: 48))
            spinner.look = look
            spinner.style = .large
            spinner.startAnimating(at: 0)
            for step in 0..<spinner.tickCount {
                spinner.frame = Rect(x: Double(step) * 48, y: Double(row) * 48, width: 48, height: 48)
                spinner.draw(at: (Double(step) + 0.5) / Double(spinner.tickCount), into: &list)
            }
        }
        try expectGoldenOnBothBackends(goldens, named: "spinner-steps", width: 576, height: 96) { renderer in try renderer.render(list) }
    }
}
