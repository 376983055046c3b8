import CadenceDraw
import CadenceScene
import CadenceSnapshotTesting
import SnapshotTesting
import Testing

/// Cadence frames through swift-snapshot-testing's `assertSnapshot`.
@MainActor
@Suite struct FramesSnapshotTests {
    static func scene() throws -> Scene {
        var dot = Layer(id: "dot", frame: Rect(x: 8, y: 12, width: 24, height: 24))
        dot.backgroundColor = Color(red: 1, green: 0.58, blue: 0)
        dot.cornerRadius = 12
        try dot.add(.basic(keyPath: "position.x", from: 20, to: 76, timingFunction: .linear, duration: 1))
        var scene = Scene(name: "dot", size: Size(width: 96, height: 48), background: .white)
        scene.add(.layer(dot))
        return scene
    }

    @Test func framesAsASheet() throws {
        assertSnapshot(of: try Self.scene(), as: .frames(at: [0, 0.5, 1.0], columns: 3))
    }

    @Test func oneFrame() throws {
        assertSnapshot(of: try Self.scene(), as: .frame(at: 0.25))
    }
}
