import CadenceAnimation
import CadenceDraw

/// A scene: a canvas size, a background, nodes, and the scripted events that drive them.
///
/// `displayList(at:)` can be asked for any time in any order; nothing is accumulated between
/// frames, so frame 1 000 renders without frames 0 ... 999. Events are applied once, in time
/// order, when the scene is made: each records its time in the node it targets, and the nodes
/// compute their looks at any `t` from those records.
public struct Scene: Sendable {
    /// The scene's name (a file's `name`, or its file name).
    public var name: String
    /// The canvas size; renderers fit it to their own.
    public var size: Size
    /// What the canvas shows behind the nodes.
    public var background: Color
    /// The nodes, drawn in order (later on top).
    public var nodes: [Node]
    /// The time of the latest event applied so far.
    public private(set) var lastEventTime = 0.0
    /// Every event applied, in time order (events at one time in the order given).
    public private(set) var events: [SceneEvent] = []
    /// The nodes and image cache as they were before the first event: when an event comes
    /// before one already applied, all of them are applied again to these, in time order.
    private var beforeEvents: (nodes: [Node], imageCache: ImageCache)?
    /// The image cache all the scene's image views share, filled as `apply(_:)` replays loads.
    public private(set) var imageCache = ImageCache()
    /// How much the scene moves when drawn (a scene file's `motion`; `cadence render --motion`):
    /// `full` by default. Events and animations are the same under every profile.
    public var motion = MotionProfile.full
    /// How long the scene lasts, in seconds, when it says (a Lottie composition's `(op − ip) / fr`):
    /// `cadence render` renders that long unless `--duration` says otherwise.
    public var duration: Double?
    /// The frame rate the scene was made for, when it says (a Lottie composition's `fr`):
    /// `cadence render` uses it unless `--fps` says otherwise.
    public var framesPerSecond: Double?

    /// When the scene's last finite movement ends, in seconds: the latest of its events and of
    /// its animations' and widgets' ends (see `Layer.activeEnd(motion:)`); nil when nothing in it
    /// happens after 0. An animation that repeats for ever counts only its start. A scene that does
    /// not give its `duration` renders up to and including the frame at this time.
    public var naturalDuration: Double? {
        let motion = MotionSetting(profile: motion)
        let end = nodes.reduce(lastEventTime) { max($0, $1.activeEnd(motion: motion)) }
        return end > 0 && end.isFinite ? end : nil
    }

    /// A scene called `name` of `size` on `background`, holding `nodes`.
    public init(name: String, size: Size, background: Color, nodes: [Node] = []) {
        self.name = name
        self.size = size
        self.background = background
        self.nodes = nodes
    }

    /// What the scene shows at `time` seconds from its start: the one way a scene becomes a
    /// display list. At its own size unless `size` says otherwise: then fitted to a frame of
    /// `size` (scaled uniformly and centred, letterboxed with the background), each command fitted
    /// as it is emitted rather than in a second pass over the list. Text is laid out with
    /// `context.fonts`; images come from `context.images` (its motion, scale and fit are set per
    /// node from the scene).
    public func displayList(at time: Double, size target: Size? = nil, in context: DrawContext) throws(TextError) -> DisplayList {
        let fit = target.flatMap { FrameFit(from: size, to: $0) }
        var list = DisplayList(size: fit == nil ? size : target ?? size, background: background)
        // One budget for the frame, however many nodes share it (`Layer.maximumDrawnItems`).
        let budget = DrawnItemBudget()
        for node in nodes {
            try node.draw(
                at: time, fonts: context.fonts, images: context.images, motion: MotionSetting(profile: motion), sceneSize: size, fit: fit,
                budget: budget, into: &list
            )
        }
        return list
    }

    /// Every image source the scene's image views and image layers will need, for prefetching.
    public var imageSources: [String] {
        var sources: [String] = []
        for node in nodes {
            for source in node.imageSources where !sources.contains(source) { sources.append(source) }
        }
        return sources
    }

    /// The index of the top-level node called `id`.
    public func index(of id: String) -> Int? {
        nodes.firstIndex { $0.id == id }
    }

    /// Where the node called `id` is: the top-level node's index, then sublayer indices.
    public func location(of id: String) -> (node: Int, path: [Int])? {
        for (index, node) in nodes.enumerated() {
            if node.id == id { return (index, []) }
            if case .layer(let layer) = node, let path = layer.path(to: id) { return (index, path) }
        }
        return nil
    }

