#if canImport(Glibc)
import Glibc
#endif
import CadenceDraw
import CadenceScene
import CadenceText
import Foundation
import Testing

/// UICountingLabel's exact behaviour under `quirks: original`, against its own formulas.
@Suite struct CountingLabelQuirksTests {
    func label(_ method: CountingLabel.Method = .linear, format: String = "%.4f") throws -> CountingLabel {
        var label = CountingLabel(frame: Rect(x: 0, y: 0, width: 300, height: 40), font: try FontDescriptor(parsing: "DejaVu Sans 17"))
        label.method = method
        label.format = .printf(try PrintfFormat(format))
        label.quirks = .original
        return label
    }

    @Test func itUpdatesEverySecondVsyncWithTheTimeSinceTheCountBegan() throws {
        var label = try label()
        label.count(from: 0, to: 100, duration: 1, at: 0.01)
        #expect(label.originalValue(at: 1.0 / 60) == 0)  // no update yet: still the value before
        // First update at the second vsync after 0.01 s (2/60 s), then every 2/60 s.
        #expect(abs(label.originalValue(at: 0.05) - 100 * (2.0 / 60 - 0.01)) < 1e-9)
        #expect(abs(label.originalValue(at: 0.07) - 100 * (4.0 / 60 - 0.01)) < 1e-9)
        #expect(label.text(at: 0.05) == String(format: "%.4f", 100 * (2.0 / 60 - 0.01)))
        #expect(label.originalValue(at: 1.0) == 100 * (60.0 / 60 - 0.01))  // 0.99 s counted
        #expect(label.originalValue(at: 1.04) == 100)  // the update past the end shows the final value
    }

    @Test(arguments: [CountingLabel.Method.easeIn, .easeOut, .easeInOut])
    func easingIsInFloatAsPowf(method: CountingLabel.Method) throws {
        for step in 0...100 {
            let t = Double(step) / 100
            let expected: Double = switch method {
            case .easeIn: Double(powf(Float(t), 3))
            case .easeOut: 1.0 - Double(powf(Float(1.0 - t), 3))
            default: t * 2 < 1 ? Double(0.5 * powf(Float(t * 2), 3)) : Double(0.5 * (2 - powf(Float(2.0 - t * 2), 3)))
            }
            #expect(CountingLabel.originalCounter(method, rate: 3, at: t) == expected, "\(method) at \(t)")
        }
    }

    @Test func theEaseInBounceRunsFromOneToMinusOne() throws {
        #expect(CountingLabel.originalCounter(.easeInBounce, rate: 3, at: 0) == 1)
        #expect(abs(CountingLabel.originalCounter(.easeInBounce, rate: 3, at: 1) + 1) < 1e-6)
        // 1 − (7.5625 t²) − t below 4/11, as the source writes it.
        #expect(abs(CountingLabel.originalCounter(.easeInBounce, rate: 3, at: 0.2) - (1 - 7.5625 * 0.04 - 0.2)) < 1e-6)
        var label = try label(.easeInBounce)
        label.count(from: 0, to: 100, duration: 1, at: 0)
        #expect(abs(label.originalValue(at: 2.0 / 60) - 100 * (1 - 7.5625 * pow(2.0 / 60, 2) - 2.0 / 60)) < 1e-3)
        #expect(label.originalValue(at: 58.0 / 60) < -90)  // near the end it shows about −100 …
        #expect(label.originalValue(at: 1.0) == 100)  // … then jumps to the destination
    }

    @Test(arguments: [(3e9, "2147483647"), (-3e9, "-2147483648"), (12345.9, "12345"), (-7.9, "-7")])
    func integerFormatsAre32Bit(value: Double, expected: String) throws {
        var label = try label(format: "%d")
        label.count(from: 0, to: value, duration: 0, at: 0)
        #expect(label.text(at: 0) == expected)
        label.quirks = .none
        #expect(label.text(at: 0) == String(Int64(value.rounded(.towardZero))))  // Cadence: 64 bits
    }

    @Test func aSceneNodeTakesQuirks() throws {
        let json = """
        {"size": [300, 40], "nodes": [{"type": "CountingLabel", "id": "n", "frame": [0, 0, 300, 40], "quirks": "original",
                                       "attributes": {"format": "%d"}}],
         "events": [{"at": 0, "target": "n", "type": "count", "from": 0, "to": 5000000000, "duration": 0}]}
        """
        let scene = try SceneFile.parse(Data(json.utf8), file: "c.json", strict: true).scene
        guard case .widget(_, let label as CountingLabel) = scene.nodes[0] else { Issue.record("not a label"); return }
        #expect(label.quirks == .original && label.text(at: 0) == "2147483647")
    }
}
