import Foundation
import Testing

/// A misspelt command is named with the nearest one, at every level of commands, rather than
/// "2 unexpected arguments"; commands spelt right parse as before.
@Suite struct MistypedCommandTests {
    @Test(arguments: [
        (["rendr"], "cadence: unknown command 'rendr'; did you mean 'render'?"),
        (["rendr", "scene.json", "--out", "x"], "cadence: unknown command 'rendr'; did you mean 'render'?"),
        (["bench", "rendr"], "cadence bench: unknown command 'rendr'; did you mean 'render'?"),
        (["lottie", "inf", "a.json"], "cadence lottie: unknown command 'inf'; did you mean 'info'?"),
        (["check", "fsp"], "cadence check: unknown command 'fsp'; did you mean 'fps'?"),
        (["xyzzy"], "cadence: unknown command 'xyzzy' (commands: render, demo, curve, sheet, compare, check, bench, lottie)"),
    ])
    func aMisspeltCommandIsNamedWithTheNearest(arguments: [String], message: String) throws {
        let result = try CLI.run(arguments, in: NSTemporaryDirectory())
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func commandsSpeltRightParseAsBefore() throws {
        let help = try CLI.run(["help", "render"], in: NSTemporaryDirectory())
        #expect(help.status == 0 && help.stdout.contains("USAGE: cadence render"), "\(help.stdout)\(help.stderr)")
        let curve = try CLI.run(["curve", "--help"], in: NSTemporaryDirectory())
        #expect(curve.status == 0, "\(curve.stderr)")
        let missing = try CLI.run(["render", "nowhere.json", "--out", "x"], in: NSTemporaryDirectory())
        #expect(missing.status != 0 && !missing.stderr.contains("unknown command"), "\(missing.stderr)")
    }
}
