/// A timer synchronised with the display's refresh, as `CADisplayLink`: its callback runs once
/// per frame with that frame's timestamps.
///
/// ```swift
/// let link = DisplayLink { link, frame in scene.update(at: frame.targetTimestamp) }
/// link.preferredFramesPerSecond = 30   // every second vsync on a 60 Hz display
/// link.add(to: source)
/// ```
///
/// Rules it keeps:
/// - A frame rate below the display's is phase-locked to vsync: 30 on 60 Hz is every second
///   vsync, counted from the first vsync after the link is added, resumed or re-rated.
/// - `preferredFramesPerSecond` 0 (the default) or below means the display's rate; above it is
///   clamped to the display's rate.
/// - Pausing skips frames; resuming never calls back for the frames missed while paused.
/// - After `invalidate()` the callback is released and never called again.
@MainActor
public final class DisplayLink {
    /// What a display link calls once per frame: the link itself (to invalidate it) and the frame.
    public typealias Callback = @MainActor (DisplayLink, FrameInfo) -> Void

    private var callback: Callback?
    private(set) weak var source: VSyncSource?
    private var phaseOrigin: Int?

    /// Skips frames while true; resuming re-locks the phase to the next vsync.
    public var isPaused = false {
        didSet { if oldValue && !isPaused { phaseOrigin = nil } }
    }

    /// The frame rate wanted; 0 means the display's own. See the type's rules.
    public var preferredFramesPerSecond = 0 {
        didSet { if oldValue != preferredFramesPerSecond { phaseOrigin = nil } }
    }

    /// False once invalidated.
    public private(set) var isValid = true

    /// This frame's vsync time (seconds), as `CADisplayLink.timestamp`; 0 before the first frame.
    public private(set) var timestamp: Double = 0
    /// When the next frame is due, as `CADisplayLink.targetTimestamp`.
    public private(set) var targetTimestamp: Double = 0
    /// The display's refresh interval, as `CADisplayLink.duration`.
    public private(set) var duration: Double = 0
    /// Callbacks made so far.
    public private(set) var frameCount = 0

    /// A link calling `callback` once per frame after `add(to:)`, as `CADisplayLink(target:selector:)`.
    public init(_ callback: @escaping Callback) {
        self.callback = callback
    }

    /// Subscribes to `source`'s vsyncs (leaving any other source). No effect once invalidated.
    public func add(to source: VSyncSource) {
        guard isValid else { return }
        if let current = self.source, current !== source { current.detach(self) }
        self.source = source
        phaseOrigin = nil
        source.attach(self)
    }

    /// Stops receiving `source`'s vsyncs; the link can be added again later.
    public func remove(from source: VSyncSource) {
        guard self.source === source else { return }
        source.detach(self)
        self.source = nil
    }

    /// Removes the link from its source for good and releases the callback.
    public func invalidate() {
        source?.detach(self)
        source = nil
        callback = nil
        isValid = false
    }

    /// How many vsyncs one of this link's frames spans at `refreshRate`.
    public func vsyncsPerFrame(refreshRate: Double) -> Int {
        guard preferredFramesPerSecond > 0 else { return 1 }
        return max(1, Int((refreshRate / Double(preferredFramesPerSecond)).rounded()))
    }

    /// Vsync `index`: at `index / refreshRate` on a regular source, or at `time` (its refresh
    /// interval in force giving the rate) on a replayed or generated clock.
    func vsync(index: Int, refreshRate: Double, animationTime: Double, time: VSyncTime? = nil) {
        guard isValid, !isPaused, let callback else { return }
        let rate = time.map { 1 / $0.interval } ?? refreshRate
        let interval = vsyncsPerFrame(refreshRate: rate)
        let origin = phaseOrigin ?? index
        phaseOrigin = origin
        guard (index - origin) % interval == 0 else { return }
        if let time {
            timestamp = time.timestamp
            targetTimestamp = time.timestamp + Double(interval) * time.interval
            duration = time.interval
        } else {
            timestamp = Double(index) / refreshRate
            targetTimestamp = Double(index + interval) / refreshRate
            duration = 1 / refreshRate
        }
        frameCount += 1
        callback(self, FrameInfo(
            index: index, timestamp: timestamp, targetTimestamp: targetTimestamp,
            duration: duration, animationTime: animationTime
        ))
    }
}
