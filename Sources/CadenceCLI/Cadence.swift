import ArgumentParser
import CadenceEngine

/// The `cadence` command line.
@main
struct Cadence: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cadence",
        abstract: "Cadence: iOS-style UI animation on Linux, rendered with OpenGL in a window or offscreen.",
        version: CadenceVersion.string,
        subcommands: [Render.self, Demo.self, Curve.self, Sheet.self, Compare.self, Check.self, Bench.self, LottieCommand.self]
    )
}
