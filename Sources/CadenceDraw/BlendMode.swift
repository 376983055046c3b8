/// How a group's picture combines with what lies under it, as `CALayer.compositingFilter`'s blend
/// modes and the W3C compositing spec define them: the blended colour B(backdrop, source) of the
/// two unpremultiplied colours, weighted by both alphas, plus each colour alone where the other
/// is transparent, source over otherwise.
public enum BlendMode: String, Sendable, Hashable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight, difference, exclusion
    case hue, saturation, color, luminosity
    /// After Effects' add (linear dodge): the channels summed, at most 1. Not a W3C mode: Lottie's
    /// `bm` 16, also a `compositingFilter`.
    case add
    /// After Effects' hard mix: each channel 1 where backdrop and source sum to 1 or more, else 0
    /// (Lottie's `bm` 17).
    case hardMix

    /// The premultiplied result of `source` (premultiplied, each 0 ... 1) composited over
    /// `backdrop` (the same): co = (1 − αb)·Cs + (1 − αs)·Cb + αs·αb·B(cb, cs), αo = αs + αb·(1 − αs).
    public func composite(_ source: SIMD4<Double>, over backdrop: SIMD4<Double>) -> SIMD4<Double> {
        let (sa, ba) = (source.w, backdrop.w)
        let alpha = sa + ba * (1 - sa)
        guard self != .normal, sa > 0, ba > 0 else {
            let rgb = SIMD3(source.x, source.y, source.z) + SIMD3(backdrop.x, backdrop.y, backdrop.z) * (1 - sa)
            return SIMD4(rgb.x, rgb.y, rgb.z, alpha)
        }
        let cs = SIMD3(source.x, source.y, source.z) / sa, cb = SIMD3(backdrop.x, backdrop.y, backdrop.z) / ba
        let mixed = blend(cb, cs)
        let rgb = SIMD3(source.x, source.y, source.z) * (1 - ba) + SIMD3(backdrop.x, backdrop.y, backdrop.z) * (1 - sa) + mixed * (sa * ba)
        return SIMD4(rgb.x, rgb.y, rgb.z, alpha)
    }

    /// B(cb, cs): the mode's blend of unpremultiplied colours, each channel 0 ... 1.
    public func blend(_ cb: SIMD3<Double>, _ cs: SIMD3<Double>) -> SIMD3<Double> {
        func each(_ f: (Double, Double) -> Double) -> SIMD3<Double> { SIMD3(f(cb.x, cs.x), f(cb.y, cs.y), f(cb.z, cs.z)) }
        switch self {
        case .normal: return cs
        case .multiply: return cb * cs
        case .screen: return cb + cs - cb * cs
        case .overlay: return each { b, s in Self.hardLight(s: b, b: s) }
        case .darken: return each(min)
        case .lighten: return each(max)
        case .colorDodge: return each { b, s in b == 0 ? 0 : (s >= 1 ? 1 : min(1, b / (1 - s))) }
        case .colorBurn: return each { b, s in b >= 1 ? 1 : (s <= 0 ? 0 : 1 - min(1, (1 - b) / s)) }
        case .hardLight: return each { b, s in Self.hardLight(s: s, b: b) }
        case .softLight:
            return each { b, s in
                if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
                let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
                return b + (2 * s - 1) * (d - b)
            }
        case .difference: return each { b, s in abs(b - s) }
        case .exclusion: return cb + cs - 2 * cb * cs
        case .hue: return Self.setLuminosity(Self.setSaturation(cs, Self.saturation(cb)), Self.luminosity(cb))
        case .saturation: return Self.setLuminosity(Self.setSaturation(cb, Self.saturation(cs)), Self.luminosity(cb))
        case .color: return Self.setLuminosity(cs, Self.luminosity(cb))
        case .luminosity: return Self.setLuminosity(cb, Self.luminosity(cs))
        case .add: return each { b, s in min(b + s, 1) }
        case .hardMix: return each { b, s in b + s >= 1 ? 1 : 0 }
        }
    }

    private static func hardLight(s: Double, b: Double) -> Double {
        s <= 0.5 ? b * 2 * s : b + (2 * s - 1) - b * (2 * s - 1)
    }

    private static func luminosity(_ c: SIMD3<Double>) -> Double { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

    private static func clipColor(_ c: SIMD3<Double>) -> SIMD3<Double> {
        let l = luminosity(c)
        let n = min(c.x, c.y, c.z), x = max(c.x, c.y, c.z)
        var result = c
        if n < 0 { result = SIMD3(repeating: l) + (result - SIMD3(repeating: l)) * l / (l - n) }
        if x > 1 { result = SIMD3(repeating: l) + (result - SIMD3(repeating: l)) * (1 - l) / (x - l) }
        return result
    }

    private static func setLuminosity(_ c: SIMD3<Double>, _ l: Double) -> SIMD3<Double> {
        clipColor(c + SIMD3(repeating: l - luminosity(c)))
    }

    private static func saturation(_ c: SIMD3<Double>) -> Double { max(c.x, c.y, c.z) - min(c.x, c.y, c.z) }

    private static func setSaturation(_ c: SIMD3<Double>, _ s: Double) -> SIMD3<Double> {
        let top = max(c.x, c.y, c.z), bottom = min(c.x, c.y, c.z)
        guard top > bottom else { return .zero }
        return (c - SIMD3(repeating: bottom)) * s / (top - bottom)
    }
}
