import CadenceDraw
import CadenceEngine
import CadenceScene
import CadenceTesting
import CadenceText
import Foundation
import Testing

/// The bouncy placeholder field at key times, from a scene file, against goldens.
@MainActor
@Suite struct FieldGoldenTests {
    let goldens = GoldenCheck()

    static func scene(clearAt: Double? = nil, chinese: Bool = false) throws -> Scene {
        let attributes = chinese
            ? #"{"font": "WenQuanYi Micro Hei 18", "placeholder": "请输入用户名", "abbreviatedPlaceholder": "用户名", "alwaysBouncePlaceholder": true}"#
            : #"{"font": "DejaVu Sans 18", "placeholder": "Email address", "abbreviatedPlaceholder": "@", "alwaysBouncePlaceholder": true}"#
        // Cleared mid-bounce: two letters, then the clear before the bounce settles.
        let text = chinese ? "lexrus" : clearAt == nil ? "lexrus@me.com" : "ab"
        var events = [
            #"{"at": 0.2, "target": "field", "type": "focus"}"#,
            #"{"at": 0.5, "target": "field", "type": "type", "text": "\#(text)", "charsPerSecond": 10}"#,
        ]
        if let clearAt { events.append(#"{"at": \#(clearAt), "target": "field", "type": "clear"}"#) }
        let json = """
        {"size": [340, 64], "background": "#F2F2F7",
         "nodes": [{"type": "BouncyPlaceholderField", "id": "field", "frame": [12, 10, 316, 44], "attributes": \(attributes)}],
         "events": [\(events.joined(separator: ", "))]}
        """
        return try SceneFile.parse(Data(json.utf8), file: "field.json", strict: true).scene
    }

    @Test(arguments: [
        (0.4, "field-before", nil as Double?, false), (0.58, "field-mid-bounce", nil, false), (3.0, "field-settled", nil, false),
        (0.72, "field-cleared-mid-bounce", 0.62, false), (3.0, "field-chinese-settled", nil, true),
    ])
    func fieldAtKeyTimes(time: Double, name: String, clearAt: Double?, chinese: Bool) throws {
        let scene = try Self.scene(clearAt: clearAt, chinese: chinese)
        try expectGoldenOnBothBackends(goldens, named: name, width: 340, height: 64, tolerance: 2, maxDifferingFraction: 0.002) { renderer in
            try renderer.render(try scene.displayList(at: time))
        }
    }

    /// Bouncing on, no abbreviation: the placeholder bounced right and stays there, visible, as
    /// the original's (it animates position only).
    @Test func withoutAnAbbreviationThePlaceholderStaysAtTheRight() throws {
        let json = """
        {"size": [340, 64], "background": "#F2F2F7",
         "nodes": [{"type": "BouncyPlaceholderField", "id": "field", "frame": [12, 10, 316, 44],
                    "attributes": {"font": "DejaVu Sans 18", "placeholder": "Email", "alwaysBouncePlaceholder": true}}],
         "events": [{"at": 0.5, "target": "field", "type": "type", "text": "lexrus", "charsPerSecond": 10}]}
        """
        let scene = try SceneFile.parse(Data(json.utf8), file: "field.json", strict: true).scene
        try expectGoldenOnBothBackends(goldens, named: "field-no-abbreviation-settled", width: 340, height: 64, tolerance: 2, maxDifferingFraction: 0.002) { renderer in
            try renderer.render(try scene.displayList(at: 3))
        }
    }

    /// Under `quirks: original` a count to 5 000 000 000 with `%d` shows the original's 32-bit
    /// cast, 2147483647; the same node without quirks shows 5000000000 (the second label).
    @Test func theOriginalsThirtyTwoBitCountIsReproduced() throws {
        func node(_ id: String, _ y: Int, _ quirks: String) -> String {
            #"{"type": "CountingLabel", "id": "\#(id)", "frame": [10, \#(y), 320, 30], "quirks": "\#(quirks)", "attributes": {"format": "%d", "font": "DejaVu Sans 22"}}"#
        }
        let json = """
        {"size": [340, 80], "background": "#FFFFFF", "nodes": [\(node("a", 5, "original")), \(node("b", 42, "none"))],
         "events": [{"at": 0, "target": "a", "type": "count", "from": 0, "to": 5000000000, "duration": 0},
                    {"at": 0, "target": "b", "type": "count", "from": 0, "to": 5000000000, "duration": 0}]}
        """
        let scene = try SceneFile.parse(Data(json.utf8), file: "counter.json", strict: true).scene
        try expectGoldenOnBothBackends(goldens, named: "quirks-counter-32-bit", width: 340, height: 80, tolerance: 2, maxDifferingFraction: 0.002) { renderer in
            try renderer.render(try scene.displayList(at: 0.5))
        }
    }
}
