import CadenceDraw
import CadenceRender
import Testing

/// A backend that draws nothing and records what it was asked: the compositor's policy, alone.
@MainActor
final class RecordingBackend: RenderBackend {
    var width: Int
    var height: Int
    var redrawCost: RedrawCost = .cpu
    var description: String { "recording" }
    var drawCallCount: Int { draws.count }
    /// Each draw's damage: nil for a whole redraw.
    private(set) var draws: [[PixelRect]?] = []
    private(set) var reads: [[PixelRect]] = []

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    func draw(_ list: DisplayList, damage: [PixelRect]?) throws(RenderError) { draws.append(damage) }
    func finishDrawing() throws(RenderError) {}
    func read(_ regions: [PixelRect], into frame: inout RGBAImage) throws(RenderError) { reads.append(regions) }
}

@MainActor
@Suite struct FrameCompositorTests {
    static func list(boxAt x: Double, wide width: Double = 20, tall height: Double = 20) -> DisplayList {
        var list = DisplayList(size: Size(width: 200, height: 100), background: .white)
        list.roundedRect(RoundedRect(rect: Rect(x: x, y: 10, width: width, height: height), cornerRadius: 4, fill: .black))
        return list
    }

    @Test func theFirstFrameIsDrawnWholeAndAnUnchangedOneNotAtAll() throws {
        let backend = RecordingBackend(width: 200, height: 100)
        let compositor = FrameCompositor(backend: backend)
        #expect(try compositor.draw(Self.list(boxAt: 10), targetHoldsLast: true) == [PixelRect(width: 200, height: 100)!])
        #expect(compositor.lastRedrawWasWhole && compositor.lastRedrawnPixels == 200 * 100)
        #expect(try compositor.draw(Self.list(boxAt: 10), targetHoldsLast: true).isEmpty)
        #expect(compositor.lastRedrawn == nil && compositor.lastChanged == nil && compositor.lastRedrawnPixels == 0)
        #expect(backend.draws.count == 1)
    }

    @Test func aMovedBoxRedrawsOnlyWhereItWasAndIs() throws {
        let backend = RecordingBackend(width: 200, height: 100)
        let compositor = FrameCompositor(backend: backend)
        _ = try compositor.draw(Self.list(boxAt: 10), targetHoldsLast: true)
        let regions = try compositor.draw(Self.list(boxAt: 14), targetHoldsLast: true)
        #expect(!compositor.lastRedrawWasWhole)
        #expect(backend.draws.last == .some(regions))
        // The old and new boxes, rounded out: inside the band the box moves in.
        let area = regions.totalArea
        #expect(area > 0 && area < 200 * 100 / 4)
        for region in regions {
            #expect(region.minX >= 0 && region.maxX <= 60 && region.minY >= 0 && region.maxY <= 40, "\(region)")
        }
    }

    @Test func aTargetThatNoLongerHoldsTheLastFrameIsRedrawnWhole() throws {
        let backend = RecordingBackend(width: 200, height: 100)
        let compositor = FrameCompositor(backend: backend)
        _ = try compositor.draw(Self.list(boxAt: 10), targetHoldsLast: true)
        _ = try compositor.draw(Self.list(boxAt: 14), targetHoldsLast: false)
        #expect(backend.draws.last == .some(nil))
        // A new size: the same.
        backend.width = 300
        _ = try compositor.draw(Self.list(boxAt: 18), targetHoldsLast: true)
        #expect(backend.draws.last == .some(nil) && compositor.lastRedrawn == [PixelRect(width: 300, height: 100)!])
        // After forget().
        compositor.forget()
        _ = try compositor.draw(Self.list(boxAt: 22), targetHoldsLast: true)
        #expect(backend.draws.last == .some(nil))
    }

    @Test func whereTheDamageCostsMoreTheWholeFrameIsRedrawnAndTheDamageStillReported() throws {
        let backend = RecordingBackend(width: 200, height: 100)
        let compositor = FrameCompositor(backend: backend)
        _ = try compositor.draw(Self.list(boxAt: 0, wide: 190, tall: 80), targetHoldsLast: true)
        _ = try compositor.draw(Self.list(boxAt: 5, wide: 195, tall: 80), targetHoldsLast: true)
        #expect(compositor.lastRedrawWasWhole)
        #expect(compositor.lastChanged != compositor.lastRedrawn)
        #expect((compositor.lastChanged ?? []).totalArea < 200 * 100)
        // With no cost model, the damage path whatever it costs.
        compositor.redrawCost = nil
        _ = try compositor.draw(Self.list(boxAt: 0, wide: 190), targetHoldsLast: true)
        #expect(!compositor.lastRedrawWasWhole)
        // --full-redraw.
        compositor.fullRedraw = true
        _ = try compositor.draw(Self.list(boxAt: 1, wide: 190), targetHoldsLast: true)
        #expect(compositor.lastRedrawWasWhole && compositor.lastChanged == compositor.lastRedrawn)
    }

    @Test func renderReadsBackOnlyWhatChangedIntoTheKeptFrame() throws {
        let backend = RecordingBackend(width: 200, height: 100)
        let compositor = FrameCompositor(backend: backend)
        _ = try compositor.render(Self.list(boxAt: 10))
        _ = try compositor.render(Self.list(boxAt: 10))
        _ = try compositor.render(Self.list(boxAt: 12))
        #expect(backend.reads.count == 3)
        #expect(backend.reads[0] == [PixelRect(width: 200, height: 100)!])
        #expect(backend.reads[1].isEmpty)
        #expect(backend.reads[2] == compositor.lastRedrawn)
        #expect(compositor.keptFrame?.width == 200)
    }

    @Test func pixelRectsRoundOutwardsAndClampAbsurdCoordinates() {
        #expect(PixelRect(covering: Rect(x: 0.5, y: 1.2, width: 2, height: 2), width: 10, height: 10) == PixelRect(minX: 0, minY: 1, maxX: 3, maxY: 4))
        #expect(PixelRect(covering: Rect(x: -1e308, y: -1e308, width: .infinity, height: .infinity), width: 10, height: 10) == PixelRect(width: 10, height: 10))
        #expect(PixelRect(covering: Rect(x: .nan, y: 0, width: 1, height: 1), width: 10, height: 10) == nil)
        #expect(PixelRect(covering: Rect(x: 20, y: 0, width: 1, height: 1), width: 10, height: 10) == nil)
        #expect(PixelRect(x: Int.max, y: 0, width: 2, height: 1) == nil)
        #expect(PixelRect.bounds(of: [PixelRect(x: 1, y: 1, width: 1, height: 1)!, PixelRect(x: 5, y: 0, width: 2, height: 3)!]) == PixelRect(minX: 1, minY: 0, maxX: 7, maxY: 3))
    }
}
