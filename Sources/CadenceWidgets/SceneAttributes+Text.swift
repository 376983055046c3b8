import CadenceAnimation
import CadenceDraw
import CadenceLayers

extension SceneAttributes {
    /// `alignment`: left, center or right.
    func alignment() throws(SceneError) -> TextAlignment? {
        guard let text = try string("alignment") else { return nil }
        guard let alignment = TextAlignment(rawValue: text) else { throw error("must be left, center or right\(Spelling.suggestion(for: text, among: TextAlignment.allCases.map(\.rawValue)))", key: "alignment") }
        return alignment
    }

    /// The awake step of text widgets: a shadow derived from `shadowColor` and `shadowOffset`
    /// together (either alone takes UIKit's default for the other: a third-opaque black, (0, −1)).
    func awakeShadow() throws(SceneError) -> TextShadow? {
        let shadowColor = try color("shadowColor")
        let shadowOffset = try numbers("shadowOffset", count: 2)
        guard shadowColor != nil || shadowOffset != nil else { return nil }
        return TextShadow(
            color: shadowColor ?? Color(red: 0, green: 0, blue: 0, alpha: 1.0 / 3),
            offset: Point(x: shadowOffset?[0] ?? 0, y: shadowOffset?[1] ?? -1)
        )
    }

    /// `font`, or UIKit's 17-point system size when none is named.
    func fontOrDefault() throws(SceneError) -> FontDescriptor {
        try font("font") ?? .system
    }
}
