import CadenceAnimation
import CadenceDraw
import CadenceScript
import Foundation

/// Reads a Lottie document's JSON into the model, checking what it reads: every error names the
/// file, the layer and the property; what is read but not drawn becomes a warning, once per
/// feature per file.
struct LottieReader {
    let file: String
    let strict: Bool
    /// The layer being read, as messages name it.
    var layer: String?
    /// Features seen, in the order first seen, and those Cadence does not draw.
    var features: [String] = []
    var skipped: [String: (first: LottieError, others: Int)] = [:]
    var skippedOrder: [String] = []
    /// Precomposition assets by id, as indices into `precomps` (filled before layers are read).
    var precompIndex: [String: Int] = [:]
    /// Image assets by id, as indices into `images`.
    var imageIndex: [String: Int] = [:]
    /// Image assets whose file is not read (`refuses`): layers showing them draw nothing, with no
    /// warning of their own.
    var refusedImages: Set<String> = []
    /// Fonts by `fName`; glyphs by family, style and character (`glyphKey`), as indices into
    /// `glyphList`, read before the layers.
    var fonts: [String: (family: String, style: String, ascent: Double)] = [:]
    var glyphIndex: [String: Int] = [:]
    var glyphList: [LottieGlyph] = []

    /// Whether expressions are compiled and run (`--expressions on`, the default).
    var expressions = true
    /// The expressions read, in order, each with its track (to be probed), and those of the
    /// layer being read (placed when it is done).
    var expressionList: [(expression: LottieExpression, track: LottieProperty.Track)] = []
    var layerExpressions: [LottieExpression] = []
    /// Expressions on text documents set in fonts (sourceText), with their text, to be probed.
    var textExpressionList: [(expression: LottieExpression, content: LottieTextContent<FontTextDocument>)] = []
    /// The composition whose layers are being read: 0 the root, i + 1 precomposition i.
    var compositionNumber = 0

    /// The deepest nesting of shape groups, and of precompositions in precompositions.
    static let maximumNesting = 64
    /// The largest composition or image asset side (a canvas or a picture the size of it is made).
    static let maximumSide = 16384.0
    /// The largest layer width or height kept (`layerSide`): far beyond any frame, still exact in a `Float`.
    static let maximumLayerSide = 1_000_000.0
    /// The latest frame number a file may use (in- and out-points, keyframe times).
    static let maximumFrame = 1e9

    init(file: String, strict: Bool) {
        self.file = file
        self.strict = strict
    }

    func error(_ message: String, property: String? = nil) -> LottieError {
        LottieError(file: file, layer: layer, property: property, message: message)
    }

    /// Notes that the file uses `feature`.
    mutating func uses(_ feature: String) {
        if !features.contains(feature) { features.append(feature) }
    }

    /// Notes that `feature` is used but not drawn: a warning (an error when strict), once per
    /// feature (or per `key`, when given), naming the first layer that uses it.
    mutating func skips(_ feature: String, _ message: String, property: String? = nil, key: String? = nil) throws(LottieError) {
        uses(feature)
        var problem = error(message, property: property)
        problem.feature = feature
        if strict { throw LottieError(file: file, layer: layer, property: property, message: message + " (--strict)") }
        let key = key ?? feature
        if let seen = skipped[key] {
            skipped[key] = (seen.first, seen.others + (seen.first.layer == layer ? 0 : 1))
        } else {
            skipped[key] = (problem, 0)
            skippedOrder.append(key)
        }
    }

    /// Notes an image asset whose file is not read (`reason` says why, after the asset and its
    /// `path`): a warning for each asset (an error when strict); layers showing it draw nothing.
    mutating func refuses(image id: String, path: String, because reason: String, feature: String, property: String) throws(LottieError) {
        refusedImages.insert(id)
        // A path is named whole unless it is absurdly long.
        let shown = path.count > 300 ? String(path.prefix(300)) + "…" : path
        let message = "image asset \"\(id)\", \"\(shown)\", \(reason): not read, layers showing it draw nothing"
        try skips(feature, message, property: property, key: feature + "\u{0}" + id)
    }

