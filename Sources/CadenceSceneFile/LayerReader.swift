import CadenceAnimation
import CadenceDraw
import CadenceLayers
import CadenceWidgets

extension SceneFile {
    /// The layer node types.
    public static let layerTypes = Layer.typeNames
    /// The events every node takes.
    public static let layerEventTypes = ["setValue", "addAnimation", "removeAnimation"]
    /// The keys of a `TextLayer` beyond a layer's.
    public static let textLayerKeys = ["string", "font", "fontSize", "foregroundColor", "alignment", "wrapped", "truncation"]
    /// The keys of an `ImageLayer` beyond a layer's.
    public static let imageLayerKeys = ["contents", "contentsGravity", "minificationFilter", "magnificationFilter"]
    /// The keys of a `ShapeLayer` beyond a layer's.
    public static let shapeLayerKeys = [
        "path", "fillColor", "fillRule", "strokeColor", "lineWidth", "lineCap", "lineJoin", "miterLimit", "lineDashPattern",
        "lineDashPhase", "strokeStart", "strokeEnd",
    ]
    /// The keys of a `GradientLayer` beyond a layer's.
    /// The keys of a `ReplicatorLayer` beyond a layer's.
    public static let replicatorLayerKeys = [
        "instanceCount", "instanceTransform", "instanceDelay", "instanceColor", "instanceRedOffset", "instanceGreenOffset",
        "instanceBlueOffset", "instanceAlphaOffset",
    ]
    /// The keys of an `EmitterLayer` beyond a layer's.
    public static let emitterLayerKeys = ["emitterPosition", "emitterSize", "emitterShape", "birthRate", "lifetime", "seed", "emitterCells"]
    /// The keys of an emitter cell.
    public static let emitterCellKeys = [
        "contents", "size", "birthRate", "lifetime", "lifetimeRange", "velocity", "velocityRange", "emissionLongitude",
        "emissionRange", "xAcceleration", "yAcceleration", "spin", "spinRange", "scale", "scaleRange", "scaleSpeed", "color",
        "redRange", "greenRange", "blueRange", "alphaRange", "alphaSpeed",
    ]
    /// CAGradientLayer's `type` is `gradientType`: a node's `type` is its node type.
    public static let gradientLayerKeys = ["colors", "locations", "startPoint", "endPoint", "gradientType"]
    /// The keys of an animation object.
    public static let animationKeys = [
        "keyPath", "type", "from", "to", "by", "values", "keyTimes", "timingFunction", "timingFunctions", "calculationMode", "path", "rotationMode",
        "mass", "stiffness", "damping", "initialVelocity", "response", "dampingRatio",
        "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses", "fillMode",
        "additive", "cumulative",
    ]
    /// The largest magnitude a layer value may have (positions, sizes, offsets, radii, scales…):
    /// far beyond any screen, small enough that every pixel computation stays finite.
    public static let maximumLayerValue = Layer.maximumValue
}

extension Reader {
    /// The keys every layer takes at the top level of its node (widgets too).
    static let layerKeys = [
        "position", "bounds", "anchorPoint", "transform", "opacity", "backgroundColor", "cornerRadius", "borderWidth",
        "borderColor", "masksToBounds", "hidden", "zPosition", "shadowColor", "shadowOffset", "shadowOpacity", "shadowRadius",
        "sublayers", "mask", "animations", "reducedMotion", "sublayerTransform", "doubleSided", "compositingFilter", "filters",
        "backgroundFilters",
    ]

