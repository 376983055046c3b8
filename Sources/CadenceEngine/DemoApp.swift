import CadenceDraw
import CadenceGL
import CadenceImage
import CadencePlatform
import CadenceRender
import CadenceScene
import CadenceText
import CadenceTiming
import Foundation

/// `cadence demo`: a scene in a GLFW window on the vsync display link, with live input.
///
/// Live input goes through the same events as scripted input (`type`, `deleteBackward`, `clear`,
/// `focus`, …), applied at the scene time of the frame that sees it, so a field reacts exactly as
/// in headless renders. Keys: Tab / Shift-Tab or a click move focus between text inputs; typing,
/// Backspace and Ctrl+U / Ctrl+A (clear) edit the focused one. With no text input focused,
/// R restarts the counters, L loads (or reloads) the images, S toggles slow motion (10×), F the
/// frame-timing overlay, Space pauses and plays, Left / Right (or `,` / `.`) step a frame back or
/// forward, Home and the digits 0 … 9 jump to that second. The title shows the scene time and
/// frame. Esc or closing the window exits.
///
/// With a `watch`, the scene file is read again when it changes, at the time shown: a file that
/// does not read keeps the last good scene playing, with the error on stderr and in the window.
public final class DemoApp {
    /// A scene file to read again whenever it changes (`cadence demo SCENE --watch`).
    public struct SceneWatch: Sendable {
        /// The file watched (its modification time, size and inode).
        public var path: String
        /// Reads the scene again, or throws what is wrong with it.
        public var reload: @MainActor @Sendable () throws(EngineError) -> Scene

        /// A watch of `path`, read again by `reload`.
        public init(path: String, reload: @escaping @MainActor @Sendable () throws(EngineError) -> Scene) {
            self.path = path
            self.reload = reload
        }
    }

    /// How the demo runs: a screenshot to take, scripted events, whether the window shows.
    public struct Options: Sendable {
        /// Where to write a screenshot of the frame at `after` seconds, then quit; nil to run until closed.
        public var screenshot: String?
        /// The scene time the screenshot shows.
        public var after: Double
        /// Scripted events applied before the window opens (`--events`).
        public var events: [SceneEvent]
        /// Whether the window is shown (hidden for tests).
        public var visible: Bool
        /// Where to write the vsyncs the window's frames were drawn for, as a `VSyncTrace` file
        /// (`--record-clock`), when the run ends; nil records nothing.
        public var recordClock: String?
        /// What draws the frames: GL, or the CPU backend whose pictures the window shows.
        public var backend: RenderBackendKind
        /// The scene file to reload when it changes; nil watches nothing.
        public var watch: SceneWatch?

        /// Options for a visible run with no screenshot and no events unless told.
        public init(
            screenshot: String? = nil, after: Double = 0, events: [SceneEvent] = [], visible: Bool = true, recordClock: String? = nil,
            backend: RenderBackendKind = .default, watch: SceneWatch? = nil
        ) {
            self.screenshot = screenshot
            self.after = after
            self.events = events
            self.visible = visible
            self.recordClock = recordClock
            self.backend = backend
            self.watch = watch
        }
    }

    /// What a run did, for the exit code and tests.
    public struct Outcome: Sendable {
        /// Frames drawn.
        public var frames: Int
        /// Vsyncs that passed with no frame.
        public var dropped: Int
        /// Whether the driver paced itself (the buffer swap did not wait for vsync).
        public var pacedItself: Bool
        /// The screenshot written, if any.
        public var screenshot: String?
        /// The vsyncs the frames were drawn for, in order (written to `recordClock` if set).
        public var clock: [VSyncTime] = []
        /// The scene as it ended, with every live edit applied (for `--trace`).
        public var scene: Scene
        /// The scene time each frame showed, in order.
        public var frameTimes: [Double]
    }

