import CadenceTiming
import Testing

/// The CADisplayLink contract, driven by hand.
@MainActor
@Suite struct DisplayLinkTests {
    final class Recorder {
        var frames: [FrameInfo] = []
    }

    func link(recording recorder: Recorder, to source: VSyncSource) -> DisplayLink {
        let link = DisplayLink { _, frame in recorder.frames.append(frame) }
        link.add(to: source)
        return link
    }

    @Test func everyVsyncGetsExactTimestamps() throws {
        let source = try VSyncSource(refreshRate: 60)
        let recorder = Recorder()
        let link = link(recording: recorder, to: source)
        ManualDriver(source: source).run(0..<120)
        #expect(recorder.frames.map(\.index) == Array(0..<120))
        for frame in recorder.frames {
            #expect(frame.timestamp == Double(frame.index) / 60)
            #expect(frame.targetTimestamp == Double(frame.index + 1) / 60)
            #expect(frame.duration == 1.0 / 60)
            #expect(frame.animationTime == frame.timestamp)
        }
        #expect(link.timestamp == 119.0 / 60 && link.targetTimestamp == 2.0 && link.frameCount == 120)
    }

    @Test func thirtyOnSixtyIsEverySecondVsyncPhaseLocked() throws {
        let source = try VSyncSource(refreshRate: 60)
        let driver = ManualDriver(source: source)
        driver.run(0..<3)
        let recorder = Recorder()
        let link = link(recording: recorder, to: source)
        link.preferredFramesPerSecond = 30
        driver.run(3..<15)
        #expect(recorder.frames.map(\.index) == [3, 5, 7, 9, 11, 13])
        #expect(recorder.frames.allSatisfy { $0.targetTimestamp == Double($0.index + 2) / 60 && $0.duration == 1.0 / 60 })
    }

    @Test(arguments: [(0, 1), (-5, 1), (60, 1), (240, 1), (30, 2), (20, 3), (45, 1), (1, 60)])
    func preferredRatesMapToWholeVsyncs(preferred: Int, vsyncs: Int) throws {
        let link = DisplayLink { _, _ in }
        link.preferredFramesPerSecond = preferred
        #expect(link.vsyncsPerFrame(refreshRate: 60) == vsyncs)
    }

    @Test func resumingDoesNotBurstCatchUpCallbacks() throws {
        let source = try VSyncSource(refreshRate: 60)
        let driver = ManualDriver(source: source)
        let recorder = Recorder()
        let link = link(recording: recorder, to: source)
        driver.run(0..<10)
        link.isPaused = true
        driver.run(10..<40)
        #expect(recorder.frames.count == 10)
        link.isPaused = false
        driver.run(40..<41)
        #expect(recorder.frames.map(\.index).suffix(1) == [40])
        #expect(recorder.frames.count == 11)
    }

    @Test func resumingRelocksTheSlowerPhase() throws {
        let source = try VSyncSource(refreshRate: 60)
        let driver = ManualDriver(source: source)
        let recorder = Recorder()
        let link = link(recording: recorder, to: source)
        link.preferredFramesPerSecond = 30
        driver.run(0..<4)
        link.isPaused = true
        driver.run(4..<7)
        link.isPaused = false
        driver.run(7..<12)
        #expect(recorder.frames.map(\.index) == [0, 2, 7, 9, 11])
    }

    @Test func severalLinksShareOneSource() throws {
        let source = try VSyncSource(refreshRate: 60)
        let fast = Recorder()
        let slow = Recorder()
        _ = link(recording: fast, to: source)
        link(recording: slow, to: source).preferredFramesPerSecond = 20
        ManualDriver(source: source).run(0..<12)
        #expect(fast.frames.count == 12)
        #expect(slow.frames.map(\.index) == [0, 3, 6, 9])
        #expect(source.subscribers.count == 2)
    }

    @Test func addRemoveAndInvalidateFromInsideCallbacks() throws {
        let source = try VSyncSource(refreshRate: 60)
        let second = Recorder()
        let third = Recorder()
        let secondLink = DisplayLink { _, frame in second.frames.append(frame) }
        let thirdLink = DisplayLink { _, frame in third.frames.append(frame) }
        var firstCalls: [Int] = []
        let firstLink = DisplayLink { link, frame in
            firstCalls.append(frame.index)
            if frame.index == 2 {
                secondLink.remove(from: source)  // later in this same vsync: must not be called
                thirdLink.add(to: source)  // first call on the next vsync
            }
            if frame.index == 4 { link.invalidate() }
        }
        firstLink.add(to: source)
        secondLink.add(to: source)
        ManualDriver(source: source).run(0..<7)
        #expect(firstCalls == [0, 1, 2, 3, 4])
        #expect(second.frames.map(\.index) == [0, 1])
        #expect(third.frames.map(\.index) == [3, 4, 5, 6])
        #expect(!firstLink.isValid)
        #expect(source.subscribers.count == 1)
    }

    @Test func invalidateReleasesTheCallback() throws {
        final class Token {}
        weak var weakToken: Token?
        let link: DisplayLink
        do {
            let token = Token()
            weakToken = token
            link = DisplayLink { _, _ in _ = token }
        }
        #expect(weakToken != nil)
        link.invalidate()
        #expect(weakToken == nil)
        let source = try VSyncSource(refreshRate: 60)
        link.add(to: source)
        #expect(source.subscribers.isEmpty)
    }

    @Test func timeDilationSlowsAnimationTimeContinuously() throws {
        let source = try VSyncSource(refreshRate: 60)
        let driver = ManualDriver(source: source)
        let recorder = Recorder()
        _ = link(recording: recorder, to: source)
        driver.run(0..<61)  // up to t = 1 s
        try source.setTimeDilation(10)
        driver.run(61..<121)  // real t = 2 s
        let last = try #require(recorder.frames.last)
        #expect(last.timestamp == 2)
        #expect(abs(last.animationTime - 1.1) < 1e-12)
        #expect(abs(recorder.frames[61].animationTime - (1 + 1.0 / 600)) < 1e-12)
        try source.setTimeDilation(1)
        driver.run(121..<181)
        #expect(abs(recorder.frames.last!.animationTime - 2.1) < 1e-12)
    }

    @Test(arguments: [0.0, -1, .nan, .infinity])
    func invalidDilationsAndRatesAreErrors(value: Double) throws {
        let source = try VSyncSource(refreshRate: 60)
        #expect(throws: TimingError.self) {
            try source.setTimeDilation(value)
        }
        #expect(throws: TimingError.self) { try VSyncSource(refreshRate: value) }
        #expect(throws: TimingError.self) { try NaiveTimer(fps: value) }
        #expect(source.timeDilation.factor == 1)
    }
}
