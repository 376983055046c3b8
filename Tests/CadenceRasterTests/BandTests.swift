import CadenceDraw
import CadenceEngine
import CadenceRaster
import CadenceRender
import CadenceScene
import CadenceText
import Foundation
import Testing

/// The CPU backend drawn in several bands on several threads gives the same bytes as in one,
/// whole and through the compositor's damage, and the thread count is checked where it is read.
@Suite @MainActor struct BandTests {
    @Test(arguments: ["demo", "toast.json", "card-flip.json", "frosted-glass.json"])
    func bandsDrawTheSameBytesAsOneCanvas(name: String) throws {
        let scene = try BackendAgreementTests.scene(name)
        let width = Int(scene.size.width), height = Int(scene.size.height)
        let context = DrawContext.loading(scene)
        // Images load off the main thread: let them arrive so every backend sees the same list.
        Thread.sleep(forTimeInterval: 0.2)
        let counts = [1, 2, 3, 7]
        let compositors = counts.map { FrameCompositor(backend: RasterBackend(width: width, height: height, bands: $0)) }
        for time in stride(from: 0.0, through: 2.4, by: 0.2) {
            let list = try scene.displayList(at: time, in: context).fitted(to: Size(width: Double(width), height: Double(height)))
            let frames = try compositors.map { try $0.render(list) }
            for (count, frame) in zip(counts, frames).dropFirst() {
                #expect(frame == frames[0], "\(name) at \(time) s in \(count) bands")
            }
            let whole = RasterBackend(width: width, height: height, bands: 3)
            try whole.draw(list, damage: nil)
            #expect(try whole.readWhole() == frames[0], "\(name) at \(time) s, 3 bands drawn whole")
            #expect(whole.canvas == (compositors[0].backend as! RasterBackend).canvas, "\(name) at \(time) s: the bands put together")
        }
    }

    /// A whole frame drawn straight into the frame's pixels (what the compositor does under
    /// `fullRedraw`) gives the bytes of a draw into the canvas and a read of it, in any number of
    /// bands; and after it, turning `fullRedraw` off draws the next frame whole, not over a
    /// canvas that no longer holds the last frame.
    @Test(arguments: ["demo", "toast.json"])
    func drawingStraightIntoTheFrameGivesTheSameBytes(name: String) throws {
        let scene = try BackendAgreementTests.scene(name)
        let width = Int(scene.size.width), height = Int(scene.size.height)
        let context = DrawContext.loading(scene)
        Thread.sleep(forTimeInterval: 0.2)
        let reference = FrameCompositor(backend: RasterBackend(width: width, height: height, bands: 1))
        let counts = [1, 2, 3, 7]
        let compositors = counts.map { count in
            let compositor = FrameCompositor(backend: RasterBackend(width: width, height: height, bands: count))
            compositor.fullRedraw = true
            return compositor
        }
        for (index, time) in stride(from: 0.0, through: 2.4, by: 0.3).enumerated() {
            let list = try scene.displayList(at: time, in: context).fitted(to: Size(width: Double(width), height: Double(height)))
            let expected = try reference.render(list)
            if index == 5 { compositors.forEach { $0.fullRedraw = false } }
            for (count, compositor) in zip(counts, compositors) {
                let frame = try compositor.render(list)
                #expect(frame == expected, "\(name) at \(time) s in \(count) bands, fullRedraw \(compositor.fullRedraw)")
                #expect(compositor.lastRedrawWasWhole || index > 5, "\(name) at \(time) s: drawn whole")
            }
            var straight = RGBAImage(width: 1, height: 1)
            try RasterBackend(width: width, height: height, bands: 2).drawWhole(list, into: &straight)
            #expect(straight == expected, "\(name) at \(time) s: drawWhole into an image of another size")
        }
    }

