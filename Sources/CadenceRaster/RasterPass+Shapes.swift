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
        var y = start + step * 0.5
        var reach: [Double] = []
        var weight: [Double] = []
        for _ in 0..<4 {
            // How far the box's row py − y reaches from the centre along x.
            let delta = min(hy - corner - abs(py - y), 0)
            reach.append(hx - corner + max(0, corner * corner - delta * delta).squareRoot())
            weight.append(RasterMath.exp(-(y * y) / (2 * sigma * sigma)))
            y += step
        }
        curved = (reach[0], reach[1], reach[2], reach[3])
        weights = (weight[0], weight[1], weight[2], weight[3])
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
