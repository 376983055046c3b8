import CadenceImage
import Foundation
import CadenceDraw

/// Compares rendered images with committed golden PNGs.
///
/// Each check names its tolerance explicitly: `tolerance` is the largest per-channel difference
/// (0 ... 255) a pixel may have and still count as equal; `maxDifferingFraction` is the share of
/// pixels (0 ... 1) allowed to differ by more. On failure the actual image and a diff image go to
/// `.build/golden-failures/` and the message gives their paths. `CADENCE_RECORD_GOLDENS=1`
/// writes the golden instead — and fails, so a recording never passes unnoticed.
public struct GoldenCheck: Sendable {
    /// The folder holding the golden PNGs.
    public let directory: String
    /// The package root, where `.build/golden-failures/` lives.
    public let packageRoot: String

    /// Goldens in the `Goldens` folder next to the test file that makes this check.
    public init(testFile: StaticString = #filePath) {
        let file = URL(fileURLWithPath: "\(testFile)")
        directory = file.deletingLastPathComponent().appendingPathComponent("Goldens").path
        packageRoot = file.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }

    /// What a check found.
    public struct Outcome: Sendable {
        public let passed: Bool
        public let message: String
    }

    public static var isRecording: Bool {
        ProcessInfo.processInfo.environment["CADENCE_RECORD_GOLDENS"] == "1"
    }

    /// Compares `image` with the golden `name`.png.
    public func compare(_ image: RGBAImage, named name: String, tolerance: Int, maxDifferingFraction: Double) -> Outcome {
        let goldenPath = (directory as NSString).appendingPathComponent("\(name).png")
        if Self.isRecording {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                try image.writePNG(to: goldenPath, options: PNGOptions(level: 9, filter: .adaptive, encoder: .libpng))
                return Outcome(passed: false, message: "recorded golden \(goldenPath); look at it, then run again without CADENCE_RECORD_GOLDENS")
            } catch {
                return Outcome(passed: false, message: "cannot record golden \(goldenPath): \(error)")
            }
        }
        let golden: RGBAImage
        do {
            golden = try RGBAImage(contentsOfPNG: goldenPath)
        } catch {
            return Outcome(passed: false, message: "no golden \(name): \(error). Record it on purpose with CADENCE_RECORD_GOLDENS=1")
        }
        guard let diff = ImageDiff(expected: golden, actual: image, tolerance: tolerance) else {
            let actualPath = writeFailure(image, name: name, suffix: "actual")
            return Outcome(
                passed: false,
                message: "\(name): size \(image.width)x\(image.height) differs from the golden's \(golden.width)x\(golden.height); actual: \(actualPath)"
            )
        }
        let summary = "\(name): \(diff.differingPixels) of \(diff.totalPixels) pixels differ by more than \(tolerance) "
            + "(\(String(format: "%.5f", diff.differingFraction)), allowed \(maxDifferingFraction)); max channel difference \(diff.maxChannelDelta)"
        guard diff.differingFraction <= maxDifferingFraction else {
            let actualPath = writeFailure(image, name: name, suffix: "actual")
            let diffPath = writeFailure(diff.diffImage, name: name, suffix: "diff")
            return Outcome(passed: false, message: "\(summary)\n  actual: \(actualPath)\n  diff:   \(diffPath)\n  golden: \(goldenPath)")
        }
        return Outcome(passed: true, message: summary)
    }

    private func writeFailure(_ image: RGBAImage, name: String, suffix: String) -> String {
        let folder = (packageRoot as NSString).appendingPathComponent(".build/golden-failures")
        let path = (folder as NSString).appendingPathComponent("\(name).\(suffix).png")
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try image.writePNG(to: path)
            return path
        } catch {
            return "(not written: \(error))"
        }
    }
}
