import CadenceDraw
import CadenceScene
import CadenceText
import Foundation
import Testing

/// A widget that lives in the test target: the whole of what a program writes to add one.
struct Badge: Widget {
    enum Event: Sendable, Hashable {
        case bump(by: Int)
    }

    static let typeName = "Badge"
    static let attributeKeys = ["color", "count"]
    static let events: [WidgetEventType<Event>] = [
        WidgetEventType("bump", keys: ["by"]) { event throws(SceneError) in
            guard let by = try event.number("by") else { throw event.error("missing", key: "by") }
            return .bump(by: Int(by))
        },
    ]

    var frame: Rect
    var color = Color.black
    var count = 0
    var bumps: [Double: Int] = [:]

    init(frame: Rect, attributes: SceneAttributes) throws(SceneError) {
        self.frame = frame
        if let color = try attributes.color("color") { self.color = color }
        if let count = try attributes.number("count") {
            guard count >= 0 else { throw attributes.error("must not be negative", key: "count") }
            self.count = Int(count)
        }
    }

    mutating func apply(_ event: Event, at time: Double) {
        switch event {
        case .bump(let by): bumps[time, default: 0] += by
        }
    }

    func count(at time: Double) -> Int {
        count + bumps.filter { $0.key <= time }.values.reduce(0, +)
    }

    func draw(at time: Double, context: DrawContext, into list: inout DisplayList) {
        list.roundedRect(RoundedRect(rect: frame, cornerRadius: frame.height / 2, fill: color))
    }
}

