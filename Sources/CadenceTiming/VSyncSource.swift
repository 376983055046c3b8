/// The vsync signal that display links subscribe to: one per display, shared by any number of
/// links, fed by a driver (a window's swap, absolute deadlines, or a manual clock).
///
/// Vsync `n` is at `n / refreshRate` seconds from the source's start: drivers pass the index, and
/// timestamps are computed from it, never accumulated.
@MainActor
public final class VSyncSource {
    /// Refreshes per second, e.g. 60.
    public let refreshRate: Double
    /// Time dilation applied to `FrameInfo.animationTime`.
    public private(set) var timeDilation = TimeDilation()
    /// Statistics the driver records into, if it keeps any.
    public var stats: FrameStats?

    private var links: [DisplayLink] = []
    private var lastTimestamp: Double = 0

    /// A source refreshing `refreshRate` times a second; throws for a rate that is not finite and above 0.
    public init(refreshRate: Double) throws(TimingError) {
        guard refreshRate.isFinite, refreshRate > 0 else { throw .invalidRefreshRate(refreshRate) }
        self.refreshRate = refreshRate
    }

    /// The refresh interval in seconds.
    public var period: Double { 1 / refreshRate }

    /// The timestamp of vsync `index`, in seconds from the source's start.
    public func timestamp(ofVSync index: Int) -> Double {
        Double(index) / refreshRate
    }

    /// The links currently subscribed, in the order they were added.
    public var subscribers: [DisplayLink] { links }

    /// Slows animation time by `factor` from the last delivered vsync on (see `TimeDilation`).
    public func setTimeDilation(_ factor: Double) throws(TimingError) {
        try timeDilation.setFactor(factor, at: lastTimestamp)
    }

    func attach(_ link: DisplayLink) {
        guard !links.contains(where: { $0 === link }) else { return }
        links.append(link)
    }

    func detach(_ link: DisplayLink) {
        links.removeAll { $0 === link }
    }

    /// Calls every subscribed, unpaused link whose frame rate wants vsync `index`.
    ///
    /// Safe to add, remove, pause or invalidate links from inside a callback: a link added now
    /// gets its first frame on the next vsync, a link removed now gets no further call, not
    /// even later in this same vsync.
    public func deliver(vsync index: Int) {
        deliver(vsync: index, time: nil)
    }

    /// Calls the links as `deliver(vsync:)` does, with vsync `index` at `time` instead of
    /// `index / refreshRate`: a replayed or generated clock (`VSyncTrace`). The refresh interval
    /// in force is `time`'s, so a link's `duration` follows a variable refresh rate.
    public func deliver(vsync index: Int, at time: VSyncTime) {
        deliver(vsync: index, time: time)
    }

    private func deliver(vsync index: Int, time: VSyncTime?) {
        let timestamp = time?.timestamp ?? timestamp(ofVSync: index)
        lastTimestamp = timestamp
        let animationTime = timeDilation.animationTime(at: timestamp)
        for link in links where link.source === self {
            link.vsync(index: index, refreshRate: refreshRate, animationTime: animationTime, time: time)
        }
    }
}
