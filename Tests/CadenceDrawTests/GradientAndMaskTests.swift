import Foundation
import Testing
@testable import CadenceDraw

@Suite struct GradientTests {
    let stops = [GradientStop(offset: 0, color: Color(red: 1, green: 0, blue: 0)), GradientStop(offset: 1, color: Color(red: 0, green: 0, blue: 1, alpha: 0))]

    @Test func linearOffsetsRunAlongTheLineAndPad() {
        let gradient = Gradient(kind: .linear, start: Point(x: 10, y: 0), end: Point(x: 110, y: 0), stops: stops)
        #expect(gradient.offset(x: 60, y: 999) == 0.5)
        #expect(gradient.offset(x: -50, y: 0) == 0)
        #expect(gradient.offset(x: 500, y: 0) == 1)
    }

    @Test func radialOffsetsReachOneOnTheCircleFromTheFocus() {
        let centred = Gradient(kind: .radial, start: Point(x: 0, y: 0), end: Point(x: 10, y: 0), stops: stops)
        #expect(centred.offset(x: 0, y: 5) == 0.5)
        let focused = Gradient(kind: .radial, start: Point(x: 0, y: 0), end: Point(x: 10, y: 0), focus: Point(x: 5, y: 0), stops: stops)
        #expect(focused.offset(x: 5, y: 0) == 0)
        #expect(abs(focused.offset(x: 7.5, y: 0) - 0.5) < 1e-12)
        #expect(abs(focused.offset(x: -2.5, y: 0) - 0.5) < 1e-12)
    }

    /// The ramp interpolates straight colours, then premultiplies: half way, half red and half
    /// blue at half alpha, premultiplied.
    @Test func rampIsPremultipliedStraightInterpolation() {
        let ramp = Gradient(kind: .linear, start: .zero, end: Point(x: 1, y: 0), stops: stops).ramp
        #expect(ramp.count == Gradient.rampSize * 4)
        #expect(Array(ramp[0..<4]) == [255, 0, 0, 255])
        #expect(Array(ramp[(255 * 4)..<(256 * 4)]) == [0, 0, 0, 0])
        let middle = Array(ramp[(128 * 4)..<(129 * 4)])
        #expect(middle[3] == 127 && middle[0] == 63 && middle[2] == 64)
    }

    /// A gradient mapped by a transform paints at T(p) what it painted at p, for every kind,
    /// under moves, rotations, mirrors, uneven scales and skews: an uneven scale tilts a
    /// diagonal linear gradient's lines of equal colour, and turns a radial one's circles into
    /// ellipses (as rlottie, ThorVG, Core Graphics and SVG paint them).
    @Test func transformedGradientsPaintTheMappedPicture() {
        let transforms = [
            AffineTransform(translationX: 7, y: -3),
            AffineTransform(rotation: 0.7).concatenating(AffineTransform(scaleX: 2, y: 2)),
            AffineTransform(scaleX: -1.5, y: 1.5),
            AffineTransform(scaleX: 0.5, y: 1.8).concatenating(AffineTransform(translationX: 100, y: 100)),
            AffineTransform(a: 1, b: 0.3, c: -0.6, d: 1.2, tx: 5, ty: 9),
        ]
        let gradients = [
            Gradient(kind: .linear, start: Point(x: -50, y: -50), end: Point(x: 30, y: 0), stops: stops),
            Gradient(kind: .radial, start: Point(x: -50, y: -50), end: Point(x: 30, y: 0), stops: stops),
            Gradient(kind: .radial, start: Point(x: 0, y: 0), end: Point(x: 40, y: 0), focus: Point(x: 10, y: 12), stops: stops),
            Gradient(kind: .conic, start: Point(x: 3, y: 4), end: Point(x: 20, y: 9), stops: stops),
        ]
        var generator = SystemRandomNumberGenerator()
        for gradient in gradients {
            for transform in transforms {
                let mapped = gradient.transformed(by: transform)
                // Linear gradients stay in pixels; radial and conic keep their points only
                // while circles stay circles (and a conic one is not mirrored).
                let inPixels = gradient.kind == .linear || (transform.keepsCircles && (gradient.kind == .radial || transform.determinant > 0))
                #expect((mapped.space == nil) == inPixels)
                for _ in 0..<200 {
                    let p = Point(x: Double.random(in: -120...120, using: &generator), y: Double.random(in: -120...120, using: &generator))
                    let q = transform.apply(to: p)
                    let before = gradient.offset(x: p.x, y: p.y), after = mapped.offset(x: q.x, y: q.y)
                    #expect(abs(before - after) < 1e-9 || (gradient.kind == .conic && abs(abs(before - after) - 1) < 1e-9),
                            "\(gradient.kind) under \(transform) at \(p): \(before) became \(after)")
                }
            }
        }
    }

    @Test func keepsCirclesOnlyForSimilarities() {
        #expect(AffineTransform.identity.keepsCircles)
        #expect(AffineTransform(rotation: 1).concatenating(AffineTransform(scaleX: 3, y: 3)).keepsCircles)
        #expect(AffineTransform(scaleX: -2, y: 2).keepsCircles)
        #expect(!AffineTransform(scaleX: 2, y: 2.01).keepsCircles)
        #expect(!AffineTransform(a: 1, b: 0, c: 0.2, d: 1, tx: 0, ty: 0).keepsCircles)
        #expect(!AffineTransform(scaleX: 0, y: 0).keepsCircles)
        #expect(!AffineTransform(scaleX: .nan, y: .nan).keepsCircles)
    }

    @Test func degenerateGradientsNeverProduceNaN() {
        let point = Gradient(kind: .linear, start: .zero, end: .zero, stops: stops)
        #expect(point.offset(x: 3, y: 4) == 1)
        let huge = Gradient(kind: .radial, start: .zero, end: Point(x: .infinity, y: 0), stops: stops)
        #expect(!huge.offset(x: 1, y: 1).isNaN)
    }
}

