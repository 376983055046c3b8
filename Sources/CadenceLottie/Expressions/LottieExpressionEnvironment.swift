import CadenceAnimation
import CadenceScript
import Foundation

/// What an expression's free names mean, for one evaluation: `time`, `value`, `thisProperty`,
/// `thisLayer`, `thisComp`, the layer's own names (`transform`, `effect`, `content`, `index`, …),
/// the property's functions (`loopOut`, `wiggle`, `valueAtTime`, …), and the helpers
/// (`LottieExpressionFunctions`).
final class LottieExpressionEnvironment: ScriptEnvironment {
    let expression: LottieExpression
    let scope: LottieExpressionScope
    /// The frame of the layer's composition, and `time` (changed by `posterizeTime`).
    let frame: Double
    var time: Double
    var value: LottieExpression.Input
    let track: LottieProperty.Track
    /// Set by `seedRandom(seed, true)`: random numbers no longer change with time.
    var timelessRandom = false
    /// Whether `value` changes with time though the track says not (a text document's).
    var valueChanges = false
    /// Made when first read.
    private var cachedLayer: LottieLayerHost?
    private var cachedProperty: LottiePropertyHost?

    init(expression: LottieExpression, scope: LottieExpressionScope, frame: Double, value: LottieExpression.Input, track: LottieProperty.Track) {
        self.expression = expression
        self.scope = scope
        self.frame = frame
        time = frame / scope.frameRate
        self.value = value
        self.track = track
    }

    /// The generator for `random`: seeded from the property, `seed` (`seedRandom`) and, unless
    /// `timeless`, the frame, so every frame draws its own numbers and every run the same ones.
    func random(seed: Double?, timeless: Bool = false) -> SplitMix64 {
        var mixed = expression.seed
        if let seed { mixed ^= LottieExpression.hash("seed \(seed)") &* 0x9E37_79B9_7F4A_7C15 }
        if !timeless { mixed ^= (time.bitPattern &* 0xBF58_476D_1CE4_E5B9) }
        return SplitMix64(seed: mixed)
    }

    var layer: LottieLayerHost {
        if let cachedLayer { return cachedLayer }
        let host = LottieLayerHost(scope: scope, composition: expression.composition, position: expression.position, frame: frame)
        cachedLayer = host
        return host
    }

    /// `thisProperty`, in its groups as After Effects nests them (a layer's and a group's items
    /// sit in a Contents group), for `propertyGroup(n)`.
    var property: LottiePropertyHost {
        if let cachedProperty { return cachedProperty }
        var parent: any ScriptHostObject = layer
        var node = layer.node
        var name = expression.layerName
        for (depth, index) in expression.nodePath.enumerated() where index < node.children.count {
            let child = node.children[index]
            if depth == expression.nodePath.count - 1 {
                name = child.name
                break
            }
            if node.kind == .layer || node.kind == .group, child.kind != .transform, child.kind != .effects, child.kind != .masks {
                parent = LottieNodeHost(node: node, role: .contents, layer: layer, parent: parent)
            }
            let host = LottieNodeHost(node: child, role: LottieNodeHost.role(of: child), layer: layer, parent: parent)
            parent = host
            node = child
        }
        let host = LottiePropertyHost(
            property: LottieProperty(track: track, frameRate: scope.frameRate), name: name, frame: frame, scope: scope, layer: layer, parent: parent
        )
        cachedProperty = host
        return host
    }

    var valueScript: ScriptValue {
        switch value {
        case .numbers(let numbers): LottieExpressionValues.script(numbers)
        case .path(let shape): .host(LottiePathValue(shape))
        case .text(let text): .string(text)
        }
    }

    /// What a free name means: found in one table, then answered by kind.
    enum Global {
        case time, value, thisProperty, thisLayer, thisComp, comp, name, width, height, active
        case transform(String?)
        case layer(String)
        case property(String)
        case helper(ScriptNative)
    }

    static let globals: [String: Global] = {
        var table: [String: Global] = [
            "time": .time, "value": .value, "thisProperty": .thisProperty, "thisLayer": .thisLayer, "thisComp": .thisComp, "comp": .comp,
            "name": .name, "width": .width, "height": .height, "active": .active, "transform": .transform(nil), "$bm_transform": .transform(nil),
            "fromCompToSurface": .layer("fromComp"), "loop_in": .property("loopIn"), "loop_out": .property("loopOut"),
        ]
        for name in ["position", "scale", "rotation", "anchorPoint", "opacity"] { table[name] = .transform(name) }
        for name in [
            "content", "effect", "mask", "index", "inPoint", "outPoint", "startTime", "hasParent", "parent", "toComp", "fromComp", "toWorld",
            "fromWorld", "text", "sourceRectAtTime",
        ] { table[name] = .layer(name) }
        for name in [
            "velocity", "speed", "numKeys", "valueAtTime", "velocityAtTime", "speedAtTime", "key", "nearestKey", "loopIn", "loopOut",
            "loopInDuration", "loopOutDuration", "wiggle", "smooth", "temporalWiggle", "points", "inTangents", "outTangents", "isClosed",
            "pointOnPath", "tangentOnPath", "normalOnPath",
        ] { table[name] = .property(name) }
        for (name, native) in LottieExpressionFunctions.table { table[name] = .helper(native) }
        return table
    }()

    private var cachedComp: LottieCompHost?

    func global(_ name: String, _ run: ScriptRun) throws(ScriptError) -> ScriptValue? {
        guard let global = Self.globals[name] else { return nil }
        switch global {
        case .time:
            run.dependsOnTime = true
            return .number(time)
        case .value:
            if track.hasKeyframes || valueChanges { run.dependsOnTime = true }
            return valueScript
        case .thisProperty: return .host(property)
        case .thisLayer: return .host(layer)
        case .thisComp:
            if let cachedComp { return .host(cachedComp) }
            let host = LottieCompHost(scope: scope, composition: expression.composition, frame: frame)
            cachedComp = host
            return .host(host)
        case .transform(nil): return try layer.member("transform", run)
        case .transform(let member?): return try layer.transform?.member(member, run)
        case .layer(let member): return try layer.member(member, run)
        case .property(let member): return try property.member(member, run)
        case .name: return .string(expression.layerName)
        case .width: return .number(layer.model.solidSize?.width ?? 0)
        case .height: return .number(layer.model.solidSize?.height ?? 0)
        case .active: return .boolean(true)
        case .helper(let native): return .function(ScriptFunction(native))
        case .comp:
            let scope = self.scope, frame = self.frame
            return .function(ScriptFunction(native: "comp") { _, arguments, _ throws(ScriptError) in
                let wanted = arguments.first?.string ?? ""
                guard let index = scope.compositions.firstIndex(where: { $0.name == wanted }) else {
                    throw .runtime("there is no composition named \"\(wanted.prefix(60))\"")
                }
                return .host(LottieCompHost(scope: scope, composition: index, frame: frame))
            })
        }
    }
}

extension LottieProperty.Track {
    /// Whether its keyframed value changes with time.
    var hasKeyframes: Bool {
        switch self {
        case .numbers(let numbers): !numbers.keyframes.isEmpty
        case .path(let shape): !shape.keyframes.isEmpty
        case .split(let x, let y): !x.keyframes.isEmpty || !y.keyframes.isEmpty
        }
    }
}

extension LottieLayer {
    /// A solid's size (what `width` and `height` are in an expression on it).
    var solidSize: (width: Double, height: Double)? {
        switch content {
        case .solid(_, let width, let height): (width, height)
        case .precomposition(_, let width, let height, _): (width, height)
        default: nil
        }
    }
}
