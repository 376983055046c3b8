import CadenceAnimation
import CadenceDraw

/// A value a layer key path holds, as Swift types it: a number, a point, a size, a colour, a
/// flag, a path, colours or numbers (a gradient's).
public protocol LayerKeyPathValue: Sendable {
    /// The value as a `LayerValue`.
    var layerValue: LayerValue { get }
}

extension Double: LayerKeyPathValue {
    public var layerValue: LayerValue { .number(self) }
}

extension Point: LayerKeyPathValue {
    public var layerValue: LayerValue { .point(self) }
}

extension Size: LayerKeyPathValue {
    public var layerValue: LayerValue { .size(self) }
}

extension Color: LayerKeyPathValue {
    public var layerValue: LayerValue { .color(self) }
}

extension Bool: LayerKeyPathValue {
    public var layerValue: LayerValue { .bool(self) }
}

extension Path: LayerKeyPathValue {
    public var layerValue: LayerValue { .path(self) }
}

extension Array: LayerKeyPathValue where Element: LayerKeyPathValue {
    /// Colours as `colors` (a gradient's); numbers as `numbers` (its locations). One
    /// conformance serves both, as Swift allows one per type: the element decides.
    public var layerValue: LayerValue {
        if let colors = self as? [Color] { return .colors(colors) }
        return .numbers(compactMap { if case .number(let number) = $0.layerValue { number } else { nil } })
    }
}

/// A layer key path typed by the value it holds, after lottie-ios's `LayerProperty`:
/// `.opacity` is a `LayerKeyPath<Double>`, `.position` a `LayerKeyPath<Point>`. A misspelt name or a
/// value of the wrong type does not compile; strings are for files (`AnimatableKeyPath`, the
/// scene reader). Whether the key path fits the layer (`fontSize` needs a TextLayer) is checked
/// when the animation is added.
///
/// ```swift
/// try card.add(.basic(.opacity, from: 0, to: 1, timing: try AnimationTiming(duration: 0.3)))
/// try card.add(.spring(.position, to: Point(x: 160, y: 90), spring: try Spring(dampingRatio: 0.7, response: 0.4)))
/// ```
public struct LayerKeyPath<Value: LayerKeyPathValue>: Sendable, Hashable, CustomStringConvertible {
    /// The key path as scene files write it.
    public let name: AnimatableKeyPath

    init(_ name: AnimatableKeyPath) {
        self.name = name
    }

    public var description: String { name.rawValue }
}


