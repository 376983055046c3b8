import CadenceAnimation
import CadenceDraw
import CadenceLayers

/// An image view that loads images with a loading indicator and a cross-dissolve, as
/// Kingfisher's `setImage` on a `UIImageView`.
///
/// Rules it keeps (REFERENCE.md):
/// - a load shows the placeholder and starts the indicator; on completion the indicator stops and
///   the image shows; it cross-dissolves in over `transitionDuration` (0.2 s by default) only
///   when it came from the network (`cacheType == .none`), or with `forceTransition`;
/// - an image in the memory cache — which every image view of a scene shares (`ImageCache`),
///   holding every source whose load has finished — appears at once, with no indicator;
/// - an image from the disk cache appears when read (the load's latency), with no dissolve;
/// - Kingfisher's own defaults are no indicator and no transition; Cadence's are the activity
///   indicator and 0.2 s (what the demo wants); `indicator = .none` and
///   `transitionDuration = 0` give Kingfisher's;
/// - indicator starts and stops are reference-counted (overlapping loads keep it spinning);
/// - a missing or corrupt image leaves the placeholder in place;
/// - a `.progress` indicator shows the fraction the running load last reported (`progress`
///   events), as a ring or a percentage, until the image is ready.
///
/// Load times are scripted (`load(_:latency:at:)`), so renders are deterministic; the decoding
/// itself happens off the main thread in the `ImageProvider`.
public struct ImageView: Sendable {
    /// How the image fills the frame, as `UIView.ContentMode`.
    public enum ContentMode: String, Sendable, Hashable, CaseIterable {
        /// Stretched to the frame; fitted inside keeping its aspect; filling it keeping its aspect (cropped).
        case scaleToFill, scaleAspectFit, scaleAspectFill
    }

    /// What shows while an image loads.
    public enum Indicator: Sendable, Hashable {
        /// Nothing.
        case none
        /// An activity indicator, centred.
        case activity
        /// An image shown centred while loading.
        case image(String)
        /// The download's progress, as scripted `progress` events report it (Kingfisher #230).
        case progress(ProgressStyle)
        /// Images shown in turn, `frameDuration` seconds each, from the load's start: an animated
        /// image indicator, as Kingfisher's `.image(imageData:)` with a GIF.
        case animatedImage([String], frameDuration: Double)
        /// `customIndicator`, a layer subtree (Kingfisher #113, #734).
        case custom
    }

    /// How big an image or custom indicator is drawn, as Kingfisher's `IndicatorSizeStrategy`.
    public enum IndicatorSize: Sendable, Hashable {
        /// Its own size: the image's pixels, the layer's bounds.
        case intrinsic
        /// The view's size.
        case full
        /// This size.
        case fixed(Size)
    }

    /// How a `.progress` indicator shows the fraction downloaded.
    public enum ProgressStyle: String, Sendable, Hashable, CaseIterable {
        /// A ring filling clockwise from twelve o'clock over a faint track.
        case ring
        /// The percentage as text, e.g. `40%`.
        case percentage
    }

    /// A progress report: the fraction (0 … 1) of the image downloaded by `time`.
    public struct ProgressMark: Sendable, Hashable {
        /// When the report came, in scene seconds.
        public var time: Double
        /// How much was downloaded by then, 0 … 1.
        public var fraction: Double
    }

    /// One load: the image asked for, when, and when it completes.
    public struct Load: Sendable, Hashable {
        /// The image source: `builtin:NAME` or a path.
        public var source: String
        /// When the load starts, in seconds.
        public var start: Double
        /// When the image is ready: at once from the memory cache, else after the latency.
        public var completion: Double
        /// Where the image was found.
        public var cacheType: ImageCache.CacheType
        /// Whether the dissolve runs even for a cached image.
        public var forceTransition: Bool
        /// The progress reported for this load, in time order.
        public var progress: [ProgressMark] = []

        /// True when the image came from a cache (memory or disk).
        public var fromCache: Bool { cacheType != .none }
        /// Kingfisher's rule: dissolve only what came from the network, unless forced.
        public var dissolves: Bool { cacheType == .none || forceTransition }
    }

