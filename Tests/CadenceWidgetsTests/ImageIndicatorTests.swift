import CadenceDraw
import CadenceScene
import Foundation
import Testing

/// What Kingfisher's users asked for: an animated image indicator, a custom indicator made of
/// layers (#113, #734), a centre offset and a size strategy.
@Suite struct ImageIndicatorTests {
    static func scene(_ attributes: String, latency: Double = 1) throws -> Scene {
        let json = """
        {"size": [200, 100], "nodes": [{"type": "ImageView", "id": "photo", "frame": [0, 0, 200, 100], "attributes": \(attributes)}],
         "events": [{"at": 0, "target": "photo", "type": "loadImage", "source": "photo", "latency": \(latency)}]}
        """
        return try SceneFile.parse(Data(json.utf8), file: "indicator.json", strict: true).scene
    }

    /// Images named a, b, c: 10×6 each.
    struct Frames: ImageProvider {
        func image(for source: String) -> RGBAImage? {
            ["a", "b", "c"].contains((source as NSString).lastPathComponent) ? RGBAImage(width: 10, height: 6, fill: (0, 0, 0, 255)) : nil
        }
    }

    static func images(_ scene: Scene, at time: Double) throws -> [(name: String, rect: Rect)] {
        try scene.displayList(at: time, images: Frames()).commands.compactMap {
            if case .image(let draw) = $0 { ((draw.key as NSString).lastPathComponent, draw.rect) } else { nil }
        }
    }

    @Test func animatedFramesCycleWithoutEverTrapping() {
        let frames = ["a", "b", "c"]
        #expect([0.0, 0.05, 0.1, 0.25, 0.3, 0.45].map { ImageView.frame(of: frames, duration: 0.1, elapsed: $0) } == ["a", "a", "b", "c", "a", "b"])
        #expect(frames.contains(ImageView.frame(of: frames, duration: 0.1, elapsed: 1e300)))
        #expect(ImageView.frame(of: frames, duration: 0.1, elapsed: .nan) == "a")
        #expect(ImageView.frame(of: frames, duration: 0.1, elapsed: -5) == "a")
        #expect(ImageView.frame(of: frames, duration: 1e-300, elapsed: 1e300) != "")
    }

    @Test func anAnimatedImageIndicatorShowsItsFramesWhileLoading() throws {
        let scene = try Self.scene(#"{"indicator": "image", "indicatorImages": ["a", "b", "c"], "indicatorFrameDuration": 0.2}"#)
        #expect(try Self.images(scene, at: 0.1).map(\.name) == ["a"])
        #expect(try Self.images(scene, at: 0.5).map(\.name) == ["c"])
        #expect(try Self.images(scene, at: 0.7).map(\.name) == ["a"])
        #expect(try Self.images(scene, at: 1.5).isEmpty)  // loaded ("photo" is not among the test images)
    }

    @Test(arguments: [
        (#""intrinsic""#, Rect(x: 95 + 5, y: 47 - 10, width: 10, height: 6)),
        (#""full""#, Rect(x: 0 + 5, y: 0 - 10, width: 200, height: 100)),
        ("[40, 20]", Rect(x: 80 + 5, y: 40 - 10, width: 40, height: 20)),
    ])
    func imageIndicatorsAreSizedAndOffset(size: String, expected: Rect) throws {
        let scene = try Self.scene(#"{"indicator": "image", "indicatorImage": "b", "indicatorCenterOffset": [5, -10], "indicatorSize": \#(size)}"#)
        #expect(try Self.images(scene, at: 0.5).map(\.rect) == [expected])
    }

    @Test func aCustomIndicatorIsALayerTreeCentredWhileLoading() throws {
        let scene = try Self.scene("""
        {"indicator": "custom", "indicatorCenterOffset": [0, 20],
         "customIndicator": {"bounds": [30, 30], "backgroundColor": "#FF9500", "cornerRadius": 8,
                             "sublayers": [{"type": "Layer", "frame": [10, 10, 10, 10], "backgroundColor": "#FFFFFF"}]}}
        """)
        func squares(at time: Double) throws -> [(Rect, CadenceDraw.AffineTransform)] {
            try scene.displayList(at: time).commands.compactMap {
                if case .roundedRect(let shape) = $0, shape.rect.width < 100 { (shape.rect, shape.transform) } else { nil }
            }
        }
        let drawn = try squares(at: 0.5)
        #expect(drawn.count == 2)
        let (rect, transform) = drawn[0]
        let centre = transform.apply(to: Point(x: rect.minX + rect.width / 2, y: rect.minY + rect.height / 2))
        #expect(abs(centre.x - 100) < 1e-9 && abs(centre.y - 70) < 1e-9)  // the view's centre, 20 lower
        #expect(try squares(at: 1.5).isEmpty)
    }

    @Test(arguments: [
        (#"{"indicator": "custom"}"#, "customIndicator"),
        (#"{"indicator": "custom", "customIndicator": {"type": "Circle"}}"#, "customIndicator.type"),
        (#"{"indicator": "custom", "customIndicator": [1]}"#, "customIndicator"),
        (#"{"indicator": "image", "indicatorImages": []}"#, "indicatorImages"),
        (#"{"indicator": "image", "indicatorImages": ["a", 1]}"#, "indicatorImages"),
        (#"{"indicator": "image", "indicatorImages": ["a"], "indicatorFrameDuration": 0}"#, "indicatorFrameDuration"),
        (#"{"indicatorSize": "big"}"#, "indicatorSize"),
        (#"{"indicatorSize": [-1, 2]}"#, "indicatorSize"),
        (#"{"indicatorCenterOffset": [1]}"#, "indicatorCenterOffset"),
    ])
    func badIndicatorOptionsNameFileNodeAndKey(attributes: String, key: String) throws {
        do {
            _ = try Self.scene(attributes)
            Issue.record("no error for \(attributes)")
        } catch {
            let message = "\(error)"
            #expect(message.contains("indicator.json") && message.contains("photo") && message.contains(key), "\(message)")
        }
    }
}
