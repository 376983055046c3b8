import CadenceDraw
import CadenceFiles
import CadenceLayers
import CadenceScript
import Foundation

/// A Lottie animation (the JSON that After Effects exports through Bodymovin), read and checked
/// once; what it shows at any frame is computed by `draw(atFrame:transform:pixelScale:into:)`.
///
/// ```swift
/// let animation = try LottieAnimation(contentsOf: "confetti.json")
/// let scene = Scene(lottie: animation)      // w×h, transparent, (op − ip) / fr seconds long
/// ```
///
/// Time: composition frame `ip + t · fr` is shown at `t` seconds, so any frame rate samples the
/// same motion. What Cadence does not draw is listed in `warnings`, once per feature.
public struct LottieAnimation: Sendable {
    /// The composition's name (`nm`), or the file's name.
    public let name: String
    /// The file it was read from, as it was named to the reader.
    public let file: String
    /// The Bodymovin version that wrote the file (`v`).
    public let version: String
    /// The composition's size (`w`, `h`).
    public let size: Size
    /// Frames per second (`fr`).
    public let frameRate: Double
    /// The first frame (`ip`) and the frame after the last (`op`).
    public let inPoint: Double
    public let outPoint: Double
    /// Named ranges of frames (`markers`).
    public let markers: [LottieMarker]
    /// The features the file uses, in the order first read (`"shape layers"`, `"trim paths"`, …).
    public private(set) var features: [String]
    /// What the file uses that Cadence does not draw, once per feature, naming the first layer.
    public private(set) var warnings: [LottieError]
    /// The layers of the file's top level, top first: name, type and index, for listings.
    public let layerSummaries: [LottieLayerSummary]
    /// The slots the file has (its `slots`, and every `sid` a property names), sorted.
    public let slotIDs: [String]

    let root: Composition
    let precomps: [Composition]
    let images: [ImageAsset]
    /// The glyphs text layers are drawn with (`chars`).
    let glyphs: [LottieGlyph]
    /// The font files the file carries for its text (`fonts.list[].fPath`: a `data:` URI, a file
    /// beside it, or a dotLottie's `f/` entry), registered with the text engine when drawn.
    public let embeddedFonts: [EmbeddedFont]
    /// What the file's expressions address (nil when it has none): held here, as each expression
    /// holds it weakly.
    let expressionScope: LottieExpressionScope?

    /// Every image the animation draws, by source (a `data:` URI or a path): what a scene
    /// prefetches.
    public var imageSources: [String] { images.map(\.source) }

    /// Seconds from `ip` to `op`.
    public var duration: Double { (outPoint - inPoint) / frameRate }

    /// The features read but not drawn (those `warnings` names), each once.
    public var skippedFeatures: [String] {
        var features: [String] = []
        for case let feature? in warnings.map(\.feature) where !features.contains(feature) { features.append(feature) }
        return features
    }

    /// The feature of the warnings about image assets whose file is not read because of where it
    /// is (outside the allowed folder, a URL): one warning per asset, naming it and its path.
    public static let refusedImagesFeature = "refused image assets"
    /// The feature of the warnings about image assets a dotLottie archive lacks.
    public static let missingImagesFeature = "missing image assets"

    /// The warnings about image assets left out for where their files are (`refusedImagesFeature`).
    public var refusedImages: [LottieError] { warnings.filter { $0.feature == Self.refusedImagesFeature } }

    /// The most bytes a Lottie file may have.
    public static let maximumFileSize = JSONValue.maximumDocumentSize

    /// The composition frame shown at `time` seconds: `ip + time · fr`, snapped to a whole frame
    /// when within 10⁻⁹ of one, so `--frames N..N` at the file's own rate is frame `ip + N`
    /// exactly.
    public func frame(atTime time: Double) -> Double {
        let frame = inPoint + time * frameRate
        let whole = frame.rounded()
        return abs(frame - whole) < 1e-9 ? whole : frame
    }

    /// Reads the Lottie file at `path` (JSON). `strict` makes every feature Cadence does not
    /// draw an error. Image files are read from inside the file's own folder, or from anywhere
    /// inside `assetRoot` when given (`LottieAssets`); others are left out with a warning.
    public init(
        contentsOf path: String, strict: Bool = false, assetRoot: String? = nil, expressions: Bool = true, slots: LottieSlots = LottieSlots()
    ) throws(LottieError) {
        let data: Data
        do throws(FileProblem) {
            data = try FilePaths.read(path, limit: Self.maximumFileSize)
        } catch {
            throw LottieError(file: path, message: error.reason)
        }
        try self.init(
            data: data, file: path, strict: strict, assets: assetRoot.map(LottieAssets.folder) ?? .besideFile, expressions: expressions, slots: slots
        )
    }

