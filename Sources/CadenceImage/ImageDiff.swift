import CadenceDraw

/// How two images of the same size differ, pixel by pixel.
///
/// A pixel differs when any of its channels differs by more than `tolerance`. The diff image
/// shows the expected image faded to a quarter of its contrast, with differing pixels in
/// solid red, so a person sees at a glance where the change is; the isolated diff holds only
/// the differing pixels, as the actual image has them, on transparency (Flutter's isolated diff).
public struct ImageDiff: Sendable {
    /// The default tolerance of every golden check — `CadenceTesting`'s `FrameTolerance.standard`,
    /// `cadence compare` and the snapshot strategies: 2 levels per channel…
    public static let defaultTolerance = 2
    /// … on every pixel (none may differ by more). One changed digit of a counting label changes
    /// a few hundred pixels by far more than 2 levels, so it fails; GL drivers that round a blend
    /// differently by a level or two still match.
    public static let defaultDifferingFraction = 0.0

    /// The largest difference of any channel of any pixel, 0 ... 255.
    public let maxChannelDelta: Int
    /// How many pixels differ by more than the tolerance.
    public let differingPixels: Int
    /// The pixels compared.
    public let totalPixels: Int
    /// An image of the differences: differing pixels in red over a faded grey copy of the expected image.
    public let diffImage: RGBAImage
    /// Only the differing pixels, in the actual image's colours and opaque; every other pixel
    /// transparent.
    public let isolatedImage: RGBAImage

    /// `differingPixels / totalPixels`, 0 for empty images.
    public var differingFraction: Double {
        totalPixels == 0 ? 0 : Double(differingPixels) / Double(totalPixels)
    }

    /// Compares `actual` with `expected`; nil when their sizes differ.
    public init?(expected: RGBAImage, actual: RGBAImage, tolerance: Int) {
        guard expected.width == actual.width, expected.height == actual.height else { return nil }
        var diff = RGBAImage(width: expected.width, height: expected.height)
        var isolated = RGBAImage(width: expected.width, height: expected.height)
        var maxDelta = 0
        var differing = 0
        expected.pixels.withUnsafeBufferPointer { e in
            actual.pixels.withUnsafeBufferPointer { a in
                diff.pixels.withUnsafeMutableBufferPointer { d in
                    isolated.pixels.withUnsafeMutableBufferPointer { i in
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
                                i[offset] = a[offset]
                                i[offset + 1] = a[offset + 1]
                                i[offset + 2] = a[offset + 2]
                                i[offset + 3] = 255
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
        }
        maxChannelDelta = maxDelta
        differingPixels = differing
        totalPixels = expected.width * expected.height
        diffImage = diff
        isolatedImage = isolated
    }

    /// How many pixels inside `rect` (clipped to the image) differ by more than the tolerance.
    public func differingPixels(in rect: PixelRect) -> Int {
        let minX = max(rect.minX, 0), maxX = min(rect.maxX, isolatedImage.width)
        let minY = max(rect.minY, 0), maxY = min(rect.maxY, isolatedImage.height)
        guard minX < maxX, minY < maxY else { return 0 }
        var count = 0
        isolatedImage.pixels.withUnsafeBufferPointer { pixels in
            for y in minY..<maxY {
                let row = y * isolatedImage.width
                for x in minX..<maxX where pixels[(row + x) * 4 + 3] != 0 { count += 1 }
            }
        }
        return count
    }
}
