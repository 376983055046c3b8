import Histogram
import Logging

/// Per-frame timing of a paced loop: how late each callback started against its vsync, how long
/// its work took, and how many vsyncs were missed.
///
/// Dropped frames are logged like Android Choreographer's "Skipped N frames": one line for a run
/// of missed deadlines, not one per frame, and at most one line every `warningInterval` vsyncs
/// (5 s at 60 Hz), which counts the bursts since the last one, so that a loaded machine's drops
/// do not bury what else goes to stderr (`demo --watch`'s reloads and errors).
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
    /// The fewest vsyncs between two warnings.
    public let warningInterval: Int
    /// The vsync of the last warning, and the drops since it not yet told.
    private var lastWarning: Int?
    private var untold = (frames: 0, bursts: 0)

    /// `logger` gets a warning for a burst of dropped frames, at most one every
    /// `warningInterval` vsyncs; nil keeps quiet.
    public init(logger: Logger? = Logger(label: "cadence.timing"), warningInterval: Int = 300) {
        self.logger = logger
        self.warningInterval = max(warningInterval, 1)
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
        untold.frames += count
        untold.bursts += 1
        guard let logger else { return }
        if let last = lastWarning, vsync - last < warningInterval, vsync >= last { return }
        let frames = "\(untold.frames) frame\(untold.frames == 1 ? "" : "s")"
        if untold.bursts == 1 {
            logger.warning("Skipped \(frames) before vsync \(vsync): \(reason)")
        } else {
            logger.warning("Skipped \(frames) in \(untold.bursts) bursts up to vsync \(vsync): \(reason)")
        }
        lastWarning = vsync
        untold = (0, 0)
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
