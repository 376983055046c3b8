import CadenceDraw
import CadenceImage
import Foundation

/// Compares rendered images with committed golden PNGs, and records them on purpose.
///
/// Each check names its tolerance: `tolerance` is the largest per-channel difference (0 ... 255)
/// a pixel may have and still count as equal; `maxDifferingFraction` is the share of pixels
/// (0 ... 1) allowed to differ by more; the defaults are `ImageDiff.defaultTolerance` (2) and
/// `ImageDiff.defaultDifferingFraction` (none), as `cadence compare`'s. On failure the actual
/// image, a diff image (differing pixels red over the faded golden) and an isolated diff (only
/// the differing pixels, on transparency) go to `.build/golden-failures/` of the package, and
/// the message gives their paths and, for a sheet, which of its times differ. With
/// `CADENCE_RECORD_GOLDENS=1` in the environment the golden is written instead — and the check
/// fails, so that a recording never passes unnoticed.
///
/// `assertFrames(of:at:named:…)` is the usual way in; `GoldenCheck` is for images made some
/// other way.
public struct GoldenCheck: Sendable {
    /// The environment variable that makes every check record its golden.
    public static let recordVariable = "CADENCE_RECORD_GOLDENS"

    /// The folder holding the golden PNGs.
    public let directory: String
    /// Where the actual and diff images of failed checks go.
    public let failureDirectory: String

    /// Goldens in the `Goldens` folder next to the test file that makes this check; failures
    /// under `.build/golden-failures/` of the package that holds it (the folder above `Tests`).
    public init(testFile: StaticString = #filePath) {
        let file = URL(fileURLWithPath: "\(testFile)")
        let packageRoot = file.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        self.init(
            directory: file.deletingLastPathComponent().appendingPathComponent("Goldens").path,
            failureDirectory: packageRoot.appendingPathComponent(".build/golden-failures").path
        )
    }

    /// Goldens in `directory`, failure images in `failureDirectory`.
    public init(directory: String, failureDirectory: String) {
        self.directory = directory
        self.failureDirectory = failureDirectory
    }

    /// What a check found: whether it passed, and a message saying why, with the paths of the
    /// images to look at when it did not.
    public struct Outcome: Sendable {
        /// Whether the image matched its golden within the tolerance.
        public let passed: Bool
        /// What was compared and found; on failure, the paths of the actual and diff images.
        public let message: String
    }

    /// Whether `CADENCE_RECORD_GOLDENS=1` is set: checks write their goldens and fail.
    public static var isRecording: Bool {
        ProcessInfo.processInfo.environment[recordVariable] == "1"
    }

    /// The path of the golden called `name`.
    public func goldenPath(named name: String) -> String {
        (directory as NSString).appendingPathComponent("\(name).png")
    }

    /// A named part of an image (a sheet's frame at one time), counted apart when it differs.
    public struct Region: Sendable, Hashable {
        /// What the part shows, e.g. `t = 0.5 s`.
        public var label: String
        /// Where it lies in the image.
        public var rect: PixelRect

        /// `label` for the pixels of `rect`.
        public init(label: String, rect: PixelRect) {
            self.label = label
            self.rect = rect
        }
    }

    /// Compares `image` with the golden `name`.png (or records it, when recording). A failure
    /// names each of `regions` that holds differing pixels, with their count.
    public func compare(
        _ image: RGBAImage, named name: String, tolerance: Int = ImageDiff.defaultTolerance,
        maxDifferingFraction: Double = ImageDiff.defaultDifferingFraction, regions: [Region] = []
    ) -> Outcome {
        let goldenPath = goldenPath(named: name)
        if Self.isRecording {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                try image.writePNG(to: goldenPath, options: PNGOptions(level: 9, filter: .adaptive, encoder: .libpng))
                return Outcome(passed: false, message: "recorded golden \(goldenPath); look at it, then run again without \(Self.recordVariable)")
            } catch {
                return Outcome(passed: false, message: "cannot record golden \(goldenPath): \(error)")
            }
        }
        guard FileManager.default.fileExists(atPath: goldenPath) else {
            let actualPath = writeFailure(image, name: name, suffix: "actual")
            return Outcome(
                passed: false,
                message: "no golden \(name) at \(goldenPath). Record it on purpose by running the test with \(Self.recordVariable)=1 "
                    + "in the environment (e.g. `\(Self.recordVariable)=1 swift test --filter …`), look at the PNG, and commit it; "
                    + "actual: \(actualPath)"
            )
        }
        let golden: RGBAImage
        do {
            golden = try RGBAImage(contentsOfPNG: goldenPath)
        } catch {
            return Outcome(passed: false, message: "cannot read golden \(goldenPath): \(error). Record it again with \(Self.recordVariable)=1")
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
            let isolatedPath = writeFailure(diff.isolatedImage, name: name, suffix: "isolated")
            var places = ""
            let differing = regions.compactMap { region -> String? in
                let count = diff.differingPixels(in: region.rect)
                return count > 0 ? "\(region.label) (\(count) pixels)" : nil
            }
            if !differing.isEmpty { places = "\n  differs at: " + differing.joined(separator: ", ") }
            return Outcome(
                passed: false,
                message: "\(summary)\(places)\n  actual:   \(actualPath)\n  diff:     \(diffPath)\n  isolated: \(isolatedPath)\n  golden:   \(goldenPath)"
            )
        }
        return Outcome(passed: true, message: summary)
    }

    private func writeFailure(_ image: RGBAImage, name: String, suffix: String) -> String {
        let path = (failureDirectory as NSString).appendingPathComponent("\(name).\(suffix).png")
        do {
            try FileManager.default.createDirectory(atPath: failureDirectory, withIntermediateDirectories: true)
            try image.writePNG(to: path)
            return path
        } catch {
            return "(not written: \(error))"
        }
    }
}
