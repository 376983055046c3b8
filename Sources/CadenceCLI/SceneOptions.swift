import ArgumentParser
import CadenceEngine
import CadenceFiles
import CadenceLottie
import CadenceScene
import Foundation

/// `--strict`, `--quirks` and a Lottie file's `--animation`, `--marker` and `--assets`, shared by
/// the commands that read a scene file (`render`, `demo`, `sheet`, `check fps`).
struct SceneOptions: ParsableArguments {
    @Flag(help: "Treat unknown keys in the scene file as errors, not warnings.")
    var strict = false

    @Option(help: "original: every node that has quirks reproduces its original exactly, bugs included (a node's own \"quirks\" key wins); none: Cadence's behaviour.")
    var quirks: Quirks = .none

    @Option(help: "A dotLottie file's animation to play, by its id in manifest.json. Default: the first.")
    var animation: String?

    @Option(help: "Play only this marker's frames of a Lottie file (its start for its duration).")
    var marker: String?

    @OptionGroup var assetOptions: AssetOptions

    /// The scene at `path` (the built-in demo for nil) read with these options; its warnings on stderr.
    func load(_ path: String?) throws(EngineError) -> Scene {
        try loadScene(
            path, strict: strict, quirks: quirks, animation: animation, marker: marker, assets: assetOptions.assets,
            expressions: assetOptions.expressions == .on, slots: try assetOptions.slots(), theme: assetOptions.theme
        )
    }
}

/// `on` or `off`.
enum Switch: String, ExpressibleByArgument, CaseIterable {
    case on, off
}

/// `--assets DIR` and `--expressions on|off`, shared by the commands that read a Lottie file
/// named on the command line.
struct AssetOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "A folder a Lottie file's image files (an asset's u + p) may be read from, anywhere inside it. Default: only the Lottie file's own folder. Paths that leave the folder (.., an absolute path, a symbolic link) and URLs are never read: the image is left out, with a warning naming the asset and path.",
        valueName: "dir"
    ))
    var assets: String?

    @Option(help: ArgumentHelp(
        "on: a Lottie file's expressions are run (sandboxed, within a budget of steps and memory; one that fails warns and its keyframed value is used); off: the keyframed values are used.",
        valueName: "on|off"
    ))
    var expressions: Switch = .on

    @Option(name: .customLong("slot"), help: ArgumentHelp(
        "Set a Lottie slot (a property with \"sid\"): ID=VALUE, VALUE in JSON (a number, [r, g, b, a], [x, y], a property {\"a\": 1, \"k\": […]}), or text for a text or image slot. Repeatable; wins over --slots and --theme.",
        valueName: "id=value"
    ))
    var slotValues: [String] = []

    @Option(name: .customLong("slots"), help: ArgumentHelp("A JSON file of slot id → value, as --slot takes them.", valueName: "file"))
    var slotsFile: String?

    @Option(help: ArgumentHelp("A dotLottie file's theme, by its id in manifest.json: its rules set the animation's slots.", valueName: "id"))
    var theme: String?

    /// The slots `--slots` and `--slot` give, the latter winning.
    func slots() throws(EngineError) -> LottieSlots {
        var slots = LottieSlots()
        if let slotsFile {
            let data: Data
            do throws(FileProblem) {
                data = try FilePaths.read(slotsFile, limit: 1 << 24)
            } catch {
                throw .invalidOption(name: "--slots", message: "\(slotsFile): \(error.reason)")
            }
            do throws(LottieError) {
                slots = try LottieSlots.parse(data, name: slotsFile)
            } catch {
                throw .invalidOption(name: "--slots", message: error.description)
            }
        }
        for entry in slotValues {
            guard let equals = entry.firstIndex(of: "="), equals != entry.startIndex else {
                throw .invalidOption(name: "--slot", message: "takes ID=VALUE, got \(entry)")
            }
            slots.set(String(entry[..<equals]), json: String(entry[entry.index(after: equals)...]))
        }
        return slots
    }

    func validate() throws {
        guard let assets else { return }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: assets, isDirectory: &isFolder), isFolder.boolValue else {
            throw ValidationError("--assets must name a folder, got \(assets)")
        }
    }
}

extension Scene {
    /// How many seconds a render at `fps` lasts when `--duration` is not given: the scene's own
    /// `duration` (a scene file's key, a Lottie composition's length); else up to and including
    /// the frame at its natural end (`naturalDuration`: the last finite animation or event), so
    /// that the end state is drawn; else 2 s.
    func defaultDuration(fps: Double) -> Double {
        if let duration { return duration }
        guard let end = naturalDuration, fps > 0, fps.isFinite else { return 2 }
        let frames = (end * fps + 1e-9).rounded(.down) + 1
        return frames / fps
    }

    /// Where the default duration comes from, for messages about it.
    var defaultDurationSource: String {
        if duration != nil { return "the scene's duration" }
        if let end = naturalDuration { return "the scene's natural length (its last animation or event ends at \(end) s)" }
        return "the default"
    }
}
