import ArgumentParser
import CadenceEngine
import CadenceScene
import Foundation

/// `cadence demo`: the scene in a window, with live input.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show a scene in a window on the vsync display link, with live input.",
        discussion: """
        Tab / Shift-Tab or a click move focus between text inputs; type, Backspace, Ctrl+U or Ctrl+A \
        (clear). With no text input focused: R restarts the counters, L loads or reloads the images, \
        S toggles slow motion (10x), F the frame-timing overlay, Space pauses and plays, Left / Right \
        (or , and .) step a frame, Home and 0-9 jump to that second; the title shows the time and \
        frame. Esc or closing the window exits. With --watch the scene file is read again when it \
        changes, keeping the time; an error shows in the window and on stderr while the last good \
        scene plays on. Needs a display (X11 or Wayland); without one it exits with status 2 — use \
        `cadence render`.
        """
    )

    @Argument(help: "A scene file (JSON). Default: the built-in demo scene.")
    var scene: String?

    @Option(help: "Save the window's framebuffer to this PNG after --after seconds of scene time, then exit.")
    var screenshot: String?

    @Option(help: "Scene seconds before --screenshot is taken.")
    var after: Double = 0

    @Option(name: .customLong("events"), help: "Replay the scripted events of this JSON file (an object with an events list, as in scene files) into the window.")
    var eventsFile: String?

    @Option(name: .customLong("record-clock"), help: "When the window closes, write the vsyncs its frames were drawn for to this JSON trace file (written whole or not at all); cadence render --clock FILE replays them headlessly.")
    var recordClock: String?

    @Flag(help: "Read the scene file again whenever it changes, keeping the current time; an error in it shows in the window and on stderr, and the last good scene keeps playing.")
    var watch = false

    @OptionGroup var sceneOptions: SceneOptions

    @OptionGroup var backendOptions: BackendOptions

    @OptionGroup var motionOptions: MotionOptions

    @OptionGroup var traceOptions: TraceOptions

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        guard after.isFinite, after >= 0 else { throw ValidationError("--after must be a finite number of seconds, 0 or more, got \(after)") }
        if watch, scene == nil || scene == "demo" {
            throw ValidationError("--watch needs a scene file to watch (the built-in demo is not one)")
        }
    }

    func run() throws {
        logging.bootstrap()
        try onMainActor { () throws(EngineError) in try show() }
    }

    @MainActor
    private func show() throws(EngineError) {
        let loaded = motionOptions.applied(to: try sceneOptions.load(scene))
        try traceOptions.check()
        var scripted: [SceneEvent] = []
        if let path = eventsFile {
            do {
                scripted = try SceneFile.events(path: path, for: loaded)
            } catch {
                throw .scene(error)
            }
        }
        var watched: DemoApp.SceneWatch?
        if watch, let path = scene {
            let sceneOptions = sceneOptions
            let motionOptions = motionOptions
            let eventsFile = eventsFile
            watched = DemoApp.SceneWatch(path: path) { () throws(EngineError) -> Scene in
                var fresh = motionOptions.applied(to: try sceneOptions.load(path))
                if let eventsFile {
                    do throws(SceneError) {
                        fresh.apply(try SceneFile.events(path: eventsFile, for: fresh))
                    } catch {
                        throw .scene(error)
                    }
                }
                return fresh
            }
        }
        let app = DemoApp(scene: loaded, options: DemoApp.Options(
            screenshot: screenshot, after: after, events: scripted, recordClock: recordClock, backend: backendOptions.window, watch: watched
        ))
        let outcome = try app.run()
        try traceOptions.write(outcome.scene, frames: .times(outcome.frameTimes), through: outcome.frameTimes.last)
        if let shot = outcome.screenshot {
            print("\(outcome.frames) frames, \(outcome.dropped) dropped, \(outcome.pacedItself ? "paced on deadlines" : "paced by vsync") -> \(shot)")
        }
        if let recordClock {
            print("\(outcome.clock.count) vsyncs -> \(recordClock)")
        }
    }
}