    /// The warnings, each feature once: the first place it is used, and how many other layers use it.
    var warnings: [LottieError] {
        skippedOrder.compactMap { key in
            guard let (storedFirst, others) = skipped[key] else { return nil }
            var first = storedFirst
            if others > 0 { first.message += " (and \(others) more layer\(others == 1 ? "" : "s"))" }
            return first
        }
    }

    // MARK: Numbers and properties

    func number(_ value: LottieJSON?, property: String, default fallback: Double? = nil) throws(LottieError) -> Double {
        guard let value else {
            if let fallback { return fallback }
            throw error("missing", property: property)
        }
        // Old exports wrap scalars in a one-element array.
        let number = value.number ?? (value.array?.count == 1 ? value.array?[0].number : nil)
        guard let number else { throw error("must be a number", property: property) }
        guard number.isFinite else { throw error("must be finite, got \(number)", property: property) }
        return number
    }

    func frame(_ value: LottieJSON?, property: String, default fallback: Double? = nil) throws(LottieError) -> Double {
        let frame = try number(value, property: property, default: fallback)
        guard abs(frame) <= Self.maximumFrame else {
            throw error("\(frame) is out of range: frames must be within ±10⁹", property: property)
        }
        return frame
    }

    /// A property's value: `{"a": 0, "k": value}` or `{"a": 1, "k": [keyframes]}` (`a` is not
    /// trusted: keyframes are recognised by their `t`). `dimensions` is how many numbers a
    /// value needs at least (missing ones are taken from `fallback`). Keyframes with spatial
    /// tangents (`to`, `ti`) move along their curve, whichever property they are on: After Effects
    /// writes them for positions, anchors and gradient points, and lottie-web honours them on
    /// any vector.
    mutating func animated(
        _ value: LottieJSON?, property: String, fallback: [Double]
    ) throws(LottieError) -> AnimatedNumbers {
        guard let value else { return AnimatedNumbers(fallback) }
        guard let object = value.object else {
            // A bare value where a property belongs: read it as a static one.
            return AnimatedNumbers(try values(value, property: property, fallback: fallback))
        }
        let expression = try self.expression(object["x"], property: property)
        guard let k = object["k"] else {
            var track = AnimatedNumbers(fallback)
            if let expression {
                track.expression = expression
                expressionList.append((expression, .numbers(track)))
            }
            return track
        }
        var track: AnimatedNumbers
        if let list = k.array, let first = list.first, first.object?["t"] != nil {
            track = try keyframes(list, property: property, fallback: fallback)
        } else {
            track = AnimatedNumbers(try values(k, property: property + ".k", fallback: fallback))
        }
        if let expression {
            track.expression = expression
            expressionList.append((expression, .numbers(track)))
        }
        return track
    }

    /// A property's expression (`x`), compiled: nil when there is none, when expressions are off
    /// (a warning says the keyframed value is used), or when it is not a script Cadence reads
    /// (a warning naming the layer, the property and why).
    mutating func expression(_ value: LottieJSON?, property: String) throws(LottieError) -> LottieExpression? {
        guard let source = value?.string else { return nil }
        guard expressions else {
            try skips("expressions", "expressions are off (--expressions off); the keyframed value is used", property: property)
            return nil
        }
        uses("expressions")
        do {
            let expression = LottieExpression(program: try ScriptProgram(source: source), layerName: layer ?? "the composition", property: property)
            layerExpressions.append(expression)
            return expression
        } catch {
            try skips(
                "expressions", "the expression is not evaluated (\(error)); the keyframed value is used", property: property,
                key: "expression\u{0}\(layer ?? "")\u{0}\(property)"
            )
            return nil
        }
    }

