import CadenceAnimation
import CadenceDraw
import CadenceScript
import Synchronization

/// One property's expression (`x`), compiled once when the file is read and run at every frame
/// the property is read: its track's `value(at:)` asks it. A pure function of the frame: the
/// same file gives the same values on any thread, in any order, at any frame rate.
///
/// When it cannot give a value (it throws, runs past its budget, reads itself, or gives a value
/// of the wrong type) the keyframed value is used; `LottieAnimation.warnings` names the layer and
/// property of each that failed when the file was read and probed.
final class LottieExpression: KeyframeExpression, @unchecked Sendable {
    let program: ScriptProgram
    /// The layer's name and the property's place in the file (`ks.p`), for messages.
    let layerName: String
    let property: String
    /// Seeds `random` and `wiggle`: from the layer and the property, so each property has its own.
    let seed: UInt64

    // Set once, while the file is read, before the animation is handed out; read only after.
    /// Where the layer is: its composition (0 the root, i + 1 precomposition i) and position there.
    var composition = 0
    var position = 0
    /// The file's expressions, compositions and layers (held by `LottieAnimation`; weak, as the
    /// scope holds the tracks that hold this).
    weak var scope: LottieExpressionScope?
    /// Set when probing found it cannot run within its budget: then it is not run again.
    var disabled = false
    /// The property's place in its layer's node (child indices), for `thisProperty` and its
    /// `propertyGroup(n)`.
    var nodePath: [Int] = []

    init(program: ScriptProgram, layerName: String, property: String) {
        self.program = program
        self.layerName = layerName
        self.property = property
        seed = LottieExpression.hash(layerName + "\u{0}" + property)
    }

    /// A seed from a string, the same on every machine.
    static func hash(_ text: String) -> UInt64 {
        FNV1a.hash(text.utf8)
    }

    // MARK: KeyframeExpression

    func value<Value: KeyframeValue>(at time: Double, of track: KeyframeTrack<Value>) -> Value {
        // The two kinds of track an expression is put on, told apart without a dynamic cast.
        if Value.self == [Double].self {
            let numbersTrack = unsafeBitCast(track, to: AnimatedNumbers.self)
            return unsafeBitCast((try? numbers(at: time, of: numbersTrack, nestedIn: nil)) ?? numbersTrack.keyframedValue(at: time), to: Value.self)
        }
        if Value.self == BezierShape.self {
            let shapeTrack = unsafeBitCast(track, to: AnimatedShape.self)
            return unsafeBitCast((try? shape(at: time, of: shapeTrack, nestedIn: nil)) ?? shapeTrack.keyframedValue(at: time), to: Value.self)
        }
        return track.keyframedValue(at: time)
    }

    // MARK: Evaluation

    /// The value of a numbers property at `frame` (its composition's frame). Errors are thrown
    /// only to `probe`; drawing gets the keyframed value instead.
    func numbers(at frame: Double, of track: AnimatedNumbers, nestedIn outer: ScriptRun?, throwing: Bool = false) throws(ScriptError) -> [Double] {
        let result = try compute(at: frame, track: .numbers(track), nestedIn: outer, throwing: throwing) { run, value throws(ScriptError) in
            .numbers(try LottieExpressionValues.numbers(from: value, like: track.keyframedValue(at: frame), run: run))
        }
        if case .numbers(let numbers) = result { return numbers }
        return track.keyframedValue(at: frame)
    }

    /// The value of a path property at `frame`.
    func shape(at frame: Double, of track: AnimatedShape, nestedIn outer: ScriptRun?, throwing: Bool = false) throws(ScriptError) -> BezierShape {
        let result = try compute(at: frame, track: .path(track), nestedIn: outer, throwing: throwing) { run, value throws(ScriptError) in
            .path(try LottieExpressionValues.shape(from: value, run: run))
        }
        if case .path(let shape) = result { return shape }
        return track.keyframedValue(at: frame)
    }

    enum Input: Sendable {
        case numbers([Double])
        case path(BezierShape)
        case text(String)
    }

    /// The text of a document set in fonts at `frame` (`sourceText`): `keyframed` is the
    /// document's own; `changes` says whether it changes with time (several documents).
    func text(at frame: Double, keyframed: String, changes: Bool, nestedIn outer: ScriptRun?, throwing: Bool = false) throws(ScriptError) -> String {
        // A text expression's track stands in for the property tree's (text is not in it).
        let result = try compute(
            at: frame, track: .numbers(AnimatedNumbers([0])), keyframed: .text(keyframed), valueChanges: changes, nestedIn: outer, throwing: throwing
        ) { run, value throws(ScriptError) in
            switch try ScriptOperators.resolve(value, run) {
            case .undefined, .null: throw .runtime("gives no text ($bm_rt is undefined)")
            case .string(let text): return .text(text)
            case let other: return .text(other.string)
            }
        }
        if case .text(let text) = result { return text }
        return keyframed
    }