    /// Reads Lottie JSON; `file` names it in messages and is where image files are found from;
    /// `assets` says where they may be (`LottieAssets`: by default, inside `file`'s folder).
    public init(
        data: Data, file: String, strict: Bool = false, assets: LottieAssets = .besideFile, expressions: Bool = true, slots: LottieSlots = LottieSlots()
    ) throws(LottieError) {
        let json: LottieJSON
        do {
            json = try JSONValue.parse(data)
        } catch {
            throw LottieError(file: file, message: error.message)
        }
        guard let object = json.object else { throw LottieError(file: file, message: "the top level must be a JSON object") }
        try self.init(object: object, file: file, strict: strict, assets: assets, expressions: expressions, slots: slots)
    }

    /// The animation `data` holds, or nil when it is not a Lottie document (not JSON, or a JSON
    /// object without the keys `isLottie` looks for): one parse serves the check and the read.
    public static func ifLottie(
        _ data: Data, file: String, strict: Bool = false, assets: LottieAssets = .besideFile, expressions: Bool = true,
        slots: LottieSlots = LottieSlots()
    ) throws(LottieError) -> LottieAnimation? {
        guard let object = (try? JSONValue.parse(data))?.object, documentKeys.allSatisfy({ object[$0] != nil }) else { return nil }
        return try LottieAnimation(object: object, file: file, strict: strict, assets: assets, expressions: expressions, slots: slots)
    }

    /// The top-level keys every Lottie document has.
    static let documentKeys = ["fr", "ip", "op", "w", "h", "layers"]

    private init(
        object document: [String: LottieJSON], file: String, strict: Bool, assets allowed: LottieAssets, expressions: Bool, slots: LottieSlots
    ) throws(LottieError) {
        // Slots first: a slotted property is read with its slot's value.
        let (object, slotIDs) = try slots.applied(to: document, file: file)
        self.slotIDs = slotIDs
        var reader = LottieReader(file: file, strict: strict)
        if !slotIDs.isEmpty { reader.uses("slots") }
        reader.expressions = expressions
        for key in Self.documentKeys where object[key] == nil {
            throw reader.error("missing \(key): a Lottie document has v, fr, ip, op, w, h and layers", property: key)
        }
        let frameRate = try reader.number(object["fr"], property: "fr")
        guard frameRate > 0, frameRate <= 1000 else {
            throw reader.error("the frame rate must be above 0 and at most 1000, got \(reader.number(frameRate))", property: "fr")
        }
        let inPoint = try reader.frame(object["ip"], property: "ip")
        let outPoint = try reader.frame(object["op"], property: "op")
        guard outPoint > inPoint else {
            throw reader.error("op (\(reader.number(outPoint))) must be after ip (\(reader.number(inPoint)))", property: "op")
        }
        let width = try reader.side(object["w"], property: "w")
        let height = try reader.side(object["h"], property: "h")
        guard width >= 1, height >= 1 else {
            throw reader.error("the composition must be at least 1×1, got \(reader.number(width))×\(reader.number(height))", property: "w")
        }
        guard width * height <= Double(1 << 26) else {
            throw reader.error("\(reader.number(width))×\(reader.number(height)) is more than \(1 << 26) pixels", property: "w")
        }

        // Precompositions first, so that layers can refer to them by id.
        var precompObjects: [(id: String, object: [String: LottieJSON])] = []
        var images: [ImageAsset] = []
        if let assets = object["assets"] {
            guard let list = assets.array else { throw reader.error("must be a list", property: "assets") }
            for (index, entry) in list.enumerated() {
                guard let asset = entry.object else { throw reader.error("an asset must be an object", property: "assets[\(index)]") }
                let id = asset["id"]?.string ?? asset["id"]?.number.map { reader.number($0) } ?? ""
                guard asset["layers"] != nil else {
                    // An image: embedded (a data URI) or a file beside the animation (`u` + `p`),
                    // read only from where `allowed` says.
                    guard let path = asset["p"]?.string else { continue }
                    let width = try reader.side(asset["w"], property: "assets[\(index)].w")
                    let height = try reader.side(asset["h"], property: "assets[\(index)].h")
                    let folder = asset["u"]?.string ?? ""
                    switch allowed.source(folder: folder, name: path, file: file) {
                    case .success(let source):
                        reader.refusedImages.remove(id)
                        reader.imageIndex[id] = images.count
                        images.append(ImageAsset(id: id, source: source, width: width, height: height))
                    case .failure(let refusal):
                        reader.imageIndex[id] = nil
                        try reader.refuses(image: id, path: folder + path, because: refusal.reason, feature: refusal.feature, property: "assets[\(index)].p")
                    }
                    continue
                }
                guard reader.precompIndex[id] == nil else {
                    throw reader.error("two precompositions have the id \"\(id)\"", property: "assets[\(index)].id")
                }
                reader.precompIndex[id] = precompObjects.count
                precompObjects.append((id, asset))
            }
        }
        let glyphs = try reader.glyphs(object)
        reader.glyphList = glyphs
        let embeddedFonts = try reader.embeddedFonts(object, allowed: allowed)
        var precomps: [Composition] = []
        for (number, (id, asset)) in precompObjects.enumerated() {
            reader.layer = nil
            reader.compositionNumber = number + 1
            let layers = try reader.layers(asset["layers"], property: "assets[\"\(id)\"].layers")
            precomps.append(try reader.composition(layers, name: "precomposition \"\(id)\""))
        }
        reader.layer = nil
        reader.compositionNumber = 0
        let rootLayers = try reader.layers(object["layers"], property: "layers")
        let root = try reader.composition(rootLayers, name: "the composition")
        try reader.checkNesting(root: root, precomps: precomps, ids: precompObjects.map(\.id))
        try reader.checkFanOut(root: root, precomps: precomps, ids: precompObjects.map(\.id))

        var markers: [LottieMarker] = []
        for (index, entry) in (object["markers"]?.array ?? []).enumerated() {
            guard let marker = entry.object else { continue }
            let start = try reader.frame(marker["tm"], property: "markers[\(index)].tm")
            let length = try reader.frame(marker["dr"], property: "markers[\(index)].dr", default: 0)
            markers.append(LottieMarker(name: marker["cm"]?.string ?? "", frame: start, duration: max(length, 0)))
        }
        if !markers.isEmpty { reader.uses("markers") }

        self.name = object["nm"]?.string ?? URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        self.file = file
        self.version = object["v"]?.string ?? ""
        self.size = Size(width: width, height: height)
        self.frameRate = frameRate
        self.inPoint = inPoint
        self.outPoint = outPoint
        self.markers = markers
        self.root = root
        self.precomps = precomps
        self.images = images
        self.glyphs = glyphs
        self.embeddedFonts = embeddedFonts
        self.expressionScope = reader.expressionList.isEmpty && reader.textExpressionList.isEmpty
            ? nil : LottieExpressionScope(frameRate: frameRate, budget: ScriptBudget())
        self.features = reader.features
        self.warnings = reader.warnings
        self.layerSummaries = rootLayers.map(LottieLayerSummary.init)
        if let expressionScope {
            // Expressions address the whole file: their scope is built once it is read, then
            // each is tried at three frames, so that `warnings` lists those that cannot run.
            try expressionScope.build(self, expressions: reader.expressionList, texts: reader.textExpressionList, reader: &reader)
            self.features = reader.features
            self.warnings = reader.warnings
        }
    }