    /// A `Layer`, `TextLayer`, `ImageLayer` or `ShapeLayer` node.
    mutating func layer(_ object: [String: JSONValue], id: String, type: String, depth: Int) throws(SceneError) -> Layer {
        var own: [String] = []
        var layer = Layer(id: id)
        switch type {
        case "TextLayer":
            own = SceneFile.textLayerKeys
            layer.content = .text(try textContent(object, id: id))
        case "ImageLayer":
            own = SceneFile.imageLayerKeys
            var image = ImageContent(contents: try string(object["contents"], key: "contents", node: id).map(resolve))
            if let text = try string(object["contentsGravity"], key: "contentsGravity", node: id) {
                guard let gravity = ImageContent.Gravity(rawValue: text) else {
                    throw error("must be one of \(ImageContent.Gravity.allCases.map(\.rawValue).joined(separator: ", "))\(Spelling.suggestion(for: text, among: ImageContent.Gravity.allCases.map(\.rawValue)))", node: id, key: "contentsGravity")
                }
                image.gravity = gravity
            }
            for (key, path) in [("minificationFilter", \ImageContent.minificationFilter), ("magnificationFilter", \.magnificationFilter)] {
                guard let text = try string(object[key], key: key, node: id) else { continue }
                let names = ImageFilter.allCases.map(\.rawValue)
                guard let filter = ImageFilter(rawValue: text) else {
                    throw error("must be one of \(names.joined(separator: ", "))\(Spelling.suggestion(for: text, among: names))", node: id, key: key)
                }
                image[keyPath: path] = filter
            }
            layer.content = .image(image)
        case "ShapeLayer":
            own = SceneFile.shapeLayerKeys
            layer.content = .shape(try shapeContent(object, id: id))
        case "GradientLayer":
            own = SceneFile.gradientLayerKeys
            layer.content = .gradient(try gradientContent(object, id: id))
        case "ReplicatorLayer":
            own = SceneFile.replicatorLayerKeys
            layer.content = .replicator(try replicatorContent(object, id: id))
        case "EmitterLayer":
            own = SceneFile.emitterLayerKeys
            layer.content = .emitter(try emitterContent(object, id: id))
        default:
            break
        }
        try unknown(object.keys, known: ["type", "id", "frame"] + Reader.layerKeys + own, node: id)
        if let value = object["frame"] {
            let frame = try numbers(value, count: 4, key: "frame", node: id)
            try checkMagnitude(frame, node: id, key: "frame")
            guard frame[2] >= 0, frame[3] >= 0 else { throw error("width and height must not be negative", node: id, key: "frame") }
            layer.properties.setFrame(Rect(x: frame[0], y: frame[1], width: frame[2], height: frame[3]))
        }
        try layerProperties(object, into: &layer, depth: depth)
        return layer
    }

