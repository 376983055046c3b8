import CadenceAnimation
import CadenceScene
import Foundation
import Testing

/// Issue 27, class 10: messages that pointed at the wrong thing. Each names the file, the node
/// and key or the line, and says what to do.
@Suite struct ReaderMessageTests {
    func message(of json: String) -> String {
        do {
            _ = try SceneFile.parse(Data(json.utf8), file: "m.json", strict: true)
            return "parsed"
        } catch {
            return error.description
        }
    }

    @Test func aSpringThatNeverSettlesAsksForADuration() {
        let json = """
            {"size": [100, 100], "nodes": [{"type": "Layer", "id": "a", "frame": [0, 0, 10, 10],
             "animations": [{"keyPath": "position.x", "type": "spring", "to": 50, "stiffness": 100, "damping": 0}]}]}
            """
        let text = message(of: json)
        #expect(text.contains("m.json: node 'a': key 'animations[0].duration': the spring never settles"), "\(text)")
        #expect(text.contains("give the animation a duration"), "\(text)")
        #expect(!text.contains("must be a finite number"), "\(text)")
        // With a duration it is a valid (if endless-looking) animation.
        let given = json.replacingOccurrences(of: #""damping": 0"#, with: #""damping": 0, "duration": 1"#)
        #expect(message(of: given) == "parsed")
    }

    @Test func theSwiftSpringFactorySaysTheSame() throws {
        let spring = try Spring(mass: 1, stiffness: 100, damping: 0)
        #expect(throws: AnimationError.self) { try Animation<Double>.spring(from: 0, to: 1, spring: spring) }
        do {
            _ = try Animation<Double>.spring(from: 0, to: 1, spring: spring)
        } catch {
            #expect(error.description.contains("the spring never settles"))
        }
        #expect((try? Animation<Double>.spring(from: 0, to: 1, spring: spring, duration: 2)) != nil)
    }

    @Test(arguments: [
        ("{\"size\": [100, 100],\n \"nodes\": [{\"type\": \"Layer\", \"id\": \"a\", \"frame\": [0, 0, 1e999, 10]}]}", "line 2, column 57: number 1e999 is out of range"),
        ("{\"size\": [10, 10], \"name\": \"1e999 \\\" 9e999\", \"nodes\": [], \"x\": -2E+400}", "line 1, column 64: number -2E+400 is out of range"),
    ])
    func aNumberBeyondADoubleNamesItsLine(json: String, expected: String) {
        let text = message(of: json)
        #expect(text.contains("m.json: not valid JSON: " + expected), "\(text)")
    }

    /// A widget's own layer tree (`customIndicator`) nests below the widget: the 64-level limit
    /// counts through it instead of starting again (which let trees nest without bound).
    @Test func customIndicatorsCountTowardsTheNestingLimit() {
        func nested(_ levels: Int, innermost: String) -> String {
            var node = innermost
            for level in 0..<levels {
                node = #"{"type": "Layer", "id": "l\#(level)", "frame": [0, 0, 10, 10], "sublayers": [\#(node)]}"#
            }
            return node
        }
        func indicator(_ levels: Int) -> String {
            var layer = #"{"type": "Layer", "frame": [0, 0, 4, 4]}"#
            for _ in 0..<levels { layer = #"{"type": "Layer", "frame": [0, 0, 4, 4], "sublayers": [\#(layer)]}"# }
            return #"{"type": "ImageView", "id": "photo", "frame": [0, 0, 10, 10], "attributes": {"indicator": "custom", "customIndicator": \#(layer)}}"#
        }
        // 40 layers above the widget, 30 in its indicator: 70 levels.
        let deep = #"{"size": [100, 100], "nodes": [\#(nested(40, innermost: indicator(30)))]}"#
        let text = message(of: deep)
        #expect(text.contains("nest deeper than 64 levels") || text.contains("nests deeper than 64 levels"), "\(text)")
        // 20 above and 20 inside fit.
        let shallow = #"{"size": [100, 100], "nodes": [\#(nested(20, innermost: indicator(20)))]}"#
        #expect(message(of: shallow) == "parsed")
    }
}
