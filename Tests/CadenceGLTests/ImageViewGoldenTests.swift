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
        let image = try OffscreenRenderer(width: 200, height: 140).render(try scene.displayList(at: time, images: store))
        let outcome = GoldenCheck().compare(image, named: name, tolerance: 2, maxDifferingFraction: 0.002)
        #expect(outcome.passed, "\(outcome.message)")
    }
}
