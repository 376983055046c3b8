import CadenceAnimation
import CadenceDraw
import CadenceLayers

extension ImageView: Widget {
    /// What an image view's scripted events do.
    public enum Event: Sendable, Hashable {
        /// `load(_:latency:cache:forceTransition:at:sharedCache:)`, the source resolved against the scene
        /// file; `cache` nil asks the scene's shared cache.
        case loadImage(String, latency: Double, cache: ImageCache.CacheType? = nil, forceTransition: Bool)
        /// `reportProgress(_:at:)`: the running load has downloaded `fraction` (0 … 1).
        case progress(fraction: Double)
    }

    /// The node type as scene files name it.
    public static let typeName = "ImageView"
    /// The keys the node's `attributes` take, in the order messages list them.
    public static let attributeKeys = [
        "contentMode", "backgroundColor", "placeholder", "indicator", "indicatorImage", "indicatorImages", "indicatorFrameDuration",
        "customIndicator", "indicatorCenterOffset", "indicatorSize", "progressStyle", "transitionDuration",
        "spinnerLook", "spinnerStyle", "spinnerColor",
    ]
    /// `loadImage` (`source`, `latency` not negative, `cache` `memory`/`disk`/`none`, `forceTransition`)
    /// and `progress` (`fraction`, 0 … 1, required).
    public static let events: [WidgetEventType<Event>] = [
        WidgetEventType("loadImage", keys: ["source", "latency", "cache", "forceTransition"]) { event throws(SceneError) in
            let source = event.resolve(try event.string("source") ?? "")
            var latency = 0.0
            if let number = try event.number("latency") {
                guard number >= 0 else { throw event.error("must not be negative", key: "latency") }
                latency = number
            }
            var cache: ImageCache.CacheType?
            if let text = try event.string("cache") {
                guard let type = ImageCache.CacheType(rawValue: text) else { throw event.error("must be memory, disk or none\(Spelling.suggestion(for: text, among: ImageCache.CacheType.allCases.map(\.rawValue)))", key: "cache") }
                cache = type
            }
            return .loadImage(source, latency: latency, cache: cache, forceTransition: try event.bool("forceTransition") ?? false)
        },
        WidgetEventType("progress", keys: ["fraction"]) { event throws(SceneError) in
            guard let fraction = try event.number("fraction") else { throw event.error("missing", key: "fraction") }
            guard (0...1).contains(fraction) else { throw event.error("must be from 0 to 1, got \(fraction)", key: "fraction") }
            return .progress(fraction: fraction)
        },
    ]