    /// Where every node and layer is, by id: `location(of:)` for all of them in one walk of the
    /// tree, so that looking up many ids (one per event) costs one walk, not one per id.
    public func locations() -> [String: (node: Int, path: [Int])] {
        var found: [String: (node: Int, path: [Int])] = [:]
        func walk(_ layer: Layer, node: Int, path: [Int]) {
            if found[layer.id] == nil { found[layer.id] = (node, path) }
            for (index, sublayer) in layer.sublayers.enumerated() { walk(sublayer, node: node, path: path + [index]) }
            if let mask = layer.mask { walk(mask, node: node, path: path + [Layer.maskIndex]) }
        }
        for (index, node) in nodes.enumerated() {
            if case .layer(let layer) = node {
                walk(layer, node: index, path: [])
            } else if found[node.id] == nil {
                found[node.id] = (index, [])
            }
        }
        return found
    }

    /// Applies `events`, in any order, to the nodes and layers they target. They take effect in
    /// time order, events at one time in the order given (those applied before first): an event
    /// earlier than one already applied makes the scene apply all of them again, in order, to
    /// its nodes as they were before the first event (so changes made to `nodes` directly after
    /// that are lost; make them before scheduling events).
    ///
    /// A layer event (`setValue`, `addAnimation`, `removeAnimation`) aimed at a top-level widget
    /// first wraps the widget in a layer, which then takes it (under the same id, so the
    /// locations found before the first event stay right).
    public mutating func apply(_ events: [SceneEvent]) {
        guard !events.isEmpty else { return }
        let sorted = events.sortedByTime()
        if self.events.isEmpty { beforeEvents = (nodes, imageCache) }
        if sorted[0].at < lastEventTime, let (initialNodes, initialCache) = beforeEvents {
            let all = (self.events + sorted).sortedByTime()
            nodes = initialNodes
            imageCache = initialCache
            self.events = []
            lastEventTime = 0
            applyInOrder(all)
        } else {
            applyInOrder(sorted)
        }
    }

    /// Applies `events`, already in time order.
    private mutating func applyInOrder(_ events: [SceneEvent]) {
        self.events += events
        let locations = locations()
        for event in events {
            lastEventTime = max(lastEventTime, event.at)
            guard let (index, path) = locations[event.target] else { continue }
            if event.action.isLayerAction, path.isEmpty, case .widget = nodes[index] {
                nodes[index] = .layer(Layer.wrapping(nodes[index]))
            }
            if path.isEmpty {
                nodes[index].apply(event.action, at: event.at, imageCache: &imageCache)
            } else if case .layer(var root) = nodes[index] {
                // Taken out of the node while it changes: left in, it shares the tree's arrays,
                // and changing one sublayer copied every sublayer array on the path (10,000 events
                // on a layer of 100,000 sublayers ran for minutes).
                nodes[index] = .layer(Layer(id: ""))
                root[path: path].apply(event.action, at: event.at, imageCache: &imageCache)
                nodes[index] = .layer(root)
            }
        }
    }
}

/// A node of a scene: a widget, or a layer tree.
public enum Node: Sendable {
    /// A widget and its id.
    case widget(id: String, any WidgetContent)
    /// A layer and its sublayers.
    indirect case layer(Layer)

    /// The node's id, unique in its scene.
    public var id: String {
        switch self {
        case .widget(let id, _): id
        case .layer(let layer): layer.id
        }
    }

    /// Where the node draws, in its parent's coordinates (a layer: the frame of its bounds
    /// around its position, before its transform).
    public var frame: Rect {
        get {
            switch self {
            case .widget(_, let widget): widget.frame
            case .layer(let layer):
                Rect(
                    x: layer.properties.position.x - layer.properties.anchorPoint.x * layer.properties.bounds.width,
                    y: layer.properties.position.y - layer.properties.anchorPoint.y * layer.properties.bounds.height,
                    width: layer.properties.bounds.width, height: layer.properties.bounds.height
                )
            }
        }
        set {
            switch self {
            case .widget(let id, var widget):
                widget.frame = newValue
                self = .widget(id: id, widget)
            case .layer(var layer):
                layer.properties.setFrame(newValue)
                self = .layer(layer)
            }
        }
    }

    /// Draws what the node shows at `time` under `motion` into `list`.
    public func draw(
        at time: Double, fonts: any TextLayoutEngine, images: any ImageProvider, motion: MotionSetting = .full, into list: inout DisplayList
    ) throws(TextError) {
        try draw(at: time, fonts: fonts, images: images, motion: motion, sceneSize: list.size, fit: nil, into: &list)
    }

