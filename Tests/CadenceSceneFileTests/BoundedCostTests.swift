import CadenceDraw
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

/// Issue 27, class 8: a path's cost follows what can show. A stroked path of 3,000 far-flung cubics
/// was 3 million flattened points and as many stroke polygons for a 160×90 frame (30,000 took
/// 34 s and 8.7 GiB); a filled one of 1,500 half a million.
@Suite struct PathCostTests {
    /// `count` cubics with every coordinate a whole million between −9·10⁶ and 9·10⁶.
    static func farFlung(_ count: Int) -> String {
        var state: UInt64 = 12345
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % 19 - 9
        }
        return "M0 0" + (0..<count).map { _ in "C\((0..<6).map { _ in "\(next())e6" }.joined(separator: " "))" }.joined()
    }

    static func points(_ list: DisplayList) -> Int {
        list.commands.reduce(0) { total, command in
            guard case .path(let path) = command else { return total }
            return total + path.contours.reduce(0) { $0 + $1.count }
        }
    }

    @Test(arguments: [true, false])
    func farFlungPathsCostWhatShows(stroked: Bool) throws {
        let paint = stroked ? ##""fillColor": "#00000000", "strokeColor": "#FF0000", "lineWidth": 2"## : ##""fillColor": "#336699""##
        let json = #"{"size": [160, 90], "nodes": [{"type": "ShapeLayer", "id": "p", "frame": [0, 0, 160, 90], "path": "\#(Self.farFlung(3000))", \#(paint)}]}"#
        let scene = try SceneFile.parse(Data(json.utf8), file: "p.json", strict: true).scene
        let list = try scene.displayList(at: 0)
        #expect(Self.points(list) > 0)
        #expect(Self.points(list) < 400_000, "\(Self.points(list)) points")
    }
}
