import CadenceDraw
import CadenceScene
import Testing

@Suite struct MotionTests {
    @Test func easesFromStartToEnd() {
        let motion = Motion(offset: Point(x: 100, y: 0), duration: 2)
        #expect(motion.progress(at: 0) == 0)
        #expect(abs(motion.progress(at: 1) - 0.5) < 1e-12)
        #expect(motion.progress(at: 2) == 1)
        #expect(motion.progress(at: 50) == 1)
        #expect(motion.progress(at: 0.2) < 0.2)  // eased in: slow start
    }

    @Test func waitsForItsDelay() {
        let motion = Motion(offset: Point(x: 10, y: 0), duration: 1, delay: 0.5)
        #expect(motion.progress(at: 0.25) == 0)
        #expect(motion.progress(at: 0.5) == 0)
        #expect(motion.progress(at: 1.5) == 1)
    }

    @Test func autoreversesAndRepeats() {
        let motion = Motion(offset: Point(x: 10, y: 0), duration: 1, autoreverses: true, repeats: true)
        #expect(abs(motion.progress(at: 1) - 1) < 1e-12)
        #expect(abs(motion.progress(at: 2)) < 1e-12)
        #expect(abs(motion.progress(at: 0.3) - motion.progress(at: 1.7)) < 1e-12)
        #expect(abs(motion.progress(at: 0.3) - motion.progress(at: 1000.3)) < 1e-9)
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