@Suite struct WidgetRegistryTests {
    @Test func standardRegistryListsTheSixWidgets() {
        let registry = WidgetRegistry.standard
        #expect(registry.typeNames == ["RoundedRect", "CountingLabel", "ActivityIndicator", "BouncyPlaceholderField", "PlaceholderTextView", "ImageView"])
        let attributes = Dictionary(uniqueKeysWithValues: registry.types.map { ($0.typeName, $0.attributeKeys) })
        #expect(attributes == [
            "RoundedRect": ["cornerRadius", "fill", "stroke", "strokeWidth"],
            "CountingLabel": [
                "font", "textColor", "alignment", "format", "grouping", "locale", "fractionDigits", "currency",
                "method", "rate", "animationDuration", "preferredFramesPerSecond", "shadowColor", "shadowOffset",
            ],
            "ActivityIndicator": ["look", "style", "appearance", "color", "hidesWhenStopped", "centerOffset"],
            "BouncyPlaceholderField": [
                "font", "textColor", "placeholder", "abbreviatedPlaceholder", "alwaysBouncePlaceholder", "placeholderColor",
                "backgroundColor", "borderColor", "borderWidth", "cornerRadius", "horizontalInset", "shadowColor", "shadowOffset",
            ],
            "PlaceholderTextView": [
                "font", "textColor", "alignment", "backgroundColor", "textContainerInset", "lineFragmentPadding",
                "placeholder", "attributedPlaceholder", "placeholderColor", "location", "placeholderVerticalAlignment", "growsToFitPlaceholder", "exclusionPaths", "shadowColor", "shadowOffset",
            ],
            "ImageView": [
                "contentMode", "backgroundColor", "placeholder", "indicator", "indicatorImage", "indicatorImages", "indicatorFrameDuration",
                "customIndicator", "indicatorCenterOffset", "indicatorSize", "progressStyle", "transitionDuration",
                "spinnerLook", "spinnerStyle", "spinnerColor",
            ],
        ])
        #expect(Dictionary(uniqueKeysWithValues: registry.types.map { ($0.typeName, $0.nodeKeys) }) == [
            "RoundedRect": ["motion"], "CountingLabel": ["quirks"], "ActivityIndicator": [], "BouncyPlaceholderField": ["quirks"],
            "PlaceholderTextView": [], "ImageView": [],
        ])
        #expect(registry.eventTypes == [
            "count": ["CountingLabel"], "countFromCurrentValue": ["CountingLabel"], "countFromZero": ["CountingLabel"],
            "stopCounting": ["CountingLabel"], "startAnimating": ["ActivityIndicator"], "stopAnimating": ["ActivityIndicator"],
            "type": ["BouncyPlaceholderField", "PlaceholderTextView"], "deleteBackward": ["BouncyPlaceholderField", "PlaceholderTextView"],
            "clear": ["BouncyPlaceholderField", "PlaceholderTextView"], "focus": ["BouncyPlaceholderField"], "unfocus": ["BouncyPlaceholderField"],
            "loadImage": ["ImageView"], "progress": ["ImageView"], "deleteForward": ["BouncyPlaceholderField"], "moveCaret": ["BouncyPlaceholderField"],
        ])
        let eventKeys = Dictionary(uniqueKeysWithValues: registry.types.map { ($0.typeName, $0.eventKeys) })
        #expect(eventKeys == [
            "RoundedRect": [:],
            "CountingLabel": [
                "count": ["from", "to", "duration"], "countFromCurrentValue": ["to", "duration"], "countFromZero": ["to", "duration"],
                "stopCounting": [],
            ],
            "ActivityIndicator": ["startAnimating": [], "stopAnimating": []],
            "BouncyPlaceholderField": [
                "type": ["text", "charsPerSecond"], "deleteBackward": ["count", "charsPerSecond"], "clear": [], "focus": [], "unfocus": [],
                "deleteForward": [], "moveCaret": ["to"],
            ],
            "PlaceholderTextView": ["type": ["text", "charsPerSecond"], "deleteBackward": ["count", "charsPerSecond"], "clear": []],
            "ImageView": ["loadImage": ["source", "latency", "cache", "forceTransition"], "progress": ["fraction"]],
        ])
    }

    static let badgeScene = """
    {"size": [200, 100],
     "nodes": [
       {"type": "Badge", "id": "b", "frame": [10, 10, 60, 20], "attributes": {"color": "#FF0000", "count": 3, "glow": true}},
       {"type": "Badge", "id": "faded", "frame": [10, 40, 60, 20], "opacity": 0.5},
       {"type": "RoundedRect", "id": "r", "frame": [0, 0, 5, 5]}
     ],
     "events": [
       {"at": 1, "target": "b", "type": "bump", "by": 2},
       {"at": 2, "target": "faded", "type": "bump", "by": 5, "loud": true}
     ]}
    """

    @Test func aWidgetOfTheTestTargetDecodesThroughARegistryValue() throws {
        let (scene, warnings) = try SceneFile.parse(Data(Self.badgeScene.utf8), file: "badge.json", widgets: .standard.adding(Badge.self))
        #expect(warnings.map(\.description) == [
            "badge.json: node 'b': key 'attributes.glow': unknown key (known: color, count)",
            "badge.json: key 'events[1].loud': unknown key (known: at, target, type, by)",
        ])
        guard case .widget(_, let badge as Badge) = scene.nodes[0] else { Issue.record("not a badge"); return }
        #expect(badge.color == Color(hex: "#FF0000") && badge.frame == Rect(x: 10, y: 10, width: 60, height: 20))
        #expect(badge.count(at: 0.5) == 3 && badge.count(at: 1) == 5)
        #expect(scene.nodes[0].typeName == "Badge")
        // Layer keys wrap it in a layer, which passes its events on.
        guard case .layer(let layer) = scene.nodes[1], case .widget(.widget(_, let faded as Badge)) = layer.content else {
            Issue.record("not a badge in a layer")
            return
        }
        #expect(layer.typeName == "Badge" && faded.count(at: 2) == 5)
        let list = try scene.displayList(at: 1)
        #expect(list.commands.contains { if case .roundedRect(let shape) = $0 { shape.fill == Color(hex: "#FF0000") } else { false } })
    }

    @Test(arguments: [
        (#"{"type": "Badge", "id": "b", "frame": [0, 0, 5, 5], "attributes": {"count": -1}}"#, "[]",
         "badge.json: node 'b': key 'attributes.count': must not be negative"),
        (#"{"type": "Badge", "id": "b", "frame": [0, 0, 5, 5], "attributes": {"color": 1}}"#, "[]",
         "badge.json: node 'b': key 'attributes.color': must be a string"),
        (#"{"type": "Badge", "id": "b", "frame": [0, 0, 5, 5]}"#, #"[{"at": 0, "target": "b", "type": "bump"}]"#,
         "badge.json: key 'events[0].by': missing"),
        (#"{"type": "RoundedRect", "id": "b", "frame": [0, 0, 5, 5]}"#, #"[{"at": 0, "target": "b", "type": "bump", "by": 1}]"#,
         "badge.json: key 'events[0].type': 'bump' applies to Badge nodes; 'b' is a RoundedRect"),
        (#"{"type": "Circle", "id": "b", "frame": [0, 0, 5, 5]}"#, "[]",
         "badge.json: node 'b': key 'type': unknown node type 'Circle' (known: Layer, TextLayer, ImageLayer, ShapeLayer, GradientLayer, ReplicatorLayer, EmitterLayer, RoundedRect, CountingLabel, ActivityIndicator, BouncyPlaceholderField, PlaceholderTextView, ImageView, Badge)"),
    ])
    func aRegisteredWidgetsErrorsNameThePlace(node: String, events: String, message: String) {
        let json = #"{"size": [10, 10], "nodes": [\#(node)], "events": \#(events)}"#
        #expect(throws: SceneError.self) {
            try SceneFile.parse(Data(json.utf8), file: "badge.json", widgets: .standard.adding(Badge.self))
        }
        do {
            _ = try SceneFile.parse(Data(json.utf8), file: "badge.json", widgets: .standard.adding(Badge.self))
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func widgetEventsCompareByTypeAndValue() {
        let bump = SceneEvent.Action.widget(WidgetEvent(Badge.Event.bump(by: 1)))
        #expect(bump == .widget(WidgetEvent(Badge.Event.bump(by: 1))))
        #expect(bump != .widget(WidgetEvent(Badge.Event.bump(by: 2))))
        #expect(bump != .widget(WidgetEvent(1)))
        #expect(Set([bump, .widget(WidgetEvent(Badge.Event.bump(by: 1))), .removeAnimation(key: "k")]).count == 2)
        #expect(WidgetEvent(TextInputEvent.clear).value(as: TextInputEvent.self) == .clear)
        #expect(WidgetEvent(TextInputEvent.clear).value(as: Badge.Event.self) == nil)
    }

    @Test func anUnregisteredWidgetIsAnUnknownNodeType() {
        #expect {
            try SceneFile.parse(Data(Self.badgeScene.utf8), file: "badge.json")
        } throws: { error in
            "\(error)".contains("unknown node type 'Badge'")
        }
    }
}
