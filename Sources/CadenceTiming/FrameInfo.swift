/// What a display-link callback is told about its frame, as `CADisplayLink` tells it.
public struct FrameInfo: Sendable, Hashable {
    /// The index of this frame's vsync on its source: frame `n` is the `n`-th refresh.
    public var index: Int
    /// When this frame's vsync happened, in seconds from the source's start.
    public var timestamp: Double
    /// When the next frame this link will get is due: draw for this time. With
    /// `preferredFramesPerSecond` 30 on a 60 Hz display it is two refreshes ahead.
    public var targetTimestamp: Double
    /// The display's refresh interval in seconds (1/60 at 60 Hz), as `CADisplayLink.duration`.
    public var duration: Double
    /// The time animations see: `timestamp` slowed by the source's time dilation.
    public var animationTime: Double

    /// A frame with every field given.
    public init(index: Int, timestamp: Double, targetTimestamp: Double, duration: Double, animationTime: Double) {
        self.index = index
        self.timestamp = timestamp
        self.targetTimestamp = targetTimestamp
        self.duration = duration
        self.animationTime = animationTime
    }
}
