import Histogram
import Logging

/// Per-frame timing of a paced loop: how late each callback started against its vsync, how long
/// its work took, and how many vsyncs were missed.
///
/// Dropped frames are logged once per burst, like Android Choreographer's "Skipped N frames":
/// one line when a run of deadlines is missed, not one per frame.
public struct FrameStats: Sendable {
    /// Callback start minus its vsync deadline, nanoseconds.
    public private(set) var lateness = FrameStats.histogram()
    /// Time spent in callbacks, nanoseconds.
    public private(set) var work = FrameStats.histogram()
    /// Frames delivered.
    public private(set) var frames = 0
    /// Vsyncs whose deadline passed before the loop could wake for them.
    public private(set) var dropped = 0
    /// Bursts of dropped frames (each logged once).
    public private(set) var dropBursts = 0

    private let logger: Logger?

    /// `logger` gets one warning per burst of dropped frames; nil keeps quiet.
    public init(logger: Logger? = Logger(label: "cadence.timing")) {
        self.logger = logger
    }

    /// Records one delivered frame.
    public mutating func recordFrame(latenessNanoseconds: UInt64, workNanoseconds: UInt64) {
        frames += 1
        _ = lateness.record(latenessNanoseconds)
        _ = work.record(workNanoseconds)
    }

    /// Records `count` vsyncs missed in a row (one burst), logged with `reason`.
    public mutating func recordDropped(_ count: Int, at vsync: Int, because reason: String = "the frame's work took longer than its refresh interval") {
        guard count > 0 else { return }
        dropped += count
        dropBursts += 1
        logger?.warning("Skipped \(count) frame\(count == 1 ? "" : "s") before vsync \(vsync): \(reason)")
    }

    /// A histogram of nanoseconds up to one minute, three significant digits.
    static func histogram() -> Histogram<UInt64> {
        Histogram<UInt64>(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .three)
    }
}

extension Histogram where Count == UInt64 {
    /// The value at `percentile` (0 ... 100) in milliseconds, assuming nanosecond values.
    public func milliseconds(atPercentile percentile: Double) -> Double {
        Double(valueAtPercentile(percentile)) / 1e6
    }
}
