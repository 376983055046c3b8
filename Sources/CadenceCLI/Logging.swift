import ArgumentParser
import Logging

/// `--verbose`, `--quiet`: Cadence logs warnings only by default, on stderr.
struct LoggingOptions: ParsableArguments {
    @Flag(help: "Log more (to stderr).")
    var verbose = false

    @Flag(help: "Log errors only: no warnings, such as dropped frames (what a command prints itself, such as --watch's reloads and errors, still shows).")
    var quiet = false

    func validate() throws {
        if verbose, quiet { throw ValidationError("--verbose and --quiet ask for opposite things: choose one") }
    }

    /// Sends swift-log output to stderr, so stdout stays clean for tables and JSON.
    func bootstrap() {
        let level: Logger.Level = quiet ? .error : verbose ? .debug : .warning
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }

    var logger: Logger { Logger(label: "cadence") }
}
