/// An 8-bit RGBA image with straight alpha, rows top first, 4 bytes a pixel, no padding.
///
/// Display lists carry images by value; the pixel array is shared, not copied, between frames.
public struct RGBAImage: Sendable, Hashable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The pixels: RGBA bytes, rows top first, `width × height × 4` of them.
    public var pixels: [UInt8]

    /// An image of `width` × `height` pixels, all set to `fill` (RGBA bytes).
    public init(width: Int, height: Int, fill: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)) {
        precondition(width >= 0 && height >= 0, "image size must not be negative")
        self.width = width
        self.height = height
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        if fill != (0, 0, 0, 0) {
            for offset in stride(from: 0, to: pixels.count, by: 4) {
                pixels[offset] = fill.0
                pixels[offset + 1] = fill.1
                pixels[offset + 2] = fill.2
                pixels[offset + 3] = fill.3
            }
        }
        self.pixels = pixels
    }

    /// Wraps existing bytes; `pixels.count` must be `width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "pixel buffer does not match \(width)x\(height)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The RGBA bytes of the pixel at column `x`, row `y` (row 0 at the top).
    public subscript(x: Int, y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let offset = (y * width + x) * 4
        return (pixels[offset], pixels[offset + 1], pixels[offset + 2], pixels[offset + 3])
    }
}
