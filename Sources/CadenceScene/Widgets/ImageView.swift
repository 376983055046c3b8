import CadenceDraw

/// Where scenes get decoded images. `image(for:)` may block until the image is decoded (decoding
/// happens off the main thread); nil means it is missing or corrupt.
public protocol ImageProvider: Sendable {
    func image(for source: String) -> RGBAImage?
}

/// A provider with no images: every image view keeps its placeholder.
public struct NoImages: ImageProvider {
    /// A provider with no images.
    public init() {}
    /// Nil: no image is available.
    public func image(for source: String) -> RGBAImage? { nil }
}

/// An image view that loads images with a loading indicator and a cross-dissolve, as
/// Kingfisher's `setImage` on a `UIImageView`.
///
/// Rules it keeps (REFERENCE.md):
/// - a load shows the placeholder and starts the indicator; on completion the indicator stops and
///   the image cross-dissolves in over `transitionDuration` (0.2 s by default);
/// - an image already in the memory cache (loaded and finished before) appears at once, with no
///   indicator and no dissolve, unless `forceTransition`;
/// - indicator starts and stops are reference-counted (overlapping loads keep it spinning);
/// - a missing or corrupt image leaves the placeholder in place.
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
    }

    /// One load: the image asked for, when, and when it completes.
    public struct Load: Sendable, Hashable {
        /// The image source: `builtin:NAME` or a path.
        public var source: String
        /// When the load starts, in seconds.
        public var start: Double
        /// When the image is ready: at once from the memory cache, else after the latency.
        public var completion: Double
        /// Whether the image came from the memory cache (no indicator, no dissolve).
        public var fromCache: Bool
        /// Whether the dissolve runs even for a cached image.
        public var forceTransition: Bool
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

    /// Starts loading `source` at `time`; it is ready `latency` seconds later, or at once when an
    /// earlier load of it has finished (memory cache).
    public mutating func load(_ source: String, latency: Double = 0, forceTransition: Bool = false, at time: Double) {
        let cached = loads.contains { $0.source == source && $0.completion <= time }
        let load = Load(source: source, start: time, completion: cached ? time : time + max(latency, 0), fromCache: cached,
                        forceTransition: forceTransition)
        loads.append(load)
        if !cached, indicator == .activity {
            spinner.startAnimating(at: load.start)
            spinner.stopAnimating(at: load.completion)
        }
    }

    /// Every image source the view will need, for prefetching.
    public var sources: [String] {
        var all = loads.map(\.source)
        if let placeholder { all.append(placeholder) }
        if case .image(let source) = indicator { all.append(source) }
        return all
    }

    /// Draws the view as it is at `time`, with images from `images`.
    public func draw(at time: Double, images: any ImageProvider, into list: inout DisplayList) {
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
            } else {
                let dissolves = !latest.fromCache || latest.forceTransition
                let progress = dissolves && transitionDuration > 0 ? min(max((time - latest.completion) / transitionDuration, 0), 1) : 1
                let loaded = images.image(for: latest.source) != nil
                if let shown, progress < 1 || !loaded { drawImage(shown, alpha: loaded ? 1 - progress : 1, images: images, into: &list) }
                if loaded { drawImage(latest.source, alpha: progress, images: images, into: &list) }
            }
        }
        if indicator == .activity {
            var centred = spinner
            centred.frame = frame
            centred.draw(at: time, into: &list)
        }
    }

    private func drawImage(_ source: String, alpha: Double, images: any ImageProvider, into list: inout DisplayList) {
        guard let image = images.image(for: source), alpha > 0 else { return }
        let (rect, crop) = placement(of: image)
        list.append(.image(ImageDraw(key: source, image: image, rect: rect, source: crop, alpha: alpha)))
    }

    private func drawCentred(_ source: String, images: any ImageProvider, into list: inout DisplayList) {
        guard let image = images.image(for: source) else { return }
        let size = Size(width: Double(image.width), height: Double(image.height))
        let rect = Rect(x: frame.minX + (frame.width - size.width) / 2, y: frame.minY + (frame.height - size.height) / 2,
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
