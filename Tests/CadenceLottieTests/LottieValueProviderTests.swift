import CadenceAnimation
import CadenceDraw
import CadenceLayers
import Foundation
import Testing
@testable import CadenceLottie

/// Value providers by key path, and the view's content modes, marker seeks and reduced motion.
@Suite struct LottieValueProviderTests {
    typealias F = LottieTestFiles

    /// A layer "Card" holding a group "Body" with a rectangle, a fill "Fill 1", a stroke
    /// "Stroke 1" and trim paths "Trim".
    static let card: String = {
        let group = #"{"ty": "gr", "nm": "Body", "it": [\#(F.rectangle()), {"ty": "tm", "nm": "Trim", "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 100}, "o": {"a": 0, "k": 0}}, {"ty": "fl", "nm": "Fill 1", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}, {"ty": "st", "nm": "Stroke 1", "c": {"a": 0, "k": [0, 0, 1, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 2}}, {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}"#
        return F.document(layers: F.shapeLayer(group, name: "Card"))
    }()

    static func list(_ providers: LottieValueProviders) throws -> DisplayList {
        let animation = try F.animation(card, strict: true)
        var list = DisplayList(size: animation.size, background: .clear)
        animation.draw(atFrame: 0, transform: .identity, valueProviders: providers, into: &list)
        return list
    }

    @Test func keyPathsMatchNamesOneOrAnyNumberAtATime() {
        let path = ["Card", "Body", "Fill 1", "Color"]
        for pattern in ["Card.Body.Fill 1.Color", "**.Fill 1.Color", "Card.*.Fill 1.Color", "**", "Card.**", "**.Color", "Card.**.Body.**.Color"] {
            #expect(LottieValueProviders.matches(pattern.split(separator: ".").map(String.init), path), "\(pattern)")
        }
        for pattern in ["Body.Fill 1.Color", "*.Fill 1.Color", "Card.Body.Fill 2.Color", "**.Fill 1", "Card.*.*.*.Color"] {
            #expect(!LottieValueProviders.matches(pattern.split(separator: ".").map(String.init), path), "\(pattern)")
        }
    }

    @Test func providedValuesReplaceTheFilesOwn() throws {
        var providers = LottieValueProviders()
        try providers.set(.color(Color(red: 0, green: 1, blue: 0)), for: "**.Fill 1.Color")
        try providers.set(.number(50), for: "Card.Body.Stroke 1.Opacity")
        try providers.set(.number(6), for: "Card.Body.Stroke 1.Stroke Width")
        try providers.set(.point(x: 10, y: 20), for: "Card.Transform.Position")
        // Drawn bottom first: the stroke (listed below the fill), then the fill.
        let paths = F.paths(try Self.list(providers))
        #expect(paths.count == 2)
        let (stroke, fill) = (paths[0], paths[1])
        #expect(fill.color == Color(red: 0, green: 1, blue: 0))
        #expect(stroke.color == Color(red: 0, green: 0, blue: 1, alpha: 0.5))
        // The rectangle (30 … 70, 40 … 60) moved by the layer's new position; the stroke 6 wide.
        #expect(abs(fill.bounds.minX - 40) < 1e-9 && abs(fill.bounds.minY - 60) < 1e-9)
        #expect(abs(stroke.bounds.width - 46) < 1e-6)
        // The group's transform and trim paths too; the last of two matching values wins.
        var more = LottieValueProviders()
        try more.set(.number(200), for: "Card.Body.Transform.Scale")
        try more.set(.color(.white), for: "**.Color")
        try more.set(.color(.black), for: "**.Fill 1.Color")
        let changed = F.paths(try Self.list(more))
        #expect(changed[1].color == .black && changed[0].color == .white)
        // Scaled 200 % about the group's origin.
        #expect(abs(changed[1].bounds.width - 80) < 1e-6 && abs(changed[1].bounds.height - 40) < 1e-6)
        var trimmed = LottieValueProviders()
        try trimmed.set(.number(25), for: "**.Trim.End")
        // A quarter of the rectangle's outline: its stroke no longer goes round the whole.
        let quarter = F.paths(try Self.list(trimmed))[0].bounds
        #expect(quarter.width < 40 || quarter.height < 20)
    }

