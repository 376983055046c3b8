/// A scripted event every layer takes, as Swift writes it: the `setValue`, `addAnimation` and
/// `removeAnimation` events of scene files, field for field.
///
/// ```swift
/// try scene.schedule(.setValue(keyPath: "opacity", value: 0.5), on: "card", at: 1.0)
/// try scene.schedule(.addAnimation(.basic(keyPath: "position.x", by: 40), key: "nudge"), on: "card", at: 1.5)
/// ```
public enum LayerEvent: Sendable, Hashable {
    /// Sets the model value of `keyPath`; animated (over `duration`, 0.25 s unless told, or on
    /// the spring already moving it) unless `animated` is false.
    case setValue(keyPath: String, value: LayerValue, animated: Bool = true, duration: Double? = nil)
    /// Adds `animation`, replacing the one under the same key.
    case addAnimation(LayerAnimation, key: String? = nil)
    /// Removes the animation added under `key`.
    case removeAnimation(key: String)

    /// `setValue(keyPath:value:animated:duration:)` of a typed key path:
    /// `.setValue(.opacity, .number(0.5))`.
    public static func setValue(_ keyPath: AnimatableKeyPath, _ value: LayerValue, animated: Bool = true, duration: Double? = nil) -> LayerEvent {
        .setValue(keyPath: keyPath.rawValue, value: value, animated: animated, duration: duration)
    }
}
