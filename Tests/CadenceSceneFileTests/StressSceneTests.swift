import CadenceDraw
import CadenceScene
import Testing

/// `Scene.stress(count:)`, the scene of `cadence bench render --scene stress:N`.
@Suite struct StressSceneTests {
    @Test func countRectanglesOfFortyByTwentyFourOnTheCanvas() throws {
        let scene = Scene.stress(count: 50)
        #expect(scene.name == "stress:50")
        #expect(scene.size == Size(width: 1280, height: 720))
        let canvas = Rect(x: 0, y: 0, width: 1280, height: 720)
        for time in [0.0, 0.5, 1.0, 2.0, 3.3] {
            let list = try scene.displayList(at: time)
            #expect(list.commands.count == 50)
            for command in list.commands {
                guard case .roundedRect(let shape) = command else {
                    Issue.record("expected only rounded rectangles, got \(command)")
                    return
                }
                #expect(shape.rect.width == 40 && shape.rect.height == 24)
                #expect(shape.fill.alpha == 1 && shape.cornerRadius == 6)
                let r = shape.rect
                #expect(r.minX >= canvas.minX && r.minY >= canvas.minY && r.maxX <= canvas.maxX && r.maxY <= canvas.maxY,
                        "\(r) at \(time) s leaves the canvas")
            }
        }
    }

    @Test func everyRectangleMovesEveryFrameAtSixtyFramesPerSecond() throws {
        let scene = Scene.stress(count: 200)
        var previous = try scene.displayList(at: 0).commands
        for frame in 1...130 {
            let commands = try scene.displayList(at: Double(frame) / 60).commands
            for (now, before) in zip(commands, previous) {
                #expect(now != before, "a rectangle stood still in frame \(frame)")
            }
            previous = commands
        }
    }

    @Test func theSameCountGivesTheSameScene() throws {
        #expect(try Scene.stress(count: 30).displayList(at: 0.7).commands == (try Scene.stress(count: 30).displayList(at: 0.7)).commands)
        #expect(try Scene.stress(count: 30).displayList(at: 0.7).commands.prefix(10) == (try Scene.stress(count: 10).displayList(at: 0.7)).commands[...])
    }
}
