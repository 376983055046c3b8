import CadenceDraw
import CadenceLayers
import CadenceText

/// What drawing a scene needs besides the scene: where text is shaped and where images come
/// from. Passed to `Scene.displayList(at:in:)` instead of reaching for globals, so that a test
/// can pin its own fonts and images.
///
/// ```swift
/// let list = try scene.displayList(at: 0.5, in: RenderContext(fonts: FontLibrary()))
/// ```
public struct RenderContext: Sendable {
    /// Where text is shaped and laid out.
    public var fonts: FontLibrary
    /// Where images come from, by source (`builtin:NAME` or a path).
    public var images: any ImageProvider

    /// A context shaping text with `fonts` (the process-wide library unless told) and taking
    /// images from `images` (none unless told: image views keep their placeholders).
    public init(fonts: FontLibrary = .shared, images: any ImageProvider = NoImages()) {
        self.fonts = fonts
        self.images = images
    }
}

extension Scene {
    /// What the scene shows at `time` seconds from its start, at its own size, its text laid out
    /// by the process-wide `FontLibrary.shared` and its images from `images`.
    public func displayList(at time: Double, images: any ImageProvider = NoImages()) throws(TextError) -> DisplayList {
        try displayList(at: time, fonts: FontLibrary.shared, images: images)
    }

    /// What the scene shows at `time` seconds from its start, drawn with `context`'s fonts and
    /// images.
    public func displayList(at time: Double, in context: RenderContext) throws(TextError) -> DisplayList {
        try displayList(at: time, fonts: context.fonts, images: context.images)
    }

    /// What the scene shows at `time`, drawn with `context`'s fonts and images and fitted to a
    /// frame of `target` as it is drawn (see `displayList(at:fonts:images:fittedTo:)`).
    public func displayList(at time: Double, in context: RenderContext, fittedTo target: Size) throws(TextError) -> DisplayList {
        try displayList(at: time, fonts: context.fonts, images: context.images, fittedTo: target)
    }
}
