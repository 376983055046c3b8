import ArgumentParser
import CadenceAnimation
import CadenceEngine
import CadenceScene

/// `--motion full|reduced|none`, shared by `render`, `demo` and `sheet`.
struct MotionOptions: ParsableArguments {
    @Option(help: "full: everything moves; reduced: movement becomes cross-fades of the same duration (each node's \"reducedMotion\" rule); none: every animation jumps to its final value. Default: the scene file's \"motion\", else full.")
    var motion: MotionProfile?

    /// `scene` with the profile given on the command line, when one was.
    func applied(to scene: Scene) -> Scene {
        var scene = scene
        if let motion { scene.motion = motion }
        return scene
    }
}

/// `--trace FILE`, shared by `render` and `demo`.
struct TraceOptions: ParsableArguments {
    @Option(help: "Also write every animation and widget event, with its scene time and the first frame showing it, to this file as a Chrome trace (Perfetto, chrome://tracing).")
    var trace: String?

    /// Throws unless the trace can be written (checked before any work).
    func check() throws(EngineError) {
        guard let trace else { return }
        do {
            try SceneTracer.checkWritable(trace)
        } catch {
            throw .trace(error)
        }
    }

    /// Writes `scene`'s trace through `end` seconds with the frames given, whole or not at all.
    func write(_ scene: Scene, frames: SceneTracer.Frames, through end: Double?) throws(EngineError) {
        guard let trace else { return }
        do {
            try SceneTracer(scene: scene).write(to: trace, frames: frames, through: end)
        } catch {
            throw .trace(error)
        }
    }
}

/// `--motion full|reduced|none`.
extension MotionProfile: ExpressibleByArgument {}
