import CadenceDraw
import CadenceScene
import Testing

/// Images kept in memory, for tests.
struct TestImages: ImageProvider {
    var images: [String: RGBAImage] = ["photo": RGBAImage(width: 4, height: 2, fill: (255, 0, 0, 255)),
                                       "placeholder": RGBAImage(width: 2, height: 2, fill: (0, 0, 255, 255))]
    func image(for source: String) -> RGBAImage? { images[source] }
}

@Suite struct ImageViewTests {
    func view() -> ImageView {
        var view = ImageView(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        view.placeholder = "placeholder"
        return view
    }

    /// The images drawn at `time`: key and opacity.
    func drawn(_ view: ImageView, at time: Double) -> [String: Double] {
        var list = DisplayList(size: Size(width: 100, height: 50), background: .white)
        view.draw(at: time, images: TestImages(), into: &list)
        var result: [String: Double] = [:]
        for case .image(let draw) in list.commands { result[draw.key] = draw.alpha }
        return result
    }

    @Test func loadShowsPlaceholderAndSpinnerThenDissolves() {
        var view = view()
        view.load("photo", latency: 1, at: 1)
        #expect(drawn(view, at: 0.5) == ["placeholder": 1])
        #expect(drawn(view, at: 1.5) == ["placeholder": 1])
        #expect(view.spinner.isAnimating(at: 1.5) && !view.spinner.isAnimating(at: 2))
        let midway = drawn(view, at: 2.1)
        #expect(abs(midway["photo"]! - 0.5) < 1e-9 && abs(midway["placeholder"]! - 0.5) < 1e-9)
        #expect(drawn(view, at: 2.2) == ["photo": 1])
    }

    @Test func memoryCacheHitsAppearAtOnceWithoutSpinner() {
        var view = view()
        view.load("photo", latency: 1, at: 0)
        view.load("photo", latency: 1, at: 3)
        #expect(view.loads[1].fromCache && view.loads[1].completion == 3)
        #expect(drawn(view, at: 3) == ["photo": 1])
        #expect(!view.spinner.isAnimating(at: 3.5))
    }

    @Test func forcedTransitionDissolvesEvenFromCache() {
        var view = view()
        view.load("photo", latency: 0.5, at: 0)
        view.load("photo", forceTransition: true, at: 2)
        #expect(abs(drawn(view, at: 2.1)["photo"]! - 0.5) < 1e-9)
    }

    @Test func aLoadStillRunningIsNotACacheHit() {
        var view = view()
        view.load("photo", latency: 2, at: 0)
        view.load("photo", latency: 2, at: 1)  // the first has not finished: no cache yet
        #expect(!view.loads[1].fromCache)
        #expect(view.spinner.isAnimating(at: 2.5))  // reference-counted: the second keeps it spinning
        #expect(!view.spinner.isAnimating(at: 3))
    }

    @Test func missingImagesKeepThePlaceholder() {
        var view = view()
        view.load("no-such-image", latency: 0.5, at: 0)
        #expect(drawn(view, at: 5) == ["placeholder": 1])
    }

    @Test(arguments: ImageView.ContentMode.allCases)
    func contentModesPlaceTheImage(mode: ImageView.ContentMode) {
        var view = view()
        view.contentMode = mode
        view.load("photo", at: 0)
        var list = DisplayList(size: Size(width: 100, height: 50), background: .white)
        view.draw(at: 1, images: TestImages(), into: &list)
        let draws = list.commands.compactMap { if case .image(let draw) = $0 { draw } else { nil } }
        let draw = draws[0]
        switch mode {
        case .scaleToFill: #expect(draw.rect == view.frame && draw.source == Rect(x: 0, y: 0, width: 4, height: 2))
        case .scaleAspectFit: #expect(draw.rect == Rect(x: 0, y: 0, width: 100, height: 50))  // 4:2 fits 100:50 exactly
        case .scaleAspectFill: #expect(draw.rect == view.frame && draw.source.width == 4)
        }
    }
}
