import CadenceDraw
import CadenceEngine
import CadenceImage
import CadenceTesting
import Foundation
import Testing

/// Every golden of these suites is drawn by both backends.
///
/// `render` makes the frame with the renderer it is given: the GL backend's frame is held to the
/// golden within `tolerance` and `maxDifferingFraction` (and records it under
/// `CADENCE_RECORD_GOLDENS`); the CPU backend's, to the same golden within the backends'
/// agreement: a mean absolute difference of at most 0.5 (of 255, over all channels) and at most
/// 0.5 % of pixels more than 8 apart, with its failure images under `golden-failures/cpu`.
/// Returns the GL backend's frame.
@MainActor @discardableResult
func expectGoldenOnBothBackends(
    _ goldens: GoldenCheck = GoldenCheck(), named name: String, width: Int, height: Int, tolerance: Int = 2,
    maxDifferingFraction: Double = 0.002, sourceLocation: SourceLocation = #_sourceLocation,
    _ render: (OffscreenRenderer) throws -> RGBAImage
) throws -> RGBAImage {
    let drawn = try render(try OffscreenRenderer(width: width, height: height))
    let outcome = goldens.compare(drawn, named: name, tolerance: tolerance, maxDifferingFraction: maxDifferingFraction)
    #expect(outcome.passed, "GL: \(outcome.message)", sourceLocation: sourceLocation)
    // A recorded golden is the GL backend's.
    guard !GoldenCheck.isRecording else { return drawn }
    let cpu = try render(try OffscreenRenderer(width: width, height: height, backend: .cpu))
    expectCPUAgreesWithGolden(goldens, cpu, named: name, sourceLocation: sourceLocation)
    return drawn
}

/// `image`, drawn by the CPU backend, against the golden `name` within the backends' agreement
/// (see `expectGoldenOnBothBackends`).
func expectCPUAgreesWithGolden(_ goldens: GoldenCheck, _ image: RGBAImage, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let cpuChecks = GoldenCheck(directory: goldens.directory, failureDirectory: goldens.failureDirectory + "/cpu")
    let outcome = cpuChecks.compare(image, named: name, tolerance: 8, maxDifferingFraction: 0.005)
    #expect(outcome.passed, "CPU backend: \(outcome.message)", sourceLocation: sourceLocation)
    guard outcome.passed, let golden = try? RGBAImage(contentsOfPNG: goldens.goldenPath(named: name)),
          golden.pixels.count == image.pixels.count else { return }
    var total = 0
    for (a, b) in zip(golden.pixels, image.pixels) { total += abs(Int(a) - Int(b)) }
    let mean = Double(total) / Double(max(image.pixels.count, 1))
    #expect(mean <= 0.5, "CPU backend: \(name): mean absolute difference \(mean) from the golden, above 0.5", sourceLocation: sourceLocation)
}
