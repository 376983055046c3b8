import CadenceDraw

/// Values that replace a Lottie file's own at draw time, by key path, as lottie-ios's value
/// providers (`setValueProvider(_:keypath:)`) do.
///
/// A key path names layers (by `nm`, a precomposition's layers under its layer), then shape
/// groups, then an item and its property, joined with dots: `Card.Body.Fill 1.Color`. `*` stands
/// for one name, `**` for any number (none included): `**.Fill 1.Color` is every fill named
/// "Fill 1". The properties:
///
/// | item | properties | value |
/// |---|---|---|
/// | fill | `Color`, `Opacity` | a colour; 0 … 100 |
/// | stroke | `Color`, `Opacity`, `Stroke Width` | a colour; 0 … 100; units |
/// | trim paths | `Start`, `End`, `Offset` | percent; degrees |
/// | layer or group `Transform` | `Position`, `Anchor Point`, `Scale` (percent), `Rotation` (degrees), `Opacity` | a point; a point; a point or number; a number; 0 … 100 |
///
/// When several key paths match a property, the last one set wins.
public struct LottieValueProviders: Sendable, Hashable {
    /// A value: a colour, a number, or a point (x, y).
    public enum Value: Sendable, Hashable {
        case color(Color)
        case number(Double)
        case point(x: Double, y: Double)
    }

    /// One key path and its value.
    public struct Entry: Sendable, Hashable {
        public var keyPath: [String]
        public var value: Value
    }

    /// The key paths and values, in the order set.
    public private(set) var entries: [Entry] = []

    /// The most names a key path may have.
    public static let maximumNames = 64

    /// The properties a key path may end in.
    public static let properties = ["Color", "Opacity", "Stroke Width", "Start", "End", "Offset", "Position", "Anchor Point", "Scale", "Rotation"]

    /// No values.
    public init() {}

    public var isEmpty: Bool { entries.isEmpty }

    /// Sets `value` for the properties `keyPath` matches. Throws when the key path is empty, has
    /// an empty name or more than `maximumNames`, ends in no property above, or the value is not
    /// of the property's kind (a colour for `Color`, a point for `Position` and `Anchor Point`, a
    /// finite number otherwise; `Scale` takes a number or a point).
    public mutating func set(_ value: Value, for keyPath: String) throws(ValueProviderError) {
        let names = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard names.count >= 2, names.count <= Self.maximumNames, !names.contains(where: \.isEmpty) else {
            throw ValueProviderError(keyPath: keyPath, message: "must be names joined by dots, ending in a property (at most \(Self.maximumNames) names)")
        }
        let property = names[names.count - 1]
        guard Self.properties.contains(property) else {
            throw ValueProviderError(keyPath: keyPath, message: "must end in a property: \(Self.properties.joined(separator: ", "))")
        }
        let fits: Bool
        switch (property, value) {
        case ("Color", .color): fits = true
        case ("Color", _), (_, .color): fits = false
        case ("Position", .point), ("Anchor Point", .point), ("Scale", _): fits = true
        case ("Position", _), ("Anchor Point", _), (_, .point): fits = false
        default: fits = true
        }
        guard fits else {
            let kind = property == "Color" ? "a colour" : property == "Position" || property == "Anchor Point" ? "a point [x, y]" : "a number"
            throw ValueProviderError(keyPath: keyPath, message: "\(property) takes \(kind)")
        }
        let numbers: [Double] = switch value {
        case .number(let number): [number]
        case .point(let x, let y): [x, y]
        case .color(let color): [color.red, color.green, color.blue, color.alpha]
        }
        guard numbers.allSatisfy({ $0.isFinite && abs($0) <= 1e9 }) else {
            throw ValueProviderError(keyPath: keyPath, message: "must be finite and within ±10⁹")
        }
        entries.append(Entry(keyPath: names, value: value))
    }

    /// The value set for the property at `path` (names, the property last), if any.
    func value(at path: [String]) -> Value? {
        entries.last { Self.matches($0.keyPath, path) }?.value
    }

    /// A number for `path`, if one is set.
    func number(at path: [String]) -> Double? {
        if case .number(let number)? = value(at: path) { return number }
        return nil
    }

