import CadenceDraw
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// The canvas's own pixels; empty while it draws into lent memory.
    private var storage: [UInt8]
    /// Memory the canvas draws into instead of `storage`, lent for the length of one draw (the
    /// backend drawing a frame straight into the frame's own pixels); nil: its own.
    private var lent: LentPixels?
    /// What the canvas is known to hold, so that the next whole redraw clears only what the last
    /// one painted: nil when unknown (anything that changes the pixels forgets it, and the
    /// renderer sets it again after a whole redraw).
    var cleared: Cleared?

    /// Every pixel is `background`, except at most those of `painted` (nil: none).
    struct Cleared {
        var background: PremultipliedColor
        var painted: PixelRect?
    }

    /// `width × height × 4` bytes, premultiplied RGBA, row-major, top row first.
    public internal(set) var pixels: [UInt8] {
        get { lent.map { Array(UnsafeBufferPointer(start: $0.pointer, count: width * height * 4)) } ?? storage }
        set {
            precondition(lent == nil && newValue.count == width * height * 4, "a canvas's pixels are its width × height × 4 bytes of its own")
            storage = newValue
            cleared = nil
        }
    }

    /// A transparent canvas of `width × height` pixels whose top-left pixel is frame pixel (`originX`, `originY`).
    public init(width: Int, height: Int, originX: Int = 0, originY: Int = 0) {
        precondition(width >= 0 && height >= 0, "a canvas's size must not be negative")
        self.width = width
        self.height = height
        self.originX = originX
        self.originY = originY
        storage = [UInt8](repeating: 0, count: width * height * 4)
        cleared = Cleared(background: PremultipliedColor(r: 0, g: 0, b: 0, a: 0), painted: nil)
    }

    /// A transparent canvas like `init(width:height:originX:originY:)`, its pixels in `buffer`
    /// when that can hold them (a buffer kept from an earlier canvas: no fresh memory to fault
    /// in), else in new memory. Every byte of `buffer` is 0.
    init(width: Int, height: Int, originX: Int, originY: Int, reusingTransparent buffer: [UInt8]) {
        let count = width * height * 4
        guard width >= 0, height >= 0, buffer.capacity >= count else {
            self.init(width: width, height: height, originX: originX, originY: originY)
            return
        }
        var storage = buffer
        if storage.count > count {
            storage.removeLast(storage.count - count)
        } else if storage.count < count {
            storage.append(contentsOf: repeatElement(0, count: count - storage.count))
        }
        self.init(width: width, height: height, originX: originX, originY: originY, transparent: storage)
    }

    /// A canvas of `storage`, which is transparent.
    private init(width: Int, height: Int, originX: Int, originY: Int, transparent storage: [UInt8]) {
        self.width = width
        self.height = height
        self.originX = originX
        self.originY = originY
        self.storage = storage
        cleared = Cleared(background: PremultipliedColor(r: 0, g: 0, b: 0, a: 0), painted: nil)
    }

    /// The canvas's own pixel memory, for a later canvas to reuse (empty when it draws into lent memory).
    consuming func takeBuffer() -> [UInt8] {
        storage
    }

    /// A canvas of `width × height` pixels at frame pixel (`originX`, `originY`) drawing into the
    /// `width × height × 4` bytes at `pointer`, which the caller keeps alive and lends to nothing
    /// else while the canvas is in use.
    init(lending pointer: UnsafeMutablePointer<UInt8>, width: Int, height: Int, originX: Int = 0, originY: Int = 0) {
        precondition(width >= 0 && height >= 0, "a canvas's size must not be negative")
        self.width = width
        self.height = height
        self.originX = originX
        self.originY = originY
        storage = []
        lent = LentPixels(pointer: pointer)
    }

    /// Calls `body` with the pixels to change, wherever they live.
    @inline(__always)
    mutating func withMutablePixels<Result>(_ body: (UnsafeMutableBufferPointer<UInt8>) -> Result) -> Result {
        cleared = nil
        if let lent { return body(UnsafeMutableBufferPointer(start: lent.pointer, count: width * height * 4)) }
        return storage.withUnsafeMutableBufferPointer { body($0) }
    }

    /// Calls `body` with the pixels to read, wherever they live.
    @inline(__always)
    func withPixels<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let lent { return body(UnsafeBufferPointer(start: lent.pointer, count: width * height * 4)) }
        return storage.withUnsafeBufferPointer(body)
    }

    public static func == (lhs: RasterCanvas, rhs: RasterCanvas) -> Bool {
        guard (lhs.width, lhs.height, lhs.originX, lhs.originY) == (rhs.width, rhs.height, rhs.originX, rhs.originY) else { return false }
        return lhs.withPixels { left in rhs.withPixels { right in left.elementsEqual(right) } }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        hasher.combine(originX)
        hasher.combine(originY)
        withPixels { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Fills the frame rectangle `box` (cut to the canvas) with the premultiplied colour `color`.
    mutating func fill(_ box: PixelRect, with color: PremultipliedColor) {
        guard let box = bounds.flatMap({ box.intersection($0) }) else { return }
        let pattern = color.word.littleEndian
        let (width, originX, originY) = (width, originX, originY)
        withMutablePixels { pixels in
            // A colour of four equal bytes (transparent, opaque white) is memset, the whole box at
            // once when it spans whole rows: a frame's clear is most of a light frame's work.
            if color.r == color.g, color.g == color.b, color.b == color.a, let base = pixels.baseAddress {
                let value = Int32(color.r)
                if box.minX == originX, box.maxX == originX + width {
                    memset(base + (box.minY - originY) * width * 4, value, (box.maxY - box.minY) * width * 4)
                } else {
                    for y in box.minY..<box.maxY {
                        memset(base + ((y - originY) * width + box.minX - originX) * 4, value, (box.maxX - box.minX) * 4)
                    }
                }
                return
            }
            let words = UnsafeMutableRawBufferPointer(pixels).bindMemory(to: UInt32.self)
            for y in box.minY..<box.maxY {
                let start = (y - originY) * width + box.minX - originX
                UnsafeMutableBufferPointer(rebasing: words[start..<start + box.maxX - box.minX]).update(repeating: pattern)
            }
        }
    }

    /// The frame pixels the canvas covers; nil for a canvas of no pixels.
    var bounds: PixelRect? { PixelRect(minX: originX, minY: originY, maxX: originX + width, maxY: originY + height) }

    /// The pixels with straight alpha (as PNG files hold them), rounded as the GL backend's
    /// read-back rounds them.
    public var straightImage: RGBAImage {
        var image = RGBAImage(width: width, height: height)
        if let bounds { copyStraight([bounds], into: &image) }
        return image
    }

    /// Copies `regions` (frame pixels, cut to the canvas) into `image`, a frame-sized image whose
    /// other pixels are left as they are, with straight alpha.
    public func copyStraight(_ regions: [PixelRect], into image: inout RGBAImage) {
        let (imageWidth, imageHeight) = (image.width, image.height)
        image.pixels.withUnsafeMutableBufferPointer { target in
            copyStraight(regions, into: target.baseAddress!, width: imageWidth, height: imageHeight)
        }
    }

    /// Copies `regions` (frame pixels, cut to the canvas and to the image) into the RGBA pixels
    /// of a `width` × `height` image at `image`, with straight alpha; nothing else is written.
    public func copyStraight(_ regions: [PixelRect], into image: UnsafeMutablePointer<UInt8>, width imageWidth: Int, height imageHeight: Int) {
        for region in regions {
            guard let bounds, let picture = PixelRect(width: imageWidth, height: imageHeight),
                  let box = region.intersection(bounds)?.intersection(picture) else { continue }
            withPixels { source in
                let bytes = box.width * 4
                for y in box.minY..<box.maxY {
                    let from = source.baseAddress! + ((y - originY) * width + box.minX - originX) * 4
                    let to = image + (y * imageWidth + box.minX) * 4
                    to.update(from: from, count: bytes)
                    RGBAImage.unpremultiply(to, bytes: bytes)
                }
            }
        }
    }
}

/// Memory lent to a canvas: the lender keeps it alive and lends it to one canvas at a time (or
/// disjoint rows to several, one per thread).
private struct LentPixels: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<UInt8>
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

    /// A premultiplied colour of 0 … 1 channels in bytes, rounded as `RasterPass.blend` rounds.
    @inline(__always)
    init(_ color: SIMD4<Double>) {
        r = Self.byte(color.x)
        g = Self.byte(color.y)
        b = Self.byte(color.z)
        a = Self.byte(color.w)
    }

    init(_ color: Color) {
        let c = color.premultiplied
        r = Self.byte(c.red)
        g = Self.byte(c.green)
        b = Self.byte(c.blue)
        a = Self.byte(c.alpha)
    }

    /// Each channel times `level` / 255 (0 … 255), rounded in integers: how a coverage, mask or
    /// matte byte fades a premultiplied colour.
    @inline(__always)
    func scaled(by level: Int) -> PremultipliedColor {
        PremultipliedColor(
            r: UInt8((Int(r) * level + 127) / 255), g: UInt8((Int(g) * level + 127) / 255),
            b: UInt8((Int(b) * level + 127) / 255), a: UInt8((Int(a) * level + 127) / 255)
        )
    }

    /// The four bytes as one word, red in the low byte (store it `.littleEndian`).
    var word: UInt32 { UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24 }

    /// 0 … 1 to 0 … 255, rounded; NaN to 0.
    @inline(__always)
    static func byte(_ value: Double) -> UInt8 {
        UInt8(RasterMath.clamp(value, 0, 1) * 255 + 0.5)
    }
}
