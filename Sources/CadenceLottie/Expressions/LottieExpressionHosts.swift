import CadenceAnimation
import CadenceDraw
import CadenceScript

/// `thisComp`, `comp(name)`: a composition's layers by name or index (`ind`), its size and
/// frame duration.
final class LottieCompHost: ScriptHostObject {
    let scope: LottieExpressionScope
    let composition: Int
    let frame: Double

    init(scope: LottieExpressionScope, composition: Int, frame: Double) {
        self.scope = scope
        self.composition = composition
        self.frame = frame
    }

    var info: LottieExpressionScope.CompositionInfo { scope.compositions[composition] }
    var description: String { "the composition \"\(info.name.prefix(60))\"" }
    var isCallable: Bool { true }

    func layer(_ key: ScriptValue, _ run: ScriptRun) throws(ScriptError) -> ScriptValue {
        let key = try ScriptOperators.resolve(key, run)
        let layers = info.layers
        let position: Int?
        if case .number(let n) = key {
            position = layers.firstIndex { $0.index.map(Double.init) == n }
        } else {
            let name = key.string
            position = layers.firstIndex { $0.name == name }
        }
        guard let position else { throw .runtime("\(description) has no layer \(key.string.prefix(60))") }
        return .host(LottieLayerHost(scope: scope, composition: composition, position: position, frame: frame))
    }

    func call(_ arguments: [ScriptValue], _ run: ScriptRun) throws(ScriptError) -> ScriptValue {
        try layer(arguments.first ?? .undefined, run)
    }

    func member(_ name: String, _ run: ScriptRun) throws(ScriptError) -> ScriptValue? {
        switch name {
        case "layer":
            return .function(ScriptFunction(native: "layer") { [self] _, arguments, run throws(ScriptError) in
                try layer(arguments.first ?? .undefined, run)
            })
        case "numLayers": return .number(Double(info.layers.count))
        case "width": return .number(info.width)
        case "height": return .number(info.height)
        case "frameDuration": return .number(1 / scope.frameRate)
        case "marker": return composition == 0 ? .host(LottieMarkerHost(markers: scope.markers, frameRate: scope.frameRate, frame: frame)) : .undefined
        case "duration": return composition == 0 ? .number(scope.duration) : .undefined
        case "name", "_name": return .string(info.name)
        case "displayStartTime": return .number(0)
        case "pixelAspect": return .number(1)
        default: return nil
        }
    }
}

/// A layer: its transform, contents, effects and masks, its timing and parent, and the maps
/// between its space and the composition's (`toComp`, `fromComp`).
final class LottieLayerHost: ScriptHostObject {
    let scope: LottieExpressionScope
    let composition: Int
    let position: Int
    let frame: Double

    init(scope: LottieExpressionScope, composition: Int, position: Int, frame: Double) {
        self.scope = scope
        self.composition = composition
        self.position = position
        self.frame = frame
    }

    var model: LottieLayer { scope.compositions[composition].layers[position] }
    var node: LottiePropertyNode { scope.compositions[composition].nodes[position] }
    var description: String { "the layer \"\(model.name.prefix(60))\"" }
    var isCallable: Bool { true }

    func child(_ kind: LottiePropertyNode.Kind) -> LottiePropertyNode? {
        node.children.first { $0.kind == kind }
    }

    var transform: LottieNodeHost? {
        child(.transform).map { LottieNodeHost(node: $0, role: .transform, layer: self, parent: self) }
    }

    var contents: LottieNodeHost {
        LottieNodeHost(node: node, role: .contents, layer: self, parent: self)
    }

    var effects: LottieNodeHost {
        LottieNodeHost(node: child(.effects) ?? LottiePropertyNode("Effects", .effects), role: .effects, layer: self, parent: self)
    }

    var masks: LottieNodeHost {
        LottieNodeHost(node: child(.masks) ?? LottiePropertyNode("Masks", .masks), role: .masks, layer: self, parent: self)
    }