    private var scene: Scene
    private let options: Options
    private let images = ImageStore()
    private var focus: Int?
    private var pending: [TextInputEvent] = []
    private var toggles: [Character] = []
    private var overlay = false
    private var slowMotion = false
    private var now = 0.0
    private var frameTimes: [(time: UInt64, work: UInt64)] = []
    private var lastIndex: Int?
    private var droppedFrames = 0
    private var renderer: Renderer?
    private var frames: WindowFrames?
    private var failure: EngineError?
    private var shot: String?
    private var recorded: [VSyncTime] = []
    private var shownTimes: [Double] = []
    /// The scene time shown, against the display link's.
    private var playhead: Playhead
    /// The display link's time of the frame being made.
    private var link = 0.0
    /// What the watched file's last reload said was wrong; nil when it read.
    private var reloadError: String?
    /// The watched file as last seen, and when it was last looked at (host nanoseconds).
    private var watchStamp: FileStamp?
    private var lastWatchCheck: UInt64 = 0
    private var lastTitle = ""
    private var lastTitleUpdate: UInt64 = 0

    /// The demo of `scene` with `options`; the scripted events are applied here.
    public init(scene: Scene, options: Options) {
        self.scene = scene
        self.options = options
        playhead = Playhead(framesPerSecond: scene.framesPerSecond ?? 60)
        watchStamp = options.watch.flatMap { FileStamp(path: $0.path) }
        self.scene.apply(options.events)
        images.prefetch(self.scene.imageSources + ["builtin:sunset"])
    }

    /// Indices of the nodes that take text.
    private var inputs: [Int] {
        scene.nodes.indices.filter {
            if case .widget(_, is any TextInput) = scene.nodes[$0] { true } else { false }
        }
    }

    /// Opens the window and runs until Esc, the window closes, or the screenshot is taken.
    public func run() throws(EngineError) -> Outcome {
        if let path = options.recordClock {
            do throws(ClockTraceError) {
                try VSyncTrace.checkWritable(path)
            } catch {
                throw .clockTrace(error)
            }
        }
        let window: WindowContext
        do {
            window = try WindowContext(width: Int(scene.size.width), height: Int(scene.size.height),
                                       title: "Cadence — \(scene.name)", visible: options.visible)
        } catch {
            throw .platform(error)
        }
        do {
            let renderer = try Renderer()
            self.renderer = renderer
            frames = WindowFrames(renderer: renderer, window: window, backend: options.backend)
        } catch {
            throw .gl(error)
        }
        let driver = WindowDriver(window: window)
        window.onCharacter = { [unowned self] scalar in
            guard let character = Unicode.Scalar(scalar) else { return }
            if focus != nil {
                pending.append(.type(String(character), charactersPerSecond: nil))
            } else if "rlsfRLSF .,0123456789".unicodeScalars.contains(character) {
                toggles.append(Character(String(character).lowercased()))
            }
        }
        window.onKey = { [unowned self, unowned window] key in handle(key, window: window) }
        window.onClick = { [unowned self, unowned window] x, y in click(x, y, window: window) }

        failure = nil
        shot = nil
        recorded = []
        var frameStart: UInt64 = 0
        let loop = FrameLoop(scene: scene, context: DrawContext(images: images))
        loop.willDraw = { [unowned self, unowned loop, unowned window] frame in
            frameStart = HostClock.now()
            link = frame.animationTime
            checkWatchedFile(at: frameStart)
            applyInput(at: playhead.sceneTime(atLink: link), source: driver.source)
            now = playhead.sceneTime(atLink: link)
            updateTitle(window: window, at: frameStart)
            loop.scene = scene
        }
        // The screenshot frame shows the scene at exactly --after, whichever vsync reached it.
        loop.time = { [unowned self] frame in shownTime(of: frame) }
        let sink = DemoSink { [unowned self, unowned window] list, frame throws(EngineError) in
            defer {
                recorded.append(VSyncTime(timestamp: frame.timestamp, targetTimestamp: frame.targetTimestamp))
                if let last = lastIndex, frame.index > last + 1 { droppedFrames += frame.index - last - 1 }
                lastIndex = frame.index
                frameTimes.append((frameStart, HostClock.now() - frameStart))
                if frameTimes.count > 240 { frameTimes.removeFirst(frameTimes.count - 240) }
            }
            guard let frames, let size = window.defaultFramebufferSize, size.width > 0, size.height > 0 else { return }
            shownTimes.append(shownTime(of: frame))
            let screenshotDue = options.screenshot != nil && playhead.sceneTime(atLink: frame.animationTime) >= options.after
            var list = list.fitted(to: Size(width: Double(size.width), height: Double(size.height)))
            let scale = Double(size.width) / Double(max(window.windowSize.width, 1))
            do throws(TextError) {
                if overlay { try drawOverlay(into: &list, scale: scale, height: Double(size.height)) }
                if let reloadError { try drawError(reloadError, into: &list, scale: scale, width: Double(size.width)) }
            } catch {
                throw .text(error)
            }
            try frames.draw(list, size: size)
            if let path = options.screenshot, screenshotDue {
                let image: RGBAImage
                do throws(GLError) {
                    image = try readFramebuffer(width: size.width, height: size.height)
                } catch {
                    throw .gl(error)
                }
                do throws(PNGError) {
                    try image.writePNG(to: path)
                } catch {
                    throw .png(error)
                }
                shot = path
                window.close()
            }
        }
        try frames?.warmUp(scene, images: images)
        let stats: FrameStats
        do throws(EngineError) {
            stats = try loop.run(on: driver.source, into: sink) { failed in driver.run(shouldStop: failed) }
        } catch {
            failure = error
            stats = FrameStats()
        }
        // GL objects go while their context is current, then the window.
        frames = nil
        renderer = nil
        let leftover: GLError?
        do throws(GLError) {
            try checkGLError("the demo's last frame")
            leftover = nil
        } catch {
            leftover = error
        }
        if let failure { throw failure }
        if let leftover { throw .gl(leftover) }
        if let path = options.recordClock {
            do throws(ClockTraceError) {
                try VSyncTrace(recorded).write(to: path)
            } catch {
                throw .clockTrace(error)
            }
        }
        return Outcome(
            frames: stats.frames, dropped: stats.dropped, pacedItself: driver.pacesItself, screenshot: shot, clock: recorded,
            scene: scene, frameTimes: shownTimes
        )
    }

