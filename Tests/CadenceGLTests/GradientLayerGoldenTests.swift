import CadenceDraw
import CadenceEngine
import CadenceScene
import CadenceTesting
import Foundation
import Testing

/// GradientLayer drawn by both backends: axial on a diagonal of a rounded square, radial as an
/// ellipse on a wide layer, conic sweeping clockwise, and the same under a rotation.
@MainActor
@Suite struct GradientLayerGoldenTests {
    static let json = """
        {"size": [360, 240], "background": "#FFFFFF",
         "nodes": [
          {"type": "GradientLayer", "id": "axial", "frame": [10, 10, 100, 100], "cornerRadius": 12,
           "colors": ["#FF3B30", "#FFCC00", "#34C759"], "locations": [0, 0.3, 1], "startPoint": [0, 0], "endPoint": [1, 1]},
          {"type": "GradientLayer", "id": "radial", "frame": [120, 10, 130, 100], "gradientType": "radial",
           "colors": ["#FFFFFF", "#0A84FF", "#1C1C1E"], "startPoint": [0.5, 0.5], "endPoint": [1, 1]},
          {"type": "GradientLayer", "id": "conic", "frame": [260, 10, 90, 100], "gradientType": "conic",
           "colors": ["#FF3B30", "#FFCC00", "#34C759", "#0A84FF", "#FF3B30"], "startPoint": [0.5, 0.5], "endPoint": [1, 0.5]},
          {"type": "GradientLayer", "id": "turned", "position": [120, 175], "bounds": [160, 60], "transform": {"rotation": 0.3},
           "colors": ["#5E5CE6", "#FF2D55"], "startPoint": [0, 0], "endPoint": [1, 1]},
          {"type": "GradientLayer", "id": "faded", "frame": [250, 140, 100, 90], "opacity": 0.5, "gradientType": "radial",
           "colors": ["#FF9500", "#FF950000"], "startPoint": [0.5, 0.5], "endPoint": [0, 0]}]}
        """

    @Test func gradientsMatchTheirGoldenOnBothBackends() throws {
        let scene = try SceneFile.parse(Data(Self.json.utf8), file: "gradients.json", strict: true).scene
        try expectGoldenOnBothBackends(named: "gradient-layers", width: 360, height: 240) { renderer in
            try renderer.render(scene, at: 0)
        }
    }
}
