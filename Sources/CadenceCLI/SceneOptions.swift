import ArgumentParser
import CadenceEngine
import CadenceScene

/// `--strict` and `--quirks`, shared by the commands that read a scene file (`render`, `demo`,
/// `sheet`, `check fps`).
struct SceneOptions: ParsableArguments {
    @Flag(help: "Treat unknown keys in the scene file as errors, not warnings.")
    var strict = false

    @Option(help: "original: every node that has quirks reproduces its original exactly, bugs included (a node's own \"quirks\" key wins); none: Cadence's behaviour.")
    var quirks: Quirks = .none

    @Option(help: "A dotLottie file's animation to play, by its id in manifest.json. Default: the first.")
    var animation: String?

    @Option(help: "Play only this marker's frames of a Lottie file (its start for its duration).")
    var marker: String?

    /// The scene at `path` (the built-in demo for nil) read with these options; its warnings on stderr.
    func load(_ path: String?) throws(EngineError) -> Scene {
        try loadScene(path, strict: strict, quirks: quirks, animation: animation, marker: marker)
    }
}
