import CadenceAnimation
import CadenceDraw
import CadenceEngine
import CadenceScene
import CadenceTesting
import CadenceTools
import Testing

/// Frames rendered headlessly by both backends against committed goldens (the CPU backend's).
@MainActor
@Suite struct GoldenTests {
    let goldens = GoldenCheck()

    /// Filled, stroked, circular, fractional and translucent shapes on a dark background.
    static func primitives(movingFirstBy dx: Double = 0) -> DisplayList {
        var list = DisplayList(size: Size(width: 320, height: 200), background: Color(hex: "#1C1C1E")!)
        let shapes = [
            RoundedRect(rect: Rect(x: 10 + dx, y: 10, width: 60, height: 40), cornerRadius: 0, fill: Color(hex: "#FF3B30")!),
            RoundedRect(rect: Rect(x: 90, y: 10, width: 60, height: 40), cornerRadius: 10, fill: Color(hex: "#34C759")!),
            RoundedRect(rect: Rect(x: 170, y: 10, width: 40, height: 40), cornerRadius: 20, fill: Color(hex: "#007AFF")!),
            RoundedRect(rect: Rect(x: 230.5, y: 10.5, width: 70, height: 40), cornerRadius: 8, fill: .clear,
                        stroke: .white, strokeWidth: 2),
            RoundedRect(rect: Rect(x: 10, y: 70, width: 140, height: 110), cornerRadius: 16, fill: Color(hex: "#FFCC00")!,
                        stroke: Color(hex: "#FF9500")!, strokeWidth: 6),
            RoundedRect(rect: Rect(x: 90, y: 100, width: 140, height: 80), cornerRadius: 24, fill: Color(hex: "#AF52DE99")!),
            RoundedRect(rect: Rect(x: 250.25, y: 80.75, width: 50.5, height: 100.3), cornerRadius: 4.5, fill: Color(hex: "#FFFFFF40")!,
                        stroke: Color(hex: "#5AC8FA")!, strokeWidth: 1.5),
        ]
        for shape in shapes { list.roundedRect(shape) }
        return list
    }

    @Test func primitivesMatchTheGolden() throws {
        try expectGoldenOnBothBackends(goldens, named: "primitives", width: 320, height: 200, tolerance: 2, maxDifferingFraction: 0.001) { renderer in
            try renderer.render(Self.primitives())
        }
        let gl = try OffscreenRenderer(width: 320, height: 200, backend: .gl)
        _ = try gl.render(Self.primitives())
        #expect(gl.lastDrawCallCount == 1)
    }

    @Test func demoSceneMatchesTheGolden() throws {
        try expectGoldenOnBothBackends(goldens, named: "demo-0.25s-640x360", width: 640, height: 360, tolerance: 2, maxDifferingFraction: 0.001) { renderer in
            try renderer.render(Scene.demo.displayList(at: 0.25))
        }
    }

    @Test(arguments: [
        ("curve-caEaseInEaseOut", "caEaseInEaseOut", CurveSpec.curve(.caEaseInEaseOut), 1.0),
        ("curve-bouncy-spring", "spring(1,341.4,16.6,0)", CurveSpec.spring(try! Spring(stiffness: 341.4, damping: 16.6)), 1.0),
    ])
    func curvePlotsMatchTheirGoldens(name: String, title: String, spec: CurveSpec, end: Double) throws {
        let plot = CurvePlot(spec: spec, title: title, xEnd: end)
        try expectGoldenOnBothBackends(goldens, named: name, width: Int(plot.size.width), height: Int(plot.size.height), tolerance: 2, maxDifferingFraction: 0.001) { renderer in
            try renderer.render(plot.displayList())
        }
    }

    /// The harness must catch a small regression: one rectangle moved by 2 pixels.
    @Test func aRectMovedTwoPixelsFailsTheGolden() throws {
        try #require(!GoldenCheck.isRecording, "not while recording")
        let renderer = try OffscreenRenderer(width: 320, height: 200, backend: .cpu)
        let moved = goldens.compare(try renderer.render(Self.primitives(movingFirstBy: 2)), named: "primitives", tolerance: 2, maxDifferingFraction: 0.001)
        #expect(!moved.passed)
        #expect(moved.message.contains("golden-failures/primitives.diff.png"))
        let unchanged = goldens.compare(try renderer.render(Self.primitives()), named: "primitives", tolerance: 2, maxDifferingFraction: 0.001)
        #expect(unchanged.passed, "\(unchanged.message)")
    }
}
