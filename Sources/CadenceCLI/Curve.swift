import ArgumentParser
import CadenceAnimation
import CadenceDraw
import CadenceEngine
import CadenceImage
import CadenceScene
import CadenceText
import CadenceTools
import Foundation

/// `cadence curve SPEC`: a timing curve's samples, and optionally its plot.
struct Curve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print samples of a timing curve or spring, and optionally plot it to a PNG.",
        discussion: """
        Prints N lines 't value'. For curves t = i/(N-1) on [0, 1]; for springs t runs over [0, D] \
        seconds. SPEC is one of: \(CurveSpec.forms.joined(separator: ", ")).
        """
    )

    @Argument(help: "The curve, e.g. easeInOut, caEaseOut, cubicBezier(0.25,0.1,0.25,1), spring(1,100,10,0), easeOutBounce, steps(4,end).")
    var spec: String

    @Option(parsing: .unconditional, help: "Number of samples, 2 ... 1000000.")
    var samples = 11

    @Option(parsing: .unconditional, help: "Seconds to sample a spring over. Default: its settling duration. Springs only.")
    var duration: Double?

    @Option(parsing: .unconditional, help: "Rate of the power curves easeIn, easeOut, easeInOut (default 3).")
    var rate: Double?

    @Option(help: "Also draw the curve (grid, axes, labels) into this PNG file.")
    var plot: String?

    /// The most samples one command prints: about 40 MB of output.
    static let maximumSamples = 1_000_000

    func validate() throws {
        guard samples >= 2 else { throw ValidationError("--samples must be at least 2, got \(samples)") }
        guard samples <= Self.maximumSamples else {
            throw ValidationError("--samples must be at most \(Self.maximumSamples), got \(samples)")
        }
        if let duration, !(duration.isFinite && duration > 0 && duration <= SceneFile.maximumTime) {
            throw ValidationError("--duration must be a number of seconds above 0 and at most \(number(SceneFile.maximumTime)), got \(number(duration))")
        }
    }

    func run() throws {
        let curve: CurveSpec
        do {
            curve = try CurveSpec.parse(spec, rate: rate)
        } catch {
            throw fail(error.description)
        }
        let end: Double
        switch curve {
        case .curve:
            guard duration == nil else { throw fail("--duration applies to springs only, not '\(spec)'") }
            end = 1
        case .spring(let spring):
            end = duration ?? spring.settlingDuration
            guard end.isFinite, end > 0, end <= SceneFile.maximumTime else {
                throw fail("'\(spec)' never settles (it oscillates for ever without damping): pass --duration to sample it")
            }
        }
        let plotter = CurvePlot(spec: curve, title: spec, xEnd: end)
        var output = ""
        for i in 0..<samples {
            let t = Double(i) / Double(samples - 1) * end
            output += String(format: "%.15g %.15g\n", t, plotter.value(at: t))
        }
        if let plot {
            try MainActor.assumeIsolated {
                do {
                    let renderer = try OffscreenRenderer(width: Int(plotter.size.width), height: Int(plotter.size.height))
                    let list: DisplayList
                    do throws(TextError) {
                        list = try plotter.displayList()
                    } catch {
                        throw EngineError.invalidOption(name: "--plot", message: error.description)
                    }
                    let image = try renderer.render(list)
                    do throws(PNGError) {
                        try image.writePNG(to: plot)
                    } catch {
                        throw EngineError.png(error)
                    }
                } catch let error as EngineError {
                    throw fail(commandLineDescription(of: error))
                }
            }
        }
        print(output, terminator: "")
    }

    private func fail(_ message: String) -> ExitCode {
        printError(message)
        return ExitCode.failure
    }
}
