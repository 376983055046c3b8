#if canImport(Glibc)
import Glibc
#endif
import CadenceDraw
import CadenceScene
import CadenceText
import Foundation
import Testing

/// The download-progress indicator (Kingfisher #230), driven by scripted `progress` events.
@Suite struct ImageProgressTests {
    static func scene(style: String = "ring", events: String? = nil) throws -> Scene {
        let json = """
        {"size": [200, 100], "nodes": [{"type": "ImageView", "id": "photo", "frame": [0, 0, 200, 100],
           "attributes": {"indicator": "progress", "progressStyle": "\(style)"}}],
         "events": [\(events ?? """
        {"at": 0, "target": "photo", "type": "loadImage", "source": "photo", "latency": 1},
        {"at": 0.3, "target": "photo", "type": "progress", "fraction": 0.4},
        {"at": 0.6, "target": "photo", "type": "progress", "fraction": 0.75}
        """)]}
        """
        return try SceneFile.parse(Data(json.utf8), file: "progress.json", strict: true).scene
    }

    static func view(_ scene: Scene) throws -> ImageView {
        guard case .widget(_, let view as ImageView) = scene.nodes[0] else { throw SceneError(file: "progress.json", message: "not an image view") }
        return view
    }

    @Test func theFractionIsTheLastReportWhileLoading() throws {
        let view = try Self.view(Self.scene())
        #expect(view.indicator == .progress(.ring))
        #expect(view.loadingProgress(at: 0.2) == 0)
        #expect(view.loadingProgress(at: 0.3) == 0.4)
        #expect(view.loadingProgress(at: 0.9) == 0.75)
        #expect(view.loadingProgress(at: 1.0) == nil)  // loaded: no indicator
    }

    @Test func theRingFillsClockwiseFromTwelveThroughTheFraction() throws {
        let list = try Self.scene().displayList(at: 0.3)
        let paths = list.commands.compactMap { if case .path(let fill) = $0 { fill } else { nil } }
        #expect(paths.count == 2)  // the track and the fill
        let fill = try #require(paths.last?.contours.first)
        let first = fill[0]
        let endOfOuterArc = fill[fill.count / 2 - 1]
        func angle(_ p: Point) -> Double { atan2(p.y - 50, p.x - 100) }
        #expect(abs(angle(first) + Double.pi / 2) < 1e-9)  // twelve o'clock
        #expect(abs(angle(endOfOuterArc) - (-Double.pi / 2 + 2 * Double.pi * 0.4)) < 1e-9)
        #expect(abs(hypot(first.x - 100, first.y - 50) - 18) < 1e-9)
    }

    @Test func thePercentageShowsWholePercent() throws {
        #expect(ImageView.percentageText(0.4) == "40%")
        #expect(ImageView.percentageText(0.999) == "100%")
        #expect(ImageView.percentageText(.nan) == "0%")
        let list = try Self.scene(style: "percentage").displayList(at: 0.7)
        let glyphs = list.commands.filter { if case .glyphs = $0 { true } else { false } }
        #expect(!glyphs.isEmpty)
        #expect(try Self.scene(style: "percentage").displayList(at: 1.5).commands.allSatisfy { if case .glyphs = $0 { false } else { true } })
    }

    @Test(arguments: [
        (#"{"at": 0, "target": "photo", "type": "progress", "fraction": 1.5}"#, "fraction"),
        (#"{"at": 0, "target": "photo", "type": "progress"}"#, "fraction"),
        (#"{"at": 0, "target": "photo", "type": "progress", "fraction": "half"}"#, "fraction"),
    ])
    func badProgressEventsNameTheKey(event: String, key: String) throws {
        do {
            _ = try Self.scene(events: event)
            Issue.record("no error")
        } catch {
            #expect("\(error)".contains("progress.json") && "\(error)".contains(key), "\(error)")
        }
    }

    @Test func aBadProgressStyleIsAnError() throws {
        do {
            _ = try Self.scene(style: "bar")
            Issue.record("no error")
        } catch {
            #expect("\(error)".contains("progressStyle") && "\(error)".contains("photo"), "\(error)")
        }
    }
}