    func call(_ arguments: [ScriptValue], _ run: ScriptRun) throws(ScriptError) -> ScriptValue {
        let key = try ScriptOperators.resolve(arguments.first ?? .undefined, run)
        switch key {
        case .number(1), .number(6), .string("Transform"), .string("transform"), .string("ADBE Transform Group"):
            return transform.map { .host($0) } ?? .null
        case .number(2), .string("Contents"), .string("contents"), .string("ADBE Root Vectors Group"):
            return .host(contents)
        case .number(3), .string("Masks"), .string("ADBE Mask Parade"):
            return .host(masks)
        case .number(4), .string("Effects"), .string("effects"), .string("ADBE Effect Parade"):
            return .host(effects)
        default:
            throw .runtime("\(description) has no group \(key.string.prefix(60))")
        }
    }

    func member(_ name: String, _ run: ScriptRun) throws(ScriptError) -> ScriptValue? {
        let model = self.model
        switch name {
        case "transform": return transform.map { .host($0) }
        case "position", "scale", "rotation", "opacity", "anchorPoint", "anchor_point":
            return try transform?.member(name == "anchor_point" ? "anchorPoint" : name, run)
        case "name", "_name": return .string(model.name)
        case "index": return model.index.map { .number(Double($0)) } ?? .undefined
        case "inPoint": return .number(model.inPoint / scope.frameRate)
        case "outPoint": return .number(model.outPoint / scope.frameRate)
        case "startTime": return .number(model.startTime / scope.frameRate)
        case "hasParent": return .boolean(scope.compositions[composition].parents[position] != nil)
        case "parent":
            guard let parent = scope.compositions[composition].parents[position] else { throw .runtime("\(description) has no parent") }
            return .host(LottieLayerHost(scope: scope, composition: composition, position: parent, frame: frame))
        case "width": return .number(model.solidSize?.width ?? 100)
        case "height": return .number(model.solidSize?.height ?? 100)
        case "active", "enabled":
            run.dependsOnTime = true
            return .boolean(frame >= model.inPoint && frame < model.outPoint)
        case "content":
            let contents = self.contents
            return .function(ScriptFunction(native: "content") { _, arguments, run throws(ScriptError) in
                try contents.call(arguments, run)
            })
        case "effect":
            let effects = self.effects
            return .function(ScriptFunction(native: "effect") { _, arguments, run throws(ScriptError) in
                try effects.call(arguments, run)
            })
        case "mask":
            let masks = self.masks
            return .function(ScriptFunction(native: "mask") { _, arguments, run throws(ScriptError) in
                try masks.call(arguments, run)
            })
        case "toComp", "toWorld", "fromComp", "fromWorld", "toCompVec", "fromCompVec", "toWorldVec", "fromWorldVec":
            return .function(ScriptFunction(native: name) { [self] _, arguments, run throws(ScriptError) in
                guard case .array(let point) = try ScriptOperators.resolve(arguments.first ?? .undefined, run), point.elements.count >= 2 else {
                    throw .runtime("\(name) needs a point [x, y]")
                }
                let x = try ScriptOperators.toNumber(point.elements[0], run), y = try ScriptOperators.toNumber(point.elements[1], run)
                var at = frame
                if arguments.count > 1, name.hasPrefix("to") { at = try ScriptOperators.toNumber(arguments[1], run) * scope.frameRate }
                var matrix = try worldMatrix(at: at, run)
                if name.hasSuffix("Vec") { matrix.tx = 0; matrix.ty = 0 }
                if name.hasPrefix("from") {
                    guard let inverse = matrix.inverted else { throw .runtime("\(description) is scaled to nothing: \(name) has no answer") }
                    matrix = inverse
                }
                let mapped = matrix.apply(to: Point(x: x, y: y))
                let z = point.elements.count > 2 ? try ScriptOperators.toNumber(point.elements[2], run) : 0
                return .numbers([mapped.x, mapped.y, z])
            })
        case "sourceRectAtTime":
            let size = model.solidSize ?? (100, 100)
            return .function(ScriptFunction(native: name) { _, _, run throws(ScriptError) in
                try run.allocate(5)
                let rect = ScriptObject()
                rect["top"] = .number(0)
                rect["left"] = .number(0)
                rect["width"] = .number(size.width)
                rect["height"] = .number(size.height)
                return .object(rect)
            })
        case "timeRemap":
            guard let remap = node.children.first(where: { $0.kind == .property && $0.name == "Time Remap" }), let property = remap.property else {
                return .undefined
            }
            return .host(LottiePropertyHost(property: property, name: remap.name, frame: frame, scope: scope, layer: self, parent: self))
        case "marker", "text":
            return .undefined
        default:
            return nil
        }
    }

