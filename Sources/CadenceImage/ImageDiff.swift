import CadenceDraw

/// How two images of the same size differ, pixel by pixel.
///
/// A pixel differs when any of its channels differs by more than `tolerance`. The diff image
/// shows the expected image faded to a quarter of its contrast, with differing pixels in
/// solid red, so a person sees at a glance where the change is.
public struct ImageDiff: Sendable {
    /// The largest difference of any channel of any pixel, 0 ... 255.
    public let maxChannelDelta: Int
    /// How many pixels differ by more than the tolerance.
    public let differingPixels: Int
    /// The pixels compared.
    public let totalPixels: Int
    /// An image of the differences: differing pixels in red over a faded grey copy of the expected image.
    public let diffImage: RGBAImage

    /// `differingPixels / totalPixels`, 0 for empty images.
    public var differingFraction: Double {
        totalPixels == 0 ? 0 : Double(differingPixels) / Double(totalPixels)
    }

    /// Compares `actual` with `expected`; nil when their sizes differ.
    public init?(expected: RGBAImage, actual: RGBAImage, tolerance: Int) {
        guard expected.width == actual.width, expected.height == actual.height else { return nil }
        var diff = RGBAImage(width: expected.width, height: expected.height)
        var maxDelta = 0
        var differing = 0
        expected.pixels.withUnsafeBufferPointer { e in
            actual.pixels.withUnsafeBufferPointer { a in
                diff.pixels.withUnsafeMutableBufferPointer { d in
                    for offset in stride(from: 0, to: e.count, by: 4) {
                        var pixelDelta = 0
                        for channel in 0..<4 {
                            pixelDelta = max(pixelDelta, abs(Int(e[offset + channel]) - Int(a[offset + channel])))
                        }
                        maxDelta = max(maxDelta, pixelDelta)
                        if pixelDelta > tolerance {
                            differing += 1
                            d[offset] = 255
                            d[offset + 1] = 0
                            d[offset + 2] = 0
                        } else {
                            let luma = (Int(e[offset]) * 3 + Int(e[offset + 1]) * 6 + Int(e[offset + 2])) / 10
                            let faded = UInt8(192 + luma / 4)
                            d[offset] = faded
                            d[offset + 1] = faded
                            d[offset + 2] = faded
                        }
                        d[offset + 3] = 255
                    }
                }
            }
        }
        maxChannelDelta = maxDelta
        differingPixels = differing
        totalPixels = expected.width * expected.height
        diffImage = diff
    }
}
