/// A colour in sRGB with straight (not premultiplied) alpha, each component in 0...1.
///
/// Renderers take `premultiplied`; colours are given the way designers write them.
public struct Color: Sendable, Hashable {
    /// Red, 0 ... 1, sRGB-encoded, not premultiplied.
    public var red: Double
    /// Green, 0 ... 1, sRGB-encoded, not premultiplied.
    public var green: Double
    /// Blue, 0 ... 1, sRGB-encoded, not premultiplied.
    public var blue: Double
    /// Opacity, 0 (transparent) ... 1 (opaque).
    public var alpha: Double

    /// A colour from sRGB components and an alpha, each 0 ... 1 (opaque unless told).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// `#RGB`, `#RRGGBB` or `#RRGGBBAA`, with or without `#`; nil for anything else.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.allSatisfy(\.isHexDigit) else { return nil }
        let expanded: String
        switch digits.count {
        case 3: expanded = digits.map { "\($0)\($0)" }.joined() + "FF"
        case 6: expanded = digits + "FF"
        case 8: expanded = String(digits)
        default: return nil
        }
        guard let value = UInt32(expanded, radix: 16) else { return nil }
        self.init(
            red: Double((value >> 24) & 0xFF) / 255,
            green: Double((value >> 16) & 0xFF) / 255,
            blue: Double((value >> 8) & 0xFF) / 255,
            alpha: Double(value & 0xFF) / 255
        )
    }

    /// The components multiplied by alpha, as blending with `ONE, ONE_MINUS_SRC_ALPHA` wants them.
    public var premultiplied: (red: Double, green: Double, blue: Double, alpha: Double) {
        (red * alpha, green * alpha, blue * alpha, alpha)
    }

    /// Fully transparent.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1)
}

extension Color: CustomStringConvertible {
    /// `#RRGGBBAA`, rounded to 8 bits per channel.
    public var description: String {
        let bytes = [red, green, blue, alpha].map { component in
            UInt8((min(max(component, 0), 1) * 255).rounded())
        }
        return "#" + bytes.map { byte in
            let text = String(byte, radix: 16, uppercase: true)
            return byte < 16 ? "0" + text : text
        }.joined()
    }
}
