import CadenceEngine
import CadenceScene
import CadenceTiming
import Histogram
import Logging

/// One driver's figures from `cadence bench pacing`.
public struct PacingResult: Sendable, Equatable {
    /// "paced" or "naive"; "trace" for the figures of a `--clock` trace's own timestamps.
    public var driver: String
    /// Frames measured.
    public var frames: Int
    /// Frame-to-frame jitter, |interval − period| between callback starts, milliseconds.
    public var jitterP50: Double
    /// The 99th percentile of the jitter, ms.
    public var jitterP99: Double
    /// The largest jitter, ms.
    public var jitterMax: Double
    /// How far the last callback is from where the vsync grid puts it:
    /// (t_last − t_first) − (frames − 1) × period, milliseconds.
    public var drift: Double
    /// Vsyncs that passed with no callback; with a `--clock`, VRR-aware (late against the
    /// refresh interval in force, see `VSyncTrace.dropped(before:)`).
    public var dropped: Int
    /// With a `--clock`: the trace's dropped frames counted the naive way, against one fixed
    /// interval (its shortest), for comparison; nil otherwise.
    public var droppedAtFixedInterval: Int?
    /// Each interval between callback starts, ms (for `--plot`).
    public var intervals: [Double] = []

    /// The object `--json` prints, keys in the documented order.
    public var json: String {
        "{\"driver\": \"\(driver)\", \"frames\": \(frames), "
            + "\"jitter_ms\": {\"p50\": \(number(jitterP50)), \"p99\": \(number(jitterP99)), \"max\": \(number(jitterMax))}, "
            + "\"drift_ms\": \(number(drift)), \"dropped\": \(dropped)"
            + (droppedAtFixedInterval.map { ", \"dropped_fixed_interval\": \($0)" } ?? "") + "}"
    }

    private func number(_ value: Double) -> String {
        String((value * 1e6).rounded() / 1e6)
    }
}

