import CadenceAnimation
import CadenceDraw

/// A property of a layer named by key path, as Core Animation's `animationKeyPath`s: how to read
/// it as a vector of numbers, write it back, and what kind of value it holds. One table serves
/// the scene reader (which key paths exist, what values look like), `setValue` and animations,
/// so the three cannot disagree.
///
/// Values become vectors so that animations interpolate them component by component: a number is
/// one component, a point or size two, a colour four (premultiplied linear light, so fades stay
/// clean), a Bool one (0 or 1; it switches, never blends), a path every coordinate of its
/// commands (so two paths interpolate point by point when they have the same commands).
public struct LayerLens: Sendable {
    /// The kind of value a key path holds, as scene files write it.
    public enum ValueType: String, Sendable, Hashable {
        /// One number; a point; a size; a colour; a flag; a path; a list of colours (as many as
        /// the layer has); a list of numbers (as many as the layer has).
        case number, point, size, color, bool, path, colors, numbers

        /// How scene files write it, for messages.
        public var expected: String {
            switch self {
            case .number: "a number"
            case .point: "a list of 2 numbers [x, y]"
            case .size: "a list of 2 numbers [width, height]"
            case .color: "a colour string (#RGB, #RRGGBB or #RRGGBBAA)"
            case .bool: "true or false"
            case .path: "SVG path data (a string)"
            case .colors: "a list of colour strings, as many as the layer's"
            case .numbers: "a list of numbers, as many as the layer's"
            }
        }
    }

    /// The key path as scene files write it, e.g. `position.x`.
    public let name: String
    /// The kind of value it holds.
    public let type: ValueType
    /// The layer types it applies to; nil for every layer and widget.
    public let layerTypes: [String]?
    let read: @Sendable (Layer) -> [Double]
    let write: @Sendable (inout Layer, [Double]) -> Void

    /// The key path's value on `layer`, as an animation vector (a colour's four components, a
    /// point's two): the model value animations of it start from.
    public func value(of layer: Layer) -> [Double] { read(layer) }

    /// `position` as a motion along a path with a `rotationMode` animates it: `[x, y, angle]`,
    /// the position set and the angle added to the layer's rotation (read as 0, so the turn is
    /// the path's direction on top of the model's rotation).
    public static let positionTurning = LayerLens(
        name: "position", type: .point, layerTypes: nil,
        read: { [$0.properties.position.x, $0.properties.position.y, 0] },
        write: { layer, value in
            layer.properties.position = Point(x: value[0], y: value[1])
            if value.count > 2 { layer.properties.transform.rotation += value[2] }
        }
    )

    /// Values of this key path switch rather than blend (`hidden`).
    public var isDiscrete: Bool { type == .bool }

    /// Whether animating it moves something (where, how big, how turned, how much of a path is
    /// drawn): what the `reduced` motion profile fades instead. Colours, opacities, widths and
    /// radii change in place and keep animating.
    public var isMovement: Bool {
        let moving = ["position", "bounds", "anchorPoint", "transform", "sublayerTransform", "shadowOffset", "path", "strokeStart", "strokeEnd", "lineDashPhase", "fontSize"]
        return moving.contains { name == $0 || name.hasPrefix($0 + ".") }
    }

    /// Whether the key path exists on a node of `typeName`.
    public func applies(to typeName: String) -> Bool {
        layerTypes?.contains(typeName) ?? true
    }

    /// The key path called `name` (aliases included), or nil.
    public static func named(_ name: String) -> LayerLens? {
        table[aliases[name] ?? name]
    }

    /// The key paths a node of `typeName` has, sorted, for messages.
    public static func names(for typeName: String) -> [String] {
        table.values.filter { $0.applies(to: typeName) }.map(\.name).sorted()
    }

    static let aliases = ["transform.rotation.z": "transform.rotation", "sublayerTransform.rotation.z": "sublayerTransform.rotation"]