    /// The layer keys of a node: properties, then sublayers, then animations (which may refer
    /// to the path set above).
    mutating func layerProperties(_ object: [String: JSONValue], into layer: inout Layer, depth: Int) throws(SceneError) {
        let id = layer.id
        if let text = try string(object["reducedMotion"], key: "reducedMotion", node: id) {
            guard let rule = ReducedMotion(rawValue: text) else {
                throw error("must be \(ReducedMotion.allCases.map(\.rawValue).joined(separator: ", ")), got '\(text)'\(Spelling.suggestion(for: text, among: ReducedMotion.allCases.map(\.rawValue)))", node: id, key: "reducedMotion")
            }
            layer.reducedMotion = rule
        }
        // Read in this order so that `anchorPoint` applies before `frame`-derived positions.
        if let value = object["anchorPoint"] {
            let anchor = try point(value, node: id, key: "anchorPoint")
            let frame = Node.layer(layer).frame
            layer.properties.anchorPoint = anchor
            if object["frame"] != nil || layer.content.isWidget { layer.properties.setFrame(frame) }
        }
        if let value = object["position"] { layer.properties.position = try point(value, node: id, key: "position") }
        if let value = object["bounds"] {
            let size = try point(value, node: id, key: "bounds")
            guard size.x >= 0, size.y >= 0 else { throw error("width and height must not be negative", node: id, key: "bounds") }
            layer.properties.bounds = Size(width: size.x, height: size.y)
        }
        if let value = object["transform"] {
            layer.properties.transform = try layerTransform(value, node: id, key: "transform")
        }
        if let value = object["sublayerTransform"] {
            layer.properties.sublayerTransform = try layerTransform(value, node: id, key: "sublayerTransform")
        }
        if let flag = try bool(object["doubleSided"], key: "doubleSided", node: id) { layer.properties.isDoubleSided = flag }
        if let text = try string(object["compositingFilter"], key: "compositingFilter", node: id) {
            let names = BlendMode.allCases.map(\.rawValue)
            guard let mode = BlendMode(rawValue: text) else {
                throw error("must be one of \(names.joined(separator: ", "))\(Spelling.suggestion(for: text, among: names))", node: id, key: "compositingFilter")
            }
            layer.properties.compositingFilter = mode
        }
        for (key, path) in [("filters", \LayerProperties.blurRadius), ("backgroundFilters", \.backgroundBlurRadius)] {
            guard let value = object[key] else { continue }
            layer.properties[keyPath: path] = try gaussianBlur(value, node: id, key: key)
        }
        if let opacity = try number(object["opacity"], key: "opacity", node: id) {
            guard (0...1).contains(opacity) else { throw error("must be between 0 and 1", node: id, key: "opacity") }
            layer.properties.opacity = opacity
        }
        if let color = try color(object["backgroundColor"], key: "backgroundColor", node: id) { layer.properties.backgroundColor = color }
        if let color = try color(object["borderColor"], key: "borderColor", node: id) { layer.properties.borderColor = color }
        if let color = try color(object["shadowColor"], key: "shadowColor", node: id) { layer.properties.shadowColor = color }
        for (key, path) in [("cornerRadius", \LayerProperties.cornerRadius), ("borderWidth", \.borderWidth), ("shadowRadius", \.shadowRadius)] {
            if let value = try number(object[key], key: key, node: id) {
                guard value >= 0 else { throw error("must not be negative", node: id, key: key) }
                try checkMagnitude([value], node: id, key: key)
                layer.properties[keyPath: path] = value
            }
        }
        if let value = try number(object["shadowOpacity"], key: "shadowOpacity", node: id) {
            guard (0...1).contains(value) else { throw error("must be between 0 and 1", node: id, key: "shadowOpacity") }
            layer.properties.shadowOpacity = value
        }
        if let value = object["shadowOffset"] { layer.properties.shadowOffset = try point(value, node: id, key: "shadowOffset") }
        if let value = try number(object["zPosition"], key: "zPosition", node: id) {
            try checkMagnitude([value], node: id, key: "zPosition")
            layer.properties.zPosition = value
        }
        if let flag = try bool(object["masksToBounds"], key: "masksToBounds", node: id) { layer.properties.masksToBounds = flag }
        if let flag = try bool(object["hidden"], key: "hidden", node: id) { layer.properties.isHidden = flag }

        if let value = object["sublayers"] {
            guard case .array(let entries) = value else { throw error("must be a list of nodes", node: id, key: "sublayers") }
            guard depth + 1 < Layer.maximumDepth else {
                throw error("sublayers nest deeper than \(Layer.maximumDepth) levels", node: id, key: "sublayers")
            }
            for (index, entry) in entries.enumerated() {
                switch try node(entry, index: index, depth: depth + 1) {
                case .layer(let sublayer): layer.sublayers.append(sublayer)
                case let other: layer.sublayers.append(Layer.wrapping(other))
                }
            }
        }
        if let value = object["mask"] {
            guard case .object = value else { throw error("must be a layer node (an object with type and id), as sublayers are", node: id, key: "mask") }
            guard depth + 1 < Layer.maximumDepth else {
                throw error("the mask nests deeper than \(Layer.maximumDepth) levels", node: id, key: "mask")
            }
            switch try node(value, index: 0, depth: depth + 1) {
            case .layer(let mask): layer.mask = mask
            case let other: layer.mask = Layer.wrapping(other)
            }
        }
        if let value = object["animations"] {
            guard case .array(let entries) = value else { throw error("must be a list of animations", node: id, key: "animations") }
            for (index, entry) in entries.enumerated() {
                for (keyed, lens) in try animations(entry, path: "animations[\(index)]", layer: layer) {
                    if let warning = snapBack(keyed.animation, lens: lens, layer: layer, path: "animations[\(index)]") { warnings.append(warning) }
                    layer.add(keyed.animation, keyPath: lens, forKey: nil, at: 0)
                }
            }
        }
    }

    /// A warning when `animation` of `lens` on `layer` ends away from the layer's model value
    /// without a fill mode that holds its end: the layer would snap back when it ends, as in Core
    /// Animation, which Lottie, Flutter and CSS users do not expect. Nil when it holds, never
    /// ends, or ends where the model is.
    func snapBack(_ animation: PropertyAnimation, lens: LayerLens, layer: Layer, path: String) -> SceneError? {
        let timing = animation.timing
        guard timing.fillMode == .removed || timing.fillMode == .backwards, timing.endTime.isFinite else { return nil }
        let model = lens.value(of: layer)
        var held = animation
        held.timing.fillMode = .forwards
        guard let end = held.value(at: timing.endTime, base: model, discrete: lens.isDiscrete), end.count == model.count else { return nil }
        // A spring stops within a small part of its travel: differences under 1 % of the
        // animation's change, or a colour's half level, do not show as a snap.
        let start = held.value(at: timing.beginTime, base: model, discrete: lens.isDiscrete) ?? end
        let travel = zip(start, end).map { abs($0 - $1) }.max() ?? 0
        let least = lens.type == .color ? 0.5 / 255 : 1e-6
        // A motion with a rotation mode carries the turn as a third value: not a model value.
        let compared = lens.type == .point ? 2 : end.count
        guard zip(end.prefix(compared), model).contains(where: { abs($0 - $1) > max(least * max(1, abs($1)), travel / 100) }) else { return nil }
        func text(_ vector: [Double]) -> String {
            let parts = vector.map { String(format: "%g", $0) }
            return parts.count == 1 ? parts[0] : "[" + parts.joined(separator: ", ") + "]"
        }
        return error(
            "the \(lens.name) animation ends at \(String(format: "%g", timing.endTime)) s at \(text(end)), away from the layer's model value \(text(model)): "
                + "when it ends the layer snaps back, as in Core Animation (fillMode removed). To keep the end, give the layer that value, "
                + "or \"fillMode\": \"forwards\" to the animation or at the top of the file",
            node: layer.id, key: path
        )
    }

