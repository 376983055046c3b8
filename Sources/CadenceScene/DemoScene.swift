import CadenceDraw

extension Scene {
    /// The built-in demo: a card with three pills sliding across it at different speeds and a
    /// translucent square drifting over them (premultiplied blending on show).
    public static let demo: Scene = {
        var nodes: [ShapeNode] = []
        var card = ShapeNode(id: "card", frame: Rect(x: 80, y: 80, width: 1120, height: 560))
        card.cornerRadius = 24
        card.fill = .white
        card.stroke = Color(hex: "#D1D1D6")!
        card.strokeWidth = 2
        nodes.append(card)

        let pills: [(String, String, Double, Double)] = [
            ("blue", "#007AFF", 1.2, 0.0),
            ("green", "#34C759", 1.6, 0.1),
            ("orange", "#FF9500", 2.0, 0.2),
        ]
        for (index, (id, hex, duration, delay)) in pills.enumerated() {
            var pill = ShapeNode(id: id, frame: Rect(x: 140, y: 150 + Double(index) * 140, width: 200, height: 80))
            pill.cornerRadius = 40
            pill.fill = Color(hex: hex)!
            pill.motion = Motion(offset: Point(x: 800, y: 0), duration: duration, delay: delay, autoreverses: true, repeats: true)
            nodes.append(pill)
        }

        var square = ShapeNode(id: "glass", frame: Rect(x: 560, y: 120, width: 160, height: 160))
        square.cornerRadius = 12
        square.fill = Color(hex: "#AF52DE80")!
        square.stroke = Color(hex: "#5E2B7A")!
        square.strokeWidth = 3
        square.motion = Motion(offset: Point(x: 0, y: 320), duration: 1.5, autoreverses: true, repeats: true)
        nodes.append(square)

        return Scene(name: "demo", size: Size(width: 1280, height: 720), background: Color(hex: "#F2F2F7")!, nodes: nodes)
    }()
}