    static let table: [String: LayerLens] = {
        var all: [LayerLens] = []
        func property(_ name: String, _ type: ValueType, _ keyPath: any WritableKeyPath<LayerProperties, Double> & Sendable) {
            all.append(LayerLens(name: name, type: type, layerTypes: nil,
                                    read: { [$0.properties[keyPath: keyPath]] },
                                    write: { $0.properties[keyPath: keyPath] = $1[0] }))
        }
        func point(_ name: String, _ type: ValueType, _ keyPath: any WritableKeyPath<LayerProperties, Point> & Sendable) {
            all.append(LayerLens(name: name, type: type, layerTypes: nil,
                                    read: { let p = $0.properties[keyPath: keyPath]; return [p.x, p.y] },
                                    write: { $0.properties[keyPath: keyPath] = Point(x: $1[0], y: $1[1]) }))
        }
        func color(_ name: String, _ keyPath: any WritableKeyPath<LayerProperties, Color> & Sendable) {
            all.append(LayerLens(name: name, type: .color, layerTypes: nil,
                                    read: { animationVector($0.properties[keyPath: keyPath]) },
                                    write: { $0.properties[keyPath: keyPath] = animationColor(from: $1) }))
        }
        point("position", .point, \.position)
        property("position.x", .number, \.position.x)
        property("position.y", .number, \.position.y)
        all.append(LayerLens(name: "bounds.size", type: .size, layerTypes: nil,
                                read: { [$0.properties.bounds.width, $0.properties.bounds.height] },
                                write: { $0.properties.bounds = Size(width: $1[0], height: $1[1]) }))
        property("bounds.size.width", .number, \.bounds.width)
        property("bounds.size.height", .number, \.bounds.height)
        point("anchorPoint", .point, \.anchorPoint)
        property("opacity", .number, \.opacity)
        color("backgroundColor", \.backgroundColor)
        color("borderColor", \.borderColor)
        property("borderWidth", .number, \.borderWidth)
        property("cornerRadius", .number, \.cornerRadius)
        property("zPosition", .number, \.zPosition)
        // The transform's components, and the sublayer transform's the same way.
        for sublayer in [false, true] {
            let prefix = sublayer ? "sublayerTransform" : "transform"
            func component(_ name: String, _ type: ValueType = .number, read: @escaping @Sendable (LayerTransform) -> [Double],
                           write: @escaping @Sendable (inout LayerTransform, [Double]) -> Void) {
                all.append(LayerLens(name: prefix + name, type: type, layerTypes: nil,
                                        read: { read(sublayer ? $0.properties.sublayerTransform : $0.properties.transform) },
                                        write: { layer, value in
                                            if sublayer { write(&layer.properties.sublayerTransform, value) } else { write(&layer.properties.transform, value) }
                                        }))
            }
            component(".rotation", read: { [$0.rotation] }, write: { $0.rotation = $1[0] })
            component(".rotation.x", read: { [$0.rotationX] }, write: { $0.rotationX = $1[0] })
            component(".rotation.y", read: { [$0.rotationY] }, write: { $0.rotationY = $1[0] })
            // Uniform along x, y and z, as Core Animation's transform.scale.
            component(".scale", read: { [$0.scale.x] }, write: { $0.scale = Point(x: $1[0], y: $1[0]); $0.scaleZ = $1[0] })
            component(".scale.x", read: { [$0.scale.x] }, write: { $0.scale.x = $1[0] })
            component(".scale.y", read: { [$0.scale.y] }, write: { $0.scale.y = $1[0] })
            component(".scale.z", read: { [$0.scaleZ] }, write: { $0.scaleZ = $1[0] })
            component(".translation", .point, read: { [$0.translation.x, $0.translation.y] }, write: { $0.translation = Point(x: $1[0], y: $1[1]) })
            component(".translation.x", read: { [$0.translation.x] }, write: { $0.translation.x = $1[0] })
            component(".translation.y", read: { [$0.translation.y] }, write: { $0.translation.y = $1[0] })
            component(".translation.z", read: { [$0.translationZ] }, write: { $0.translationZ = $1[0] })
            component(".perspective", read: { [$0.perspective] }, write: { $0.perspective = $1[0] })
        }
        property("filters.gaussianBlur.inputRadius", .number, \.blurRadius)
        property("backgroundFilters.gaussianBlur.inputRadius", .number, \.backgroundBlurRadius)
        property("shadowOpacity", .number, \.shadowOpacity)
        all.append(LayerLens(name: "shadowOffset", type: .size, layerTypes: nil,
                                read: { [$0.properties.shadowOffset.x, $0.properties.shadowOffset.y] },
                                write: { $0.properties.shadowOffset = Point(x: $1[0], y: $1[1]) }))
        property("shadowRadius", .number, \.shadowRadius)
        color("shadowColor", \.shadowColor)
        all.append(LayerLens(name: "hidden", type: .bool, layerTypes: nil,
                                read: { [$0.properties.isHidden ? 1 : 0] },
                                write: { $0.properties.isHidden = $1[0] >= 0.5 }))

        /// A key path of a layer type's content `C`: read and written through `extract` and `embed`
        /// (a layer of another content reads nothing and is left alone).
        func content<C>(
            _ name: String, _ type: ValueType, of layerType: String, extract: @escaping @Sendable (Layer.Content) -> C?,
            embed: @escaping @Sendable (C) -> Layer.Content, read: @escaping @Sendable (C) -> [Double],
            write: @escaping @Sendable (inout C, [Double]) -> Void
        ) {
            all.append(LayerLens(name: name, type: type, layerTypes: [layerType],
                                    read: { layer in extract(layer.content).map(read) ?? [] },
                                    write: { layer, value in
                                        guard var content = extract(layer.content) else { return }
                                        write(&content, value)
                                        layer.content = embed(content)
                                    }))
        }
        func text(_ name: String, _ type: ValueType, read: @escaping @Sendable (TextContent) -> [Double],
                  write: @escaping @Sendable (inout TextContent, [Double]) -> Void) {
            content(name, type, of: "TextLayer", extract: { if case .text(let text) = $0 { text } else { nil } }, embed: { .text($0) },
                    read: read, write: write)
        }
        text("foregroundColor", .color, read: { animationVector($0.foregroundColor) }, write: { $0.foregroundColor = animationColor(from: $1) })
        text("fontSize", .number, read: { [$0.fontSize] }, write: { $0.fontSize = $1[0] })

        func shape(_ name: String, _ type: ValueType, read: @escaping @Sendable (ShapeContent) -> [Double],
                   write: @escaping @Sendable (inout ShapeContent, [Double]) -> Void) {
            content(name, type, of: "ShapeLayer", extract: { if case .shape(let value) = $0 { value } else { nil } }, embed: { .shape($0) },
                    read: read, write: write)
        }
        shape("strokeStart", .number, read: { [$0.strokeStart] }, write: { $0.strokeStart = $1[0] })
        shape("strokeEnd", .number, read: { [$0.strokeEnd] }, write: { $0.strokeEnd = $1[0] })
        shape("lineWidth", .number, read: { [$0.style.lineWidth] }, write: { $0.style.lineWidth = $1[0] })
        shape("lineDashPhase", .number, read: { [$0.style.lineDashPhase] }, write: { $0.style.lineDashPhase = $1[0] })
        shape("miterLimit", .number, read: { [$0.style.miterLimit] }, write: { $0.style.miterLimit = $1[0] })
        shape("fillColor", .color, read: { animationVector($0.fillColor) }, write: { $0.fillColor = animationColor(from: $1) })
        shape("strokeColor", .color, read: { animationVector($0.strokeColor) }, write: { $0.strokeColor = animationColor(from: $1) })
        shape("path", .path, read: { $0.path.components }, write: { shape, value in
            if let path = shape.path.withComponents(value) { shape.path = path }
        })
        func gradient(_ name: String, _ type: ValueType, read: @escaping @Sendable (GradientContent) -> [Double],
                      write: @escaping @Sendable (inout GradientContent, [Double]) -> Void) {
            content(name, type, of: "GradientLayer", extract: { if case .gradient(let value) = $0 { value } else { nil } }, embed: { .gradient($0) },
                    read: read, write: write)
        }
        gradient("startPoint", .point, read: { [$0.startPoint.x, $0.startPoint.y] }, write: { $0.startPoint = Point(x: $1[0], y: $1[1]) })
        gradient("endPoint", .point, read: { [$0.endPoint.x, $0.endPoint.y] }, write: { $0.endPoint = Point(x: $1[0], y: $1[1]) })
        gradient("colors", .colors, read: { $0.colors.flatMap(animationVector) }, write: { gradient, value in
            guard value.count == gradient.colors.count * 4 else { return }
            gradient.colors = stride(from: 0, to: value.count, by: 4).map { animationColor(from: Array(value[$0..<$0 + 4])) }
        })
        // Without locations, the even spacing is what animates.
        gradient("locations", .numbers, read: { gradient in
            gradient.locations ?? gradient.colors.indices.map { gradient.colors.count > 1 ? Double($0) / Double(gradient.colors.count - 1) : 0 }
        }, write: { gradient, value in
            guard value.count == gradient.colors.count else { return }
            gradient.locations = value
        })
        func replicator(_ name: String, _ type: ValueType, read: @escaping @Sendable (ReplicatorContent) -> [Double],
                        write: @escaping @Sendable (inout ReplicatorContent, [Double]) -> Void) {
            content(name, type, of: "ReplicatorLayer", extract: { if case .replicator(let value) = $0 { value } else { nil } }, embed: { .replicator($0) },
                    read: read, write: write)
        }
        content("birthRate", .number, of: "EmitterLayer", extract: { if case .emitter(let value) = $0 { value } else { nil } },
                embed: { .emitter($0) }, read: { [$0.birthRate] }, write: { $0.birthRate = $1[0] })
        replicator("instanceDelay", .number, read: { [$0.instanceDelay] }, write: { $0.instanceDelay = $1[0] })
        replicator("instanceColor", .color, read: { animationVector($0.instanceColor) }, write: { $0.instanceColor = animationColor(from: $1) })
        replicator("instanceRedOffset", .number, read: { [$0.instanceRedOffset] }, write: { $0.instanceRedOffset = $1[0] })
        replicator("instanceGreenOffset", .number, read: { [$0.instanceGreenOffset] }, write: { $0.instanceGreenOffset = $1[0] })
        replicator("instanceBlueOffset", .number, read: { [$0.instanceBlueOffset] }, write: { $0.instanceBlueOffset = $1[0] })
        replicator("instanceAlphaOffset", .number, read: { [$0.instanceAlphaOffset] }, write: { $0.instanceAlphaOffset = $1[0] })
        replicator("instanceTransform.rotation", .number, read: { [$0.instanceTransform.rotation] }, write: { $0.instanceTransform.rotation = $1[0] })
        replicator("instanceTransform.scale", .number, read: { [$0.instanceTransform.scale.x] }, write: {
            $0.instanceTransform.scale = Point(x: $1[0], y: $1[0])
        })
        replicator("instanceTransform.translation", .point, read: { [$0.instanceTransform.translation.x, $0.instanceTransform.translation.y] }, write: {
            $0.instanceTransform.translation = Point(x: $1[0], y: $1[1])
        })
        return Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
    }()
}

/// A colour as an animation vector: premultiplied linear-light RGBA.
package func animationVector(_ color: Color) -> [Double] {
    let data = color.animatableData
    return [data[0], data[1], data[2], data[3]]
}

/// The colour an animation vector stands for.
func animationColor(from vector: [Double]) -> Color {
    Color(animatableData: SIMD4(vector[0], vector[1], vector[2], vector[3]))
}
