import CadenceDraw

/// Rounded rectangles, lines and shadows: the distances and the blur the GL backend's shaders
/// take, at pixel centres.
extension RasterPass {
    mutating func drawRoundedRect(_ shape: RoundedRect) {
        let transform = shape.transform
        guard let inverse = transform.inverted else { return }
        let (sx, sy) = transform.axisScales
        let rect = shape.rect
        let (hx, hy, cx, cy) = Self.halves(rect)
        let radius = RasterMath.clamp(max(shape.cornerRadius, 0), 0, min(hx, hy))
        let strokeWidth = max(shape.strokeWidth, 0)
        let fill = shape.fill.premultipliedVector
        let stroke = shape.stroke.premultipliedVector
        let innerHX = max(hx - strokeWidth, 0), innerHY = max(hy - strokeWidth, 0)
        let innerRadius = max(radius - strokeWidth, 0)
        // The quad GL draws: the rectangle grown by a pixel's worth of local units.
        let quad = Rect(x: rect.minX - 1 / sx, y: rect.minY - 1 / sy, width: rect.width + 2 / sx, height: rect.height + 2 / sy)
        // Untransformed, each row's inside (where the per-pixel formula gives the fill exactly)
        // is one run of the fill colour; only the edges are shaded pixel by pixel.
        let solid: ((Int) -> (Int, Int)?)? = transform.isIdentity && shape.fill.alpha > 0 ? { y in
            Self.solidRun(row: y, cx: cx, cy: cy, hx: strokeWidth > 0 ? innerHX : hx, hy: strokeWidth > 0 ? innerHY : hy,
                          radius: strokeWidth > 0 ? innerRadius : radius)
        } : nil
        // Untransformed, the rows along the top and bottom edges have a middle run whose
        // coverage depends on the row alone: shaded once and blended across.
        let boxes = [(hx, hy, radius)] + (strokeWidth > 0 ? [(innerHX, innerHY, innerRadius)] : [])
        let uniform: ((Int) -> (Int, Int)?)? = transform.isIdentity ? { y in
            Self.straightRun(row: y, cx: cx, cy: cy, boxes: boxes)
        } : nil
        shade(transform.boundingBox(of: quad), inverse: inverse, solid: solid, color: PremultipliedColor(shape.fill), uniform: uniform) { x, y in
            let px = x - cx, py = y - cy
            let outer = RasterMath.clamp(0.5 - RasterMath.pixelDistance(px, py, hx, hy, radius, sx, sy), 0, 1)
            var inner = outer
            if strokeWidth > 0 {
                let covered = RasterMath.clamp(0.5 - RasterMath.pixelDistance(px, py, innerHX, innerHY, innerRadius, sx, sy), 0, 1)
                inner = min(covered, outer)
            }
            return fill * inner + stroke * (outer - inner)
        }
    }

    /// Half the width and height of `rect`, and its centre: what the distance functions take.
    static func halves(_ rect: Rect) -> (hx: Double, hy: Double, cx: Double, cy: Double) {
        let hx = rect.width / 2, hy = rect.height / 2
        return (hx, hy, rect.minX + hx, rect.minY + hy)
    }

    /// The pixels of `row` whose centres lie at least a pixel and a half inside the rounded box
    /// (centre `cx`, `cy`, half size `hx`, `hy`, corner `radius`), as `minX ..< maxX`: there the
    /// distance is below −0.5 by a margin, so the coverage is exactly 1. Nil when there are none.
    static func solidRun(row y: Int, cx: Double, cy: Double, hx: Double, hy: Double, radius: Double) -> (Int, Int)? {
        let margin = 1.5
        let py = abs(Double(y) + 0.5 - cy)
        guard py <= hy - margin else { return nil }
        var reach = hx - margin
        let qy = py - hy + radius
        if qy > 0 {
            // In a corner's rows: inside the corner's circle shrunk by the margin.
            let r = radius - margin
            guard r > 0, qy < r else { return nil }
            reach = hx - radius + (r * r - qy * qy).squareRoot()
        }
        guard reach > 0, reach.isFinite, abs(cx) < 16_777_216 else { return nil }
        // Pixel x is inside when |x + 0.5 − cx| ≤ reach; a box of any width ends within ±2²⁵.
        let limit = 33_554_432.0
        let low = Int(RasterMath.clamp(cx - reach - 0.5, -limit, limit).rounded(.up))
        let high = Int(RasterMath.clamp(cx + reach - 0.5, -limit, limit).rounded(.down)) + 1
        return high > low ? (low, high) : nil
    }

