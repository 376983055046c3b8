import CadenceAnimation
import CadenceDraw
import CadenceFiles
import CadenceLayers
import CadenceWidgets
import Foundation

/// Reads scene files (JSON).
///
/// ```json
/// {"name": "pills", "size": [640, 360], "background": "#FFFFFF",
///  "nodes": [{"type": "RoundedRect", "id": "a", "frame": [20, 20, 200, 80],
///             "attributes": {"cornerRadius": 40, "fill": "#007AFF"},
///             "motion": {"by": [300, 0], "duration": 1, "autoreverses": true, "repeats": true}}]}
/// ```
///
/// Like Interface Builder's runtime attributes, `attributes` are set by key after the node's
/// defaults, then an awake step applies derived state (a text shadow from `shadowColor` +
/// `shadowOffset`). An unknown key anywhere is a warning (file, node, key) — or an error when
/// `strict`. `events` script the nodes: `{"at": 0.5, "target": "score", "type": "count", …}`.
public enum SceneFile {
    /// The font of text nodes that name none: UIKit's 17-point system size.
    public static let defaultFont = FontDescriptor.system

    /// The widest and tallest frame, in pixels, of a scene's `size` and of `--size`: the largest
    /// texture and renderbuffer llvmpipe and most GPUs allow (one such frame is 1 GiB of RGBA).
    public static let maximumFrameSide = 16384
    /// The most pixels of one frame or sheet: 2²⁶, e.g. 8192 × 8192 or 16384 × 4096. A render
    /// holds about four frame-sized RGBA buffers (the framebuffer, its background picture, the
    /// frame read back and the one kept for damage): 16 bytes a pixel, 1 GiB at this limit, so
    /// that a render stays inside Cadence's 2 GiB memory budget (a 16384² frame took 4.3 GiB).
    public static let maximumFramePixels = 1 << 26

    /// Why a `width` × `height` frame is too large for `maximumFramePixels`, or nil when it fits
    /// (sides are checked against `maximumFrameSide` apart).
    public static func framePixelsProblem(width: Int, height: Int) -> String? {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard overflow || pixels > maximumFramePixels else { return nil }
        return "\(width)x\(height) is \(overflow ? "too many" : String(pixels)) pixels, above the limit of \(maximumFramePixels) (8192x8192; memory grows by about 16 bytes a pixel)"
    }
    /// The keys a scene file's top level takes.
    public static let topLevelKeys = ["name", "size", "background", "duration", "fps", "fillMode", "motion", "nodes", "events"]
    /// The highest `fps` a scene file may give: 1,000 (`--fps` may go higher).
    public static let maximumFramesPerSecond = 1000.0

    /// The latest scene time, in seconds (event times, render durations, sheet times): about
    /// 116 days, so frame and tick counts stay exact integers.
    public static let maximumTime = Scene.maximumTime
    /// The most combining marks kept in a row after one character: 32 (Unicode's stream-safe
    /// format allows 30). Shaping a cluster costs HarfBuzz time that grows faster than its length:
    /// 50,000 marks on one letter took 19 s a frame.
    public static let maximumCombiningRun = Reader.maximumCombiningRun

    /// `text` with combining marks beyond `maximumCombiningRun` in a row dropped (the rest of
    /// the text unchanged; the same string when no run is that long).
    public static func limitingCombiningMarks(_ text: String) -> String {
        Reader.limitingCombiningMarks(text)
    }

    /// The longest string value, in UTF-8 bytes (texts, placeholders, formats, ids): text is laid
    /// out per frame, so its length is work.
    public static let maximumStringLength = Reader.maximumStringLength

    /// Loads the scene at `path`, its nodes of the layer types or of `widgets`. Warnings for
    /// unknown keys are returned with it, each once.
    /// `quirks` is the default for nodes without a `quirks` key (`cadence render --quirks`).
    public static func load(
        path: String, strict: Bool = false, quirks: Quirks = .none, widgets: WidgetRegistry = .sceneFiles
    ) throws(SceneError) -> (scene: Scene, warnings: [SceneError]) {
        return try parse(try read(path), file: path, strict: strict, quirks: quirks, widgets: widgets)
    }

