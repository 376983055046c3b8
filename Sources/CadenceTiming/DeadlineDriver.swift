/// Drives a `VSyncSource` on absolute deadlines: vsync `n` is due at `origin + n × period`, each
/// computed from the integer, and the loop sleeps *until* it (`clock_nanosleep` with
/// `TIMER_ABSTIME`, then a short spin). Work that overruns a deadline skips the vsyncs it
/// missed — counted as dropped, logged once per burst — and the grid never shifts, so there is
/// no drift however long it runs.
///
/// Used where nothing else paces frames: headless benchmarks, and windows whose buffer swap
/// returns at once (Xvfb, some compositors).
@MainActor
public final class DeadlineDriver {
    /// The source whose vsyncs this driver delivers.
    public let source: VSyncSource
    /// How long before each deadline the sleep ends and a spin begins, nanoseconds. 0.5 ms: on
    /// our noisy 2-core VMs a 0.2 ms spin let late wake-ups through (max jitter up to 2.8 ms in
    /// 3 of 8 runs of `cadence bench pacing`); 0.5 ms held max under 0.7 ms in all of them.
    public var spin: UInt64 = 500_000
    /// Called after each vsync's callbacks, inside the frame (a window presents here).
    public var afterFrame: @MainActor () -> Void = {}

    /// A driver delivering `source`'s vsyncs on absolute deadlines at its refresh rate.
    public init(source: VSyncSource) {
        self.source = source
    }

    /// The nanosecond time of vsync `index` on a grid whose vsync `firstIndex` is at `origin`.
    public func deadline(ofVSync index: Int, origin: UInt64, firstIndex: Int = 0) -> UInt64 {
        origin + UInt64((Double(index - firstIndex) * 1e9 / source.refreshRate).rounded())
    }

    /// Delivers vsyncs from `firstIndex` on, the first at `origin` (default: one period from
    /// now), until `frames` have been delivered or `shouldStop` says so. Records into `stats`
    /// and returns them.
    @discardableResult
    public func run(
        frames: Int? = nil,
        firstIndex: Int = 0,
        origin: UInt64? = nil,
        stats: FrameStats = FrameStats(),
        shouldStop: @MainActor () -> Bool = { false }
    ) -> FrameStats {
        let periodNanoseconds = UInt64((1e9 / source.refreshRate).rounded())
        let origin = origin ?? HostClock.now() + periodNanoseconds
        source.stats = stats
        var index = firstIndex
        var delivered = 0
        while frames.map({ delivered < $0 }) ?? true, !shouldStop() {
            let due = deadline(ofVSync: index, origin: origin, firstIndex: firstIndex)
            HostClock.sleep(until: due, spin: spin)
            let woke = HostClock.now()
            source.deliver(vsync: index)
            afterFrame()
            let finished = HostClock.now()
            source.stats?.recordFrame(latenessNanoseconds: woke - due, workNanoseconds: finished - woke)
            delivered += 1

            var next = index + 1
            if finished > deadline(ofVSync: next, origin: origin, firstIndex: firstIndex) {
                // Deadlines passed during the work: resume at the first one still ahead.
                let elapsed = Double(finished - origin) * source.refreshRate / 1e9
                next = max(next, firstIndex + Int(elapsed.rounded(.up)))
                while deadline(ofVSync: next, origin: origin, firstIndex: firstIndex) < finished { next += 1 }
                source.stats?.recordDropped(next - index - 1, at: next)
            }
            index = next
        }
        let result = source.stats ?? stats
        source.stats = nil
        return result
    }
}

