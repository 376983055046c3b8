import CadenceTiming
import Histogram
import Logging

/// One driver's figures from `cadence bench pacing`.
public struct PacingResult: Sendable, Equatable {
    /// "paced" or "naive".
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
    /// Vsyncs that passed with no callback.
    public var dropped: Int
    /// Each interval between callback starts, ms (for `--plot`).
    public var intervals: [Double] = []

    /// The object `--json` prints, keys in the documented order.
    public var json: String {
        "{\"driver\": \"\(driver)\", \"frames\": \(frames), "
            + "\"jitter_ms\": {\"p50\": \(number(jitterP50)), \"p99\": \(number(jitterP99)), \"max\": \(number(jitterMax))}, "
            + "\"drift_ms\": \(number(drift)), \"dropped\": \(dropped)}"
    }

    private func number(_ value: Double) -> String {
        String((value * 1e6).rounded() / 1e6)
    }
}

/// Runs the paced driver (absolute deadlines) and the naive timer (relative sleeps) one after the
/// other with the same simulated work, and measures both from their callbacks' start times.
public enum PacingBenchmark {
    /// Runs `frames` frames at `fps` under each driver, with `workMilliseconds` of simulated work a frame; throws for options out of range.
    public static func run(
        frames: Int, fps: Double, workMilliseconds: Double, spinMilliseconds: Double = 0.5, logger: Logger? = nil
    ) throws(EngineError) -> [PacingResult] {
        guard frames >= 2 else { throw .invalidOption(name: "--frames", message: "must be at least 2, got \(frames)") }
        guard fps.isFinite, fps > 0 else { throw .invalidOption(name: "--fps", message: "must be a finite number above 0, got \(fps)") }
        guard workMilliseconds.isFinite, workMilliseconds >= 0 else {
            throw .invalidOption(name: "--work-ms", message: "must be a finite number of milliseconds, 0 or more, got \(workMilliseconds)")
        }
        guard spinMilliseconds.isFinite, spinMilliseconds >= 0 else {
            throw .invalidOption(name: "--spin-ms", message: "must be a finite number of milliseconds, 0 or more, got \(spinMilliseconds)")
        }
        let work = UInt64((workMilliseconds * 1e6).rounded())
        let period = 1e9 / fps

        // Paced: a display link on a deadline-driven source.
        let source: VSyncSource
        do {
            source = try VSyncSource(refreshRate: fps)
        } catch {
            throw .invalidOption(name: "--fps", message: error.description)
        }
        var pacedStarts: [UInt64] = []
        pacedStarts.reserveCapacity(frames)
        let link = DisplayLink { _, _ in
            pacedStarts.append(HostClock.now())
            HostClock.busyWork(for: work)
        }
        link.add(to: source)
        let driver = DeadlineDriver(source: source)
        driver.spin = UInt64((spinMilliseconds * 1e6).rounded())
        let stats = driver.run(frames: frames, stats: FrameStats(logger: logger))
        link.invalidate()
        var paced = measure(driver: "paced", starts: pacedStarts, period: period)
        paced.dropped = stats.dropped

        // Naive: sleep one period after the work, accumulate deltas.
        var naiveStarts: [UInt64] = []
        naiveStarts.reserveCapacity(frames)
        let timer: NaiveTimer
        do {
            timer = try NaiveTimer(fps: fps)
        } catch {
            throw .invalidOption(name: "--fps", message: error.description)
        }
        timer.run(frames: frames) { _, _ in
            naiveStarts.append(HostClock.now())
            HostClock.busyWork(for: work)
        }
        let naive = measure(driver: "naive", starts: naiveStarts, period: period)
        return [paced, naive]
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
