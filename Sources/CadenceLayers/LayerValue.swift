import CadenceDraw

/// A value of a layer key path as Swift writes it, one to one with scene files: a number, a
/// list of numbers (`[x, y]` for points and sizes), a colour, a flag or a path.
///
/// Literals work where the key path's type allows them:
///
/// ```swift
/// let y: LayerValue = 120            // "position.y"
/// let point: LayerValue = [160, 90]  // "position"
/// let fade: LayerValue = .color(Color(red: 1, green: 0, blue: 0))  // "backgroundColor"
/// ```
///
/// Values are checked against the key path when they are used (`Layer.add(_:forKey:)`,
/// `Scene.schedule(_:on:at:)`), with the scene reader's rules and messages.
public enum LayerValue: Sendable, Hashable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral
{
    /// A number: `opacity`, `position.y`, `transform.rotation`, …
    case number(Double)
    /// A list of numbers: `[x, y]` for `position`, `[width, height]` for `bounds.size`.
    case numbers([Double])
    /// A colour: `backgroundColor`, `foregroundColor`, `fillColor`, …
    case color(Color)
    /// A flag: `hidden`.
    case bool(Bool)
    /// A path with the same commands as the shape layer's own: `path`.
    case path(Path)
    /// Colours, as many as the gradient layer's: `colors`.
    case colors([Color])

    /// A point, as `[x, y]`.
    public static func point(_ point: Point) -> LayerValue { .numbers([point.x, point.y]) }
    /// A size, as `[width, height]`.
    public static func size(_ size: Size) -> LayerValue { .numbers([size.width, size.height]) }

    /// A number.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// A number.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// A flag.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// A list of numbers.
    public init(arrayLiteral elements: Double...) { self = .numbers(elements) }
}
