import CadenceDraw
import CadenceImage
import Foundation
import Testing

/// `--quirks original` applies the originals' behaviour to every node without its own key.
@Suite struct QuirksOptionTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "cadence-quirks-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // 5 000 000 000 with %d: Cadence shows it, the original's 32-bit cast shows 2147483647.
        func scene(_ quirksKey: String) -> String {
            """
            {"size": [320, 60], "nodes": [{"type": "CountingLabel", "id": "n", "frame": [10, 10, 300, 40]\(quirksKey),
              "attributes": {"format": "%d", "font": "DejaVu Sans 24"}}],
             "events": [{"at": 0, "target": "n", "type": "count", "from": 0, "to": 5000000000, "duration": 0}]}
            """
        }
        try scene("").write(toFile: folder + "/plain.json", atomically: true, encoding: .utf8)
        try scene(#", "quirks": "none""#).write(toFile: folder + "/own.json", atomically: true, encoding: .utf8)
    }

    func sheet(_ scene: String, _ extra: [String], out: String) throws -> RGBAImage {
        let result = try CLI.run(["sheet", scene, "--times", "0", "--out", out] + extra, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        return try RGBAImage(contentsOfPNG: folder + "/" + out)
    }

    @Test func theOptionChangesNodesWithoutTheirOwnKey() throws {
        let cadence = try sheet("plain.json", [], out: "a.png")
        let original = try sheet("plain.json", ["--quirks", "original"], out: "b.png")
        let ownKey = try sheet("own.json", ["--quirks", "original"], out: "c.png")
        #expect(cadence.pixels != original.pixels)
        #expect(cadence.pixels == ownKey.pixels)  // the node's "quirks": "none" wins
    }

    @Test func aBadValueIsRefusedNamingTheOption() throws {
        let result = try CLI.run(["sheet", "plain.json", "--times", "0", "--out", "x.png", "--quirks", "ios7"], in: folder)
        #expect(result.status != 0)
        #expect(result.stderr.contains("--quirks"), "\(result.stderr)")
    }
}
