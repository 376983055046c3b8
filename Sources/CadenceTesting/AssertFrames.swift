import CadenceEngine
import CadenceRender
import CadenceScene
import Foundation
import Testing
import XCTest

/// Renders `scene` at each of `times` and checks the frames against committed golden PNGs in
/// the `Goldens` folder next to the calling test file; a mismatch is a test failure (an `Issue`
/// under Swift Testing, an `XCTFail` under XCTest: whichever is running).
///
/// - A missing golden fails with a message saying how to record it: run the test once with
///   `CADENCE_RECORD_GOLDENS=1` in the environment, look at the PNG, commit it. A recording
///   run fails too, so that it never passes unnoticed.
/// - A mismatch writes the actual frame and a diff image under `.build/golden-failures/` and
///   the failure message gives their paths.
/// - A scene that cannot be rendered (a bad time, no EGL) is a failure with the reason, never
///   a trap.
///
/// ```swift
/// @MainActor @Test func toastSlidesIn() throws {
///     assertFrames(of: try makeToastScene(), at: [0, 0.25, 0.5, 1.0], named: "toast")
/// }
/// ```
///
/// `backend` chooses what draws the frames: `.cpu` gives the same bytes on every machine (no
/// GL driver in the way), `.gl` what the GL backend draws on this one.
///
/// Exclude the `Goldens` folder from the test target (`exclude: ["Goldens"]`) so SwiftPM does
/// not take the PNGs for sources.
///
/// - Returns: whether every frame matched, for tests that go on to check more.
@MainActor
@discardableResult
public func assertFrames(
    of scene: Scene,
    at times: [Double],
    named name: String,
    as layout: FrameGoldenLayout = .sheet(),
    tolerance: FrameTolerance = .standard,
    backend: RenderBackendKind = .default,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> Bool {
    let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let goldens = GoldenCheck(testFile: filePath)
    let frames: [NamedFrame]
    do {
        frames = try layout.frames(of: scene, at: times, named: name, backend: backend)
    } catch {
        location.fail("cannot render the frames of \(name): \(error)")
        return false
    }
    var passed = true
    for frame in frames {
        let outcome = goldens.compare(
            frame.image, named: frame.name, tolerance: tolerance.channel, maxDifferingFraction: tolerance.differingFraction, regions: frame.regions
        )
        if !outcome.passed {
            location.fail(outcome.message)
            passed = false
        }
    }
    return passed
}

/// Where a failed check was made, and how to report it to the test library that is running.
struct FailureLocation {
    var fileID: String
    var filePath: StaticString
    var line: UInt
    var column: UInt

    /// Records `message` as a failure: an `Issue` when a Swift Testing test is running, else an
    /// `XCTFail`.
    func fail(_ message: String) {
        if Test.current != nil {
            let location = SourceLocation(fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column))
            Issue.record(Comment(rawValue: message), sourceLocation: location)
        } else {
            XCTFail(message, file: filePath, line: line)
        }
    }
}
