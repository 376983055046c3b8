import CadenceAnimation
import CadenceFiles
import CadenceLayers
import CadenceWidgets
import Foundation

/// The events of a scene's timeline — every animation added, started, retargeted, completed and
/// removed, and each widget's own moments — with their scene times and the frame each first
/// shows in, written as a Chrome trace (`cadence render --trace`).
///
/// A scene is a pure function of time, so the tracer derives the events from the scene's
/// records rather than watching frames: each time is exact, and the same scene always gives the
/// same events and the same bytes.
///
/// ```swift
/// let tracer = SceneTracer(scene: .demo)
/// let events = tracer.events(through: 2)
/// try tracer.write(to: "trace.json", frames: .uniform(fps: 60, count: 120), through: 2)
/// ```
public struct SceneTracer: Sendable {
    /// How the frames of a render or a window fall on the timeline, to find the frame each event
    /// first shows in.
    public enum Frames: Sendable, Hashable {
        /// Frame n at exactly n / fps, `count` frames (a headless render).
        case uniform(fps: Double, count: Int)
        /// The scene time of each frame drawn, in order (a window's frames).
        case times([Double])

        /// The first frame whose time is at or after `time`, or nil when none is.
        public func firstFrame(showing time: Double) -> Int? {
            switch self {
            case .uniform(let fps, let count):
                guard fps > 0, fps.isFinite, time.isFinite, count > 0 else { return nil }
                guard time > 0 else { return 0 }
                let estimate = (time * fps).rounded(.up)
                guard estimate < Double(count) + 1 else { return nil }
                var frame = Int(estimate)
                // Frame times are n / fps, computed from the integer, as renders compute them.
                while frame > 0, Double(frame - 1) / fps >= time { frame -= 1 }
                while Double(frame) / fps < time { frame += 1 }
                return frame < count ? frame : nil
            case .times(let times):
                var low = 0
                var high = times.count
                while low < high {
                    let middle = (low + high) / 2
                    if times[middle] < time { low = middle + 1 } else { high = middle }
                }
                return low < times.count ? low : nil
            }
        }
    }

    /// The scene traced, drawn under its own `motion`.
    public var scene: Scene

    /// A tracer of `scene`.
    public init(scene: Scene) {
        self.scene = scene
    }

    /// Every event up to `end` seconds of scene time (all of them when nil), in time order;
    /// events at the same time in the order they happen.
    public func events(through end: Double? = nil) -> [TraceEvent] {
        let motion = MotionSetting(profile: scene.motion)
        let all = scene.nodes.flatMap { $0.traceEvents(motion: motion) }.sortedByTime()
        guard let end else { return all }
        return all.filter { $0.time <= end }
    }

    /// The Chrome trace-event JSON (Perfetto, `chrome://tracing`) of the events through `end`:
    /// one instant event (`"ph": "i"`) per event, `ts` in microseconds of scene time, one
    /// thread (`tid`) per node named by a metadata event, `args` with the event's details and
    /// `frame`, the first frame showing it (null when no frame does).
    public func chromeTrace(frames: Frames, through end: Double? = nil) -> String {
        let events = events(through: end)
        var threads: [String] = []
        for node in scene.nodes {
            switch node {
            case .widget(let id, _): threads.append(id)
            case .layer(let layer): threads += layer.allLayers.map(\.id)
            }
        }
        // Thread numbers by node, looked up per event: a list search made 40,000 layers quadratic.
        var tids: [String: Int] = [:]
        for (index, thread) in threads.enumerated() where tids[thread] == nil { tids[thread] = index + 1 }
        for event in events where tids[event.node] == nil {
            threads.append(event.node)
            tids[event.node] = threads.count
        }
        var lines: [String] = []
        lines.append(#"{"name": "process_name", "ph": "M", "pid": 1, "tid": 0, "args": {"name": \#(Self.quoted("cadence: " + scene.name))}}"#)
        for (index, thread) in threads.enumerated() {
            lines.append(#"{"name": "thread_name", "ph": "M", "pid": 1, "tid": \#(index + 1), "args": {"name": \#(Self.quoted(thread))}}"#)
        }
        for event in events {
            let tid = tids[event.node] ?? 1
            var arguments = event.arguments.map { "\(Self.quoted($0.key)): \(Self.json($0.value))" }
            arguments.append(#""time": \#(Self.number(event.time))"#)
            arguments.append(#""frame": \#(frames.firstFrame(showing: event.time).map(String.init) ?? "null")"#)
            lines.append(
                #"{"name": \#(Self.quoted(event.name)), "cat": "\#(event.category.rawValue)", "ph": "i", "s": "t", "ts": \#(Self.microseconds(event.time)), "pid": 1, "tid": \#(tid), "args": {\#(arguments.joined(separator: ", "))}}"#
            )
        }
        var frameInfo: String
        switch frames {
        case .uniform(let fps, let count): frameInfo = #""fps": \#(Self.number(fps)), "frames": \#(count)"#
        case .times(let times): frameInfo = #""frames": \#(times.count)"#
        }
        return """
            {"displayTimeUnit": "ms",
             "otherData": {"format": "cadence-trace/1", "scene": \(Self.quoted(scene.name)), "motion": "\(scene.motion.rawValue)", \(frameInfo)},
             "traceEvents": [
            \(lines.map { "  " + $0 }.joined(separator: ",\n"))
            ]}

            """
    }

    /// Writes `chromeTrace(frames:through:)` to `path` whole or not at all: into a temporary file
    /// beside it, renamed over `path` when complete. Throws a message naming the path.
    public func write(to path: String, frames: Frames, through end: Double? = nil) throws(TraceWriteError) {
        try Self.write(Data(chromeTrace(frames: frames, through: end).utf8), to: path)
    }

    /// Throws unless a trace can be written to `path`: its folder exists and is writable, and
    /// the path is not a folder. Checked before a render or a window starts.
    public static func checkWritable(_ path: String) throws(TraceWriteError) {
        do throws(FileProblem) {
            try FilePaths.checkWritable(path)
        } catch {
            throw TraceWriteError(path: path, reason: error.reason)
        }
    }

    /// Writes `data` to `path` through a temporary file in the same folder and a rename.
    static func write(_ data: Data, to path: String) throws(TraceWriteError) {
        do throws(FileProblem) {
            try FilePaths.writeAtomically(data, to: path)
        } catch {
            throw TraceWriteError(path: path, reason: error.reason)
        }
    }

    static func quoted(_ text: String) -> String {
        JSONText.quoted(text)
    }

    /// A number as JSON: up to 15 significant digits; not-finite values (which no event has) as null.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(format: "%.15g", value)
    }

    /// Seconds as microseconds with three decimals (nanoseconds), as Chrome traces count.
    static func microseconds(_ seconds: Double) -> String {
        String(format: "%.3f", seconds * 1e6)
    }

    static func json(_ value: TraceEvent.Value) -> String {
        switch value {
        case .number(let value): Self.number(value)
        case .numbers(let values): "[" + values.map { Self.number($0) }.joined(separator: ", ") + "]"
        case .string(let text): quoted(text)
        case .bool(let flag): flag ? "true" : "false"
        }
    }
}

/// A trace file that could not be written; nothing was left at its path.
public struct TraceWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path asked for.
    public var path: String
    /// Why.
    public var reason: String

    public var description: String { "cannot write the trace \(path): \(reason)" }
}
