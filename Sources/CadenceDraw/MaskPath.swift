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
        // In bytes (0 … 255 for 0 … 1), rounded at each step.
        let count = box.width * box.height
        var combined = [Int](repeating: masks.first?.mode == .subtract ? 255 : 0, count: count)
        for mask in masks {
            let opacity = Int(((mask.opacity.isFinite ? min(max(mask.opacity, 0), 1) : 0) * 255).rounded())
            let shape = PathRasterizer.coverage(of: mask.contours, fillRule: mask.fillRule, clip: box.rect)
            // The shape's mask lies within the box (it was clipped to it): rows and columns
            // outside it are uncovered.
            let shapeBox = shape.map { (x: $0.x - box.minX, y: $0.y - box.minY, width: $0.width, height: $0.height) } ?? (x: 0, y: 0, width: 0, height: 0)
            let shapeAlpha = shape?.alpha ?? []
            combined.withUnsafeMutableBufferPointer { combined in
                shapeAlpha.withUnsafeBufferPointer { shapeAlpha in
                    for row in 0..<box.height {
                        let shapeRow = row - shapeBox.y
                        let rowInside = shapeRow >= 0 && shapeRow < shapeBox.height
                        for column in 0..<box.width {
                            let shapeColumn = column - shapeBox.x
                            var m = rowInside && shapeColumn >= 0 && shapeColumn < shapeBox.width ? Int(shapeAlpha[shapeRow * shapeBox.width + shapeColumn]) : 0
                            if mask.inverted { m = 255 - m }
                            m = (m * opacity + 127) / 255
                            let index = row * box.width + column
                            let c = combined[index]
                            switch mask.mode {
                            case .add: combined[index] = c + m - (c * m + 127) / 255
                            case .subtract: combined[index] = (c * (255 - m) + 127) / 255
                            case .intersect: combined[index] = (c * m + 127) / 255
                            case .lighten: combined[index] = max(c, m)
                            case .darken: combined[index] = min(c, m)
                            case .difference: combined[index] = abs(c - m)
                            }
                        }
                    }
                }
            }
        }
        return CoverageMask(x: box.minX, y: box.minY, width: box.width, height: box.height, alpha: combined.map { UInt8(min(max($0, 0), 255)) })
    }

    /// The mask with its contours mapped by `transform`.
    public func transformed(by transform: AffineTransform) -> MaskPath {
        var copy = self
        copy.contours = contours.map { $0.map(transform.apply(to:)) }
        return copy
    }
}