    /// Where the view is, in its parent's coordinates.
    public var frame: Rect
    /// How the image fills the frame.
    public var contentMode = ContentMode.scaleToFill
    /// What shows behind the image and the placeholder.
    public var backgroundColor = Color(hex: "#E5E5EA")!
    /// An image source shown until a load completes; nil for none.
    public var placeholder: String?
    /// What shows while loading.
    public var indicator = Indicator.activity
    /// The layer tree `.custom` shows, centred (its anchor at the view's centre plus
    /// `indicatorCenterOffset`), its animations running on the scene's clock.
    public var customIndicator: Layer?
    /// Moves every indicator from the view's centre, as Kingfisher's `centerOffset`.
    public var indicatorCenterOffset = Point.zero
    /// The size of an image or custom indicator.
    public var indicatorSize = IndicatorSize.intrinsic
    /// Seconds of the cross-dissolve when an image arrives.
    public var transitionDuration = 0.2
    /// The spinner used for `.activity` (centred, with its own look and style).
    public var spinner: ActivityIndicator
    /// Every load so far, in time order.
    public private(set) var loads: [Load] = []

    /// An empty view in `frame`: grey background, activity indicator, 0.2 s dissolve.
    public init(frame: Rect) {
        self.frame = frame
        spinner = ActivityIndicator(frame: frame)
    }

    /// Starts loading `source` at `time` with this view's own loads as the cache (a view alone in
    /// its scene); see `load(_:latency:cache:forceTransition:at:sharedCache:)`.
    public mutating func load(_ source: String, latency: Double = 0, cache: ImageCache.CacheType? = nil, forceTransition: Bool = false, at time: Double) {
        var store = ImageCache()
        for load in loads { store.store(load.source, readyAt: load.completion) }
        self.load(source, latency: latency, cache: cache, forceTransition: forceTransition, at: time, sharedCache: &store)
    }

    /// Starts loading `source` at `time`, looking it up in the scene's shared cache (`sharedCache`).
    ///
    /// `cache` scripts where the image is found; nil asks the shared cache (memory when a load of it has
    /// finished by `time`, else the network). A memory hit is ready at once; a disk hit or a
    /// download `latency` seconds later, with the indicator running meanwhile. The shared cache holds
    /// the source from its completion on.
    public mutating func load(
        _ source: String, latency: Double = 0, cache: ImageCache.CacheType? = nil, forceTransition: Bool = false,
        at time: Double, sharedCache store: inout ImageCache
    ) {
        let cacheType = cache ?? store.cacheType(of: source, at: time)
        let completion = cacheType == .memory ? time : time + max(latency, 0)
        let load = Load(source: source, start: time, completion: completion, cacheType: cacheType, forceTransition: forceTransition)
        loads.append(load)
        store.store(source, readyAt: completion)
        if cacheType != .memory, indicator == .activity {
            spinner.startAnimating(at: load.start)
            spinner.stopAnimating(at: load.completion)
        }
    }

    /// Records that the load running at `time` has downloaded `fraction` (clamped to 0 … 1) of
    /// its image; ignored when no load has begun by then.
    public mutating func reportProgress(_ fraction: Double, at time: Double) {
        guard let index = loads.lastIndex(where: { $0.start <= time }), !fraction.isNaN else { return }
        loads[index].progress.append(ProgressMark(time: time, fraction: min(max(fraction, 0), 1)))
    }

    /// Every image source the view will need, for prefetching.
    public var sources: [String] {
        var all = loads.map(\.source)
        if let placeholder { all.append(placeholder) }
        if case .image(let source) = indicator { all.append(source) }
        if case .animatedImage(let frames, _) = indicator { all += frames }
        if case .custom = indicator, let customIndicator { all += Node.layer(customIndicator).imageSources }
        return all
    }