    /// The layer's matrix to its composition at `frame`, through its parents, with every
    /// transform value read as expressions give it (within this run).
    func worldMatrix(at frame: Double, _ run: ScriptRun) throws(ScriptError) -> AffineTransform {
        let info = scope.compositions[composition]
        var matrix = AffineTransform.identity
        var current: Int? = position
        var steps = 0
        while let index = current, steps <= info.layers.count {
            let transform = try LottieExpressionTracks.resolved(info.layers[index].transform, at: frame, run)
            matrix = matrix.concatenating(transform.matrix(at: frame))
            current = info.parents[index]
            steps += 1
        }
        return matrix
    }
}

/// A group of properties as a script sees it: a transform, a layer's contents, a shape group or
/// item, the effects, an effect, the masks, a mask. Members are the properties' names in camel
/// case (`anchorPoint`, `strokeWidth`, `maskPath`); calls find a child by name, match name or
/// index (from 1).
final class LottieNodeHost: ScriptHostObject {
    enum Role {
        case transform, contents, group, item, effects, effect, masks, mask
    }

    let node: LottiePropertyNode
    let role: Role
    let layer: LottieLayerHost
    let parent: (any ScriptHostObject)?

    init(node: LottiePropertyNode, role: Role, layer: LottieLayerHost, parent: (any ScriptHostObject)?) {
        self.node = node
        self.role = role
        self.layer = layer
        self.parent = parent
    }

    var description: String { "\"\(node.name.prefix(60))\" of \(layer.description)" }
    var isCallable: Bool { true }

    /// After Effects' match names of the transform's properties, and their indices.
    static let transformKeys: [String: String] = [
        "ADBE Anchor Point": "Anchor Point", "ADBE AnchorPoint": "Anchor Point", "ADBE Position": "Position", "ADBE Scale": "Scale",
        "ADBE Rotate Z": "Rotation", "ADBE Rotation": "Rotation", "ADBE Opacity": "Opacity", "ADBE Position_0": "X Position",
        "ADBE Position_1": "Y Position", "ADBE Vector Anchor": "Anchor Point", "ADBE Vector Position": "Position",
        "ADBE Vector Scale": "Scale", "ADBE Vector Rotation": "Rotation", "ADBE Vector Group Opacity": "Opacity",
        "ADBE Vector Skew": "Skew", "ADBE Vector Skew Axis": "Skew Axis", "AnchorPoint": "Anchor Point",
        "ADBE Rotate X": "X Rotation", "ADBE Rotate Y": "Y Rotation", "ADBE Orientation": "Orientation",
    ]
    static let transformIndices: [Double: String] = [1: "Anchor Point", 2: "Position", 6: "Scale", 10: "Rotation", 11: "Opacity"]
    static let shapeKeys: [String: String] = [
        "ADBE Vector Shape": "Path", "ADBE Vector Fill Color": "Color", "ADBE Vector Fill Opacity": "Opacity",
        "ADBE Vector Stroke Color": "Color", "ADBE Vector Stroke Opacity": "Opacity", "ADBE Vector Stroke Width": "Stroke Width",
        "ADBE Vector Rect Size": "Size", "ADBE Vector Rect Position": "Position", "ADBE Vector Rect Roundness": "Roundness",
        "ADBE Vector Ellipse Size": "Size", "ADBE Vector Ellipse Position": "Position", "ADBE Vector Trim Start": "Start",
        "ADBE Vector Trim End": "End", "ADBE Vector Trim Offset": "Offset", "shape": "Path",
    ]