extension LayerKeyPath where Value == Double {
    /// `position.x`.
    public static var positionX: LayerKeyPath { LayerKeyPath(.positionX) }
    /// `position.y`.
    public static var positionY: LayerKeyPath { LayerKeyPath(.positionY) }
    /// `bounds.size.width`.
    public static var boundsSizeWidth: LayerKeyPath { LayerKeyPath(.boundsSizeWidth) }
    /// `bounds.size.height`.
    public static var boundsSizeHeight: LayerKeyPath { LayerKeyPath(.boundsSizeHeight) }
    /// `opacity`.
    public static var opacity: LayerKeyPath { LayerKeyPath(.opacity) }
    /// `borderWidth`.
    public static var borderWidth: LayerKeyPath { LayerKeyPath(.borderWidth) }
    /// `cornerRadius`.
    public static var cornerRadius: LayerKeyPath { LayerKeyPath(.cornerRadius) }
    /// `zPosition`.
    public static var zPosition: LayerKeyPath { LayerKeyPath(.zPosition) }
    /// `transform.rotation`.
    public static var transformRotation: LayerKeyPath { LayerKeyPath(.transformRotation) }
    /// `transform.rotation.z`.
    public static var transformRotationZ: LayerKeyPath { LayerKeyPath(.transformRotationZ) }
    /// `transform.scale`.
    public static var transformScale: LayerKeyPath { LayerKeyPath(.transformScale) }
    /// `transform.scale.x`.
    public static var transformScaleX: LayerKeyPath { LayerKeyPath(.transformScaleX) }
    /// `transform.scale.y`.
    public static var transformScaleY: LayerKeyPath { LayerKeyPath(.transformScaleY) }
    /// `transform.translation.x`.
    public static var transformTranslationX: LayerKeyPath { LayerKeyPath(.transformTranslationX) }
    /// `transform.translation.y`.
    public static var transformTranslationY: LayerKeyPath { LayerKeyPath(.transformTranslationY) }
    /// `transform.rotation.x`.
    public static var transformRotationX: LayerKeyPath { LayerKeyPath(.transformRotationX) }
    /// `transform.rotation.y`.
    public static var transformRotationY: LayerKeyPath { LayerKeyPath(.transformRotationY) }
    /// `transform.scale.z`.
    public static var transformScaleZ: LayerKeyPath { LayerKeyPath(.transformScaleZ) }
    /// `transform.translation.z`.
    public static var transformTranslationZ: LayerKeyPath { LayerKeyPath(.transformTranslationZ) }
    /// `transform.perspective`.
    public static var transformPerspective: LayerKeyPath { LayerKeyPath(.transformPerspective) }
    /// `sublayerTransform.rotation`.
    public static var sublayerTransformRotation: LayerKeyPath { LayerKeyPath(.sublayerTransformRotation) }
    /// `sublayerTransform.rotation.x`.
    public static var sublayerTransformRotationX: LayerKeyPath { LayerKeyPath(.sublayerTransformRotationX) }
    /// `sublayerTransform.rotation.y`.
    public static var sublayerTransformRotationY: LayerKeyPath { LayerKeyPath(.sublayerTransformRotationY) }
    /// `sublayerTransform.rotation.z`.
    public static var sublayerTransformRotationZ: LayerKeyPath { LayerKeyPath(.sublayerTransformRotationZ) }
    /// `sublayerTransform.scale`.
    public static var sublayerTransformScale: LayerKeyPath { LayerKeyPath(.sublayerTransformScale) }
    /// `sublayerTransform.scale.x`.
    public static var sublayerTransformScaleX: LayerKeyPath { LayerKeyPath(.sublayerTransformScaleX) }
    /// `sublayerTransform.scale.y`.
    public static var sublayerTransformScaleY: LayerKeyPath { LayerKeyPath(.sublayerTransformScaleY) }
    /// `sublayerTransform.scale.z`.
    public static var sublayerTransformScaleZ: LayerKeyPath { LayerKeyPath(.sublayerTransformScaleZ) }
    /// `sublayerTransform.translation.x`.
    public static var sublayerTransformTranslationX: LayerKeyPath { LayerKeyPath(.sublayerTransformTranslationX) }
    /// `sublayerTransform.translation.y`.
    public static var sublayerTransformTranslationY: LayerKeyPath { LayerKeyPath(.sublayerTransformTranslationY) }
    /// `sublayerTransform.translation.z`.
    public static var sublayerTransformTranslationZ: LayerKeyPath { LayerKeyPath(.sublayerTransformTranslationZ) }
    /// `sublayerTransform.perspective`.
    public static var sublayerTransformPerspective: LayerKeyPath { LayerKeyPath(.sublayerTransformPerspective) }
    /// `shadowOpacity`.
    public static var shadowOpacity: LayerKeyPath { LayerKeyPath(.shadowOpacity) }
    /// `shadowRadius`.
    public static var shadowRadius: LayerKeyPath { LayerKeyPath(.shadowRadius) }
    /// `fontSize`.
    public static var fontSize: LayerKeyPath { LayerKeyPath(.fontSize) }
    /// `strokeStart`.
    public static var strokeStart: LayerKeyPath { LayerKeyPath(.strokeStart) }
    /// `strokeEnd`.
    public static var strokeEnd: LayerKeyPath { LayerKeyPath(.strokeEnd) }
    /// `lineWidth`.
    public static var lineWidth: LayerKeyPath { LayerKeyPath(.lineWidth) }
    /// `lineDashPhase`.
    public static var lineDashPhase: LayerKeyPath { LayerKeyPath(.lineDashPhase) }
    /// `miterLimit`.
    public static var miterLimit: LayerKeyPath { LayerKeyPath(.miterLimit) }
    /// `instanceDelay`.
    public static var instanceDelay: LayerKeyPath { LayerKeyPath(.instanceDelay) }
    /// `instanceAlphaOffset`.
    public static var instanceAlphaOffset: LayerKeyPath { LayerKeyPath(.instanceAlphaOffset) }
    /// `instanceTransform.rotation`.
    public static var instanceTransformRotation: LayerKeyPath { LayerKeyPath(.instanceTransformRotation) }
    /// `instanceTransform.scale`.
    public static var instanceTransformScale: LayerKeyPath { LayerKeyPath(.instanceTransformScale) }
}

