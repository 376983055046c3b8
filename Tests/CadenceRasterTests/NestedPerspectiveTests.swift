import CadenceDraw
import CadenceRaster
import CadenceRender
import CadenceScene
import CadenceText
import Foundation
import Testing

/// A layer turned under its parent's perspective inside another such layer: a projected picture
/// whose list holds another projected picture. Drawing the inner picture while the outer one is
/// being made once deadlocked the CPU backend (the picture cache's lock was held while a picture
/// was drawn, and drawing asks the same cache again).
@Suite @MainActor struct NestedPerspectiveTests {
    static let scene = """
        {"size": [160, 120], "background": "#1C1C1E", "nodes": [
          {"type": "Layer", "id": "stage", "frame": [0, 0, 160, 120], "sublayerTransform": {"perspective": 300}, "sublayers": [
            {"type": "Layer", "id": "outer", "position": [80, 60], "bounds": [120, 90], "backgroundColor": "#FF9500",
             "transform": {"rotation": {"y": 0.5}}, "sublayerTransform": {"perspective": 200}, "sublayers": [
              {"type": "Layer", "id": "inner", "position": [60, 45], "bounds": [60, 40], "backgroundColor": "#0A84FF",
               "cornerRadius": 8, "transform": {"rotation": {"x": 0.7}}, "sublayerTransform": {"perspective": 150}, "sublayers": [
                {"type": "Layer", "id": "core", "position": [30, 20], "bounds": [20, 14], "backgroundColor": "#34C759",
                 "transform": {"rotation": {"y": -0.6}}}
              ]}
            ]}
          ]}]}
        """

    static func pictures(in list: DisplayList) -> [ProjectedPicture] {
        list.commands.flatMap { command -> [ProjectedPicture] in
            guard case .projected(let picture) = command else { return [] }
            return [picture] + pictures(in: picture.list)
        }
    }

    @Test func nestedProjectedPicturesDrawInEveryBandCount() throws {
        let scene = try SceneFile.parse(Data(Self.scene.utf8), file: "nested.json", strict: true).scene
        let list = try scene.displayList(at: 0, in: DrawContext(fonts: FontLibrary()))
        // Three pictures, each inside the one before.
        #expect(Self.pictures(in: list).count == 3)
        var frames: [RasterCanvas] = []
        for bands in [1, 2, 3, 7] {
            let backend = RasterBackend(width: 160, height: 120, bands: bands)
            // Twice: made, then kept from the frame before.
            try backend.draw(list, damage: nil)
            try backend.draw(list, damage: nil)
            frames.append(backend.canvas)
        }
        for (bands, frame) in zip([2, 3, 7], frames.dropFirst()) {
            #expect(frame == frames[0], "\(bands) bands")
        }
        // The innermost layer shows: some pixel is mostly green.
        let pixels = frames[0].pixels
        let green = stride(from: 0, to: pixels.count, by: 4).contains { pixels[$0 + 1] > 150 && pixels[$0] < 100 && pixels[$0 + 2] < 140 }
        #expect(green)
    }
}
