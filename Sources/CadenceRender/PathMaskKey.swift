import CadenceDraw

/// What decides a path's coverage mask, as both backends cache it: the contours, the fill rule,
/// the blur and the rectangle it is made within (the frame, or a clip). The colour is not part
/// of it: it tints the mask when drawn.
public struct PathMaskKey: Hashable, Sendable {
    public let contours: [[Point]]
    public let fillRule: FillRule
    public let blur: Double
    public let clip: Rect

    /// The key of `path`'s mask made within `clip`.
    public init(_ path: PathFill, clip: Rect) {
        contours = path.contours
        fillRule = path.fillRule
        blur = path.blur
        self.clip = clip
    }

    /// A sample of the contours (their counts and ends) rather than every point: equal keys
    /// still hash equally, and a path drawn once costs a few words of hashing, not all its points.
    public func hash(into hasher: inout Hasher) {
        contours.hashSample(into: &hasher)
        hasher.combine(fillRule)
        hasher.combine(blur)
        hasher.combine(clip)
    }
}
