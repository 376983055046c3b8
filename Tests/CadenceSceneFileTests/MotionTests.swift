import CadenceDraw
import CadenceScene
import Foundation
import Testing

@Suite struct MotionTests {
    /// How far along the move is, 0 ... 1.
    func progress(_ motion: Motion, at time: Double) -> Double {
        motion.displacement(at: time).x / motion.offset.x
    }

    @Test func easesFromStartToEnd() {
        let motion = Motion(offset: Point(x: 100, y: 0), duration: 2)
        #expect(progress(motion, at: 0) == 0)
        #expect(abs(progress(motion, at: 1) - 0.5) < 1e-12)
        #expect(progress(motion, at: 2) == 1)
        #expect(progress(motion, at: 50) == 1)
        #expect(progress(motion, at: 0.2) < 0.2)  // eased in: slow start
        // A half cosine, as before the shorthand became an animation.
        #expect(abs(progress(motion, at: 0.5) - (1 - cos(Double.pi / 4)) / 2) < 1e-12)
    }

    @Test func waitsForItsDelay() {
        let motion = Motion(offset: Point(x: 10, y: 0), duration: 1, delay: 0.5)
        #expect(progress(motion, at: 0.25) == 0)
        #expect(progress(motion, at: 0.5) == 0)
        #expect(progress(motion, at: 1.5) == 1)
    }

    @Test func autoreversesAndRepeats() {
        let motion = Motion(offset: Point(x: 10, y: 0), duration: 1, autoreverses: true, repeats: true)
        #expect(abs(progress(motion, at: 1) - 1) < 1e-12)
        #expect(abs(progress(motion, at: 2)) < 1e-12)
        #expect(abs(progress(motion, at: 0.3) - progress(motion, at: 1.7)) < 1e-12)
        #expect(abs(progress(motion, at: 0.3) - progress(motion, at: 1000.3)) < 1e-9)
    }

    @Test func theShorthandIsTheLayerAnimationItNames() throws {
        let shorthand = try SceneFile.parse(Data("""
        {"size": [200, 100], "nodes": [{"type": "RoundedRect", "id": "a", "frame": [0, 0, 10, 10],
          "motion": {"by": [100, 20], "duration": 1, "delay": 0.25, "autoreverses": true}}]}
        """.utf8), file: "m.json", strict: true).scene
        let layer = try SceneFile.parse(Data("""
        {"size": [200, 100], "nodes": [{"type": "Layer", "id": "a", "frame": [0, 0, 10, 10], "anchorPoint": [0, 0], "backgroundColor": "#FFFFFF",
          "animations": [{"keyPath": "position", "by": [100, 20], "additive": true, "timingFunction": "easeInOutSine",
                          "beginTime": 0.25, "duration": 1, "autoreverses": true, "fillMode": "forwards"}]}]}
        """.utf8), file: "l.json", strict: true).scene
        for time in stride(from: 0.0, through: 3, by: 0.125) {
            #expect(try shorthand.displayList(at: time) == layer.displayList(at: time), "t = \(time)")
        }
    }

    @Test func isAPureFunctionOfTime() throws {
        let scene = Scene.demo
        let late = try scene.displayList(at: 1.75)
        _ = try scene.displayList(at: 0.1)
        #expect(try scene.displayList(at: 1.75) == late)
    }

    @Test func demoMovesBetweenFrames() throws {
        let scene = Scene.demo
        for frame in 0..<30 {
            #expect(try scene.displayList(at: Double(frame) / 60) != scene.displayList(at: Double(frame + 1) / 60))
        }
    }

    @Test func shapeFollowsMotion() {
        var node = ShapeNode(id: "a", frame: Rect(x: 10, y: 20, width: 30, height: 40))
        node.motion = Motion(offset: Point(x: 100, y: -20), duration: 1)
        #expect(node.shape(at: 1).rect == Rect(x: 110, y: 0, width: 30, height: 40))
        #expect(node.shape(at: 0).rect == node.frame)
    }
}
