import CadenceFiles
import Foundation

/// One vsync of a replayable display clock: when it happened and when the next frame is due, in
/// seconds from the clock's start, as `CADisplayLink.timestamp` and `targetTimestamp`.
///
/// `targetTimestamp − timestamp` is the refresh interval in force at that vsync (it changes on a
/// variable-refresh display).
public struct VSyncTime: Sendable, Hashable {
    /// When this vsync happened, seconds.
    public var timestamp: Double
    /// When the next frame is due, seconds; after `timestamp`.
    public var targetTimestamp: Double

    /// A vsync at `timestamp` whose next frame is due at `targetTimestamp`.
    public init(timestamp: Double, targetTimestamp: Double) {
        self.timestamp = timestamp
        self.targetTimestamp = targetTimestamp
    }

    /// The refresh interval in force at this vsync, seconds.
    public var interval: Double { targetTimestamp - timestamp }
}

/// The vsyncs a display really delivered (or a generated clock describes), in order: what
/// `cadence render --clock` renders at and `cadence demo --record-clock` writes.
///
/// Rules it keeps (checked by `init(_:)`, so a trace in hand is always valid):
/// - at least one vsync;
/// - every number finite, 0 … `maximumTime` seconds;
/// - timestamps strictly increasing, and each `targetTimestamp` after its `timestamp` (a
///   refresh interval above 0). A next vsync later than the target is a dropped frame, not an
///   error.
///
/// The file form is a JSON list of objects, one per vsync, in order:
/// ```json
/// [{"timestamp": 0, "targetTimestamp": 0.008333}, {"timestamp": 0.008333, "targetTimestamp": 0.016667}]
/// ```
public struct VSyncTrace: Sendable, Hashable {
    /// The vsyncs, timestamps strictly increasing.
    public let vsyncs: [VSyncTime]

    /// The latest time a trace may hold, seconds: as a scene's timeline (10⁷ s, about 116 days).
    public static let maximumTime = 1e7
    /// The most vsyncs a trace may hold: as many frames as one render may plan.
    public static let maximumCount = 1_000_000

    /// A trace of `vsyncs`; throws naming the first vsync that breaks a rule (see the type).
    public init(_ vsyncs: [VSyncTime]) throws(ClockTraceError) {
        guard !vsyncs.isEmpty else { throw .invalid("has no vsyncs: a trace needs at least one {\"timestamp\", \"targetTimestamp\"} object") }
        guard vsyncs.count <= Self.maximumCount else {
            throw .invalid("has \(vsyncs.count) vsyncs, above the limit of \(Self.maximumCount)")
        }
        for (index, vsync) in vsyncs.enumerated() {
            for (key, value) in [("timestamp", vsync.timestamp), ("targetTimestamp", vsync.targetTimestamp)] {
                guard value.isFinite, value >= 0, value <= Self.maximumTime else {
                    throw .invalid("vsync \(index): \(key) must be a finite number of seconds from 0 to \(Int(Self.maximumTime)), got \(value)")
                }
            }
            guard vsync.targetTimestamp > vsync.timestamp else {
                throw .invalid("vsync \(index): targetTimestamp \(vsync.targetTimestamp) must be after timestamp \(vsync.timestamp) (the refresh interval must be above 0)")
            }
            if index > 0 {
                let previous = vsyncs[index - 1].timestamp
                guard vsync.timestamp > previous else {
                    throw .invalid("vsync \(index): timestamp \(vsync.timestamp) is not after vsync \(index - 1)'s \(previous) (timestamps must strictly increase)")
                }
            }
        }
        self.vsyncs = vsyncs
    }

    /// Number of vsyncs.
    public var count: Int { vsyncs.count }

    // MARK: Dropped frames

    /// Vsyncs missed before vsync `index` (0 for the first): how many whole refresh intervals
    /// — the interval in force at the vsync before, so VRR-aware — vsync `index` came after the
    /// previous one's `targetTimestamp`, rounded to the nearest. A slower refresh rate is not a
    /// drop; a vsync half an interval or more late is.
    public func dropped(before index: Int) -> Int {
        guard index > 0 else { return 0 }
        let previous = vsyncs[index - 1]
        let late = (vsyncs[index].timestamp - previous.targetTimestamp) / previous.interval
        guard late.isFinite, late > 0 else { return 0 }
        return Int(min(late.rounded(), Double(Self.maximumCount)))
    }

    /// Vsyncs missed in the whole trace (VRR-aware, see `dropped(before:)`).
    public var dropped: Int {
        vsyncs.indices.reduce(0) { $0 + dropped(before: $1) }
    }

