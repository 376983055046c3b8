import CadenceDraw
import CadenceImage
import Foundation
import Testing

/// A Lottie file reads image files only from inside its own folder (or `--assets DIR`, or its
/// dotLottie archive): an asset that leaves it is left out with a warning naming the asset and
/// path, and the rest renders.
@Suite struct LottieAssetTests {
    /// Holds `anim/` (the Lottie file and `beside.png`) and `outside/secret.png`, both 8×8 red.
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "cadence-assets-\(UUID().uuidString)"
        for name in ["anim", "outside"] {
            try FileManager.default.createDirectory(atPath: folder + "/" + name, withIntermediateDirectories: true)
        }
        let red = RGBAImage(width: 8, height: 8, fill: (255, 0, 0, 255))
        try red.writePNG(to: folder + "/outside/secret.png")
        try red.writePNG(to: folder + "/anim/beside.png")
    }

    /// An 8×8 Lottie document whose one layer shows image asset `photo` (`u` + `p`) over the frame.
    static func document(u: String, p: String) throws -> Data {
        let object: [String: Any] = [
            "v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 8, "h": 8,
            "assets": [["id": "photo", "w": 8, "h": 8, "u": u, "p": p]],
            "layers": [["ty": 2, "nm": "picture", "ind": 1, "refId": "photo", "ip": 0, "op": 30, "st": 0, "ks": [String: Any]()]],
        ]
        return try JSONSerialization.data(withJSONObject: object)
    }

    /// Renders `anim/anim.json` (named relative to the test folder), its asset at `u` + `p`: what
    /// the command said and whether the image was drawn.
    func render(u: String, p: String, _ extra: [String] = []) throws -> (result: CLI.Result, drawn: Bool) {
        try Self.document(u: u, p: p).write(to: URL(fileURLWithPath: folder + "/anim/anim.json"))
        let out = "out-\(UUID().uuidString)"
        let result = try CLI.run(["render", "anim/anim.json", "--backend", "cpu", "--frames", "0..0", "--out", out] + extra, in: folder)
        guard result.status == 0 else { return (result, false) }
        let frame = try RGBAImage(contentsOfPNG: "\(folder)/\(out)/frame_00000.png")
        let centre = (4 * 8 + 4) * 4
        return (result, frame.pixels[centre] == 255 && frame.pixels[centre + 3] == 255)
    }

    /// `..` at any depth, an absolute path, a symbolic link beside the file (to a file or a
    /// folder) and URLs are refused: a warning naming the file, asset and path, nothing drawn,
    /// nothing handed to the image reader, the render still made.
    @Test func assetsOutsideTheFilesFolderAreRefused() throws {
        try FileManager.default.createSymbolicLink(atPath: folder + "/anim/link.png", withDestinationPath: folder + "/outside/secret.png")
        try FileManager.default.createSymbolicLink(atPath: folder + "/anim/linked", withDestinationPath: folder + "/outside")
        let cases: [(u: String, p: String, reason: String)] = [
            ("", "../outside/secret.png", "climbs out of the Lottie file's folder"),
            ("images/", "../../outside/secret.png", "climbs out of the Lottie file's folder"),
            ("", String(repeating: "../", count: 40) + "etc/shadow", "climbs out of the Lottie file's folder"),
            (folder + "/outside/", "secret.png", "is an absolute path"),
            ("", "link.png", "resolves through a symbolic link to"),
            ("linked/", "secret.png", "resolves through a symbolic link to"),
            ("", "http://127.0.0.1:9/secret.png", "is a URL (http:)"),
            ("file://\(folder)/outside/", "secret.png", "is a URL (file:)"),
        ]
        for (u, p, reason) in cases {
            let (result, drawn) = try render(u: u, p: p)
            #expect(result.status == 0, "\(u)\(p): \(result.stderr)")
            #expect(!drawn, "\(u)\(p) was drawn")
            let warning = result.stderr.split(separator: "\n").first { $0.contains("warning: anim/anim.json: assets[0].p: image asset \"photo\", \"\(u + p)\"") }
            #expect(warning?.contains(reason) == true, "\(u)\(p): \(result.stderr)")
            #expect(warning?.contains("not read, layers showing it draw nothing") == true, "\(result.stderr)")
            #expect(!result.stderr.contains("not loaded"), "the image reader never saw it: \(result.stderr)")
        }
    }

    /// A PNG beside the file is drawn as before, the file named by a relative path (its folder
    /// made absolute, not taken from the root); `--assets` naming a folder that holds the outside
    /// PNG lets `..`, an absolute path and a link reach it.
    @Test func assetsInsideTheFolderOrTheAssetRootAreDrawn() throws {
        let beside = try render(u: "", p: "beside.png")
        #expect(beside.result.status == 0 && beside.drawn, "\(beside.result.stderr)")
        #expect(!beside.result.stderr.contains("warning"), "\(beside.result.stderr)")
        let inFolder = try render(u: "./sub/../", p: "beside.png")
        #expect(inFolder.drawn, "a .. that stays inside the folder is allowed: \(inFolder.result.stderr)")

        try FileManager.default.createSymbolicLink(atPath: folder + "/anim/link.png", withDestinationPath: folder + "/outside/secret.png")
        for (u, p) in [("", "../outside/secret.png"), (folder + "/outside/", "secret.png"), ("", "link.png")] {
            let allowed = try render(u: u, p: p, ["--assets", folder])
            #expect(allowed.result.status == 0 && allowed.drawn, "\(u)\(p): \(allowed.result.stderr)")
            #expect(!allowed.result.stderr.contains("warning"), "\(allowed.result.stderr)")
        }
        let narrower = try render(u: "", p: "../outside/secret.png", ["--assets", "anim"])
        #expect(!narrower.drawn)
        #expect(narrower.result.stderr.contains("lies outside the asset folder \(folder)/anim"), "\(narrower.result.stderr)")
        let missing = try render(u: "", p: "beside.png", ["--assets", "nowhere"])
        #expect(missing.result.status == 64)
        #expect(missing.result.stderr.contains("--assets must name a folder, got nowhere"), "\(missing.result.stderr)")
    }

    /// `lottie info` lists a refused asset among what is not drawn, and a scene's `Lottie` node
    /// warns of it naming the node.
    @Test func infoAndSceneNodesNameRefusedAssets() throws {
        try Self.document(u: "", p: "../outside/secret.png").write(to: URL(fileURLWithPath: folder + "/anim/anim.json"))
        let info = try CLI.run(["lottie", "info", "anim/anim.json"], in: folder)
        #expect(info.status == 0, "\(info.stderr)")
        #expect(info.stdout.contains("not drawn: refused image assets"), "\(info.stdout)")
        #expect(info.stdout.contains("assets[0].p: image asset \"photo\", \"../outside/secret.png\", climbs out"), "\(info.stdout)")
        let allowed = try CLI.run(["lottie", "info", "anim/anim.json", "--assets", folder], in: folder)
        #expect(allowed.stdout.contains("not drawn: none"), "\(allowed.stdout)")

        let scene = #"{"size": [8, 8], "nodes": [{"type": "Lottie", "id": "anim", "frame": [0, 0, 8, 8], "attributes": {"src": "anim/anim.json"}}]}"#
        try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/scene.json"))
        let result = try CLI.run(["render", "scene.json", "--backend", "cpu", "--frames", "0..0", "--out", "scene"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("node 'anim': key 'attributes.src':"), "\(result.stderr)")
        #expect(result.stderr.contains("image asset \"photo\", \"../outside/secret.png\""), "\(result.stderr)")
        let frame = try RGBAImage(contentsOfPNG: folder + "/scene/frame_00000.png")
        let centre = (4 * 8 + 4) * 4
        #expect(Array(frame.pixels[centre ..< centre + 3]) != [255, 0, 0], "the image is not drawn over the scene's background")
    }

    /// A dotLottie's images come from its archive (`u` + `p`, or `images/p`), never from disk.
    @Test func dotLottieImagesComeFromTheArchive() throws {
        let png = try Data(contentsOf: URL(fileURLWithPath: folder + "/anim/beside.png"))
        for (u, p, drawn) in [("/images/", "photo.png", true), ("", "photo.png", true), ("", "../outside/secret.png", false), ("", "beside.png", false)] {
            try writeZip(to: folder + "/anim/pack.lottie", entries: [
                ("manifest.json", Data(#"{"version": "1", "animations": [{"id": "a"}]}"#.utf8)),
                ("animations/a.json", try Self.document(u: u, p: p)),
                ("images/photo.png", png),
            ])
            let out = "lottie-\(UUID().uuidString)"
            let result = try CLI.run(["render", "anim/pack.lottie", "--backend", "cpu", "--frames", "0..0", "--out", out], in: folder)
            #expect(result.status == 0, "\(result.stderr)")
            let frame = try RGBAImage(contentsOfPNG: "\(folder)/\(out)/frame_00000.png")
            #expect((frame.pixels[(4 * 8 + 4) * 4 + 3] == 255) == drawn, "\(u)\(p): \(result.stderr)")
            if !drawn { #expect(result.stderr.contains("image asset \"photo\", \"\(u + p)\""), "\(result.stderr)") }
        }
        let refused = try CLI.run(["render", "anim/pack.lottie", "--assets", folder, "--out", "x"], in: folder)
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--assets: a dotLottie file's images come from its archive only"), "\(refused.stderr)")
    }
}
