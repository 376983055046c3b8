import CadenceTesting
import XCTest

/// `assertFrames` from an XCTest case: the same goldens, failures through `XCTFail`.
final class AssertFramesXCTests: XCTestCase {
    /// No `MainActor.assumeIsolated` wrapper: `assertFrames` renders on the main actor itself.
    func testSheetMatchesItsGoldenUnderXCTest() throws {
        XCTAssertTrue(assertFrames(of: try AssertFramesTests.scene(), at: [0, 0.25, 0.5, 1.0], named: "fade-sheet"))
    }
}
