import CadenceDraw
import CadenceText

extension Scene {
    /// The built-in demo: a card with three pills sliding across it at different speeds, a
    /// translucent square drifting over them, a counter counting to 12,345.6 and two spinners
    /// (modern and classic), all driven by scripted events.
    public static let demo: Scene = {
        var nodes: [Node] = []
        var card = ShapeNode(id: "card", frame: Rect(x: 80, y: 80, width: 1120, height: 560))
        card.cornerRadius = 24
        card.fill = .white
        card.stroke = Color(hex: "#D1D1D6")!
        card.strokeWidth = 2
        nodes.append(.shape(card))

        let pills: [(String, String, Double, Double)] = [
            ("blue", "#007AFF", 1.2, 0.0),
            ("green", "#34C759", 1.6, 0.1),
            ("orange", "#FF9500", 2.0, 0.2),
        ]
        for (index, (id, hex, duration, delay)) in pills.enumerated() {
            var pill = ShapeNode(id: id, frame: Rect(x: 140, y: 150 + Double(index) * 120, width: 200, height: 70))
            pill.cornerRadius = 35
            pill.fill = Color(hex: hex)!
            pill.motion = Motion(offset: Point(x: 800, y: 0), duration: duration, delay: delay, autoreverses: true, repeats: true)
            nodes.append(.shape(pill))
        }

        var square = ShapeNode(id: "glass", frame: Rect(x: 560, y: 120, width: 160, height: 160))
        square.cornerRadius = 12
        square.fill = Color(hex: "#AF52DE80")!
        square.stroke = Color(hex: "#5E2B7A")!
        square.strokeWidth = 3
        square.motion = Motion(offset: Point(x: 0, y: 250), duration: 1.5, autoreverses: true, repeats: true)
        nodes.append(.shape(square))

        // Fonts are installed by `make`; a failure here is a broken install, not user input.
        var counter = CountingLabel(frame: Rect(x: 140, y: 520, width: 460, height: 80), font: try! FontDescriptor(parsing: "DejaVu Sans Bold 56"))
        counter.format = .decimal(locale: "en_US", fractionDigits: 1)
        counter.method = .easeOut
        counter.textColor = Color(hex: "#1C1C1E")!
        nodes.append(.countingLabel(id: "score", counter))

        var modern = ActivityIndicator(frame: Rect(x: 900, y: 540, width: 60, height: 60))
        modern.style = .large
        nodes.append(.activityIndicator(id: "spinner", modern))
        var classic = ActivityIndicator(frame: Rect(x: 1000, y: 540, width: 60, height: 60))
        classic.look = .classic
        classic.style = .large
        nodes.append(.activityIndicator(id: "classic", classic))

        var scene = Scene(name: "demo", size: Size(width: 1280, height: 720), background: Color(hex: "#F2F2F7")!, nodes: nodes)
        scene.apply([
            SceneEvent(at: 0, target: "score", action: .count(from: 0, to: 12345.6, duration: 2)),
            SceneEvent(at: 0, target: "spinner", action: .startAnimating),
            SceneEvent(at: 0, target: "classic", action: .startAnimating),
        ])
        return scene
    }()
}
