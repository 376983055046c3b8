extension RGBAImage {
    /// The pixels premultiplied by their alpha, as the renderers keep images: each colour channel
    /// `(c · a + 127) / 255`; opaque pixels as they are.
    public var premultipliedPixels: [UInt8] {
        var premultiplied = pixels
        for offset in stride(from: 0, to: premultiplied.count, by: 4) {
            let alpha = Int(premultiplied[offset + 3])
            guard alpha < 255 else { continue }
            for channel in 0..<3 {
                premultiplied[offset + channel] = UInt8((Int(premultiplied[offset + channel]) * alpha + 127) / 255)
            }
        }
        return premultiplied
    }

    /// Turns `bytes` bytes of premultiplied RGBA pixels at `pixels` into straight alpha in place,
    /// as PNG files hold them: each colour channel `min(255, (c · 255 + a / 2) / a)`. Only pixels
    /// neither opaque nor clear change, and most frames have none, so this is mostly a scan of
    /// alpha bytes, sixteen pixels at a time.
    public static func unpremultiply(_ pixels: UnsafeMutablePointer<UInt8>, bytes: Int) {
        let raw = UnsafeRawPointer(pixels)
        let alphas: UInt64 = 0xFF00_0000_FF00_0000
        var offset = 0
        while offset + 64 <= bytes {
            // Sixteen pixels are all opaque when the AND of their alphas is 255 and all clear
            // when the OR is 0.
            var all = UInt64.max, any: UInt64 = 0
            for word in 0..<8 {
                let pair = raw.loadUnaligned(fromByteOffset: offset + word * 8, as: UInt64.self)
                all &= pair
                any |= pair
            }
            if all & alphas != alphas, any & alphas != 0 {
                unpremultiplyEach(pixels + offset, bytes: 64)
            }
            offset += 64
        }
        if offset < bytes { unpremultiplyEach(pixels + offset, bytes: bytes - offset) }
    }

    private static func unpremultiplyEach(_ pixels: UnsafeMutablePointer<UInt8>, bytes: Int) {
        var x = 3
        while x < bytes {
            let alpha = pixels[x]
            if alpha != 255, alpha != 0 {
                for channel in 1...3 {
                    pixels[x - channel] = UInt8(min(255, (Int(pixels[x - channel]) * 255 + Int(alpha) / 2) / Int(alpha)))
                }
            }
            x += 4
        }
    }
}
