import CadenceDraw
import CadenceEngine
import CadenceScene
import CadenceTesting
import Foundation
import Testing

/// The image view at key times, with the engine's image store (the built-in sunset).
@MainActor
@Suite struct ImageViewGoldenTests {
    static let json = """
    {"size": [200, 140], "background": "#FFFFFF",
     "nodes": [{"type": "ImageView", "id": "photo", "frame": [10, 10, 180, 120],
                "attributes": {"contentMode": "scaleAspectFill", "spinnerStyle": "large"}}],
     "events": [{"at": 0.1, "target": "photo", "type": "loadImage", "source": "builtin:sunset", "latency": 0.5},
                {"at": 2.0, "target": "photo", "type": "loadImage", "source": "builtin:sunset", "latency": 0.5}]}
    """

    @Test(arguments: [
        (0.35, "image-placeholder"), (0.7, "image-mid-dissolve"), (1.5, "image-loaded"), (2.0, "image-cached-no-dissolve"),
    ])
    func imageViewAtKeyTimes(time: Double, name: String) throws {
        let scene = try SceneFile.parse(Data(Self.json.utf8), file: "image.json", strict: true).scene
        let store = ImageStore()
        store.prefetch(scene.imageSources)
        try expectGoldenOnBothBackends(named: name, width: 200, height: 140, tolerance: 2, maxDifferingFraction: 0.002) { renderer in
            try renderer.render(try scene.displayList(at: time, images: store))
        }
    }

    /// Three views sharing the scene's cache: `a` downloads the sunset (0.1 s, 0.5 s latency), `b`
    /// loads it at 1.0 s (a memory hit: at once), `c` reads it from disk (0.6 s, 0.4 s read).
    static let sharedJSON = """
    {"size": [300, 100], "background": "#FFFFFF",
     "nodes": [{"type": "ImageView", "id": "a", "frame": [5, 10, 90, 80], "attributes": {"contentMode": "scaleAspectFill"}},
               {"type": "ImageView", "id": "b", "frame": [105, 10, 90, 80], "attributes": {"contentMode": "scaleAspectFill"}},
               {"type": "ImageView", "id": "c", "frame": [205, 10, 90, 80], "attributes": {"contentMode": "scaleAspectFill"}}],
     "events": [{"at": 0.1, "target": "a", "type": "loadImage", "source": "builtin:sunset", "latency": 0.5},
                {"at": 0.6, "target": "c", "type": "loadImage", "source": "builtin:sunset", "latency": 0.4, "cache": "disk"},
                {"at": 1.0, "target": "b", "type": "loadImage", "source": "builtin:sunset", "latency": 0.5}]}
    """

    /// At 0.8 s: `a` has finished its dissolve, `b` is empty, `c` spins while reading. At 1.0 s:
    /// all three show the whole image (`b` from memory at once, `c` from disk with no dissolve).
    @Test(arguments: [(0.8, "image-shared-cache-0.8s"), (1.0, "image-shared-cache-1.0s")])
    func theCacheIsSharedAndCacheHitsDoNotDissolve(time: Double, name: String) throws {
        let scene = try SceneFile.parse(Data(Self.sharedJSON.utf8), file: "shared.json", strict: true).scene
        let store = ImageStore()
        store.prefetch(scene.imageSources)
        try expectGoldenOnBothBackends(named: name, width: 300, height: 100, tolerance: 2, maxDifferingFraction: 0.002) { renderer in
            try renderer.render(try scene.displayList(at: time, images: store))
        }
    }

    /// Download progress (Kingfisher #230): left a ring at 40 %, right the percentage at 75 %,
    /// each over its placeholder-less background while the load runs.
    @Test func theProgressIndicatorShowsTheReportedFraction() throws {
        let json = """
        {"size": [300, 100], "background": "#FFFFFF",
         "nodes": [{"type": "ImageView", "id": "ring", "frame": [5, 10, 140, 80], "attributes": {"indicator": "progress"}},
                   {"type": "ImageView", "id": "text", "frame": [155, 10, 140, 80], "attributes": {"indicator": "progress", "progressStyle": "percentage"}}],
         "events": [{"at": 0, "target": "ring", "type": "loadImage", "source": "builtin:sunset", "latency": 2},
                    {"at": 0, "target": "text", "type": "loadImage", "source": "builtin:sunset", "latency": 2},
                    {"at": 0.5, "target": "ring", "type": "progress", "fraction": 0.4},
                    {"at": 0.5, "target": "text", "type": "progress", "fraction": 0.75}]}
        """
        let scene = try SceneFile.parse(Data(json.utf8), file: "progress.json", strict: true).scene
        let store = ImageStore()
        store.prefetch(scene.imageSources)
        try expectGoldenOnBothBackends(named: "image-progress-ring-and-percentage", width: 300, height: 100, tolerance: 2, maxDifferingFraction: 0.002) { renderer in
            try renderer.render(try scene.displayList(at: 1, images: store))
        }
    }

    /// A custom indicator (Kingfisher #113, #734): a layer tree — an orange rounded square with a
    /// white square inside — turning a quarter turn a second on the scene's clock, centred 12
    /// points below the view's centre; at 0.5 s it has turned 45°.
    @Test func aCustomLayerIndicatorTurnsCentredWithItsOffset() throws {
        let json = """
        {"size": [200, 140], "background": "#FFFFFF",
         "nodes": [{"type": "ImageView", "id": "photo", "frame": [10, 10, 180, 120],
                    "attributes": {"indicator": "custom", "indicatorCenterOffset": [0, 12],
                                   "customIndicator": {"bounds": [40, 40], "backgroundColor": "#FF9500", "cornerRadius": 8,
                                     "sublayers": [{"type": "Layer", "frame": [14, 14, 12, 12], "backgroundColor": "#FFFFFF"}],
                                     "animations": [{"keyPath": "transform.rotation", "from": 0, "to": 1.5708, "duration": 1, "timingFunction": "linear",
                                                     "repeatCount": "infinity"}]}}}],
         "events": [{"at": 0, "target": "photo", "type": "loadImage", "source": "builtin:sunset", "latency": 2}]}
        """
        let scene = try SceneFile.parse(Data(json.utf8), file: "custom.json", strict: true).scene
        let store = ImageStore()
        store.prefetch(scene.imageSources)
        try expectGoldenOnBothBackends(named: "image-custom-indicator", width: 200, height: 140, tolerance: 2, maxDifferingFraction: 0.002) { renderer in
            try renderer.render(try scene.displayList(at: 0.5, images: store))
        }
    }
}
