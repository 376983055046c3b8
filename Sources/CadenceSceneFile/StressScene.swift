import CadenceAnimation
import CadenceDraw
import CadenceLayers
import CadenceTiming
import Foundation

extension Scene {
    /// The most rectangles `stress(count:)` makes: past this a frame is a slideshow on llvmpipe
    /// (about 16 ms per 5,000 rectangles), and the scene alone would hold hundreds of MB.
    public static let stressCountLimit = 100_000

    /// A 1280 × 720 scene of `count` small (40 × 24) opaque rounded rectangles that all move, for
    /// measuring how rendering cost grows with the scene (`cadence bench render --scene stress:N`).
    ///
    /// Each rectangle slides linearly 120 pixels and back every 4 seconds in a direction of its
    /// own, so every rectangle moves by at least a pixel in every frame at 60 frames/s. Places,
    /// directions and colours come from a fixed sequence: the same `count` gives the same scene.
    /// `count` must be in `1 ... stressCountLimit` (the CLI checks it); outside, the nearest.
    public static func stress(count: Int) -> Scene {
        let count = min(max(count, 1), stressCountLimit)
        let size = Size(width: 1280, height: 720)
        var scene = Scene(name: "stress:\(count)", size: size, background: Color(hex: "#F2F2F7")!)
        let palette = ["#007AFF", "#34C759", "#FF9500", "#FF3B30", "#AF52DE", "#5AC8FA", "#FFCC00", "#1C1C1E"].map { Color(hex: $0)! }
        var random = SplitMix64(seed: 0x5EED)
        let travel = 120.0
        for index in 0..<count {
            let angle = random.nextUnit() * 2 * Double.pi
            let dx = (travel * cos(angle)).rounded()
            let dy = (travel * sin(angle)).rounded()
            // The start is placed so that the whole path stays on the canvas.
            let x = 20 + max(-dx, 0) + (random.nextUnit() * (size.width - 40 - abs(dx))).rounded()
            let y = 12 + max(-dy, 0) + (random.nextUnit() * (size.height - 24 - abs(dy))).rounded()
            var layer = Layer(id: "r\(index)", frame: Rect(x: x - 20, y: y - 12, width: 40, height: 24))
            layer.backgroundColor = palette[index % palette.count]
            layer.cornerRadius = 6
            let slide = LayerAnimation.basic(keyPath: "position", from: .numbers([x, y]), to: .numbers([x + dx, y + dy]),
                                             timingFunction: .linear, duration: 2)
                .with { $0.repeatCount = .infinity; $0.autoreverses = true }
            // A fixed, valid animation: a failure here is a bug, not user input.
            try! layer.add(slide)
            scene.add(.layer(layer))
        }
        return scene
    }
}
