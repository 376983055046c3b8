/// A layer key path by a typed name, beside the strings scene files use: `.positionY` is
/// `"position.y"`, `.transformRotation` is `"transform.rotation"`. The compiler checks the name;
/// whether it fits the layer (`fontSize` needs a TextLayer) is checked when the animation is
/// added, as for strings. A string literal is one too: `AnimatableKeyPath = "opacity"`.
///
/// ```swift
/// try card.add(.spring(keyPath: .positionY, from: 300, to: 100, stiffness: 180, damping: 14))
/// try scene.schedule(.setValue(.backgroundColor, .color(.white)), on: "card", at: 1)
/// ```
public struct AnimatableKeyPath: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The key path as scene files write it.
    public var rawValue: String

    /// The key path `rawValue`, e.g. `position.x`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The key path `value`.
    public init(stringLiteral value: String) {
        rawValue = value
    }

    public var description: String { rawValue }

    /// `position`.
    public static let position = AnimatableKeyPath(rawValue: "position")
    /// `position.x`.
    public static let positionX = AnimatableKeyPath(rawValue: "position.x")
    /// `position.y`.
    public static let positionY = AnimatableKeyPath(rawValue: "position.y")
    /// `bounds.size`.
    public static let boundsSize = AnimatableKeyPath(rawValue: "bounds.size")
    /// `bounds.size.width`.
    public static let boundsSizeWidth = AnimatableKeyPath(rawValue: "bounds.size.width")
    /// `bounds.size.height`.
    public static let boundsSizeHeight = AnimatableKeyPath(rawValue: "bounds.size.height")
    /// `anchorPoint`.
    public static let anchorPoint = AnimatableKeyPath(rawValue: "anchorPoint")
    /// `opacity`.
    public static let opacity = AnimatableKeyPath(rawValue: "opacity")
    /// `backgroundColor`.
    public static let backgroundColor = AnimatableKeyPath(rawValue: "backgroundColor")
    /// `borderColor`.
    public static let borderColor = AnimatableKeyPath(rawValue: "borderColor")
    /// `borderWidth`.
    public static let borderWidth = AnimatableKeyPath(rawValue: "borderWidth")
    /// `cornerRadius`.
    public static let cornerRadius = AnimatableKeyPath(rawValue: "cornerRadius")
    /// `zPosition`.
    public static let zPosition = AnimatableKeyPath(rawValue: "zPosition")
    /// `transform.rotation`.
    public static let transformRotation = AnimatableKeyPath(rawValue: "transform.rotation")
    /// `transform.rotation.z`.
    public static let transformRotationZ = AnimatableKeyPath(rawValue: "transform.rotation.z")
    /// `transform.scale`.
    public static let transformScale = AnimatableKeyPath(rawValue: "transform.scale")
    /// `transform.scale.x`.
    public static let transformScaleX = AnimatableKeyPath(rawValue: "transform.scale.x")
    /// `transform.scale.y`.
    public static let transformScaleY = AnimatableKeyPath(rawValue: "transform.scale.y")
    /// `transform.translation`.
    public static let transformTranslation = AnimatableKeyPath(rawValue: "transform.translation")
    /// `transform.translation.x`.
    public static let transformTranslationX = AnimatableKeyPath(rawValue: "transform.translation.x")
    /// `transform.translation.y`.
    public static let transformTranslationY = AnimatableKeyPath(rawValue: "transform.translation.y")
    /// `transform.rotation.x`.
    public static let transformRotationX = AnimatableKeyPath(rawValue: "transform.rotation.x")
    /// `transform.rotation.y`.
    public static let transformRotationY = AnimatableKeyPath(rawValue: "transform.rotation.y")
    /// `transform.scale.z`.
    public static let transformScaleZ = AnimatableKeyPath(rawValue: "transform.scale.z")
    /// `transform.translation.z`.
    public static let transformTranslationZ = AnimatableKeyPath(rawValue: "transform.translation.z")
    /// `transform.perspective`.
    public static let transformPerspective = AnimatableKeyPath(rawValue: "transform.perspective")
    /// `sublayerTransform.rotation`.
    public static let sublayerTransformRotation = AnimatableKeyPath(rawValue: "sublayerTransform.rotation")
    /// `sublayerTransform.rotation.x`.
    public static let sublayerTransformRotationX = AnimatableKeyPath(rawValue: "sublayerTransform.rotation.x")
    /// `sublayerTransform.rotation.y`.
    public static let sublayerTransformRotationY = AnimatableKeyPath(rawValue: "sublayerTransform.rotation.y")
    /// `sublayerTransform.rotation.z`.
    public static let sublayerTransformRotationZ = AnimatableKeyPath(rawValue: "sublayerTransform.rotation.z")
    /// `sublayerTransform.scale`.
    public static let sublayerTransformScale = AnimatableKeyPath(rawValue: "sublayerTransform.scale")
    /// `sublayerTransform.scale.x`.
    public static let sublayerTransformScaleX = AnimatableKeyPath(rawValue: "sublayerTransform.scale.x")
    /// `sublayerTransform.scale.y`.
    public static let sublayerTransformScaleY = AnimatableKeyPath(rawValue: "sublayerTransform.scale.y")
    /// `sublayerTransform.scale.z`.
    public static let sublayerTransformScaleZ = AnimatableKeyPath(rawValue: "sublayerTransform.scale.z")
    /// `sublayerTransform.translation`.
    public static let sublayerTransformTranslation = AnimatableKeyPath(rawValue: "sublayerTransform.translation")
    /// `sublayerTransform.translation.x`.
    public static let sublayerTransformTranslationX = AnimatableKeyPath(rawValue: "sublayerTransform.translation.x")
    /// `sublayerTransform.translation.y`.
    public static let sublayerTransformTranslationY = AnimatableKeyPath(rawValue: "sublayerTransform.translation.y")
    /// `sublayerTransform.translation.z`.
    public static let sublayerTransformTranslationZ = AnimatableKeyPath(rawValue: "sublayerTransform.translation.z")
    /// `sublayerTransform.perspective`.
    public static let sublayerTransformPerspective = AnimatableKeyPath(rawValue: "sublayerTransform.perspective")
    /// `shadowOpacity`.
    public static let shadowOpacity = AnimatableKeyPath(rawValue: "shadowOpacity")
    /// `shadowRadius`.
    public static let shadowRadius = AnimatableKeyPath(rawValue: "shadowRadius")
    /// `shadowColor`.
    public static let shadowColor = AnimatableKeyPath(rawValue: "shadowColor")
    /// `shadowOffset`.
    public static let shadowOffset = AnimatableKeyPath(rawValue: "shadowOffset")
    /// `hidden`.
    public static let hidden = AnimatableKeyPath(rawValue: "hidden")
    /// `foregroundColor`.
    public static let foregroundColor = AnimatableKeyPath(rawValue: "foregroundColor")
    /// `fontSize`.
    public static let fontSize = AnimatableKeyPath(rawValue: "fontSize")
    /// `strokeStart`.
    public static let strokeStart = AnimatableKeyPath(rawValue: "strokeStart")
    /// `strokeEnd`.
    public static let strokeEnd = AnimatableKeyPath(rawValue: "strokeEnd")
    /// `lineWidth`.
    public static let lineWidth = AnimatableKeyPath(rawValue: "lineWidth")
    /// `lineDashPhase`.
    public static let lineDashPhase = AnimatableKeyPath(rawValue: "lineDashPhase")
    /// `miterLimit`.
    public static let miterLimit = AnimatableKeyPath(rawValue: "miterLimit")
    /// `fillColor`.
    public static let fillColor = AnimatableKeyPath(rawValue: "fillColor")
    /// `strokeColor`.
    public static let strokeColor = AnimatableKeyPath(rawValue: "strokeColor")
    /// `path`.
    public static let path = AnimatableKeyPath(rawValue: "path")
    /// `startPoint` (GradientLayer).
    public static let startPoint = AnimatableKeyPath(rawValue: "startPoint")
    /// `endPoint` (GradientLayer).
    public static let endPoint = AnimatableKeyPath(rawValue: "endPoint")
    /// `colors` (GradientLayer).
    public static let colors = AnimatableKeyPath(rawValue: "colors")
    /// `locations` (GradientLayer).
    public static let locations = AnimatableKeyPath(rawValue: "locations")
    /// `instanceDelay` (ReplicatorLayer).
    public static let instanceDelay = AnimatableKeyPath(rawValue: "instanceDelay")
    /// `instanceColor` (ReplicatorLayer).
    public static let instanceColor = AnimatableKeyPath(rawValue: "instanceColor")
    /// `instanceAlphaOffset` (ReplicatorLayer); also `instanceRedOffset`, `instanceGreenOffset`, `instanceBlueOffset` as strings.
    public static let instanceAlphaOffset = AnimatableKeyPath(rawValue: "instanceAlphaOffset")
    /// `instanceTransform.rotation` (ReplicatorLayer).
    public static let instanceTransformRotation = AnimatableKeyPath(rawValue: "instanceTransform.rotation")
    /// `instanceTransform.scale` (ReplicatorLayer).
    public static let instanceTransformScale = AnimatableKeyPath(rawValue: "instanceTransform.scale")
    /// `instanceTransform.translation` (ReplicatorLayer).
    public static let instanceTransformTranslation = AnimatableKeyPath(rawValue: "instanceTransform.translation")

    /// Every key path with a typed name.
    public static let all: [AnimatableKeyPath] = [
        .position, .positionX, .positionY, .boundsSize, .boundsSizeWidth, .boundsSizeHeight, .anchorPoint, .opacity,
        .backgroundColor, .borderColor, .borderWidth, .cornerRadius, .zPosition, .transformRotation,
        .transformRotationZ, .transformScale, .transformScaleX, .transformScaleY, .transformTranslation,
        .transformTranslationX, .transformTranslationY, .shadowOpacity, .shadowRadius, .shadowColor, .shadowOffset,
        .hidden, .foregroundColor, .fontSize, .strokeStart, .strokeEnd, .lineWidth, .lineDashPhase, .miterLimit,
        .fillColor, .strokeColor, .path, .startPoint, .endPoint, .colors, .locations, .instanceDelay, .instanceColor,
        .instanceAlphaOffset, .instanceTransformRotation, .instanceTransformScale, .instanceTransformTranslation,
        .transformRotationX, .transformRotationY, .transformScaleZ, .transformTranslationZ, .transformPerspective, .sublayerTransformRotation, .sublayerTransformRotationX, .sublayerTransformRotationY, .sublayerTransformRotationZ,
        .sublayerTransformScale, .sublayerTransformScaleX, .sublayerTransformScaleY, .sublayerTransformScaleZ, .sublayerTransformTranslation, .sublayerTransformTranslationX, .sublayerTransformTranslationY, .sublayerTransformTranslationZ, .sublayerTransformPerspective,
    ]
}