extension LayerKeyPath where Value == Point {
    /// `position`.
    public static var position: LayerKeyPath { LayerKeyPath(.position) }
    /// `anchorPoint`.
    public static var anchorPoint: LayerKeyPath { LayerKeyPath(.anchorPoint) }
    /// `transform.translation`.
    public static var transformTranslation: LayerKeyPath { LayerKeyPath(.transformTranslation) }
    /// `sublayerTransform.translation`.
    public static var sublayerTransformTranslation: LayerKeyPath { LayerKeyPath(.sublayerTransformTranslation) }
    /// `startPoint`.
    public static var startPoint: LayerKeyPath { LayerKeyPath(.startPoint) }
    /// `endPoint`.
    public static var endPoint: LayerKeyPath { LayerKeyPath(.endPoint) }
    /// `instanceTransform.translation`.
    public static var instanceTransformTranslation: LayerKeyPath { LayerKeyPath(.instanceTransformTranslation) }
}

extension LayerKeyPath where Value == Size {
    /// `bounds.size`.
    public static var boundsSize: LayerKeyPath { LayerKeyPath(.boundsSize) }
    /// `shadowOffset`.
    public static var shadowOffset: LayerKeyPath { LayerKeyPath(.shadowOffset) }
}

extension LayerKeyPath where Value == Color {
    /// `backgroundColor`.
    public static var backgroundColor: LayerKeyPath { LayerKeyPath(.backgroundColor) }
    /// `borderColor`.
    public static var borderColor: LayerKeyPath { LayerKeyPath(.borderColor) }
    /// `shadowColor`.
    public static var shadowColor: LayerKeyPath { LayerKeyPath(.shadowColor) }
    /// `foregroundColor`.
    public static var foregroundColor: LayerKeyPath { LayerKeyPath(.foregroundColor) }
    /// `fillColor`.
    public static var fillColor: LayerKeyPath { LayerKeyPath(.fillColor) }
    /// `strokeColor`.
    public static var strokeColor: LayerKeyPath { LayerKeyPath(.strokeColor) }
    /// `instanceColor`.
    public static var instanceColor: LayerKeyPath { LayerKeyPath(.instanceColor) }
}

extension LayerKeyPath where Value == Bool {
    /// `hidden`.
    public static var hidden: LayerKeyPath { LayerKeyPath(.hidden) }
}

extension LayerKeyPath where Value == Path {
    /// `path`.
    public static var path: LayerKeyPath { LayerKeyPath(.path) }
}

extension LayerKeyPath where Value == [Color] {
    /// `colors`.
    public static var colors: LayerKeyPath { LayerKeyPath(.colors) }
}

extension LayerKeyPath where Value == [Double] {
    /// `locations`.
    public static var locations: LayerKeyPath { LayerKeyPath(.locations) }
}

