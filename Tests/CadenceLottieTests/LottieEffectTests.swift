import CadenceDraw
import Foundation
import Testing
@testable import CadenceLottie

/// Layer effects (`ef`: fill, tint, tritone, drop shadow, Gaussian blur) and mask expansion
/// become groups of the draw model: colour ramps, blurs and offset silhouettes.
@Suite struct LottieEffectTests {
    typealias F = LottieTestFiles

    /// An effect of type `type` with `values` (JSON text of each `v`), enabled unless told.
    static func effect(_ type: Int, _ values: [String], enabled: Int = 1, name: String = "effect") -> String {
        let entries = values.map { #"{"ty": 0, "nm": "value", "v": \#($0)}"# }.joined(separator: ", ")
        return #"{"ty": \#(type), "nm": "\#(name)", "en": \#(enabled), "ef": [\#(entries)]}"#
    }

    static func value(_ numbers: Double...) -> String {
        numbers.count == 1 ? #"{"a": 0, "k": \#(numbers[0])}"# : #"{"a": 0, "k": [\#(numbers.map { "\($0)" }.joined(separator: ", "))]}"#
    }

    static func layer(effects: [String], ks: String = "{}") -> String {
        F.shapeLayer(F.rectangle() + ", " + F.fill(), ks: ks, extra: #", "ef": [\#(effects.joined(separator: ", "))]"#)
    }

    /// The groups a list opens, in order.
    static func groups(_ list: DisplayList) -> [Group] {
        list.commands.compactMap { if case .pushGroup(let group) = $0 { return group } else { return nil } }
    }

    @Test func fillTintAndTritoneRecolourThroughARamp() throws {
        let fill = Self.effect(21, ["0", "0", Self.value(0, 0.5, 1, 1), "0", "0", "0", Self.value(0.25)])
        let tint = Self.effect(20, [Self.value(0, 0, 0.5, 1), Self.value(1, 1, 0, 1), Self.value(40)])
        let tritone = Self.effect(23, [Self.value(1, 1, 1, 1), Self.value(0.5, 0, 0, 1), Self.value(0, 0, 0, 1), Self.value(25)])
        let animation = try F.animation(F.document(layers: Self.layer(effects: [fill, tint, tritone])), strict: true)
        #expect(animation.features.contains("effects"))
        let list = F.list(animation, frame: 0)
        let groups = Self.groups(list)
        // Applied in order: the first effect innermost, so the last opens first.
        #expect(groups.count == 3)
        let (tritoneRamp, tintRamp) = (groups[0].colorRamp, groups[1].colorRamp)
        // The fill recolours the paths themselves (the same pixels as a one-colour ramp), faded by its opacity.
        #expect(groups[2].colorRamp == nil && groups[2].opacity == 0.25)
        #expect(F.paths(list).map(\.color) == [Color(red: 0, green: 0.5, blue: 1)])
        #expect(tintRamp?.colors == [Color(red: 0, green: 0, blue: 0.5), Color(red: 1, green: 1, blue: 0)] && tintRamp?.amount == 0.4)
        // Tritone: shadows, midtones, highlights; 25 % of the original kept.
        #expect(tritoneRamp?.colors == [.black, Color(red: 0.5, green: 0, blue: 0), .white] && tritoneRamp?.amount == 0.75)
    }

    /// Where paths cannot simply be recoloured (an image, a blended group), the fill is a ramp.
    @Test func aFillOverWhatCannotBeRecolouredIsARamp() throws {
        let commands: [DrawCommand] = [.pushGroup(Group(blendMode: .multiply)), .path(PathFill(contours: [], color: .white)), .popGroup]
        #expect(LottieAnimation.recoloured(commands, to: .black) == nil)
        #expect(LottieAnimation.recoloured([.image(ImageDraw(key: "k", image: RGBAImage(width: 1, height: 1), rect: Rect(x: 0, y: 0, width: 1, height: 1)))], to: .black) == nil)
        // A matte's own commands keep their colours; the matted ones take the fill's.
        let matted: [DrawCommand] = [
            .pushGroup(Group(matte: .luma)), .path(PathFill(contours: [], color: .white)),
            .pushGroup(Group(isMatte: true)), .path(PathFill(contours: [], color: .white)), .popGroup, .popGroup,
        ]
        let recoloured = try #require(LottieAnimation.recoloured(matted, to: .black))
        var list = DisplayList(size: Size(width: 1, height: 1), background: .clear)
        for command in recoloured { list.append(command) }
        #expect(F.paths(list).map(\.color) == [.black, .white])
    }

    @Test func aRampMapsLuminanceAndKeepsAlpha() {
        let ramp = ColorRamp(colors: [.black, Color(red: 1, green: 0, blue: 0), .white])
        // Mid grey (luminance 0.5) maps to the middle colour; half transparent stays so.
        let mapped = ramp.map(SIMD4(0.25, 0.25, 0.25, 0.5))
        #expect(abs(mapped.x - 0.5) < 1e-12 && mapped.y == 0 && mapped.z == 0 && mapped.w == 0.5)
        #expect(ramp.map(.zero) == .zero)
        // One colour fills; an amount of 0 changes nothing.
        #expect(ColorRamp(colors: [Color(red: 0, green: 1, blue: 0)]).map(SIMD4(1, 0, 0, 1)) == SIMD4(0, 1, 0, 1))
        #expect(ColorRamp(colors: [.white], amount: 0).map(SIMD4(0.2, 0.1, 0, 0.4)) == SIMD4(0.2, 0.1, 0, 0.4))
        // Past three colours the rest are left out; none is black; amounts are clamped.
        #expect(ColorRamp(colors: Array(repeating: .white, count: 9)).colors.count == 3)
        #expect(ColorRamp(colors: []).colors == [.black])
        #expect(ColorRamp(colors: [.white], amount: .nan).amount == 0 && ColorRamp(colors: [.white], amount: 7).amount == 1)
    }

    @Test func aDropShadowIsTheLayersOffsetSilhouetteUnderIt() throws {
        // Direction 90° (clockwise from up: to the right), 10 units, softness 20; the layer scaled 200 %.
        let shadow = Self.effect(25, [Self.value(0, 0, 0, 1), Self.value(127.5), Self.value(90), Self.value(10), Self.value(20), Self.value(0)])
        let ks = #"{"s": {"a": 0, "k": [200, 200]}}"#
        let animation = try F.animation(F.document(layers: Self.layer(effects: [shadow], ks: ks)), strict: true)
        let list = F.list(animation, frame: 0)
        guard case .pushGroup(let group) = list.commands.first, case .path(let silhouette) = list.commands[1],
              case .popGroup = list.commands[2], case .path(let body) = list.commands[3] else {
            Issue.record("no shadow group under the layer: \(list.commands)")
            return
        }
        #expect(group.colorRamp == nil && silhouette.color == .black && group.opacity == 0.5)
        // Softness 20 → σ 6 in the layer's units, 12 in the list's.
        #expect(abs(group.blur - 12) < 1e-9)
        #expect(abs(silhouette.bounds.minX - (body.bounds.minX + 20)) < 1e-9 && abs(silhouette.bounds.minY - body.bounds.minY) < 1e-9)
        // Shadow only: the silhouette alone.
        let alone = Self.effect(25, [Self.value(0, 0, 0, 1), Self.value(255), Self.value(180), Self.value(4), Self.value(0), Self.value(1)])
        let only = F.list(try F.animation(F.document(layers: Self.layer(effects: [alone]))), frame: 0)
        #expect(only.commands.count == 3)
        #expect(F.paths(only).first.map { abs($0.bounds.minY - 44) < 1e-9 } == true)
    }

    @Test func aGaussianBlurBlursTheLayersPicture() throws {
        let blur = Self.effect(29, [Self.value(10), Self.value(1), Self.value(0)])
        let animation = try F.animation(F.document(layers: Self.layer(effects: [blur])), strict: true)
        #expect(Self.groups(F.list(animation, frame: 0)).map(\.blur) == [3])
        // Blurriness 0 adds no group; past the cap it is the cap; one direction only is a warning.
        #expect(Self.groups(F.list(try F.animation(F.document(layers: Self.layer(effects: [Self.effect(29, [Self.value(0)])]))), frame: 0)).isEmpty)
        let huge = try F.animation(F.document(layers: Self.layer(effects: [Self.effect(29, [Self.value(1e12)])])))
        #expect(Self.groups(F.list(huge, frame: 0)).map(\.blur) == [Group.maximumBlur])
        let oneWay = try F.animation(F.document(layers: Self.layer(effects: [Self.effect(29, [Self.value(10), Self.value(2)])])))
        #expect(oneWay.skippedFeatures == ["one-way blur"])
    }

    @Test func disabledEffectsAndExpressionControlsDrawNothingAndOthersWarn() throws {
        let disabled = Self.effect(29, [Self.value(10)], enabled: 0)
        let slider = Self.effect(5, [Self.value(3)], name: "Slider Control").replacingOccurrences(of: #""en""#, with: #""mn": "ADBE Slider Control", "en""#)
        let quiet = try F.animation(F.document(layers: Self.layer(effects: [disabled, slider])), strict: true)
        #expect(Self.groups(F.list(quiet, frame: 0)).isEmpty)
        #expect(quiet.warnings.isEmpty && quiet.features.contains("expression controls"))
        let levels = try F.animation(F.document(layers: Self.layer(effects: [Self.effect(24, [], name: "Levels")])))
        #expect(levels.warnings.first?.message.contains("the pro levels effect \"Levels\" is not drawn") == true)
        #expect(levels.warnings.first?.property == "ef[0]")
        #expect(throws: LottieError.self) { try F.animation(F.document(layers: Self.layer(effects: [Self.effect(24, [])])), strict: true) }
        // A custom effect that is not a control (a gradient ramp) is named by its match name.
        let ramp = Self.effect(5, [], name: "Gradient Ramp").replacingOccurrences(of: #""en""#, with: #""mn": "ADBE Ramp", "en""#)
        let ramped = try F.animation(F.document(layers: Self.layer(effects: [ramp])))
        #expect(ramped.warnings.first?.message == "the effect \"Gradient Ramp\" (ADBE Ramp) is not drawn")
        // Malformed effects are errors naming the effect.
        #expect(throws: LottieError.self) { try F.animation(F.document(layers: Self.layer(effects: [#"{"nm": "no type"}"#]))) }
        #expect(throws: LottieError.self) { try F.animation(F.document(layers: Self.layer(effects: [#"{"ty": 29, "ef": [7]}"#]))) }
        #expect(throws: LottieError.self) { try F.animation(F.document(layers: F.shapeLayer(F.rectangle() + ", " + F.fill(), extra: #", "ef": 3"#))) }
    }

    /// The stroke effect strokes a mask's path (masks of mode none count, and do not clip) over
    /// the layer, alone, or revealing the layer.
    @Test func theStrokeEffectStrokesMaskPaths() throws {
        let line = #"{"c": false, "v": [[10, 50], [90, 50]], "i": [[0,0],[0,0]], "o": [[0,0],[0,0]]}"#
        let masks = #", "masksProperties": [{"mode": "n", "pt": {"a": 0, "k": \#(line)}, "o": {"a": 0, "k": 100}}]"#
        func list(path: Double, style: Double, end: Double = 100) throws -> DisplayList {
            let stroke = Self.effect(22, [
                Self.value(path), Self.value(0), Self.value(0), Self.value(0, 0, 1, 1), Self.value(3), Self.value(100), Self.value(1),
                Self.value(0), Self.value(end), Self.value(15), Self.value(style),
            ])
            let layer = F.shapeLayer(F.rectangle() + ", " + F.fill(), extra: masks + #", "ef": [\#(stroke)]"#)
            return F.list(try F.animation(F.document(layers: layer), strict: true), frame: 0)
        }
        // On the original: the rectangle, then a 6-wide round-capped stroke along y = 50.
        let over = F.paths(try list(path: 1, style: 1))
        #expect(over.count == 2 && over[1].color == Color(red: 0, green: 0, blue: 1))
        #expect(closeRect(over[1].bounds, 7, 47, 86, 6))
        // Half the path: trimmed to its first half.
        #expect(closeRect(F.paths(try list(path: 1, style: 1, end: 50))[1].bounds, 7, 47, 46, 6))
        // On transparent: the stroke alone; revealing: the rectangle through the stroke as a matte.
        #expect(F.paths(try list(path: 1, style: 2)).count == 1)
        let revealed = try list(path: 1, style: 3)
        #expect(Self.groups(revealed).map(\.matte) == [.alpha, nil])
        // A path number past the masks strokes nothing.
        #expect(F.paths(try list(path: 2, style: 1)).count == 1)
        #expect(F.paths(try list(path: 2, style: 2)).isEmpty)
    }

    private func closeRect(_ rect: Rect, _ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Bool {
        // Round caps are polygons a little outside their circle.
        abs(rect.minX - x) < 0.2 && abs(rect.minY - y) < 0.05 && abs(rect.width - width) < 0.4 && abs(rect.height - height) < 0.05
    }

    @Test func maskExpansionMovesTheMaskOutwardsWhicheverWayItTurns() throws {
        func maskedBounds(expansion: Double, reversed: Bool) throws -> Rect {
            var corners = ["[20, 20]", "[80, 20]", "[80, 80]", "[20, 80]"]
            if reversed { corners.reverse() }
            let path = #"{"c": true, "v": [\#(corners.joined(separator: ", "))], "i": [[0,0],[0,0],[0,0],[0,0]], "o": [[0,0],[0,0],[0,0],[0,0]]}"#
            let mask = #"{"mode": "a", "pt": {"a": 0, "k": \#(path)}, "o": {"a": 0, "k": 100}, "x": {"a": 0, "k": \#(expansion)}}"#
            let layer = ##"{"ty": 1, "nm": "solid", "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": {}, "sc": "#ff0000", "sw": 100, "sh": 100, "masksProperties": [\##(mask)]}"##
            let list = F.list(try F.animation(F.document(layers: layer), strict: true), frame: 0)
            let group = try #require(Self.groups(list).first)
            let points = group.maskPaths.flatMap { $0.contours.flatMap { $0 } }
            let xs = points.map(\.x), ys = points.map(\.y)
            return Rect(x: xs.min() ?? 0, y: ys.min() ?? 0, width: (xs.max() ?? 0) - (xs.min() ?? 0), height: (ys.max() ?? 0) - (ys.min() ?? 0))
        }
        for reversed in [false, true] {
            let grown = try maskedBounds(expansion: 10, reversed: reversed)
            #expect(abs(grown.minX - 10) < 0.01 && abs(grown.width - 80) < 0.01, "reversed: \(reversed), \(grown)")
            let shrunk = try maskedBounds(expansion: -5, reversed: reversed)
            #expect(abs(shrunk.minX - 25) < 0.01 && abs(shrunk.width - 50) < 0.01, "reversed: \(reversed), \(shrunk) \(grown)")
        }
        // Past the clamp it is the clamp, never a trap.
        #expect(try maskedBounds(expansion: 1e300, reversed: false).width <= 2 * LottieMask.maximumExpansion + 61)
    }
}
