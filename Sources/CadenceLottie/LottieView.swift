import CadenceAnimation
import CadenceDraw
import CadenceLayers

/// A Lottie animation as a node of a scene, as lottie-ios's `LottieAnimationView`: it plays
/// from `beginTime` at `speed`, once, looping, back and forth or a number of times, fitted into
/// its frame. It is a widget, so it sits in sublayers, moves and fades like any other.
public struct LottieView: WidgetContent {
    public static let typeName = "Lottie"
    public typealias Event = PlaybackAction

    /// How the animation repeats.
    public enum LoopMode: Sendable, Hashable {
        /// Once, then holds its last frame.
        case playOnce
        /// From the start again at each end.
        case loop
        /// Forwards, then backwards, and again.
        case autoReverse
        /// `count` times (a fraction plays part of the last), then holds the last frame shown.
        case `repeat`(Double)
    }

    /// How the composition is fitted into the frame, as `UIView.ContentMode`.
    public enum ContentMode: String, Sendable, Hashable, CaseIterable {
        /// Stretched to the frame, each axis on its own.
        case scaleToFill
        /// As large as fits whole, centred (the default).
        case scaleAspectFit
        /// As small as covers the frame, centred (it overflows the frame: clip with a layer's
        /// `masksToBounds`).
        case scaleAspectFill
        /// At its own size, placed in the frame as named.
        case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    }

    /// The animation.
    public var animation: LottieAnimation
    /// Where it draws, in its parent's coordinates: the composition is fitted into it as
    /// `contentMode` says.
    public var frame: Rect
    public var contentMode = ContentMode.scaleAspectFit
    /// Values replacing the file's by key path, as lottie-ios's value providers.
    public var valueProviders = LottieValueProviders()
    /// The scene time at which it starts playing; before that it shows its first frame.
    public var beginTime: Double
    /// Its speed: 2 plays twice as fast.
    public var speed: Double
    public var loopMode: LoopMode
    /// The part played: composition frames `fromFrame ..< toFrame` (the whole, `ip ..< op`, unless told).
    public var fromFrame: Double
    public var toFrame: Double
    /// Whether it plays from `beginTime` by itself (true) or waits for a `play`.
    public var autoPlay = true
    /// What scripted playback did, in time order (`apply(_:at:)`).
    public private(set) var playback: [(time: Double, action: PlaybackAction)] = []

    /// A playback control, as lottie-ios's `play()`, `pause()` and `currentFrame`.
    public enum PlaybackAction: Sendable, Hashable {
        /// Plays on from the frame shown.
        case play
        /// Holds the frame shown.
        case pause
        /// Jumps to a composition frame (playing on if it was playing).
        case seek(frame: Double)
        /// Jumps to a fraction (0 … 1) of the part played.
        case seekProgress(Double)
        /// Jumps to a marker's first frame; a marker the file does not have changes nothing.
        case seekMarker(String)
    }

    /// The name of the marker played instead under reduced motion, when the file has one (the
    /// convention lottie-ios follows).
    public static let reducedMotionMarker = "reduced motion"

    /// `animation` in `frame` (its own size at the origin unless told), playing once from time 0.
    public init(
        animation: LottieAnimation, frame: Rect? = nil, beginTime: Double = 0, speed: Double = 1, loopMode: LoopMode = .playOnce,
        fromFrame: Double? = nil, toFrame: Double? = nil
    ) {
        self.animation = animation
        self.frame = frame ?? Rect(origin: .zero, size: animation.size)
        self.beginTime = beginTime
        self.speed = speed
        self.loopMode = loopMode
        self.fromFrame = fromFrame ?? animation.inPoint
        self.toFrame = toFrame ?? animation.outPoint
    }

    /// Records `action` at scene time `time` (actions come in time order).
    public mutating func apply(_ action: PlaybackAction, at time: Double) {
        playback.append((time, action))
    }

    /// How many frames it has played by scene time `time`: from `beginTime` when it plays by
    /// itself, each stretch between scripted actions at `speed`, a seek setting the count.
    func playedFrames(at time: Double) -> Double {
        var playing = autoPlay
        var anchor = beginTime
        var played = 0.0
        for (at, action) in playback where at <= time {
            if playing, at > anchor { played += (at - anchor) * speed * animation.frameRate }
            anchor = max(anchor, at)
            switch action {
            case .play: playing = true
            case .pause: playing = false
            case .seek(let frame): played = frame - fromFrame
            case .seekProgress(let progress): played = (toFrame - fromFrame) * min(max(progress, 0), 1)
            case .seekMarker(let name):
                if let marker = animation.markers.first(where: { $0.name == name }) { played = marker.frame - fromFrame }
            }
        }
        if playing, time > anchor { played += (time - anchor) * speed * animation.frameRate }
        return played
    }

