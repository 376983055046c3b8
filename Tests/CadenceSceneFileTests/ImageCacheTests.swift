import CadenceDraw
import CadenceScene
import Foundation
import Testing

/// A red 4×2 image for any source called `photo` (scene files resolve sources to paths).
private struct Photos: ImageProvider {
    func image(for source: String) -> RGBAImage? {
        (source as NSString).lastPathComponent == "photo" ? RGBAImage(width: 4, height: 2, fill: (255, 0, 0, 255)) : nil
    }
}

/// Kingfisher's loading semantics: one cache for the whole scene, a fade only for downloads, a
/// scripted disk cache.
@Suite struct ImageCacheTests {
    static func scene(_ events: String, attributes: String = "{}") throws -> Scene {
        let json = """
        {"size": [220, 50], "background": "#FFFFFF",
         "nodes": [{"type": "ImageView", "id": "a", "frame": [0, 0, 100, 50], "attributes": \(attributes)},
                   {"type": "ImageView", "id": "b", "frame": [120, 0, 100, 50], "attributes": \(attributes)}],
         "events": [\(events)]}
        """
        return try SceneFile.parse(Data(json.utf8), file: "cache.json", strict: true).scene
    }

    /// The images drawn at `time` inside the view called `id`: key and opacity.
    static func drawn(_ scene: Scene, _ id: String, at time: Double) throws -> [String: Double] {
        let frame = scene.nodes[scene.index(of: id)!].frame
        var result: [String: Double] = [:]
        for case .image(let draw) in try scene.displayList(at: time, images: Photos()).commands
        where draw.rect.minX >= frame.minX && draw.rect.maxX <= frame.maxX {
            result[(draw.key as NSString).lastPathComponent] = draw.alpha
        }
        return result
    }

    static func loads(_ scene: Scene, _ id: String) -> [ImageView.Load] {
        guard case .widget(_, let view as ImageView) = scene.nodes[scene.index(of: id)!] else { return [] }
        return view.loads
    }

    @Test func aSourceOneViewLoadedIsAMemoryHitForAnother() throws {
        let scene = try Self.scene("""
        {"at": 0, "target": "a", "type": "loadImage", "source": "photo", "latency": 0.5},
        {"at": 1, "target": "b", "type": "loadImage", "source": "photo", "latency": 0.5}
        """)
        #expect(Self.loads(scene, "b")[0].cacheType == .memory)
        #expect(try Self.drawn(scene, "b", at: 1) == ["photo": 1])  // at once, no dissolve
        #expect(try Self.drawn(scene, "a", at: 0.6)["photo"]! < 1)  // the download dissolves
    }

    @Test func aLoadStillRunningElsewhereIsNoHit() throws {
        let scene = try Self.scene("""
        {"at": 0, "target": "a", "type": "loadImage", "source": "photo", "latency": 2},
        {"at": 1, "target": "b", "type": "loadImage", "source": "photo", "latency": 0.5}
        """)
        #expect(Self.loads(scene, "b")[0].cacheType == .none)
    }

    @Test func aDiskHitShowsWhenReadWithoutADissolve() throws {
        let scene = try Self.scene(#"{"at": 0, "target": "a", "type": "loadImage", "source": "photo", "latency": 0.3, "cache": "disk"}"#)
        #expect(try Self.drawn(scene, "a", at: 0.2) == [:])  // no placeholder set: only the spinner
        #expect(try Self.drawn(scene, "a", at: 0.3) == ["photo": 1])
        guard case .widget(_, let view as ImageView) = scene.nodes[0] else { Issue.record("not an image view"); return }
        #expect(view.spinner.isAnimating(at: 0.2) && !view.spinner.isAnimating(at: 0.3))
    }

    @Test func aScriptedNetworkLoadDissolvesEvenWhenCached() throws {
        let scene = try Self.scene("""
        {"at": 0, "target": "a", "type": "loadImage", "source": "photo", "latency": 0.1},
        {"at": 1, "target": "b", "type": "loadImage", "source": "photo", "latency": 0.1, "cache": "none"}
        """)
        #expect(abs(try Self.drawn(scene, "b", at: 1.2)["photo"]! - 0.5) < 1e-9)
    }

    @Test func aScriptedMemoryHitIsAtOnce() throws {
        let scene = try Self.scene(#"{"at": 0, "target": "a", "type": "loadImage", "source": "photo", "latency": 3, "cache": "memory"}"#)
        #expect(try Self.drawn(scene, "a", at: 0) == ["photo": 1])
    }

    @Test func forceTransitionDissolvesADiskHit() throws {
        let scene = try Self.scene(#"{"at": 0, "target": "a", "type": "loadImage", "source": "photo", "latency": 0.2, "cache": "disk", "forceTransition": true}"#)
        #expect(abs(try Self.drawn(scene, "a", at: 0.3)["photo"]! - 0.5) < 1e-9)
    }

    @Test func kingfishersOwnDefaultsAreAccepted() throws {
        let scene = try Self.scene(
            #"{"at": 0, "target": "a", "type": "loadImage", "source": "photo", "latency": 0.5}"#,
            attributes: #"{"indicator": "none", "transitionDuration": 0}"#
        )
        #expect(try Self.drawn(scene, "a", at: 0.5) == ["photo": 1])
        guard case .widget(_, let view as ImageView) = scene.nodes[0] else { Issue.record("not an image view"); return }
        #expect(view.indicator == .none && !view.spinner.isAnimating(at: 0.2))
    }

    @Test func aBadCacheIsAnErrorNamingFileNodeAndKey() throws {
        do {
            _ = try Self.scene(#"{"at": 0, "target": "a", "type": "loadImage", "source": "photo", "cache": "ssd"}"#)
            Issue.record("no error")
        } catch {
            let message = "\(error)"
            #expect(message.contains("cache.json") && message.contains("cache") && message.contains("memory, disk or none"), "\(message)")
        }
    }
}
