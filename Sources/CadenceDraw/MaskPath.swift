/// One path of a group's mask, as After Effects' (and Lottie's) layer masks: its coverage
/// (inverted when asked, times its opacity) is combined with the masks before it by `mode`.
///
/// A group's masks, in order, give each pixel a coverage that multiplies the group's picture
/// when it is composited: `MaskPath.coverage(of:clip:)`. The contours are in the frame's pixels.
public struct MaskPath: Sendable, Hashable {
    /// How a mask combines with the coverage of the masks before it (`c`), its own being `m`.
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        /// c + m − c·m (union).
        case add
        /// c · (1 − m).
        case subtract
        /// c · m.
        case intersect
        /// max(c, m).
        case lighten
        /// min(c, m).
        case darken
        /// |c − m|.
        case difference
    }

    public var contours: [[Point]]
    public var fillRule: FillRule
    public var mode: Mode
    /// 0 ... 1.
    public var opacity: Double
    /// The mask's outside counts instead of its inside.
    public var inverted: Bool

    public init(contours: [[Point]], fillRule: FillRule = .nonZero, mode: Mode, opacity: Double = 1, inverted: Bool = false) {
        self.contours = contours
        self.fillRule = fillRule
        self.mode = mode
        self.opacity = opacity
        self.inverted = inverted
    }

    /// The combined coverage of `masks` over the pixels of `clip`: the coverage starts at 0 —
    /// or at 1 when the first mask subtracts, so that a lone subtracting mask cuts a hole, as
    /// After Effects does — and each mask combines with it in order. Nil when `clip` holds no
    /// pixel or is too large to rasterise. Where no mask is inverted and the first adds, nothing
    /// outside the masks' bounds is covered, and the mask returned covers only those bounds
    /// (pixels outside a `CoverageMask` read 0).
    public static func coverage(of masks: [MaskPath], clip: Rect) -> CoverageMask? {
        guard var box = PixelRect(covering: clip) else { return nil }
        if masks.first?.mode != .subtract, !masks.contains(where: \.inverted) {
            guard let reach = PixelRect(bounding: masks.flatMap(\.contours)), let inside = reach.grown(by: 1).intersection(box) else {
                return CoverageMask(x: box.minX, y: box.minY, width: 0, height: 0, alpha: [])
            }
            box = inside
        }
        guard box.width * box.height <= PathRasterizer.maximumPixelCount else { return nil }
        // One plain mask: its own coverage is the result.
        if masks.count == 1, let mask = masks.first, mask.mode == .add, !mask.inverted, mask.opacity >= 1 {
            return PathRasterizer.coverage(of: mask.contours, fillRule: mask.fillRule, clip: box.rect)
                ?? CoverageMask(x: box.minX, y: box.minY, width: 0, height: 0, alpha: [])
        }
        // In bytes (0 … 255 for 0 … 1), rounded at each step; each mask's row made from its
        // runs, then combined with the row so far by its mode.
        let (width, height) = (box.width, box.height)
        var combined = [UInt8](repeating: masks.first?.mode == .subtract ? 255 : 0, count: width * height)
        var row = [UInt8](repeating: 0, count: width)
        for mask in masks {
            let opacity = Int(((mask.opacity.isFinite ? min(max(mask.opacity, 0), 1) : 0) * 255).rounded())
            // A coverage m of the shape becomes (m, inverted or not, times the opacity): a table.
            let shade = (0 ..< 256).map { coverage -> UInt8 in
                let m = mask.inverted ? 255 - coverage : coverage
                return UInt8((m * opacity + 127) / 255)
            }
            let outside = shade[0]
            // Where the mask's outside leaves the coverage as it is (0 added, subtracted,
            // lightened or differenced; 255 intersected or darkened), only the stretch of each
            // row between its first and last run changes.
            let leavesOutside = switch mask.mode {
            case .add, .subtract, .lighten, .difference: outside == 0
            case .intersect, .darken: outside == 255
            }
            let runs = PathRasterizer.spans(of: mask.contours, fillRule: mask.fillRule, clip: box.rect)?.runs ?? []
            var next = 0
            combined.withUnsafeMutableBufferPointer { combined in
                row.withUnsafeMutableBufferPointer { row in
                    for y in 0 ..< height {
                        let first = next
                        while next < runs.count, Int(runs[next].y) - box.minY == y { next += 1 }
                        var (low, high) = (0, width)
                        if leavesOutside {
                            guard next > first else { continue }
                            (low, high) = (Int(runs[first].x) - box.minX, Int(runs[next - 1].x) + Int(runs[next - 1].length) - box.minX)
                        }
                        (row.baseAddress! + low).update(repeating: outside, count: high - low)
                        for run in runs[first ..< next] {
                            (row.baseAddress! + Int(run.x) - box.minX).update(repeating: shade[Int(run.alpha)], count: Int(run.length))
                        }
                        let line = UnsafeMutableBufferPointer(rebasing: combined[y * width + low ..< y * width + high])
                        Self.combine(line, with: UnsafeBufferPointer(rebasing: row[low ..< high]), mode: mask.mode)
                    }
                }
            }
        }
        return CoverageMask(x: box.minX, y: box.minY, width: width, height: height, alpha: combined)
    }

    /// Each coverage `c` of `line` combined with `m` of `mask` by `mode`, in bytes, rounded.
    private static func combine(_ line: UnsafeMutableBufferPointer<UInt8>, with mask: UnsafeBufferPointer<UInt8>, mode: Mode) {
        switch mode {
        case .add:
            for index in line.indices {
                let (c, m) = (Int(line[index]), Int(mask[index]))
                line[index] = UInt8(c + m - (c * m + 127) / 255)
            }
        case .subtract:
            for index in line.indices { line[index] = UInt8((Int(line[index]) * (255 - Int(mask[index])) + 127) / 255) }
        case .intersect:
            for index in line.indices { line[index] = UInt8((Int(line[index]) * Int(mask[index]) + 127) / 255) }
        case .lighten:
            for index in line.indices { line[index] = max(line[index], mask[index]) }
        case .darken:
            for index in line.indices { line[index] = min(line[index], mask[index]) }
        case .difference:
            for index in line.indices { line[index] = line[index] > mask[index] ? line[index] - mask[index] : mask[index] - line[index] }
        }
    }

    /// The mask with its contours mapped by `transform`.
    public func transformed(by transform: AffineTransform) -> MaskPath {
        var copy = self
        copy.contours = contours.map { $0.map(transform.apply(to:)) }
        return copy
    }
}