    /// A filter list at `key`, as `CALayer.filters` holds Core Image filters: at most one
    /// `{"type": "gaussianBlur", "inputRadius": r}` (r from 0 to `Group.maximumBlur`, a Gaussian's
    /// standard deviation in the layer's units). Returns its radius, 0 for an empty list.
    mutating func gaussianBlur(_ value: JSONValue, node id: String, key: String) throws(SceneError) -> Double {
        guard case .array(let filters) = value, filters.count <= 1 else {
            throw error("must be a list of at most one filter, [{\"type\": \"gaussianBlur\", \"inputRadius\": 8}]", node: id, key: key)
        }
        guard let first = filters.first else { return 0 }
        let filter = try object(first, key: key + "[0]", node: id)
        try unknown(filter.keys, known: ["type", "inputRadius"], node: id, prefix: key + "[0].")
        let type = try string(filter["type"], key: key + "[0].type", node: id)
        guard type == "gaussianBlur" else {
            throw error("the one filter is \"gaussianBlur\"\(type.map { Spelling.suggestion(for: $0, among: ["gaussianBlur"]) } ?? ""), got \(type.map { "'\($0)'" } ?? "none")",
                        node: id, key: key + "[0].type")
        }
        let radius = try number(filter["inputRadius"], key: key + "[0].inputRadius", node: id) ?? 10
        guard radius >= 0, radius <= Group.maximumBlur else {
            throw error("must be from 0 to \(Int(Group.maximumBlur)) (a Gaussian's standard deviation), got \(radius)", node: id, key: key + "[0].inputRadius")
        }
        return radius
    }

    /// A transform object at `key`: `rotation` (radians about z, or `{"x", "y", "z"}`), `scale`
    /// (a number for x and y, or [x, y] or [x, y, z]), `translation` ([x, y] or [x, y, z]) and
    /// `perspective` (the eye's distance, above 0). `flat` refuses the 3-D forms (a replicator's
    /// instance transform is 2-D).
    mutating func layerTransform(_ value: JSONValue, node id: String, key: String, flat: Bool = false) throws(SceneError) -> LayerTransform {
        var result = LayerTransform()
        let transform = try self.object(value, key: key, node: id)
        try unknown(transform.keys, known: flat ? ["rotation", "scale", "translation"] : ["rotation", "scale", "translation", "perspective"],
                    node: id, prefix: key + ".")
        func vector(_ value: JSONValue, key: String) throws(SceneError) -> [Double] {
            guard case .array(let list) = value, list.count == 2 || (!flat && list.count == 3) else {
                throw error(flat ? "must be a list of 2 numbers" : "must be a list of 2 or 3 numbers [x, y] or [x, y, z]", node: id, key: key)
            }
            let numbers = try self.numbers(value, count: list.count, key: key, node: id)
            try checkMagnitude(numbers, node: id, key: key)
            return numbers
        }
        if let rotation = transform["rotation"] {
            if case .object(let axes) = rotation, !flat {
                try unknown(axes.keys, known: ["x", "y", "z"], node: id, prefix: key + ".rotation.")
                for (axis, path) in [("x", \LayerTransform.rotationX), ("y", \.rotationY), ("z", \.rotation)] {
                    if let angle = try number(axes[axis], key: key + ".rotation." + axis, node: id) {
                        try checkMagnitude([angle], node: id, key: key + ".rotation." + axis)
                        result[keyPath: path] = angle
                    }
                }
            } else {
                guard case .number = rotation else {
                    throw error(flat ? "must be a number (radians)" : "must be a number (radians about z) or an object {\"x\", \"y\", \"z\"}", node: id, key: key + ".rotation")
                }
                let angle = try number(rotation, key: key + ".rotation", node: id)!
                try checkMagnitude([angle], node: id, key: key + ".rotation")
                result.rotation = angle
            }
        }
        if let scale = transform["scale"] {
            if case .number = scale {
                let uniform = try number(scale, key: key + ".scale", node: id)!
                try checkMagnitude([uniform], node: id, key: key + ".scale")
                result.scale = Point(x: uniform, y: uniform)
                if !flat { result.scaleZ = uniform }
            } else {
                let axes = try vector(scale, key: key + ".scale")
                result.scale = Point(x: axes[0], y: axes[1])
                if axes.count == 3 { result.scaleZ = axes[2] }
            }
        }
        if let translation = transform["translation"] {
            let axes = try vector(translation, key: key + ".translation")
            result.translation = Point(x: axes[0], y: axes[1])
            if axes.count == 3 { result.translationZ = axes[2] }
        }
        if let distance = try number(transform["perspective"], key: key + ".perspective", node: id) {
            guard distance > 0 else {
                throw error("must be a distance above 0 (the eye's distance from the plane: m34 = -1/distance), got \(distance)", node: id, key: key + ".perspective")
            }
            try checkMagnitude([distance], node: id, key: key + ".perspective")
            result.perspective = distance
        }
        return result
    }

