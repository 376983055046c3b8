import CadenceDraw
import CadenceScene
import CadenceText
import Foundation
import Testing

/// What the original's users asked for: a vertically centred placeholder (#30) and a view that
/// grows to fit a long placeholder (#47).
@Suite struct PlaceholderTextViewOptionsTests {
    func view(_ placeholder: String = "Tell us about yourself") throws -> PlaceholderTextView {
        var view = PlaceholderTextView(frame: Rect(x: 0, y: 0, width: 300, height: 120), font: try FontDescriptor(parsing: "DejaVu Sans 16"))
        view.placeholder = placeholder
        return view
    }

    func drawn(_ view: PlaceholderTextView, at time: Double = 0) throws -> (background: Rect, ys: [Double]) {
        var list = DisplayList(size: Size(width: 300, height: 400), background: .white)
        try view.draw(at: time, fonts: .shared, into: &list)
        var background = Rect(x: 0, y: 0, width: 0, height: 0)
        var ys: [Double] = []
        for command in list.commands {
            if case .roundedRect(let rect) = command { background = rect.rect }
            if case .glyphs(let run) = command { ys += run.positions.map(\.y) }
        }
        return (background, ys)
    }

    func placeholderHeight(_ view: PlaceholderTextView) throws -> Double {
        let text = AttributedText(view.placeholder, attributes: TextAttributes(font: view.font, color: view.placeholderColor))
        return try FontLibrary.shared.layout(text, options: TextLayoutOptions(width: view.placeholderOrigin.width, alignment: .left)).size.height
    }

    @Test func aCentredPlaceholderSitsMidwayBetweenTheInsets() throws {
        var view = try view()
        let top = try drawn(view).ys
        view.placeholderVerticalAlignment = .center
        let centred = try drawn(view).ys
        let expected = (120 - 8 - 8 - (try placeholderHeight(view))) / 2
        #expect(expected > 10 && zip(top, centred).allSatisfy { abs($1 - $0 - expected) < 1e-9 })
    }

    @Test func aPlaceholderTallerThanTheViewStartsAtTheTopEvenCentred() throws {
        var view = try view(String(repeating: "wrapping words ", count: 30))
        let top = try drawn(view).ys
        view.placeholderVerticalAlignment = .center
        #expect(try drawn(view).ys == top)
    }

    @Test func theViewGrowsToFitALongPlaceholderWhileItShows() throws {
        var view = try view(String(repeating: "wrapping words ", count: 30))
        #expect(try drawn(view).background.height == 120)  // off: clipped to the frame
        view.growsToFitPlaceholder = true
        let height = try placeholderHeight(view)
        #expect(height > 120)
        #expect(try drawn(view).background.height == 8 + height + 8)
        view.edits.type("Hi", at: 1)
        #expect(try drawn(view, at: 1).background.height == 120)  // typed text: back to the frame
        var short = try self.view()
        short.growsToFitPlaceholder = true
        #expect(try drawn(short).background.height == 120)  // never shrinks
    }

    @Test func sceneFilesSetBothAndRefuseBadValues() throws {
        func scene(_ attributes: String) throws -> Scene {
            let json = """
            {"size": [300, 120], "nodes": [{"type": "PlaceholderTextView", "id": "bio", "frame": [0, 0, 300, 120], "attributes": \(attributes)}]}
            """
            return try SceneFile.parse(Data(json.utf8), file: "tv.json", strict: true).scene
        }
        let parsed = try scene(#"{"placeholderVerticalAlignment": "center", "growsToFitPlaceholder": true}"#)
        guard case .widget(_, let view as PlaceholderTextView) = parsed.nodes[0] else { Issue.record("not a text view"); return }
        #expect(view.placeholderVerticalAlignment == .center && view.growsToFitPlaceholder)
        do {
            _ = try scene(#"{"placeholderVerticalAlignment": "middle"}"#)
            Issue.record("no error")
        } catch {
            let message = "\(error)"
            #expect(message.contains("tv.json") && message.contains("bio") && message.contains("placeholderVerticalAlignment"), "\(message)")
        }
        #expect(throws: SceneError.self) { try scene(#"{"growsToFitPlaceholder": "yes"}"#) }
    }

    @Test func textAndPlaceholderFlowAroundExclusionPathsAlike() throws {
        var view = try view(String(repeating: "flowing words around a photo ", count: 6))
        view.textContainerInset = EdgeInsets(top: 8, left: 4, bottom: 8, right: 4)
        view.exclusionPaths = [Rect(x: 100, y: 10, width: 90, height: 50)]
        view.edits.type(view.placeholder, at: 1)
        var list = DisplayList(size: Size(width: 300, height: 400), background: .white)
        try view.draw(at: 0, fonts: .shared, into: &list)
        let placeholder = list.commands.compactMap { if case .glyphs(let run) = $0 { run.positions } else { nil } }.flatMap { $0 }
        list = DisplayList(size: Size(width: 300, height: 400), background: .white)
        try view.draw(at: 1, fonts: .shared, into: &list)
        let typed = list.commands.compactMap { if case .glyphs(let run) = $0 { run.positions } else { nil } }.flatMap { $0 }
        #expect(!typed.isEmpty && placeholder == typed)  // both flow the same way
        // In view coordinates the box is x 104 ... 194, y 18 ... 68; no glyph starts in it
        // (baselines within the band of a line crossing it), padding kept on both sides.
        let excluded = typed.filter { $0.x > 104 - 5 && $0.x < 194 + 5 && $0.y > 18 && $0.y < 68 + 16 }
        #expect(excluded.isEmpty, "\(excluded)")
        var plain = view
        plain.exclusionPaths = []
        list = DisplayList(size: Size(width: 300, height: 400), background: .white)
        try plain.draw(at: 1, fonts: .shared, into: &list)
        #expect(list.commands.compactMap { if case .glyphs(let run) = $0 { run.positions } else { nil } }.flatMap { $0 } != typed)
    }

    @Test(arguments: [#"[[1, 2, 3]]"#, #"[[1, 2, -3, 4]]"#, #""box""#, #"[[1, 2, "a", 4]]"#])
    func badExclusionPathsNameTheKey(value: String) throws {
        let json = """
        {"size": [300, 120], "nodes": [{"type": "PlaceholderTextView", "id": "bio", "frame": [0, 0, 300, 120], "attributes": {"exclusionPaths": \(value)}}]}
        """
        do {
            _ = try SceneFile.parse(Data(json.utf8), file: "tv.json", strict: true)
            Issue.record("no error for \(value)")
        } catch {
            #expect("\(error)".contains("tv.json") && "\(error)".contains("bio") && "\(error)".contains("exclusionPaths"), "\(error)")
        }
    }
}