    /// Reads the view: content mode, background, placeholder, loading indicator and transition.
    public init(frame: Rect, attributes: SceneAttributes) throws(SceneError) {
        self.init(frame: frame)
        if let text = try attributes.string("contentMode") {
            guard let mode = ContentMode(rawValue: text) else {
                throw attributes.error("must be scaleToFill, scaleAspectFit or scaleAspectFill\(Spelling.suggestion(for: text, among: ContentMode.allCases.map(\.rawValue)))", key: "contentMode")
            }
            contentMode = mode
        }
        if let color = try attributes.color("backgroundColor") { backgroundColor = color }
        placeholder = try attributes.string("placeholder").map(attributes.resolve)
        if let text = try attributes.string("indicator") {
            switch text {
            case "none": indicator = .none
            case "activity": indicator = .activity
            case "image":
                if let frames = try attributes.strings("indicatorImages") {
                    guard !frames.isEmpty else { throw attributes.error("must list at least one image", key: "indicatorImages") }
                    let duration = try attributes.number("indicatorFrameDuration") ?? 0.1
                    guard duration > 0 else { throw attributes.error("must be above 0 seconds, got \(duration)", key: "indicatorFrameDuration") }
                    indicator = .animatedImage(frames.map(attributes.resolve), frameDuration: duration)
                } else {
                    guard let source = try attributes.string("indicatorImage") else {
                        throw attributes.error("indicator 'image' needs indicatorImage or indicatorImages", key: "indicatorImage")
                    }
                    indicator = .image(attributes.resolve(source))
                }
            case "custom":
                guard let layer = try attributes.layer("customIndicator") else {
                    throw attributes.error("indicator 'custom' needs customIndicator (a layer object)", key: "customIndicator")
                }
                customIndicator = layer
                indicator = .custom
            case "progress":
                var style = ProgressStyle.ring
                if let text = try attributes.string("progressStyle") {
                    guard let parsed = ProgressStyle(rawValue: text) else {
                        throw attributes.error("must be ring or percentage, got '\(text)'\(Spelling.suggestion(for: text, among: ProgressStyle.allCases.map(\.rawValue)))", key: "progressStyle")
                    }
                    style = parsed
                }
                indicator = .progress(style)
            default: throw attributes.error("must be none, activity, image, progress or custom", key: "indicator")
            }
        }
        if let offset = try attributes.numbers("indicatorCenterOffset", count: 2) {
            indicatorCenterOffset = Point(x: offset[0], y: offset[1])
        }
        if let value = attributes["indicatorSize"] {
            if case .string(let text) = value {
                switch text {
                case "intrinsic": indicatorSize = .intrinsic
                case "full": indicatorSize = .full
                default: throw attributes.error("must be intrinsic, full or [width, height], got '\(text)'", key: "indicatorSize")
                }
            } else if let size = try attributes.numbers("indicatorSize", count: 2) {
                guard size[0] >= 0, size[1] >= 0 else { throw attributes.error("width and height must not be negative", key: "indicatorSize") }
                indicatorSize = .fixed(Size(width: size[0], height: size[1]))
            }
        }
        if let duration = try attributes.number("transitionDuration") {
            guard duration >= 0 else { throw attributes.error("must not be negative", key: "transitionDuration") }
            transitionDuration = duration
        }
        if let text = try attributes.string("spinnerLook") {
            guard let look = ActivityIndicator.Look(rawValue: text) else { throw attributes.error("must be modern or classic\(Spelling.suggestion(for: text, among: ActivityIndicator.Look.allCases.map(\.rawValue)))", key: "spinnerLook") }
            spinner.look = look
        }
        if let text = try attributes.string("spinnerStyle") {
            guard let style = ActivityIndicator.Style(rawValue: text) else { throw attributes.error("must be medium or large\(Spelling.suggestion(for: text, among: ActivityIndicator.Style.allCases.map(\.rawValue)))", key: "spinnerStyle") }
            spinner.style = style
        }
        spinner.color = try attributes.color("spinnerColor")
    }

    /// The sources loaded and the placeholder.
    public var imageSources: [String] { sources }

    /// Records `event` as happening at `time`, with this view's own loads as the cache.
    public mutating func apply(_ event: Event, at time: Double) {
        switch event {
        case .loadImage(let source, let latency, let cache, let force): load(source, latency: latency, cache: cache, forceTransition: force, at: time)
        case .progress(let fraction): reportProgress(fraction, at: time)
        }
    }

    /// Records `event` as happening at `time`, looking images up in the scene's shared cache.
    public mutating func apply(_ event: Event, at time: Double, imageCache: inout ImageCache) {
        switch event {
        case .loadImage(let source, let latency, let cache, let force):
            load(source, latency: latency, cache: cache, forceTransition: force, at: time, sharedCache: &imageCache)
        case .progress(let fraction): reportProgress(fraction, at: time)
        }
    }

    /// Draws what the widget shows at `time`: its own drawing, with the context's fonts and images.
    public func draw(at time: Double, context: DrawContext, into list: inout DisplayList) throws(TextError) {
        draw(at: time, images: context.images, motion: context.motion, into: &list)
        try drawPercentage(at: time, fonts: context.fonts, into: &list)
        try drawCustomIndicator(at: time, fonts: context.fonts, images: context.images, motion: context.motion, into: &list)
    }
}