@Suite struct MaskPathTests {
    let square = [[Point(x: 0, y: 0), Point(x: 4, y: 0), Point(x: 4, y: 4), Point(x: 0, y: 4)]]
    let right = [[Point(x: 2, y: 0), Point(x: 6, y: 0), Point(x: 6, y: 4), Point(x: 2, y: 4)]]
    let clip = Rect(x: 0, y: 0, width: 8, height: 4)

    func row(_ masks: [MaskPath]) -> [UInt8] {
        let coverage = MaskPath.coverage(of: masks, clip: clip)!
        return (0..<8).map { coverage[$0, 1] }
    }

    /// Combined row by row from each mask's runs (only where a mask's outside changes
    /// anything), the coverage equals each mask's own coverage combined pixel by pixel, for
    /// every mode, inverted or not, at any opacity, on shapes that miss some rows and columns.
    @Test func combinedCoverageEqualsPixelByPixel() {
        var generator = SystemRandomNumberGenerator()
        let clip = Rect(x: 0, y: 0, width: 40, height: 30)
        func polygon() -> [Point] {
            let cx = Double.random(in: 0...40, using: &generator), cy = Double.random(in: 0...30, using: &generator)
            let r = Double.random(in: 2...15, using: &generator)
            return (0..<7).map { i in
                let angle = Double(i) / 7 * 2 * .pi, radius = r * Double.random(in: 0.5...1, using: &generator)
                return Point(x: cx + radius * cos(angle), y: cy + radius * sin(angle))
            }
        }
        for _ in 0..<60 {
            let masks = (0..<Int.random(in: 2...4, using: &generator)).map { _ in
                MaskPath(
                    contours: [polygon()], mode: MaskPath.Mode.allCases.randomElement(using: &generator)!,
                    opacity: [1, 0.6, 0].randomElement(using: &generator)!, inverted: Bool.random(using: &generator)
                )
            }
            guard let combined = MaskPath.coverage(of: masks, clip: clip) else { continue }
            let owns = masks.map { PathRasterizer.coverage(of: $0.contours, fillRule: $0.fillRule, clip: clip) }
            // The reference: every pixel of the clip, each mask's coverage shaded and combined.
            for y in 0..<30 {
                for x in 0..<40 {
                    var c = masks[0].mode == .subtract ? 255 : 0
                    for (mask, own) in zip(masks, owns) {
                        let inside = own.map { Int($0[x, y]) } ?? 0
                        let opacity = Int((mask.opacity * 255).rounded())
                        let m = ((mask.inverted ? 255 - inside : inside) * opacity + 127) / 255
                        switch mask.mode {
                        case .add: c = c + m - (c * m + 127) / 255
                        case .subtract: c = (c * (255 - m) + 127) / 255
                        case .intersect: c = (c * m + 127) / 255
                        case .lighten: c = max(c, m)
                        case .darken: c = min(c, m)
                        case .difference: c = abs(c - m)
                        }
                    }
                    let got = Int(combined[x, y])
                    #expect(got == c, "\(masks.map(\.mode)) at (\(x), \(y))")
                    if got != c { return }
                }
            }
        }
    }

    @Test func modesCombineInOrder() {
        #expect(row([MaskPath(contours: square, mode: .add), MaskPath(contours: right, mode: .add)]) == [255, 255, 255, 255, 255, 255, 0, 0])
        #expect(row([MaskPath(contours: square, mode: .add), MaskPath(contours: right, mode: .subtract)]) == [255, 255, 0, 0, 0, 0, 0, 0])
        #expect(row([MaskPath(contours: square, mode: .add), MaskPath(contours: right, mode: .intersect)]) == [0, 0, 255, 255, 0, 0, 0, 0])
        #expect(row([MaskPath(contours: square, mode: .add), MaskPath(contours: right, mode: .difference)]) == [255, 255, 0, 0, 255, 255, 0, 0])
        #expect(row([MaskPath(contours: square, mode: .add), MaskPath(contours: right, mode: .darken)]) == [0, 0, 255, 255, 0, 0, 0, 0])
        #expect(row([MaskPath(contours: square, mode: .add), MaskPath(contours: right, mode: .lighten)]) == [255, 255, 255, 255, 255, 255, 0, 0])
    }

    /// A lone subtracting mask cuts a hole in a fully covered layer; inverted masks count their
    /// outside; opacity scales a mask's coverage.
    @Test func subtractFirstInvertedAndOpacity() {
        #expect(row([MaskPath(contours: square, mode: .subtract)]) == [0, 0, 0, 0, 255, 255, 255, 255])
        #expect(row([MaskPath(contours: square, mode: .add, inverted: true)]) == [0, 0, 0, 0, 255, 255, 255, 255])
        #expect(row([MaskPath(contours: square, mode: .add, opacity: 0.5)]) == [128, 128, 128, 128, 0, 0, 0, 0])
    }

    @Test func mattesReadAlphaOrLuminance() {
        #expect(Group.Matte.alpha.factor(red: 0, green: 0, blue: 0, alpha: 0.25) == 0.25)
        #expect(Group.Matte.alphaInverted.factor(red: 0, green: 0, blue: 0, alpha: 0.25) == 0.75)
        #expect(abs(Group.Matte.luma.factor(red: 1, green: 1, blue: 1, alpha: 1) - 1) < 1e-12)
        #expect(Group.Matte.lumaInverted.factor(red: 0, green: 0, blue: 0, alpha: 0) == 1)
    }
}
