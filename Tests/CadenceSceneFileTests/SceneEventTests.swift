import CadenceDraw
import CadenceScene
import CadenceText
import Foundation
import Testing

@Suite struct SceneEventTests {
    func parse(_ json: String, strict: Bool = false) throws(SceneError) -> (scene: Scene, warnings: [SceneError]) {
        try SceneFile.parse(Data(json.utf8), file: "widgets.json", strict: strict)
    }

    static let widgets = """
    {"size": [400, 200],
     "nodes": [
       {"type": "CountingLabel", "id": "score", "frame": [10, 10, 300, 60],
        "attributes": {"font": "DejaVu Sans Bold 30", "textColor": "#FF0000", "alignment": "right", "grouping": true,
                       "fractionDigits": 1, "method": "linear", "animationDuration": 4,
                       "shadowColor": "#00000080", "shadowOffset": [1, 2]}},
       {"type": "ActivityIndicator", "id": "spin", "frame": [320, 10, 40, 40],
        "attributes": {"look": "classic", "style": "large", "appearance": "dark", "hidesWhenStopped": false, "centerOffset": [2, 3]}}
     ],
     "events": [
       {"at": 0, "target": "score", "type": "count", "from": 0, "to": 1000},
       {"at": 0.5, "target": "spin", "type": "startAnimating"},
       {"at": 2, "target": "score", "type": "countFromCurrentValue", "to": 0, "duration": 1},
       {"at": 2.5, "target": "spin", "type": "stopAnimating"},
       {"at": 4, "target": "score", "type": "countFromZero", "to": 50, "duration": 0},
       {"at": 5, "target": "score", "type": "count", "from": 0, "to": 100, "duration": 10},
       {"at": 6, "target": "score", "type": "stopCounting"}
     ]}
    """

    @Test func attributesAndEventsDriveTheWidgets() throws {
        let (scene, warnings) = try parse(Self.widgets)
        #expect(warnings.isEmpty)
        guard case .widget(_, let label as CountingLabel) = scene.nodes[0], case .widget(_, let spinner as ActivityIndicator) = scene.nodes[1] else {
            Issue.record("wrong node types")
            return
        }
        #expect(label.textColor == Color(hex: "#FF0000") && label.alignment == .right && label.animationDuration == 4)
        #expect(label.shadow == TextShadow(color: Color(hex: "#00000080")!, offset: Point(x: 1, y: 2)))
        #expect(label.format == .decimal(locale: "en_US", fractionDigits: 1))
        #expect(label.value(at: 1) == 250)  // linear over the 4 s animationDuration
        #expect(label.text(at: 2) == "500.0")
        #expect(label.value(at: 2.5) == 250)  // from the current value back down
        #expect(label.value(at: 4) == 50)  // duration 0: at once
        #expect(label.value(at: 6) == 10 && label.value(at: 60) == 10)  // stopped
        #expect(spinner.look == .classic && spinner.style == .large && spinner.appearance == .dark && !spinner.hidesWhenStopped)
        #expect(!spinner.isAnimating(at: 0.25) && spinner.isAnimating(at: 1) && !spinner.isAnimating(at: 3))
        let list = try scene.displayList(at: 1)
        #expect(list.commands.contains { if case .glyphs = $0 { true } else { false } })
        #expect(list.commands.filter { if case .line = $0 { true } else { false } }.count == 12)
    }

