import CadenceDraw

/// The frame loop's one compositor: given each frame's display list, it decides what a backend
/// redraws — nothing when nothing changed, only the damage since the last frame (a few rectangles
/// around the commands that differ), or everything where that is estimated cheaper or the target
/// no longer holds the last frame — and keeps the last frame read back, patched in place.
///
/// The offscreen path (`OffscreenRenderer`: dumps, sinks, benchmarks, goldens) and the window
/// (`WindowFrames`) both draw through it, so the damage policy is written once and the benchmarks
/// time what users run. The pixels are those of a whole redraw either way (tested frame by frame
/// on both backends).
@MainActor
public final class FrameCompositor {
    /// What draws the frames.
    public let backend: any RenderBackend
    /// Redraw everything each frame instead of only what changed (`--full-redraw`).
    public var fullRedraw = false
    /// How the damage path's cost is weighed against a whole redraw each frame: the backend's own
    /// weights unless set; nil takes the damage path whenever something changed, whatever it costs
    /// (for tests of that path).
    public var redrawCost: RedrawCost?
    /// The pixel rectangles the last frame redrew: the whole frame, the damaged parts (possibly
    /// none, when the damage lay outside the frame), or nil when nothing had changed.
    public private(set) var lastRedrawn: [PixelRect]?
    /// The pixel rectangles where the last frame may differ from the one before: the damage
    /// whenever it was computed (also when the frame was redrawn whole because that was cheaper),
    /// the whole frame otherwise, or nil when nothing had changed. What an APNG frame holds.
    public private(set) var lastChanged: [PixelRect]?
    /// Whether the last frame was redrawn whole.
    public private(set) var lastRedrawWasWhole = false
    /// The frame as of the last read-back (straight alpha), patched in place by `render`; nil
    /// before the first, or after `forget()`.
    public var keptFrame: RGBAImage?
    /// The list the backend's target holds, and the target's size then.
    private var previous: (list: DisplayList, width: Int, height: Int)?

    /// A compositor drawing through `backend`, with the backend's redraw-cost weights.
    public init(backend: any RenderBackend) {
        self.backend = backend
        redrawCost = backend.redrawCost
    }

    /// The pixels the last frame redrew (rectangles may overlap: an upper bound).
    public var lastRedrawnPixels: Int { lastRedrawn?.totalArea ?? 0 }

    /// Forgets what the target and the kept frame hold: the next frame is drawn whole. For when
    /// something else drew into the target.
    public func forget() {
        previous = nil
        keptFrame = nil
    }

    /// Draws `list` (in the target's pixels) over the backend's target and returns the regions
    /// where the target changed, to read back or present: none when nothing changed.
    ///
    /// Only the damage since the last list is redrawn when `targetHoldsLast` (the kept frame, a
    /// queued read or a window's back buffer holds every pixel outside it) and the target is the
    /// size it was; else everything.
    public func draw(_ list: DisplayList, targetHoldsLast: Bool) throws(RenderError) -> [PixelRect] {
        let width = backend.width, height = backend.height
        let last = previous
        previous = (list, width, height)
        let whole = PixelRect(width: width, height: height).map { [$0] } ?? []
        if !fullRedraw, targetHoldsLast, let last, last.width == width, last.height == height {
            guard let damage = list.damageRegion(since: last.list) else {
                lastRedrawn = nil
                lastChanged = nil
                lastRedrawWasWhole = false
                return []
            }
            let regions = damage.compactMap { PixelRect(covering: $0, width: width, height: height) }
            // Where redrawing the damage would cost more than the whole frame, the whole frame
            // (the pixels outside the damage come out as they were).
            if !(redrawCost?.prefersWholeRedraw(of: list, over: damage, width: width, height: height) ?? false) {
                if !regions.isEmpty {
                    try backend.draw(list, damage: regions)
                }
                lastRedrawn = regions
                lastChanged = regions
                lastRedrawWasWhole = false
                return regions
            }
            try backend.draw(list, damage: nil)
            lastRedrawn = whole
            lastChanged = regions
            lastRedrawWasWhole = true
            return whole
        }
        try backend.draw(list, damage: nil)
        lastRedrawn = whole
        lastChanged = whole
        lastRedrawWasWhole = true
        return whole
    }

    /// Draws `list` (in the target's pixels) and reads what changed back into the kept frame,
    /// which it returns: a frame where nothing moved costs a comparison.
    public func render(_ list: DisplayList) throws(RenderError) -> RGBAImage {
        let width = backend.width, height = backend.height
        if let kept = keptFrame, kept.width != width || kept.height != height { keptFrame = nil }
        if fullRedraw {
            // Every frame whole: the backend may draw straight into the kept frame, leaving its
            // target holding something else (which no later frame reads: each is whole).
            var kept = keptFrame ?? RGBAImage(width: width, height: height)
            keptFrame = nil
            previous = nil
            try backend.drawWhole(list, into: &kept)
            let whole = PixelRect(width: width, height: height).map { [$0] } ?? []
            lastRedrawn = whole
            lastChanged = whole
            lastRedrawWasWhole = true
            keptFrame = kept
            return kept
        }
        let regions = try draw(list, targetHoldsLast: keptFrame != nil)
        var kept = keptFrame ?? RGBAImage(width: width, height: height)
        keptFrame = nil  // let `kept` be the only owner while it is patched
        do {
            try backend.read(regions, into: &kept)
        } catch {
            previous = nil
            throw error
        }
        keptFrame = kept
        return kept
    }
}