    /// A `ReplicatorLayer`'s instance count, transform, delay, colour and colour offsets.
    mutating func replicatorContent(_ object: [String: JSONValue], id: String) throws(SceneError) -> ReplicatorContent {
        var replicator = ReplicatorContent()
        if let count = try number(object["instanceCount"], key: "instanceCount", node: id) {
            guard count.isFinite, count >= 0, count <= Double(ReplicatorContent.maximumInstances), count == count.rounded() else {
                throw error("must be a whole number from 0 to \(ReplicatorContent.maximumInstances), got \(count)", node: id, key: "instanceCount")
            }
            replicator.instanceCount = Int(count)
        }
        if let value = object["instanceTransform"] {
            replicator.instanceTransform = try layerTransform(value, node: id, key: "instanceTransform", flat: true)
        }
        if let delay = try number(object["instanceDelay"], key: "instanceDelay", node: id) {
            guard delay.isFinite, abs(delay) <= SceneFile.maximumTime else {
                throw error("must be seconds within ±\(Int(SceneFile.maximumTime))", node: id, key: "instanceDelay")
            }
            replicator.instanceDelay = delay
        }
        if let color = try color(object["instanceColor"], key: "instanceColor", node: id) { replicator.instanceColor = color }
        for (key, path) in [("instanceRedOffset", \ReplicatorContent.instanceRedOffset), ("instanceGreenOffset", \.instanceGreenOffset),
                            ("instanceBlueOffset", \.instanceBlueOffset), ("instanceAlphaOffset", \.instanceAlphaOffset)] {
            if let offset = try number(object[key], key: key, node: id) {
                guard (-1...1).contains(offset) else { throw error("must be between -1 and 1", node: id, key: key) }
                replicator[keyPath: path] = offset
            }
        }
        return replicator
    }

