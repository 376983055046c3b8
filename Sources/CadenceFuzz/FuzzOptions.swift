import CadenceAnimation
import CadenceEngine
import CadenceImage
import CadenceScene
import CadenceTiming
import Foundation

/// One options fuzz input: render options, one per line as `name value` (the `cadence render`
/// flag without its dashes, e.g. `size 64x48`, `shard 2/3`, `clock vrr:120,60@0.1s`), built into
/// `FrameDumpSettings` the way the CLI builds them and handed to the engine: the settings are
/// always planned (checked, frames chosen), and rendered for real when the plan is small.
/// Unknown lines are skipped, so every mutation still reaches the engine.
///
/// `out NAME` is kept inside the fuzzer's own scratch folder (no `..`, no absolute path), so a
/// fuzzer can try one-letter and nested names without writing anywhere else.
@MainActor @discardableResult
func fuzzOptions(_ data: Data) -> FuzzOutcome {
    guard let options = FuzzRenderOptions(String(decoding: data, as: UTF8.self)) else { return .rejected }
    let settings: FrameDumpSettings
    let frames: Range<Int>
    do throws(EngineError) {
        settings = try options.settings()
        frames = try settings.plan().frames
    } catch {
        return .rejected
    }
    guard frames.count * settings.width * settings.height <= FuzzRenderOptions.pixelBudget, frames.count <= 16 else { return .drawn }
    defer { FuzzScratch.clear() }
    var scene = Scene.demo
    if let motion = options.motion { scene.motion = motion }
    return (try? FrameDump.run(scene: scene, settings: settings)) == nil ? .rejected : .rendered
}

/// Render options read from an options fuzz input.
@MainActor
struct FuzzRenderOptions {
    /// The most frames × pixels rendered for one input (planned beyond it, not drawn).
    static let pixelBudget = 64 * 64 * 16
    /// Most lines read (a fuzzer's input stays small; this only bounds a hostile one).
    static let maximumLines = 64

    var width = 64
    var height = 36
    var fps = 60.0
    var duration = 0.05
    var format = OutputFormat.png
    var level = 1
    var filter = PNGOptions.Filter.none
    var encoder: PNGOptions.Encoder?
    var jobs: Int?
    var frames: ClosedRange<Int>?
    var shard: (index: Int, count: Int)?
    var fullRedraw = false
    var readback = ReadbackMode.default
    var clock: String?
    var clockTrace: String?
    var motion: MotionProfile?
    var out = "frames"

    /// The options in `text`; nil when it is not text lines at all.
    init?(_ text: String) {
        guard !text.contains("\0") else { return nil }
        for line in text.split(whereSeparator: \.isNewline).prefix(Self.maximumLines) {
            let parts = line.split(separator: " ", maxSplits: 1)
            guard let name = parts.first else { continue }
            read(String(name), parts.count > 1 ? String(parts[1]) : "")
        }
    }

    private mutating func read(_ name: String, _ value: String) {
        switch name {
        case "size":
            // As the CLI reads WxH: sides out of range stay out of range without trapping.
            let sides = value.lowercased().split(separator: "x", omittingEmptySubsequences: false).compactMap { Double($0) }
            guard sides.count == 2 else { return }
            let limit = Double(SceneFile.maximumFrameSide + 1)
            width = sides[0].isFinite && sides[0] == sides[0].rounded() ? Int(min(max(sides[0], 0), limit)) : 0
            height = sides[1].isFinite && sides[1] == sides[1].rounded() ? Int(min(max(sides[1], 0), limit)) : 0
        case "fps": fps = Double(value) ?? fps
        case "duration": duration = Double(value) ?? duration
        case "format": format = OutputFormat(rawValue: value) ?? format
        case "png-level": level = Int(value) ?? level
        case "png-filter": filter = PNGOptions.Filter(rawValue: value) ?? filter
        case "png-encoder": encoder = PNGOptions.Encoder(rawValue: value)
        case "jobs": jobs = Int(value)
        case "frames":
            let ends = value.components(separatedBy: "..").compactMap { Int($0) }
            if ends.count == 2, ends[0] <= ends[1] { frames = ends[0]...ends[1] }
        case "shard":
            let parts = value.split(separator: "/").compactMap { Int($0) }
            if parts.count == 2 { shard = (parts[0], parts[1]) }
        case "full-redraw": fullRedraw = true
        case "readback": readback = ReadbackMode(rawValue: value) ?? readback
        case "clock": clock = value
        case "clock-trace": clockTrace = value
        case "motion": motion = MotionProfile(rawValue: value)
        case "out": out = FuzzScratch.path(for: value)
        default: break
        }
    }

    /// The settings as `cadence render` makes them from the same flags.
    func settings() throws(EngineError) -> FrameDumpSettings {
        // Jobs as the engine bounds them: a fuzzer's 10⁹ threads would test the machine, not Cadence.
        var settings = FrameDumpSettings(
            width: width, height: height, fps: fps, duration: duration,
            outputDirectory: format.isAnimated && out == "frames" ? FuzzScratch.path(for: "animation.\(format.rawValue)") : out,
            png: PNGOptions(level: level, filter: filter, encoder: encoder), jobs: jobs.map { min($0, 4) }
        )
        settings.format = format
        settings.frames = frames
        settings.shard = shard
        settings.fullRedraw = fullRedraw
        settings.readback = readback
        do throws(ClockTraceError) {
            if let clockTrace {
                settings.clock = try VSyncTrace.parse(Data(clockTrace.utf8))
            } else if let clock {
                settings.clock = try ClockSpec(clock).generate(fps: fps, duration: duration)
            }
        } catch {
            throw .clockTrace(error)
        }
        return settings
    }
}

/// The options fuzzer's scratch folder: outputs go there and are removed after each input.
@MainActor
enum FuzzScratch {
    static let root: String = {
        let path = NSTemporaryDirectory() + "cadence-fuzz-options-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// `name` inside the scratch folder: its folders kept, `..` and empty parts dropped.
    static func path(for name: String) -> String {
        let parts = name.split(separator: "/").filter { $0 != ".." && $0 != "." }.prefix(8)
        return ([root] + parts.map(String.init)).joined(separator: "/")
    }

    /// Removes everything the last input wrote.
    static func clear() {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [] {
            try? FileManager.default.removeItem(atPath: root + "/" + name)
        }
    }
}
