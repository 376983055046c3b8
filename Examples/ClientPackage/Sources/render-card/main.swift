import Cadence
import Foundation
import CardScene

// Renders the card scene at a few times into PNG files in the current folder.
@MainActor
func renderCard() throws {
    let scene = try CardScene.make()
    let renderer = try OffscreenRenderer(sizeOf: scene)
    for time in [0, 0.15, 0.3, 0.6, 1.0, 1.5] {
        let frame = try renderer.render(scene, at: time)
        let path = "card-\(time)s.png"
        try frame.writePNG(to: path)
        print("wrote \(path) (\(frame.width)x\(frame.height))")
    }
}

do {
    try MainActor.assumeIsolated { try renderCard() }
} catch {
    print("render-card: \(error)")
    exit(1)
}
