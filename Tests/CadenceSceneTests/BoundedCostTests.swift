import CadenceScene
import Foundation
import Testing

/// Issue 27, class 8: costs that grew faster than the input. Events find their layers through
/// one index of the tree (10,000 `setValue` events over 10,000 layers took over two minutes to
/// read, one tree search per event); a trace numbers its threads by dictionary; a grapheme
/// cluster keeps at most `maximumCombiningRun` combining marks.
@Suite struct BoundedCostTests {
    @Test func locationsFindEveryLayerAsOneSearchWould() throws {
        let json = """
            {"size": [100, 100], "nodes": [
              {"type": "Layer", "id": "a", "frame": [0, 0, 10, 10], "sublayers": [
                {"type": "Layer", "id": "b", "frame": [0, 0, 5, 5], "sublayers": [{"type": "Layer", "id": "c", "frame": [0, 0, 1, 1]}]},
                {"type": "Layer", "id": "d", "frame": [0, 0, 5, 5]}]},
              {"type": "RoundedRect", "id": "w", "frame": [0, 0, 10, 10]}]}
            """
        let scene = try SceneFile.parse(Data(json.utf8), file: "l.json", strict: true).scene
        let locations = scene.locations()
        #expect(Set(locations.keys) == ["a", "b", "c", "d", "w"])
        for (id, location) in locations {
            let searched = try #require(scene.location(of: id))
            #expect(searched.node == location.node && searched.path == location.path, "\(id)")
        }
    }

    @Test func manyEventsOverManyLayersAllApply() throws {
        let count = 2000
        let layers = (0..<count).map { #"{"type": "Layer", "id": "l\#($0)", "frame": [0, 0, 2, 2]}"# }.joined(separator: ",")
        let events = (0..<count).map {
            #"{"at": \#(Double($0) / 1000), "target": "l\#($0)", "type": "setValue", "keyPath": "position.y", "value": \#($0 % 90), "animated": false}"#
        }.joined(separator: ",")
        let json = #"{"size": [100, 100], "nodes": [\#(layers)], "events": [\#(events)]}"#
        let scene = try SceneFile.parse(Data(json.utf8), file: "e.json", strict: true).scene
        for index in [0, 1, 999, count - 1] {
            let layer = try #require(scene.layer(id: "l\(index)"))
            #expect(layer.presentation(at: 10, motion: .init(profile: .full)).properties.position.y == Double(index % 90))
        }
    }

    @Test func combiningMarksBeyondTheRunLimitAreDropped() {
        let mark = "\u{0301}"
        let zalgo = "a" + String(repeating: mark, count: 50_000) + "b" + String(repeating: mark, count: 3)
        let limited = SceneFile.limitingCombiningMarks(zalgo)
        #expect(limited == "a" + String(repeating: mark, count: SceneFile.maximumCombiningRun) + "b" + String(repeating: mark, count: 3))
        let ordinary = "Crème brûlée, 日本語, e\u{0301}\u{0323}"
        #expect(SceneFile.limitingCombiningMarks(ordinary) == ordinary)
    }
}
