import ArgumentParser
import CadenceAnimation
import CadenceEngine
import Foundation

/// The `cadence` command line.
@main
struct Cadence: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cadence",
        abstract: "Cadence: iOS-style UI animation on Linux, drawn by OpenGL or its own CPU rasteriser, in a window or offscreen.",
        version: Cadence.version,
        subcommands: [Render.self, Demo.self, Curve.self, Sheet.self, Compare.self, Check.self, Bench.self, LottieCommand.self]
    )

    /// What `--version` prints and every bench's JSON carries as `version`: the version and the
    /// commit built (`buildCommit`, stamped by the BuildCommit plugin), `0.3.0-dev+1a2b3c4d5e6f`.
    static let version = CadenceVersion.withCommit(buildCommit)

    /// A misspelt command is named with the nearest one before the parser sees it (which would
    /// say only "2 unexpected arguments"); everything else is parsed as usual.
    static func main() {
        if let message = unknownCommand(in: Array(CommandLine.arguments.dropFirst())) {
            FileHandle.standardError.write(Data("Error: \(message)\n".utf8))
            Foundation.exit(64)
        }
        main(nil)
    }

    /// What is wrong with `arguments` when they name a command `command` does not have: "unknown
    /// command 'rendr'; did you mean 'render'? (commands: …)"; nil when they name one, or none.
    static func unknownCommand(in arguments: [String], of command: any ParsableCommand.Type = Cadence.self, path: String = "cadence") -> String? {
        let subcommands = command.configuration.subcommands
        // A command without subcommands, or with a default one (whose arguments may come first),
        // reads its own arguments.
        guard !subcommands.isEmpty, command.configuration.defaultSubcommand == nil, let first = arguments.first,
              !first.hasPrefix("-"), first != "help" else { return nil }
        if let named = subcommands.first(where: { $0._commandName == first || $0.configuration.aliases.contains(first) }) {
            return unknownCommand(in: Array(arguments.dropFirst()), of: named, path: path + " " + first)
        }
        let names = subcommands.map { $0._commandName }
        return "\(path): unknown command '\(first)'\(Spelling.suggestion(for: first, among: names)) (commands: \(names.joined(separator: ", ")))"
    }
}
