import ArgumentParser
import CadenceEngine
import CadenceRender

/// `--backend`, shared by the commands that render offscreen (`render`, `sheet`, `check fps`,
/// `bench render`, `bench soak`).
struct BackendOptions: ParsableArguments {
    @Option(help: "What draws the frames: gl (OpenGL offscreen; llvmpipe without a GPU) or cpu (Cadence's own rasteriser: no GL, the same bytes on every machine).")
    var backend: RenderBackendKind = .default
}

extension RenderBackendKind: ExpressibleByArgument {}
