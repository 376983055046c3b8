import CadenceDraw
import CadenceEngine
import CadenceRaster
import CadenceScene
import Foundation
import Testing

/// The CPU backend's bytes are pinned: the same binary gives the same frames on every machine
/// (no libm in per-pixel work), so a change of these hashes is a change of what Cadence draws,
/// to be made on purpose. Glyphs come from FreeType: a different FreeType may change the frames
/// with text (the demo), not the others.
@Suite @MainActor struct DeterminismTests {
    @Test func sha256OfKnownInput() {
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    static func frame(_ scene: Scene, at time: Double) throws -> RasterCanvas {
        let width = Int(scene.size.width), height = Int(scene.size.height)
        var canvas = RasterCanvas(width: width, height: height)
        let list = try scene.displayList(at: time, in: .loading(scene)).fitted(to: Size(width: Double(width), height: Double(height)))
        try RasterRenderer().draw(list, into: &canvas)
        return canvas
    }

    @Test(arguments: [
        ("loading-ring.json", 0.5, "8b00f3e45a2bc98172029bacca0151fd3871ba7c59918c27562957d06a7cb916"),
        ("card-flip.json", 0.7, "67f4faf3370cd5e649798582673b6a20e02f41a38070f4423778bd3383f23140"),
        ("heartbeat.json", 0.3, "0aba7fc4205d2b861ef9ac19795fdb94c8daee908578916caa708829d2a69af2"),
    ])
    func exampleFramesArePinned(name: String, time: Double, hash: String) throws {
        let path = BackendAgreementTests.examples.appendingPathComponent(name).path
        let scene = try SceneFile.parse(try Data(contentsOf: URL(fileURLWithPath: path)), file: path, strict: false).scene
        let canvas = try Self.frame(scene, at: time)
        #expect(SHA256.hex(canvas.pixels) == hash, "\(name) at \(time) s")
        // And drawn again, by another renderer: the same bytes.
        #expect(try Self.frame(scene, at: time) == canvas)
    }
}
