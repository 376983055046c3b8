import CGL
import CGLFW
import CadenceTiming

/// Drives a `VSyncSource` from a GLFW window: each vsync's callbacks draw, then the window swaps.
///
/// With swap interval 1 the swap blocks until vsync where the platform honours it, and that paces
/// the loop. Where it does not — the swap returns at once, as under Xvfb — the driver notices
/// during its first frames (the median swap call takes under a quarter of a period, or the
/// renderer is Mesa's software one, which never waits for vblank) and paces
/// itself on absolute deadlines at the monitor's refresh rate (`DeadlineDriver`), never with
/// relative sleeps.
@MainActor
public final class WindowDriver {
    /// The window whose frames are driven.
    public let window: WindowContext
    /// The vsync source the display links attach to, at the monitor's refresh rate.
    public let source: VSyncSource
    /// Frames used to decide whether the swap blocks on vsync.
    public let probeFrames = 6
    /// True once the driver found that swaps do not wait for vsync and paces itself.
    public private(set) var pacesItself = false

    /// A driver at the refresh rate of the primary monitor (60 Hz when it reports none).
    public init(window: WindowContext) {
        self.window = window
        let rate = Self.monitorRefreshRate()
        // A positive finite rate cannot fail.
        source = (try? VSyncSource(refreshRate: rate)) ?? (try! VSyncSource(refreshRate: 60))
    }

    /// Whether the current GL context renders in software (llvmpipe, softpipe, swrast).
    static var isSoftwareRenderer: Bool {
        let renderer = glGetString(GLenum(GL_RENDERER)).map { String(cString: $0).lowercased() } ?? ""
        return ["llvmpipe", "softpipe", "swrast"].contains { renderer.contains($0) }
    }

    /// The primary monitor's refresh rate in Hz, or 60 where GLFW reports none.
    public static func monitorRefreshRate() -> Double {
        guard let monitor = glfwGetPrimaryMonitor(), let mode = glfwGetVideoMode(monitor), mode.pointee.refreshRate > 0 else {
            return 60
        }
        return Double(mode.pointee.refreshRate)
    }

    /// Runs until `frames` vsyncs were delivered, the window is asked to close, or `shouldStop`.
    @discardableResult
    public func run(frames: Int? = nil, shouldStop: @MainActor () -> Bool = { false }) -> FrameStats {
        var stats = FrameStats()
        func stop() -> Bool { window.shouldClose || shouldStop() }
        // Mesa's software rasterisers never wait for vblank (see below): nothing to probe.
        let software = Self.isSoftwareRenderer
        let probe = software ? 0 : min(probeFrames, frames ?? probeFrames)
        let periodNanoseconds = 1e9 / source.refreshRate

        // Probe: let the swap pace, and time the swap call itself. A swap that waits for vsync
        // blocks for what is left of the period; one that does not (Xvfb) returns at once. The
        // intervals between frames cannot tell them apart on a loaded machine, where the work
        // alone can take longer than a period.
        var swapDurations: [Double] = []
        var lastSwapReturn = HostClock.now()
        var index = 0
        while index < probe, !stop() {
            let start = HostClock.now()
            source.deliver(vsync: index)
            let swapStart = HostClock.now()
            window.present()
            let end = HostClock.now()
            window.pollEvents()
            stats.recordFrame(latenessNanoseconds: 0, workNanoseconds: end - start)
            swapDurations.append(Double(end - swapStart))
            lastSwapReturn = end
            index += 1
        }
        swapDurations.sort()
        let median = swapDurations.isEmpty ? periodNanoseconds : swapDurations[swapDurations.count / 2]
        // Mesa's software rasterisers present by copying the frame to the X server, with no wait
        // for vblank; on a loaded machine that copy can take long enough to look like a wait, so
        // they are recognised by name rather than by timing.
        pacesItself = software || median < periodNanoseconds / 4
        // With no vsync to wait for, a swap is just a copy of the whole frame to the screen:
        // copy only what changed instead, where the window can.
        window.presentsRegions = pacesItself

        let remaining = frames.map { $0 - index }
        if remaining.map({ $0 <= 0 }) ?? false { return stats }
        if pacesItself {
            let deadlines = DeadlineDriver(source: source)
            deadlines.afterFrame = { [window] in
                window.present()
                window.pollEvents()
            }
            return deadlines.run(frames: remaining, firstIndex: index, stats: stats, shouldStop: stop)
        }
        // The swap blocks on vsync: its return marks each vsync; a late one means dropped frames.
        let origin = lastSwapReturn
        let firstIndex = index
        var delivered = 0
        while remaining.map({ delivered < $0 }) ?? true, !stop() {
            let start = HostClock.now()
            source.deliver(vsync: index)
            window.present()
            window.pollEvents()
            let end = HostClock.now()
            let due = origin + UInt64((Double(index - firstIndex + 1) * periodNanoseconds).rounded())
            stats.recordFrame(latenessNanoseconds: end > due ? end - due : 0, workNanoseconds: end - start)
            delivered += 1
            let reached = firstIndex + Int((Double(end - origin) / periodNanoseconds).rounded())
            stats.recordDropped(reached - index - 1, at: reached)
            index = max(index + 1, reached)
        }
        return stats
    }
}
