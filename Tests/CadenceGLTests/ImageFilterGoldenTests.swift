import CadenceDraw
import CadenceEngine
import CadenceScene
import CadenceTesting
import Foundation
import Testing

/// `minificationFilter` and `magnificationFilter` drawn by both backends: the built-in sunset
/// shrunk ten times linear (its hills' edges stepped), trilinear (smooth) and nearest, then
/// enlarged eight times linear and nearest (whole texels as squares; the sun's anti-aliased edge
/// shows as texels between the two colours).
@MainActor
@Suite struct ImageFilterGoldenTests {
    static let json = """
        {"size": [300, 160], "background": "#FFFFFF", "nodes": [
          {"type": "ImageLayer", "id": "small-linear", "frame": [10, 10, 80, 50], "contents": "builtin:sunset", "transform": {"scale": 0.4}},
          {"type": "ImageLayer", "id": "small-trilinear", "frame": [110, 10, 80, 50], "contents": "builtin:sunset",
           "minificationFilter": "trilinear", "transform": {"scale": 0.4}},
          {"type": "ImageLayer", "id": "small-nearest", "frame": [210, 10, 80, 50], "contents": "builtin:sunset",
           "minificationFilter": "nearest", "transform": {"scale": 0.4}},
          {"type": "Layer", "id": "window-linear", "frame": [10, 60, 135, 90], "masksToBounds": true, "sublayers": [
            {"type": "ImageLayer", "id": "big-linear", "position": [-70, 40], "bounds": [320, 200], "contents": "builtin:sunset",
             "transform": {"scale": 8}}]},
          {"type": "Layer", "id": "window-nearest", "frame": [155, 60, 135, 90], "masksToBounds": true, "sublayers": [
            {"type": "ImageLayer", "id": "big-nearest", "position": [-70, 40], "bounds": [320, 200], "contents": "builtin:sunset",
             "magnificationFilter": "nearest", "transform": {"scale": 8}}]}]}
        """

    @Test func imageFiltersMatchTheirGoldenOnBothBackends() throws {
        let scene = try SceneFile.parse(Data(Self.json.utf8), file: "filters.json", strict: true).scene
        let frame = try expectGoldenOnBothBackends(named: "image-filters", width: 300, height: 160) { renderer in
            try renderer.render(scene, at: 0)
        }
        // Enlarged, nearest keeps whole texels: eight-pixel squares of one colour.
        let texel = frame[260, 100]
        #expect(frame[261, 100] == texel || frame[259, 100] == texel)
    }
}
