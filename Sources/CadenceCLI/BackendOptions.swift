import ArgumentParser
import CadenceEngine
import CadenceRender

/// `--backend`, shared by the commands that draw (`render`, `sheet`, `demo`, `check fps`,
/// `bench render`, `bench soak`, `bench lottie`).
struct BackendOptions: ParsableArguments {
    /// What `--backend` asks for.
    enum Choice: String, ExpressibleByArgument, CaseIterable {
        /// The CPU offscreen (frames, sheets, benchmarks, Lottie: faster there than llvmpipe and
        /// the same bytes on every machine), GL in a window.
        case auto
        case gl
        case cpu
    }

    @Option(help: "What draws the frames: auto (the default: cpu offscreen, gl in demo's window), gl (OpenGL; llvmpipe without a GPU) or cpu (Cadence's own rasteriser: no GL, the same bytes on every machine).")
    var backend: Choice = .auto

    /// The backend of a command that draws offscreen: `auto` is the CPU's.
    var offscreen: RenderBackendKind { backend == .gl ? .gl : .cpu }

    /// The backend of a window: `auto` is GL's.
    var window: RenderBackendKind { backend == .cpu ? .cpu : .gl }
}