    /// An `EmitterLayer`'s emitter and cells; the particles alive at once (birth rate ×
    /// longest life, over every cell) held to `EmitterContent.maximumParticles`.
    mutating func emitterContent(_ object: [String: JSONValue], id: String) throws(SceneError) -> EmitterContent {
        var emitter = EmitterContent()
        if let value = object["emitterPosition"] { emitter.position = try point(value, node: id, key: "emitterPosition") }
        if let value = object["emitterSize"] {
            let size = try point(value, node: id, key: "emitterSize")
            guard size.x >= 0, size.y >= 0 else { throw error("width and height must not be negative", node: id, key: "emitterSize") }
            emitter.size = Size(width: size.x, height: size.y)
        }
        if let text = try string(object["emitterShape"], key: "emitterShape", node: id) {
            let names = EmitterContent.Shape.allCases.map(\.rawValue)
            guard let shape = EmitterContent.Shape(rawValue: text) else {
                throw error("must be one of \(names.joined(separator: ", "))\(Spelling.suggestion(for: text, among: names))", node: id, key: "emitterShape")
            }
            emitter.shape = shape
        }
        func nonNegative(_ key: String, in object: [String: JSONValue], prefix: String = "") throws(SceneError) -> Double? {
            guard let value = try number(object[key], key: prefix + key, node: id) else { return nil }
            guard value >= 0, value <= SceneFile.maximumLayerValue else {
                throw error("must be 0 or more and at most \(Int(SceneFile.maximumLayerValue))", node: id, key: prefix + key)
            }
            return value
        }
        if let rate = try nonNegative("birthRate", in: object) { emitter.birthRate = rate }
        if let lifetime = try nonNegative("lifetime", in: object) { emitter.lifetime = lifetime }
        if let seed = try number(object["seed"], key: "seed", node: id) {
            guard seed >= 0, seed < 9.007_199_254_740_992e15, seed == seed.rounded() else {
                throw error("must be a whole number from 0 to 2^53", node: id, key: "seed")
            }
            emitter.seed = UInt64(seed)
        }
        guard let value = object["emitterCells"] else { return emitter }
        guard case .array(let entries) = value else { throw error("must be a list of cells", node: id, key: "emitterCells") }
        guard entries.count <= EmitterContent.maximumCells else {
            throw error("\(entries.count) cells, above the limit of \(EmitterContent.maximumCells)", node: id, key: "emitterCells")
        }
        var alive = 0.0
        for (index, entry) in entries.enumerated() {
            let prefix = "emitterCells[\(index)]."
            let cellObject = try self.object(entry, key: "emitterCells[\(index)]", node: id)
            try unknown(cellObject.keys, known: SceneFile.emitterCellKeys, node: id, prefix: prefix)
            var cell = EmitterCell()
            if let text = try string(cellObject["contents"], key: prefix + "contents", node: id) {
                switch text {
                case "rectangle": cell.contents = .rectangle
                case "circle": cell.contents = .circle
                default: cell.contents = .image(resolve(text))
                }
            }
            if let value = cellObject["size"] {
                let size = try point(value, node: id, key: prefix + "size")
                guard size.x >= 0, size.y >= 0 else { throw error("width and height must not be negative", node: id, key: prefix + "size") }
                cell.size = Size(width: size.x, height: size.y)
            }
            for (key, path) in [("birthRate", \EmitterCell.birthRate), ("lifetime", \.lifetime), ("lifetimeRange", \.lifetimeRange),
                                ("velocityRange", \.velocityRange), ("emissionRange", \.emissionRange), ("spinRange", \.spinRange),
                                ("scaleRange", \.scaleRange)] {
                if let value = try nonNegative(key, in: cellObject, prefix: prefix) { cell[keyPath: path] = value }
            }
            for (key, path) in [("velocity", \EmitterCell.velocity), ("emissionLongitude", \.emissionLongitude), ("xAcceleration", \.xAcceleration),
                                ("yAcceleration", \.yAcceleration), ("spin", \.spin), ("scale", \.scale), ("scaleSpeed", \.scaleSpeed),
                                ("alphaSpeed", \.alphaSpeed)] {
                if let value = try number(cellObject[key], key: prefix + key, node: id) {
                    try checkMagnitude([value], node: id, key: prefix + key)
                    cell[keyPath: path] = value
                }
            }
            if let color = try color(cellObject["color"], key: prefix + "color", node: id) { cell.color = color }
            for (key, path) in [("redRange", \EmitterCell.redRange), ("greenRange", \.greenRange), ("blueRange", \.blueRange), ("alphaRange", \.alphaRange)] {
                if let value = try number(cellObject[key], key: prefix + key, node: id) {
                    guard (0...1).contains(value) else { throw error("must be from 0 to 1", node: id, key: prefix + key) }
                    cell[keyPath: path] = value
                }
            }
            alive += cell.birthRate * emitter.birthRate * cell.longestLife(emitter.lifetime)
            guard alive <= Double(EmitterContent.maximumParticles) else {
                throw error(
                    "up to \(Int(min(alive, 1e15))) particles would be alive at once (birth rates × lifetimes), above the limit of \(EmitterContent.maximumParticles)",
                    node: id, key: prefix + "birthRate"
                )
            }
            emitter.cells.append(cell)
        }
        return emitter
    }

    // MARK: Content

