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
        try expectGoldenOnBothBackends(named: name, width: 340, height: 140, tolerance: 2, maxDifferingFraction: 0.002) { renderer in
            try renderer.render(try scene.displayList(at: time))
        }
    }

    /// Left: a one-line placeholder centred vertically (#30). Right: a view 60 tall whose long
    /// placeholder grows it to fit (#47); both on a grey page so the grown white box shows.
    @Test func aCentredPlaceholderAndAViewGrownToFitIt() throws {
        let json = """
        {"size": [340, 200], "background": "#D1D1D6",
         "nodes": [
           {"type": "PlaceholderTextView", "id": "centred", "frame": [10, 10, 150, 100],
            "attributes": {"font": "DejaVu Sans 14", "placeholder": "Centred", "placeholderVerticalAlignment": "center"}},
           {"type": "PlaceholderTextView", "id": "grown", "frame": [180, 10, 150, 60],
            "attributes": {"font": "DejaVu Sans 14", "growsToFitPlaceholder": true,
                           "placeholder": "A long placeholder that needs more lines than the view has room for."}}
         ]}
        """
        let scene = try SceneFile.parse(Data(json.utf8), file: "options.json", strict: true).scene
        try expectGoldenOnBothBackends(named: "textview-centred-and-grown", width: 340, height: 200, tolerance: 2, maxDifferingFraction: 0.002) { renderer in
            try renderer.render(try scene.displayList(at: 0))
        }
    }

    /// Exclusion paths (#48): the placeholder wraps around a 90×50 box in the text container
    /// (drawn as a blue rounded rectangle over the view, where an app would put a photo), keeping
    /// the 5-point line fragment padding from it on both sides.
    @Test func aPlaceholderFlowsAroundAnExclusionPath() throws {
        let json = """
        {"size": [340, 160], "background": "#F2F2F7",
         "nodes": [
           {"type": "PlaceholderTextView", "id": "bio", "frame": [10, 10, 320, 140],
            "attributes": {"font": "DejaVu Sans 14", "exclusionPaths": [[110, 6, 90, 50]],
                           "placeholder": "Tell us about yourself: the text flows around the box on both sides, then runs the whole width below it."}},
           {"type": "RoundedRect", "id": "photo", "frame": [120, 24, 90, 50], "attributes": {"cornerRadius": 6, "fill": "#5AC8FA"}}
         ]}
        """
        let scene = try SceneFile.parse(Data(json.utf8), file: "exclusion.json", strict: true).scene
        try expectGoldenOnBothBackends(named: "textview-exclusion-path", width: 340, height: 160, tolerance: 2, maxDifferingFraction: 0.002) { renderer in
            try renderer.render(try scene.displayList(at: 0))
        }
    }
}
