import CadenceDraw

/// Premultiplied RGBA8 pixels, top row first: what the CPU backend draws into. A canvas may stand
/// for part of a frame (a group's picture): `originX`, `originY` is where its top-left pixel lies
/// in the frame.
public struct RasterCanvas: Sendable, Hashable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Where the canvas's top-left pixel lies in the frame.
    public let originX: Int
    /// Where the canvas's top-left pixel lies in the frame.
    public let originY: Int
    /// `width × height × 4` bytes, premultiplied RGBA, row-major, top row first.
    public internal(set) var pixels: [UInt8]

    /// A transparent canvas of `width × height` pixels whose top-left pixel is frame pixel (`originX`, `originY`).
    public init(width: Int, height: Int, originX: Int = 0, originY: Int = 0) {
        precondition(width >= 0 && height >= 0, "a canvas's size must not be negative")
        self.width = width
        self.height = height
        self.originX = originX
        self.originY = originY
        pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// Fills the frame rectangle `box` (cut to the canvas) with the premultiplied colour `color`.
    mutating func fill(_ box: PixelBox, with color: PremultipliedColor) {
        guard let box = box.intersection(bounds) else { return }
        let pattern = color.word.littleEndian
        let (width, originX, originY) = (width, originX, originY)
        pixels.withUnsafeMutableBytes { bytes in
            let words = bytes.bindMemory(to: UInt32.self)
            for y in box.minY..<box.maxY {
                let start = (y - originY) * width + box.minX - originX
                UnsafeMutableBufferPointer(rebasing: words[start..<start + box.maxX - box.minX]).update(repeating: pattern)
            }
        }
    }

    /// The frame pixels the canvas covers.
    var bounds: PixelBox { PixelBox(minX: originX, minY: originY, maxX: originX + width, maxY: originY + height) }

    /// The pixels with straight alpha (as PNG files hold them), rounded as the GL backend's
    /// read-back rounds them.
    public var straightImage: RGBAImage {
        var image = RGBAImage(width: width, height: height)
        copyStraight([(originX, originY, width, height)], into: &image)
        return image
    }

    /// Copies `regions` (frame pixels, cut to the canvas) into `image`, a frame-sized image whose
    /// other pixels are left as they are, with straight alpha.
    public func copyStraight(_ regions: [(x: Int, y: Int, width: Int, height: Int)], into image: inout RGBAImage) {
        let imageWidth = image.width
        for region in regions {
            let box = PixelBox(minX: region.x, minY: region.y, maxX: region.x + region.width, maxY: region.y + region.height)
            guard let box = box.intersection(bounds)?.intersection(PixelBox(minX: 0, minY: 0, maxX: image.width, maxY: image.height)) else { continue }
            pixels.withUnsafeBytes { source in
                image.pixels.withUnsafeMutableBytes { target in
                    let from = source.bindMemory(to: UInt32.self)
                    let to = target.bindMemory(to: UInt32.self)
                    for y in box.minY..<box.maxY {
                        let fromRow = (y - originY) * width + box.minX - originX
                        let toRow = y * imageWidth + box.minX
                        for x in 0..<(box.maxX - box.minX) {
                            let word = UInt32(littleEndian: from[fromRow + x])
                            let alpha = Int(word >> 24)
                            if alpha == 255 || alpha == 0 {
                                to[toRow + x] = word.littleEndian
                            } else {
                                // Straight = premultiplied · 255 / alpha, rounded, as the GL read-back does.
                                let r = min(255, (Int(word & 0xFF) * 255 + alpha / 2) / alpha)
                                let g = min(255, (Int((word >> 8) & 0xFF) * 255 + alpha / 2) / alpha)
                                let b = min(255, (Int((word >> 16) & 0xFF) * 255 + alpha / 2) / alpha)
                                to[toRow + x] = (UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(alpha) << 24).littleEndian
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A colour as the blender takes it: premultiplied, 0 … 255 a channel.
struct PremultipliedColor: Hashable {
    var r: UInt8
    var g: UInt8
    var b: UInt8
    var a: UInt8

    init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        (self.r, self.g, self.b, self.a) = (r, g, b, a)
    }

    init(_ color: Color) {
        let c = color.premultiplied
        r = Self.byte(c.red)
        g = Self.byte(c.green)
        b = Self.byte(c.blue)
        a = Self.byte(c.alpha)
    }

    /// The four bytes as one word, red in the low byte (store it `.littleEndian`).
    var word: UInt32 { UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24 }

    /// 0 … 1 to 0 … 255, rounded; NaN to 0.
    @inline(__always)
    static func byte(_ value: Double) -> UInt8 {
        UInt8(RasterMath.clamp(value, 0, 1) * 255 + 0.5)
    }
}

/// A rectangle of whole frame pixels, `minX ..< maxX` by `minY ..< maxY`.
struct PixelBox: Hashable {
    var minX: Int
    var minY: Int
    var maxX: Int
    var maxY: Int

    var isEmpty: Bool { maxX <= minX || maxY <= minY }

    /// The whole pixels whose centres can lie in `rect` (a generous box: rounded out), cut to
    /// ±2²⁴ so that no conversion traps; nil when `rect` is empty or not a number.
    init?(covering rect: Rect) {
        guard rect.width > 0, rect.height > 0, !rect.minX.isNaN, !rect.minY.isNaN, !rect.maxX.isNaN, !rect.maxY.isNaN else { return nil }
        let limit = 16_777_216.0
        self.init(
            minX: Int(RasterMath.clamp(rect.minX, -limit, limit).rounded(.down)),
            minY: Int(RasterMath.clamp(rect.minY, -limit, limit).rounded(.down)),
            maxX: Int(RasterMath.clamp(rect.maxX, -limit, limit).rounded(.up)),
            maxY: Int(RasterMath.clamp(rect.maxY, -limit, limit).rounded(.up))
        )
    }

    init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        (self.minX, self.minY, self.maxX, self.maxY) = (minX, minY, maxX, maxY)
    }

    func intersection(_ other: PixelBox) -> PixelBox? {
        let box = PixelBox(minX: max(minX, other.minX), minY: max(minY, other.minY), maxX: min(maxX, other.maxX), maxY: min(maxY, other.maxY))
        return box.isEmpty ? nil : box
    }
}