    /// A fill's or stroke's colour track in 0 … 1: a file that writes its colours in 0 … 255 (any
    /// red, green or blue of any key above 1) is scaled once here, so that an eased value that
    /// overshoots 1 between keys is clamped when drawn rather than taken for a 0 … 255 colour.
    func colour(_ track: AnimatedNumbers) -> AnimatedNumbers {
        func large(_ values: [Double]) -> Bool { values.prefix(3).contains { $0 > 1 } }
        guard large(track.initial) || track.keyframes.contains(where: { large($0.start) || large($0.end) }) else { return track }
        func scaled(_ values: [Double]) -> [Double] { values.enumerated().map { $0.offset < 3 ? $0.element / 255 : $0.element } }
        var result = track
        result.initial = scaled(track.initial)
        for index in result.keyframes.indices {
            result.keyframes[index].start = scaled(track.keyframes[index].start)
            result.keyframes[index].end = scaled(track.keyframes[index].end)
        }
        return result
    }

    /// Numbers, completed from `fallback` where the file gives fewer.
    func values(_ value: LottieJSON, property: String, fallback: [Double]) throws(LottieError) -> [Double] {
        guard var numbers = value.numbers else { throw error("must be a number or a list of numbers", property: property) }
        if let bad = numbers.first(where: { !$0.isFinite }) { throw error("must be finite, got \(bad)", property: property) }
        if numbers.count < fallback.count { numbers += fallback[numbers.count...] }
        return numbers
    }

    private mutating func keyframes(
        _ list: [LottieJSON], property: String, fallback: [Double]
    ) throws(LottieError) -> AnimatedNumbers {
        var result: [NumberKeyframe] = []
        result.reserveCapacity(list.count)
        /// Each keyframe's spatial tangents (`to`, `ti`), made into its path once its end is known.
        var tangents: [(out: SIMD2<Double>, in: SIMD2<Double>)?] = []
        var previousEnd: [Double]?
        var previousTime = -Double.infinity
        for (index, entry) in list.enumerated() {
            let place = "\(property).k[\(index)]"
            guard let object = entry.object else { throw error("a keyframe must be an object", property: place) }
            var time = try frame(object["t"], property: place + ".t")
            // Keyframes out of order are held at the previous time rather than searched wrongly.
            time = max(time, previousTime)
            previousTime = time
            let start: [Double]
            if let s = object["s"] {
                start = try values(s, property: place + ".s", fallback: fallback)
            } else if let previousEnd {
                start = previousEnd
            } else {
                throw error("the first keyframe has no value (s)", property: place)
            }
            let explicitEnd = try object["e"].map { value throws(LottieError) in try values(value, property: place + ".e", fallback: fallback) }
            let hold = (object["h"]?.number ?? 0) != 0
            let easing = hold ? KeyframeEasing.hold : .curves(try curves(object, property: place, dimensions: start.count))
            var spatial: (out: SIMD2<Double>, in: SIMD2<Double>)?
            if let to = object["to"]?.numbers, let ti = object["ti"]?.numbers, to.count >= 2, ti.count >= 2,
               to.allSatisfy(\.isFinite), ti.allSatisfy(\.isFinite), to[0] != 0 || to[1] != 0 || ti[0] != 0 || ti[1] != 0 {
                uses("spatial tangents")
                spatial = (SIMD2(to[0], to[1]), SIMD2(ti[0], ti[1]))
            }
            if !result.isEmpty {
                // The previous keyframe ends here, at this one's start unless it said its end.
                result[result.count - 1].endTime = time
                if result[result.count - 1].end.isEmpty { result[result.count - 1].end = start }
            }
            // A last keyframe without `s` (old exports) only marks where the one before ends.
            if object["s"] == nil && index == list.count - 1 && !result.isEmpty { break }
            result.append(NumberKeyframe(time: time, endTime: time, start: start, end: explicitEnd ?? [], easing: easing))
            tangents.append(spatial)
            previousEnd = explicitEnd ?? start
        }
        guard !result.isEmpty else { throw error("has no keyframes", property: property) }
        for index in result.indices {
            if result[index].end.isEmpty { result[index].end = result[index].start }
            let keyframe = result[index]
            if let spatial = tangents[index], keyframe.start.count >= 2, keyframe.end.count >= 2 {
                let start = SIMD2(keyframe.start[0], keyframe.start[1]), end = SIMD2(keyframe.end[0], keyframe.end[1])
                result[index].path = .spatial(SpatialCurve(from: start, to: end, outTangent: spatial.out, inTangent: spatial.in))
            }
        }
        return AnimatedNumbers(initial: result[0].start, keyframes: result)
    }

