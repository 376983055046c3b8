import CadenceAnimation
import CadenceDraw
import CadenceScene
import CadenceText
import Foundation
import Testing

/// A scene drawn at another size is fitted as it is drawn (each command once, the fit at the
/// root of the transform the layers pass down, a widget's commands fitted after it draws them):
/// the list is the one the scene gives at its own size, fitted afterwards, command for command.
@Suite struct FittingTests {
    static let targets = [Size(width: 640, height: 360), Size(width: 300, height: 500), Size(width: 2560, height: 1000), Size(width: 1, height: 1)]

    static func scenes() throws -> [Scene] {
        var scenes = [Scene.demo, Scene.stress(count: 40)]
        // Not the 3-D examples: a layer turned under perspective is drawn into a picture at the
        // resolution the frame shows it at, which fitting afterwards cannot give
        // (`projectedPicturesAreDrawnAtTheFittedResolution`).
        for name in ["toast", "mask-reveal", "heartbeat", "loading-ring", "checkmark"] {
            scenes.append(try SceneFile.load(path: examples.appendingPathComponent(name + ".json").path).scene)
        }
        return scenes
    }

    @Test func fittingAsItDrawsGivesTheListFittedAfter() throws {
        for scene in try Self.scenes() {
            for time in stride(from: 0.0, through: 3.0, by: 0.35) {
                let whole = try scene.displayList(at: time, in: DrawContext(fonts: FontLibrary.shared))
                for target in Self.targets + [scene.size] {
                    let folded = try scene.displayList(at: time, size: target, in: DrawContext(fonts: FontLibrary.shared))
                    #expect(folded == whole.fitted(to: target), "\(scene.name) at \(time) s fitted to \(target)")
                }
            }
        }
    }

    @Test func theFitScalesUniformlyAndCentres() throws {
        let fit = try #require(FrameFit(from: Size(width: 200, height: 100), to: Size(width: 100, height: 100)))
        #expect(fit.scale == 0.5 && fit.dx == 0 && fit.dy == 25)
        #expect(FrameFit(from: Size(width: 200, height: 100), to: Size(width: 200, height: 100)) == nil)
        #expect(FrameFit(from: Size(width: 0, height: 100), to: Size(width: 200, height: 100)) == nil)
        let run = GlyphRun(font: GlyphFont(path: "f.ttf", faceIndex: 0, pixelSize: 20), glyphs: [1], positions: [Point(x: 10, y: 20)], color: .black)
        guard case .glyphs(let fitted) = fit.apply(.glyphs(run)) else {
            Issue.record("a glyph run stays a glyph run")
            return
        }
        // Untransformed text is drawn at the fitted size, not scaled as a bitmap.
        #expect(fitted.font.pixelSize == 10 && fitted.positions == [Point(x: 5, y: 35)] && fitted.transform.isIdentity)
    }
}
