import CadenceDraw
import CadenceEngine
import CadenceGL
import CadencePlatform
import CadenceScene
import CadenceText
import CadenceTiming
import Histogram

/// The windowed loop on the display link, for `cadence bench window` (needs a display).
public struct WindowBenchmarkResult: Sendable {
    /// Frames delivered.
    public var frames: Int
    /// The display's refresh rate, Hz.
    public var refreshRate: Double
    /// Whether the driver paced itself (the buffer swap did not wait for vsync).
    public var pacedItself: Bool
    /// Intervals between frame starts, ms: p50, p95, p99, max.
    public var frameTime: [Double]
    /// Frame start against its vsync deadline, ms: p50, p99, max.
    public var lateness: [Double]
    /// Work per frame (scene, GL, swap), ms: p50, p99.
    public var work: [Double]
    /// Vsyncs that passed with no frame.
    public var dropped: Int
    /// Each interval between frame starts, ms (for `--plot`).
    public var intervals: [Double] = []

    /// The object `--json` prints, keys in the documented order.
    public var json: String {
        func list(_ names: [String], _ values: [Double]) -> String {
            zip(names, values).map { "\"\($0)\": \(($1 * 1000).rounded() / 1000)" }.joined(separator: ", ")
        }
        return "{\"frames\": \(frames), \"refresh_hz\": \(refreshRate), \"paced_itself\": \(pacedItself), "
            + "\"frame_time_ms\": {\(list(["p50", "p95", "p99", "max"], frameTime))}, "
            + "\"lateness_ms\": {\(list(["p50", "p99", "max"], lateness))}, "
            + "\"work_ms\": {\(list(["p50", "p99"], work))}, \"dropped\": \(dropped)}"
    }
}

/// Times the windowed loop: a window on the display link, through the frame loop.
public enum WindowBenchmark {
    /// Shows `frameCount` frames of `scene` in a window and measures them; throws without a display or for fewer than 2 frames.
    public static func run(scene: Scene, frames frameCount: Int) throws(EngineError) -> WindowBenchmarkResult {
        try checkFrameCount(frameCount, atLeast: 2)
        let window: WindowContext
        do {
            window = try WindowContext(width: Int(scene.size.width), height: Int(scene.size.height), title: "Cadence — bench window")
        } catch {
            throw .platform(error)
        }
        let renderer: Renderer
        do {
            renderer = try Renderer()
        } catch {
            throw .gl(error)
        }
        let images = ImageStore()
        images.prefetch(scene.imageSources)
        let driver = WindowDriver(window: window)
        let frames = WindowFrames(renderer: renderer, window: window)
        let sink = WindowSink(window: window, frames: frames)
        var starts: [UInt64] = []
        sink.willShow = { _ in starts.append(HostClock.now()) }
        try frames.warmUp(scene, images: images)
        let loop = FrameLoop(scene: scene, context: DrawContext(images: images))
        let stats = try loop.run(on: driver.source, into: sink) { failed in
            driver.run(frames: frameCount, shouldStop: failed)
        }
        var intervals = Histogram<UInt64>(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .three)
        for (later, earlier) in zip(starts.dropFirst(), starts) { _ = intervals.record(later - earlier) }
        return WindowBenchmarkResult(
            frames: stats.frames, refreshRate: driver.source.refreshRate, pacedItself: driver.pacesItself,
            frameTime: [intervals.milliseconds(atPercentile: 50), intervals.milliseconds(atPercentile: 95),
                        intervals.milliseconds(atPercentile: 99), Double(intervals.max) / 1e6],
            lateness: [stats.lateness.milliseconds(atPercentile: 50), stats.lateness.milliseconds(atPercentile: 99), Double(stats.lateness.max) / 1e6],
            work: [stats.work.milliseconds(atPercentile: 50), stats.work.milliseconds(atPercentile: 99)],
            dropped: stats.dropped,
            intervals: zip(starts.dropFirst(), starts).map { Double($0 - $1) / 1e6 }
        )
    }
}
