import CadenceDraw
import CadenceEngine
import CadenceRender
import CadenceScene
import CadenceTesting
import Foundation
import Testing

/// The example scenes of `Examples/scenes`, each as a contact sheet of its animation, and each
/// redrawn frame by frame through damage tracking with the same pixels as whole redraws.
@MainActor
@Suite struct LayerSceneGoldenTests {
    let goldens = GoldenCheck()

    /// The example scenes and the times their sheets show.
    nonisolated static let sheets: [(name: String, times: [Double])] = [
        ("loading-ring", [0, 0.2, 0.4, 0.6, 0.8, 1.0]),
        ("card-flip", [0, 0.5, 0.8, 0.95, 1.2, 1.6]),
        ("toast", [0, 0.3, 0.45, 0.8, 2.2, 2.5]),
        ("heartbeat", [0, 0.1, 0.15, 0.3, 0.45, 0.7]),
        ("checkmark", [0, 0.5, 1.1, 1.3, 1.45, 2.0]),
        ("mask-reveal", [0, 0.3, 0.4, 0.6, 0.9, 1.6]),
        ("skeleton-shimmer", [0, 0.2, 0.4, 0.6, 0.8, 1.0]),
        ("replicator-indicator", [0, 0.25, 0.5, 0.75, 1.0, 1.25]),
        ("paper-plane", [0, 0.5, 0.8, 1.2, 1.6, 2.2]),
        ("confetti", [0, 0.3, 0.6, 1.0, 1.6, 2.4]),
        ("cover-flow", [0, 0.5, 0.8, 1.2, 1.75, 2.5]),
        ("frosted-glass", [0, 0.4, 0.8, 1.2, 1.6, 2]),
    ]

    static func scene(_ name: String) throws -> Scene {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/scenes")
        return try SceneFile.load(path: examples.appendingPathComponent("\(name).json").path, strict: true).scene
    }

    /// The CPU backend within 2 levels on all but 0.1 % of the pixels (its frames are the
    /// goldens); GL within the backends' agreement of the same golden.
    @Test(arguments: sheets.map(\.name), [RenderBackendKind.cpu, .gl])
    func exampleSheetsMatchTheirGoldens(name: String, backend: RenderBackendKind) throws {
        // A recorded golden is the CPU backend's.
        if backend == .gl, GoldenCheck.isRecording { return }
        let times = try #require(Self.sheets.first { $0.name == name }).times
        let scene = try Self.scene(name)
        let sheet = try ContactSheet.render(
            scene: scene, times: times, columns: 3, tile: Size(width: 160, height: 160 * scene.size.height / scene.size.width), backend: backend
        )
        expectGolden(goldens, sheet, named: "layers-\(name)", drawnBy: backend)
    }

    /// Each frame through damage tracking as `render` does it (damage or whole redraw, whichever
    /// is estimated cheaper), and through the damage path alone, equals a whole redraw.
    @Test(arguments: sheets.map(\.name), [RenderBackendKind.gl, .cpu])
    func damageRedrawMatchesFullRedraw(name: String, backend: RenderBackendKind) throws {
        let scene = try Self.scene(name)
        let width = Int(scene.size.width)
        let height = Int(scene.size.height)
        let weighed = try OffscreenRenderer(width: width, height: height, backend: backend)
        let damageOnly = try OffscreenRenderer(width: width, height: height, backend: backend)
        damageOnly.redrawCost = nil
        let full = try OffscreenRenderer(width: width, height: height, backend: backend)
        full.fullRedraw = true
        var partialFrames = 0
        for frame in 0..<75 {
            let list = try scene.displayList(at: Double(frame) / 30)
            let expected = try full.render(list)
            #expect(try weighed.render(list) == expected, "\(name) frame \(frame) differs")
            #expect(try damageOnly.render(list) == expected, "\(name) frame \(frame) differs on the damage path")
            if damageOnly.lastRedrawnPixels < width * height { partialFrames += 1 }
        }
        #expect(partialFrames > 0, "\(name): the damage path never redrew less than the whole frame")
    }

    @Test func thirtyAndSixtyFramesPerSecondAgreeAtSharedTimes() throws {
        let scene = try Self.scene("toast")
        let renderer = try OffscreenRenderer(width: Int(scene.size.width), height: Int(scene.size.height))
        for frame in 0..<30 {
            let at30 = try renderer.render(try scene.displayList(at: Double(frame) / 30))
            let at60 = try renderer.render(try scene.displayList(at: Double(2 * frame) / 60))
            #expect(at30 == at60, "frame \(frame)")
        }
    }
}
