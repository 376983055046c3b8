import CadenceAnimation
import CadenceLayers

extension BouncyPlaceholderField {
    /// Each time the text goes from empty to non-empty or back: under full motion `bounce
    /// started` (`toward` right or left) and `bounce settled` once the spring has settled (none
    /// when the next edit comes first), and with an abbreviation `fade started` / `fade ended`
    /// (0.2 s); under a `fade` rule only the fades, over 0.6 s; under `jump`, `placeholder jumped`.
    /// With `alwaysBouncePlaceholder` off: `placeholder hidden` / `placeholder shown`.
    public func traceEvents(motion: MotionSetting) -> [TraceEvent] {
        let rule = motion.rule(default: .fade)
        let transitions = transitions(until: .infinity)
        var events: [TraceEvent] = []
        for (index, transition) in transitions.enumerated() {
            let time = transition.time
            let next = index + 1 < transitions.count ? transitions[index + 1].time : .infinity
            let toward = TraceEvent.Argument("toward", .string(transition.hasText ? "right" : "left"))
            func event(_ name: String, at time: Double, _ arguments: [TraceEvent.Argument]) {
                events.append(TraceEvent(time: time, category: .placeholder, name: name, arguments: arguments))
            }
            guard alwaysBouncePlaceholder else {
                event(transition.hasText ? "placeholder hidden" : "placeholder shown", at: time, [])
                continue
            }
            switch rule {
            case .keep:
                let settling = quirks == .original ? 0.6 : spring.settlingDuration
                event("bounce started", at: time, [toward])
                if abbreviatedPlaceholder != nil { event("fade started", at: time, [toward, .init("duration", .number(0.2))]) }
                if abbreviatedPlaceholder != nil, time + 0.2 <= next { event("fade ended", at: time + 0.2, [toward]) }
                if time + settling <= next { event("bounce settled", at: time + settling, [toward]) }
            case .fade:
                let duration = Self.reducedMotionFadeDuration
                event("fade started", at: time, [toward, .init("duration", .number(duration))])
                if time + duration <= next { event("fade ended", at: time + duration, [toward]) }
            case .jump:
                event("placeholder jumped", at: time, [toward])
            }
        }
        return events
    }
}

extension CountingLabel {
    /// Per count: `count started` (from, to, duration); `count finished` when its final value is
    /// drawn (its end; its begin under a `jump` rule), then `completion run` when a completion is
    /// set — the completion really runs, on a copy of the label, so a count it chains shows up
    /// too; `count interrupted` when another count or a stop comes first; `count stopped` for a
    /// stop.
    public func traceEvents(motion: MotionSetting) -> [TraceEvent] {
        let rule = motion.rule(default: .fade)
        var label = self
        var events: [TraceEvent] = []
        var index = 0
        // A completion may chain a count, which the loop then reaches.
        while index < label.counts.count {
            let count = label.counts[index]
            let next = index + 1 < label.counts.count ? label.counts[index + 1].begin : .infinity
            index += 1
            if count.isStop {
                events.append(TraceEvent(time: count.begin, category: .count, name: "count stopped", arguments: [.init("value", .number(count.to))]))
                continue
            }
            events.append(TraceEvent(time: count.begin, category: .count, name: "count started", arguments: [
                .init("from", .number(count.from)), .init("to", .number(count.to)), .init("duration", .number(count.duration)),
            ]))
            let final = rule == .jump ? count.begin : count.begin + count.duration
            guard final < next else {
                events.append(TraceEvent(time: next, category: .count, name: "count interrupted"))
                continue
            }
            events.append(TraceEvent(time: final, category: .count, name: "count finished", arguments: [.init("value", .number(count.to))]))
            if label.completion != nil {
                label.finish(at: final, motion: motion)
                events.append(TraceEvent(time: final, category: .count, name: "completion run"))
            }
        }
        return events.sortedByTime()
    }
}

