import CadenceAnimation
import CadenceDraw
import Foundation
@testable import CadenceLottie
import Testing

/// Expressions: each test file is a small document written from the expression language's
/// definition (After Effects' and lottie-web's), checked through the property tree (the values
/// drawing reads) and, where it matters, the drawn list.
@Suite struct LottieExpressionTests {
    /// A JSON string literal of `source`.
    static func quoted(_ source: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [source], options: [.fragmentsAllowed]), as: UTF8.self).dropFirst().dropLast().description
    }

    /// A shape layer "A" whose rotation is keyframed 0 → 90 over frames 0 … 10 and runs `expression`.
    static func rotating(_ expression: String, keyframes: Bool = true, extra: String = "") throws -> LottieAnimation {
        let rotation = keyframes
            ? #"{"a": 1, "k": [{"t": 0, "s": [0], "i": {"x": [1], "y": [1]}, "o": {"x": [0], "y": [0]}}, {"t": 10, "s": [90]}], "x": \#(quoted(expression))}"#
            : #"{"a": 0, "k": 30, "x": \#(quoted(expression))}"#
        let layer = LottieTestFiles.shapeLayer(LottieTestFiles.rectangle() + "," + LottieTestFiles.fill(), name: "A", ks: #"{"r": \#(rotation)}"#, extra: extra)
        return try LottieTestFiles.animation(LottieTestFiles.document(layers: layer))
    }

    static func rotation(_ animation: LottieAnimation, _ frame: Double) -> Double? {
        if case .numbers(let numbers)? = animation.propertyTree.property(at: "A.Transform.Rotation")?.value(atFrame: frame) { return numbers.first }
        return nil
    }

    static func close(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-6) -> Bool {
        guard let a else { return false }
        return abs(a - b) <= tolerance
    }

    @Test func timeValueAndBodymovinHelpers() throws {
        let animation = try Self.rotating("var $bm_rt;\n$bm_rt = $bm_sum(value, $bm_mul(time, 30));")
        #expect(animation.warnings.isEmpty)
        #expect(animation.features.contains("expressions"))
        // Frame 15: value 90 (held), time 0.5 s.
        #expect(Self.close(Self.rotation(animation, 15), 90 + 15))
        #expect(Self.close(Self.rotation(animation, 5), 45 + 5))
    }

    @Test func loopOutCyclePingpongOffsetAndContinue() throws {
        let cycle = try Self.rotating("loopOut('cycle')")
        #expect(Self.close(Self.rotation(cycle, 15), 45))
        #expect(Self.close(Self.rotation(cycle, 5), 45))  // inside the keys: the keyframed value
        let pingpong = try Self.rotating("loopOut('pingpong')")
        #expect(Self.close(Self.rotation(pingpong, 12), 72))  // coming back: 90 − 2 × 9
        let offset = try Self.rotating("loopOut('offset')")
        #expect(Self.close(Self.rotation(offset, 15), 90 + 45))
        let carryOn = try Self.rotating("loopOut('continue')")
        #expect(Self.close(Self.rotation(carryOn, 20), 90 + 9 * 10, 1e-3))  // 9° a frame, 10 frames on
        let before = try Self.rotating("loopIn('cycle')")
        #expect(Self.close(Self.rotation(before, -5), 45))
        // Keys a hair apart: more loops than an Int counts, answered, not trapped.
        let hair = LottieTestFiles.shapeLayer(LottieTestFiles.rectangle(), name: "A", ks: #"{"r": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 1e-300, "s": [90]}], "x": "loopOut('pingpong')"}}"#)
        let tiny = try LottieTestFiles.animation(LottieTestFiles.document(layers: hair))
        #expect(Self.rotation(tiny, 5).map { $0.isFinite } == true)
    }

    @Test func keysNearestKeyAndVelocityGiveTheInertialBounce() throws {
        // The usual overshoot: after the last key, a damped sine scaled by the speed there.
        let bounce = """
        var $bm_rt;
        var n = 0;
        if (numKeys > 0) { n = nearestKey(time).index; if (key(n).time > time) { n--; } }
        var t = n == 0 ? 0 : time - key(n).time;
        if (n > 0 && t < 1) {
            var v = velocityAtTime(key(n).time - thisComp.frameDuration / 10);
            $bm_rt = value + v * 0.05 * Math.sin(2 * t * 2 * Math.PI) / Math.exp(4 * t);
        } else { $bm_rt = value; }
        """
        let animation = try Self.rotating(bounce)
        #expect(animation.warnings.isEmpty)
        #expect(Self.close(Self.rotation(animation, 10), 90))
        let t = 3.0 / 30, v = 270.0  // 90° in a third of a second
        let overshoot: Double = v * 0.05 * sin(4 * t * Double.pi) / exp(4 * t)
        #expect(Self.close(Self.rotation(animation, 13), 90 + overshoot, 1e-3))
        #expect(Self.close(Self.rotation(animation, 40), 90))
    }

    @Test func propertiesOfOtherLayersEffectsAndContents() throws {
        let slider = #"{"ty": 5, "nm": "Spin", "mn": "ADBE Slider Control", "ef": [{"ty": 0, "nm": "Slider", "mn": "ADBE Slider Control-0001", "v": {"a": 0, "k": 12}}]}"#
        let leader = LottieTestFiles.shapeLayer(
            #"{"ty": "gr", "nm": "Box", "it": [\#(LottieTestFiles.rectangle()), {"ty": "fl", "nm": "Paint", "c": {"a": 0, "k": [0.25, 0.5, 1, 1]}, "o": {"a": 0, "k": 40}}, {"ty": "tr", "p": {"a": 0, "k": [0, 0]}}]}"#,
            name: "Leader", index: 1, ks: #"{"p": {"a": 0, "k": [20, 30]}}"#, extra: #", "ef": [\#(slider)]"#
        )
        let expression = """
        var L = thisComp.layer('Leader');
        var p = L.transform.position;
        p[0] + p[1] + L.effect('Spin')('Slider') + L('ADBE Effect Parade')(1)(1) + L.content('Box').content('Paint').opacity + thisComp.layer(1).index
        """
        let follower = LottieTestFiles.shapeLayer(
            LottieTestFiles.rectangle(), name: "A", index: 2, ks: #"{"r": {"a": 0, "k": 0, "x": \#(Self.quoted(expression))}}"#
        )
        let animation = try LottieTestFiles.animation(LottieTestFiles.document(layers: leader + "," + follower))
        #expect(animation.warnings.isEmpty, "\(animation.warnings)")
        let expected: Double = 20 + 30 + 12 + 12 + 40 + 1
        #expect(Self.close(Self.rotation(animation, 0), expected))
    }

    /// A result that reads nothing that changes is kept; one that reads an animated property of
    /// another layer (no `time` in sight) is not.
    @Test func onlyTimelessResultsAreKept() throws {
        let leader = LottieTestFiles.shapeLayer(
            LottieTestFiles.rectangle() + "," + LottieTestFiles.fill(), name: "Leader", index: 1,
            ks: #"{"p": {"a": 1, "k": [{"t": 0, "s": [0, 0], "i": {"x": [1], "y": [1]}, "o": {"x": [0], "y": [0]}}, {"t": 10, "s": [100, 0]}]}, "o": {"a": 0, "k": 50}}"#
        )
        let follower = LottieTestFiles.shapeLayer(
            LottieTestFiles.rectangle() + "," + LottieTestFiles.fill(), name: "A", index: 2,
            ks: #"{"r": {"a": 0, "k": 0, "x": "thisComp.layer('Leader').transform.position[0] + thisComp.layer('Leader').transform.opacity"}}"#
        )
        let animation = try LottieTestFiles.animation(LottieTestFiles.document(layers: leader + "," + follower))
        // Drawn first (each frame's memo), then read through the tree: the same values.
        #expect(LottieTestFiles.paths(LottieTestFiles.list(animation, frame: 5)).count == 2)
        #expect(Self.close(Self.rotation(animation, 0), 50))
        #expect(Self.close(Self.rotation(animation, 5), 100))
        #expect(Self.close(Self.rotation(animation, 10), 150))
        // A property object given back whole (it stands for its value, read after the script).
        let whole = LottieTestFiles.shapeLayer(
            LottieTestFiles.rectangle(), name: "A", index: 2,
            ks: #"{"r": {"a": 0, "k": 0, "x": "var $bm_rt; $bm_rt = thisComp.layer('Leader').transform.position;"}, "p": {"a": 0, "k": [0, 0], "x": "thisComp.layer('Leader').transform.position"}}"#
        )
        let given = try LottieTestFiles.animation(LottieTestFiles.document(layers: leader + "," + whole))
        for frame in [0.0, 5, 10] {
            if case .numbers(let p)? = given.propertyTree.property(at: "A.Transform.Position")?.value(atFrame: frame) {
                #expect(p.first == frame * 10)
            } else {
                Issue.record("no position")
            }
        }
        let still = try Self.rotating("thisComp.layer('A').transform.opacity * 2", keyframes: false)
        #expect(Self.close(Self.rotation(still, 0), 200))
        #expect(Self.close(Self.rotation(still, 20), 200))
    }

    /// `thisComp.marker`: the composition's markers as keys, by number or comment; a precomposition
    /// layer's `timeRemap`.
    @Test func markersAndTimeRemap() throws {
        let expression = "var m = thisComp.marker; m.key('burst').time * 30 + m.key(1).duration * 30 + m.numKeys * 100 + m.nearestKey(time).index * 1000 + thisComp.layer('pre').timeRemap.valueAtTime(0) * 10000"
        let rotating = LottieTestFiles.shapeLayer(
            LottieTestFiles.rectangle(), name: "A", index: 1, ks: #"{"r": {"a": 0, "k": 0, "x": \#(Self.quoted(expression))}}"#
        )
        let precomp = #"{"ty": 0, "nm": "pre", "ind": 2, "refId": "inner", "ip": 0, "op": 30, "st": 0, "w": 10, "h": 10, "ks": {}, "tm": {"a": 0, "k": 0.5}}"#
        let assets = #"[{"id": "inner", "layers": []}]"#
        let markers = #", "markers": [{"cm": "intro", "tm": 0, "dr": 4}, {"cm": "burst", "tm": 10, "dr": 5}]"#
        let animation = try LottieTestFiles.animation(LottieTestFiles.document(layers: rotating + "," + precomp, assets: assets, extra: markers))
        #expect(animation.warnings.isEmpty, "\(animation.warnings)")
        // burst at frame 10, intro 4 frames long, 2 markers, nearest to frame 9 is burst (2), remap 0.5 s.
        let expected: Double = 10 + 4 + 200 + 2000 + 5000
        #expect(Self.close(Self.rotation(animation, 9), expected, 1e-9))
    }

    @Test func linearEaseClampAndVectors() throws {
        let animation = try Self.rotating(
            "linear(time, 0, 1, 0, 100) + ease(0.5, 0, 1, 0, 10) * 0 + clamp(500, 0, 7) + length([3, 4]) + add([1, 2], [3, 4])[1] + radiansToDegrees(Math.PI)"
        )
        let expected: Double = 50 + 7 + 5 + 6 + 180
        #expect(Self.close(Self.rotation(animation, 15), expected))
        let eased = try Self.rotating("ease(time, 0, 1, 0, 100)")
        // lottie-web's ease is the cubic (0.33, 0, 0.667, 1).
        let curve = try CubicBezier(x1: 0.33, y1: 0, x2: 0.667, y2: 1)
        #expect(Self.close(Self.rotation(eased, 15), 100 * curve.value(at: 0.5), 1e-9))
        #expect((Self.rotation(eased, 6) ?? 100) < 20)
    }

    @Test func wiggleAndRandomAreSeededSmoothAndBounded() throws {
        let source = "wiggle(3, 20)"
        let first = try Self.rotating(source, keyframes: false), second = try Self.rotating(source, keyframes: false)
        var values: [Double] = []
        for frame in 0..<30 {
            let a = try #require(Self.rotation(first, Double(frame))), b = try #require(Self.rotation(second, Double(frame)))
            #expect(a == b)  // the same file gives the same values
            #expect(abs(a - 30) <= 20 + 1e-9)
            values.append(a)
        }
        #expect(Set(values).count > 20)  // it moves
        // Smooth: neighbouring frames a small step apart (3 wiggles a second at 30 fps).
        #expect(zip(values, values.dropFirst()).allSatisfy { abs($0 - $1) < 20 })
        let random = try Self.rotating("random(10, 20)", keyframes: false)
        let r = try #require(Self.rotation(random, 4))
        #expect(r >= 10 && r < 20)
        #expect(Self.rotation(random, 4) == Self.rotation(try Self.rotating("random(10, 20)", keyframes: false), 4))
        let timeless = try Self.rotating("seedRandom(7, true); random(100)", keyframes: false)
        #expect(Self.rotation(timeless, 1) == Self.rotation(timeless, 20))
    }

    @Test func pathExpressionsMakePaths() throws {
        let path = #"{"a": 0, "k": {"c": true, "v": [[0, 0], [10, 0], [10, 10]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}, "x": "var p = thisProperty.points(); p[1] = [50, 0]; createPath(p, thisProperty.inTangents(), thisProperty.outTangents(), thisProperty.isClosed())"}"#
        let layer = LottieTestFiles.shapeLayer(#"{"ty": "sh", "nm": "P", "ks": \#(path)}, \#(LottieTestFiles.fill())"#, name: "A")
        let animation = try LottieTestFiles.animation(LottieTestFiles.document(layers: layer))
        #expect(animation.warnings.isEmpty, "\(animation.warnings)")
        let fills = LottieTestFiles.paths(LottieTestFiles.list(animation, frame: 0))
        #expect(fills.first?.bounds.width == 50)
    }

    @Test func aFailingExpressionWarnsNamingLayerAndPropertyAndTheKeyframedValueIsUsed() throws {
        let cases = [
            ("while (true) {}", "ran past its budget of steps"),
            ("var a = [1]; while (true) a = a.concat(a);", "made more than its budget of memory"),
            ("eval('1')", "eval is not available to expressions"),
            ("require('fs')", "require is not available to expressions"),
            ("Function('return this')()", "Function is not available to expressions"),
            ("thisComp.layer('nobody').transform.position", "has no layer nobody"),
            ("'a string'", "not a finite number"),
            ("(", "syntax error on line 1"),
        ]
        for (source, reason) in cases {
            let animation = try Self.rotating(source)
            let warning = try #require(animation.warnings.first, "\(source)")
            #expect(warning.layer == "\"A\" (index 1)")
            #expect(warning.property == "ks.r")
            #expect(warning.message.contains(reason), "\(source): \(warning.message)")
            #expect(Self.close(Self.rotation(animation, 5), 45), "\(source)")
            // Drawn, not hung: the rectangle is there.
            #expect(!LottieTestFiles.paths(LottieTestFiles.list(animation, frame: 5)).isEmpty)
        }
        #expect(throws: LottieError.self) {
            try LottieTestFiles.animation(LottieTestFiles.document(layers: LottieTestFiles.shapeLayer(
                LottieTestFiles.rectangle(), name: "A", ks: #"{"r": {"a": 0, "k": 0, "x": "while (true) {}"}}"#
            )), strict: true)
        }
    }

    @Test func aCycleThroughTwoExpressionsIsReported() throws {
        let a = LottieTestFiles.shapeLayer(LottieTestFiles.rectangle(), name: "A", index: 1, ks: #"{"r": {"a": 0, "k": 1, "x": "thisComp.layer('B').transform.rotation + 1"}}"#)
        let b = LottieTestFiles.shapeLayer(LottieTestFiles.rectangle(), name: "B", index: 2, ks: #"{"r": {"a": 0, "k": 5, "x": "thisComp.layer('A').transform.rotation * 2"}}"#)
        let animation = try LottieTestFiles.animation(LottieTestFiles.document(layers: a + "," + b))
        let cycle = try #require(animation.warnings.first)
        #expect(cycle.feature == "expression cycles")
        #expect(cycle.message.contains("(a cycle)"), "\(cycle.message)")
        // As lottie-web resolves it: the property being evaluated reads as its keyframed value.
        #expect(Self.close(Self.rotation(animation, 0), 1 * 2 + 1))
    }

    @Test func expressionsOffUsesTheKeyframedValue() throws {
        let json = LottieTestFiles.document(layers: LottieTestFiles.shapeLayer(
            LottieTestFiles.rectangle(), name: "A", ks: #"{"r": {"a": 0, "k": 30, "x": "value + 10"}}"#
        ))
        let on = try LottieAnimation(data: Data(json.utf8), file: "on.json")
        let off = try LottieAnimation(data: Data(json.utf8), file: "off.json", expressions: false)
        #expect(Self.close(Self.rotation(on, 0), 40))
        #expect(Self.close(Self.rotation(off, 0), 30))
        #expect(off.warnings.first?.message.contains("expressions are off") == true)
    }
}
