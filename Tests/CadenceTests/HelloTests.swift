import Cadence
import CadenceTesting
import Testing

/// The README's first scene, built in Swift.
func helloScene() throws -> Scene {
    var card = Layer(id: "card", frame: Rect(x: 100, y: 60, width: 120, height: 80))
    card.backgroundColor = Color(hex: "#FF9500")!
    card.cornerRadius = 16
    try card.add(.spring(keyPath: .positionY, from: 40, to: 100, stiffness: 180, damping: 14))
    try card.add(.basic(keyPath: .transformRotation, from: 0, to: 6.2832, duration: 2, repeatCount: .infinity))
    var scene = Scene(name: "hello", size: Size(width: 320, height: 200), background: Color(hex: "#F2F2F7")!)
    scene.add(.layer(card))
    return scene
}

/// Its frames at four times, against Goldens/hello.png (record with CADENCE_RECORD_GOLDENS=1).
@Test func helloSpringsIntoPlace() throws {
    #expect(assertFrames(of: try helloScene(), at: [0, 0.25, 0.5, 1], named: "hello", backend: .cpu))
}