    /// The pixels of `row` where every rounded box of `boxes` (half sizes and corner radius,
    /// centred on `cx`, `cy`) gives a distance that depends on the row alone, as `minX ..< maxX`:
    /// where `qx ≤ min(0, qy)` in `RasterMath.roundedBoxDistance`, less a pixel's margin so that
    /// rounding cannot move a pixel across. Nil when there are none.
    static func straightRun(row y: Int, cx: Double, cy: Double, boxes: [(hx: Double, hy: Double, radius: Double)]) -> (Int, Int)? {
        let margin = 1.0
        let py = abs(Double(y) + 0.5 - cy)
        var reach = Double.infinity
        for box in boxes {
            let qy = py - box.hy + box.radius
            reach = min(reach, box.hx - box.radius + min(0, qy))
        }
        reach -= margin
        guard reach > 0, reach.isFinite, abs(cx) < 16_777_216 else { return nil }
        let limit = 33_554_432.0
        let low = Int(RasterMath.clamp(cx - reach - 0.5, -limit, limit).rounded(.up))
        let high = Int(RasterMath.clamp(cx + reach - 0.5, -limit, limit).rounded(.down)) + 1
        return high > low ? (low, high) : nil
    }

    mutating func drawLine(_ line: Line) {
        let transform = line.transform
        guard let inverse = transform.inverted else { return }
        let (sx, sy) = transform.axisScales
        let halfWidth = max(line.width, 0) / 2
        let (ax, ay) = (line.start.x, line.start.y)
        let (bx, by) = (line.end.x - ax, line.end.y - ay)
        let lengthSquared = max(bx * bx + by * by, 1e-12)
        let extent = halfWidth + 1 / min(sx, sy)
        let local = Rect(x: min(line.start.x, line.end.x) - extent, y: min(line.start.y, line.end.y) - extent,
                         width: abs(bx) + 2 * extent, height: abs(by) + 2 * extent)
        let color = line.color.premultipliedVector
        shade(transform.boundingBox(of: local), inverse: inverse) { x, y in
            let px = x - ax, py = y - ay
            let h = RasterMath.clamp((px * bx + py * by) / lengthSquared, 0, 1)
            var ox = px - bx * h, oy = py - by * h
            let distance: Double
            if sx == sy {
                ox *= sx
                oy *= sx
                distance = (ox * ox + oy * oy).squareRoot() - halfWidth * sx
            } else {
                let away = (ox * ox + oy * oy).squareRoot()
                var dx: Double, dy: Double
                if away > 0 {
                    (dx, dy) = (ox / away, oy / away)
                } else {
                    let length = max((bx * bx + by * by).squareRoot(), 1e-12)
                    (dx, dy) = (-by / length, bx / length)
                }
                distance = (away - halfWidth) * ((dx * sx) * (dx * sx) + (dy * sy) * (dy * sy)).squareRoot()
            }
            return color * RasterMath.clamp(0.5 - distance, 0, 1)
        }
    }