    /// When it stops changing by itself: after its last scripted action (or `beginTime`), the
    /// frames left to play at `speed` — the rest of the range for `playOnce`, of the `repeat`
    /// count's plays for `repeat` — or one more cycle for `loop` and `autoReverse`, which never
    /// stop. A paused player has ended at its last action.
    public func activeEnd(motion: MotionSetting) -> Double {
        let start = max(beginTime, playback.last?.time ?? beginTime)
        var playing = autoPlay
        for (_, action) in playback {
            switch action {
            case .play: playing = true
            case .pause: playing = false
            case .seek, .seekProgress, .seekMarker: break
            }
        }
        switch playback(under: motion) {
        case .normal: break
        case .marker(let marker): return marker.activeEnd(motion: .full)
        case .still: return start
        case .fade: return max(start, beginTime + cycleSeconds)
        }
        let length = toFrame - fromFrame
        let rate = speed * animation.frameRate
        guard playing, length > 0, rate > 0, rate.isFinite else { return start }
        let left: Double
        switch loopMode {
        case .playOnce: left = length - playedFrames(at: start)
        case .repeat(let count): left = length * max(count, 0) - playedFrames(at: start)
        case .loop: left = length
        case .autoReverse: left = 2 * length
        }
        let end = start + max(left, 0) / rate
        return end.isFinite ? end : start
    }

    /// The composition frame shown at scene time `time`: the frames played so far, through
    /// `frameTiming` (Core Animation's timing model, in frames), as a frame of the part played.
    public func compositionFrame(at time: Double) -> Double {
        let last = toFrame.nextDown
        let frames = playedFrames(at: time)
        guard frames.isFinite, frames > 0, let timing = frameTiming else { return fromFrame }
        // Repeated no times: over as soon as it starts.
        if case .repeat(let count) = loopMode, !(count > 0) { return last }
        guard let progress = timing.progress(at: frames) else { return fromFrame }
        return min(snapped(fromFrame + progress * timing.duration), last)
    }

    /// How the part played repeats, as an `AnimationTiming` whose seconds are composition frames:
    /// one pass is `fromFrame ..< toFrame`; `loop` repeats for ever, `autoReverse` too going back
    /// and forth, `repeat` its count; the first and last frames hold before and after. Nil when the
    /// part is empty.
    public var frameTiming: AnimationTiming? {
        let length = toFrame - fromFrame
        guard length > 0, length.isFinite else { return nil }
        let (count, reverses): (Double, Bool) = switch loopMode {
        case .playOnce: (1, false)
        case .loop: (.infinity, false)
        case .autoReverse: (.infinity, true)
        case .repeat(let count): (max(count, 0), false)
        }
        return try? AnimationTiming(duration: length, repeatCount: count, autoreverses: reverses, fillMode: .both)
    }

    /// `frame`, or the whole frame within 10⁻⁹ of it (as `LottieAnimation.frame(atTime:)`).
    private func snapped(_ frame: Double) -> Double {
        let whole = frame.rounded()
        return abs(frame - whole) < 1e-9 ? whole : frame
    }

    /// How it plays under a motion setting.
    private enum ReducedPlayback {
        /// As written.
        case normal
        /// The file's reduced-motion marker's range instead, with the same timing.
        case marker(LottieView)
        /// The last frame of the part played, at once.
        case still
        /// A cross-fade from the first to the last frame of the part played, over one play.
        case fade
    }

    /// Under `reduced` (its rule, `jump` unless the node says) or `none`: the file's
    /// `reduced motion` marker when it has one, else the rule (`jump`: the last frame at once;
    /// `fade`: a cross-fade from the first frame to the last).
    private func playback(under motion: MotionSetting) -> ReducedPlayback {
        let rule = motion.rule(default: .jump)
        guard rule != .keep else { return .normal }
        if let marker = animation.markers.first(where: { $0.name == Self.reducedMotionMarker }) {
            var reduced = self
            reduced.fromFrame = marker.frame
            reduced.toFrame = marker.frame + max(marker.duration, 1)
            reduced.playback = playback.filter { if case .seekMarker = $0.action { return false } else { return true } }
            return .marker(reduced)
        }
        return rule == .fade ? .fade : .still
    }

