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
        share of differing pixels is at most --max-diff-fraction. --diff writes an image with the \
        differing pixels in red over a faded copy of EXPECTED. Bad input (unreadable files, different \
        sizes) exits 2.
        """
    )

    @Argument(help: "The golden image.")
    var expected: String

    @Argument(help: "The image to check.")
    var actual: String

    @Option(parsing: .unconditional, help: "Largest per-channel difference (0...255) that still counts as equal. Default 1: GL drivers round blends differently by one level.")
    var tolerance = 1

    @Option(name: .customLong("max-diff-fraction"), parsing: .unconditional, help: "Share of pixels (0...1) allowed to differ.")
    var maxDiffFraction = 0.0

    @Option(help: "Write a diff image here.")
    var diff: String?

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
        if let diff {
            do {
                try result.diffImage.writePNG(to: diff)
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
