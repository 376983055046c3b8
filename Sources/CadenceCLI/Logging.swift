import ArgumentParser
import Logging

/// `--verbose`: Cadence is quiet by default (warnings only, on stderr).
struct LoggingOptions: ParsableArguments {
    @Flag(help: "Log more (to stderr).")
    var verbose = false

    /// Sends swift-log output to stderr, so stdout stays clean for tables and JSON.
    func bootstrap() {
        let level: Logger.Level = verbose ? .debug : .warning
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }

    var logger: Logger { Logger(label: "cadence") }
}