extension DeadlineDriver {
    /// Delivers `trace`'s vsyncs in real time on absolute deadlines: vsync `i` is due at
    /// `origin + timestamp(i)` (default origin: one refresh interval from now). Lateness is
    /// recorded against each vsync's own time. Dropped frames are counted VRR-aware: the
    /// vsyncs the trace itself misses (`VSyncTrace.dropped(before:)`), plus any the work
    /// overran, which are skipped as on a regular grid. Returns the stats and the indices of the
    /// vsyncs delivered.
    @discardableResult
    public func run(
        trace: VSyncTrace,
        origin: UInt64? = nil,
        stats: FrameStats = FrameStats(),
        shouldStop: @MainActor () -> Bool = { false }
    ) -> (stats: FrameStats, delivered: [Int]) {
        let first = trace.vsyncs[0]
        let origin = origin ?? HostClock.now() + UInt64((first.interval * 1e9).rounded())
        func deadline(_ index: Int) -> UInt64 {
            origin + UInt64(((trace.vsyncs[index].timestamp - first.timestamp) * 1e9).rounded())
        }
        source.stats = stats
        var delivered: [Int] = []
        var index = 0
        while index < trace.count, !shouldStop() {
            let due = deadline(index)
            HostClock.sleep(until: due, spin: spin)
            let woke = HostClock.now()
            source.stats?.recordDropped(trace.dropped(before: index), at: index, because: "the clock trace has no vsync there")
            source.deliver(vsync: index, at: trace.vsyncs[index])
            afterFrame()
            let finished = HostClock.now()
            source.stats?.recordFrame(latenessNanoseconds: woke - due, workNanoseconds: finished - woke)
            delivered.append(index)
            var next = index + 1
            // Deadlines passed during the work: resume at the first one still ahead.
            while next < trace.count, deadline(next) < finished { next += 1 }
            if next < trace.count {
                let skipped = (index + 1..<next).reduce(next - index - 1) { $0 + trace.dropped(before: $1) }
                source.stats?.recordDropped(skipped, at: next)
            }
            index = next
        }
        let result = source.stats ?? stats
        source.stats = nil
        return (result, delivered)
    }
}

/// Drives a `VSyncSource` as fast as the work allows, on a `ManualClock`: vsync `n` is at
/// exactly `n / fps`. Offscreen renders and tests use it; nothing sleeps.
@MainActor
public final class ManualDriver {
    /// The source whose vsyncs this driver delivers.
    public let source: VSyncSource

    /// A driver delivering `source`'s vsyncs one after another, as fast as the callbacks return.
    public init(source: VSyncSource) {
        self.source = source
    }

    /// Delivers each vsync in `range`, in order, stopping early when `shouldStop` says so.
    public func run(_ range: Range<Int>, shouldStop: @MainActor () -> Bool = { false }) {
        for index in range {
            if shouldStop() { return }
            source.deliver(vsync: index)
        }
    }
}

/// The baseline that pacing is measured against: `NSTimer`-style relative sleeps with time
/// accumulated from frame deltas (`progress += now − last`), as UICountingLabel does.
///
/// Each tick sleeps one period *after* the work, so the work and every late wake-up add up:
/// never use it to drive anything; it exists for `cadence bench pacing`.
public struct NaiveTimer: Sendable {
    /// One period in nanoseconds: the relative sleep after each tick.
    public let period: UInt64

    /// A timer ticking `fps` times a second; throws for a rate that is not finite and above 0.
    public init(fps: Double) throws(TimingError) {
        guard fps.isFinite, fps > 0 else { throw .invalidRefreshRate(fps) }
        period = UInt64((1e9 / fps).rounded())
    }

    /// Calls `tick(frame, progress)` `frames` times, `progress` being the accumulated seconds.
    public func run(frames: Int, tick: (Int, Double) -> Void) {
        var progress = 0.0
        var last = HostClock.now()
        for frame in 0..<frames {
            let now = HostClock.now()
            progress += Double(now - last) / 1e9
            last = now
            tick(frame, progress)
            HostClock.sleep(for: period)
        }
    }
}

/// Drives a `VSyncSource` through the vsyncs of a `VSyncTrace`, as fast as the callbacks return:
/// vsync `i` is the trace's `i`-th, at its timestamp. `cadence render --clock` renders with it;
/// nothing sleeps.
@MainActor
public final class TraceDriver {
    /// The source whose vsyncs this driver delivers.
    public let source: VSyncSource
    /// The vsyncs delivered.
    public let trace: VSyncTrace

    /// A driver delivering `trace`'s vsyncs to `source`.
    public init(source: VSyncSource, trace: VSyncTrace) {
        self.source = source
        self.trace = trace
    }

    /// Delivers the trace's vsyncs in `range` (clamped to the trace), in order, stopping early
    /// when `shouldStop` says so.
    public func run(_ range: Range<Int>? = nil, shouldStop: @MainActor () -> Bool = { false }) {
        let range = (range ?? trace.vsyncs.indices).clamped(to: trace.vsyncs.indices)
        for index in range {
            if shouldStop() { return }
            source.deliver(vsync: index, at: trace.vsyncs[index])
        }
    }
}