/// Runs the paced driver (absolute deadlines) and the naive timer (relative sleeps) one after the
/// other with the same work, and measures both from their callbacks' start times.
///
/// The work is simulated (a busy loop of `workMilliseconds`) or, with a scene, the scene really
/// rendered offscreen at the frame's time and read back, each callback. With a clock trace
/// (`--clock`), the paced driver plays the trace's timestamps on absolute deadlines instead of
/// a fixed grid, and the trace's own timestamps are measured as a third row, "trace"; the naive
/// timer, which knows one fixed rate only, is left out.
public enum PacingBenchmark {
    /// Runs `frames` frames at `fps` under each driver, with `workMilliseconds` of simulated work
    /// a frame, or `scene` rendered offscreen; plays `clock` when given. Throws for options out
    /// of range.
    public static func run(
        frames: Int, fps: Double, workMilliseconds: Double, spinMilliseconds: Double = 0.5,
        clock: VSyncTrace? = nil, scene: Scene? = nil, logger: Logger? = nil
    ) throws(EngineError) -> [PacingResult] {
        try checkFrameCount(frames, atLeast: 2)
        // Rates and times become nanosecond counts (UInt64): bounded first, as display rates and
        // a frame's work are.
        guard fps.isFinite, fps >= 1, fps <= ClockSpec.maximumRate else {
            throw .invalidOption(name: "fps", message: "must be 1...\(Int(ClockSpec.maximumRate)) Hz, got \(fps)")
        }
        guard workMilliseconds.isFinite, workMilliseconds >= 0, workMilliseconds <= 1000 else {
            throw .invalidOption(name: "workMilliseconds", message: "must be 0...1000 milliseconds, got \(workMilliseconds)")
        }
        guard spinMilliseconds.isFinite, spinMilliseconds >= 0, spinMilliseconds <= 1000 else {
            throw .invalidOption(name: "spinMilliseconds", message: "must be 0...1000 milliseconds, got \(spinMilliseconds)")
        }
        if let clock {
            guard clock.count >= 2 else {
                throw .invalidOption(name: "clock", message: "the trace has \(clock.count) vsync; pacing needs at least 2")
            }
            let span = (clock.vsyncs.last?.timestamp ?? 0) - clock.vsyncs[0].timestamp
            guard span <= maximumPlayedSpan else {
                throw .invalidOption(
                    name: "clock",
                    message: "the trace spans \(span) s; bench pacing plays it in real time, at most \(Int(maximumPlayedSpan)) s"
                )
            }
        }
        let period = 1e9 / fps
        let work = try Work(milliseconds: workMilliseconds, scene: scene)

        // Paced: a display link on a deadline-driven source.
        let source: VSyncSource
        do {
            source = try VSyncSource(refreshRate: clock.map { 1 / $0.vsyncs[0].interval } ?? fps)
        } catch {
            throw .invalidOption(name: "fps", message: error.description)
        }
        var pacedStarts: [UInt64] = []
        pacedStarts.reserveCapacity(clock?.count ?? frames)
        var failure: EngineError?
        let link = DisplayLink { link, frame in
            pacedStarts.append(HostClock.now())
            do throws(EngineError) {
                try work.perform(at: frame.timestamp)
            } catch {
                failure = error
                link.invalidate()
            }
        }
        link.add(to: source)
        let driver = DeadlineDriver(source: source)
        driver.spin = UInt64((spinMilliseconds * 1e6).rounded())
        if let clock {
            let (stats, delivered) = driver.run(trace: clock, stats: FrameStats(logger: logger)) { failure != nil }
            link.invalidate()
            if let failure { throw failure }
            let scheduled = delivered.map { clock.vsyncs[$0].timestamp * 1e9 }
            var paced = measure(driver: "paced", starts: pacedStarts, scheduled: scheduled)
            paced.dropped = stats.dropped
            return [measure(trace: clock), paced]
        }
        let stats = driver.run(frames: frames, stats: FrameStats(logger: logger)) { failure != nil }
        link.invalidate()
        if let failure { throw failure }
        var paced = measure(driver: "paced", starts: pacedStarts, period: period)
        paced.dropped = stats.dropped

        // Naive: sleep one period after the work, accumulate deltas.
        var naiveStarts: [UInt64] = []
        naiveStarts.reserveCapacity(frames)
        let timer: NaiveTimer
        do {
            timer = try NaiveTimer(fps: fps)
        } catch {
            throw .invalidOption(name: "fps", message: error.description)
        }
        timer.run(frames: frames) { _, progress in
            naiveStarts.append(HostClock.now())
            do throws(EngineError) {
                if failure == nil { try work.perform(at: progress) }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        let naive = measure(driver: "naive", starts: naiveStarts, period: period)
        return [paced, naive]
    }

    /// The longest trace `--clock` plays, seconds: it runs in real time.
    public static let maximumPlayedSpan = 3600.0

    /// A frame's work: a busy loop, or a scene drawn offscreen at the frame's time and read back.
    @MainActor
    private struct Work {
        let busy: UInt64
        let loop: FrameLoop?
        let renderer: OffscreenRenderer?

        init(milliseconds: Double, scene: Scene?) throws(EngineError) {
            busy = scene == nil ? UInt64((milliseconds * 1e6).rounded()) : 0
            guard let scene else {
                loop = nil
                renderer = nil
                return
            }
            let images = ImageStore()
            images.prefetch(scene.imageSources)
            loop = FrameLoop(scene: scene, context: DrawContext(images: images))
            renderer = try OffscreenRenderer(sizeOf: scene)
            // Shaders, glyph atlas and images before the clock starts, as a window warms up.
            for source in scene.imageSources { _ = images.image(for: source) }
            _ = try renderer?.render(try loop!.displayList(at: 0))
        }

        func perform(at time: Double) throws(EngineError) {
            guard let loop, let renderer else {
                HostClock.busyWork(for: busy)
                return
            }
            _ = try renderer.render(try loop.displayList(at: time))
        }
    }

    /// Jitter, drift and dropped frames of a trace's own timestamps: jitter is how far each
    /// vsync is from the previous one's `targetTimestamp` after whole dropped intervals are
    /// taken out (|residual|), drift the sum of those residuals, dropped VRR-aware.
    static func measure(trace: VSyncTrace) -> PacingResult {
        var jitter = Histogram<UInt64>(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .three)
        var drift = 0.0
        for index in trace.vsyncs.indices.dropFirst() {
            let previous = trace.vsyncs[index - 1]
            let residual = trace.vsyncs[index].timestamp - previous.targetTimestamp - Double(trace.dropped(before: index)) * previous.interval
            drift += residual
            _ = jitter.record(UInt64(min(abs(residual) * 1e9, 6e10).rounded()))
        }
        let shortest = trace.vsyncs.map(\.interval).min() ?? 1
        return PacingResult(
            driver: "trace",
            frames: trace.count,
            jitterP50: jitter.milliseconds(atPercentile: 50),
            jitterP99: jitter.milliseconds(atPercentile: 99),
            jitterMax: Double(jitter.max) / 1e6,
            drift: drift * 1e3,
            dropped: trace.dropped,
            droppedAtFixedInterval: trace.dropped(againstFixedPeriod: shortest),
            intervals: zip(trace.vsyncs.dropFirst(), trace.vsyncs).map { ($0.timestamp - $1.timestamp) * 1e3 }
        )
    }

    /// Jitter and drift of callback `starts` (ns) against the times they were `scheduled` for
    /// (ns from the first): jitter |measured interval − scheduled interval|.
    static func measure(driver: String, starts: [UInt64], scheduled: [Double]) -> PacingResult {
        var jitter = Histogram<UInt64>(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .three)
        let pairs = Array(zip(starts, scheduled))
        for (later, earlier) in zip(pairs.dropFirst(), pairs) {
            let measured = Double(later.0 - earlier.0)
            _ = jitter.record(UInt64(min(abs(measured - (later.1 - earlier.1)), 6e10).rounded()))
        }
        let span = Double((starts.last ?? 0) - (starts.first ?? 0))
        let planned = (scheduled.last ?? 0) - (scheduled.first ?? 0)
        return PacingResult(
            driver: driver,
            frames: starts.count,
            jitterP50: jitter.milliseconds(atPercentile: 50),
            jitterP99: jitter.milliseconds(atPercentile: 99),
            jitterMax: Double(jitter.max) / 1e6,
            drift: (span - planned) / 1e6,
            dropped: 0,
            intervals: zip(starts.dropFirst(), starts).map { Double($0 - $1) / 1e6 }
        )
    }

    /// Jitter, drift and vsyncs missed, from callback start times (nanoseconds).
    static func measure(driver: String, starts: [UInt64], period: Double) -> PacingResult {
        var jitter = Histogram<UInt64>(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .three)
        for (later, earlier) in zip(starts.dropFirst(), starts) {
            _ = jitter.record(UInt64(abs(Double(later - earlier) - period).rounded()))
        }
        let intervals = zip(starts.dropFirst(), starts).map { Double($0 - $1) / 1e6 }
        let span = Double((starts.last ?? 0) - (starts.first ?? 0))
        let count = Double(max(starts.count - 1, 0))
        return PacingResult(
            driver: driver,
            frames: starts.count,
            jitterP50: jitter.milliseconds(atPercentile: 50),
            jitterP99: jitter.milliseconds(atPercentile: 99),
            jitterMax: Double(jitter.max) / 1e6,
            drift: (span - count * period) / 1e6,
            dropped: max(0, Int((span / period).rounded()) - Int(count)),
            intervals: intervals
        )
    }
}