    /// The timing curves of a keyframe: its out handle `o` and the next value's in handle `i`,
    /// each with `x` and `y` given per dimension or once for all. Linear when missing.
    private func curves(_ object: [String: LottieJSON], property: String, dimensions: Int) throws(LottieError) -> [CubicBezier] {
        guard let o = object["o"]?.object, let i = object["i"]?.object else { return [] }
        guard let ox = o["x"]?.numbers, let oy = o["y"]?.numbers, let ix = i["x"]?.numbers, let iy = i["y"]?.numbers,
              !ox.isEmpty, !oy.isEmpty, !ix.isEmpty, !iy.isEmpty else {
            throw error("easing handles o and i need x and y numbers", property: property)
        }
        let count = max(1, min(max(ox.count, oy.count, ix.count, iy.count), max(dimensions, 1)))
        var curves: [CubicBezier] = []
        for dimension in 0..<count {
            func pick(_ values: [Double]) -> Double { values[min(dimension, values.count - 1)] }
            let (x1, y1, x2, y2) = (pick(ox), pick(oy), pick(ix), pick(iy))
            guard x1.isFinite, y1.isFinite, x2.isFinite, y2.isFinite else {
                throw error("easing handles must be finite", property: property)
            }
            // After Effects keeps x within 0 ... 1; files written by hand may not.
            do {
                curves.append(try CubicBezier(x1: min(max(x1, 0), 1), y1: y1, x2: min(max(x2, 0), 1), y2: y2))
            } catch {
                throw self.error("easing handles are not a timing curve: \(error)", property: property)
            }
        }
        return curves
    }

    /// A path property (`ks` of a path, `pt` of a mask).
    mutating func animatedShape(_ value: LottieJSON?, property: String) throws(LottieError) -> AnimatedShape {
        guard let object = value?.object else { throw error("missing or not an object", property: property) }
        let expression = try self.expression(object["x"], property: property)
        var track = try keyframedShape(object, property: property)
        if let expression {
            track.expression = expression
            expressionList.append((expression, .path(track)))
        }
        return track
    }

    private mutating func keyframedShape(_ object: [String: LottieJSON], property: String) throws(LottieError) -> AnimatedShape {
        guard let k = object["k"] else { throw error("missing", property: property + ".k") }
        if let list = k.array, let first = list.first, first.object?["t"] != nil {
            var result: [ShapeKeyframe] = []
            var previousEnd: BezierShape?
            var previousTime = -Double.infinity
            for (index, entry) in list.enumerated() {
                let place = "\(property).k[\(index)]"
                guard let keyframe = entry.object else { throw error("a keyframe must be an object", property: place) }
                let time = max(try frame(keyframe["t"], property: place + ".t"), previousTime)
                previousTime = time
                let start: BezierShape
                if let s = keyframe["s"] {
                    start = try bezier(s, property: place + ".s")
                } else if let previousEnd {
                    start = previousEnd
                } else {
                    throw error("the first keyframe has no value (s)", property: place)
                }
                let end = try keyframe["e"].map { value throws(LottieError) in try bezier(value, property: place + ".e") }
                let hold = (keyframe["h"]?.number ?? 0) != 0
                let easing = hold ? KeyframeEasing.hold : .curves(try curves(keyframe, property: place, dimensions: 1))
                if !result.isEmpty {
                    result[result.count - 1].endTime = time
                    if result[result.count - 1].end == .empty { result[result.count - 1].end = start }
                }
                if keyframe["s"] == nil && index == list.count - 1 && !result.isEmpty { break }
                result.append(ShapeKeyframe(time: time, endTime: time, start: start, end: end ?? .empty, easing: easing))
                previousEnd = end ?? start
            }
            guard !result.isEmpty else { throw error("has no keyframes", property: property) }
            for index in result.indices where result[index].end == .empty { result[index].end = result[index].start }
            return AnimatedShape(initial: result[0].start, keyframes: result)
        }
        return AnimatedShape(initial: try bezier(k, property: property + ".k"), keyframes: [])
    }