    @Test func unknownAttributeAndEventKeysWarn() throws {
        let (_, warnings) = try parse("""
        {"size": [10, 10], "nodes": [{"type": "CountingLabel", "id": "n", "frame": [0, 0, 5, 5], "attributes": {"colour": "#FFF"}}],
         "events": [{"at": 0, "target": "n", "type": "count", "from": 0, "to": 1, "speed": 2}]}
        """)
        #expect(warnings.map(\.description) == [
            "widgets.json: node 'n': key 'attributes.colour': unknown key (known: font, textColor, alignment, format, grouping, locale, fractionDigits, currency, method, rate, animationDuration, preferredFramesPerSecond, shadowColor, shadowOffset)",
            "widgets.json: key 'events[0].speed': unknown key (known: at, target, type, from, to, duration)",
        ])
    }

    static let node = #"{"type": "CountingLabel", "id": "n", "frame": [0, 0, 5, 5]}"#
    static let spinner = #"{"type": "ActivityIndicator", "id": "s", "frame": [0, 0, 5, 5]}"#

    @Test(arguments: [
        (#"[{"at": 0, "target": "ghost", "type": "count", "from": 0, "to": 1}]"#, "key 'events[0].target': no node has id 'ghost'"),
        (#"[{"at": -1, "target": "n", "type": "count", "from": 0, "to": 1}]"#, "key 'events[0].at': must not be negative"),
        (#"[{"at": 2, "target": "n", "type": "stopCounting"}, {"at": 1e8, "target": "n", "type": "stopCounting"}]"#, "key 'events[1].at': 100000000.0 is beyond the limit"),
        (#"[{"at": 0, "target": "s", "type": "count", "from": 0, "to": 1}]"#, "'count' applies to CountingLabel nodes; 's' is a ActivityIndicator"),
        (#"[{"at": 0, "target": "n", "type": "explode"}]"#, "unknown event type 'explode'"),
        (#"[{"at": 0, "target": "n", "type": "count", "to": 1}]"#, "key 'events[0].from': missing"),
        (#"[{"at": 0, "target": "n", "type": "count", "from": "zero", "to": 1}]"#, "key 'events[0].from': must be a number"),
        (#"[{"at": 0, "target": "n", "type": "countFromZero", "to": 1, "duration": -1}]"#, "key 'events[0].duration': must not be negative"),
    ])
    func badEventsNameThePlace(events: String, message: String) {
        do {
            _ = try parse(#"{"size": [10, 10], "nodes": [\#(Self.node), \#(Self.spinner)], "events": \#(events)}"#)
            Issue.record("expected an error containing \(message)")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
        }
    }

    @Test(arguments: [
        (#"{"format": "%d and %d"}"#, "key 'attributes.format': format '%d and %d' must hold exactly one number conversion"),
        (#"{"font": "DejaVu Sans"}"#, "key 'attributes.font': font: 'DejaVu Sans' must end with a size"),
        (#"{"alignment": "middle"}"#, "key 'attributes.alignment': must be left, center or right"),
        (#"{"method": "wobble"}"#, "key 'attributes.method': 'wobble' is not a counting method"),
        (#"{"currency": "dollars"}"#, "key 'attributes.currency': 'dollars' is not an ISO 4217 currency code (nearest: "),
        (#"{"grouping": "yes"}"#, "key 'attributes.grouping': must be true or false"),
    ])
    func badCountingLabelAttributesNameThePlace(attributes: String, message: String) {
        do {
            _ = try parse(#"{"size": [10, 10], "nodes": [{"type": "CountingLabel", "id": "n", "frame": [0, 0, 5, 5], "attributes": \#(attributes)}]}"#)
            Issue.record("expected an error containing \(message)")
        } catch {
            #expect(error.description.contains("node 'n': " + message), "\(error.description)")
        }
    }

    @Test func countingMethodsAcceptAnyCurve() throws {
        let (scene, _) = try parse("""
        {"size": [10, 10], "nodes": [{"type": "CountingLabel", "id": "n", "frame": [0, 0, 5, 5], "attributes": {"method": "caEaseOut", "format": "%d"}}],
         "events": [{"at": 0, "target": "n", "type": "count", "from": 0, "to": 100, "duration": 1}]}
        """)
        guard case .widget(_, let label as CountingLabel) = scene.nodes[0] else { Issue.record("not a label"); return }
        #expect(label.method == .curve(.caEaseOut))
        #expect(label.text(at: 1) == "100")
    }
}
