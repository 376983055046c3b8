import CadenceDraw
import CadenceEngine
import CadenceLottie
import CadenceRender
import CadenceScene
import CadenceTesting
import Foundation
import Testing

/// The Lottie files written for these tests (`LottieFiles/`, one feature each), each as a contact
/// sheet of its two seconds on both backends, and redrawn frame by frame through damage
/// tracking with the same pixels as whole redraws.
@MainActor
@Suite struct LottieGoldenTests {
    let goldens = GoldenCheck()

    nonisolated static let files = [
        "shapes", "trim-paths", "repeater", "gradients", "masks", "mattes", "precompositions", "dashes", "images", "modifiers", "merge-paths", "text",
        "text-animators", "effects", "text-fonts", "expressions", "slots",
    ]
    /// The times each sheet shows: start, quarters, and just before the end (frame 59 of 60).
    static let times = [0, 0.5, 1, 1.5, 59.0 / 30]

    static func animation(_ name: String) throws -> LottieAnimation {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("LottieFiles")
        return try LottieAnimation(contentsOf: folder.appendingPathComponent("\(name).json").path, strict: true)
    }

    /// The CPU backend within 2 levels on all but 0.1 % of the pixels (its frames are the
    /// goldens); GL within the backends' agreement of the same golden.
    @Test(arguments: files, [RenderBackendKind.cpu, .gl])
    func sheetsMatchTheirGoldens(name: String, backend: RenderBackendKind) throws {
        // A recorded golden is the CPU backend's.
        if backend == .gl, GoldenCheck.isRecording { return }
        let scene = Scene(lottie: try Self.animation(name))
        let sheet = try ContactSheet.render(scene: scene, times: Self.times, columns: 5, tile: Size(width: 120, height: 120), backend: backend)
        expectGolden(goldens, sheet, named: "lottie-\(name)", drawnBy: backend)
    }

    /// Slots set from Swift win over the file's own: a colour (on a fill and a stroke), a number
    /// for an animated rotation, a size and an opacity.
    @Test(arguments: [RenderBackendKind.cpu, .gl])
    func slotsSetFromSwiftMatchTheirGolden(backend: RenderBackendKind) throws {
        if backend == .gl, GoldenCheck.isRecording { return }
        var slots = LottieSlots()
        slots.set("accent", json: "[0.9, 0.3, 0.2, 1]")
        slots["spin"] = .number(45)
        slots.set("card-size", json: "[60, 120]")
        slots["card-opacity"] = .number(50)
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("LottieFiles")
        let animation = try LottieAnimation(contentsOf: folder.appendingPathComponent("slots.json").path, strict: true, slots: slots)
        let sheet = try ContactSheet.render(scene: Scene(lottie: animation), times: Self.times, columns: 5, tile: Size(width: 120, height: 120), backend: backend)
        expectGolden(goldens, sheet, named: "lottie-slots-set", drawnBy: backend)
    }

    /// Each frame through damage tracking (and through the damage path alone) equals a whole
    /// redraw: masks, mattes and gradients damage what they cover.
    @Test(arguments: files, [RenderBackendKind.gl, .cpu])
    func damageRedrawMatchesFullRedraw(name: String, backend: RenderBackendKind) throws {
        let scene = Scene(lottie: try Self.animation(name))
        let width = Int(scene.size.width), height = Int(scene.size.height)
        let weighed = try OffscreenRenderer(width: width, height: height, backend: backend)
        let damageOnly = try OffscreenRenderer(width: width, height: height, backend: backend)
        damageOnly.redrawCost = nil
        let full = try OffscreenRenderer(width: width, height: height, backend: backend)
        full.fullRedraw = true
        for frame in stride(from: 0, to: 60, by: 3) {
            let list = try scene.displayList(at: Double(frame) / 30)
            let expected = try full.render(list)
            #expect(try weighed.render(list) == expected, "\(name) frame \(frame) differs")
            #expect(try damageOnly.render(list) == expected, "\(name) frame \(frame) differs on the damage path")
        }
    }

    /// A Lottie frame depends on its time alone: 30 and 60 frames per second give the same
    /// pixels at the times they share, and rendering frames out of order changes nothing.
    @Test func framesDependOnTheirTimeAlone() throws {
        let scene = Scene(lottie: try Self.animation("mattes"))
        let renderer = try OffscreenRenderer(width: Int(scene.size.width), height: Int(scene.size.height), backend: .cpu)
        var inOrder: [RGBAImage] = []
        for frame in 0..<30 {
            let at30 = try renderer.render(try scene.displayList(at: Double(frame) / 30))
            #expect(at30 == (try renderer.render(try scene.displayList(at: Double(2 * frame) / 60))), "frame \(frame)")
            inOrder.append(at30)
        }
        for frame in (0..<30).reversed() {
            #expect(try renderer.render(try scene.displayList(at: Double(frame) / 30)) == inOrder[frame], "frame \(frame) drawn backwards")
        }
    }
}