    // MARK: Input

    private func handle(_ key: WindowContext.Key, window: WindowContext) {
        switch key.code {
        case WindowContext.Key.escape:
            window.close()
        case WindowContext.Key.tab:
            let order = inputs
            guard !order.isEmpty else { return }
            let position = focus.flatMap { order.firstIndex(of: $0) }
            let next: Int = if let position {
                (position + (key.shift ? order.count - 1 : 1)) % order.count
            } else {
                key.shift ? order.count - 1 : 0
            }
            setFocus(order[next])
        case WindowContext.Key.backspace where focus != nil:
            pending.append(.deleteBackward(count: 1, charactersPerSecond: nil))
        case WindowContext.Key.delete where focus != nil:
            pending.append(.deleteForward)
        case WindowContext.Key.left where focus != nil:
            pending.append(.moveCaret(.left))
        case WindowContext.Key.right where focus != nil:
            pending.append(.moveCaret(.right))
        case WindowContext.Key.home where focus != nil:
            pending.append(.moveCaret(.home))
        case WindowContext.Key.left:
            toggles.append(",")
        case WindowContext.Key.right:
            toggles.append(".")
        case WindowContext.Key.home:
            toggles.append("0")
        case WindowContext.Key.end where focus != nil:
            pending.append(.moveCaret(.end))
        default:
            // Ctrl+U and Ctrl+A clear the focused input (GLFW's key codes are ASCII capitals).
            if key.control, focus != nil, key.code == Int32(UInt8(ascii: "U")) || key.code == Int32(UInt8(ascii: "A")) {
                pending.append(.clear)
            }
        }
    }

    private func click(_ x: Double, _ y: Double, window: WindowContext) {
        // Window points → scene coordinates, undoing the fit of the scene into the window.
        let size = window.windowSize
        let scale = min(Double(size.width) / scene.size.width, Double(size.height) / scene.size.height)
        let dx = (Double(size.width) - scene.size.width * scale) / 2
        let dy = (Double(size.height) - scene.size.height * scale) / 2
        let point = Point(x: (x - dx) / scale, y: (y - dy) / scale)
        let hit = inputs.first { index in
            let frame = scene.nodes[index].frame
            return point.x >= frame.minX && point.x <= frame.maxX && point.y >= frame.minY && point.y <= frame.maxY
        }
        if let hit { setFocus(hit) } else { setFocus(nil) }
    }

    private var focusChanges: [(from: Int?, to: Int?)] = []

    private func setFocus(_ index: Int?) {
        focusChanges.append((focus, index))
        focus = index
    }

