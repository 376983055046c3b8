import CadenceDraw

extension LottieReader {
    /// Every layer of a composition's `layers` list, top first as the file lists them.
    mutating func layers(_ value: LottieJSON?, property: String) throws(LottieError) -> [LottieLayer] {
        guard let value else { return [] }
        guard let list = value.array else { throw error("must be a list of layers", property: property) }
        var layers: [LottieLayer] = []
        layers.reserveCapacity(list.count)
        let outer = layer
        defer { layer = outer }
        for (position, entry) in list.enumerated() {
            guard let object = entry.object else {
                layer = outer
                throw error("layer \(position) must be an object", property: property)
            }
            let name = object["nm"]?.string ?? "layer \(position)"
            let index = object["ind"]?.number
            layer = "\"\(name)\" (index \(index.map { number($0) } ?? "\(position)"))"
            layerExpressions = []
            if let read = try self.layer(object) {
                for expression in layerExpressions {
                    expression.composition = compositionNumber
                    expression.position = layers.count
                }
                layers.append(read)
            }
        }
        return layers
    }

    /// One layer, or nil for a kind that draws nothing Cadence knows (a warning says so).
    private mutating func layer(_ object: [String: LottieJSON]) throws(LottieError) -> LottieLayer? {
        let type = try number(object["ty"], property: "ty")
        let inPoint = try frame(object["ip"], property: "ip", default: 0)
        let outPoint = try frame(object["op"], property: "op", default: Self.maximumFrame)
        let stretch = try number(object["sr"], property: "sr", default: 1)
        guard stretch != 0 else { throw error("the time stretch must not be 0", property: "sr") }
        let typeNames: [Double: String] = [0: "precomposition", 1: "solid", 2: "image", 3: "null", 4: "shape", 5: "text"]
        var result = LottieLayer(
            name: object["nm"]?.string ?? "",
            typeName: typeNames[type] ?? "type \(number(type))",
            index: try object["ind"].map { value throws(LottieError) in try integer(value, property: "ind") },
            parent: try object["parent"].map { value throws(LottieError) in try integer(value, property: "parent") },
            inPoint: inPoint, outPoint: outPoint,
            startTime: try frame(object["st"], property: "st", default: 0),
            stretch: stretch,
            hidden: (object["hd"]?.number ?? 0) != 0,
            isMatteSource: (object["td"]?.number ?? 0) != 0,
            transform: try transform(object["ks"], property: "ks"),
            content: .none
        )
        if stretch != 1 { uses("time stretch") }
        if result.parent != nil { uses("parenting") }
        result.transform.autoOrient = (object["ao"]?.number ?? 0) != 0
        if result.transform.autoOrient { uses("auto-orient") }
        if (object["ddd"]?.number ?? 0) != 0 { uses("3-D layers") }
        if let masks = object["masksProperties"] {
            (result.masks, result.maskPaths) = try self.masks(masks)
        }
        if let matte = object["tt"]?.number, matte != 0 {
            uses("track mattes")
            let modes: [Double: Group.Matte] = [1: .alpha, 2: .alphaInverted, 3: .luma, 4: .lumaInverted]
            guard let mode = modes[matte] else { throw error("must be 0 ... 4 (none, alpha, alpha inverted, luma, luma inverted), got \(number(matte))", property: "tt") }
            result.matte = mode
            result.matteSource = try object["tp"].map { value throws(LottieError) in try integer(value, property: "tp") }
        }
        if result.isMatteSource { uses("track mattes") }
        if let effects = object["ef"] {
            result.effects = try self.effects(effects)
            result.effectValues = effectValues(effects)
        }
        if let blend = object["bm"]?.number, blend != 0 {
            // Lottie's numbering: After Effects' modes in its menu order.
            let modes: [Double: BlendMode] = [
                1: .multiply, 2: .screen, 3: .overlay, 4: .darken, 5: .lighten, 6: .colorDodge, 7: .colorBurn, 8: .hardLight,
                9: .softLight, 10: .difference, 11: .exclusion, 12: .hue, 13: .saturation, 14: .color, 15: .luminosity,
                16: .add, 17: .hardMix,
            ]
            if let mode = modes[blend] {
                uses("blend modes")
                result.blendMode = mode
            } else {
                try skips("blend modes", "blend mode \(number(blend)) is not one of Lottie's 0 ... 17; the layer is drawn normally", property: "bm")
            }
        }
        switch type {
        case 0:
            uses("precompositions")
            guard let reference = object["refId"]?.string else { throw error("a precomposition layer needs refId", property: "refId") }
            guard let index = precompIndex[reference] else {
                // As rlottie and ThorVG play such files: the layer draws nothing, and still moves its children.
                try skips(
                    "missing assets", "refers to \"\(reference)\", which is not a precomposition in assets; the layer draws nothing",
                    property: "refId"
                )
                return result
            }
            let width = try layerSide(object["w"], property: "w")
            let height = try layerSide(object["h"], property: "h")
            var remap: AnimatedNumbers?
            if object["tm"] != nil {
                uses("time remapping")
                remap = try animated(object["tm"], property: "tm", fallback: [0])
            }
            result.content = .precomposition(index: index, width: width, height: height, timeRemap: remap)
        case 1:
            uses("solid layers")
            guard let hex = object["sc"]?.string, let color = Color(hex: hex) else {
                throw error("a solid layer needs a colour sc such as \"#ff0000\"", property: "sc")
            }
            result.content = .solid(color, width: try layerSide(object["sw"], property: "sw"), height: try layerSide(object["sh"], property: "sh"))
        case 2:
            uses("image layers")
            guard let reference = object["refId"]?.string else { throw error("an image layer needs refId", property: "refId") }
            guard let index = imageIndex[reference] else {
                // An asset left out for where its file is has its own warning.
                if refusedImages.contains(reference) { return result }
                try skips(
                    "missing assets", "refers to \"\(reference)\", which is not an image in assets; the layer draws nothing", property: "refId"
                )
                return result
            }
            result.content = .image(index: index)
        case 3:
            uses("null layers")
        case 4:
            uses("shape layers")
            result.content = .shapes(try shapes(object["shapes"], property: "shapes", depth: 0))
        case 5:
            uses("text layers")
            if glyphList.isEmpty {
                uses("text set in fonts")
                result.content = .fontText(try fontText(object["t"]))
            } else {
                uses("glyphs")
                result.content = .text(try text(object["t"], glyphs: glyphList))
            }
        case 13:
            try skips("cameras", "camera layers are not drawn; 3-D layers are drawn flat", property: "ty")
            return nil
        default:
            try skips("layer type \(number(type))", "layer type \(number(type)) is not a drawable Lottie layer; it is left out", property: "ty")
            return nil
        }
        return result
    }