    /// Whether `data` is a Lottie document: a JSON object with `fr`, `ip`, `op`, `w`, `h` and
    /// `layers` at its top level. It parses the whole of `data`; `ifLottie` checks and reads
    /// with one parse.
    public static func isLottie(_ data: Data) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return false }
        return documentKeys.allSatisfy { object[$0] != nil }
    }
}

/// A named range of a Lottie file's frames (`markers`: `cm`, `tm`, `dr`).
public struct LottieMarker: Sendable, Hashable {
    public var name: String
    /// The first frame.
    public var frame: Double
    /// How many frames the marker spans.
    public var duration: Double
}

/// A layer as `cadence lottie info` lists it.
public struct LottieLayerSummary: Sendable, Hashable {
    public var name: String
    public var index: Int?
    public var kind: String
    public var inPoint: Double
    public var outPoint: Double
    /// Only a track matte for the layer below it (`td`).
    public var isMatte: Bool

    init(_ layer: LottieLayer) {
        name = layer.name
        index = layer.index
        inPoint = layer.inPoint
        outPoint = layer.outPoint
        isMatte = layer.isMatteSource
        kind = layer.typeName
    }
}

extension LottieReader {
    /// The layers as a composition, each parent resolved to a position; a parent chain that
    /// loops is an error naming the layer.
    mutating func composition(_ layers: [LottieLayer], name: String) throws(LottieError) -> Composition {
        var positions: [Int: Int] = [:]
        for (position, layer) in layers.enumerated() {
            if let index = layer.index, positions[index] == nil { positions[index] = position }
        }
        var parents: [Int?] = []
        for layer in layers {
            guard let parent = layer.parent else { parents.append(nil); continue }
            if let position = positions[parent] {
                parents.append(position)
            } else {
                let outer = self.layer
                self.layer = "\"\(layer.name)\""
                try skips("missing parents", "its parent \(parent) is not a layer of \(name); drawn without a parent", property: "parent")
                self.layer = outer
                parents.append(nil)
            }
        }
        var mattes: [Int?] = []
        for (position, layer) in layers.enumerated() {
            guard layer.matte != nil else { mattes.append(nil); continue }
            if let source = layer.matteSource {
                mattes.append(positions[source])
            } else {
                mattes.append(position > 0 ? position - 1 : nil)
            }
            if mattes[position] == nil || mattes[position] == position {
                let outer = self.layer
                self.layer = "\"\(layer.name)\""
                try skips("missing mattes", "its track matte is not a layer of \(name); drawn without it", property: layer.matteSource == nil ? "tt" : "tp")
                self.layer = outer
                mattes[position] = nil
            }
        }
        for start in layers.indices {
            var current = parents[start]
            var steps = 0
            while let position = current {
                steps += 1
                guard position != start, steps <= layers.count else {
                    throw LottieError(file: file, layer: "\"\(layers[start].name)\"", property: "parent", message: "the parent chain loops back to this layer")
                }
                current = parents[position]
            }
        }
        return Composition(layers: layers, parents: parents, mattes: mattes)
    }

