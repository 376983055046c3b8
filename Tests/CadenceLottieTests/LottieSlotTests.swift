import CadenceDraw
import CadenceFiles
import Foundation
@testable import CadenceLottie
import Testing

/// Slots (Lottie 1.0): a property naming a slot (`sid`) takes the file's slot value, or one set
/// from outside; dotLottie 2.0 themes set slots by rules.
@Suite struct LottieSlotTests {
    /// A rectangle whose fill colour, rotation and size name slots; the file gives the colour.
    static let document = LottieTestFiles.document(
        layers: LottieTestFiles.shapeLayer(
            #"{"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [40, 20], "sid": "size"}, "r": {"a": 0, "k": 0}}, {"ty": "fl", "c": {"a": 0, "k": [0, 0, 0, 1], "sid": "colour"}, "o": {"a": 0, "k": 100}}"#,
            name: "A", ks: #"{"r": {"a": 0, "k": 0, "sid": "turn"}}"#
        ),
        extra: #", "slots": {"colour": {"p": {"a": 0, "k": [0, 0, 1, 1]}}}"#
    )

    static func animation(_ slots: LottieSlots = LottieSlots()) throws -> LottieAnimation {
        try LottieAnimation(data: Data(document.utf8), file: "slots.json", slots: slots)
    }

    static func fill(_ animation: LottieAnimation, frame: Double = 0) -> PathFill? {
        LottieTestFiles.paths(LottieTestFiles.list(animation, frame: frame)).first
    }

    @Test func theFilesOwnSlotsApplyAndAreListed() throws {
        let animation = try Self.animation()
        #expect(animation.slotIDs == ["colour", "size", "turn"])
        #expect(animation.features.contains("slots"))
        #expect(Self.fill(animation)?.color == Color(red: 0, green: 0, blue: 1))
        // A slot the file names but does not fill keeps the property's own value.
        #expect(Self.fill(animation)?.bounds.width == 40)
    }

    @Test func slotsSetFromOutsideWin() throws {
        var slots = LottieSlots()
        slots.set("colour", json: "[1, 0, 0, 1]")
        slots.set("size", json: #"{"a": 1, "k": [{"t": 0, "s": [10, 10]}, {"t": 10, "s": [30, 30]}]}"#)
        slots["turn"] = .number(90)
        let animation = try Self.animation(slots)
        let fill = try #require(Self.fill(animation, frame: 5))
        #expect(fill.color == Color(red: 1, green: 0, blue: 0))
        // 20 × 20 at frame 5, turned a quarter: still 20 × 20.
        #expect(abs(fill.bounds.width - 20) < 1e-9 && abs(fill.bounds.height - 20) < 1e-9)
        #expect(animation.propertyTree.property(at: "A.Transform.Rotation")?.value(atFrame: 0) == .numbers([90]))
    }

    @Test func aSlotTheFileDoesNotHaveIsAnErrorNamingIt() throws {
        var slots = LottieSlots()
        slots.set("colur", json: "[1, 0, 0, 1]")
        #expect {
            try Self.animation(slots)
        } throws: { error in
            (error as? LottieError)?.message == #"there is no slot "colur" (it has "colour", "size", "turn")"#
        }
        // Text that is not JSON is a string (a text or an image slot's value).
        slots = LottieSlots()
        slots.set("title", json: "Hello, world")
        #expect(slots["title"] == .string("Hello, world"))
    }

    @Test func aThemeSetsSlotsByRules() throws {
        let theme = #"""
        {"rules": [
          {"id": "colour", "type": "Color", "value": [0, 1, 0, 1]},
          {"id": "turn", "type": "Scalar", "keyframes": [{"frame": 0, "value": 0}, {"frame": 10, "value": 90, "hold": true}]},
          {"id": "shade", "type": "Gradient", "value": [{"color": [1, 0, 0, 1], "offset": 0}, {"color": [0, 0, 1, 0.5], "offset": 1}]},
          {"id": "size", "type": "Vector", "value": [60, 60], "animations": ["other"]}
        ]}
        """#
        let slots = try LottieSlots.theme(Data(theme.utf8), name: "t/dark.json", animation: "main")
        #expect(slots["colour"] == .array([.number(0), .number(1), .number(0), .number(1)]))
        #expect(slots["size"] == nil)  // for another animation
        #expect(slots["shade"] == .array([0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0.5].map { .number($0) }))
        let animation = try Self.animation(slots.filtered { $0 != "shade" })
        #expect(Self.fill(animation)?.color == Color(red: 0, green: 1, blue: 0))
        #expect(animation.propertyTree.property(at: "A.Transform.Rotation")?.value(atFrame: 5) == .numbers([45]))
        #expect(throws: LottieError.self) { try LottieSlots.theme(Data(#"{"rules": [{"type": "Color"}]}"#.utf8), name: "t.json", animation: "a") }
    }
}

extension LottieSlots {
    func filtered(_ keep: (String) -> Bool) -> LottieSlots {
        LottieSlots(values.filter { keep($0.key) })
    }
}