    /// Vsyncs missed counted the naive way, against one fixed `period` (seconds): each gap
    /// between timestamps longer than the period counts `round(gap / period) − 1`. On a
    /// variable-refresh trace this counts every slower refresh as drops.
    public func dropped(againstFixedPeriod period: Double) -> Int {
        guard period.isFinite, period > 0 else { return 0 }
        return zip(vsyncs.dropFirst(), vsyncs).reduce(0) { total, pair in
            let gaps = ((pair.0.timestamp - pair.1.timestamp) / period).rounded()
            return total + max(0, Int(min(gaps, Double(Self.maximumCount))) - 1)
        }
    }

    // MARK: The file form

    /// Reads the trace in the file at `path` (see the type for the form).
    public static func read(path: String) throws(ClockTraceError) -> VSyncTrace {
        let data: Data
        do throws(FileProblem) {
            // A million vsyncs of about 60 bytes each.
            data = try FilePaths.read(path, limit: JSONValue.maximumDocumentSize)
        } catch {
            throw .file(path: path, message: error.reason)
        }
        do throws(ClockTraceError) {
            return try parse(data)
        } catch {
            throw .file(path: path, message: error.message)
        }
    }

    /// The trace in `data` (JSON, see the type), read by the one JSON reader (`JSONValue`).
    public static func parse(_ data: Data) throws(ClockTraceError) -> VSyncTrace {
        let form = "a JSON list of {\"timestamp\": seconds, \"targetTimestamp\": seconds} objects"
        let root: JSONValue
        do {
            root = try JSONValue.parse(data)
        } catch {
            throw .invalid("must be \(form) (\(error.message))")
        }
        guard case .array(let entries) = root else { throw .invalid("must be \(form)") }
        var vsyncs: [VSyncTime] = []
        vsyncs.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            guard case .object(let object) = entry else {
                throw .invalid("vsync \(index): must be an object {\"timestamp\": seconds, \"targetTimestamp\": seconds}")
            }
            func seconds(_ key: String) throws(ClockTraceError) -> Double {
                guard let value = object[key] else { throw .invalid("vsync \(index): missing key '\(key)'") }
                guard case .number(let number) = value else { throw .invalid("vsync \(index): \(key) must be a finite number of seconds") }
                return number
            }
            if let unknown = object.keys.sorted().first(where: { $0 != "timestamp" && $0 != "targetTimestamp" }) {
                throw .invalid("vsync \(index): unknown key '\(unknown)' (valid keys are timestamp, targetTimestamp)")
            }
            vsyncs.append(VSyncTime(timestamp: try seconds("timestamp"), targetTimestamp: try seconds("targetTimestamp")))
        }
        return try VSyncTrace(vsyncs)
    }

    /// The trace as its file form: one object per line, numbers as Swift prints them (shortest
    /// form that reads back to the same `Double`, so a written trace replays exactly).
    public var json: String {
        "[\n" + vsyncs.map { "  {\"timestamp\": \($0.timestamp), \"targetTimestamp\": \($0.targetTimestamp)}" }.joined(separator: ",\n") + "\n]\n"
    }

    /// Writes the file form to `path` through a temporary file in the same folder and a rename,
    /// so a failed write leaves nothing behind and a reader never sees half a trace.
    public func write(to path: String) throws(ClockTraceError) {
        try Self.writeAtomically(Data(json.utf8), to: path)
    }

    /// Checks that a trace could be written to `path` (its folder exists and is writable, the
    /// path is not a folder), without leaving anything there: `--record-clock` checks before the
    /// window opens.
    public static func checkWritable(_ path: String) throws(ClockTraceError) {
        do throws(FileProblem) {
            try FilePaths.checkWritable(path)
        } catch {
            throw .file(path: path, message: "cannot be written: " + error.reason)
        }
    }

    static func writeAtomically(_ data: Data, to path: String) throws(ClockTraceError) {
        do throws(FileProblem) {
            try FilePaths.writeAtomically(data, to: path)
        } catch {
            throw .file(path: path, message: "cannot be written: " + error.reason)
        }
    }
}

/// A bad clock: an unparsable `--clock` spec or a malformed trace file, named.
public enum ClockTraceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A trace that breaks a rule; the message says which vsync and why.
    case invalid(String)
    /// A trace file that cannot be read, parsed or written.
    case file(path: String, message: String)
    /// A `--clock` spec that cannot be parsed or generated.
    case spec(String, message: String)

    /// The message without the file or option it concerns.
    public var message: String {
        switch self {
        case .invalid(let message), .file(_, let message), .spec(_, let message): message
        }
    }

    public var description: String {
        switch self {
        case .invalid(let message): "clock trace: \(message)"
        case .file(let path, let message): "clock trace \(path): \(message)"
        case .spec(let spec, let message): "--clock \(spec): \(message)"
        }
    }
}