    /// Small damage stays on the calling thread; damage of 65,536 pixels, or of a quarter of a
    /// small frame (16,384 pixels at least), and whole frames go to the bands.
    @Test func whichDamageIsDrawnInParallel() {
        let large = RasterBackend(width: 1280, height: 720, bands: 2)
        #expect(large.drawsInParallel(nil))
        #expect(!large.drawsInParallel([PixelRect(x: 0, y: 0, width: 200, height: 200)!]))
        #expect(large.drawsInParallel([PixelRect(x: 0, y: 0, width: 256, height: 256)!]))
        let small = RasterBackend(width: 240, height: 240, bands: 2)
        #expect(small.drawsInParallel([PixelRect(x: 0, y: 0, width: 130, height: 130)!]))
        #expect(!small.drawsInParallel([PixelRect(x: 0, y: 0, width: 100, height: 100)!]))
        let tiny = RasterBackend(width: 100, height: 100, bands: 2)
        #expect(tiny.drawsInParallel(nil))
        #expect(!tiny.drawsInParallel([PixelRect(x: 0, y: 0, width: 100, height: 100)!]))
        #expect(!RasterBackend(width: 1280, height: 720, bands: 1).drawsInParallel(nil))
    }

    @Test func smallFramesUseFewerBands() {
        #expect(RasterBackend(width: 10, height: 40, bands: 8).bandCount == 2)
        #expect(RasterBackend(width: 10, height: 5, bands: 8).bandCount == 1)
        #expect(RasterBackend(width: 0, height: 0, bands: 8).bandCount == 1)
        #expect(RasterBackend(width: 10, height: 4000, bands: 500).bandCount == RasterBackend.maximumBands)
    }

    @Test func theThreadCountComesFromTheEnvironmentOrTheCores() throws {
        let variable = RenderBackendKind.rasterThreadsVariable
        #expect(try RenderBackendKind.rasterThreads(environment: [variable: "3"]) == 3)
        #expect(try RenderBackendKind.rasterThreads(besides: 100, environment: [variable: " 2 "]) == 2)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        #expect(try RenderBackendKind.rasterThreads(environment: [:]) == min(max(cores, 1), 4))
        #expect(try RenderBackendKind.rasterThreads(besides: cores, environment: [:]) == 1)
        for bad in ["0", "65", "-1", "two", "", "1e9", "99999999999999999999"] {
            #expect(throws: EngineError.invalidOption(name: variable, message: "must be a whole number from 1 to 64, not \"\(bad)\"; unset it for the default (one thread a core, at most 4)")) {
                try RenderBackendKind.rasterThreads(environment: [variable: bad])
            }
        }
    }

    /// Glyphs are rasterised by the fonts the renderer was given, and scenes it draws are shaped
    /// with them: not by the process-wide library.
    @Test func theRenderersFontsShapeAndRasteriseItsText() throws {
        let fonts = FontLibrary()
        let renderer = try OffscreenRenderer(width: 64, height: 32, backend: .cpu, fonts: fonts)
        #expect(renderer.fonts === fonts)
        #expect((renderer.compositor.backend as? RasterBackend)?.renderer.fonts === fonts)
        let scene = try BackendAgreementTests.scene("toast.json")
        let mine = try OffscreenRenderer(sizeOf: scene, backend: .cpu)
        let theirs = try OffscreenRenderer(width: mine.width, height: mine.height, backend: .cpu, fonts: fonts)
        #expect(try theirs.render(scene, at: 1.0) == (try mine.render(scene, at: 1.0)))
    }

    /// A path's mask covers the whole frame: the bands rasterise it once between them, in one
    /// thread or several, and keep it while frames draw it.
    @Test func bandsShareOnePathMask() throws {
        var list = DisplayList(size: Size(width: 200, height: 160), background: .white)
        let star = [Point(x: 100, y: 10), Point(x: 130, y: 150), Point(x: 20, y: 60), Point(x: 180, y: 60), Point(x: 70, y: 150)]
        list.append(.path(PathFill(contours: [star], fillRule: .evenOdd, color: .black, blur: 2)))
        let backend = RasterBackend(width: 200, height: 160, bands: 4)
        #expect(backend.bandCount == 4)
        try backend.draw(list, damage: nil)
        try backend.draw(list, damage: [PixelRect(x: 0, y: 0, width: 200, height: 160)!])
        try backend.draw(list, damage: [PixelRect(x: 90, y: 20, width: 20, height: 130)!])
        #expect(backend.renderer.rasterisedPathCount == 1)
        let one = RasterBackend(width: 200, height: 160, bands: 1)
        try one.draw(list, damage: nil)
        #expect(try backend.readWhole() == (try one.readWhole()))
    }
}