    /// Draws the view at `time`: background, placeholder or image, and the indicator — all but
    /// the `.percentage` progress text, which needs fonts (`draw(at:context:into:)` adds it).
    ///
    /// Under `motion` (default rule under `reduced`: `fade`) the cross-dissolve stays — it is a
    /// fade already — and the spinner steps slowly; under `jump` the image shows at once, the
    /// spinner and an animated image indicator stand still.
    public func draw(at time: Double, images: any ImageProvider, motion: MotionSetting = .full, into list: inout DisplayList) {
        let rule = motion.rule(default: .fade)
        list.roundedRect(RoundedRect(rect: frame, cornerRadius: 0, fill: backgroundColor))
        list.clipped(to: frame) { list in
            // A load shows the placeholder until its image is ready (Kingfisher's default).
            let shown = placeholder
            guard let latest = loads.last(where: { $0.start <= time }) else {
                if let shown { drawImage(shown, alpha: 1, images: images, into: &list) }
                return
            }
            if time < latest.completion {
                if let shown { drawImage(shown, alpha: 1, images: images, into: &list) }
                if case .image(let source) = indicator { drawCentred(source, images: images, into: &list) }
                if case .animatedImage(let frames, let duration) = indicator {
                    let elapsed = rule == .jump ? 0 : time - latest.start
                    drawCentred(Self.frame(of: frames, duration: duration, elapsed: elapsed), images: images, into: &list)
                }
            } else {
                let progress = latest.dissolves && transitionDuration > 0 && rule != .jump ? min(max((time - latest.completion) / transitionDuration, 0), 1) : 1
                let loaded = images.image(for: latest.source) != nil
                if let shown, progress < 1 || !loaded { drawImage(shown, alpha: loaded ? 1 - progress : 1, images: images, into: &list) }
                if loaded { drawImage(latest.source, alpha: progress, images: images, into: &list) }
            }
        }
        if case .progress(.ring) = indicator, let fraction = loadingProgress(at: time) {
            drawRing(fraction: fraction, into: &list)
        }
        if indicator == .activity {
            var centred = spinner
            centred.frame = frame
            centred.centerOffset = indicatorCenterOffset
            centred.draw(at: time, motion: motion, into: &list)
        }
    }

    private func drawImage(_ source: String, alpha: Double, images: any ImageProvider, into list: inout DisplayList) {
        guard let image = images.image(for: source), alpha > 0 else { return }
        let (rect, crop) = placement(of: image)
        list.append(.image(ImageDraw(key: source, image: image, rect: rect, source: crop, alpha: alpha)))
    }

    private func drawCentred(_ source: String, images: any ImageProvider, into list: inout DisplayList) {
        guard let image = images.image(for: source) else { return }
        let size = indicatorSize(intrinsic: Size(width: Double(image.width), height: Double(image.height)))
        let rect = Rect(x: frame.minX + (frame.width - size.width) / 2 + indicatorCenterOffset.x,
                        y: frame.minY + (frame.height - size.height) / 2 + indicatorCenterOffset.y,
                        width: size.width, height: size.height)
        list.append(.image(ImageDraw(key: source, image: image, rect: rect)))
    }

    /// Where the image goes in the frame, and which part of it shows, for the content mode.
    func placement(of image: RGBAImage) -> (rect: Rect, source: Rect) {
        let width = Double(image.width)
        let height = Double(image.height)
        let whole = Rect(x: 0, y: 0, width: width, height: height)
        switch contentMode {
        case .scaleToFill:
            return (frame, whole)
        case .scaleAspectFit:
            let scale = min(frame.width / width, frame.height / height)
            let size = Size(width: width * scale, height: height * scale)
            return (Rect(x: frame.minX + (frame.width - size.width) / 2, y: frame.minY + (frame.height - size.height) / 2,
                         width: size.width, height: size.height), whole)
        case .scaleAspectFill:
            let scale = max(frame.width / width, frame.height / height)
            let visible = Size(width: frame.width / scale, height: frame.height / scale)
            return (frame, Rect(x: (width - visible.width) / 2, y: (height - visible.height) / 2, width: visible.width, height: visible.height))
        }
    }
}