    /// `{"c": closed, "v": [[x, y]…], "i": […], "o": […]}`, or that object alone in an array.
    func bezier(_ value: LottieJSON, property: String) throws(LottieError) -> BezierShape {
        var value = value
        if let list = value.array, list.count == 1 { value = list[0] }
        guard let object = value.object else { throw error("a path must be an object with v, i and o", property: property) }
        func points(_ key: String) throws(LottieError) -> [SIMD2<Double>] {
            guard let list = object[key]?.array else {
                if key == "v" { throw error("missing", property: property + ".v") }
                return []
            }
            var points: [SIMD2<Double>] = []
            points.reserveCapacity(list.count)
            for (index, entry) in list.enumerated() {
                guard let pair = entry.numbers, pair.count >= 2, pair[0].isFinite, pair[1].isFinite else {
                    throw error("must be a list of [x, y] pairs of finite numbers (entry \(index) is not)", property: "\(property).\(key)")
                }
                points.append(SIMD2(pair[0], pair[1]))
            }
            return points
        }
        let vertices = try points("v")
        var ins = try points("i"), outs = try points("o")
        // Missing tangents are straight corners.
        if ins.count < vertices.count { ins += Array(repeating: .zero, count: vertices.count - ins.count) }
        if outs.count < vertices.count { outs += Array(repeating: .zero, count: vertices.count - outs.count) }
        return BezierShape(
            vertices: vertices, inTangents: Array(ins.prefix(vertices.count)), outTangents: Array(outs.prefix(vertices.count)),
            closed: (object["c"]?.number ?? 0) != 0
        )
    }

    /// A transform object (`ks` of a layer, `tr` of a group, `tr` of a repeater).
    mutating func transform(_ value: LottieJSON?, property: String) throws(LottieError) -> LottieTransform {
        var transform = LottieTransform()
        guard let object = value?.object else { return transform }
        transform.anchor = try animated(object["a"], property: property + ".a", fallback: [0, 0])
        if let p = object["p"]?.object, (p["s"]?.number ?? 0) != 0 {
            uses("separate position")
            transform.position = nil
            transform.positionX = try animated(p["x"], property: property + ".p.x", fallback: [0])
            transform.positionY = try animated(p["y"], property: property + ".p.y", fallback: [0])
        } else {
            transform.position = try animated(object["p"], property: property + ".p", fallback: [0, 0])
        }
        transform.scale = try animated(object["s"], property: property + ".s", fallback: [100, 100])
        transform.rotation = try animated(object["r"] ?? object["rz"], property: property + ".r", fallback: [0])
        transform.opacity = try animated(object["o"], property: property + ".o", fallback: [100])
        transform.skew = try animated(object["sk"], property: property + ".sk", fallback: [0])
        transform.skewAxis = try animated(object["sa"], property: property + ".sa", fallback: [0])
        func turned(_ rotation: AnimatedNumbers) -> Bool { rotation.isAnimated || rotation.initial.contains { $0 != 0 } }
        if object["rx"] != nil || object["ry"] != nil {
            let x = try animated(object["rx"], property: property + ".rx", fallback: [0])
            let y = try animated(object["ry"], property: property + ".ry", fallback: [0])
            if turned(x) || turned(y) {
                uses("3-D rotation")
                transform.rotationX = x
                transform.rotationY = y
            }
        }
        if object["or"] != nil {
            let orientation = try animated(object["or"], property: property + ".or", fallback: [0, 0, 0])
            if turned(orientation) {
                uses("3-D orientation")
                transform.orientation = orientation
            }
        }
        return transform
    }
}
