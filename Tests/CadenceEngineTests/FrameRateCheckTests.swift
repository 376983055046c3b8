import CadenceDraw
import CadenceEngine
import CadenceScene
import CadenceTiming
import CadenceTools
import Foundation
import Testing

/// A progress bar written the way UICountingLabel counts: each frame drawn adds one 60th of a
/// second to its progress (`progress += 1/60` per tick), whatever the frame rate. At 30 fps it
/// runs at half speed: exactly the bug `cadence check fps` is for.
private struct PerFrameBar: Widget {
    final class Ticks: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func next() -> Int { lock.withLock { count += 1; return count } }
        var value: Int { lock.withLock { count } }
    }

    static let typeName = "PerFrameBar"
    static let attributeKeys: [String] = []
    static let events: [WidgetEventType<Never>] = []
    var frame: Rect
    let ticks = Ticks()

    init(frame: Rect, attributes: SceneAttributes) throws(SceneError) {
        self.frame = frame
    }

    init(frame: Rect) {
        self.frame = frame
    }

    func apply(_ event: Never, at time: Double) {}

    func draw(at time: Double, context: DrawContext, into list: inout DisplayList) {
        let progress = min(Double(ticks.next()) / 60, 1)
        list.roundedRect(RoundedRect(rect: Rect(x: frame.minX, y: frame.minY, width: frame.width * progress, height: frame.height),
                                     cornerRadius: 0, fill: Color(hex: "#FF3B30")!))
    }

    func animatedValues(at time: Double) -> [String: [Double]] {
        ["progress": [min(Double(ticks.value) / 60, 1)]]
    }
}

@MainActor
@Suite struct FrameRateCheckTests {
    @Test func aTimeDrivenSceneIsTheSameAtEveryRateEvenWithJitterAndDrops() throws {
        let scene = try OffscreenRendererTests.slidingSquare()
        let settings = FrameRateCheck.Settings(
            rates: [30, 60, 90, 120, 144], duration: 1, width: 40, height: 20, clock: try ClockSpec("jitter:0.5ms,seed=7+drop:10%,seed=2")
        )
        let result = try FrameRateCheck.run(scene: scene, settings: settings)
        #expect(result.passed)
        #expect(result.sharedTimes == (0..<6).map { Double($0) / 6 })
        #expect(result.nodes.map(\.id) == ["square", "(frame)"])
        #expect(result.nodes[0].value == 0 && result.nodes[0].pixels == 0)
        // Every rate rendered its own (jittered, dropped) frames plus the shared ones.
        #expect(result.framesPerRate.count == 5 && result.framesPerRate[4] > 120)
    }

    @Test func aWidgetThatAccumulatesPerFrameIsCaughtAndNamed() throws {
        let scene = Scene(name: "bar", size: Size(width: 100, height: 20), background: .white, nodes: [
            .widget(id: "bar", PerFrameBar(frame: Rect(x: 0, y: 5, width: 100, height: 10))),
        ])
        // At 30 fps the bar has half the ticks it has at 60 by the same time (and the ticks
        // live in a class, so the second rate even goes on from the first's): either way the
        // frames at a shared timestamp differ.
        let settings = FrameRateCheck.Settings(rates: [30, 60], duration: 0.5, width: 100, height: 20)
        let result = try FrameRateCheck.run(scene: scene, settings: settings)
        #expect(!result.passed)
        let bar = try #require(result.nodes.first { $0.id == "bar" })
        #expect((bar.pixels ?? 0) > 100, "the bar is shorter at one rate than the other")
        #expect((bar.value ?? 0) > 0.1 && bar.valueName == "progress")
        #expect(bar.rate == 60)
    }

    @Test func settingsOutOfRangeAreNamedOptions() throws {
        let scene = try OffscreenRendererTests.slidingSquare()
        func failure(_ settings: FrameRateCheck.Settings) -> String {
            do {
                _ = try FrameRateCheck.run(scene: scene, settings: settings)
                return "no error"
            } catch {
                return error.description
            }
        }
        #expect(failure(.init(rates: [60], duration: 1, width: 40, height: 20)).hasPrefix("rates: needs at least 2"))
        #expect(failure(.init(rates: [60, .nan], duration: 1, width: 40, height: 20)).hasPrefix("rates: each rate"))
        #expect(failure(.init(rates: [59.94, 60], duration: 1, width: 40, height: 20)).contains("share no timestamp"))
        #expect(failure(.init(rates: [30, 60], duration: .infinity, width: 40, height: 20)).hasPrefix("duration: "))
        #expect(failure(.init(rates: [30, 1000], duration: 1e6, width: 40, height: 20)).contains("above the limit"))
        #expect(failure(.init(rates: [30, 60], duration: 1, width: 40, height: 20, tolerance: -1)).hasPrefix("tolerance: "))
        #expect(failure(.init(rates: [30, 60], duration: 1, width: 40, height: 20, clock: try ClockSpec("vrr:60@1s"))).hasPrefix("clock: "))
        #expect(failure(.init(rates: [30, 60], duration: 1, width: 40, height: 20, clock: try ClockSpec("jitter:20ms"))).contains("quarter"))
    }

    @Test func animatedValuesReadEveryKeyPathOfEachLayer() throws {
        let scene = try OffscreenRendererTests.slidingSquare()
        let values = scene.animatedValues(at: 0.5)
        #expect(values.map(\.id) == ["square"])
        #expect(values[0].values["position.x"] == [10])
        #expect(values[0].values["opacity"] == [1])
        #expect(values[0].values["strokeEnd"] == nil, "a plain layer has no shape key paths")
    }
}
