import ArgumentParser
import CadenceAnimation
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

/// `--motion full|reduced|none`.
extension MotionProfile: ExpressibleByArgument {}
