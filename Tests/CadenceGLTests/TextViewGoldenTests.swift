import CadenceEngine
import CadenceScene
import CadenceTesting
import Foundation
import Testing

/// The multi-line placeholder text view, empty and with text, against goldens.
@MainActor
@Suite struct TextViewGoldenTests {
    static let json = """
    {"size": [340, 140], "background": "#F2F2F7",
     "nodes": [
       {"type": "PlaceholderTextView", "id": "bio", "frame": [10, 10, 320, 120],
        "attributes": {"font": "DejaVu Sans 16", "placeholder": "Tell us about yourself — 介绍一下你自己，越详细越好。",
                       "location": [4, 2]}},
       {"type": "PlaceholderTextView", "id": "note", "frame": [10, 10, 320, 120],
        "attributes": {"font": "DejaVu Sans 16", "attributedPlaceholder": [
            {"text": "Bold ", "font": "DejaVu Sans Bold 16", "color": "#FF3B30"}, {"text": "and plain placeholder runs"}]}}
     ],
     "events": [{"at": 1, "target": "bio", "type": "type", "text": "Animation engineer. 我喜欢弹簧动画。Writes Swift on Linux every day."}]}
    """

    @Test(arguments: [(0.5, "textview-empty", "bio"), (1.5, "textview-with-text", "bio"), (0.5, "textview-attributed", "note")])
    func textView(time: Double, name: String, node: String) throws {
        var scene = try SceneFile.parse(Data(Self.json.utf8), file: "view.json", strict: true).scene
        scene.nodes.removeAll { $0.id != node }
        let image = try OffscreenRenderer(width: 340, height: 140).render(try scene.displayList(at: time))
        let outcome = GoldenCheck().compare(image, named: name, tolerance: 2, maxDifferingFraction: 0.002)
        #expect(outcome.passed, "\(outcome.message)")
    }
}
