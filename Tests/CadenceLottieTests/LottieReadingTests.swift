import CadenceDraw
import Foundation
import Testing
@testable import CadenceLottie

@Suite struct LottieReadingTests {
    typealias F = LottieTestFiles

    @Test func readsTheComposition() throws {
        let animation = try F.animation(F.document(layers: F.shapeLayer(F.rectangle() + "," + F.fill()), extra: #", "markers": [{"cm": "intro", "tm": 5, "dr": 10}]"#))
        #expect(animation.size == Size(width: 100, height: 100))
        #expect(animation.frameRate == 30)
        #expect(animation.duration == 1)
        #expect(animation.version == "5.7.4")
        #expect(animation.markers == [LottieMarker(name: "intro", frame: 5, duration: 10)])
        #expect(animation.features.contains("rectangles"))
        #expect(animation.features.contains("fills"))
        #expect(animation.warnings.isEmpty)
        #expect(animation.layerSummaries.map(\.kind) == ["shape"])
    }

    @Test func recognisesLottieDocuments() throws {
        #expect(LottieAnimation.isLottie(Data(F.document(layers: "").utf8)))
        #expect(!LottieAnimation.isLottie(Data(#"{"size": [100, 100], "nodes": []}"#.utf8)))
        #expect(!LottieAnimation.isLottie(Data("not json".utf8)))
        #expect(try LottieAnimation.ifLottie(Data(F.document(layers: "").utf8), file: "a.json")?.frameRate == 30)
        #expect(try LottieAnimation.ifLottie(Data(#"{"size": [100, 100], "nodes": []}"#.utf8), file: "scene.json") == nil)
        #expect(throws: LottieError.self) { _ = try LottieAnimation.ifLottie(Data(#"{"fr": 0, "ip": 0, "op": 10, "w": 10, "h": 10, "layers": []}"#.utf8), file: "b.json") }
    }

    /// Each bad document is refused with a message naming what is wrong.
    @Test(arguments: [
        (#"{"fr": 0, "ip": 0, "op": 10, "w": 10, "h": 10, "layers": []}"#, "fr: the frame rate must be above 0"),
        (#"{"fr": -30, "ip": 0, "op": 10, "w": 10, "h": 10, "layers": []}"#, "fr: the frame rate must be above 0"),
        (#"{"fr": 30, "ip": 10, "op": 10, "w": 10, "h": 10, "layers": []}"#, "op: op (10) must be after ip (10)"),
        (#"{"fr": 30, "ip": 0, "op": 10, "w": 100000, "h": 10, "layers": []}"#, "w: must be 0 ... 16384, got 100000"),
        (#"{"fr": 30, "ip": 0, "op": 10, "w": 10, "h": 10}"#, "missing layers"),
        (#"[1, 2]"#, "the top level must be a JSON object"),
        (#"{"fr": 30, "ip": 0, "op": 1e300, "w": 10, "h": 10, "layers": []}"#, "op: 1e+300 is out of range: frames must be within ±10⁹"),
        ("{", "not valid JSON"),
    ])
    func refusesBadCompositions(json: String, expected: String) {
        #expect {
            _ = try F.animation(json)
        } throws: { error in
            "\(error)".contains(expected)
        }
    }

    @Test func refusesPrecompositionCycles() {
        let assets = """
        [{"id": "a", "layers": [{"ty": 0, "nm": "to b", "refId": "b", "ip": 0, "op": 30, "w": 10, "h": 10}]},
         {"id": "b", "layers": [{"ty": 0, "nm": "to a", "refId": "a", "ip": 0, "op": 30, "w": 10, "h": 10}]}]
        """
        let json = F.document(layers: #"{"ty": 0, "nm": "root", "refId": "a", "ip": 0, "op": 30, "w": 10, "h": 10}"#, assets: assets)
        #expect {
            _ = try F.animation(json)
        } throws: { error in
            "\(error)".contains("precompositions contain themselves: \"a\" → \"b\" → \"a\"")
        }
        let selfReference = F.document(layers: "", assets: #"[{"id": "s", "layers": [{"ty": 0, "refId": "s", "ip": 0, "op": 30}]}]"#)
        #expect(throws: LottieError.self) { _ = try F.animation(selfReference) }
    }

    @Test func refusesDeepPrecompositionNesting() {
        var assets: [String] = []
        for level in 0..<70 {
            assets.append(#"{"id": "p\#(level)", "layers": [{"ty": 0, "refId": "p\#(level + 1)", "ip": 0, "op": 30}]}"#)
        }
        assets.append(#"{"id": "p70", "layers": []}"#)
        let json = F.document(layers: #"{"ty": 0, "refId": "p0", "ip": 0, "op": 30}"#, assets: "[" + assets.joined(separator: ",") + "]")
        #expect {
            _ = try F.animation(json)
        } throws: { error in
            "\(error)".contains("nested deeper than 64")
        }
    }

    /// 64 nested shape groups are allowed, as documented; the 65th is refused naming the limit.
    @Test(arguments: [64, 65])
    func shapeGroupsNestSixtyFourDeep(levels: Int) throws {
        var items = #"{"ty": "rc", "p": {"a": 0, "k": [5, 5]}, "s": {"a": 0, "k": [4, 4]}, "r": {"a": 0, "k": 0}}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}"#
        for _ in 0..<levels { items = #"{"ty": "gr", "it": [\#(items)]}"# }
        let json = F.document(layers: #"{"ty": 4, "ip": 0, "op": 30, "ks": {}, "shapes": [\#(items)]}"#)
        if levels <= 64 {
            _ = try F.animation(json)
        } else {
            #expect { _ = try F.animation(json) } throws: { "\($0)".contains("shape groups are nested deeper than 64") }
        }
    }

    @Test func refusesParentLoops() {
        let layers = """
        {"ty": 3, "nm": "a", "ind": 1, "parent": 2, "ip": 0, "op": 30, "ks": {}},
        {"ty": 3, "nm": "b", "ind": 2, "parent": 1, "ip": 0, "op": 30, "ks": {}}
        """
        #expect {
            _ = try F.animation(F.document(layers: layers))
        } throws: { error in
            "\(error)".contains("layer \"a\", parent: the parent chain loops back to this layer")
        }
    }

    @Test func refusesMalformedKeyframes() {
        let empty = F.shapeLayer(F.fill(), ks: #"{"o": {"a": 1, "k": [{"t": 0}]}}"#)
        #expect {
            _ = try F.animation(F.document(layers: empty))
        } throws: { error in
            "\(error)".contains("ks.o.k[0]: the first keyframe has no value (s)")
        }
        let notFinite = F.shapeLayer(F.fill(), ks: #"{"o": {"a": 1, "k": [{"t": 0, "s": [1e400]}]}}"#)
        #expect(throws: LottieError.self) { _ = try F.animation(F.document(layers: notFinite)) }
        let badPath = F.shapeLayer(#"{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[0, 0], [1]]}}}"#)
        #expect {
            _ = try F.animation(F.document(layers: badPath))
        } throws: { error in
            "\(error)".contains("shapes[0].ks.k.v: must be a list of [x, y] pairs")
        }
    }

    @Test func namesWhatIsNotDrawnOncePerFeature() throws {
        let levels = #", "ef": [{"ty": 24, "nm": "Levels", "ef": []}]"#
        let layers = [
            F.shapeLayer(F.fill(), name: "one", index: 1, extra: levels),
            F.shapeLayer(F.fill(), name: "two", index: 2, extra: levels),
            #"{"ty": 5, "nm": "words", "ind": 3, "ip": 0, "op": 30, "ks": {}, "t": {"p": {"m": 1}, "d": {"k": [{"t": 0, "s": {"t": "hi"}}]}}}"#,
        ].joined(separator: ",")
        let animation = try F.animation(F.document(layers: layers))
        #expect(animation.skippedFeatures == ["pro levels effect", "text on a path"])
        #expect(animation.warnings[0].description == "test.json: layer \"one\" (index 1), ef[0]: the pro levels effect \"Levels\" is not drawn (and 1 more layer)")
        #expect {
            _ = try F.animation(F.document(layers: layers), strict: true)
        } throws: { error in
            "\(error)".contains("(--strict)")
        }
    }

    /// A layer naming an asset the file lacks draws nothing, with a warning, and still moves
    /// its children (rlottie and ThorVG play such files); `--strict` refuses it.
    @Test func layersNamingMissingAssetsDrawNothing() throws {
        let layers = [
            #"{"ty": 0, "nm": "gone", "ind": 1, "refId": "nowhere", "ip": 0, "op": 30, "w": 10, "h": 10, "ks": {"p": {"a": 0, "k": [20, 30]}}}"#,
            #"{"ty": 2, "nm": "picture", "ind": 2, "refId": "missing.png", "ip": 0, "op": 30, "ks": {}}"#,
            F.shapeLayer(F.rectangle() + "," + F.fill(), name: "child", index: 3, extra: #", "parent": 1"#),
        ].joined(separator: ",")
        let animation = try F.animation(F.document(layers: layers))
        #expect(animation.skippedFeatures == ["missing assets"])
        #expect(animation.warnings[0].description.contains(#"layer "gone" (index 1), refId: refers to "nowhere", which is not a precomposition in assets; the layer draws nothing (and 1 more layer)"#))
        let plain = try F.animation(F.document(layers: F.shapeLayer(F.rectangle() + "," + F.fill(), name: "child", index: 3)))
        // The child is drawn once, moved by its parent's position.
        let moved = F.paths(F.list(animation, frame: 0)), still = F.paths(F.list(plain, frame: 0))
        #expect(moved.count == 1 && still.count == 1)
        #expect(moved.first?.contours.first?.first == still.first?.contours.first?.first.map { Point(x: $0.x + 20, y: $0.y + 30) })
        #expect {
            _ = try F.animation(F.document(layers: layers), strict: true)
        } throws: { error in
            "\(error)".contains("which is not a precomposition in assets; the layer draws nothing (--strict)")
        }
    }

    /// Precomposition and solid sides are kept however large a file makes them ("no clip"), up
    /// to 10⁶, where they are clamped with a warning; a negative side is refused.
    @Test func layerSidesAreKeptOrClamped() throws {
        let assets = #"[{"id": "inner", "layers": [\#(F.shapeLayer(F.rectangle() + "," + F.fill()))]}]"#
        let wide = try F.animation(F.document(layers: #"{"ty": 0, "nm": "wide", "refId": "inner", "ip": 0, "op": 30, "w": 99999, "h": 99999, "ks": {}}"#, assets: assets))
        #expect(wide.warnings.isEmpty)
        #expect(F.paths(F.list(wide, frame: 0)).count == 1)
        let huge = try F.animation(F.document(layers: ##"{"ty": 1, "nm": "huge", "sc": "#ff0000", "sw": 1e12, "sh": 10, "ip": 0, "op": 30, "ks": {}}"##))
        #expect(huge.warnings.map(\.description) == [#"test.json: layer "huge" (index 0), sw: 1000000000000 is more than 1000000; 1000000 is used"#])
        #expect {
            _ = try F.animation(F.document(layers: ##"{"ty": 1, "nm": "negative", "sc": "#ff0000", "sw": -5, "sh": 10, "ip": 0, "op": 30, "ks": {}}"##))
        } throws: { error in
            "\(error)".contains("sw: must be 0 or more, got -5")
        }
    }

    /// With expressions off (`--expressions off`), an expression warns and the keyframed value
    /// is drawn, as before expressions ran.
    @Test func expressionsOffWarnAndKeepTheKeyframedValue() throws {
        let ks = #"{"o": {"a": 0, "k": 50, "x": "wiggle(1, 2)"}}"#
        let json = F.document(layers: F.shapeLayer(F.rectangle() + "," + F.fill(), ks: ks))
        let animation = try LottieAnimation(data: Data(json.utf8), file: "test.json", expressions: false)
        #expect(animation.skippedFeatures == ["expressions"])
        #expect(animation.warnings.first?.property == "ks.o")
        let paths = F.paths(F.list(animation, frame: 0))
        #expect(paths.count == 1)
        #expect(abs(paths[0].color.alpha - 0.5) < 1e-9)
    }

    /// An expression on a text document set in a font (`sourceText`, `t.d.x`) gives the text,
    /// from the document's own (`value`) and the time; off, it warns and the document's is drawn.
    @Test func aTextDocumentExpressionGivesTheText() throws {
        let doc = #"{"s": 20, "f": "T-R", "t": "Hi", "j": 0, "tr": 0, "lh": 24, "fc": [1, 0, 0]}"#
        let layer = #"{"ty": 5, "nm": "words", "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": {}, "t": {"d": {"k": [{"t": 0, "s": \#(doc)}], "x": "var $bm_rt = value + ' ' + Math.round(linear(time, 0, 1, 0, 10)) + '+';"}, "a": []}}"#
        let json = F.document(layers: layer, extra: #", "fonts": {"list": [{"fName": "T-R", "fFamily": "T", "fStyle": "R", "ascent": 80}]}"#)
        let animation = try LottieAnimation(data: Data(json.utf8), file: "t.json", strict: true)
        #expect(animation.warnings.isEmpty)
        guard case .fontText(let text) = animation.root.layers[0].content else {
            Issue.record("not text set in a font")
            return
        }
        #expect(try text.evaluatedDocument(at: 15)?.text == "Hi 5+")
        #expect(try text.evaluatedDocument(at: 30)?.text == "Hi 10+")
        let off = try LottieAnimation(data: Data(json.utf8), file: "t.json", expressions: false)
        #expect(off.warnings.contains { $0.property == "t.d" && $0.feature == "expressions" })
    }
}

/// A precomposition used by several layers, nested: the uses multiply. Past a million layers
/// counted through every use the file is refused as it is read, naming the precomposition.
@Suite struct LottieFanOutTests {
    typealias F = LottieTestFiles

    /// `levels` precompositions, each used `uses` times by the one above; the last holds a rectangle.
    static func fanOut(levels: Int, uses: Int) -> String {
        var assets: [String] = []
        for level in 0..<levels {
            let layers = level == levels - 1
                ? F.shapeLayer(F.rectangle() + "," + F.fill())
                : (0..<uses).map { #"{"ty": 0, "ind": \#($0 + 1), "refId": "p\#(level + 1)", "ip": 0, "op": 30, "st": 0, "w": 100, "h": 100, "ks": {}}"# }
                    .joined(separator: ",")
            assets.append(#"{"id": "p\#(level)", "layers": [\#(layers)]}"#)
        }
        return F.document(layers: #"{"ty": 0, "ind": 1, "refId": "p0", "ip": 0, "op": 30, "st": 0, "w": 100, "h": 100, "ks": {}}"#,
                          assets: "[" + assets.joined(separator: ",") + "]")
    }

    @Test func aFanOutBombIsRefusedNamingThePrecomposition() {
        #expect {
            _ = try F.animation(Self.fanOut(levels: 29, uses: 2))
        } throws: { error in
            "\(error)".contains(#"precomposition "p28" is drawn 268,435,456 times through 29 levels"#)
                && "\(error)".contains("the limit is 1,000,000 layers counted through every use")
        }
    }

    @Test func aModestFanOutIsRead() throws {
        // 2¹⁰ uses of the innermost: about 2,000 layers in all.
        let animation = try F.animation(Self.fanOut(levels: 11, uses: 2))
        #expect(F.paths(F.list(animation, frame: 0)).count >= 1)
    }
}
