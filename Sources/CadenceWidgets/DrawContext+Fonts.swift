import CadenceDraw
import CadenceLayers
import CadenceText

extension DrawContext {
    /// A context shaping text with the process-wide `FontLibrary.shared` and taking images from
    /// `images` (none unless told: image views keep their placeholders).
    ///
    /// ```swift
    /// let list = try scene.displayList(at: 0.5, in: DrawContext(fonts: FontLibrary()))
    /// ```
    public init(images: any ImageProvider = NoImages()) {
        self.init(fonts: FontLibrary.shared, images: images)
    }
}

extension Scene {
    /// What the scene shows at `time` seconds from its start (at `size` when given), its text
    /// laid out by `FontLibrary.shared` and its images from `images`:
    /// `displayList(at:size:in:)` with `DrawContext(images:)`.
    public func displayList(at time: Double, size: Size? = nil, images: any ImageProvider = NoImages()) throws(TextError) -> DisplayList {
        try displayList(at: time, size: size, in: DrawContext(images: images))
    }
}
