import CadenceDraw
import CadenceRaster
import Testing

/// The CPU backend paints every kind of gradient, in pixels or in a space of its own (an
/// uneven scale, a skew), as `Gradient.offset` says: each pixel's colour is the ramp's at the
/// offset of its centre, to within one step of the ramp.
@Suite struct GradientRasterTests {
    static let stops = [GradientStop(offset: 0, color: Color(red: 1, green: 0, blue: 0)), GradientStop(offset: 1, color: Color(red: 0, green: 0, blue: 1))]
    static let skew = AffineTransform(a: 0.5, b: 0.2, c: -0.3, d: 1.8, tx: 30, ty: 20)

    static let gradients: [(String, Gradient)] = [
        ("linear", Gradient(kind: .linear, start: Point(x: 3, y: 5), end: Point(x: 50, y: 40), stops: stops)),
        // Its ramp positions step by millions a pixel: past fixed point's reach, drawn in doubles.
        ("linear, steep", Gradient(kind: .linear, start: Point(x: 30.2, y: 20), end: Point(x: 30.2001, y: 20), stops: stops)),
        ("linear in a space", Gradient(kind: .linear, start: Point(x: -20, y: -10), end: Point(x: 15, y: 5), stops: stops, space: skew)),
        ("radial", Gradient(kind: .radial, start: Point(x: 30, y: 20), end: Point(x: 55, y: 20), stops: stops)),
        ("radial in a space", Gradient(kind: .radial, start: Point(x: 0, y: 0), end: Point(x: 20, y: 8), stops: stops, space: skew)),
        ("focal", Gradient(kind: .radial, start: Point(x: 30, y: 20), end: Point(x: 55, y: 20), focus: Point(x: 38, y: 14), stops: stops)),
        ("focal in a space", Gradient(kind: .radial, start: Point(x: 0, y: 0), end: Point(x: 20, y: 8), focus: Point(x: 6, y: -4), stops: stops, space: skew)),
        ("mapped by an uneven scale", Gradient(kind: .radial, start: Point(x: 0, y: 0), end: Point(x: 30, y: 10), stops: stops)
            .transformed(by: AffineTransform(scaleX: 0.6, y: 1.7).concatenating(AffineTransform(translationX: 32, y: 24)))),
    ]

    @Test(arguments: gradients.indices)
    func eachPixelHasTheRampColourAtItsOffset(index: Int) throws {
        let (name, gradient) = Self.gradients[index]
        let (width, height) = (64, 48)
        var list = DisplayList(size: Size(width: Double(width), height: Double(height)), background: .clear)
        let square = [Point(x: 0, y: 0), Point(x: 64, y: 0), Point(x: 64, y: 48), Point(x: 0, y: 48)]
        list.append(.path(PathFill(contours: [square], color: .white, gradient: gradient)))
        var canvas = RasterCanvas(width: width, height: height)
        try RasterRenderer().draw(list, into: &canvas)
        let ramp = gradient.ramp
        var worst = 0
        for y in 0..<height {
            for x in 0..<width {
                let offset = gradient.offset(x: Double(x) + 0.5, y: Double(y) + 0.5)
                let entry = Int(offset * Double(Gradient.rampSize - 1) + 0.5)
                let red = Int(canvas.pixels[(y * width + x) * 4])
                let expected = Int(ramp[entry * 4])
                worst = max(worst, abs(red - expected))
            }
        }
        // Adjacent ramp entries differ by one level of red here.
        #expect(worst <= 1, "\(name): a pixel's red is \(worst) levels from the ramp's at its offset")
    }

    /// A renderer keeps each gradient's faded ramp while frames draw it, and makes it anew for
    /// other stops or another opacity: frames drawn one after another by one renderer (stops,
    /// opacity and both changed, then the first again) are each the bytes a fresh renderer draws.
    @Test func keptRampsAreTheRampsOfTheGradientsDrawn() throws {
        let renderer = RasterRenderer()
        let square = [Point(x: 2, y: 3), Point(x: 60, y: 3), Point(x: 60, y: 45), Point(x: 2, y: 45)]
        let green = [GradientStop(offset: 0, color: Color(red: 0, green: 1, blue: 0)), GradientStop(offset: 0.7, color: Color(red: 1, green: 1, blue: 0, alpha: 0.5))]
        let frames: [([GradientStop], Double)] = [(Self.stops, 1), (Self.stops, 0.5), (green, 0.5), (green, 1), (Self.stops, 1)]
        for (number, (stops, opacity)) in frames.enumerated() {
            var list = DisplayList(size: Size(width: 64, height: 48), background: .clear)
            let gradient = Gradient(kind: .linear, start: Point(x: 3, y: 5), end: Point(x: 50, y: 40), stops: stops)
            list.append(.path(PathFill(contours: [square], color: Color(red: 1, green: 1, blue: 1, alpha: opacity), gradient: gradient)))
            var kept = RasterCanvas(width: 64, height: 48), fresh = RasterCanvas(width: 64, height: 48)
            try renderer.draw(list, into: &kept)
            try RasterRenderer().draw(list, into: &fresh)
            #expect(kept.pixels == fresh.pixels, "frame \(number)")
        }
    }
}
