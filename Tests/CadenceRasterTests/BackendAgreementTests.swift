import CadenceDraw
import CadenceEngine
import CadenceImage
import CadenceRaster
import CadenceScene
import Foundation
import Testing

/// The CPU backend draws what the GL backend draws: for the demo and every example scene, each
/// frame within a mean absolute difference of 0.5 (of 255, over all channels) and at most 0.5 %
/// of pixels differing by more than 8 in any channel.
@Suite @MainActor struct BackendAgreementTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/scenes")

    static func scene(_ name: String) throws -> Scene {
        if name == "demo" { return Scene.demo }
        let path = examples.appendingPathComponent(name).path
        return try SceneFile.parse(try Data(contentsOf: URL(fileURLWithPath: path)), file: path, strict: false).scene
    }

    /// How far two frames are apart: mean absolute difference over all channels, and the share
    /// of pixels with a channel more than 8 apart.
    static func difference(_ a: RGBAImage, _ b: RGBAImage) -> (mean: Double, far: Double) {
        var total = 0
        var far = 0
        for pixel in 0..<(a.width * a.height) {
            var farHere = false
            for channel in 0..<4 {
                let d = abs(Int(a.pixels[pixel * 4 + channel]) - Int(b.pixels[pixel * 4 + channel]))
                total += d
                if d > 8 { farHere = true }
            }
            if farHere { far += 1 }
        }
        let pixels = Double(max(a.width * a.height, 1))
        return (Double(total) / (pixels * 4), Double(far) / pixels)
    }

    @Test(arguments: ["demo", "heartbeat.json", "loading-ring.json", "checkmark.json", "toast.json", "card-flip.json", "cover-flow.json", "frosted-glass.json"])
    func bothBackendsDrawTheSameFrames(name: String) throws {
        let scene = try Self.scene(name)
        let width = Int(scene.size.width), height = Int(scene.size.height)
        let gl = try OffscreenRenderer(width: width, height: height)
        let raster = RasterRenderer()
        let context = DrawContext.loading(scene)
        // Images load off the main thread: let them arrive so both backends see the same list.
        Thread.sleep(forTimeInterval: 0.2)
        for time in [0.0, 0.6, 1.45, 2.6] {
            let list = try scene.displayList(at: time, in: context).fitted(to: Size(width: Double(width), height: Double(height)))
            let expected = try gl.render(list)
            var canvas = RasterCanvas(width: width, height: height)
            try raster.draw(list, into: &canvas)
            let actual = canvas.straightImage
            let (mean, far) = Self.difference(expected, actual)
            if let folder = ProcessInfo.processInfo.environment["CADENCE_RASTER_DUMP"] {
                try expected.writePNG(to: "\(folder)/\(name)-\(time)-gl.png")
                try actual.writePNG(to: "\(folder)/\(name)-\(time)-cpu.png")
            }
            #expect(mean <= 0.5 && far <= 0.005, "\(name) at \(time) s: mean difference \(mean), \(far * 100) % of pixels over 8")
        }
    }
}