    /// Every effect of a layer (`ef`), drawn or not (expression controls too), with its
    /// parameters by name: what the property tree and expressions read. A parameter whose value
    /// cannot be read is 0 (drawing reads the effects it draws on its own, with errors).
    private mutating func effectValues(_ value: LottieJSON) -> [LottieEffectValues] {
        var result: [LottieEffectValues] = []
        for (index, entry) in (value.array ?? []).enumerated() {
            guard let object = entry.object else { continue }
            var effect = LottieEffectValues(name: object["nm"]?.string ?? "", matchName: object["mn"]?.string ?? "")
            for (position, parameter) in (object["ef"]?.array ?? []).enumerated() {
                guard let parameter = parameter.object else { continue }
                let value = (try? animated(parameter["v"], property: "ef[\(index)].ef[\(position)].v", fallback: [0])) ?? AnimatedNumbers([0])
                effect.parameters.append((parameter["nm"]?.string ?? "", parameter["mn"]?.string ?? "", value))
            }
            result.append(effect)
        }
        return result
    }

    /// A layer's effects (`ef`) that Cadence draws, in order. Expression controls (`ty` 5 with a
    /// control's match name) draw nothing and are passed over; a disabled effect (`en` 0) is left
    /// out; any other kind is a warning. Each effect's values are its `ef` entries' `v`, by position, as lottie-web and
    /// Skottie read them.
    private mutating func effects(_ value: LottieJSON) throws(LottieError) -> [LayerEffect] {
        guard let list = value.array else { throw error("must be a list of effects", property: "ef") }
        var effects: [LayerEffect] = []
        for (index, entry) in list.enumerated() {
            let place = "ef[\(index)]"
            guard let object = entry.object else { throw error("an effect must be an object", property: place) }
            let type = try number(object["ty"], property: place + ".ty")
            if let enabled = object["en"]?.number, enabled == 0 { continue }
            let values = object["ef"]?.array ?? []
            let name = object["nm"]?.string.map { "\"\($0)\" " } ?? ""
            func value(_ position: Int, _ fallback: [Double]) throws(LottieError) -> AnimatedNumbers {
                guard position < values.count else { return AnimatedNumbers(fallback) }
                guard let entry = values[position].object else {
                    throw error("an effect's value must be an object", property: "\(place).ef[\(position)]")
                }
                return try animated(entry["v"], property: "\(place).ef[\(position)].v", fallback: fallback)
            }
            let black = [0.0, 0, 0, 1], white = [1.0, 1, 1, 1]
            switch type {
            case 5:
                // A custom effect: most are controls (sliders, angles, colours, points, checkboxes,
                // layers, dropdowns, and pseudo-effect presets made of them) that only expressions
                // read, and draw nothing. Others are After Effects effects Bodymovin has no type
                // for (a gradient ramp, change to colour, a transform), named by their match name.
                let matchName = object["mn"]?.string ?? ""
                if matchName.isEmpty || matchName.hasSuffix("Control") || matchName.hasPrefix("Pseudo/") {
                    uses("expression controls")
                } else {
                    try skips("effect \(matchName)", "the effect \(name)(\(matchName)) is not drawn", property: place)
                }
            case 20:
                uses("effects")
                effects.append(.tint(black: try value(0, black), white: try value(1, white), amount: try value(2, [100])))
            case 21:
                uses("effects")
                // Which mask to fill, all masks and invert: no player applies them (lottie-web,
                // ThorVG and Skottie fill the whole layer); a warning when they are set.
                let allMasks = try value(1, [0]), invert = try value(3, [0])
                if allMasks.isAnimated || invert.isAnimated || allMasks.initial.first != 0 || invert.initial.first != 0 {
                    try skips("fill effect on masks", "the fill effect's all-masks and invert options are not applied: the whole layer is filled", property: place)
                }
                effects.append(.fill(color: try value(2, [1, 0, 0, 1]), opacity: try value(6, [1])))
            case 23:
                uses("effects")
                effects.append(.tritone(
                    highlights: try value(0, white), midtones: try value(1, [0.5, 0.5, 0.5, 1]), shadows: try value(2, black), blend: try value(3, [0])
                ))
            case 25:
                uses("effects")
                effects.append(.dropShadow(
                    color: try value(0, black), opacity: try value(1, [127.5]), direction: try value(2, [135]), distance: try value(3, [5]),
                    softness: try value(4, [0]), shadowOnly: try value(5, [0])
                ))
            case 22:
                uses("effects")
                effects.append(.stroke(StrokeEffect(
                    path: try value(0, [1]), allMasks: try value(1, [0]), sequential: try value(2, [0]), color: try value(3, white),
                    brushSize: try value(4, [2]), opacity: try value(6, [1]), start: try value(7, [0]), end: try value(8, [100]),
                    style: try value(10, [1])
                )))
            case 29:
                uses("effects")
                let dimensions = try value(1, [1])
                if dimensions.isAnimated || dimensions.initial.first != 1 {
                    try skips("one-way blur", "a Gaussian blur in one direction only is drawn in both", property: place + ".ef[1]")
                }
                effects.append(.gaussianBlur(blurriness: try value(0, [0])))
            default:
                let kinds: [Double: String] = [24: "pro levels", 26: "radial wipe", 27: "displacement map", 28: "set matte", 32: "mesh warp", 34: "puppet", 35: "transform"]
                let kind = kinds[type].map { "the \($0) effect" } ?? "effect type \(number(type))"
                try skips(kinds[type].map { "\($0) effect" } ?? "effect type \(number(type))", "\(kind) \(name)is not drawn", property: place)
            }
        }
        return effects
    }

