#if canImport(Glibc)
import Glibc
#endif
import CadenceAnimation
import CadenceDraw
import CadenceScene
import CadenceText
import Foundation
import Testing

/// `"quirks": "original"`: each original's exact behaviour, checked against values computed from
/// the original's own formulas.
@Suite struct QuirksTests {
    func field(abbreviation: String? = "@") throws -> BouncyPlaceholderField {
        var field = BouncyPlaceholderField(frame: Rect(x: 0, y: 0, width: 316, height: 44), font: try FontDescriptor(parsing: "DejaVu Sans 18"))
        field.placeholder = "Email address"
        field.abbreviatedPlaceholder = abbreviation
        field.alwaysBouncePlaceholder = true
        field.quirks = .original
        return field
    }

    /// The original's keyframe value `d · (1 − 2.5^(−0.055 i) · cos(0.1 i))` `s` seconds in,
    /// linear between keyframes, held after 0.6 s.
    static func track(_ s: Double, _ d: Double) -> Double {
        BouncyPlaceholderFieldTests.originalTrack(at: s, distance: d)
    }

    @Test(arguments: [0.0, 0.05, 0.1, 0.163, 0.3, 0.45, 0.6, 1.0, 5.0])
    func theFieldFollowsTheHundredKeyframesExactly(after seconds: Double) throws {
        var field = try field()
        field.type("x", at: 1)
        let state = field.placeholderState(at: 1 + seconds, distance: 280)
        #expect(abs(state.offset - Self.track(seconds, 280)) < 1e-9, "at \(seconds) s")
    }

    @Test func theTrackIsHeldAtItsLastKeyframe() {
        let last = 1 - pow(2.5, -0.055 * 99) * cos(9.9)
        #expect(abs(BouncyPlaceholderField.originalTrack(at: 3) - last) < 1e-12)
        #expect(abs(last - 1.00606) < 1e-5)  // it never settles on the target
    }

    @Test func clearingJumpsToTheStartOfTheTrackBack() throws {
        var field = try field()
        field.type("x", at: 1)
        field.clear(at: 1.1)
        #expect(abs(field.placeholderState(at: 1.1, distance: 200).offset - 200) < 1e-9)  // from 206.8: a jump
        #expect(abs(field.placeholderState(at: 1.2, distance: 200).offset - (200 - Self.track(0.1, 200))) < 1e-9)
        #expect(abs(field.placeholderState(at: 1.2, distance: 200).placeholderAlpha - 0.315357) < 1e-5)  // CA ease-in half-way
        #expect(field.placeholderState(at: 1.3, distance: 200).placeholderAlpha == 1)
    }

    @Test func typingWhileTheAbbreviationStillShowsIsIgnored() throws {
        var field = try field()
        field.type("x", at: 1)
        field.clear(at: 2)
        field.type("y", at: 2.1)  // the abbreviation is at 1 − easeIn(0.5) = 0.685: the guard returns
        let state = field.placeholderState(at: 2.5, distance: 200)
        #expect(abs(state.offset - (200 - Self.track(0.5, 200))) < 1e-9)
        #expect(state.placeholderAlpha == 1 && state.abbreviationAlpha == 0)
        field.type("z", at: 3)  // now 0: it bounces right again
        #expect(abs(field.placeholderState(at: 3.1, distance: 200).offset - Self.track(0.1, 200)) < 1e-9)
    }

    @Test func withoutAnAbbreviationEveryKeystrokeRestartsTheBounce() throws {
        var field = try field(abbreviation: nil)
        field.type("ab", charactersPerSecond: 10, at: 1)
        let state = field.placeholderState(at: 1.15, distance: 200)
        #expect(abs(state.offset - Self.track(0.05, 200)) < 1e-9)  // restarted by "b" at 1.1
        #expect(state.placeholderAlpha == 1)
    }

    @Test func cadencesOwnBehaviourIsUnchangedWithoutQuirks() throws {
        var field = try field()
        field.quirks = .none
        field.type("x", at: 1)
        field.clear(at: 2)
        field.type("y", at: 2.1)
        #expect(field.placeholderState(at: 2.5, distance: 200).offset > 100)  // bounced right again
    }

    static func scene(node: String, quirks: Quirks = .none) throws -> Scene {
        let json = """
        {"size": [340, 64], "nodes": [\(node)], "events": []}
        """
        return try SceneFile.parse(Data(json.utf8), file: "quirks.json", strict: true, quirks: quirks).scene
    }

    @Test func scenesSetQuirksPerNodeOrForAll() throws {
        let plain = #"{"type": "BouncyPlaceholderField", "id": "f", "frame": [0, 0, 300, 44]}"#
        let original = #"{"type": "BouncyPlaceholderField", "id": "f", "frame": [0, 0, 300, 44], "quirks": "original"}"#
        let none = #"{"type": "BouncyPlaceholderField", "id": "f", "frame": [0, 0, 300, 44], "quirks": "none"}"#
        func quirks(_ scene: Scene) -> Quirks? {
            guard case .widget(_, let field as BouncyPlaceholderField) = scene.nodes[0] else { return nil }
            return field.quirks
        }
        #expect(quirks(try Self.scene(node: plain)) == Quirks.none)
        #expect(quirks(try Self.scene(node: original)) == .original)
        #expect(quirks(try Self.scene(node: plain, quirks: .original)) == .original)
        #expect(quirks(try Self.scene(node: none, quirks: .original)) == Quirks.none)  // the node's own key wins
    }

    @Test func aBadQuirksValueNamesFileNodeAndKey() throws {
        do {
            _ = try Self.scene(node: #"{"type": "BouncyPlaceholderField", "id": "f", "frame": [0, 0, 300, 44], "quirks": "ios7"}"#)
            Issue.record("no error")
        } catch {
            let message = "\(error)"
            #expect(message.contains("quirks.json") && message.contains("f") && message.contains("quirks") && message.contains("none or original"), "\(message)")
        }
    }
}
