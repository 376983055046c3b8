import CadenceDraw
import CadenceEngine
import CadenceImage
import CadenceScene
import Foundation
import Testing

/// Text under moving transforms draws the same on both backends: glyphs come from one coverage
/// bitmap each, sampled bilinearly with zero beyond it, so a turned, scaled or springing label
/// agrees as well as shapes do. (GL clamped its atlas page's edge texel: a glyph placed at the
/// page's top or left edge lost its antialiased edge, up to 237 levels from the CPU backend's.)
@MainActor
@Suite struct TextAgreementTests {
    /// A card with a label that springs in, turns once every 2 s and scales between 0.5 and 1.5:
    /// every glyph under a transform that changes each frame.
    static let scene = """
        {"name": "moving text", "size": [320, 200], "background": "#F2F2F7",
         "nodes": [
           {"type": "Layer", "id": "card", "position": [160, 100], "bounds": [200, 80],
            "backgroundColor": "#FF9500", "cornerRadius": 16,
            "animations": [
              {"keyPath": "position.y", "type": "spring", "from": 40, "to": 100, "stiffness": 180, "damping": 14},
              {"keyPath": "transform.rotation", "from": 0, "to": 6.2832, "duration": 2, "repeatCount": "infinity"},
              {"keyPath": "transform.scale", "from": 0.5, "to": 1.5, "duration": 2, "autoreverses": true, "repeatCount": "infinity"}],
            "sublayers": [
              {"type": "TextLayer", "id": "title", "frame": [10, 20, 180, 40], "string": "Hello, Cadence — ÅgÿQ", "fontSize": 22,
               "foregroundColor": "#1C1C1E"}]}]}
        """

    /// Every 7th frame of 4 s at 30 fps: each within the default tolerance of `cadence compare`
    /// (2 levels, no pixel beyond), which the docs promise of the backends.
    @Test func movingTextAgreesWithinTwoLevels() throws {
        let scene = try SceneFile.parse(Data(Self.scene.utf8), file: "moving-text.json", strict: true).scene
        let gl = try OffscreenRenderer(width: 320, height: 200, backend: .gl)
        let cpu = try OffscreenRenderer(width: 320, height: 200, backend: .cpu)
        var worst = 0
        for frame in stride(from: 0, to: 120, by: 7) {
            let list = try scene.displayList(at: Double(frame) / 30)
            let a = try gl.render(list), b = try cpu.render(list)
            try #require(a.pixels.count == b.pixels.count)
            var largest = 0
            for (x, y) in zip(a.pixels, b.pixels) { largest = max(largest, abs(Int(x) - Int(y))) }
            #expect(largest <= 2, "frame \(frame): the backends differ by \(largest) levels")
            worst = max(worst, largest)
        }
        #expect(worst <= 2)
    }
}