    @Test func badProvidersAreErrorsNamingTheKeyPath() {
        var providers = LottieValueProviders()
        #expect(throws: ValueProviderError.self) { try providers.set(.number(1), for: "Card.Body.Fill 1.Colour") }
        #expect(throws: ValueProviderError.self) { try providers.set(.number(1), for: "Color") }
        #expect(throws: ValueProviderError.self) { try providers.set(.number(1), for: "Card..Color") }
        #expect(throws: ValueProviderError.self) { try providers.set(.number(1), for: "**.Fill 1.Color") }
        #expect(throws: ValueProviderError.self) { try providers.set(.color(.black), for: "**.Opacity") }
        #expect(throws: ValueProviderError.self) { try providers.set(.number(3), for: "**.Transform.Position") }
        #expect(throws: ValueProviderError.self) { try providers.set(.number(.infinity), for: "**.Opacity") }
        #expect(throws: ValueProviderError.self) { try providers.set(.number(1), for: Array(repeating: "a", count: 70).joined(separator: ".") + ".Opacity") }
        #expect(providers.isEmpty)
        let animation = try? F.animation(Self.card)
        #expect(animation?.hasKeyPath(matching: "**.Fill 1.Color") == true)
        #expect(animation?.hasKeyPath(matching: "Card.Transform.Rotation") == true)
        #expect(animation?.hasKeyPath(matching: "Other.Transform.Rotation") == false)
    }

    /// Content modes place the 100 × 100 composition in a 200 × 100 frame as UIKit's do.
    @Test func contentModesFitFillStretchAndPlace() throws {
        let animation = try F.animation(Self.card)
        var view = LottieView(animation: animation, frame: Rect(x: 0, y: 0, width: 200, height: 100))
        func corner(_ mode: LottieView.ContentMode) -> (Double, Double, Double, Double) {
            view.contentMode = mode
            let t = view.fittingTransform
            return (t.a, t.d, t.tx, t.ty)
        }
        #expect(corner(.scaleAspectFit) == (1, 1, 50, 0))
        #expect(corner(.scaleAspectFill) == (2, 2, 0, -50))
        #expect(corner(.scaleToFill) == (2, 1, 0, 0))
        #expect(corner(.center) == (1, 1, 50, 0))
        #expect(corner(.topRight) == (1, 1, 100, 0))
        #expect(corner(.left) == (1, 1, 0, 0))
    }

    /// Seeking to a marker, and reduced motion: the `reduced motion` marker when the file has
    /// one, else the last frame at once (`jump`) or a cross-fade (`fade`).
    @Test func markersAndReducedMotion() throws {
        let moving = F.shapeLayer(F.rectangle() + ", " + F.fill(), ks: #"{"p": {"a": 1, "k": [{"t": 0, "s": [0, 0]}, {"t": 30, "s": [30, 0]}]}}"#)
        let markers = #", "markers": [{"cm": "middle", "tm": 15, "dr": 5}]"#
        let animation = try F.animation(F.document(layers: moving, extra: markers))
        var view = LottieView(animation: animation)
        view.apply(.pause, at: 0)
        view.apply(.seekMarker("middle"), at: 0.5)
        view.apply(.seekMarker("nowhere"), at: 0.6)
        #expect(view.compositionFrame(at: 0.55) == 15 && view.compositionFrame(at: 0.7) == 15)

        func drawn(_ view: LottieView, at time: Double, _ profile: MotionProfile, rule: ReducedMotion? = nil) throws -> DisplayList {
            var list = DisplayList(size: animation.size, background: .clear)
            let context = DrawContext(fonts: NoFonts(), images: NoImages(), motion: MotionSetting(profile: profile, override: rule))
            try view.draw(at: time, context: context, into: &list)
            return list
        }
        let still = LottieView(animation: animation)
        // Reduced: the last frame at once (moved by all but a hair of 30).
        let jumped = F.paths(try drawn(still, at: 0, .reduced))
        #expect(abs(jumped[0].bounds.minX - 60) < 1e-6)
        #expect(still.activeEnd(motion: MotionSetting(profile: .reduced)) == 0)
        // Fade: half-way through, the first and last frames at half opacity each.
        let faded = F.paths(try drawn(still, at: 0.5, .reduced, rule: .fade))
        #expect(faded.map(\.color.alpha) == [0.5, 0.5])
        #expect(abs(faded[0].bounds.minX - 30) < 1e-6 && abs(faded[1].bounds.minX - 60) < 1e-6)
        // A file with a `reduced motion` marker plays it instead.
        let reducedMarker = #", "markers": [{"cm": "reduced motion", "tm": 20, "dr": 10}]"#
        let marked = LottieView(animation: try F.animation(F.document(layers: moving, extra: reducedMarker)))
        #expect(abs(F.paths(try drawn(marked, at: 0, .reduced))[0].bounds.minX - 50) < 1e-6)
        #expect(abs(F.paths(try drawn(marked, at: 0, .full))[0].bounds.minX - 30) < 1e-6)
    }
}

/// A layout engine for views that draw no text.
struct NoFonts: TextLayoutEngine {
    func layout(_ text: AttributedText, options: TextLayoutOptions) throws(TextError) -> TextLayout {
        TextLayout(lines: [], size: Size(width: 0, height: 0), text: text, isTruncated: false)
    }
}
