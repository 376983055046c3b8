import CadenceDraw
import CadenceScene
import CadenceText
import Testing

@Suite struct BouncyPlaceholderFieldTests {
    func field(bounce: Bool = true, abbreviation: String? = "@") throws -> BouncyPlaceholderField {
        var field = BouncyPlaceholderField(frame: Rect(x: 0, y: 0, width: 316, height: 44), font: try FontDescriptor(parsing: "DejaVu Sans 18"))
        field.placeholder = "Email address"
        field.abbreviatedPlaceholder = abbreviation
        field.alwaysBouncePlaceholder = bounce
        return field
    }

    @Test func typingAtASpeedAndDeletingByGrapheme() throws {
        var field = try field()
        field.type("ab👍🏽é", charactersPerSecond: 10, at: 1)
        #expect(field.text(at: 0.99) == "")
        #expect(field.text(at: 1) == "a")
        #expect(field.text(at: 1.25) == "ab👍🏽")
        field.deleteBackward(count: 2, at: 2)
        #expect(field.text(at: 2) == "ab")  // the emoji with its skin tone goes as one character
        field.clear(at: 3)
        #expect(field.text(at: 3) == "")
    }

    @Test func onlyEmptinessChangesAreTransitions() throws {
        var field = try field()
        field.type("hello", charactersPerSecond: 10, at: 1)
        field.deleteBackward(count: 5, at: 2)
        field.type("x", at: 3)
        let transitions = field.transitions(until: 10)
        #expect(transitions.map(\.time) == [1, 2, 3])
        #expect(transitions.map(\.hasText) == [true, false, true])
    }

    @Test func typingBouncesAndCrossFades() throws {
        var field = try field()
        field.type("me@example.com", charactersPerSecond: 10, at: 1)
        let distance = 200.0
        let before = field.placeholderState(at: 0.5, distance: distance)
        #expect(before.offset == 0 && before.placeholderAlpha == 1 && before.abbreviationAlpha == 0)
        let fading = field.placeholderState(at: 1.1, distance: distance)
        #expect(abs(fading.placeholderAlpha - 0.5) < 1e-6 && abs(fading.abbreviationAlpha - 0.5) < 1e-6)  // linear, 0.2 s
        let faded = field.placeholderState(at: 1.2, distance: distance)
        #expect(abs(faded.placeholderAlpha) < 1e-9 && abs(faded.abbreviationAlpha - 1) < 1e-9)
        let peak = stride(from: 1.0, to: 2, by: 0.005).map { field.placeholderState(at: $0, distance: distance).offset }.max()!
        #expect(peak > distance * 1.15 && peak < distance * 1.3)  // the original overshoots about 23 %
        #expect(abs(field.placeholderState(at: 4, distance: distance).offset - distance) < 0.05)
    }

    @Test func clearingFadesBackWithAnEaseIn() throws {
        var field = try field()
        field.type("x", at: 1)
        field.clear(at: 3)
        let state = field.placeholderState(at: 3.1, distance: 100)
        #expect(abs(state.placeholderAlpha - 0.125) < 1e-6)  // ease-in (t³) half-way: 0.5³ of the way back
        #expect(abs(state.abbreviationAlpha - 0.875) < 1e-6)
        #expect(abs(field.placeholderState(at: 6, distance: 100).offset) < 0.05)
    }

    @Test func clearingMidBounceCarriesPositionAndVelocity() throws {
        var field = try field()
        field.type("x", at: 1)
        field.clear(at: 1.08)
        let epsilon = 1e-4
        let before = field.placeholderState(at: 1.08 - epsilon, distance: 200).offset
        let at = field.placeholderState(at: 1.08, distance: 200).offset
        let after = field.placeholderState(at: 1.08 + epsilon, distance: 200).offset
        #expect(abs(at - before) < 0.5 && abs(after - at) < 0.5, "the placeholder jumped")
        #expect(after > at)  // still moving right for a moment: velocity kept
    }

    @Test func withoutBouncingThePlaceholderJustHides() throws {
        var field = try field(bounce: false)
        field.type("x", at: 1)
        field.clear(at: 2)
        #expect(field.placeholderState(at: 1.01, distance: 100) == (0, 0, 0))
        #expect(field.placeholderState(at: 2, distance: 100) == (0, 1, 0))
    }

    @Test func noAbbreviationBouncesThePlaceholderAlone() throws {
        var field = try field(abbreviation: nil)
        field.type("x", at: 0)
        var list = DisplayList(size: Size(width: 320, height: 50), background: .white)
        try field.draw(at: 0.1, fonts: .shared, into: &list)
        #expect(list.commands.contains { if case .glyphs = $0 { true } else { false } })
    }

    @Test func longTextScrollsToKeepItsEndInView() throws {
        var field = try field()
        field.type(String(repeating: "long text ", count: 40), at: 0)
        var list = DisplayList(size: Size(width: 320, height: 50), background: .white)
        try field.draw(at: 1, fonts: .shared, into: &list)
        #expect(list.commands.contains(.pushClip(field.textRect)))
        let runs = list.commands.compactMap { command -> GlyphRun? in if case .glyphs(let run) = command { run } else { nil } }
        let lastX = try #require(runs.last?.positions.last?.x)
        #expect(lastX < field.textRect.maxX && lastX > field.textRect.maxX - 30)
    }
}

private func == (lhs: (Double, Double, Double), rhs: (Double, Double, Double)) -> Bool {
    lhs.0 == rhs.0 && lhs.1 == rhs.1 && lhs.2 == rhs.2
}
