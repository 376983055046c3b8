import CadenceDraw
import CadenceScene
import Testing

@Suite struct ActivityIndicatorTests {
    func spinner(_ look: ActivityIndicator.Look = .modern) -> ActivityIndicator {
        var spinner = ActivityIndicator(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        spinner.look = look
        return spinner
    }

    @Test func stepsOneTickEvery125MillisecondsFromItsStart() {
        var indicator = spinner()
        indicator.startAnimating(at: 1)
        #expect(indicator.headTick(at: 1) == 0)
        #expect(indicator.headTick(at: 1.124) == 0)
        #expect(indicator.headTick(at: 1.125) == 1)
        #expect(indicator.headTick(at: 1.9) == 7)
        #expect(indicator.headTick(at: 2) == 0)  // one revolution a second
    }

    @Test func classicHasTwelveTicks() {
        var indicator = spinner(.classic)
        indicator.startAnimating(at: 0)
        #expect(indicator.tickCount == 12)
        #expect(indicator.headTick(at: 0.5) == 6)
        var list = DisplayList(size: Size(width: 40, height: 40), background: .white)
        indicator.draw(at: 0, into: &list)
        #expect(list.commands.count == 12)
        guard case .line(let head)? = list.commands.first, case .line(let next)? = list.commands.dropFirst().first,
              case .line(let last)? = list.commands.last else { Issue.record("no ticks"); return }
        #expect(head.color == Color(hex: "#9D9D9D"))
        #expect(last.color != head.color && next.color != head.color)
    }

    @Test func startAndStopAreReferenceCounted() {
        var indicator = spinner()
        indicator.startAnimating(at: 0)
        indicator.startAnimating(at: 1)
        indicator.stopAnimating(at: 2)
        #expect(indicator.isAnimating(at: 2.5))
        indicator.stopAnimating(at: 3)
        #expect(!indicator.isAnimating(at: 3))
        indicator.stopAnimating(at: 4)  // an extra stop is ignored
        indicator.startAnimating(at: 5)
        #expect(indicator.isAnimating(at: 5))
        #expect(indicator.animation(at: 5.5).since == 5)
    }

    @Test func hidesWhenStoppedUnlessTold() {
        var indicator = spinner()
        var list = DisplayList(size: Size(width: 40, height: 40), background: .white)
        indicator.draw(at: 0, into: &list)
        #expect(list.commands.isEmpty)
        indicator.hidesWhenStopped = false
        indicator.draw(at: 0, into: &list)
        #expect(list.commands.count == 8)
    }

    @Test func modernTicksFollowTheReference() {
        var indicator = spinner()
        indicator.startAnimating(at: 0)
        var list = DisplayList(size: Size(width: 40, height: 40), background: .white)
        indicator.draw(at: 0.3, into: &list)  // head at tick 2
        let lines = list.commands.compactMap { command -> Line? in
            if case .line(let line) = command { return line }
            return nil
        }
        #expect(lines.count == 8)
        let alphas = lines.map { ($0.color.alpha * 255).rounded() }
        // Tick 2 is the head; tick 1 is one behind, tick 0 two behind, tick 7 three behind ...
        #expect(alphas[2] == 147 && alphas[1] == 122 && alphas[0] == 97 && alphas[7] == 72 && alphas[3] == 47)
        #expect(lines.allSatisfy { $0.width == 2 })
        // Tick 0 points straight up from the centre (20, 20), within r/3 ... r of it.
        let up = lines[0]
        #expect(abs(up.start.x - 20) < 1e-9 && abs(up.end.x - 20) < 1e-9)
        #expect(up.end.y < up.start.y)
        #expect(abs((20 - up.end.y) + 1 - 10) < 1e-9 && abs((20 - up.start.y) - 1 - 10.0 / 3) < 1e-9)
        // Clockwise: tick 2 (a quarter turn) points right.
        #expect(lines[2].end.x > 20 && abs(lines[2].end.y - 20) < 1e-9)
    }

    @Test func darkAppearanceAndLargeStyle() {
        var indicator = spinner()
        indicator.appearance = .dark
        indicator.style = .large
        indicator.startAnimating(at: 0)
        var list = DisplayList(size: Size(width: 40, height: 40), background: .black)
        indicator.draw(at: 0, into: &list)
        guard case .line(let tick)? = list.commands.first else { Issue.record("no ticks"); return }
        #expect(abs(tick.color.red - Color(hex: "#EBEBF5")!.red) < 1e-9)
        #expect(abs(tick.width - 3.7) < 1e-9)
    }
}