    /// A layer's masks; mode `n` (none) is read and left out.
    private mutating func masks(_ value: LottieJSON) throws(LottieError) -> (masks: [LottieMask], paths: [AnimatedShape]) {
        guard let list = value.array else { throw error("must be a list of masks", property: "masksProperties") }
        var masks: [LottieMask] = []
        var paths: [AnimatedShape] = []
        let modes: [String: MaskPath.Mode] = ["a": .add, "s": .subtract, "i": .intersect, "l": .lighten, "d": .darken, "f": .difference]
        for (index, entry) in list.enumerated() {
            let place = "masksProperties[\(index)]"
            guard let object = entry.object else { throw error("a mask must be an object", property: place) }
            let code = object["mode"]?.string ?? "a"
            uses("masks")
            let path = try animatedShape(object["pt"], property: place + ".pt")
            paths.append(path)
            if code == "n" { continue }
            guard let mode = modes[code] else {
                throw error("mode must be one of a, s, i, l, d, f or n, got \"\(code)\"", property: place + ".mode")
            }
            let expansion = try animated(object["x"], property: place + ".x", fallback: [0])
            let expands = expansion.isAnimated || expansion.initial.contains(where: { $0 != 0 })
            if expands { uses("mask expansion") }
            masks.append(LottieMask(
                mode: mode, path: path,
                opacity: try animated(object["o"], property: place + ".o", fallback: [100]),
                inverted: (object["inv"]?.number ?? 0) != 0,
                expansion: expands ? expansion : nil,
                name: object["nm"]?.string ?? ""
            ))
        }
        return (masks, paths)
    }

