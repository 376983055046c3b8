import CadenceDraw
import CadenceImage
import CadencePlatform
import CadenceRender
import CadenceTiming
import Foundation

/// Renders each frame offscreen and writes it as `frame_NNNNN.png` (the frame's index) into a
/// folder, encoding on other cores through a bounded queue so memory stays flat: what
/// `cadence render` does.
///
/// Frames go through `OffscreenRenderer.submit`, so with `.pbo` readback a frame is read while
/// the next is drawn. `finish()` (which the frame loop calls after the last frame) waits until
/// every file is written and throws the first PNG error; `waitForFiles()` does the same for code
/// that drives the sink by hand.
public final class PNGFileSink: FrameSink {
    /// The renderer the frames are drawn with.
    public let renderer: OffscreenRenderer

    /// The renderer's size: the loop fits the scene to it as it draws.
    public var frameSize: Size? { renderer.frameSize }
    /// Where the files go.
    public let directory: String
    /// Frames handed to the encoders so far.
    public private(set) var written = 0
    private let encoder: EncoderPool
    private let progress: (Int) -> Void
    /// Paths of the frames submitted and not yet back from the GPU, oldest first.
    private var inFlight: [String] = []
    /// For the same frames, the rows where each may differ from the frame before it.
    private var changes: [[Range<Int>]] = []

    /// A sink drawing with `renderer` into `directory` (which must exist), encoding with `png`
    /// on up to `jobs` threads; `progress(written)` is called as each frame is handed over.
    public init(renderer: OffscreenRenderer, directory: String, png: PNGOptions = PNGOptions(), jobs: Int = 1,
                progress: @escaping (Int) -> Void = { _ in }) {
        self.renderer = renderer
        self.directory = directory
        self.progress = progress
        encoder = EncoderPool(jobs: max(jobs, 1), options: png)
    }

    /// Whether an encoder has failed: the loop should stop.
    public var encodingFailed: Bool { encoder.failure != nil }

    public func take(_ list: DisplayList, frame: FrameInfo) throws(EngineError) {
        inFlight.append((directory as NSString).appendingPathComponent(FrameDump.fileName(ofFrame: frame.index)))
        let images = try renderer.submit(list)
        // Outside these rectangles the frame's pixels are the last frame's (the identity tests
        // hold the renderer to it), so the incremental encoder re-uses those rows' bands.
        changes.append((renderer.lastChanged ?? []).map { $0.minY..<$0.maxY })
        write(images)
    }

    /// Writes the last frames and waits for every file (`waitForFiles()`).
    public func finish() throws(EngineError) {
        write(try renderer.finish())
        try waitForFiles()
    }

    /// Waits until every frame handed over is written; throws the first encoding error.
    public func waitForFiles() throws(EngineError) {
        encoder.finish()
        if let error = encoder.failure { throw .png(error) }
    }

    private func write(_ images: [RGBAImage]) {
        for image in images {
            // GL goes on with the next frame while other cores encode this one.
            encoder.submit(image, to: inFlight.removeFirst(), changedRows: changes.removeFirst())
            written += 1
            progress(written)
        }
    }
}

/// Renders each frame offscreen and keeps the images in memory, in frame order.
public final class ImageSink: FrameSink {
    /// The renderer the frames are drawn with.
    public let renderer: OffscreenRenderer

    /// The renderer's size: the loop fits the scene to it as it draws.
    public var frameSize: Size? { renderer.frameSize }
    /// The frames so far.
    public private(set) var images: [RGBAImage] = []

    /// A sink drawing with `renderer`.
    public init(renderer: OffscreenRenderer) {
        self.renderer = renderer
    }

    /// A sink drawing with a new `width` × `height` renderer on `backend`.
    public convenience init(width: Int, height: Int, backend: RenderBackendKind = .default) throws(EngineError) {
        self.init(renderer: try OffscreenRenderer(width: width, height: height, backend: backend))
    }

    public func take(_ list: DisplayList, frame: FrameInfo) throws(EngineError) {
        images.append(try renderer.render(list))
    }
}

/// Renders each frame offscreen, reading it back as a dump would, and drops it: what the render
/// benchmark times.
public final class NullSink: FrameSink {
    /// The renderer the frames are drawn with.
    public let renderer: OffscreenRenderer

    /// The renderer's size: the loop fits the scene to it as it draws.
    public var frameSize: Size? { renderer.frameSize }
    /// Frames taken.
    public private(set) var frames = 0
    /// Pixels redrawn over all frames taken (`OffscreenRenderer.lastRedrawnPixels`).
    public private(set) var redrawnPixels = 0

    /// A sink drawing with `renderer`.
    public init(renderer: OffscreenRenderer) {
        self.renderer = renderer
    }

    public func take(_ list: DisplayList, frame: FrameInfo) throws(EngineError) {
        _ = try renderer.submit(list)
        frames += 1
        redrawnPixels += renderer.lastRedrawnPixels
    }

    public func finish() throws(EngineError) {
        _ = try renderer.finish()
    }
}

/// Shows each frame in a window, fitted to its framebuffer, redrawing only what changed where
/// the window allows it (`WindowFrames`).
public final class WindowSink: FrameSink {
    /// The window shown in.
    public let window: WindowContext
    /// How frames are drawn into it.
    public let frames: WindowFrames
    /// Called with each frame before it is drawn (the window benchmark notes the time).
    public var willShow: (FrameInfo) -> Void = { _ in }

    /// A sink drawing with `frames` into `window`.
    public init(window: WindowContext, frames: WindowFrames) {
        self.window = window
        self.frames = frames
    }

    public func take(_ list: DisplayList, frame: FrameInfo) throws(EngineError) {
        willShow(frame)
        guard let size = window.defaultFramebufferSize else { return }
        try frames.draw(list.fitted(to: Size(width: Double(size.width), height: Double(size.height))), size: size)
    }
}