    /// Whether `pattern` (names, `*` for one, `**` for any number) matches `path`: a table of
    /// which prefixes match which, so it takes at most |pattern| × |path| steps.
    static func matches(_ pattern: [String], _ path: [String]) -> Bool {
        var reachable = [Bool](repeating: false, count: path.count + 1)
        reachable[0] = true
        for name in pattern {
            var next = [Bool](repeating: false, count: path.count + 1)
            if name == "**" {
                var any = false
                for index in 0...path.count {
                    any = any || reachable[index]
                    next[index] = any
                }
            } else {
                for index in 0..<path.count where reachable[index] && (name == "*" || name == path[index]) {
                    next[index + 1] = true
                }
            }
            reachable = next
        }
        return reachable[path.count]
    }
}

/// A value provider the animation cannot take, naming its key path.
public struct ValueProviderError: Error, Sendable, Equatable, CustomStringConvertible {
    public var keyPath: String
    public var message: String

    public var description: String { "\"\(keyPath)\": \(message)" }
}

extension LottieTransform {
    /// The transform of the layer or group `name` under `path`, with the values `providers` set
    /// for `path.name.Transform.PROPERTY` (nothing is built when there are none: this runs for
    /// every layer and group of every frame).
    /// `overridden(by:path:name:)`'s matrix at `frame`, without copying the transform when
    /// there are no providers.
    func matrix(at frame: Double, providers: LottieValueProviders, path: [String], name: String) -> AffineTransform {
        providers.isEmpty ? matrix(at: frame) : overridden(by: providers, path: path, name: name).matrix(at: frame)
    }

    /// `overridden(by:path:name:)`'s opacity at `frame`, without copying the transform when
    /// there are no providers.
    func opacity(at frame: Double, providers: LottieValueProviders, path: [String], name: String) -> Double {
        providers.isEmpty ? opacity(at: frame) : overridden(by: providers, path: path, name: name).opacity(at: frame)
    }

    func overridden(by providers: LottieValueProviders, path: [String], name: String) -> LottieTransform {
        guard !providers.isEmpty else { return self }
        var transform = self
        let base = path + [name, "Transform"]
        func value(_ property: String) -> LottieValueProviders.Value? { providers.value(at: base + [property]) }
        if case .point(let x, let y)? = value("Position") {
            transform.position = AnimatedNumbers([x, y])
        }
        if case .point(let x, let y)? = value("Anchor Point") { transform.anchor = AnimatedNumbers([x, y]) }
        switch value("Scale") {
        case .point(let x, let y)?: transform.scale = AnimatedNumbers([x, y])
        case .number(let s)?: transform.scale = AnimatedNumbers([s, s])
        default: break
        }
        if case .number(let degrees)? = value("Rotation") { transform.rotation = AnimatedNumbers([degrees]) }
        if case .number(let opacity)? = value("Opacity") { transform.opacity = AnimatedNumbers([opacity]) }
        return transform
    }
}

extension LottieAnimation {
    /// The most key paths `keyPaths` lists: a file of many precompositions used many times has
    /// more, and the walk stops there.
    public static let maximumKeyPaths = 100_000

    /// Every property a value provider can set in this file, as key paths with their names
    /// (layers, precomposition layers, groups, items) joined by dots: `Card.Transform.Position`,
    /// `Card.Body.Fill 1.Color` …; at most `maximumKeyPaths`.
    public var keyPaths: [[String]] {
        var found: [[String]] = []
        let transformProperties = ["Position", "Anchor Point", "Scale", "Rotation", "Opacity"]
        let itemProperties: [String: [String]] = ["fl": ["Color", "Opacity"], "st": ["Color", "Opacity", "Stroke Width"], "tm": ["Start", "End", "Offset"]]
        // The property tree's layers, groups and items, as far as value providers reach.
        func visit(_ node: LottiePropertyNode, _ path: [String]) {
            for child in node.children where found.count < Self.maximumKeyPaths {
                switch child.kind {
                case .layer, .group: visit(child, path + [child.name])
                case .transform: found += transformProperties.map { path + ["Transform", $0] }
                case .shape(let type): found += (itemProperties[type] ?? []).map { path + [child.name, $0] }
                default: break
                }
            }
        }
        visit(propertyTree.root, [])
        return Array(found.prefix(Self.maximumKeyPaths))
    }

    /// Whether `keyPath` (names joined by dots, `*` and `**` allowed) matches any property of
    /// the file `keyPaths` lists.
    public func hasKeyPath(matching keyPath: String) -> Bool {
        let pattern = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        return keyPaths.contains { LottieValueProviders.matches(pattern, $0) }
    }
}