    /// The camel-case name a script uses for a property (`Stroke Width` → `strokeWidth`).
    static func camelCase(_ name: String) -> String {
        var words = name.split(separator: " ")
        guard let first = words.first else { return name }
        words[0] = Substring(first.prefix(1).lowercased() + first.dropFirst())
        return words.enumerated().map { $0 == 0 ? String($1) : $1.prefix(1).uppercased() + $1.dropFirst() }.joined()
    }

    /// A layer's or group's shape items (its Contents), made once.
    lazy var items: [LottiePropertyNode] = node.children.filter { child in
        if case .shape = child.kind { return true }
        return child.kind == .group
    }

    static func role(of node: LottiePropertyNode) -> Role {
        switch node.kind {
        case .transform: .transform
        case .group: .group
        case .effects: .effects
        case .effect: .effect
        case .masks: .masks
        case .mask: .mask
        default: .item
        }
    }

    func host(for child: LottiePropertyNode) -> ScriptValue {
        if let property = child.property {
            // A layer control's value is a layer's index: it gives that layer.
            if role == .effect, child.matchName?.hasPrefix("ADBE Layer Control") == true {
                let index = property.value(atFrame: layer.frame)
                if case .numbers(let numbers) = index, let n = numbers.first,
                   let position = layer.scope.compositions[layer.composition].layers.firstIndex(where: { $0.index.map(Double.init) == n }) {
                    return .host(LottieLayerHost(scope: layer.scope, composition: layer.composition, position: position, frame: layer.frame))
                }
                return .null
            }
            return .host(LottiePropertyHost(property: property, name: child.name, frame: layer.frame, scope: layer.scope, layer: layer, parent: self))
        }
        return .host(LottieNodeHost(node: child, role: Self.role(of: child), layer: layer, parent: self))
    }

    func call(_ arguments: [ScriptValue], _ run: ScriptRun) throws(ScriptError) -> ScriptValue {
        let key = try ScriptOperators.resolve(arguments.first ?? .undefined, run)
        let children = role == .contents || role == .group ? items : node.children
        switch role {
        case .transform:
            if case .number(let n) = key, let name = Self.transformIndices[n], let child = node[name] { return host(for: child) }
            let name = key.string
            if let child = node[Self.transformKeys[name] ?? name] ?? node.children.first(where: { $0.scriptName == name }) {
                return host(for: child)
            }
        case .group:
            switch key {
            case .number(2), .string("Contents"), .string("ADBE Vectors Group"):
                return .host(LottieNodeHost(node: node, role: .contents, layer: layer, parent: self))
            case .number(1), .string("Transform"), .string("ADBE Vector Transform Group"):
                if let transform = node.children.first(where: { $0.kind == .transform }) { return host(for: transform) }
            default:
                break
            }
            if let child = find(key, in: children) { return host(for: child) }
        default:
            if case .string(let name) = key, let mapped = Self.shapeKeys[name], let child = node[mapped] { return host(for: child) }
            if let child = find(key, in: children) { return host(for: child) }
        }
        throw .runtime("\(description) has nothing named \(key.string.prefix(60))")
    }

    /// A child by index (from 1), name, match name or camel-case name.
    func find(_ key: ScriptValue, in children: [LottiePropertyNode]) -> LottiePropertyNode? {
        if case .number(let n) = key {
            guard n >= 1, n <= Double(children.count), n == n.rounded() else { return nil }
            return children[Int(n) - 1]
        }
        let name = key.string
        return children.first { $0.name == name } ?? children.first { $0.matchName == name } ?? children.first { $0.scriptName == name }
    }