    /// Reads an events file (`{"events": […]}`, as in scene files) for `scene`'s nodes, in time order.
    /// The widget events are those of `widgets`, which must hold the scene's widget types.
    public static func events(path: String, for scene: Scene, widgets: WidgetRegistry = .sceneFiles) throws(SceneError) -> [SceneEvent] {
        var reader = Reader(sceneFile: path, strict: true, widgets: widgets)
        return try reader.eventsFile(try read(path), scene: scene)
    }

    /// The most bytes a scene or events file may have: 64 MiB (each string value is at most
    /// 1 MiB, and the file is parsed whole).
    public static let maximumFileSize = JSONValue.maximumDocumentSize

    /// The bytes of the scene or events file at `path`: a regular file, read without blocking (a
    /// FIFO, device or folder is refused by name, never waited on).
    static func read(_ path: String) throws(SceneError) -> Data {
        do throws(FileProblem) {
            return try FilePaths.read(path, limit: maximumFileSize)
        } catch {
            throw SceneError(file: path, message: error.reason)
        }
    }

    /// Parses scene JSON; `file` names the source in messages. Node types are the layer types
    /// and those of `widgets` (Cadence's own unless told), so a program can read its own widgets:
    /// `SceneFile.parse(data, file: name, widgets: .standard.adding(Dot.self))`.
    /// `quirks` is the default for nodes without a `quirks` key.
    public static func parse(
        _ data: Data, file: String, strict: Bool = false, quirks: Quirks = .none, widgets: WidgetRegistry = .sceneFiles
    ) throws(SceneError) -> (scene: Scene, warnings: [SceneError]) {
        var reader = Reader(sceneFile: file, strict: strict, quirks: quirks, widgets: widgets)
        let scene = try reader.scene(data)
        return (scene, reader.warnings)
    }
}

extension Reader {
    /// A reader of scene files named `file`: a widget's own layer tree (`customIndicator`) is
    /// read as the scene's layers are.
    init(sceneFile file: String, strict: Bool, quirks: Quirks = .none, widgets: WidgetRegistry) {
        self.init(file: file, strict: strict, quirks: quirks, widgets: widgets) { reader, object, id, type, depth throws(SceneError) in
            try reader.layer(object, id: id, type: type, depth: depth)
        }
    }

    /// `data` as JSON (the one reader: `JSONValue.parse`), with a warning for each key written
    /// twice in one object (the last is used); the first thrown instead when strict.
    mutating func json(_ data: Data) throws(SceneError) -> JSONValue {
        var duplicates: [JSONDuplicateKey] = []
        let root: JSONValue
        do {
            root = try JSONValue.parse(data, duplicates: &duplicates)
        } catch {
            throw self.error(error.message)
        }
        for duplicate in duplicates {
            let problem = error("written twice in one object (line \(duplicate.line)): only the last is used; remove the other", key: duplicate.key)
            if strict { throw problem }
            warnings.append(problem)
        }
        return root
    }

