/// The image cache every image view of a scene shares, as Kingfisher's `ImageCache.default`: a
/// source loaded by one view is a memory-cache hit for every view that loads it afterwards. It
/// records only what is cached from when; decoding pixels is the `ImageProvider`'s business.
///
/// Rules it keeps:
/// - a source is in the cache from the moment its first load finished, not before (a load still
///   running is no hit; overlapping loads each go to the network);
/// - it is keyed by source alone, whatever view or placeholder loaded it.
///
/// The scene owns one and passes it to every `loadImage` event in time order
/// (`Widget.apply(_:at:imageCache:)`), so the answers are the same however frames are rendered.
public struct ImageCache: Sendable, Hashable {
    /// Where a load found its image, as Kingfisher's `CacheType`.
    public enum CacheType: String, Sendable, Hashable, CaseIterable {
        /// Downloaded: the only case that cross-dissolves unless `forceTransition`.
        case none
        /// Found in memory: shown at once.
        case memory
        /// Found on disk: shown once read (the load's `latency`), with no dissolve.
        case disk
    }

    private var readyTimes: [String: Double] = [:]

    /// An empty cache.
    public init() {}

    /// Where a load of `source` begun at `time` finds it: `.memory` when an earlier load of it
    /// has finished by then, `.none` otherwise.
    public func cacheType(of source: String, at time: Double) -> CacheType {
        guard let ready = readyTimes[source], ready <= time else { return .none }
        return .memory
    }

    /// Records that `source` is cached from `time` on (the earliest time recorded wins).
    public mutating func store(_ source: String, readyAt time: Double) {
        readyTimes[source] = min(readyTimes[source] ?? time, time)
    }
}
