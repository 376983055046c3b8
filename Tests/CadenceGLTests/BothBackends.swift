import CadenceDraw
import CadenceEngine
import CadenceImage
import CadenceRender
import CadenceTesting
import Foundation
import Testing

/// Every golden of these suites is the CPU backend's frame, and both backends draw it.
///
/// The CPU backend gives the same bytes on every machine (no GL driver in the way), so its frames
/// are the recorded goldens: a golden recorded here holds on the next distribution, where a GL
/// golden moved with Mesa's version. `render` makes the frame with the renderer it is given: the
/// CPU backend's frame is held to the golden within `tolerance` and `maxDifferingFraction` (and
/// records it under `CADENCE_RECORD_GOLDENS`); the GL backend's, to the same golden within the
/// backends' agreement (`expectGLAgreesWithGolden`). Returns the CPU backend's frame.
@MainActor @discardableResult
func expectGoldenOnBothBackends(
    _ goldens: GoldenCheck = GoldenCheck(), named name: String, width: Int, height: Int, tolerance: Int = 2,
    maxDifferingFraction: Double = 0.002, sourceLocation: SourceLocation = #_sourceLocation,
    _ render: (OffscreenRenderer) throws -> RGBAImage
) throws -> RGBAImage {
    let drawn = try render(try OffscreenRenderer(width: width, height: height, backend: .cpu))
    let outcome = goldens.compare(drawn, named: name, tolerance: tolerance, maxDifferingFraction: maxDifferingFraction)
    #expect(outcome.passed, "CPU backend: \(outcome.message)", sourceLocation: sourceLocation)
    // A recorded golden is the CPU backend's.
    guard !GoldenCheck.isRecording else { return drawn }
    let gl = try render(try OffscreenRenderer(width: width, height: height, backend: .gl))
    expectGLAgreesWithGolden(goldens, gl, named: name, sourceLocation: sourceLocation)
    return drawn
}

/// `image`, drawn by the GL backend, against the CPU backend's golden `name` within the backends'
/// agreement: a mean absolute difference of at most 0.5 (of 255, over all channels) and at most
/// 0.5 % of pixels more than 8 apart, with its failure images under `golden-failures/gl`. Nothing
/// while recording (a golden is the CPU backend's).
func expectGLAgreesWithGolden(_ goldens: GoldenCheck, _ image: RGBAImage, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    guard !GoldenCheck.isRecording else { return }
    let glChecks = GoldenCheck(directory: goldens.directory, failureDirectory: goldens.failureDirectory + "/gl")
    let outcome = glChecks.compare(image, named: name, tolerance: 8, maxDifferingFraction: 0.005)
    #expect(outcome.passed, "GL backend: \(outcome.message)", sourceLocation: sourceLocation)
    guard outcome.passed, let golden = try? RGBAImage(contentsOfPNG: goldens.goldenPath(named: name)),
          golden.pixels.count == image.pixels.count else { return }
    var total = 0
    for (a, b) in zip(golden.pixels, image.pixels) { total += abs(Int(a) - Int(b)) }
    let mean = Double(total) / Double(max(image.pixels.count, 1))
    #expect(mean <= 0.5, "GL backend: \(name): mean absolute difference \(mean) from the golden, above 0.5", sourceLocation: sourceLocation)
}

/// A frame drawn by `backend` against the golden `name`: the CPU backend's within `tolerance` and
/// `maxDifferingFraction` (recording it under `CADENCE_RECORD_GOLDENS`), the GL backend's within
/// the backends' agreement. For suites that take the backend as a test argument.
func expectGolden(
    _ goldens: GoldenCheck, _ image: RGBAImage, named name: String, drawnBy backend: RenderBackendKind, tolerance: Int = 2,
    maxDifferingFraction: Double = 0.001, sourceLocation: SourceLocation = #_sourceLocation
) {
    switch backend {
    case .cpu:
        let outcome = goldens.compare(image, named: name, tolerance: tolerance, maxDifferingFraction: maxDifferingFraction)
        #expect(outcome.passed, "CPU backend: \(outcome.message)", sourceLocation: sourceLocation)
    case .gl:
        expectGLAgreesWithGolden(goldens, image, named: name, sourceLocation: sourceLocation)
    }
}