    /// Refuses precompositions that contain themselves, directly or through others, and nesting
    /// deeper than `maximumNesting`.
    func checkNesting(root: Composition, precomps: [Composition], ids: [String]) throws(LottieError) {
        func references(_ composition: Composition) -> [Int] {
            composition.layers.compactMap { if case .precomposition(let index, _, _, _) = $0.content { return index } else { return nil } }
        }
        // Depth-first from the root; `path` is the chain of precompositions being visited.
        var finished = Set<Int>()
        var depthOf: [Int: Int] = [:]
        func visit(_ index: Int, path: [Int]) throws(LottieError) {
            if let cycleStart = path.firstIndex(of: index) {
                let chain = (path[cycleStart...] + [index]).map { "\"\(ids[$0])\"" }.joined(separator: " → ")
                throw LottieError(file: file, property: "assets", message: "precompositions contain themselves: \(chain)")
            }
            guard path.count < Self.maximumNesting else {
                throw LottieError(file: file, property: "assets", message: "precompositions are nested deeper than \(Self.maximumNesting)")
            }
            if finished.contains(index), let depth = depthOf[index], depth + path.count <= Self.maximumNesting { return }
            var deepest = 0
            for child in references(precomps[index]) {
                try visit(child, path: path + [index])
                deepest = max(deepest, (depthOf[child] ?? 0) + 1)
            }
            depthOf[index] = deepest
            finished.insert(index)
        }
        for child in references(root) { try visit(child, path: []) }
        // Precompositions no layer uses are still checked for cycles.
        for index in precomps.indices where !finished.contains(index) { try visit(index, path: []) }
    }

    /// The most layers a file may hold counted through every use of its precompositions (a
    /// precomposition of 10 layers used by 3 layers counts 30): 1,000,000. A precomposition used
    /// twice at each of 29 levels asks for 2²⁹ from a file of 6 KB; it is refused as it is read.
    /// (A frame draws at most `maximumDrawnLayers` of them however the file is built.)
    static let maximumLayerInstances = 1_000_000

    /// Refuses precompositions that, used by many layers and nested, multiply into more than
    /// `maximumLayerInstances` layers, naming the precomposition used most and how deep. Runs
    /// after `checkNesting`, so the uses form no cycle and nest at most 64 deep.
    func checkFanOut(root: Composition, precomps: [Composition], ids: [String]) throws(LottieError) {
        func references(_ composition: Composition) -> [Int] {
            composition.layers.compactMap { if case .precomposition(let index, _, _, _) = $0.content { return index } else { return nil } }
        }
        // Every precomposition after each one that uses it: the reverse of a post-order walk.
        var order: [Int] = []
        var seen = Set<Int>()
        func visit(_ index: Int) {
            guard seen.insert(index).inserted else { return }
            for child in references(precomps[index]) { visit(child) }
            order.append(index)
        }
        for child in references(root) { visit(child) }
        // How many times each is drawn (in Double: the products overflow any integer), and through
        // how many levels at most.
        var uses = [Double](repeating: 0, count: precomps.count)
        var levels = [Int](repeating: 0, count: precomps.count)
        for child in references(root) {
            uses[child] += 1
            levels[child] = 1
        }
        for index in order.reversed() {
            for child in references(precomps[index]) {
                uses[child] += uses[index]
                levels[child] = max(levels[child], levels[index] + 1)
            }
        }
        var total = Double(root.layers.count)
        for index in precomps.indices { total += uses[index] * Double(precomps[index].layers.count) }
        guard total > Double(Self.maximumLayerInstances) else { return }
        let worst = precomps.indices.max { uses[$0] < uses[$1] } ?? 0
        let count = ItemCount.grouped
        throw LottieError(
            file: file, property: "assets",
            message: "precomposition \"\(ids[worst])\" is drawn \(count(uses[worst])) times through \(levels[worst]) levels of precompositions, "
                + "\(count(total)) layers in all; the limit is \(count(Double(Self.maximumLayerInstances))) layers counted through every use"
        )
    }
}
