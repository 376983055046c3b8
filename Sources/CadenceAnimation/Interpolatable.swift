import CadenceDraw

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Values that can be added, subtracted and scaled: what animations compute with.
public protocol VectorArithmetic: Sendable, Equatable {
    static var zero: Self { get }
    static func + (lhs: Self, rhs: Self) -> Self
    static func - (lhs: Self, rhs: Self) -> Self
    func scaled(by factor: Double) -> Self
    /// The sum of the squared components.
    var magnitudeSquared: Double { get }
}

extension Double: VectorArithmetic {
    /// The number times `factor`.
    public func scaled(by factor: Double) -> Double { self * factor }
    /// The number squared.
    public var magnitudeSquared: Double { self * self }
}

extension SIMD2: VectorArithmetic where Scalar == Double {
    /// Each component times `factor`.
    public func scaled(by factor: Double) -> SIMD2<Double> { self * factor }
    /// The sum of the squared components.
    public var magnitudeSquared: Double { (self * self).sum() }
}

extension SIMD4: VectorArithmetic where Scalar == Double {
    /// Each component times `factor`.
    public func scaled(by factor: Double) -> SIMD4<Double> { self * factor }
    /// The sum of the squared components.
    public var magnitudeSquared: Double { (self * self).sum() }
}

/// A value an animation can move: it converts to and from a vector, and values in between are
/// interpolated on that vector. For colours the vector is premultiplied linear light, so a fade
/// from red to green passes through a clean yellow, not a muddy one, and a fade to clear does not
/// darken.
public protocol Interpolatable: KeyframeValue, Equatable {
    associatedtype AnimatableData: VectorArithmetic
    var animatableData: AnimatableData { get }
    init(animatableData: AnimatableData)
}

extension Interpolatable {
    /// `from` at 0, `to` at 1, on the straight line between (beyond it for t outside 0 ... 1).
    public static func interpolate(from: Self, to: Self, fraction t: Double) -> Self {
        Self(animatableData: from.animatableData + (to.animatableData - from.animatableData).scaled(by: t))
    }
}

extension Double: Interpolatable {
    /// The number itself.
    public var animatableData: Double { self }
    /// The number itself.
    public init(animatableData: Double) { self = animatableData }
}

extension Point: Interpolatable {
    /// (x, y).
    public var animatableData: SIMD2<Double> { SIMD2(x, y) }
    /// The point (x, y).
    public init(animatableData: SIMD2<Double>) { self.init(x: animatableData.x, y: animatableData.y) }
}

extension Size: Interpolatable {
    /// (width, height).
    public var animatableData: SIMD2<Double> { SIMD2(width, height) }
    /// The size (width, height).
    public init(animatableData: SIMD2<Double>) { self.init(width: animatableData.x, height: animatableData.y) }
}

extension Rect: Interpolatable {
    /// (x, y, width, height).
    public var animatableData: SIMD4<Double> { SIMD4(minX, minY, width, height) }
    /// The rectangle (x, y, width, height).
    public init(animatableData: SIMD4<Double>) {
        self.init(x: animatableData[0], y: animatableData[1], width: animatableData[2], height: animatableData[3])
    }
}

extension Color: Interpolatable {
    /// Premultiplied linear-light RGBA.
    public var animatableData: SIMD4<Double> {
        SIMD4(Self.linear(red) * alpha, Self.linear(green) * alpha, Self.linear(blue) * alpha, alpha)
    }

    /// The colour from premultiplied linear-light RGBA (alpha clamped to 0 ... 1).
    public init(animatableData: SIMD4<Double>) {
        let alpha = min(max(animatableData[3], 0), 1)
        func channel(_ premultiplied: Double) -> Double {
            alpha > 0 ? Self.sRGB(min(max(premultiplied / alpha, 0), 1)) : 0
        }
        self.init(red: channel(animatableData[0]), green: channel(animatableData[1]), blue: channel(animatableData[2]), alpha: alpha)
    }

    /// sRGB → linear light (the IEC 61966-2-1 curve).
    static func linear(_ value: Double) -> Double {
        value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }

    /// Linear light → sRGB.
    static func sRGB(_ value: Double) -> Double {
        value <= 0.0031308 ? value * 12.92 : 1.055 * pow(value, 1 / 2.4) - 0.055
    }
}