    mutating func scene(_ data: Data) throws(SceneError) -> Scene {
        guard case .object(let object) = try json(data) else { throw error("the top level must be a JSON object") }
        try unknown(object.keys, known: SceneFile.topLevelKeys, node: nil)

        let defaultName = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        let name = try string(object["name"], key: "name", node: nil) ?? defaultName
        guard let sizeValue = object["size"] else { throw error("missing", key: "size") }
        let size = try numbers(sizeValue, count: 2, key: "size", node: nil)
        guard size[0] >= 1, size[1] >= 1 else { throw error("width and height must be at least 1", key: "size") }
        guard size[0] <= Double(SceneFile.maximumFrameSide), size[1] <= Double(SceneFile.maximumFrameSide) else {
            throw error("\(size[0])x\(size[1]) is too large: width and height must be at most \(SceneFile.maximumFrameSide)", key: "size")
        }
        let background = try color(object["background"], key: "background", node: nil) ?? .white
        if let text = try string(object["fillMode"], key: "fillMode", node: nil) {
            guard let mode = FillMode(rawValue: text) else {
                throw error("must be one of \(FillMode.allCases.map(\.rawValue).joined(separator: ", "))\(Spelling.suggestion(for: text, among: FillMode.allCases.map(\.rawValue)))", key: "fillMode")
            }
            defaultFillMode = mode
        }

        var nodes: [Node] = []
        var ids: Set<String> = []
        var list: [JSONValue] = []
        if let value = object["nodes"] {
            guard case .array(let entries) = value else { throw error("must be a list", key: "nodes") }
            list = entries
        }
        for (index, entry) in list.enumerated() {
            let node = try self.node(entry, index: index)
            let nodeIDs = if case .layer(let layer) = node { layer.allLayers.map(\.id) } else { [node.id] }
            for id in nodeIDs {
                guard ids.insert(id).inserted else { throw error("duplicate id", node: id, key: "id") }
            }
            nodes.append(node)
        }
        // What a frame can ask to draw, over every node: limits that multiply (replicators of
        // replicators of an emitter) are refused here, naming them, not clamped while drawing.
        var estimate = DrawnItemEstimate()
        for case .layer(let layer) in nodes {
            let own = layer.drawnItemEstimate
            estimate.total += own.total
            if let largest = own.largest, largest.items > (estimate.largest?.items ?? 0) { estimate.largest = largest }
        }
        if let problem = estimate.problem { throw error(problem, node: estimate.largest?.id) }
        var scene = Scene(name: name, size: Size(width: size[0], height: size[1]), background: background, nodes: nodes)
        if let text = try string(object["motion"], key: "motion", node: nil) {
            guard let motion = MotionProfile(rawValue: text) else {
                throw error("must be \(MotionProfile.allCases.map(\.rawValue).joined(separator: ", ")), got '\(text)'\(Spelling.suggestion(for: text, among: MotionProfile.allCases.map(\.rawValue)))", key: "motion")
            }
            scene.motion = motion
        }
        if let duration = try number(object["duration"], key: "duration", node: nil) {
            guard duration > 0, duration <= SceneFile.maximumTime else {
                throw error("must be a number of seconds above 0 and at most \(Int(SceneFile.maximumTime)), got \(duration)", key: "duration")
            }
            scene.duration = duration
        }
        if let fps = try number(object["fps"], key: "fps", node: nil) {
            guard fps > 0, fps <= SceneFile.maximumFramesPerSecond else {
                throw error("must be frames per second above 0 and at most \(Int(SceneFile.maximumFramesPerSecond)), got \(fps)", key: "fps")
            }
            scene.framesPerSecond = fps
        }
        if let value = object["events"] {
            let events = try events(value, scene: scene)
            scene.apply(events)
        }
        return scene
    }

    /// An `events` list: each event checked, and the list sorted by time (events at the same
    /// time in the order listed).
    mutating func events(_ value: JSONValue, scene: Scene) throws(SceneError) -> [SceneEvent] {
        guard case .array(let entries) = value else { throw error("must be a list", key: "events") }
        var events: [SceneEvent] = []
        let locations = scene.locations()
        for (index, entry) in entries.enumerated() {
            events.append(try self.event(entry, index: index, scene: scene, locations: locations))
        }
        return events.sortedByTime()
    }

    mutating func eventsFile(_ data: Data, scene: Scene) throws(SceneError) -> [SceneEvent] {
        guard case .object(let object) = try json(data) else { throw error("the top level must be a JSON object") }
        try unknown(object.keys, known: ["events"], node: nil)
        guard let value = object["events"] else { throw error("missing", key: "events") }
        return try events(value, scene: scene)
    }

    mutating func event(
        _ entry: JSONValue, index: Int, scene: Scene, locations: [String: (node: Int, path: [Int])]
    ) throws(SceneError) -> SceneEvent {
        let path = "events[\(index)]"
        let object = try self.object(entry, key: path, node: nil)
        guard let at = try number(object["at"], key: "\(path).at", node: nil) else { throw error("missing", key: "\(path).at") }
        guard at >= 0 else { throw error("must not be negative", key: "\(path).at") }
        guard at <= SceneFile.maximumTime else { throw error("\(at) is beyond the limit of \(Int(SceneFile.maximumTime)) s", key: "\(path).at") }
        guard let target = try string(object["target"], key: "\(path).target", node: nil) else { throw error("missing", key: "\(path).target") }
        guard let layer = locations[target].map(scene.layer(at:)) else {
            throw error("no node has id '\(target)'", key: "\(path).target")
        }
        guard let type = try string(object["type"], key: "\(path).type", node: nil) else { throw error("missing", key: "\(path).type") }
        if SceneFile.layerEventTypes.contains(type) {
            return SceneEvent(at: at, target: target, action: try layerEvent(object, type: type, path: path, layer: layer))
        }
        guard let appliesTo = widgets.eventTypes[type] else {
            let known = (Array(widgets.eventTypes.keys) + SceneFile.layerEventTypes).sorted()
            throw error("unknown event type '\(type)'\(Spelling.suggestion(for: type, among: known)) (known: \(known.joined(separator: ", ")))", key: "\(path).type")
        }
        guard appliesTo.contains(layer.typeName), let widget = widgets.type(named: layer.typeName), let decoder = widget.event(named: type) else {
            throw error("'\(type)' applies to \(appliesTo.joined(separator: " and ")) nodes; '\(target)' is a \(layer.typeName)", key: "\(path).type")
        }
        try unknown(object.keys, known: ["at", "target", "type"] + decoder.keys, node: nil, prefix: "\(path).")
        let log = WarningLog()
        let values = SceneAttributes(values: object, prefix: "\(path).", nodeID: nil, reader: self, log: log)
        let event = try decoder.decode(values)
        warnings += log.warnings
        return SceneEvent(at: at, target: target, action: .widget(event))
    }

