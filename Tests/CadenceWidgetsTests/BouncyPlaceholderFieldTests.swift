#if canImport(Glibc)
import Glibc
#endif
import CadenceAnimation
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
        let peak = stride(from: 1.0, to: 2, by: 0.0005).map { field.placeholderState(at: $0, distance: distance).offset }.max()!
        #expect(abs(peak / distance - 1.232) < 0.001)  // the original overshoots 23.2 %
        #expect(abs(field.placeholderState(at: 4, distance: distance).offset - distance) < 0.05)
    }

    @Test func clearingFadesBackWithAnEaseIn() throws {
        var field = try field()
        field.type("x", at: 1)
        field.clear(at: 3)
        let state = field.placeholderState(at: 3.1, distance: 100)
        // kCAMediaTimingFunctionEaseIn, the Bézier (0.42, 0, 1, 1), half-way: 0.3154 (t³ would give 0.125).
        #expect(abs(state.placeholderAlpha - 0.315357) < 1e-5)
        #expect(abs(state.abbreviationAlpha - (1 - 0.315357)) < 1e-5)
        #expect(abs(field.placeholderState(at: 3.05, distance: 100).placeholderAlpha - 0.093465) < 1e-5)
        #expect(abs(field.placeholderState(at: 6, distance: 100).offset) < 0.05)
    }

    /// LTBouncyPlaceholder's keyframe track, read from its source: values
    /// `d − d · 2.5^(−0.055 i) · cos(0.1 i)` for i = 0 … 99, evenly over 0.6 s, linear between.
    static func originalTrack(at t: Double, distance d: Double) -> Double {
        let i = min(max(t, 0), 0.6) * 99 / 0.6
        let k = min(Int(i.rounded(.down)), 98)
        func value(_ j: Int) -> Double { d - d * pow(2.5, -0.055 * Double(j)) * cos(0.1 * Double(j)) }
        return value(k) + (value(k + 1) - value(k)) * (i - Double(k))
    }

    @Test(arguments: [0.05, 0.1, 0.163, 0.3, 0.6])
    func theBounceFollowsTheOriginalTrack(after seconds: Double) throws {
        var field = try field()
        field.type("x", at: 1)
        let distance = 280.0
        let offset = field.placeholderState(at: 1 + seconds, distance: distance).offset
        let original = Self.originalTrack(at: seconds, distance: distance)
        #expect(abs(offset - original) < 0.5, "at \(seconds) s: \(offset) against the original's \(original)")
    }

    /// The drawn frames: where the abbreviation's glyph lands, against the original's track.
    @Test(arguments: [0.05, 0.1, 0.163, 0.3, 0.6])
    func theDrawnAbbreviationFollowsTheOriginalTrack(after seconds: Double) throws {
        var field = try field()
        field.type("x", at: 1)
        func abbreviationX(at time: Double) throws -> Double {
            var list = DisplayList(size: Size(width: 320, height: 50), background: .white)
            try field.draw(at: time, fonts: .shared, into: &list)
            let runs = list.commands.compactMap { if case .glyphs(let run) = $0, run.color.red == field.placeholderColor.red { run } else { nil } }
            return try #require(runs.last?.positions.first?.x)  // the abbreviation is drawn after the placeholder
        }
        let abbreviation = try FontLibrary.shared.layout(AttributedText("@", attributes: TextAttributes(font: field.font, color: field.placeholderColor)))
        let distance = field.textRect.width - abbreviation.size.width
        let settled = try abbreviationX(at: 6)  // at rest on the target (within 1e-4 of the distance)
        let offset = try abbreviationX(at: 1 + seconds) - settled + distance
        let original = Self.originalTrack(at: seconds, distance: distance)
        #expect(abs(offset - original) < 0.5, "at \(seconds) s the glyph is \(offset) px along, the original \(original)")
    }

    @Test func theSpringMatchesTheWholeTrackWithinAThousandth() {
        let spring = BouncyPlaceholderField.originalBounce
        let worst = (0...6000).map { step in
            let t = Double(step) / 10000
            return abs(spring.value(at: t) - Self.originalTrack(at: t, distance: 1))
        }.max()!
        #expect(worst < 0.001)
        // The figures the issue rounds: leaves at 8.3 distances per second, stiffness 341.4, damping 16.6.
        #expect(abs(spring.initialVelocity - 8.3153) < 1e-4)
        #expect(abs(spring.stiffness - 341.395) < 1e-3 && abs(spring.damping - 16.6307) < 1e-4)
        // At 50 ms it is at 0.55 of the way (a spring from rest would be at 0.31).
        #expect(abs(spring.value(at: 0.05) - 0.5521) < 1e-3)
        let rounded = try! Spring(mass: 1, stiffness: 341.4, damping: 16.6, initialVelocity: 8.3)
        #expect(abs(rounded.value(at: 0.05) - Self.originalTrack(at: 0.05, distance: 1)) < 1e-3)
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

    @Test func withoutAnAbbreviationThePlaceholderStaysVisibleAtTheRight() throws {
        var field = try field(abbreviation: nil)
        field.type("x", at: 1)
        field.clear(at: 3)
        for time in [1.05, 1.1, 1.2, 1.6, 2.9] {
            let state = field.placeholderState(at: time, distance: 100)
            #expect(state.placeholderAlpha == 1 && state.abbreviationAlpha == 0, "faded at \(time)")
        }
        #expect(abs(field.placeholderState(at: 2.9, distance: 100).offset - 100) < 0.05)
        #expect(abs(field.placeholderState(at: 1.163, distance: 100).offset - 123.2) < 0.1)
        #expect(abs(field.placeholderState(at: 5, distance: 100).offset) < 0.05)
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
