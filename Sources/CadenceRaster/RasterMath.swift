import CadenceDraw
/// Arithmetic the rasteriser does per pixel, written so that the same binary gives the same bytes
/// on every machine: only IEEE operations (`+ − × ÷`, square root, rounding), never libm, whose
/// `exp` and `pow` differ between C libraries in their last bits.
enum RasterMath {
    /// e^x for x ≤ 0, within 2·10⁻¹⁶ relative error; 0 below −745. Range reduction by ln 2 and a
    /// degree-12 Taylor polynomial on |r| ≤ ln 2 / 2.
    static func exp(_ x: Double) -> Double {
        guard x > -745 else { return 0 }
        guard x < 0 else { return 1 }
        let ln2 = 0.693_147_180_559_945_3
        let k = (x / ln2).rounded()
        let r = x - k * ln2
        var term = 1.0
        var sum = 1.0
        for n in 1...12 {
            term *= r / Double(n)
            sum += term
        }
        // 2^k exactly, from its bits (k is within −1075 … 0 here).
        return sum * Double(sign: .plus, exponent: Int(k), significand: 1)
    }

    /// The error function approximation the GL shadow shader uses (Abramowitz and Stegun 7.1.27,
    /// good to 5·10⁻⁴), so that both backends blur alike.
    static func erf(_ x: Double) -> Double {
        let s: Double = x > 0 ? 1 : (x < 0 ? -1 : 0)
        let a = abs(x)
        var t = 1 + (0.278393 + (0.230389 + 0.078108 * (a * a)) * a) * a
        t *= t
        return s - s / (t * t)
    }

    /// log₂ x for x > 0 (NaN for x ≤ 0 or NaN, +∞ for +∞), within a few ulps: the binary
    /// exponent, plus ln of the significand (in 1 ..< 2) by the series 2·atanh((m − 1) / (m + 1)),
    /// which converges as (1/3)²ᵏ.
    static func log2(_ x: Double) -> Double {
        guard x > 0 else { return .nan }
        guard x.isFinite else { return x }
        let m = x.significand
        let z = (m - 1) / (m + 1), z2 = z * z
        var term = z, sum = 0.0
        for k in 0..<24 {
            sum += term / Double(2 * k + 1)
            term *= z2
        }
        return Double(x.exponent) + 2 * sum / 0.693_147_180_559_945_3
    }

    /// A value limited to `low ... high`; NaN becomes `low`.
    @inline(__always)
    static func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double {
        value > low ? (value < high ? value : high) : low
    }

    /// The signed distance from `(px, py)` (relative to the centre) to a rounded box of half size
    /// `(hx, hy)` and corner `radius`: negative inside.
    @inline(__always)
    static func roundedBoxDistance(_ px: Double, _ py: Double, _ hx: Double, _ hy: Double, _ radius: Double) -> Double {
        let qx = abs(px) - hx + radius
        let qy = abs(py) - hy + radius
        let ox = max(qx, 0)
        let oy = max(qy, 0)
        return (ox * ox + oy * oy).squareRoot() + min(max(qx, qy), 0) - radius
    }

    /// The rounded box's distance in pixels under axis scales `(sx, sy)`, as the GL shaders take
    /// it: exact under a uniform scale; under another, the local distance stretched by the scale
    /// along the direction it is measured in.
    @inline(__always)
    static func pixelDistance(_ px: Double, _ py: Double, _ hx: Double, _ hy: Double, _ radius: Double, _ sx: Double, _ sy: Double) -> Double {
        if sx == sy {
            return roundedBoxDistance(px * sx, py * sx, hx * sx, hy * sx, radius * sx)
        }
        let qx = abs(px) - hx + radius
        let qy = abs(py) - hy + radius
        var dx: Double, dy: Double
        if min(qx, qy) > 0 {
            let length = (qx * qx + qy * qy).squareRoot()
            (dx, dy) = (qx / length, qy / length)
        } else {
            (dx, dy) = qx > qy ? (1, 0) : (0, 1)
        }
        let stretch = ((dx * sx) * (dx * sx) + (dy * sy) * (dy * sy)).squareRoot()
        return roundedBoxDistance(px, py, hx, hy, radius) * stretch
    }
}

/// Which columns of a row an affine map can take into a rectangle.
package enum RowColumns {
    /// The pixels of row `y` whose centres `inverse` maps into `rect`, as columns `minX ..< maxX`,
    /// a pixel wider on each side (for rounding); nil when there are none.
    package static func mapping(into rect: Rect, by inverse: AffineTransform, row y: Int) -> (Int, Int)? {
        let cy = Double(y) + 0.5
        var (low, high) = (-Double.infinity, Double.infinity)
        // Along the row a local coordinate is slope · cx + offset: the cx where it lies in bounds.
        func narrow(slope: Double, offset: Double, minimum: Double, maximum: Double) -> Bool {
            if slope == 0 { return offset >= minimum && offset <= maximum }
            let (first, second) = ((minimum - offset) / slope, (maximum - offset) / slope)
            low = max(low, min(first, second))
            high = min(high, max(first, second))
            return true
        }
        guard narrow(slope: inverse.a, offset: inverse.c * cy + inverse.tx, minimum: rect.minX, maximum: rect.maxX),
              narrow(slope: inverse.b, offset: inverse.d * cy + inverse.ty, minimum: rect.minY, maximum: rect.maxY) else { return nil }
        guard low <= high, low.isFinite || high.isFinite else { return low <= high ? (Int.min / 2, Int.max / 2) : nil }
        // Pixel x has its centre at x + 0.5.
        let limit = 1e9
        let first = low.isFinite ? Int(RasterMath.clamp(low - 0.5, -limit, limit).rounded(.down)) - 1 : -Int(limit)
        let last = high.isFinite ? Int(RasterMath.clamp(high - 0.5, -limit, limit).rounded(.up)) + 2 : Int(limit)
        return (first, last)
    }
}
