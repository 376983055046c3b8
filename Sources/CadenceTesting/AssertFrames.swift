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
/// `backend` chooses what draws the frames: `.cpu` (the default) gives the same bytes on every
/// machine (no GL driver in the way), so a golden recorded on one machine holds on the next;
/// `.gl` what the GL backend draws on this one, which moves with the Mesa or GPU driver.
///
/// Exclude the `Goldens` folder from the test target (`exclude: ["Goldens"]`) so SwiftPM does
/// not take the PNGs for sources.
///
/// It may be called from any thread: an XCTest method, a Swift Testing test on or off the main
/// actor. The frames are rendered on the main actor (the renderer is bound to it), at once when
/// already there, else waiting for it.
///
/// - Returns: whether every frame matched, for tests that go on to check more.
@discardableResult
public func assertFrames(
    of scene: Scene,
    at times: [Double],
    named name: String,
    as layout: FrameGoldenLayout = .sheet(),
    tolerance: FrameTolerance = .standard,
    backend: RenderBackendKind = .cpu,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> Bool {
    let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let goldens = GoldenCheck(testFile: filePath)
    let rendered: Result<[NamedFrame], EngineError> = runOnMainActor {
        do throws(EngineError) {
            return .success(try layout.frames(of: scene, at: times, named: name, backend: backend))
        } catch {
            return .failure(error)
        }
    }
    let frames: [NamedFrame]
    switch rendered {
    case .success(let made): frames = made
    case .failure(let error):
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

/// Marks the main queue, which the main actor runs on: under Swift Testing on Linux a worker
/// thread drains it, so `Thread.isMainThread` alone does not tell.
private let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()

/// Runs `body` on the main actor: at once when already there, else waiting for the main queue.
package func runOnMainActor<T: Sendable>(_ body: @escaping @MainActor () -> T) -> T {
    if Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == true { return MainActor.assumeIsolated { body() } }
    return DispatchQueue.main.sync { MainActor.assumeIsolated { body() } }
}
