import Cadence

/// A card springing up into place while a label counts from 0 to 100.
public enum CardScene {
    /// The scene: 320 × 240, a blue card rising on a spring and fading in, a counting label
    /// below it, and the card turning green at one second.
    public static func make() throws -> Scene {
        var card = Layer(id: "card", frame: Rect(x: 60, y: 40, width: 200, height: 120))
        card.backgroundColor = Color(red: 0, green: 0.478, blue: 1)
        card.cornerRadius = 16
        card.shadowOpacity = 0.3
        card.shadowRadius = 6
        card.shadowOffset = Point(x: 0, y: 4)
        try card.add(.spring(keyPath: "position.y", from: 300, to: 100, stiffness: 180, damping: 14), forKey: "rise")
        try card.add(.basic(keyPath: "opacity", from: 0, to: 1, timingFunction: .caEaseOut, duration: 0.3), forKey: "fade")

        var title = TextContent(string: "Cadence", font: try FontDescriptor(family: "DejaVu Sans", size: 22))
        title.foregroundColor = .white
        card.addSublayer(Layer(id: "title", frame: Rect(x: 16, y: 16, width: 168, height: 30), content: .text(title)))

        var label = CountingLabel(frame: Rect(x: 60, y: 180, width: 200, height: 40), font: try FontDescriptor(family: "DejaVu Sans", size: 24))
        label.format = .printf(try PrintfFormat("%.0f"))
        label.textColor = Color(red: 0.11, green: 0.11, blue: 0.12)

        var scene = Scene(name: "card", size: Size(width: 320, height: 240), background: Color(red: 0.95, green: 0.95, blue: 0.97))
        scene.add(.layer(card))
        scene.add(.widget(id: "score", label))
        try scene.schedule(widgetEvent: CountingLabel.Event.count(from: 0, to: 100, duration: 1), on: "score", at: 0)
        try scene.schedule(.setValue(keyPath: "backgroundColor", value: .color(Color(red: 0.2, green: 0.78, blue: 0.35))), on: "card", at: 1)
        return scene
    }
}
