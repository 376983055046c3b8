import CadenceAnimation
import CadenceDraw
import CadenceLayers
import CadenceWidgets

extension Layer {
    /// Adds `animation` from the scene's start, as a scene file's `animations` list does,
    /// replacing any added under `key` (`CALayer.add(_:forKey:)`).
    ///
    /// Checked as scene files are: an unknown key path, a value of the wrong type or out of
    /// range, a bad spring or timing throws the reader's `SceneError`, naming this layer and
    /// the animation's key.
    public mutating func add(_ animation: LayerAnimation, forKey key: String? = nil) throws(SceneError) {
        // A group's animations go in together under its key, as Core Animation adds a group.
        let path = "animations[\(timeline.animationCount)]"
        add(try Reader.swift.animations(animation, path: path, layer: self).map { ($0.0.animation, $0.1) }, forKey: key, at: 0)
    }
}

extension Scene {
    /// Schedules `event` for the layer (or widget) called `target` at `time` seconds, checked
    /// as a scene file's event is: the target must exist, the key path and value must fit it.
    /// Events may be scheduled in any order: they take effect in time order, events at one
    /// time in the order scheduled. A top-level widget is wrapped in a layer to take it.
    public mutating func schedule(_ event: LayerEvent, on target: String, at time: Double) throws(SceneError) {
        let path = try checkSchedule(target: target, at: time)
        guard let layer = layer(id: target) else { throw Reader.swift.error("no node has id '\(target)'", key: "\(path).target") }
        let scheduled = SceneEvent(at: time, target: target, action: try Reader.swift.action(event, path: path, layer: layer))
        apply([scheduled])
    }

    /// Schedules one of a widget's own events (`CountingLabel.Event.count(…)`, …) for the widget
    /// called `target` at `time` seconds; the widget must take events of that type.
    public mutating func schedule(widgetEvent event: some Hashable & Sendable, on target: String, at time: Double) throws(SceneError) {
        let path = try checkSchedule(target: target, at: time)
        guard let layer = layer(id: target) else { throw Reader.swift.error("no node has id '\(target)'", key: "\(path).target") }
        let erased = WidgetEvent(event)
        guard case .widget(let node) = layer.content, case .widget(_, let widget) = node, widget.takes(erased) else {
            throw Reader.swift.error("'\(target)' is a \(layer.typeName), which takes no \(type(of: event)) events", key: "\(path).type")
        }
        apply([SceneEvent(at: time, target: target, action: .widget(erased))])
    }

    /// Checks `time` (finite, 0 or more, within `SceneFile.maximumTime`) and returns the name
    /// errors use for the event.
    private func checkSchedule(target: String, at time: Double) throws(SceneError) -> String {
        let path = "events['\(target)' at \(time) s]"
        guard time.isFinite, time >= 0 else { throw Reader.swift.error("must be a finite number of seconds, 0 or more", key: "\(path).at") }
        guard time <= SceneFile.maximumTime else {
            throw Reader.swift.error("\(time) is beyond the limit of \(Int(SceneFile.maximumTime)) s", key: "\(path).at")
        }
        return path
    }
}