extension ActivityIndicator {
    /// Each start and stop: `ref count` (the `count` after it, and its `delta`), and when the
    /// count leaves or reaches 0, `indicator shown` / `indicator hidden` (with
    /// `hidesWhenStopped`; else `indicator started` / `indicator stopped`).
    public func traceEvents(motion: MotionSetting) -> [TraceEvent] {
        var events: [TraceEvent] = []
        var count = 0
        let ordered = changes.enumerated().sorted { $0.element.time != $1.element.time ? $0.element.time < $1.element.time : $0.offset < $1.offset }
        for change in ordered.map(\.element) {
            let before = count
            count = max(count + change.delta, 0)
            events.append(TraceEvent(time: change.time, category: .indicator, name: "ref count", arguments: [
                .init("count", .number(Double(count))), .init("delta", .number(Double(change.delta))),
            ]))
            if before == 0, count > 0 {
                events.append(TraceEvent(time: change.time, category: .indicator, name: hidesWhenStopped ? "indicator shown" : "indicator started"))
            } else if before > 0, count == 0 {
                events.append(TraceEvent(time: change.time, category: .indicator, name: hidesWhenStopped ? "indicator hidden" : "indicator stopped"))
            }
        }
        return events
    }
}

extension ImageView {
    /// Per load: `load started` (source, cache), `cache hit` for a memory or disk hit, the
    /// indicator's events (the activity indicator's `ref count`s; other indicators `indicator
    /// shown` / `indicator hidden`), `image shown` when the image is ready, and for a download
    /// (or `forceTransition`) `transition begun` / `transition ended` of the cross-dissolve (none
    /// under a `jump` rule). At one time the indicator's events come before the image's, as
    /// they happen: the indicator is hidden, then the dissolve begins.
    public func traceEvents(motion: MotionSetting) -> [TraceEvent] {
        let rule = motion.rule(default: .fade)
        var events: [(event: TraceEvent, order: Int)] = []
        func add(_ order: Int, _ name: String, at time: Double, category: TraceEvent.Category = .image, _ arguments: [TraceEvent.Argument] = []) {
            events.append((TraceEvent(time: time, category: category, name: name, arguments: arguments), order))
        }
        for (index, load) in loads.enumerated() {
            let next = index + 1 < loads.count ? loads[index + 1].start : .infinity
            let source = TraceEvent.Argument("source", .string(load.source))
            add(0, "load started", at: load.start, [source, .init("cache", .string(load.cacheType.rawValue))])
            if load.fromCache { add(1, "cache hit", at: load.start, [source, .init("cache", .string(load.cacheType.rawValue))]) }
            if indicator != .none, indicator != .activity, load.start < load.completion {
                add(2, "indicator shown", at: load.start, category: .indicator)
                if load.completion <= next { add(2, "indicator hidden", at: load.completion, category: .indicator) }
            }
            guard load.completion <= next else { continue }
            add(3, "image shown", at: load.completion, [source])
            if load.dissolves, transitionDuration > 0, rule != .jump {
                add(4, "transition begun", at: load.completion, [source, .init("duration", .number(transitionDuration))])
                if load.completion + transitionDuration <= next { add(5, "transition ended", at: load.completion + transitionDuration, [source]) }
            }
        }
        if indicator == .activity {
            events += spinner.traceEvents(motion: motion).map { ($0, 2) }
        }
        return events.enumerated().sorted { a, b in
            if a.element.event.time != b.element.event.time { return a.element.event.time < b.element.event.time }
            if a.element.order != b.element.order { return a.element.order < b.element.order }
            return a.offset < b.offset
        }.map(\.element.event)
    }
}

extension ShapeNode {
    /// The events of its `motion`, as of the layer animation it stands for (key path `position`).
    public func traceEvents(motion setting: MotionSetting) -> [TraceEvent] {
        guard let animation = motion?.animation else { return [] }
        return animation.traceEvents(
            node: id, keyPath: "position", key: "motion", added: 0, removed: .infinity, rule: setting.rule(default: .fade), retarget: nil
        )
    }
}
