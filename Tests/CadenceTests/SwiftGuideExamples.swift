import Cadence
import Foundation
import Testing

// The Swift guide's examples (docs/swift.md), compiled and run here. Each function between a
// `// guide:` line and `// end guide` is shown in the guide verbatim (a test checks).

// guide: checkmark
/// A checkmark drawn by a ShapeLayer, its stroke growing on a named curve and held at the end,
/// rendered into a GIF.
@MainActor
func renderCheckmark(to path: String) throws {
    var tick = ShapeContent()
    tick.path = try Path(svg: "M 10 32 L 26 48 L 54 16")
    tick.fillColor = .clear
    tick.strokeColor = Color(red: 0.2, green: 0.78, blue: 0.35)
    tick.style = StrokeStyle(lineWidth: 6, lineCap: .round, lineJoin: .round)
    var layer = Layer(id: "tick", frame: Rect(x: 0, y: 0, width: 64, height: 64), content: .shape(tick))
    try layer.add(.basic(keyPath: .strokeEnd, from: 0, to: 1, timingFunction: .easeOutBack, duration: 0.6, fillMode: .forwards))

    var scene = Scene(name: "tick", size: Size(width: 64, height: 64), background: .white)
    scene.add(.layer(layer))
    // The loop's last step, the sink's finish(), leaves the finished GIF at `path`.
    let sink = try FFmpegFileSink(renderer: try OffscreenRenderer(sizeOf: scene, backend: .cpu), path: path, format: .gif, fps: 30)
    try FrameLoop(scene: scene).run(frames: 0..<30, fps: 30, into: sink)
}
// end guide

// guide: warnings
/// Font warnings (a family that is not installed, a fallback) as they happen.
func watchFontWarnings() {
    FontLibrary.shared.onWarning = { message in
        print("cadence warning: \(message)")
    }
}
// end guide

// guide: typed
/// A card that fades in and travels along a path, with key paths typed by their values: the
/// layer model alone checks it (`LayerError`), no scene file or reader involved.
func travellingCard() throws -> Layer {
    var card = Layer(id: "card", frame: Rect(x: 0, y: 0, width: 80, height: 50))
    try card.add(.basic(.opacity, from: 0, to: 1, curve: .caEaseOut, timing: try AnimationTiming(duration: 0.4)))
    try card.add(.basic(.backgroundColor, to: Color(red: 0.2, green: 0.78, blue: 0.35), timing: try AnimationTiming(duration: 1, fillMode: .forwards)))
    let route = try Path(svg: "M 40 200 C 40 40 280 40 280 200")
    try card.add(.motion(along: route, rotationMode: .auto, timing: try AnimationTiming(duration: 2, fillMode: .forwards)))
    return card
}
// end guide

@Suite struct SwiftGuideExamplesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Each guide example, as this file has it.
    static func examples() throws -> [String: String] {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        var found: [String: String] = [:]
        var name: String?
        var lines: [String] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("// guide: ") {
                name = String(line.dropFirst("// guide: ".count))
                lines = []
            } else if line == "// end guide", let current = name {
                found[current] = lines.joined(separator: "\n") + "\n"
                name = nil
            } else if name != nil {
                lines.append(String(line))
            }
        }
        return found
    }

    @Test func theGuideShowsEachExampleVerbatim() throws {
        let guide = try String(contentsOf: Self.root.appendingPathComponent("docs/swift.md"), encoding: .utf8)
        let examples = try Self.examples()
        #expect(examples.count == 3)
        for (name, code) in examples {
            #expect(guide.contains("```swift\n" + code + "```"), "docs/swift.md does not show the '\(name)' example as it is")
        }
    }

    @Test func theTypedExampleMovesAlongItsPath() throws {
        let card = try travellingCard()
        #expect(card.presentation(at: 0).opacity == 0)
        let end = card.presentation(at: 3)
        #expect(abs(end.position.x - 280) < 1e-6 && abs(end.position.y - 200) < 1e-6)
        // Turned with the path: heading down at its end.
        #expect(abs(end.transform.rotation - .pi / 2) < 0.05)
    }

    @MainActor
    @Test func theCheckmarkExampleWritesItsGIF() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-guide-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try renderCheckmark(to: folder + "/tick.gif")
        let size = try FileManager.default.attributesOfItem(atPath: folder + "/tick.gif")[.size] as? Int
        #expect((size ?? 0) > 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["tick.gif"])
    }

    @Test func theWarningExampleSetsTheHandler() {
        watchFontWarnings()
        #expect(FontLibrary.shared.onWarning != nil)
        FontLibrary.shared.onWarning = nil
    }
}
