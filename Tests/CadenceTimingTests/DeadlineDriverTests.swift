import CadenceTiming
import Testing

/// The paced driver on the real clock: structure, with loose bounds (CI machines are noisy).
@MainActor
@Suite(.serialized) struct DeadlineDriverTests {
    @Test func holdsTheVsyncGrid() throws {
        let source = try VSyncSource(refreshRate: 120)
        var wakes: [(index: Int, time: UInt64)] = []
        let link = DisplayLink { _, frame in wakes.append((frame.index, HostClock.now())) }
        link.add(to: source)
        let driver = DeadlineDriver(source: source)
        let origin = HostClock.now() + 5_000_000
        let stats = driver.run(frames: 24, origin: origin, stats: FrameStats(logger: nil))
        #expect(stats.frames == 24)
        #expect(wakes.count == 24)
        for (index, time) in wakes {
            let deadline = driver.deadline(ofVSync: index, origin: origin)
            #expect(time >= deadline, "vsync \(index) ran before its deadline")
        }
        // No drift: the last callback is near its grid point however the earlier ones went.
        let last = try #require(wakes.last)
        if stats.dropped == 0 {
            #expect(last.index == 23)
        }
        let lateness = Double(last.time - driver.deadline(ofVSync: last.index, origin: origin)) / 1e6
        #expect(lateness < 50, "last callback \(lateness) ms late")
    }

    @Test func slowWorkDropsFramesAndKeepsTheGrid() throws {
        let source = try VSyncSource(refreshRate: 200)  // 5 ms
        var indices: [Int] = []
        let link = DisplayLink { _, frame in
            indices.append(frame.index)
            if frame.index == 3 { HostClock.busyWork(for: 12_000_000) }  // misses two deadlines or more
        }
        link.add(to: source)
        let stats = DeadlineDriver(source: source).run(frames: 8, stats: FrameStats(logger: nil))
        #expect(stats.dropped >= 2)
        #expect(stats.dropBursts >= 1)
        #expect(indices.count == 8)
        #expect(zip(indices.dropFirst(), indices).allSatisfy { $0 > $1 })
        let jump = try #require(indices.firstIndex(of: 3)).advanced(by: 1)
        #expect(indices[jump] >= 6)
        #expect(indices.last! - indices.first! + 1 - indices.count == stats.dropped)
    }

    @Test func stopsWhenAsked() throws {
        let source = try VSyncSource(refreshRate: 1000)
        var count = 0
        let link = DisplayLink { _, _ in count += 1 }
        link.add(to: source)
        DeadlineDriver(source: source).run(stats: FrameStats(logger: nil)) { count >= 5 }
        #expect(count == 5)
    }
}
