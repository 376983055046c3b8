import CadenceDraw
import CadenceScene
import CadenceText
import CadenceTiming

/// Where the frames of a `FrameLoop` go: PNG files, images in memory, a window, or nowhere
/// (benchmarks). Each sink renders the display lists it is given its own way.
///
/// Rules: `take` is called once per frame, in frame order, on the main actor; an error thrown
/// from it stops the loop and is what `run` throws. `finish` is called once after the last frame
/// when no frame failed, to hand over work still queued (frames in flight on the GPU).
public protocol FrameSink: AnyObject {
    /// Takes `list`, the scene at `frame`'s time.
    func take(_ list: DisplayList, frame: FrameInfo) throws(EngineError)
    /// Completes what is still queued after the last frame.
    func finish() throws(EngineError)
    /// The size of the frames it draws, when it has one: the loop then hands it lists already
    /// fitted to that size, each command fitted as the scene emits it. Nil: the scene's size.
    var frameSize: Size? { get }
}

extension FrameSink {
    /// Nothing queued: nothing to do.
    public func finish() throws(EngineError) {}
    /// No size of its own: lists come at the scene's size.
    public var frameSize: Size? { nil }
}

/// The one frame loop: a clock or display link gives frame times, the scene gives the display
/// list at each, and a `FrameSink` renders it. Frame dumps, contact sheets, the render and
/// window benchmarks run through it, so what they time is the path users run.
///
/// ```swift
/// let loop = FrameLoop(scene: scene)
/// let sink = try ImageSink(width: 320, height: 240)
/// try loop.run(frames: 0..<30, fps: 30, into: sink)  // frame n at exactly n / 30 s
/// sink.images.count  // 30
/// ```
public final class FrameLoop {
    /// What is shown; live input may change it between frames (in `willDraw`).
    public var scene: Scene
    /// The fonts and images the scene is drawn with.
    public let context: DrawContext

    /// Called as each frame starts, before the scene is drawn: where live input changes `scene`.
    public var willDraw: (FrameInfo) -> Void = { _ in }
    /// The time a frame shows: its animation time unless told otherwise (a screenshot pins one).
    public var time: (FrameInfo) -> Double = { $0.animationTime }

    /// A loop over `scene`, drawn with `context` (by default: the shared fonts, and the scene's
    /// images loading in the background).
    public init(scene: Scene, context: DrawContext? = nil) {
        self.scene = scene
        self.context = context ?? .loading(scene)
    }

    /// The scene's display list at `time` seconds.
    public func displayList(at time: Double) throws(EngineError) -> DisplayList {
        do throws(TextError) {
            return try scene.displayList(at: time, in: context)
        } catch {
            throw .text(error)
        }
    }

    /// The scene's display list at `time` seconds for `sink`: fitted to its frames as it is drawn.
    func displayList(at time: Double, for sink: any FrameSink) throws(EngineError) -> DisplayList {
        guard let size = sink.frameSize else { return try displayList(at: time) }
        do throws(TextError) {
            return try scene.displayList(at: time, size: size, in: context)
        } catch {
            throw .text(error)
        }
    }

    /// Frames `frames` of a manual clock at `fps` (frame n at exactly n / fps, computed from n),
    /// through a display link on a vsync source, as fast as `sink` takes them. Stops early when
    /// `shouldStop` says so (checked before each frame) or a frame fails.
    public func run(frames: Range<Int>, fps: Double, into sink: any FrameSink, shouldStop: @escaping () -> Bool = { false }) throws(EngineError) {
        let source: VSyncSource
        do {
            source = try VSyncSource(refreshRate: fps)
        } catch {
            throw .invalidOption(name: "fps", message: error.description)
        }
        let driver = ManualDriver(source: source)
        try run(on: source, into: sink) { failed in
            driver.run(frames) { failed() || shouldStop() }
        }
    }

    /// Frames driven by vsyncs that `drive` delivers on `source` (a window's driver), each
    /// showing the scene at `time(frame)`. `drive` is given a function telling
    /// whether a frame has failed, to stop on. Returns what `drive` returns.
    public func run<Result>(on source: VSyncSource, into sink: any FrameSink, drive: (_ failed: @escaping @MainActor () -> Bool) -> Result) throws(EngineError) -> Result {
        var failure: EngineError?
        let link = DisplayLink { [self] link, frame in
            guard failure == nil else { return }
            willDraw(frame)
            do throws(EngineError) {
                try sink.take(try displayList(at: time(frame), for: sink), frame: frame)
            } catch {
                failure = error
                link.invalidate()
            }
        }
        link.add(to: source)
        let result = drive { failure != nil }
        link.invalidate()
        if let failure { throw failure }
        try sink.finish()
        return result
    }

    /// The vsyncs `frames` of `trace` (a replayed or generated display clock): frame `i` is the
    /// trace's `i`-th vsync and shows the scene at its timestamp, through a display link on a
    /// vsync source, as fast as `sink` takes them.
    public func run(trace: VSyncTrace, frames: Range<Int>? = nil, into sink: any FrameSink, shouldStop: @escaping () -> Bool = { false }) throws(EngineError) {
        let source: VSyncSource
        do {
            source = try VSyncSource(refreshRate: 1 / trace.vsyncs[0].interval)
        } catch {
            throw .invalidOption(name: "clock", message: error.description)
        }
        let driver = TraceDriver(source: source, trace: trace)
        try run(on: source, into: sink) { failed in
            driver.run(frames) { failed() || shouldStop() }
        }
    }

    /// The frames at `times`, in the order given (not a clock: a contact sheet's times).
    /// Frame i has index i and `times[i]` as its time.
    public func run(times: [Double], into sink: any FrameSink) throws(EngineError) {
        for (index, time) in times.enumerated() {
            let frame = FrameInfo(index: index, timestamp: time, targetTimestamp: time, duration: 0, animationTime: time)
            try sink.take(try displayList(at: time, for: sink), frame: frame)
        }
        try sink.finish()
    }
}
