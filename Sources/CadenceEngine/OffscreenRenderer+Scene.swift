import CadenceDraw
import CadenceRender
import CadenceScene
import CadenceText

extension DrawContext {
    /// A context with `fonts` (the shared library unless told) and an `ImageStore` that has
    /// started loading every image `scene` shows (built-in images and files, off the main thread).
    public static func loading(_ scene: Scene, fonts: FontLibrary = .shared) -> DrawContext {
        let images = ImageStore()
        images.prefetch(scene.imageSources)
        return DrawContext(fonts: fonts, images: images)
    }
}

extension OffscreenRenderer {
    /// A renderer of `scene`'s own size, drawing with `backend`.
    ///
    /// Fails as `init(width:height:)` does, and with `.invalidOption` when the scene's size is
    /// not a whole number of pixels of at least 1 × 1.
    public convenience init(sizeOf scene: Scene, backend: RenderBackendKind = .default) throws(EngineError) {
        let size = scene.size
        guard size.width.isFinite, size.height.isFinite, size.width >= 1, size.height >= 1,
              size.width <= Double(SceneFile.maximumFrameSide), size.height <= Double(SceneFile.maximumFrameSide) else {
            throw .invalidOption(name: "size", message: "\(size.width)x\(size.height) is not a frame size")
        }
        try self.init(width: Int(size.width.rounded()), height: Int(size.height.rounded()), backend: backend)
    }

    /// What `scene` shows at `time` seconds, as an image of this renderer's size (the scene is
    /// fitted to it). Images load through `context`; nil loads those `scene` names and shapes
    /// text with this renderer's fonts.
    ///
    /// ```swift
    /// let renderer = try OffscreenRenderer(width: 320, height: 240)
    /// let frame = try renderer.render(scene, at: 0.25)
    /// ```
    public func render(_ scene: Scene, at time: Double, context: DrawContext? = nil) throws(EngineError) -> RGBAImage {
        guard time.isFinite else { throw .invalidOption(name: "time", message: "must be a finite number of seconds, got \(time)") }
        let list: DisplayList
        do throws(TextError) {
            list = try scene.displayList(at: time, size: frameSize, in: context ?? .loading(scene, fonts: fonts))
        } catch {
            throw .text(error)
        }
        return try render(list)
    }

    /// What `scene` shows at each of `times`, in order (images loaded once for all of them).
    public func render(_ scene: Scene, at times: [Double], context: DrawContext? = nil) throws(EngineError) -> [RGBAImage] {
        let context = context ?? .loading(scene, fonts: fonts)
        var frames: [RGBAImage] = []
        for time in times { frames.append(try render(scene, at: time, context: context)) }
        return frames
    }
}