    /// Draws the node into `list` where one unit covers `pixelScale` pixels (a widget inside a
    /// scaled layer).
    func draw(
        at time: Double, fonts: any TextLayoutEngine, images: any ImageProvider, motion: MotionSetting, pixelScale: Double, into list: inout DisplayList
    ) throws(TextError) {
        guard case .widget(_, let widget) = self else {
            return try draw(at: time, fonts: fonts, images: images, motion: motion, into: &list)
        }
        try widget.draw(at: time, context: DrawContext(fonts: fonts, images: images, motion: motion, pixelScale: pixelScale), into: &list)
    }

    /// Draws the node of a scene of `sceneSize` into `list`, each command fitted by `fit`.
    func draw(
        at time: Double, fonts: any TextLayoutEngine, images: any ImageProvider, motion: MotionSetting, sceneSize: Size, fit: FrameFit?,
        budget: DrawnItemBudget = DrawnItemBudget(), into list: inout DisplayList
    ) throws(TextError) {
        switch self {
        case .widget(_, let widget):
            // A widget draws into the list itself: what it added is fitted after.
            let start = list.commands.count
            var context = DrawContext(fonts: fonts, images: images, motion: motion, pixelScale: fit?.scale ?? 1)
            if widget.drawsFitted {
                // It maps its own commands: no second pass over them.
                context.fit = fit
                try widget.draw(at: time, context: context, into: &list)
                return
            }
            try widget.draw(at: time, context: context, into: &list)
            if let fit { list.fit(from: start, by: fit) }
        case .layer(let layer):
            var context = LayerDrawContext(fonts: fonts, images: images, motion: motion, visible: LayerDrawContext.visible(inSceneOf: sceneSize))
            context.fit = fit
            context.budget = budget
            try layer.draw(at: time, context: context, into: &list)
        }
    }

    /// Every image source the node (and, for a layer, its subtree) will need.
    public var imageSources: [String] {
        switch self {
        case .widget(_, let widget): return widget.imageSources
        case .layer(let layer):
            return layer.allLayers.flatMap { layer -> [String] in
                switch layer.content {
                case .image(let image): return image.contents.map { [$0] } ?? []
                case .emitter(let emitter):
                    return emitter.cells.compactMap { if case .image(let source) = $0.contents { source } else { nil } }
                case .widget(let node): return node.imageSources
                default: return []
                }
            }
        }
    }

    /// The node's type as scene files name it.
    public var typeName: String {
        switch self {
        case .widget(_, let widget): type(of: widget).typeName
        case .layer(let layer): layer.typeName
        }
    }

    mutating func apply(_ action: SceneEvent.Action, at time: Double, imageCache: inout ImageCache) {
        switch self {
        case .layer(var layer):
            layer.apply(action, at: time, imageCache: &imageCache)
            self = .layer(layer)
        case .widget(let id, var widget):
            // A layer action reaches a widget only inside a layer (the reader wraps its target).
            guard case .widget(let event) = action else { return }
            widget.apply(widgetEvent: event, at: time, imageCache: &imageCache)
            self = .widget(id: id, widget)
        }
    }
}

extension Array where Element == SceneEvent {
    /// The events sorted by time; events at one time keep their order.
    package func sortedByTime() -> [SceneEvent] {
        enumerated().sorted { $0.element.at != $1.element.at ? $0.element.at < $1.element.at : $0.offset < $1.offset }.map(\.element)
    }
}

/// Something that happens to a node at a time: the scripted input of a scene.
public struct SceneEvent: Sendable, Hashable {
    /// What happens: one of the widget's own events, or one every layer takes.
    public enum Action: Sendable, Hashable {
        /// One of the target widget's events (see `Widget.events`); other widgets ignore it.
        case widget(WidgetEvent)
        /// Sets a layer property by key path (its value as an animation vector), implicitly
        /// animated unless `animated` is false.
        case setValue(keyPath: String, value: [Double], animated: Bool, duration: Double?)
        /// Adds an animation, replacing the one of the same key.
        case addAnimation(KeyedAnimation, key: String?)
        /// Removes the animation added under the key.
        case removeAnimation(key: String)

        /// Whether the action is one every layer takes (rather than one widget's).
        public var isLayerAction: Bool {
            switch self {
            case .setValue, .addAnimation, .removeAnimation: true
            case .widget: false
            }
        }
    }

    /// When, in seconds from the scene's start.
    public var at: Double
    /// The id of the node or layer it happens to.
    public var target: String
    /// What happens.
    public var action: Action

    /// An event doing `action` to the node called `target` at `at` seconds.
    public init(at: Double, target: String, action: Action) {
        self.at = at
        self.target = target
        self.action = action
    }
}