    /// Applies what arrived since the last frame at scene time `time`.
    private func applyInput(at time: Double, source: VSyncSource) {
        var events: [SceneEvent] = []
        for change in focusChanges {
            if let from = change.from { events.append(SceneEvent(at: time, target: scene.nodes[from].id, action: .widget(WidgetEvent(TextInputEvent.unfocus)))) }
            if let to = change.to { events.append(SceneEvent(at: time, target: scene.nodes[to].id, action: .widget(WidgetEvent(TextInputEvent.focus)))) }
        }
        focusChanges.removeAll()
        if let focus {
            for event in pending { events.append(SceneEvent(at: time, target: scene.nodes[focus].id, action: .widget(WidgetEvent(event)))) }
        }
        pending.removeAll()
        for toggle in toggles {
            switch toggle {
            case "r":
                for case .widget(let id, let label as CountingLabel) in scene.nodes {
                    let last = label.lastCount(at: time)
                    let count = CountingLabel.Event.count(from: 0, to: last?.to ?? 100, duration: last.map { max($0.duration, 0) })
                    events.append(SceneEvent(at: time, target: id, action: .widget(WidgetEvent(count))))
                }
            case "l":
                for case .widget(let id, let view as ImageView) in scene.nodes {
                    let load = ImageView.Event.loadImage(view.loads.last?.source ?? "builtin:sunset", latency: 1, forceTransition: false)
                    events.append(SceneEvent(at: time, target: id, action: .widget(WidgetEvent(load))))
                }
            case "s":
                slowMotion.toggle()
                try? source.setTimeDilation(slowMotion ? 10 : 1)
            case "f":
                overlay.toggle()
            case " ":
                playhead.togglePlaying(atLink: link)
            case ".":
                playhead.step(1, atLink: link)
            case ",":
                playhead.step(-1, atLink: link)
            default:
                if let second = toggle.wholeNumberValue { playhead.jump(to: Double(second), atLink: link) }
            }
        }
        toggles.removeAll()
        scene.apply(events)
    }

    // MARK: Time, title and the watched file

    /// The scene time `frame` shows: the playhead's, or exactly `--after` for the screenshot frame.
    private func shownTime(of frame: FrameInfo) -> Double {
        let time = playhead.sceneTime(atLink: frame.animationTime)
        return options.screenshot != nil && time >= options.after ? options.after : time
    }

    /// The title, with the scene time and frame shown, at most ten times a second.
    private func updateTitle(window: WindowContext, at host: UInt64) {
        guard host >= lastTitleUpdate + 100_000_000 || lastTitleUpdate == 0 else { return }
        lastTitleUpdate = host
        let title = String(
            format: "Cadence — %@ — t = %.2f s, frame %d%@%@", scene.name, now, playhead.frame(atLink: link),
            playhead.isPlaying ? "" : " (paused)", reloadError == nil ? "" : " — error in the file"
        )
        if title != lastTitle {
            window.setTitle(title)
            lastTitle = title
        }
    }

    /// Reads the watched file again when it changed (looked at every quarter second): the new
    /// scene at the same time, or the error on stderr and in the window with the old scene kept.
    private func checkWatchedFile(at host: UInt64) {
        guard let watch = options.watch, host >= lastWatchCheck + 250_000_000 else { return }
        lastWatchCheck = host
        let stamp = FileStamp(path: watch.path)
        guard stamp != watchStamp else { return }
        watchStamp = stamp
        do throws(EngineError) {
            let fresh = try watch.reload()
            scene = fresh
            playhead.framesPerSecond = fresh.framesPerSecond ?? 60
            focus = nil
            focusChanges.removeAll()
            pending.removeAll()
            images.prefetch(scene.imageSources)
            reloadError = nil
            FileHandle.standardError.write(Data("cadence: reloaded \(watch.path) at \(String(format: "%.2f", now)) s\n".utf8))
        } catch {
            let message = error.description
            reloadError = message
            FileHandle.standardError.write(Data("cadence: \(message) (the last good scene keeps playing)\n".utf8))
        }
    }

