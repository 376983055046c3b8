/// The scene time a window shows, as the display link's time runs on: playing, it moves with the
/// link (slow motion included); paused, it stays; a step moves it one frame; a jump puts it
/// anywhere. The demo's Space, arrow and digit keys drive it; the window's frames ask it for the
/// time to draw.
nonisolated public struct Playhead: Sendable, Hashable {
    /// Whether the scene time moves with the display link.
    public private(set) var isPlaying = true
    /// The frame rate of a step: one frame is 1 / `framesPerSecond` seconds.
    public var framesPerSecond: Double
    /// The scene time at `anchorLink`.
    private var anchorScene = 0.0
    /// The display link's time when the playhead last changed.
    private var anchorLink = 0.0

    /// A playhead at scene time 0, playing, stepping at `framesPerSecond` (60 unless told).
    public init(framesPerSecond: Double = 60) {
        self.framesPerSecond = framesPerSecond > 0 && framesPerSecond.isFinite ? framesPerSecond : 60
    }

    /// The scene time shown when the display link is at `link` seconds.
    public func sceneTime(atLink link: Double) -> Double {
        isPlaying ? max(0, anchorScene + (link - anchorLink)) : anchorScene
    }

    /// The frame `sceneTime` falls in, at `framesPerSecond`.
    public func frame(atLink link: Double) -> Int {
        let frames = (sceneTime(atLink: link) * framesPerSecond + 1e-9).rounded(.down)
        return frames < Double(Int.max) ? Int(frames) : Int.max
    }

    /// Pauses at the time shown at `link`, or plays on from it.
    public mutating func togglePlaying(atLink link: Double) {
        anchorScene = sceneTime(atLink: link)
        anchorLink = link
        isPlaying.toggle()
    }

    /// Pauses one frame after (or, for a negative `frames`, before) the time shown at `link`,
    /// on a whole frame, never before 0.
    public mutating func step(_ frames: Int, atLink link: Double) {
        let current = (sceneTime(atLink: link) * framesPerSecond + 1e-9).rounded(.down)
        anchorScene = max(0, (current + Double(frames)) / framesPerSecond)
        anchorLink = link
        isPlaying = false
    }

    /// Shows scene time `time` (clamped to 0 … `limit`) from `link` on, playing or paused as before.
    public mutating func jump(to time: Double, atLink link: Double, limit: Double = 1e7) {
        anchorScene = time.isFinite ? min(max(time, 0), limit) : 0
        anchorLink = link
    }
}
