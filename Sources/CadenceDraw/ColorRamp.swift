/// A colour map on a group's picture, as After Effects' fill, tint and tritone effects recolour a
/// layer: each pixel's colour is replaced by the colour a ramp gives at the pixel's luminance,
/// mixed with its own by `amount`; its alpha is kept.
///
/// One colour fills (every luminance maps to it); two map black and white (tint); three map
/// shadows, midtones and highlights (tritone). The ramp's colours are opaque: their alpha is
/// not read.
public struct ColorRamp: Sendable, Hashable {
    /// The ramp, dark end first, spread evenly over luminance 0 ... 1: 1 to 3 colours.
    public private(set) var colors: [Color]
    /// How much of the mapped colour replaces the pixel's own, 0 ... 1.
    public var amount: Double

    /// The most colours a ramp holds (the GL backend passes them as uniforms).
    public static let maximumColors = 3

    /// A ramp through `colors` (the first `maximumColors` of them; none maps to black), mixed in
    /// by `amount` (clamped to 0 ... 1; not a number: 0).
    public init(colors: [Color], amount: Double = 1) {
        self.colors = colors.isEmpty ? [.black] : Array(colors.prefix(Self.maximumColors))
        self.amount = amount.isNaN ? 0 : min(max(amount, 0), 1)
    }

    /// The luminance a ramp is read at, of a straight (unpremultiplied) colour: Rec. 709's weights,
    /// as the track mattes' luma.
    @inline(__always)
    public static func luminance(red: Double, green: Double, blue: Double) -> Double {
        min(max(0.2126 * red + 0.7152 * green + 0.0722 * blue, 0), 1)
    }

    /// The ramp's colour at `luminance` (clamped to 0 ... 1; not a number: 0), straight RGB.
    public func color(at luminance: Double) -> SIMD3<Double> {
        func rgb(_ color: Color) -> SIMD3<Double> { SIMD3(color.red, color.green, color.blue) }
        guard colors.count > 1 else { return rgb(colors[0]) }
        let position = (luminance.isNaN ? 0 : min(max(luminance, 0), 1)) * Double(colors.count - 1)
        let index = min(Int(position), colors.count - 2)
        let t = position - Double(index)
        return rgb(colors[index]) + (rgb(colors[index + 1]) - rgb(colors[index])) * t
    }

    /// The mapped premultiplied colour of a premultiplied pixel (each channel 0 ... 1): its alpha
    /// kept, its straight colour mixed towards the ramp's by `amount`.
    public func map(_ pixel: SIMD4<Double>) -> SIMD4<Double> {
        let alpha = pixel.w
        guard alpha > 0 else { return .zero }
        let straight = SIMD3(min(pixel.x / alpha, 1), min(pixel.y / alpha, 1), min(pixel.z / alpha, 1))
        let target = color(at: Self.luminance(red: straight.x, green: straight.y, blue: straight.z))
        let mixed = straight + (target - straight) * amount
        return SIMD4(mixed.x * alpha, mixed.y * alpha, mixed.z * alpha, alpha)
    }
}
