import ArgumentParser
import CadenceDraw
import CadenceImage
import Foundation

/// `cadence compare`: golden-test tool for users' own suites.
struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare two PNGs: exit 0 when they match within the tolerance, 1 when not.",
        discussion: """
        A pixel differs when any channel differs by more than --tolerance; the images match when the \
        share of differing pixels is at most --max-diff-fraction. The defaults, 2 levels and no pixel \
        beyond, are CadenceTesting's (FrameTolerance.standard). --diff writes an image with the \
        differing pixels in red over a faded copy of EXPECTED; --isolated-diff one with only the \
        differing pixels, as ACTUAL has them, on transparency. Bad input (unreadable files, \
        different sizes) exits 2.
        """
    )

    @Argument(help: "The golden image.")
    var expected: String

    @Argument(help: "The image to check.")
    var actual: String

    @Option(parsing: .unconditional, help: "Largest per-channel difference (0...255) that still counts as equal. Default 2, as CadenceTesting's: GL drivers round blends differently by a level or two.")
    var tolerance = ImageDiff.defaultTolerance

    @Option(name: .customLong("max-diff-fraction"), parsing: .unconditional, help: "Share of pixels (0...1) allowed to differ by more. Default 0, as CadenceTesting's.")
    var maxDiffFraction = ImageDiff.defaultDifferingFraction

    @Option(help: "Write a diff image here.")
    var diff: String?

    @Option(name: .customLong("isolated-diff"), help: "Write an image of only the differing pixels here.")
    var isolatedDiff: String?

    func validate() throws {
        guard (0...255).contains(tolerance) else { throw ValidationError("--tolerance must be 0...255, got \(tolerance)") }
        guard maxDiffFraction.isFinite, (0...1).contains(maxDiffFraction) else {
            throw ValidationError("--max-diff-fraction must be between 0 and 1, got \(maxDiffFraction)")
        }
    }

    func run() throws {
        let golden: RGBAImage
        let candidate: RGBAImage
        do {
            golden = try RGBAImage(contentsOfPNG: expected)
            candidate = try RGBAImage(contentsOfPNG: actual)
        } catch {
            printError("\(error)")
            throw ExitCode(2)
        }
        guard let result = ImageDiff(expected: golden, actual: candidate, tolerance: tolerance) else {
            printError("\(actual) is \(candidate.width)x\(candidate.height) but \(expected) is \(golden.width)x\(golden.height)")
            throw ExitCode(2)
        }
        for (path, image) in [(diff, result.diffImage), (isolatedDiff, result.isolatedImage)] {
            guard let path else { continue }
            do {
                try image.writePNG(to: path)
            } catch {
                printError("\(error)")
                throw ExitCode(2)
            }
        }
        let matches = result.differingFraction <= maxDiffFraction
        print(String(
            format: "%@: %d of %d pixels differ by more than %d (%.6f, allowed %.6f); max channel difference %d",
            matches ? "match" : "DIFFERENT", result.differingPixels, result.totalPixels, tolerance,
            result.differingFraction, maxDiffFraction, result.maxChannelDelta
        ))
        if !matches { throw ExitCode.failure }
    }
}
