/// A clock that moves only when told to: the time source of offscreen renders and tests.
///
/// Frame `n` is at exactly `Double(n) / fps`, computed from the integer index, never by adding
/// `1 / fps` repeatedly, so frame 1 000 000 is as exact as frame 1.
///
/// ```swift
/// var clock = ManualClock(fps: 60)
/// clock.advance(frames: 3)
/// clock.now  // 0.05
/// ```
public struct ManualClock: Sendable, Hashable {
    /// Frames per second; finite and above zero.
    public let fps: Double
    /// The index of the current frame.
    public private(set) var frameIndex: Int

    /// Fails with `ClockError.invalidFrameRate` unless `fps` is finite and positive.
    public init(fps: Double, frameIndex: Int = 0) throws(ClockError) {
        guard fps.isFinite, fps > 0 else { throw .invalidFrameRate(fps) }
        self.fps = fps
        self.frameIndex = frameIndex
    }

    /// The time of the current frame, in seconds from frame 0.
    public var now: Double { time(ofFrame: frameIndex) }

    /// The time of frame `index`, in seconds from frame 0.
    public func time(ofFrame index: Int) -> Double {
        Double(index) / fps
    }

    /// Moves the clock on by whole frames.
    public mutating func advance(frames: Int = 1) {
        frameIndex += frames
    }

    /// The number of frames that fit in `duration` seconds, rounded to the nearest frame:
    /// 0.5 s at 60 fps is 30 frames (0 ... 29). Clamped to 0 ... 2⁵³ (an infinite or NaN
    /// product counts as 2⁵³ or 0), so no duration traps; renders cap it far lower.
    public func frameCount(forDuration duration: Double) -> Int {
        let frames = (duration * fps).rounded()
        guard !frames.isNaN, frames > 0 else { return 0 }
        return Int(min(frames, 0x1p53))
    }
}

/// Why a clock could not be made.
public enum ClockError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A frame rate that is not a finite number above 0.
    case invalidFrameRate(Double)

    public var description: String {
        switch self {
        case .invalidFrameRate(let fps):
            "frame rate must be a finite number above 0, got \(fps)"
        }
    }
}
