import CadenceDraw

/// Where scenes get decoded images. `image(for:)` may block until the image is decoded (decoding
/// happens off the main thread); nil means it is missing or corrupt.
public protocol ImageProvider: Sendable {
    func image(for source: String) -> RGBAImage?
}

/// A provider with no images: every image view keeps its placeholder.
public struct NoImages: ImageProvider {
    /// A provider with no images.
    public init() {}
    /// Nil: no image is available.
    public func image(for source: String) -> RGBAImage? { nil }
}
