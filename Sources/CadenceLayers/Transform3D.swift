import CadenceDraw

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A 4 × 4 transform of space, as `CATransform3D`: row vectors, a point (x, y, z) maps to
/// (x, y, z, 1) · M, then divides by the fourth component. `m34 = −1 / d` puts the eye at
/// distance d in front of the plane z = 0, looking at it.
///
/// `concatenating(_:)` applies `self` first, as `CATransform3DConcat(a, b)` does.
public struct Transform3D: Sendable, Hashable {
    /// The entries, row by row: `m[4 * (row - 1) + (column - 1)]`.
    public var m: [Double]

    /// The transform with these 16 entries, row by row.
    public init(_ entries: [Double]) {
        precondition(entries.count == 16, "a 3-D transform has 16 entries")
        m = entries
    }

    /// Maps every point to itself.
    public static let identity = Transform3D([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

    /// A translation by (x, y, z).
    public static func translation(_ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        Transform3D([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1])
    }

    /// A scale by (x, y, z) about the origin.
    public static func scale(_ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        Transform3D([x, 0, 0, 0, 0, y, 0, 0, 0, 0, z, 0, 0, 0, 0, 1])
    }

    /// A turn by `angle` radians about the x axis, as `CATransform3DMakeRotation(angle, 1, 0, 0)`:
    /// positive brings the bottom edge (y grows downwards) towards the eye.
    public static func rotationX(_ angle: Double) -> Transform3D {
        let (c, s) = (cos(angle), sin(angle))
        return Transform3D([1, 0, 0, 0, 0, c, s, 0, 0, -s, c, 0, 0, 0, 0, 1])
    }

    /// A turn by `angle` radians about the y axis, as `CATransform3DMakeRotation(angle, 0, 1, 0)`:
    /// positive takes the right edge away from the eye.
    public static func rotationY(_ angle: Double) -> Transform3D {
        let (c, s) = (cos(angle), sin(angle))
        return Transform3D([c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, 0, 0, 0, 1])
    }

    /// A turn by `angle` radians about the z axis: clockwise on screen, as `AffineTransform(rotation:)`.
    public static func rotationZ(_ angle: Double) -> Transform3D {
        let (c, s) = (cos(angle), sin(angle))
        return Transform3D([c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
    }

    /// Perspective with the eye at `distance` in front of the plane z = 0 (m34 = −1 / distance);
    /// the identity for a distance that is not a positive finite number.
    public static func perspective(_ distance: Double) -> Transform3D {
        guard distance > 0, distance.isFinite else { return .identity }
        var result = identity
        result.m[11] = -1 / distance
        return result
    }

    /// The affine transform as a 3-D one (in the plane z = 0).
    public init(_ t: AffineTransform) {
        self.init([t.a, t.b, 0, 0, t.c, t.d, 0, 0, 0, 0, 1, 0, t.tx, t.ty, 0, 1])
    }

    /// `self`, then `other`.
    public func concatenating(_ other: Transform3D) -> Transform3D {
        var result = [Double](repeating: 0, count: 16)
        for row in 0..<4 {
            for column in 0..<4 {
                var sum = 0.0
                for k in 0..<4 { sum += m[4 * row + k] * other.m[4 * k + column] }
                result[4 * row + column] = sum
            }
        }
        return Transform3D(result)
    }

    /// The map of the plane z = 0 into the plane z = 0 once what this puts in space is flattened
    /// there (z dropped after the divide): rows and columns 1, 2 and 4.
    public var flattened: ProjectiveTransform {
        ProjectiveTransform(m11: m[0], m12: m[1], m13: m[3], m21: m[4], m22: m[5], m23: m[7], m31: m[12], m32: m[13], m33: m[15])
    }
}