    mutating func drawShadow(_ shadow: Shadow) {
        let transform = shadow.transform
        guard let inverse = transform.inverted else { return }
        let (sx, sy) = transform.axisScales
        let rect = shadow.rect
        let (hx, hy, cx, cy) = Self.halves(rect)
        let blur = max(shadow.blur, 0)
        let toPixels = min(sx, sy)
        // Below a quarter pixel the blur is an anti-aliased edge; the formula needs a sigma above 0.
        let sigma = max(blur * toPixels, 0.25)
        let corner = RasterMath.clamp(max(shadow.cornerRadius, 0), 0, min(hx, hy)) * toPixels
        let reachX = 3 * blur + 1 / sx, reachY = 3 * blur + 1 / sy
        let quad = Rect(x: rect.minX - reachX, y: rect.minY - reachY, width: rect.width + 2 * reachX, height: rect.height + 2 * reachY)
        let color = shadow.color.premultipliedVector
        let (phx, phy) = (hx * sx, hy * sy)
        // Turned or skewed, no two pixels share a row of the shadow, and the closed form costs
        // four exponentials and eight error functions a pixel. A blur wide enough to be smooth at
        // the pixel's scale is drawn from its picture in its own (pixel-scaled) space instead,
        // made by rows as an unturned shadow is and kept while frames draw the same shadow, and
        // sampled bilinearly: within 2 levels of the closed form (`TurnedShadowAndImageTests`).
        if transform.b != 0 || transform.c != 0, sigma >= ShadowPicture.smallestSigma,
           let picture = renderer.shadowPicture(ShadowPicture.Key(hx: phx, hy: phy, sigma: sigma, corner: corner)) {
            shade(transform.boundingBox(of: quad), inverse: inverse) { x, y in
                color * picture.coverage(at: (x - cx) * sx, (y - cy) * sy)
            }
            return
        }
        // What depends on the row alone (the four samples across y and their Gaussian weights)
        // is kept while the local y stays the same: along every row of an unturned shadow.
        var row = ShadowRow(py: .nan, hy: phy, hx: phx, sigma: sigma, corner: corner)
        shade(transform.boundingBox(of: quad), inverse: inverse) { x, y in
            let py = (y - cy) * sy
            if py != row.py { row = ShadowRow(py: py, hy: phy, hx: phx, sigma: sigma, corner: corner) }
            return color * RasterMath.clamp(row.value(at: (x - cx) * sx), 0, 1)
        }
    }

    /// A rounded box's coverage blurred by a Gaussian of deviation `sigma`: closed form along x,
    /// four samples along y (Evan Wallace's "Fast Rounded Rectangle Shadows"), as the GL shader.
    static func shadow(_ px: Double, _ py: Double, _ hx: Double, _ hy: Double, _ sigma: Double, _ corner: Double) -> Double {
        ShadowRow(py: py, hy: hy, hx: hx, sigma: sigma, corner: corner).value(at: px)
    }

}

/// The row `py` of a blurred rounded box (centred, half size `hx` × `hy`, corner `corner`,
/// deviation `sigma`, all in pixels): the four sample rows across y with their weights, and
/// where each reaches along x. Its coverage at `px` is then eight error-function terms.
struct ShadowRow {
    let py: Double
    private let scale: Double
    /// The sample rows' spacing times the Gaussian's normalisation: each weight's other factors.
    private var norm = 0.0
    private var step = 0.0
    private var curved: (Double, Double, Double, Double) = (0, 0, 0, 0)
    private var weights: (Double, Double, Double, Double) = (0, 0, 0, 0)

    init(py: Double, hy: Double, hx: Double, sigma: Double, corner: Double) {
        self.py = py
        scale = 0.707_106_781_186_547_6 / sigma
        guard !py.isNaN else { return }
        let low = py - hy, high = py + hy
        let start = RasterMath.clamp(-3 * sigma, low, high)
        let end = RasterMath.clamp(3 * sigma, low, high)
        let step = (end - start) / 4
        norm = 1 / (2.506_628_274_631_000_5 * sigma)
        self.step = step
        // How far the box's row py − y reaches from the centre along x, and the Gaussian's
        // weight there, at the four sample rows (no arrays: a turned shadow makes a row a pixel).
        func sample(_ index: Double) -> (reach: Double, weight: Double) {
            let y = start + step * (index + 0.5)
            let delta = min(hy - corner - abs(py - y), 0)
            return (hx - corner + max(0, corner * corner - delta * delta).squareRoot(), RasterMath.exp(-(y * y) / (2 * sigma * sigma)))
        }
        let (s0, s1, s2, s3) = (sample(0), sample(1), sample(2), sample(3))
        curved = (s0.reach, s1.reach, s2.reach, s3.reach)
        weights = (s0.weight, s1.weight, s2.weight, s3.weight)
    }