    /// The value when it depends on nothing that changes with time (found by running it once:
    /// it read no time, no animated property, no randomness, and hit no cycle); then it is not
    /// run again. Set once, by whichever thread runs it first: every run gives the same value.
    private let constant = Mutex<Input?>(nil)

    private func compute(
        at frame: Double, track: LottieProperty.Track, keyframed given: Input? = nil, valueChanges: Bool = false, nestedIn outer: ScriptRun?,
        throwing: Bool, convert: (ScriptRun, ScriptValue) throws(ScriptError) -> Input
    ) throws(ScriptError) -> Input {
        if let constant = constant.withLock({ $0 }) { return constant }
        let memo = LottieFrameMemo.current
        let key = LottieFrameMemo.Key(expression: ObjectIdentifier(self), frame: frame)
        if let known = memo?.values[key] {
            outer?.dependsOnTime = true
            return known
        }
        let keyframed: Input = given ?? {
            switch track {
            case .numbers(let numbers): .numbers(numbers.keyframedValue(at: frame))
            case .path(let shape): .path(shape.keyframedValue(at: frame))
            case .split(let x, let y): .numbers([x.keyframedValue(at: frame).first ?? 0, y.keyframedValue(at: frame).first ?? 0])
            }
        }()
        var result = keyframed
        do {
            let evaluated = try evaluate(at: frame, value: keyframed, track: track, valueChanges: valueChanges, nestedIn: outer, convert: convert)
            result = evaluated.value
            if !evaluated.dependsOnTime { constant.withLock { $0 = result } }
        } catch {
            outer?.dependsOnTime = true
            if throwing { throw error }
        }
        memo?.values[key] = result
        return result
    }

    /// Runs the program and converts its result (which may read more: a property object stands
    /// for its value) within the run, so that whether it depends on time counts everything read.
    private func evaluate(
        at frame: Double, value: Input, track: LottieProperty.Track, valueChanges: Bool = false, nestedIn outer: ScriptRun?,
        convert: (ScriptRun, ScriptValue) throws(ScriptError) -> Input
    ) throws(ScriptError) -> (value: Input, dependsOnTime: Bool) {
        guard !disabled else { throw .runtime("not run: it ran past its budget when the file was read") }
        guard let scope else { throw .runtime("the animation it belongs to is gone") }
        let environment = LottieExpressionEnvironment(expression: self, scope: scope, frame: frame, value: value, track: track)
        environment.valueChanges = valueChanges
        let id = ObjectIdentifier(self)
        if let outer {
            guard !outer.evaluating.contains(id) else {
                throw .runtime("reads its own value (a cycle through another expression)")
            }
            outer.evaluating.insert(id)
            let savedRandom = outer.random, savedDependence = outer.dependsOnTime
            outer.dependsOnTime = false
            defer {
                outer.evaluating.remove(id)
                outer.random = savedRandom
            }
            outer.random = environment.random(seed: nil)
            do {
                let value = try convert(outer, try program.run(nestedIn: outer, environment: environment, result: "$bm_rt"))
                let dependent = outer.dependsOnTime
                outer.dependsOnTime = savedDependence || dependent
                return (value, dependent)
            } catch {
                outer.dependsOnTime = true
                throw error
            }
        }
        let run = ScriptRun(environment: environment, budget: scope.budget)
        run.evaluating.insert(id)
        run.random = environment.random(seed: nil)
        let value = try convert(run, try program.run(in: run, result: "$bm_rt"))
        return (value, run.dependsOnTime)
    }
}

/// A file's expressions and what they can address: each composition's layers and their property
/// nodes. Built once when the file is read; then only read, from any thread.
final class LottieExpressionScope: @unchecked Sendable {
    struct CompositionInfo {
        var name: String
        var width: Double
        var height: Double
        var layers: [LottieLayer]
        var parents: [Int?]
        var nodes: [LottiePropertyNode]
    }

    let frameRate: Double
    let budget: ScriptBudget
    /// 0 the root, i + 1 precomposition i.
    var compositions: [CompositionInfo] = []
    /// The root composition's markers and length in seconds (`thisComp.marker`, `duration`).
    var markers: [LottieMarker] = []
    var duration = 0.0
    /// While the file is read and its expressions probed (one thread): what nested reads found
    /// wrong (a cycle), for the warnings. Never written once the animation is handed out.
    var probing = false
    var notes: [String] = []

    init(frameRate: Double, budget: ScriptBudget) {
        self.frameRate = frameRate
        self.budget = budget
    }

