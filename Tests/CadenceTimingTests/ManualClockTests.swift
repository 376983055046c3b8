import CadenceTiming
import Testing

@Suite struct ManualClockTests {
    @Test func aMillionFramesLandExactlyOnTheGrid() throws {
        var clock = try ManualClock(fps: 60)
        var accumulated = 0.0
        for _ in 0..<1_000_000 {
            clock.advance()
            accumulated += 1.0 / 60
        }
        #expect(clock.frameIndex == 1_000_000)
        #expect(clock.now == 1_000_000.0 / 60)
        // What the clock avoids: repeated addition has drifted off the grid by now.
        #expect(accumulated != clock.now)
    }

    @Test(arguments: [24.0, 30, 60, 120, 29.97])
    func frameTimesComeFromTheIndex(fps: Double) throws {
        let clock = try ManualClock(fps: fps)
        for index in [0, 1, 7, 1000, 123_456] {
            #expect(clock.time(ofFrame: index) == Double(index) / fps)
        }
    }

    @Test func frameCountRoundsToWholeFrames() throws {
        let clock = try ManualClock(fps: 60)
        #expect(clock.frameCount(forDuration: 0.5) == 30)
        #expect(clock.frameCount(forDuration: 0) == 0)
        #expect(clock.frameCount(forDuration: 2) == 120)
    }

    @Test(arguments: [0.0, -60, .nan, .infinity])
    func invalidRatesAreErrors(fps: Double) {
        #expect(throws: ClockError.self) { try ManualClock(fps: fps) }
    }
}
