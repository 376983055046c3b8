import CadenceGL
import CadencePlatform
import CadenceScene
import CadenceTestSupport
import Foundation
import Testing

private let hasDisplay = ProcessInfo.processInfo.environment["DISPLAY"].map { !$0.isEmpty } ?? false

/// The windowed context draws the same pixels as the headless one. `make test` runs the suite
/// under `xvfb-run`, so these run in CI; without a display they are reported as skipped.
@MainActor
@Suite(.enabled(if: hasDisplay, "needs an X display: run under xvfb-run, as `make test` does"))
struct WindowTests {
    @Test func windowRendersTheDemoGolden() throws {
        let window = try WindowContext(width: 640, height: 360, title: "Cadence window test")
        let size = try #require(window.defaultFramebufferSize)
        #expect(size.width == 640 && size.height == 360)
        #expect(window.rendererDescription.contains("OpenGL 3.3") || window.rendererDescription.contains("OpenGL 4."))
        let renderer = try Renderer()
        try renderer.draw(Scene.demo.displayList(at: 0.25).fitted(to: .init(width: 640, height: 360)), viewport: size)
        let image = try readFramebuffer(width: size.width, height: size.height)
        window.present()
        window.pollEvents()
        let outcome = GoldenCheck().compare(image, named: "demo-0.25s-640x360", tolerance: 2, maxDifferingFraction: 0.001)
        #expect(outcome.passed, "\(outcome.message)")
    }
}
