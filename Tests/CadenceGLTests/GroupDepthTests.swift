@testable import CadenceGL
import Testing

/// Issue 27, class 9: groups' offscreen pictures, one per nesting depth, stay within 512 MiB
/// (63 nested groups at 4096² took 4.1 GiB); deeper groups are flattened.
@Suite @MainActor struct GroupDepthTests {
    @Test func groupPicturesStayWithinTheirBudget() {
        #expect(Renderer.maximumGroupDepth(viewport: (4096, 4096)) == 8)
        #expect(Renderer.maximumGroupDepth(viewport: (1280, 720)) == 145)
        #expect(Renderer.maximumGroupDepth(viewport: (16384, 16384)) == 1)
        #expect(Renderer.maximumGroupDepth(viewport: (Int.max, Int.max)) == 1)
    }
}