    /// The blurred coverage at `px` along the row.
    func value(at px: Double) -> Double {
        func across(_ reach: Double) -> Double {
            0.5 * (RasterMath.erf((px + reach) * scale) - RasterMath.erf((px - reach) * scale))
        }
        // Summed in the shader's order, factor by factor.
        var value = 0.0
        value += across(curved.0) * weights.0 * norm * step
        value += across(curved.1) * weights.1 * norm * step
        value += across(curved.2) * weights.2 * norm * step
        value += across(curved.3) * weights.3 * norm * step
        return value
    }
}

/// A blurred rounded box's coverage on a grid in its own space, scaled to pixels (centred, one
/// sample a pixel along each axis): what a turned or skewed shadow samples bilinearly instead of
/// evaluating the closed form at every pixel. Made row by row with `ShadowRow`, as an unturned
/// shadow is drawn, so each sample is the closed form's value there.
struct ShadowPicture {
    /// Half size, deviation and corner, all in pixels.
    struct Key: Hashable {
        var hx: Double
        var hy: Double
        var sigma: Double
        var corner: Double
    }

    /// Below this deviation (pixels) the blur is too sharp to sample between grid points within
    /// 2 levels (at 2 pixels, 2.6 levels off at worst); such shadows keep the closed form.
    static let smallestSigma = 2.5
    /// At most this many samples (16 MiB of them): a larger shadow keeps the closed form.
    static let largestSampleCount = 1 << 22

    let width: Int
    let height: Int
    /// Where the first sample lies, in the box's pixel-scaled space (its centre at 0).
    let originX: Double
    let originY: Double
    let samples: [Float]

    /// The picture of `key`, nil when it would have more than `largestSampleCount` samples.
    init?(_ key: Key) {
        // The closed form reaches 3 sigma past the box; the grid one sample further, so that
        // sampling between its last two falls to zero where the GL quad ends.
        let reachX = key.hx + 3 * key.sigma + 2, reachY = key.hy + 3 * key.sigma + 2
        guard reachX.isFinite, reachY.isFinite, reachX < 1_048_576, reachY < 1_048_576 else { return nil }
        let width = Int((2 * reachX).rounded(.up)) + 1, height = Int((2 * reachY).rounded(.up)) + 1
        guard width * height <= Self.largestSampleCount else { return nil }
        (self.width, self.height) = (width, height)
        (originX, originY) = (-Double(width - 1) / 2, -Double(height - 1) / 2)
        var samples = [Float](repeating: 0, count: width * height)
        for j in 0..<height {
            let row = ShadowRow(py: originY + Double(j), hy: key.hy, hx: key.hx, sigma: key.sigma, corner: key.corner)
            for i in 0..<width {
                samples[j * width + i] = Float(RasterMath.clamp(row.value(at: originX + Double(i)), 0, 1))
            }
        }
        self.samples = samples
    }

    /// The coverage at (`px`, `py`) in the box's pixel-scaled space, bilinear between samples,
    /// zero beyond the grid.
    @inline(__always)
    func coverage(at px: Double, _ py: Double) -> Double {
        let x = px - originX, y = py - originY
        guard x > -1, y > -1, x < Double(width), y < Double(height) else { return 0 }
        let fx = x.rounded(.down), fy = y.rounded(.down)
        let tx = x - fx, ty = y - fy
        let x0 = Int(fx), y0 = Int(fy)
        @inline(__always) func sample(_ i: Int, _ j: Int) -> Double {
            guard i >= 0, j >= 0, i < width, j < height else { return 0 }
            return Double(samples[j * width + i])
        }
        let top = sample(x0, y0) * (1 - tx) + sample(x0 + 1, y0) * tx
        let bottom = sample(x0, y0 + 1) * (1 - tx) + sample(x0 + 1, y0 + 1) * tx
        return top * (1 - ty) + bottom * ty
    }
}