    func member(_ name: String, _ run: ScriptRun) throws(ScriptError) -> ScriptValue? {
        switch name {
        case "name", "_name": return .string(node.name)
        case "propertyIndex": return node.index.map { .number(Double($0)) } ?? .number(1)
        case "numProperties": return .number(Double((role == .contents || role == .group ? items : node.children).count))
        case "active", "enabled": return .boolean(true)
        case "propertyGroup":
            return .function(ScriptFunction(native: name) { [self] _, arguments, run throws(ScriptError) in
                try LottiePropertyHost.group(of: self, arguments, run)
            })
        case "transform":
            if let transform = node.children.first(where: { $0.kind == .transform }) { return host(for: transform) }
        case "content":
            if role == .group || role == .contents {
                let contents = role == .contents ? self : LottieNodeHost(node: node, role: .contents, layer: layer, parent: self)
                return .function(ScriptFunction(native: "content") { _, arguments, run throws(ScriptError) in
                    try contents.call(arguments, run)
                })
            }
        case "zRotation":
            if let child = node["Rotation"] { return host(for: child) }
        case "path", "shape":
            if let child = node["Path"] { return host(for: child) }
        default:
            break
        }
        if let child = node.children.first(where: { $0.scriptName == name }) { return host(for: child) }
        return nil
    }
}

/// `thisComp.marker`: the composition's markers (`markers`) as keys: `numKeys`, `key(i)` or
/// `key(name)` (`time`, `duration` in seconds, `comment`, `index`), `nearestKey(t)`.
final class LottieMarkerHost: ScriptHostObject {
    let markers: [LottieMarker]
    let frameRate: Double
    let frame: Double

    init(markers: [LottieMarker], frameRate: Double, frame: Double) {
        self.markers = markers.sorted { $0.frame < $1.frame }
        self.frameRate = frameRate
        self.frame = frame
    }

    var description: String { "the composition's markers" }

    func key(_ index: Int, _ run: ScriptRun) throws(ScriptError) -> ScriptValue {
        let marker = markers[index]
        try run.allocate(5)
        let object = ScriptObject()
        object["time"] = .number(marker.frame / frameRate)
        object["duration"] = .number(marker.duration / frameRate)
        object["comment"] = .string(marker.name)
        object["index"] = .number(Double(index + 1))
        return .object(object)
    }

    func member(_ name: String, _ run: ScriptRun) throws(ScriptError) -> ScriptValue? {
        switch name {
        case "numKeys": return .number(Double(markers.count))
        case "key":
            return .function(ScriptFunction(native: name) { [self] _, arguments, run throws(ScriptError) in
                let wanted = try ScriptOperators.resolve(arguments.first ?? .undefined, run)
                if case .string(let comment) = wanted {
                    guard let index = markers.firstIndex(where: { $0.name == comment }) else { throw .runtime("there is no marker \"\(comment.prefix(60))\"") }
                    return try key(index, run)
                }
                let n = try ScriptOperators.toNumber(wanted, run)
                guard n >= 1, n <= Double(markers.count), n == n.rounded() else {
                    throw .runtime("there is no marker \(ScriptValue.format(n)) (there are \(markers.count))")
                }
                return try key(Int(n) - 1, run)
            })
        case "nearestKey":
            return .function(ScriptFunction(native: name) { [self] _, arguments, run throws(ScriptError) in
                guard !markers.isEmpty else { throw .runtime("the composition has no markers") }
                let seconds = try LottiePropertyHost.seconds(arguments, 0, default: frame / frameRate, run, isTime: true)
                let at = seconds * frameRate
                var best = 0
                for (index, marker) in markers.enumerated() where abs(marker.frame - at) < abs(markers[best].frame - at) { best = index }
                return try key(best, run)
            })
        default:
            return nil
        }
    }
}