    /// A red band across the top with `message` (its first lines), in framebuffer pixels.
    private func drawError(_ message: String, into list: inout DisplayList, scale: Double, width: Double) throws(TextError) {
        let text = message.split(separator: "\n").prefix(3).joined(separator: "\n")
        let layout = try FontLibrary.shared.layout(
            AttributedText(text, attributes: TextAttributes(font: try FontDescriptor(family: "DejaVu Sans", size: 13 * scale), color: .white)),
            options: TextLayoutOptions(width: max(width - 24 * scale, 1))
        )
        list.roundedRect(RoundedRect(rect: Rect(x: 0, y: 0, width: width, height: layout.size.height + 16 * scale), cornerRadius: 0,
                                     fill: Color(red: 0.8, green: 0.1, blue: 0.1, alpha: 0.92)))
        for run in layout.glyphRuns(at: Point(x: 12 * scale, y: 8 * scale)) { list.glyphs(run) }
    }

    // MARK: Overlay

    /// Frame rate, frame-time percentiles over the last second, dropped frames and a graph.
    /// Drawn in the bottom-left corner, in framebuffer pixels (`scale` per window point).
    private func drawOverlay(into list: inout DisplayList, scale: Double, height: Double) throws(TextError) {
        let recent = frameTimes.suffix(from: frameTimes.firstIndex { $0.time + 1_000_000_000 >= (frameTimes.last?.time ?? 0) } ?? 0)
        let intervals = zip(recent.dropFirst(), recent).map { Double($0.time - $1.time) / 1e6 }.sorted()
        let fps = intervals.isEmpty ? 0 : 1000 / (intervals.reduce(0, +) / Double(intervals.count))
        func percentile(_ p: Double) -> Double { intervals.isEmpty ? 0 : intervals[min(Int(Double(intervals.count) * p), intervals.count - 1)] }
        let text = String(format: "%.1f fps   p50 %.2f ms   p99 %.2f ms   dropped %d%@",
                          fps, percentile(0.5), percentile(0.99), droppedFrames, slowMotion ? "   slow ×10" : "")
        let panel = Rect(x: 12 * scale, y: height - 98 * scale, width: 560 * scale, height: 86 * scale)
        list.roundedRect(RoundedRect(rect: panel, cornerRadius: 10 * scale, fill: Color(hex: "#000000B0")!))
        let layout = try FontLibrary.shared.layout(AttributedText(text, attributes: TextAttributes(
            font: try FontDescriptor(family: "DejaVu Sans Mono", size: 13 * scale), color: .white
        )))
        for run in layout.glyphRuns(at: Point(x: panel.minX + 10 * scale, y: panel.minY + 8 * scale)) { list.glyphs(run) }
        // The last 120 frame intervals, 33 ms at the top.
        let graph = Rect(x: panel.minX + 10 * scale, y: panel.minY + 34 * scale, width: panel.width - 20 * scale, height: 44 * scale)
        list.line(Line(from: Point(x: graph.minX, y: graph.maxY - graph.height / 2), to: Point(x: graph.maxX, y: graph.maxY - graph.height / 2),
                       width: 1, color: Color(hex: "#FFFFFF40")!))
        let samples = zip(frameTimes.dropFirst(), frameTimes).map { Double($0.time - $1.time) / 1e6 }.suffix(120)
        let points = samples.enumerated().map { index, interval in
            Point(x: graph.minX + Double(index) / 119 * graph.width, y: graph.maxY - min(interval / 33.3, 1) * graph.height)
        }
        list.polyline(points, width: 1.5 * scale, color: Color(hex: "#34C759")!)
    }
}

/// The demo's frames: drawn into the window, with the overlay and the screenshot.
private final class DemoSink: FrameSink {
    let show: (DisplayList, FrameInfo) throws(EngineError) -> Void

    init(show: @escaping (DisplayList, FrameInfo) throws(EngineError) -> Void) {
        self.show = show
    }

    func take(_ list: DisplayList, frame: FrameInfo) throws(EngineError) {
        try show(list, frame)
    }
}

/// What identifies a file's version: its modification time, size and inode (an editor that
/// saves by renaming a new file over the old changes the inode).
struct FileStamp: Equatable {
    var seconds: Int
    var nanoseconds: Int
    var size: Int64
    var inode: UInt64

    /// The stamp of the file at `path`, or nil when there is none.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        seconds = Int(info.st_mtim.tv_sec)
        nanoseconds = Int(info.st_mtim.tv_nsec)
        size = Int64(info.st_size)
        inode = UInt64(info.st_ino)
    }
}