    func integer(_ value: LottieJSON, property: String) throws(LottieError) -> Int {
        let number = try self.number(value, property: property)
        guard number == number.rounded(), abs(number) <= 1e9 else {
            throw error("must be a whole number within ±10⁹, got \(self.number(number))", property: property)
        }
        return Int(number)
    }

    func side(_ value: LottieJSON?, property: String) throws(LottieError) -> Double {
        let side = try number(value, property: property, default: 0)
        guard side >= 0, side <= Self.maximumSide else {
            throw error("must be 0 ... \(Int(Self.maximumSide)), got \(number(side))", property: property)
        }
        return side
    }

    /// A layer's width or height (a precomposition's clip, a solid's size): geometry, not memory,
    /// so any size a file uses is kept (files give precompositions 99999 to mean "no clip") up to
    /// `maximumLayerSide`, and a larger one is clamped to it with a warning (an error when strict).
    mutating func layerSide(_ value: LottieJSON?, property: String) throws(LottieError) -> Double {
        let side = try number(value, property: property, default: 0)
        guard side >= 0 else { throw error("must be 0 or more, got \(number(side))", property: property) }
        guard side <= Self.maximumLayerSide else {
            try skips(
                "layer sizes beyond \(Int(Self.maximumLayerSide))",
                "\(number(side)) is more than \(Int(Self.maximumLayerSide)); \(Int(Self.maximumLayerSide)) is used", property: property
            )
            return Self.maximumLayerSide
        }
        return side
    }