    /// A node: a layer, or a widget. A widget that takes layer keys (or sits in a layer's
    /// sublayers, `depth` above 0) is wrapped in a layer holding it.
    mutating func node(_ entry: JSONValue, index: Int, depth: Int = 0) throws(SceneError) -> Node {
        let fallbackID = "#\(index)"
        guard case .object(let object) = entry else { throw error("a node must be a JSON object", node: fallbackID) }
        let givenID = try string(object["id"], key: "id", node: fallbackID)
        if givenID == nil && requiresIDs {
            throw error("missing: every node needs an id, unique in the scene", node: fallbackID, key: "id")
        }
        let id = givenID ?? fallbackID
        guard let type = try string(object["type"], key: "type", node: id) else { throw error("missing", node: id, key: "type") }
        if SceneFile.layerTypes.contains(type) {
            return .layer(try layer(object, id: id, type: type, depth: depth))
        }
        let node = try widget(object, id: id, type: type, depth: depth)
        guard depth > 0 || object.keys.contains(where: Reader.layerKeys.contains) else { return node }
        var layer = Layer.wrapping(node)
        try layerProperties(object, into: &layer, depth: depth)
        return .layer(layer)
    }

    /// A widget node at `depth` in the layer tree (0 at the top level): layer trees in its
    /// attributes (`customIndicator`) nest below it and count towards `Layer.maximumDepth`.
    mutating func widget(_ object: [String: JSONValue], id: String, type: String, depth: Int = 0) throws(SceneError) -> Node {
        // The type first: a misspelt "Layr" is named as such, not as a widget missing its frame.
        guard let widget = widgets.type(named: type) else {
            throw error(
                "unknown node type '\(type)'\(Spelling.suggestion(for: type, among: SceneFile.layerTypes + widgets.typeNames)) (known: \((SceneFile.layerTypes + widgets.typeNames).joined(separator: ", ")))",
                node: id, key: "type"
            )
        }
        guard let frameValue = object["frame"] else { throw error("missing", node: id, key: "frame") }
        let frame = try numbers(frameValue, count: 4, key: "frame", node: id)
        guard frame[2] >= 0, frame[3] >= 0 else { throw error("width and height must not be negative", node: id, key: "frame") }
        for value in frame where abs(value) > SceneFile.maximumLayerValue {
            throw error("\(value) is out of range: frame values must lie within ±\(Int(SceneFile.maximumLayerValue))", node: id, key: "frame")
        }
        let rect = Rect(x: frame[0], y: frame[1], width: frame[2], height: frame[3])
        let attributes = try object["attributes"].map { value throws(SceneError) in try self.object(value, key: "attributes", node: id) } ?? [:]
        try unknown(object.keys, known: ["type", "id", "frame", "attributes"] + widget.nodeKeys + Reader.layerKeys, node: id)
        try unknown(attributes.keys, known: widget.attributeKeys, node: id, prefix: "attributes.")
        let log = WarningLog()
        let values = SceneAttributes(values: attributes, prefix: "attributes.", nodeID: id, nodeObject: object, depth: depth, reader: self, log: log)
        let node = Node.widget(id: id, try widget.init(frame: rect, attributes: values))
        warnings += log.warnings
        return node
    }
}