    /// Fills the scope from the animation just read, gives every expression its scope, and tries
    /// each at the first, middle and last frames: each that fails becomes a warning naming its
    /// layer and property (an error when strict); one that runs past its budget is not run again.
    func build(
        _ animation: LottieAnimation, expressions: [(expression: LottieExpression, track: LottieProperty.Track)],
        texts: [(expression: LottieExpression, content: LottieTextContent<FontTextDocument>)] = [], reader: inout LottieReader
    ) throws(LottieError) {
        var builder = PropertyTreeBuilder(animation: animation)
        markers = animation.markers
        duration = animation.duration
        var sizes: [Int: (Double, Double)] = [:]
        for composition in [animation.root] + animation.precomps {
            for layer in composition.layers {
                if case .precomposition(let index, let width, let height, _) = layer.content, sizes[index] == nil { sizes[index] = (width, height) }
            }
        }
        compositions = [CompositionInfo(
            name: animation.name, width: animation.size.width, height: animation.size.height, layers: animation.root.layers,
            parents: animation.root.parents, nodes: builder.layers(of: animation.root, depth: 0)
        )]
        for (index, precomp) in animation.precomps.enumerated() {
            let size = sizes[index] ?? (animation.size.width, animation.size.height)
            compositions.append(CompositionInfo(
                name: "precomposition \(index + 1)", width: size.0, height: size.1, layers: precomp.layers, parents: precomp.parents,
                nodes: builder.layers(of: precomp, depth: 1)
            ))
        }
        for (expression, _) in expressions { expression.scope = self }
        for (expression, _) in texts { expression.scope = self }
        // Each expression's place in its layer's node.
        func walk(_ node: LottiePropertyNode, _ path: [Int]) {
            if let property = node.property {
                property.expression?.nodePath = path
                return
            }
            for (index, child) in node.children.enumerated() where child.kind != .layer { walk(child, path + [index]) }
        }
        for composition in compositions {
            for node in composition.nodes { walk(node, []) }
        }
        // Expressions of layers left out (cameras) have no place: never run.
        for (expression, _) in expressions where !compositions.indices.contains(expression.composition)
            || !compositions[expression.composition].layers.indices.contains(expression.position) {
            expression.disabled = true
        }
        probing = true
        defer { probing = false }
        let frames = [animation.inPoint, ((animation.inPoint + animation.outPoint) / 2).rounded(.down), animation.outPoint - 1]
        var reported: Set<ObjectIdentifier> = []
        let outer = reader.layer
        defer { reader.layer = outer }
        typealias Probe = (expression: LottieExpression, run: (Double) throws(ScriptError) -> Void)
        let probes: [Probe] = expressions.map { expression, track in
            (expression, { frame throws(ScriptError) in
                switch track {
                case .numbers(let numbers): _ = try expression.numbers(at: frame, of: numbers, nestedIn: nil, throwing: true)
                case .path(let shape): _ = try expression.shape(at: frame, of: shape, nestedIn: nil, throwing: true)
                case .split: break
                }
            })
        } + texts.map { expression, content in
            (expression, { frame throws(ScriptError) in _ = try content.evaluatedDocument(at: frame, nestedIn: nil, throwing: true) })
        }
        for (expression, probe) in probes where !expression.disabled {
            for frame in frames {
                notes = []
                var failure: ScriptError?
                do {
                    try probe(frame)
                } catch {
                    failure = error
                }
                if failure == nil, let cycle = notes.first {
                    // A cycle resolved as lottie-web resolves it (rigs such as RubberHose have them):
                    // one note for the file, not a failure.
                    reader.layer = expression.layerName
                    try reader.skips(
                        "expression cycles",
                        "the expression on \(expression.property) \(cycle); it reads as its keyframed value there, as lottie-web gives a property it is still evaluating",
                        property: expression.property
                    )
                }
                guard let problem = failure?.description, !reported.contains(ObjectIdentifier(expression)) else { continue }
                reported.insert(ObjectIdentifier(expression))
                reader.layer = expression.layerName
                if case .budget? = failure {
                    expression.disabled = true
                    try reader.skips(
                        "expressions", "the expression \(problem) at frame \(reader.number(frame)): it is not run, the keyframed value is used",
                        property: expression.property, key: "expression\u{0}\(expression.layerName)\u{0}\(expression.property)"
                    )
                } else {
                    try reader.skips(
                        "expressions", "the expression fails at frame \(reader.number(frame)): \(problem); the keyframed value is used where it fails",
                        property: expression.property, key: "expression\u{0}\(expression.layerName)\u{0}\(expression.property)"
                    )
                }
            }
        }
    }
}

/// The values expressions gave while one frame is drawn: each expression runs at most once for a
/// frame, as lottie-web runs each once a frame, and later reads (drawing reads a property more
/// than once; expressions read each other) take its value. Made by `draw(atFrame:…)` for the
/// call, read through a task-local, so one drawing never sees another's: the same frame draws
/// the same bytes whatever else runs, on any thread.
final class LottieFrameMemo: @unchecked Sendable {
    struct Key: Hashable {
        let expression: ObjectIdentifier
        let frame: Double
    }

    @TaskLocal static var current: LottieFrameMemo?
    var values: [Key: LottieExpression.Input] = [:]
}