    func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }

    // MARK: Shapes

    /// A list of shape items (`shapes` of a layer, `it` of a group), top first.
    mutating func shapes(_ value: LottieJSON?, property: String, depth: Int) throws(LottieError) -> [ShapeItem] {
        guard let value else { return [] }
        guard let list = value.array else { throw error("must be a list of shapes", property: property) }
        // `depth` groups above this list: 64 nested groups are allowed, as documented.
        guard depth <= Self.maximumNesting else {
            throw error("shape groups are nested deeper than \(Self.maximumNesting)", property: property)
        }
        var items: [ShapeItem] = []
        items.reserveCapacity(list.count)
        // Merge paths that combine areas, which a stroke below them does not follow.
        var combiningMerge: String?
        for (index, entry) in list.enumerated() {
            let place = "\(property)[\(index)]"
            guard let object = entry.object else { throw error("a shape must be an object", property: place) }
            // A group's transform (`tr`) is read with the group.
            if (object["hd"]?.number ?? 0) != 0 || object["ty"]?.string == "tr" { continue }
            if let item = try shape(object, property: place, depth: depth) {
                if case .mergePaths(let mode) = item, mode != .merge { combiningMerge = combiningMerge ?? place }
                if let merge = combiningMerge {
                    switch item {
                    case .stroke, .gradientStroke:
                        try skips(
                            "strokes of combined merge paths",
                            "a stroke below merge paths that add, subtract, intersect or exclude follows each path's own outline; fills take the combined area",
                            property: merge
                        )
                    default: break
                    }
                }
                items.append(item)
            }
        }
        return items
    }

    /// A shape item, named by its `nm` (what value providers, the property tree and expressions
    /// name it by).
    private mutating func shape(_ object: [String: LottieJSON], property: String, depth: Int) throws(LottieError) -> ShapeItem? {
        let item = try unnamedShape(object, property: property, depth: depth)
        guard let name = object["nm"]?.string, !name.isEmpty else { return item }
        switch item {
        case .group(var group): group.name = name; return .group(group)
        case .fill(var fill): fill.name = name; return .fill(fill)
        case .stroke(var stroke): stroke.name = name; return .stroke(stroke)
        case .trim(var trim): trim.name = name; return .trim(trim)
        case .path(let shape, _): return .path(shape, name: name)
        case .rectangle(var rectangle): rectangle.name = name; return .rectangle(rectangle)
        case .ellipse(var ellipse): ellipse.name = name; return .ellipse(ellipse)
        case .star(var star): star.name = name; return .star(star)
        case .gradientFill(var gradient): gradient.name = name; return .gradientFill(gradient)
        case .gradientStroke(var gradient, var stroke): gradient.name = name; stroke.name = name; return .gradientStroke(gradient, stroke)
        case .repeater(var repeater): repeater.name = name; return .repeater(repeater)
        case .roundCorners(var corners): corners.name = name; return .roundCorners(corners)
        case .puckerBloat(var pucker): pucker.name = name; return .puckerBloat(pucker)
        case .zigZag(var zigZag): zigZag.name = name; return .zigZag(zigZag)
        case .offsetPath(var offset): offset.name = name; return .offsetPath(offset)
        case .mergePaths, .none: return item
        }
    }

    private mutating func unnamedShape(_ object: [String: LottieJSON], property: String, depth: Int) throws(LottieError) -> ShapeItem? {
        guard let type = object["ty"]?.string else { throw error("a shape needs its type ty", property: property) }
        let reversed = object["d"]?.number == 3
        switch type {
        case "gr":
            uses("groups")
            let items = try shapes(object["it"], property: property + ".it", depth: depth + 1)
            // The group's transform is the `tr` item, conventionally last.
            var transform = LottieTransform()
            if let list = object["it"]?.array,
               let at = list.lastIndex(where: { $0.object?["ty"]?.string == "tr" }) {
                transform = try self.transform(list[at], property: property + ".it[\(at)]")
            }
            return .group(ShapeGroup(items: items, transform: transform))
        case "sh":
            uses("paths")
            return .path(try animatedShape(object["ks"], property: property + ".ks"))
        case "rc":
            uses("rectangles")
            return .rectangle(RectangleShape(
                position: try animated(object["p"], property: property + ".p", fallback: [0, 0]),
                size: try animated(object["s"], property: property + ".s", fallback: [0, 0]),
                roundness: try animated(object["r"], property: property + ".r", fallback: [0]),
                reversed: reversed
            ))
        case "el":
            uses("ellipses")
            return .ellipse(EllipseShape(
                position: try animated(object["p"], property: property + ".p", fallback: [0, 0]),
                size: try animated(object["s"], property: property + ".s", fallback: [0, 0]),
                reversed: reversed
            ))
        case "sr":
            uses("polystars")
            return .star(StarShape(
                isStar: object["sy"]?.number != 2,
                position: try animated(object["p"], property: property + ".p", fallback: [0, 0]),
                points: try animated(object["pt"], property: property + ".pt", fallback: [5]),
                rotation: try animated(object["r"], property: property + ".r", fallback: [0]),
                outerRadius: try animated(object["or"], property: property + ".or", fallback: [0]),
                innerRadius: try animated(object["ir"], property: property + ".ir", fallback: [0]),
                outerRoundness: try animated(object["os"], property: property + ".os", fallback: [0]),
                innerRoundness: try animated(object["is"], property: property + ".is", fallback: [0]),
                reversed: reversed
            ))
        case "fl":
            uses("fills")
            return .fill(FillStyle(
                color: colour(try animated(object["c"], property: property + ".c", fallback: [0, 0, 0, 1])),
                opacity: try animated(object["o"], property: property + ".o", fallback: [100]),
                fillRule: object["r"]?.number == 2 ? .evenOdd : .nonZero
            ))
        case "st":
            uses("strokes")
            return .stroke(try stroke(object, property: property))
        case "gf":
            uses("gradient fills")
            return .gradientFill(try gradient(object, property: property))
        case "gs":
            uses("gradient strokes")
            return .gradientStroke(try gradient(object, property: property), try stroke(object, property: property))
        case "tm":
            uses("trim paths")
            return .trim(TrimPaths(
                start: try animated(object["s"], property: property + ".s", fallback: [0]),
                end: try animated(object["e"], property: property + ".e", fallback: [100]),
                offset: try animated(object["o"], property: property + ".o", fallback: [0]),
                individually: object["m"]?.number == 2
            ))
        case "rp":
            uses("repeaters")
            let tr = object["tr"]?.object
            return .repeater(Repeater(
                copies: try animated(object["c"], property: property + ".c", fallback: [1]),
                offset: try animated(object["o"], property: property + ".o", fallback: [0]),
                copiesAbove: object["m"]?.number == 2,
                transform: try transform(object["tr"], property: property + ".tr"),
                startOpacity: try animated(tr?["so"], property: property + ".tr.so", fallback: [100]),
                endOpacity: try animated(tr?["eo"], property: property + ".tr.eo", fallback: [100])
            ))
        case "mm":
            uses("merge paths")
            let modes: [Double: MergeMode] = [1: .merge, 2: .add, 3: .subtract, 4: .intersect, 5: .excludeIntersections]
            guard let mode = modes[object["mm"]?.number ?? 1] else {
                try skips("merge mode", "merge mode \(number(object["mm"]?.number ?? 0)) is not one of 1 to 5; the paths are merged as they are", property: property + ".mm")
                return .mergePaths(.merge)
            }
            return .mergePaths(mode)
        case "rd":
            uses("round corners")
            return .roundCorners(RoundCorners(radius: try animated(object["r"], property: property + ".r", fallback: [0])))
        case "op":
            uses("offset paths")
            return .offsetPath(OffsetPath(
                amount: try animated(object["a"], property: property + ".a", fallback: [0]),
                join: [1.0: LineJoin.miter, 2: .round, 3: .bevel][object["lj"]?.number ?? 1] ?? .miter,
                miterLimit: try animated(object["ml"], property: property + ".ml", fallback: [4])
            ))
        case "pb":
            uses("pucker and bloat")
            return .puckerBloat(PuckerBloat(amount: try animated(object["a"], property: property + ".a", fallback: [0])))
        case "zz":
            uses("zig-zag")
            return .zigZag(ZigZag(
                size: try animated(object["s"], property: property + ".s", fallback: [0]),
                ridges: try animated(object["r"], property: property + ".r", fallback: [0]),
                pointType: try animated(object["pt"], property: property + ".pt", fallback: [1])
            ))
        case "tw":
            try skips("twist", "twist is not applied", property: property)
            return nil
        default:
            try skips("shape type \(type)", "shape type \"\(type)\" is not a Lottie shape Cadence knows; it is left out", property: property)
            return nil
        }
    }

    /// A gradient fill's or stroke's gradient: its points, kind, highlight and packed stops
    /// (`g.p` colour stops of 4 numbers, then opacity stops of 2).
    private mutating func gradient(_ object: [String: LottieJSON], property: String) throws(LottieError) -> GradientStyle {
        guard let g = object["g"]?.object else { throw error("a gradient needs its stops g", property: property + ".g") }
        let count = try number(g["p"], property: property + ".g.p")
        guard count >= 1, count <= 1000, count == count.rounded() else {
            throw error("the colour stop count must be a whole number from 1 to 1000, got \(number(count))", property: property + ".g.p")
        }
        let stops = try animated(g["k"], property: property + ".g.k", fallback: [])
        let colorStops = Int(count)
        for values in [stops.initial] + stops.keyframes.flatMap({ [$0.start, $0.end] }) {
            guard values.count >= colorStops * 4, (values.count - colorStops * 4).isMultiple(of: 2) else {
                throw error("\(colorStops) colour stops need \(colorStops * 4) numbers, then 2 per opacity stop; got \(values.count)", property: property + ".g.k")
            }
        }
        return GradientStyle(
            opacity: try animated(object["o"], property: property + ".o", fallback: [100]),
            start: try animated(object["s"], property: property + ".s", fallback: [0, 0]),
            end: try animated(object["e"], property: property + ".e", fallback: [0, 0]),
            radial: object["t"]?.number == 2,
            highlightLength: try animated(object["h"], property: property + ".h", fallback: [0]),
            highlightAngle: try animated(object["a"], property: property + ".a", fallback: [0]),
            colorStops: colorStops,
            stops: stops,
            fillRule: object["r"]?.number == 2 ? .evenOdd : .nonZero
        )
    }

    private mutating func stroke(_ object: [String: LottieJSON], property: String) throws(LottieError) -> StrokeStyleItem {
        var dashes: [DashItem] = []
        if let list = object["d"]?.array {
            uses("dashes")
            for (index, entry) in list.enumerated() {
                guard let dash = entry.object else { throw error("a dash must be an object", property: "\(property).d[\(index)]") }
                let kind: DashItem.Kind
                switch dash["n"]?.string {
                case "o": kind = .offset
                case "g": kind = .gap
                default: kind = .dash
                }
                dashes.append(DashItem(kind: kind, value: try animated(dash["v"], property: "\(property).d[\(index)].v", fallback: [0])))
            }
        }
        let miter = try number(object["ml"], property: property + ".ml", default: 4)
        return StrokeStyleItem(
            color: colour(try animated(object["c"], property: property + ".c", fallback: [0, 0, 0, 1])),
            opacity: try animated(object["o"], property: property + ".o", fallback: [100]),
            width: try animated(object["w"], property: property + ".w", fallback: [1]),
            cap: [1.0: LineCap.butt, 2: .round, 3: .square][object["lc"]?.number ?? 2] ?? .round,
            join: [1.0: LineJoin.miter, 2: .round, 3: .bevel][object["lj"]?.number ?? 2] ?? .round,
            miterLimit: min(max(miter, 1), 100),
            dashes: dashes
        )
    }
}