extension LayerAnimation {
    /// From `from` to `to` (or by `by`) along `curve`, run by `timing` (`CAMediaTiming`: begin
    /// time and delay, duration, speed, repeats, autoreverse, fill): `CABasicAnimation`.
    public static func basic<Value>(
        _ keyPath: LayerKeyPath<Value>, from: Value? = nil, to: Value? = nil, by: Value? = nil, curve: TimingCurve = .caDefault,
        timing: AnimationTiming, isAdditive: Bool = false, isCumulative: Bool = false
    ) -> LayerAnimation {
        LayerAnimation(
            keyPath: keyPath.name.rawValue, kind: .basic(from: from?.layerValue, to: to?.layerValue, by: by?.layerValue, timingFunction: curve),
            timing: timing, isAdditive: isAdditive, isCumulative: isCumulative
        )
    }

    /// From `from` to `to` (or by `by`) on `spring`, run by `timing` (its duration nil: the
    /// spring's settling duration): `CASpringAnimation`.
    public static func spring<Value>(
        _ keyPath: LayerKeyPath<Value>, from: Value? = nil, to: Value? = nil, by: Value? = nil, spring: Spring,
        timing: AnimationTiming? = nil, isAdditive: Bool = false, isCumulative: Bool = false
    ) -> LayerAnimation {
        let parameters = SpringParameters.physical(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping, initialVelocity: spring.initialVelocity)
        let kind = Kind.spring(from: from?.layerValue, to: to?.layerValue, by: by?.layerValue, spring: parameters)
        guard let timing else {
            return LayerAnimation(keyPath: keyPath.name.rawValue, kind: kind, duration: nil, isAdditive: isAdditive, isCumulative: isCumulative)
        }
        return LayerAnimation(keyPath: keyPath.name.rawValue, kind: kind, timing: timing, isAdditive: isAdditive, isCumulative: isCumulative)
    }

    /// Through `values` at `keyTimes` (0 ... 1; evenly spaced when nil), each segment along its
    /// curve (linear when nil), run by `timing`: `CAKeyframeAnimation`.
    public static func keyframes<Value>(
        _ keyPath: LayerKeyPath<Value>, values: [Value], keyTimes: [Double]? = nil, curves: [TimingCurve]? = nil,
        calculationMode: CalculationMode = .linear, timing: AnimationTiming, isAdditive: Bool = false, isCumulative: Bool = false
    ) -> LayerAnimation {
        LayerAnimation(
            keyPath: keyPath.name.rawValue,
            kind: .keyframe(values: values.map(\.layerValue), keyTimes: keyTimes, timingFunctions: curves, calculationMode: calculationMode),
            timing: timing, isAdditive: isAdditive, isCumulative: isCumulative
        )
    }

    /// `position` along `path` (`CAKeyframeAnimation.path`), run by `timing`.
    public static func motion(
        along path: Path, calculationMode: CalculationMode = .paced, rotationMode: RotationMode? = nil, timing: AnimationTiming
    ) -> LayerAnimation {
        LayerAnimation(keyPath: "position", kind: .motion(path: path, calculationMode: calculationMode, rotationMode: rotationMode), timing: timing)
    }

    /// An animation of `keyPath` of `kind` run by `timing`: its begin time and delay, duration,
    /// speed, repeats, autoreverse, time offset and fill.
    public init(keyPath: String, kind: Kind, timing: AnimationTiming, isAdditive: Bool = false, isCumulative: Bool = false) {
        self.init(
            keyPath: keyPath, kind: kind, beginTime: timing.beginTime + timing.delay, duration: timing.duration, speed: timing.speed,
            timeOffset: timing.timeOffset, repeatCount: timing.repeatCount, repeatDuration: timing.repeatDuration,
            autoreverses: timing.autoreverses, fillMode: timing.fillMode, isAdditive: isAdditive, isCumulative: isCumulative
        )
    }
}

extension LayerEvent {
    /// Sets `keyPath`'s model value to `value` (animated unless told): `.set(.opacity, to: 0.5)`.
    public static func set<Value>(_ keyPath: LayerKeyPath<Value>, to value: Value, animated: Bool = true, duration: Double? = nil) -> LayerEvent {
        .setValue(keyPath: keyPath.name.rawValue, value: value.layerValue, animated: animated, duration: duration)
    }
}
