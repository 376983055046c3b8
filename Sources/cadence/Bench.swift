import ArgumentParser
import CadenceEngine
import Foundation

/// `cadence bench …`: measurements, each with a human table and `--json`.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure Cadence: frame pacing, and more to come.",
        subcommands: [Pacing.self]
    )
}

/// `cadence bench pacing`: the deadline-paced driver against a naive relative-sleep timer.
struct Pacing: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the paced driver and a naive timer with simulated work; print jitter, drift and dropped frames.",
        discussion: """
        Jitter is |interval - period| between consecutive callback starts; drift is how far the last \
        callback is from the vsync grid of the first; dropped counts vsyncs that passed with no callback.
        """
    )

    @Option(help: "Frames per driver.")
    var frames = 600

    @Option(help: "Refresh rate to pace at, Hz.")
    var fps: Double = 60

    @Option(name: .customLong("work-ms"), help: "Simulated work per frame (a busy loop), milliseconds.")
    var workMilliseconds: Double = 2

    @Option(name: .customLong("spin-ms"), help: "How long before each deadline the paced driver stops sleeping and spins, milliseconds.")
    var spinMilliseconds: Double = 0.5

    @Flag(help: "Print a JSON list of objects instead of a table.")
    var json = false

    @OptionGroup var logging: LoggingOptions

    func run() throws {
        logging.bootstrap()
        try MainActor.assumeIsolated {
            let results: [PacingResult]
            do {
                results = try PacingBenchmark.run(
                    frames: frames, fps: fps, workMilliseconds: workMilliseconds, spinMilliseconds: spinMilliseconds, logger: logging.logger
                )
            } catch let error as EngineError {
                printError(error.description)
                throw ExitCode.failure
            }
            if json {
                print("[\n  " + results.map(\.json).joined(separator: ",\n  ") + "\n]")
                return
            }
            print(String(format: "pacing at %g Hz, %d frames, %g ms of work per frame", fps, frames, workMilliseconds))
            print("driver  frames  jitter p50 ms  jitter p99 ms  jitter max ms    drift ms  dropped")
            for result in results {
                print(String(
                    format: "%-6@  %6d  %13.4f  %13.4f  %13.4f  %10.3f  %7d",
                    result.driver, result.frames, result.jitterP50, result.jitterP99, result.jitterMax, result.drift, result.dropped
                ))
            }
        }
    }
}