    /// A `GradientLayer`'s colours, locations, points and shape (`gradientType`, CAGradientLayer's
    /// `type`: the node's `type` is `GradientLayer`).
    func gradientContent(_ object: [String: JSONValue], id: String) throws(SceneError) -> GradientContent {
        var gradient = GradientContent()
        if let value = object["colors"] {
            guard case .array(let list) = value else { throw error("must be a list of colours", node: id, key: "colors") }
            guard list.count <= GradientContent.maximumColors else {
                throw error("\(list.count) colours, above the limit of \(GradientContent.maximumColors)", node: id, key: "colors")
            }
            for (index, item) in list.enumerated() {
                guard let color = try color(item, key: "colors[\(index)]", node: id) else { throw error("must be a colour", node: id, key: "colors[\(index)]") }
                gradient.colors.append(color)
            }
        }
        if let value = object["locations"] {
            guard case .array(let list) = value, list.count == gradient.colors.count else {
                throw error("must be a list of \(gradient.colors.count) numbers, one per colour", node: id, key: "locations")
            }
            var locations: [Double] = []
            for (index, item) in list.enumerated() {
                guard case .number(let location) = item, location.isFinite, location >= 0, location <= 1 else {
                    throw error("must be a number from 0 to 1", node: id, key: "locations[\(index)]")
                }
                if let previous = locations.last, location < previous {
                    throw error("must not be below the location before it (\(previous))", node: id, key: "locations[\(index)]")
                }
                locations.append(location)
            }
            gradient.locations = locations
        }
        if let value = object["startPoint"] { gradient.startPoint = try point(value, node: id, key: "startPoint") }
        if let value = object["endPoint"] { gradient.endPoint = try point(value, node: id, key: "endPoint") }
        if let text = try string(object["gradientType"], key: "gradientType", node: id) {
            let names = GradientContent.GradientType.allCases.map(\.rawValue)
            guard let type = GradientContent.GradientType(rawValue: text) else {
                throw error("must be one of \(names.joined(separator: ", "))\(Spelling.suggestion(for: text, among: names))", node: id, key: "gradientType")
            }
            gradient.type = type
        }
        return gradient
    }

    func textContent(_ object: [String: JSONValue], id: String) throws(SceneError) -> TextContent {
        var text = TextContent(font: try font(object["font"], key: "font", node: id) ?? SceneFile.defaultFont)
        if let string = try string(object["string"], key: "string", node: id) { text.string = string }
        if let size = try number(object["fontSize"], key: "fontSize", node: id) {
            guard size > 0, size <= TextContent.maximumFontSize else {
                throw error("must be above 0 and at most \(Int(TextContent.maximumFontSize))", node: id, key: "fontSize")
            }
            text.fontSize = size
        } else if object["font"] != nil {
            text.fontSize = text.font.size
        }
        if let color = try color(object["foregroundColor"], key: "foregroundColor", node: id) { text.foregroundColor = color }
        if let alignment = try string(object["alignment"], key: "alignment", node: id) {
            // CATextLayer's names; `natural` and `justified` read as left.
            switch alignment {
            case "left", "natural", "justified": text.alignment = .left
            case "center": text.alignment = .center
            case "right": text.alignment = .right
            default: throw error("must be left, center, right, natural or justified", node: id, key: "alignment")
            }
        }
        if let wrapped = try bool(object["wrapped"], key: "wrapped", node: id) { text.isWrapped = wrapped }
        if let truncation = try string(object["truncation"], key: "truncation", node: id) {
            guard let mode = TextContent.Truncation(rawValue: truncation) else { throw error("must be none, start, middle or end\(Spelling.suggestion(for: truncation, among: TextContent.Truncation.allCases.map(\.rawValue)))", node: id, key: "truncation") }
            text.truncation = mode
        }
        return text
    }

