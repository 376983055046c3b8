import CadenceLayers

/// The widget types a scene file may name, in the order messages list them.
///
/// The scene reader takes node types, attribute keys (and their unknown-key warnings) and event
/// types from here. `standard` holds Cadence's six widgets; a registry is a value, so a program
/// adds its own widgets without changing Cadence:
///
/// ```swift
/// let (scene, _) = try SceneFile.parse(data, file: "scene.json", widgets: .standard.adding(Dot.self))
/// ```
public struct WidgetRegistry: Sendable {
    /// The widget types, in registration order.
    public private(set) var types: [any Widget.Type]

    /// A registry of `types`. Type names must be unique and must not name a layer type.
    public init(_ types: [any Widget.Type]) {
        self.types = []
        for type in types { add(type) }
    }

    /// Cadence's widgets.
    public static let standard = WidgetRegistry([
        ShapeNode.self, CountingLabel.self, ActivityIndicator.self, BouncyPlaceholderField.self, PlaceholderTextView.self,
        ImageView.self,
    ])

    /// Adds `type` after the registered ones.
    ///
    /// A type name already registered, or a layer type's, is a programmer error.
    public mutating func add(_ type: any Widget.Type) {
        precondition(self.type(named: type.typeName) == nil, "a widget type called \(type.typeName) is already registered")
        precondition(!Layer.typeNames.contains(type.typeName), "\(type.typeName) is a layer type")
        types.append(type)
    }

    /// This registry with `type` added after the registered ones.
    public func adding(_ type: any Widget.Type) -> WidgetRegistry {
        var registry = self
        registry.add(type)
        return registry
    }

    /// The type names, in registration order.
    public var typeNames: [String] {
        types.map { $0.typeName }
    }

    /// The widget type scene files call `name`.
    public func type(named name: String) -> (any Widget.Type)? {
        types.first { $0.typeName == name }
    }

    /// Each event type, with the names of the widget types that take it in registration order.
    public var eventTypes: [String: [String]] {
        var result: [String: [String]] = [:]
        for type in types {
            for name in type.eventNames { result[name, default: []].append(type.typeName) }
        }
        return result
    }
}

extension Widget {
    /// The names of the widget's events, in its order.
    static var eventNames: [String] {
        events.map(\.name)
    }
}