    /// One play of the part played, in seconds at `speed` (0 when it does not play).
    private var cycleSeconds: Double {
        let rate = speed * animation.frameRate
        let seconds = (toFrame - fromFrame) / rate
        return rate > 0 && seconds.isFinite ? seconds : 0
    }

    /// The composition in list units, fitted into `frame` as `contentMode` says.
    var fittingTransform: AffineTransform {
        let size = animation.size
        var (sx, sy) = (1.0, 1.0)
        switch contentMode {
        case .scaleToFill: (sx, sy) = (frame.width / size.width, frame.height / size.height)
        case .scaleAspectFit: sx = min(frame.width / size.width, frame.height / size.height); sy = sx
        case .scaleAspectFill: sx = max(frame.width / size.width, frame.height / size.height); sy = sx
        default: break
        }
        let (width, height) = (size.width * sx, size.height * sy)
        // Where the scaled composition sits: 0 left or top, 0.5 centred, 1 right or bottom.
        let (across, down): (Double, Double) = switch contentMode {
        case .top: (0.5, 0)
        case .bottom: (0.5, 1)
        case .left: (0, 0.5)
        case .right: (1, 0.5)
        case .topLeft: (0, 0)
        case .topRight: (1, 0)
        case .bottomLeft: (0, 1)
        case .bottomRight: (1, 1)
        default: (0.5, 0.5)
        }
        return AffineTransform(scaleX: sx, y: sy).concatenating(AffineTransform(
            translationX: frame.minX + (frame.width - width) * across, y: frame.minY + (frame.height - height) * down
        ))
    }

    /// It draws mapped by the scene's fit (its frame's transform takes it), which costs nothing,
    /// rather than having every command fitted after.
    public var drawsFitted: Bool { true }

    public func draw(at time: Double, context: DrawContext, into list: inout DisplayList) throws(TextError) {
        guard frame.width > 0, frame.height > 0 else { return }
        var transform = fittingTransform
        var pixelScale = context.pixelScale
        if let fit = context.fit {
            // Drawn straight into the fitted frame: the fit is one more transform.
            transform = transform.concatenating(fit.transform)
            pixelScale /= fit.scale
        }
        guard transform.inverted != nil else { return }
        func draw(_ frame: Double, into list: inout DisplayList) {
            // `transform` holds the fit's scale already: pixelScale is the frame's pixels per list unit.
            animation.draw(
                atFrame: frame, transform: transform, pixelScale: pixelScale, images: context.images, fonts: context.fonts,
                valueProviders: valueProviders, into: &list
            )
        }
        switch playback(under: context.motion) {
        case .normal:
            draw(compositionFrame(at: time), into: &list)
        case .marker(let reduced):
            draw(reduced.compositionFrame(at: time), into: &list)
        case .still:
            draw(toFrame.nextDown, into: &list)
        case .fade:
            // The first frame fading out under the last fading in, over one play from beginTime.
            let cycle = cycleSeconds
            let progress = cycle > 0 ? min(max((time - beginTime) / cycle, 0), 1) : (time >= beginTime ? 1 : 0)
            for (shown, opacity) in [(fromFrame, 1 - progress), (toFrame.nextDown, progress)] where opacity > 0 {
                let start = list.beginFadingGroup(opacity: opacity)
                draw(shown, into: &list)
                list.endFadingGroup(openedAt: start)
            }
        }
    }

    /// The animation's images, to prefetch.
    public var imageSources: [String] { animation.imageSources }
}

extension Scene {
    /// A scene that plays `animation` once: the composition's size, a transparent background,
    /// its frame rate and its length (`(op − ip) / fr` seconds).
    public init(lottie animation: LottieAnimation) {
        self.init(lottie: animation, from: animation.inPoint, to: animation.outPoint)
    }

    /// A scene that plays composition frames `from ..< to` of `animation` once (a marker's range).
    public init(lottie animation: LottieAnimation, from: Double, to: Double) {
        let view = LottieView(animation: animation, fromFrame: from, toFrame: to)
        self.init(name: animation.name, size: animation.size, background: .clear, nodes: [.widget(id: "lottie", view)])
        duration = max(to - from, 0) / animation.frameRate
        framesPerSecond = animation.frameRate
    }
}
