import ArgumentParser
import CadenceEngine
import CadenceScene
import CadenceTiming
import CadenceTools
import Foundation

/// `cadence check …`: checks a scene keeps a promise, exit 1 when it does not.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check that a scene keeps Cadence's promises.",
        subcommands: [FPS.self]
    )
}

/// `cadence check fps`: the scene looks and animates the same at every frame rate.
struct FPS: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fps",
        abstract: "Render a scene at several frame rates and compare the frames and each node's animated values at the timestamps they share.",
        discussion: """
        Prints each node's largest pixel difference (8-bit levels inside its frame) and largest \
        animated-value difference from the first rate, then exits 0 when all are within the \
        tolerances and 1 when one is above them. Option errors exit 64.
        """
    )

    @Argument(help: "A scene file (JSON), or demo for the built-in demo scene (the default).")
    var scene: String?

    @Option(parsing: .unconditional, help: "Frame rates to compare, Hz, comma-separated; the first is the reference.")
    var rates = "30,60,90,120,144"

    @Option(parsing: .unconditional, help: "Seconds of the timeline to render at each rate, from 0. Default: the scene's duration, else until its last finite animation or event ends, else 2.")
    var duration: Double?

    @Option(parsing: .unconditional, help: "Frame size in pixels, WxH. Default: the scene's size.")
    var size: FrameSize?

    @Option(parsing: .unconditional, help: "Jitter and drops for each rate's vsyncs, as render --clock: jitter:0.5ms,seed=7, drop:every=30, drop:5%,seed=3 (joined with +).")
    var clock: String?

    @Option(parsing: .unconditional, help: "Largest pixel difference allowed, 8-bit levels 0...255.")
    var tolerance = 1

    @Option(name: .customLong("value-tolerance"), parsing: .unconditional, help: "Largest animated-value difference allowed, in the value's own units.")
    var valueTolerance = 1e-6

    @OptionGroup var sceneOptions: SceneOptions

    @OptionGroup var backendOptions: BackendOptions

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        try size?.check("--size")
        _ = try parsedRates()
        guard (0...255).contains(tolerance) else { throw ValidationError("--tolerance must be 0...255 (8-bit levels), got \(tolerance)") }
        guard valueTolerance.isFinite, valueTolerance >= 0 else {
            throw ValidationError("--value-tolerance must be a finite number, 0 or more, got \(number(valueTolerance))")
        }
        if let duration {
            guard duration.isFinite, duration > 0, duration <= SceneFile.maximumTime else {
                throw ValidationError("--duration must be a number of seconds above 0 and at most \(number(SceneFile.maximumTime)), got \(number(duration))")
            }
        }
    }

    private func parsedRates() throws(ValidationError) -> [Double] {
        var result: [Double] = []
        for field in rates.split(separator: ",", omittingEmptySubsequences: false) {
            guard let rate = Double(field.trimmingCharacters(in: .whitespaces)), rate.isFinite, rate > 0, rate <= ClockSpec.maximumRate else {
                throw ValidationError("--rates must be frame rates in Hz above 0 and at most \(Int(ClockSpec.maximumRate)), comma-separated, got '\(field)' in \(rates)")
            }
            result.append(rate)
        }
        guard result.count >= 2 else { throw ValidationError("--rates needs at least 2 rates to compare, got \(rates)") }
        return result
    }

    func run() throws {
        logging.bootstrap()
        var passed = true
        try onMainActor { () throws(EngineError) in passed = try check() }
        if !passed { throw ExitCode.failure }
    }

    @MainActor
    private func check() throws(EngineError) -> Bool {
        let spec = try clock.map { text throws(EngineError) in
            guard ClockSpec.looksLikeSpec(text) else {
                throw .invalidOption(name: "--clock", message: "check fps takes a spec (jitter:…, drop:…) applied at each rate, not a trace file, got \(text)")
            }
            do throws(ClockTraceError) {
                return try ClockSpec(text)
            } catch {
                throw .clockTrace(error)
            }
        }
        let loaded = try sceneOptions.load(sceneArgument(scene))
        let rateList: [Double]
        do {
            rateList = try parsedRates()
        } catch {
            throw .invalidOption(name: "--rates", message: error.message)
        }
        // The scene's own length, up to the limit a check renders.
        let duration = self.duration ?? min(loaded.duration ?? loaded.naturalDuration ?? 2, SceneFile.maximumTime)
        var settings = FrameRateCheck.Settings(
            rates: rateList, duration: duration,
            width: size?.width ?? Int(loaded.size.width), height: size?.height ?? Int(loaded.size.height),
            clock: spec, tolerance: tolerance, valueTolerance: valueTolerance
        )
        settings.backend = backendOptions.offscreen
        let result = try FrameRateCheck.run(scene: loaded, settings: settings)
        let rateText = rateList.map { String(format: "%g", $0) }.joined(separator: ", ")
        let step = result.sharedTimes.count > 1 ? result.sharedTimes[1] - result.sharedTimes[0] : 0
        print(String(
            format: "check fps: %@ at %@ fps%@, %g s at %dx%d: %d shared timestamps (every %.4g s), %d frames",
            loaded.name, rateText, clock.map { " with --clock \($0)" } ?? "", duration, settings.width, settings.height,
            result.sharedTimes.count, step, result.framesPerRate.reduce(0, +)
        ))
        print("node                      type                      pixels  value diff  largest at")
        for node in result.nodes {
            let pixels = node.pixels.map { String($0) } ?? "-"
            let value = node.value.map { String(format: "%.3g", $0) } ?? "-"
            var at = ""
            if let time = node.time, let rate = node.rate, (node.pixels ?? 0) > 0 || (node.value ?? 0) > 0 {
                at = String(format: "t=%.4g s, %g fps vs %g", time, rate, rateList[0]) + (node.valueName.map { " (\($0))" } ?? "")
            }
            print(padded(node.id, 24) + "  " + padded(node.typeName, 24) + "  " + String(repeating: " ", count: max(0, 6 - pixels.count)) + pixels
                  + "  " + String(repeating: " ", count: max(0, 10 - value.count)) + value + "  " + at)
        }
        let limits = "--tolerance \(tolerance) (levels) and --value-tolerance \(String(format: "%g", valueTolerance))"
        if result.passed {
            print("passed: frame-rate independent within \(limits)")
            return true
        }
        for node in result.nodes where (node.pixels ?? 0) > tolerance || (node.value ?? 0) > valueTolerance {
            printError("\(node.id) depends on the frame rate: " + String(
                format: "%d levels, value difference %.6g%@ at t=%.6g s (%g fps against %g fps), above %@",
                node.pixels ?? 0, node.value ?? 0, node.valueName.map { " in \($0)" } ?? "", node.time ?? 0, node.rate ?? 0, rateList[0], limits
            ))
        }
        return false
    }
}

/// A scene argument: `demo` means the built-in demo scene unless a file of that name exists.
func sceneArgument(_ argument: String?) -> String? {
    guard let argument, argument != "demo" || FileManager.default.fileExists(atPath: argument) else { return nil }
    return argument
}
