import CadenceAnimation
import CadenceDraw
import CadenceEngine
import CadenceRender
import CadenceScene
import CadenceTesting
import Testing

/// The demo under each motion profile, as contact sheets: `full` bounces, counts and slides;
/// `reduced` cross-fades the placeholders in place, cross-fades the counter, holds the pill and
/// keeps the image's dissolve; `none` shows every end state at once.
@MainActor
@Suite struct MotionGoldenTests {
    let goldens = GoldenCheck()

    /// The times the sheets show: typing starts at 0.4 s, the image is ready at 1.2 s (dissolving
    /// to 1.4 s), the Chinese field is typed into from 1.0 s.
    static let times = [0.3, 0.6, 0.9, 1.3, 1.6, 2.4]

    @Test(arguments: MotionProfile.allCases)
    func demoSheetUnderEachProfileMatchesItsGolden(profile: MotionProfile) throws {
        var scene = Scene.demo
        scene.motion = profile
        let sheet = try ContactSheet.render(scene: scene, times: Self.times, columns: 3, tile: Size(width: 320, height: 180), backend: .cpu)
        expectGolden(goldens, sheet, named: "motion-demo-\(profile.rawValue)", drawnBy: .cpu)
        guard !GoldenCheck.isRecording else { return }
        let gl = try ContactSheet.render(scene: scene, times: Self.times, columns: 3, tile: Size(width: 320, height: 180), backend: .gl)
        expectGLAgreesWithGolden(goldens, gl, named: "motion-demo-\(profile.rawValue)")
    }

    @Test func reducedMotionChangesNoFrameOnceEverythingHasSettled() throws {
        // The pill repeats for ever (held at its start under reduced and none), so compare a demo without it.
        var settled = Scene.demo
        settled.nodes.removeAll { $0.id == "pill" }
        let renderer = try OffscreenRenderer(width: 640, height: 360)
        let full = try renderer.render(settled.displayList(at: 3).fitted(to: Size(width: 640, height: 360)))
        for profile in [MotionProfile.reduced, .none] {
            settled.motion = profile
            #expect(try renderer.render(settled.displayList(at: 3).fitted(to: Size(width: 640, height: 360))) == full, "\(profile)")
        }
    }
}
