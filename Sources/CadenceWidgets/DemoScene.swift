import CadenceDraw
import CadenceLayers

extension Scene {
    /// The built-in demo (`cadence render` with no scene): all four pieces, driven by scripted
    /// events — an English and a Chinese bouncy placeholder field being typed into, a multi-line
    /// placeholder view, a counter counting to 12,345.6, and an image loading behind a spinner
    /// then dissolving in — with a pill sliding along a track underneath.
    public static let demo: Scene = {
        // Fonts are installed by `make`; a failure here is a broken install, not user input.
        func font(_ text: String) -> FontDescriptor { try! FontDescriptor(parsing: text) }
        var nodes: [Node] = []

        var email = BouncyPlaceholderField(frame: Rect(x: 60, y: 60, width: 540, height: 52), font: font("DejaVu Sans 22"))
        email.placeholder = "Email address"
        email.abbreviatedPlaceholder = "@"
        email.alwaysBouncePlaceholder = true
        nodes.append(.widget(id: "email", email))

        var user = BouncyPlaceholderField(frame: Rect(x: 60, y: 132, width: 540, height: 52), font: font("WenQuanYi Micro Hei 22"))
        user.placeholder = "请输入用户名"
        user.abbreviatedPlaceholder = "用户名"
        user.alwaysBouncePlaceholder = true
        nodes.append(.widget(id: "user", user))

        var bio = PlaceholderTextView(frame: Rect(x: 60, y: 204, width: 540, height: 150), font: font("DejaVu Sans 18"))
        bio.placeholder = "Tell us about yourself — 介绍一下你自己，越详细越好。"
        nodes.append(.widget(id: "bio", bio))

        var score = CountingLabel(frame: Rect(x: 60, y: 380, width: 540, height: 100), font: font("DejaVu Sans Bold 64"))
        score.format = .decimal(locale: "en_US", fractionDigits: 1)
        score.method = .easeOut
        score.textColor = Color(hex: "#1C1C1E")!
        nodes.append(.widget(id: "score", score))

        var photo = ImageView(frame: Rect(x: 680, y: 60, width: 540, height: 420))
        photo.contentMode = .scaleAspectFill
        photo.spinner.style = .large
        nodes.append(.widget(id: "photo", photo))

        var track = ShapeNode(id: "track", frame: Rect(x: 60, y: 560, width: 1160, height: 40))
        track.cornerRadius = 20
        track.fill = Color(hex: "#E5E5EA")!
        nodes.append(.widget(id: track.id, track))
        var pill = ShapeNode(id: "pill", frame: Rect(x: 64, y: 564, width: 160, height: 32))
        pill.cornerRadius = 16
        pill.fill = Color(hex: "#007AFF")!
        pill.motion = Motion(offset: Point(x: 992, y: 0), duration: 1.6, autoreverses: true, repeats: true)
        nodes.append(.widget(id: pill.id, pill))

        var scene = Scene(name: "demo", size: Size(width: 1280, height: 720), background: Color(hex: "#F2F2F7")!, nodes: nodes)
        scene.apply([
            SceneEvent(at: 0, target: "score", action: .widget(WidgetEvent(CountingLabel.Event.count(from: 0, to: 12345.6, duration: 2)))),
            SceneEvent(at: 0.2, target: "photo", action: .widget(WidgetEvent(ImageView.Event.loadImage("builtin:sunset", latency: 1.0, forceTransition: false)))),
            SceneEvent(at: 0.25, target: "email", action: .widget(WidgetEvent(TextInputEvent.focus))),
            SceneEvent(at: 0.4, target: "email", action: .widget(WidgetEvent(TextInputEvent.type("lexrus@me.com", charactersPerSecond: 12)))),
            SceneEvent(at: 1.0, target: "user", action: .widget(WidgetEvent(TextInputEvent.type("lexrus", charactersPerSecond: 10)))),
            SceneEvent(at: 1.3, target: "bio", action: .widget(WidgetEvent(TextInputEvent.type("Animation engineer. 我喜欢弹簧动画。", charactersPerSecond: 40)))),
        ])
        return scene
    }()
}
