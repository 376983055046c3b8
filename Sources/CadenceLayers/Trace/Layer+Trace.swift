import CadenceAnimation

extension Layer {
    /// The events of this layer's animations and of its subtree (sublayers, a widget it holds)
    /// under `motion`, in time order.
    ///
    /// Per animation: `added` when added; `retargeted` when a `setValue` took over from a running
    /// implicit animation (old and new target, the velocity carried on); `started` at its begin
    /// time; `completed` at its end (`finished: true`; under a `jump` rule, at its begin) or when
    /// removed first (`finished: false`); `removed` when removed by key or, without a forwards
    /// fill, when it completes.
    public func traceEvents(motion: MotionSetting) -> [TraceEvent] {
        let setting = motion.overridden(by: reducedMotion)
        let rule = setting.rule(default: .fade)
        var events: [TraceEvent] = []
        for entry in timeline.entries {
            let own = rule == .fade && !entry.keyPath.isMovement ? ReducedMotion.keep : rule
            var retarget: [TraceEvent.Argument]?
            if let change = entry.retarget {
                retarget = [
                    .init("oldTarget", .numbers(change.oldTarget)), .init("newTarget", .numbers(change.newTarget)),
                    .init("velocity", .numbers(change.velocity)),
                ]
            }
            events += entry.animation.traceEvents(
                node: id, keyPath: entry.keyPath.name, key: entry.key, added: entry.added, removed: entry.removed, rule: own, retarget: retarget
            )
        }
        if case .widget(let node) = content {
            events += node.traceEvents(motion: setting).map { event in
                var event = event
                event.node = id
                return event
            }
        }
        for sublayer in sublayers { events += sublayer.traceEvents(motion: setting) }
        if let mask { events += mask.traceEvents(motion: setting) }
        return events.sortedByTime()
    }
}

extension Layer {
    /// When the subtree's last finite movement under `motion` ends (0 when nothing in it moves
    /// for a while): the latest of its trace events — an animation completed or removed, a
    /// widget's moment — and of its widgets' own ends. An animation that repeats for ever adds
    /// only its start.
    public func activeEnd(motion: MotionSetting) -> Double {
        traceEvents(motion: motion).reduce(max(widgetsEnd(motion: motion), emittersEnd)) { $1.time.isFinite ? max($0, $1.time) : $0 }
    }

    /// When the subtree's emitters' last particles die: for an emitter whose birth rate ends at
    /// 0, the time it was set to 0 plus its longest particle life; one that goes on emitting
    /// adds nothing.
    private var emittersEnd: Double {
        var end = 0.0
        if case .emitter(let emitter) = content {
            var rate = emitter.birthRate
            var stopped = 0.0
            for change in timeline.changes where change.keyPath.name == "birthRate" && !change.value.isEmpty {
                rate = change.value[0]
                stopped = change.time
            }
            if rate <= 0 { end = stopped + (emitter.cells.map { $0.longestLife(emitter.lifetime) }.max() ?? 0) }
        }
        for sublayer in sublayers + (mask.map { [$0] } ?? []) { end = max(end, sublayer.emittersEnd) }
        return end
    }

    /// The latest `activeEnd` of the widgets in the subtree.
    private func widgetsEnd(motion: MotionSetting) -> Double {
        let setting = motion.overridden(by: reducedMotion)
        var end = 0.0
        if case .widget(let node) = content { end = node.activeEnd(motion: setting) }
        for sublayer in sublayers + (mask.map { [$0] } ?? []) { end = max(end, sublayer.widgetsEnd(motion: setting)) }
        return end
    }
}

extension Node {
    /// When the node's last finite movement under `motion` ends (see `Layer.activeEnd(motion:)`
    /// and `WidgetContent.activeEnd(motion:)`).
    public func activeEnd(motion: MotionSetting) -> Double {
        switch self {
        case .layer(let layer): layer.activeEnd(motion: motion)
        case .widget(_, let widget): widget.activeEnd(motion: motion)
        }
    }

    /// The node's events under `motion` (see `Layer.traceEvents(motion:)` and each widget's
    /// `traceEvents(motion:)`), named by the node's id, in time order.
    public func traceEvents(motion: MotionSetting) -> [TraceEvent] {
        switch self {
        case .layer(let layer):
            return layer.traceEvents(motion: motion)
        case .widget(let id, let widget):
            return widget.traceEvents(motion: motion).map { event in
                var event = event
                event.node = id
                return event
            }
        }
    }
}

extension PropertyAnimation {
    /// Where a basic or spring animation with a `to` value goes; nil for the others.
    var target: [Double]? {
        switch kind {
        case .basic(_, let to, _, _), .spring(_, let to, _, _): to
        case .keyframe: nil
        }
    }

    /// The events of one animation of `keyPath` on `node`, added at `added` and removed at
    /// `removed` (infinity: never), under `rule` (see `Layer.traceEvents(motion:)`).
    package func traceEvents(
        node: String, keyPath: String, key: String?, added: Double, removed: Double, rule: ReducedMotion, retarget: [TraceEvent.Argument]?
    ) -> [TraceEvent] {
        var details: [TraceEvent.Argument] = [.init("keyPath", .string(keyPath))]
        if let key { details.append(.init("key", .string(key))) }
        details.append(.init("kind", .string(kind.traceName)))
        var events: [TraceEvent] = []
        func event(_ name: String, at time: Double, _ extra: [TraceEvent.Argument] = []) {
            events.append(TraceEvent(time: time, node: node, category: .animation, name: name, arguments: details + extra))
        }
        event("added", at: added)
        if let retarget { event("retargeted", at: added, retarget) }
        let begin = max(beginTime, added)
        if begin < removed { event("started", at: begin) }
        let end = rule == .jump && endTime.isFinite ? begin : endTime
        let holds = timing.fillMode == .forwards || timing.fillMode == .both
        if end.isFinite, end <= removed {
            event("completed", at: end, [.init("finished", .bool(true))])
            if !holds { event("removed", at: end) } else if removed.isFinite { event("removed", at: removed) }
        } else if removed.isFinite {
            event("completed", at: removed, [.init("finished", .bool(false))])
            event("removed", at: removed)
        }
        return events
    }
}

extension PropertyAnimation.Kind {
    /// `basic`, `spring` or `keyframe`, as scene files name them.
    var traceName: String {
        switch self {
        case .basic: "basic"
        case .spring: "spring"
        case .keyframe: "keyframe"
        }
    }
}