    func shapeContent(_ object: [String: JSONValue], id: String) throws(SceneError) -> ShapeContent {
        var shape = ShapeContent()
        if let data = try string(object["path"], key: "path", node: id) { shape.path = try path(data, node: id, key: "path") }
        if let color = try color(object["fillColor"], key: "fillColor", node: id) { shape.fillColor = color }
        if let color = try color(object["strokeColor"], key: "strokeColor", node: id) { shape.strokeColor = color }
        if let rule = try string(object["fillRule"], key: "fillRule", node: id) {
            guard let fillRule = FillRule(rawValue: rule) else { throw error("must be nonZero or evenOdd\(Spelling.suggestion(for: rule, among: FillRule.allCases.map(\.rawValue)))", node: id, key: "fillRule") }
            shape.fillRule = fillRule
        }
        if let cap = try string(object["lineCap"], key: "lineCap", node: id) {
            guard let lineCap = LineCap(rawValue: cap) else { throw error("must be butt, round or square\(Spelling.suggestion(for: cap, among: LineCap.allCases.map(\.rawValue)))", node: id, key: "lineCap") }
            shape.style.lineCap = lineCap
        }
        if let join = try string(object["lineJoin"], key: "lineJoin", node: id) {
            guard let lineJoin = LineJoin(rawValue: join) else { throw error("must be miter, round or bevel\(Spelling.suggestion(for: join, among: LineJoin.allCases.map(\.rawValue)))", node: id, key: "lineJoin") }
            shape.style.lineJoin = lineJoin
        }
        for (key, path) in [("lineWidth", \StrokeStyle.lineWidth), ("miterLimit", \.miterLimit)] {
            if let value = try number(object[key], key: key, node: id) {
                guard value >= 0 else { throw error("must not be negative", node: id, key: key) }
                try checkMagnitude([value], node: id, key: key)
                shape.style[keyPath: path] = value
            }
        }
        if let phase = try number(object["lineDashPhase"], key: "lineDashPhase", node: id) {
            try checkMagnitude([phase], node: id, key: "lineDashPhase")
            shape.style.lineDashPhase = phase
        }
        if let value = object["lineDashPattern"] {
            guard case .array(let entries) = value else { throw error("must be a list of numbers", node: id, key: "lineDashPattern") }
            var pattern: [Double] = []
            for entry in entries {
                guard case .number(let length) = entry, length.isFinite, length >= 0, length <= SceneFile.maximumLayerValue else {
                    throw error("must be a list of numbers, each 0 or more", node: id, key: "lineDashPattern")
                }
                pattern.append(length)
            }
            shape.style.lineDashPattern = pattern
        }
        for (key, path) in [("strokeStart", \ShapeContent.strokeStart), ("strokeEnd", \.strokeEnd)] {
            if let value = try number(object[key], key: key, node: id) {
                guard (0...1).contains(value) else { throw error("must be between 0 and 1", node: id, key: key) }
                shape[keyPath: path] = value
            }
        }
        return shape
    }

    // MARK: Animations

    /// The lens for `name` on `layer`, or an error listing the valid ones.
    func keyPath(_ name: String, layer: Layer, key: String) throws(SceneError) -> LayerLens {
        try checked { () throws(LayerError) in try Layer.lens(name, layer: layer, key: key) }
    }

    /// A timing function: any `cadence curve` spec but a spring.
    func curve(_ json: JSONValue, node id: String, key: String) throws(SceneError) -> TimingCurve {
        guard case .string(let text) = json else { throw error("must be a curve name such as \"caEaseInEaseOut\"", node: id, key: key) }
        do {
            switch try CurveSpec.parse(text) {
            case .curve(let curve): return curve
            case .spring: throw error("a spring is not a timing function: use an animation of type \"spring\"", node: id, key: key)
            }
        } catch let problem as CurveSpecError {
            throw error(problem.description, node: id, key: key)
        } catch let problem as SceneError {
            throw problem
        } catch {
            throw self.error("\(error)", node: id, key: key)
        }
    }

    func path(_ data: String, node id: String, key: String) throws(SceneError) -> Path {
        do {
            let path = try Path(svg: data)
            try checkMagnitude(path.components, node: id, key: key)
            return path
        } catch let problem as PathError {
            throw error("bad SVG path data: \(problem.description)", node: id, key: key)
        } catch let problem as SceneError {
            throw problem
        } catch {
            throw self.error("\(error)", node: id, key: key)
        }
    }

    func point(_ value: JSONValue, node id: String, key: String) throws(SceneError) -> Point {
        let pair = try numbers(value, count: 2, key: key, node: id)
        try checkMagnitude(pair, node: id, key: key)
        return Point(x: pair[0], y: pair[1])
    }

    func checkMagnitude(_ values: [Double], node id: String, key: String) throws(SceneError) {
        try checked { () throws(LayerError) in try Layer.checkMagnitude(values, node: id, key: key) }
    }

    /// Unknown keys inside an animation are errors: a misspelt `duraton` would silently run a
    /// different animation.
    func checkKnown(_ keys: some Sequence<String>, known: [String], node: String, prefix: String) throws(SceneError) {
        for key in keys.sorted() where !known.contains(key) {
            throw error("unknown key\(Spelling.suggestion(for: key, among: known)) (known: \(known.joined(separator: ", ")))", node: node, key: prefix + key)
        }
    }
}

extension Layer.Content {
    var isWidget: Bool {
        if case .widget = self { return true }
        return false
    }
}
