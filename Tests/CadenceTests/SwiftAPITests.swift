import Cadence
import Foundation
import Synchronization
import Testing

/// The Swift API's conveniences: typed key paths, timing parameters on the factories, named
/// curves, and warnings that reach the caller.
@Suite struct SwiftAPITests {
    @Test func typedKeyPathsAreTheStrings() throws {
        #expect(AnimatableKeyPath.positionY.rawValue == "position.y")
        #expect(AnimatableKeyPath.transformRotation.rawValue == "transform.rotation")
        #expect(AnimatableKeyPath.boundsSizeWidth.rawValue == "bounds.size.width")
        // Every typed name is a key path the reader knows.
        for keyPath in AnimatableKeyPath.all {
            #expect(LayerLens.named(keyPath.rawValue) != nil, "\(keyPath)")
        }
        #expect(LayerAnimation.basic(keyPath: .positionX, to: 10) == .basic(keyPath: "position.x", to: 10))
        #expect(LayerAnimation.spring(keyPath: .opacity, to: 1, damping: 12) == .spring(keyPath: "opacity", to: 1, damping: 12))
        #expect(LayerEvent.setValue(.opacity, .number(0.5)) == .setValue(keyPath: "opacity", value: 0.5))
        var card = Layer(id: "card", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        try card.add(.basic(keyPath: .positionX, from: 0, to: 100, timingFunction: .linear, duration: 1))
        #expect(card.presentation(at: 0.5).position.x == 50)
    }

    @Test func factoriesTakeTheTimingParameters() throws {
        var card = Layer(id: "card", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        card.opacity = 1
        try card.add(.basic(keyPath: .opacity, from: 1, to: 0, timingFunction: .linear, duration: 1, fillMode: .forwards))
        #expect(card.presentation(at: 2).opacity == 0)
        var bouncing = Layer(id: "ball", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        try bouncing.add(.basic(keyPath: .positionY, from: 0, to: 100, timingFunction: .linear, duration: 1, repeatCount: 2, autoreverses: true))
        #expect(bouncing.presentation(at: 1.5).position.y == 50)
        #expect(bouncing.presentation(at: 2).position.y == 0)
        let spring = LayerAnimation.spring(keyPath: .positionX, to: 10, dampingRatio: 0.5, response: 0.4, fillMode: .both, isAdditive: true)
        #expect(spring.fillMode == .both && spring.isAdditive)
    }

    @Test func namedCurvesArePennersCurves() {
        #expect(TimingCurve.easeOutBack == .penner(Penner(.back, .out)))
        #expect(TimingCurve.easeInOutQuint == .penner(Penner(.quint, .inOut)))
        #expect(TimingCurve.easeInBounce.value(at: 1) == 1)
    }

    @Test func fontWarningsReachTheCaller() throws {
        let fonts = FontLibrary()
        let seen = Mutex<[String]>([])
        fonts.onWarning = { message in seen.withLock { $0.append(message) } }
        let font = try FontDescriptor(family: "No Such Family Cadence", size: 12)
        _ = try fonts.layout(AttributedText("Hi", attributes: TextAttributes(font: font, color: .black)))
        _ = try fonts.layout(AttributedText("Hi again", attributes: TextAttributes(font: font, color: .black)))
        let messages = seen.withLock { $0 }
        #expect(messages.count == 1)
        #expect(messages.first?.contains("'No Such Family Cadence' is not installed") == true)
        #expect(fonts.takeWarnings() == messages)
    }
}

/// `import Cadence` alone opens Lottie files in every container and plays them in a scene.
@Suite struct CadenceLottieImportTests {
    @Test func oneImportPlaysALottieFile() throws {
        let folder = NSTemporaryDirectory() + "cadence-import-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let json = ##"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 40, "h": 30, "layers": [{"ty": 1, "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": {}, "sw": 40, "sh": 30, "sc": "#ff0000"}]}"##
        try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/red.json"))
        let animation: LottieAnimation = try LottieFile.open(folder + "/red.json")
        let list = try Scene(lottie: animation).displayList(at: 0, in: DrawContext(fonts: FontLibrary()))
        #expect(animation.size == Size(width: 40, height: 30))
        #expect(!list.commands.isEmpty)
    }
}
