import CadenceDraw
import CadenceImage
import Foundation
import Testing

/// `cadence render`, `lottie info` and `bench lottie` on Lottie files (JSON, .tgs, .lottie),
/// run as a user runs them.
@Suite struct LottieCommandTests {
    let folder: String
    static let files = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("CadenceGLTests/LottieFiles")

    init() throws {
        folder = NSTemporaryDirectory() + "cadence-lottie-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    static func path(_ name: String) -> String { files.appendingPathComponent("\(name).json").path }

    /// The composition's size, frame rate and length are the defaults: 60 frames of 200×200 at
    /// 30 fps, on a transparent background.
    @Test func rendersAtTheCompositionsOwnSizeRateAndLength() throws {
        let result = try CLI.run(["render", Self.path("shapes"), "--backend", "cpu", "--out", "out"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("60 frames, 200x200"), "\(result.stdout)")
        let first = try RGBAImage(contentsOfPNG: folder + "/out/frame_00000.png")
        #expect(first.pixels[3] == 0, "the corner is transparent")
    }

    /// `--fps 60` samples the same motion twice as often: its even frames are the 30 fps frames.
    @Test func anotherFrameRateSamplesTheSameMotion() throws {
        let at30 = try CLI.run(["render", Self.path("repeater"), "--backend", "cpu", "--frames", "7..7", "--out", "a"], in: folder)
        let at60 = try CLI.run(["render", Self.path("repeater"), "--backend", "cpu", "--fps", "60", "--frames", "14..14", "--out", "b"], in: folder)
        #expect(at30.status == 0 && at60.status == 0, "\(at30.stderr) \(at60.stderr)")
        let a = try Data(contentsOf: URL(fileURLWithPath: folder + "/a/frame_00007.png"))
        let b = try Data(contentsOf: URL(fileURLWithPath: folder + "/b/frame_00014.png"))
        #expect(a == b)
    }

    /// `mattes.tgs` in the test's folder: the mattes test file gzipped, as a Telegram sticker is.
    func gzipMattes() throws {
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/sh")
        gzip.arguments = ["-c", "gzip -c '\(Self.path("mattes"))' > '\(folder)/mattes.tgs'"]
        try gzip.run()
        gzip.waitUntilExit()
    }

    /// A Telegram sticker (gzipped) and a dotLottie archive give the JSON's frames; a bad archive,
    /// an unknown animation id and an unknown marker are clear errors.
    @Test func readsStickersAndDotLottieArchives() throws {
        let json = try Data(contentsOf: URL(fileURLWithPath: Self.path("mattes")))
        try gzipMattes()
        try writeZip(to: folder + "/mattes.lottie", entries: [
            ("manifest.json", Data(#"{"version": "1", "animations": [{"id": "first"}, {"id": "second"}]}"#.utf8)),
            ("animations/first.json", Data(try Data(contentsOf: URL(fileURLWithPath: Self.path("shapes"))))),
            ("animations/second.json", json),
        ])
        for (input, extra, out) in [(Self.path("mattes"), [String](), "json"), ("mattes.tgs", [], "tgs"), ("mattes.lottie", ["--animation", "second"], "lottie")] {
            let result = try CLI.run(["render", input, "--backend", "cpu", "--frames", "20..20", "--out", out] + extra, in: folder)
            #expect(result.status == 0, "\(input): \(result.stderr)")
        }
        let reference = try Data(contentsOf: URL(fileURLWithPath: folder + "/json/frame_00020.png"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/tgs/frame_00020.png")) == reference)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/lottie/frame_00020.png")) == reference)

        let unknown = try CLI.run(["render", "mattes.lottie", "--animation", "third", "--out", "x"], in: folder)
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("--animation third: the manifest lists \"first\", \"second\""), "\(unknown.stderr)")
        try Data("not a zip at all, but long enough to look".utf8).write(to: URL(fileURLWithPath: folder + "/bad.lottie"))
        let bad = try CLI.run(["render", "bad.lottie", "--out", "x"], in: folder)
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("bad.lottie: not a zip archive"), "\(bad.stderr)")
        try Data(repeating: 7, count: 64).write(to: URL(fileURLWithPath: folder + "/bad.tgs"))
        let sticker = try CLI.run(["render", "bad.tgs", "--out", "x"], in: folder)
        #expect(sticker.status != 0)
        #expect(sticker.stderr.contains("bad.tgs: not a Telegram sticker"), "\(sticker.stderr)")
        let marker = try CLI.run(["render", Self.path("mattes"), "--marker", "intro", "--out", "x"], in: folder)
        #expect(marker.status != 0)
        #expect(marker.stderr.contains("has no marker \"intro\" (it has none)"), "\(marker.stderr)")
    }

    /// What `render` plays, `lottie info`, `bench lottie` and a scene's `Lottie` node read too: a
    /// sticker and a dotLottie (they said "not valid JSON").
    @Test func everyCommandReadsStickersAndDotLottieArchives() throws {
        try gzipMattes()
        try writeZip(to: folder + "/mattes.lottie", entries: [
            ("manifest.json", Data(#"{"version": "1", "animations": [{"id": "only"}]}"#.utf8)),
            ("animations/only.json", try Data(contentsOf: URL(fileURLWithPath: Self.path("mattes")))),
        ])
        for input in ["mattes.tgs", "mattes.lottie"] {
            let info = try CLI.run(["lottie", "info", input], in: folder)
            #expect(info.status == 0 && info.stdout.contains("mattes"), "\(input): \(info.stdout)\(info.stderr)")
            let bench = try CLI.run(["bench", "lottie", input, "--size", "64", "--frames", "2", "--repeat", "1", "--backend", "cpu"], in: folder)
            #expect(bench.status == 0, "\(input): \(bench.stderr)")
            let scene = #"{"size": [100, 100], "nodes": [{"type": "Lottie", "id": "l", "frame": [0, 0, 100, 100], "attributes": {"src": "\#(input)"}}]}"#
            try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/node.json"))
            let node = try CLI.run(["render", "node.json", "--backend", "cpu", "--frames", "0..0", "--out", "node-" + input], in: folder)
            #expect(node.status == 0, "\(input) in a scene: \(node.stderr)")
        }
    }

    /// `--slot`, `--slots FILE` and a dotLottie's `--theme` set the same slot the same way; a slot
    /// or theme the file does not have is an error naming it.
    @Test func slotsAndThemesSetSlots() throws {
        let slotted = Self.path("slots")
        try Data(#"{"accent": [0.9, 0.3, 0.2, 1]}"#.utf8).write(to: URL(fileURLWithPath: folder + "/slots.json"))
        try writeZip(to: folder + "/themed.lottie", entries: [
            ("manifest.json", Data(#"{"version": "2", "animations": [{"id": "main"}], "themes": [{"id": "warm"}]}"#.utf8)),
            ("a/main.json", try Data(contentsOf: URL(fileURLWithPath: slotted))),
            ("t/warm.json", Data(#"{"rules": [{"id": "accent", "type": "Color", "value": [0.9, 0.3, 0.2, 1]}]}"#.utf8)),
        ])
        let runs: [(String, [String])] = [
            ("plain", [slotted]), ("slot", [slotted, "--slot", "accent=[0.9, 0.3, 0.2, 1]"]), ("file", [slotted, "--slots", "slots.json"]),
            ("theme", ["themed.lottie", "--theme", "warm"]),
        ]
        for (out, arguments) in runs {
            let result = try CLI.run(["render"] + arguments + ["--backend", "cpu", "--frames", "10..10", "--out", out], in: folder)
            #expect(result.status == 0, "\(out): \(result.stderr)")
        }
        func frame(_ out: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: folder + "/\(out)/frame_00010.png")) }
        #expect(try frame("slot") != frame("plain"))
        #expect(try frame("file") == frame("slot"))
        #expect(try frame("theme") == frame("slot"))

        let unknown = try CLI.run(["render", slotted, "--slot", "acent=1", "--out", "x"], in: folder)
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains(#"there is no slot "acent" (it has "accent", "badge", "card-opacity", "card-size", "spin")"#), "\(unknown.stderr)")
        let theme = try CLI.run(["render", "themed.lottie", "--theme", "cold", "--out", "x"], in: folder)
        #expect(theme.status != 0)
        #expect(theme.stderr.contains(#"--theme cold: the manifest lists "warm""#), "\(theme.stderr)")
        let notArchive = try CLI.run(["render", slotted, "--theme", "warm", "--out", "x"], in: folder)
        #expect(notArchive.status != 0)
        #expect(notArchive.stderr.contains("--theme takes a dotLottie file"), "\(notArchive.stderr)")
        let info = try CLI.run(["lottie", "info", slotted], in: folder)
        #expect(info.stdout.contains(#"slots: "accent", "badge", "card-opacity", "card-size", "spin""#), "\(info.stdout)")

        // A scene's Lottie node takes slots too.
        for (name, extra) in [("node-plain", ""), ("node-slot", #", "slots": {"accent": [0.9, 0.3, 0.2, 1]}"#), ("node-bad", #", "slots": 5"#)] {
            let scene = #"{"size": [200, 200], "nodes": [{"type": "Lottie", "id": "l", "frame": [0, 0, 200, 200], "attributes": {"src": "\#(slotted)"\#(extra)}}]}"#
            try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/\(name).json"))
        }
        for name in ["node-plain", "node-slot"] {
            let result = try CLI.run(["render", name + ".json", "--backend", "cpu", "--frames", "10..10", "--out", name], in: folder)
            #expect(result.status == 0, "\(name): \(result.stderr)")
        }
        #expect(try frame("node-slot") != frame("node-plain"))
        let bad = try CLI.run(["render", "node-bad.json", "--out", "x"], in: folder)
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("'attributes.slots': must be an object of slot id → value"), "\(bad.stderr)")
    }

    /// `--expressions off` draws the keyframed values, as before expressions ran.
    @Test func expressionsOnAndOff() throws {
        let file = Self.path("expressions")
        for mode in ["on", "off"] {
            let result = try CLI.run(["render", file, "--expressions", mode, "--backend", "cpu", "--frames", "30..30", "--out", mode], in: folder)
            #expect(result.status == 0, "\(mode): \(result.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/on/frame_00030.png")) != Data(contentsOf: URL(fileURLWithPath: folder + "/off/frame_00030.png")))
        let off = try CLI.run(["lottie", "info", file, "--expressions", "off"], in: folder)
        #expect(off.stdout.contains("not drawn: expressions"), "\(off.stdout)")
    }

    /// `--marker NAME` renders the marker's frames: its length, from its first frame.
    @Test func rendersAMarkersRange() throws {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.path("trim-paths")))) as? [String: Any])
        object["markers"] = [["cm": "middle", "tm": 20, "dr": 10]]
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: folder + "/marked.json"))
        let result = try CLI.run(["render", "marked.json", "--marker", "middle", "--backend", "cpu", "--out", "m"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("10 frames"), "\(result.stdout)")
        let whole = try CLI.run(["render", "marked.json", "--backend", "cpu", "--frames", "20..20", "--out", "w"], in: folder)
        #expect(whole.status == 0, "\(whole.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/m/frame_00000.png")) == Data(contentsOf: URL(fileURLWithPath: folder + "/w/frame_00020.png")))
    }

    /// Frames are the same bytes whatever the encoder threads or the shard that renders them.
    @Test func framesAreTheSameAcrossJobsAndShards() throws {
        let one = try CLI.run(["render", Self.path("gradients"), "--backend", "cpu", "--jobs", "1", "--out", "one"], in: folder)
        let three = try CLI.run(["render", Self.path("gradients"), "--backend", "cpu", "--jobs", "3", "--out", "three"], in: folder)
        let shard = try CLI.run(["render", Self.path("gradients"), "--backend", "cpu", "--shard", "2/3", "--out", "shard"], in: folder)
        #expect(one.status == 0 && three.status == 0 && shard.status == 0, "\(one.stderr)\(three.stderr)\(shard.stderr)")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder + "/shard") {
            let expected = try Data(contentsOf: URL(fileURLWithPath: folder + "/one/" + name))
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/shard/" + name)) == expected, "\(name)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/three/" + name)) == expected, "\(name)")
        }
    }

    @Test func infoListsLayersFeaturesAndWhatIsNotDrawn() throws {
        let text = try CLI.run(["lottie", "info", Self.path("mattes")], in: folder)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("test: 200x200, 30 fps, frames 0..<60 (2 s)"), "\(text.stdout)")
        #expect(text.stdout.contains("shape [2] \"alpha\" frames 0..<60"), "\(text.stdout)")
        #expect(text.stdout.contains("(matte)"), "\(text.stdout)")
        #expect(text.stdout.contains("track mattes"), "\(text.stdout)")
        #expect(text.stdout.contains("not drawn: none"), "\(text.stdout)")
        let json = try CLI.run(["lottie", "info", Self.path("masks"), "--json"], in: folder)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["frameRate"] as? Double == 30)
        #expect((object["layers"] as? [[String: Any]])?.count == 4)
        #expect((object["features"] as? [String])?.contains("masks") == true)
        let missing = try CLI.run(["lottie", "info", "nowhere.json"], in: folder)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("nowhere.json"), "\(missing.stderr)")
    }

    /// A bad Lottie file is refused naming the file, the layer and the property, with nothing written.
    @Test func badFilesAreClearErrors() throws {
        let bad = #"{"v": "5", "fr": 30, "ip": 0, "op": 30, "w": 64, "h": 64, "layers": [{"ty": 4, "nm": "Ball", "ind": 3, "ip": 0, "op": 30, "ks": {"o": {"a": 1, "k": [{"t": 0}]}}, "shapes": []}]}"#
        try Data(bad.utf8).write(to: URL(fileURLWithPath: folder + "/bad.json"))
        let result = try CLI.run(["render", "bad.json", "--out", "nothing"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("bad.json: layer \"Ball\" (index 3), ks.o.k[0]: the first keyframe has no value (s)"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/nothing"))
        let strict = try CLI.run(["render", Self.path("masks"), "--strict", "--frames", "0..0", "--backend", "cpu", "--out", "s"], in: folder)
        #expect(strict.status == 0, "a file using only what Cadence draws passes --strict: \(strict.stderr)")
    }

    /// A scene's `Lottie` node plays the file in its frame: looping, from a frame; bad attributes
    /// are errors naming the node and key.
    @Test func scenesPlayLottieNodes() throws {
        let scene = """
        {"size": [200, 100], "background": "#FFFFFF", "nodes": [
          {"type": "Lottie", "id": "spinner", "frame": [0, 0, 100, 100],
           "attributes": {"src": "\(Self.path("repeater"))", "loopMode": "loop", "speed": 2, "fromFrame": 10}},
          {"type": "Lottie", "id": "shapes", "frame": [100, 0, 100, 100], "attributes": {"src": "\(Self.path("shapes"))"}}]}
        """
        try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/scene.json"))
        let result = try CLI.run(["render", "scene.json", "--backend", "cpu", "--strict", "--fps", "10", "--duration", "1", "--out", "s"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let frame = try RGBAImage(contentsOfPNG: folder + "/s/frame_00005.png")
        #expect(Set(frame.pixels).count > 2, "the frame shows the animations")
        let bad = scene.replacingOccurrences(of: "\"loopMode\": \"loop\"", with: "\"loopMode\": \"sometimes\"")
        try Data(bad.utf8).write(to: URL(fileURLWithPath: folder + "/bad.json"))
        let refused = try CLI.run(["render", "bad.json", "--out", "b"], in: folder)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("node 'spinner': key 'attributes.loopMode': must be playOnce, loop, autoReverse or repeat:N"), "\(refused.stderr)")
        let missing = scene.replacingOccurrences(of: Self.path("shapes"), with: "nowhere.json")
        try Data(missing.utf8).write(to: URL(fileURLWithPath: folder + "/missing.json"))
        let absent = try CLI.run(["render", "missing.json", "--out", "m"], in: folder)
        #expect(absent.status == 1)
        #expect(absent.stderr.contains("nowhere.json"), "\(absent.stderr)")
    }

    /// Scripted playback through scene events: paused from 0.2 s, the frames stay the same; a
    /// seek by progress outside 0 … 1 is refused naming the key.
    @Test func sceneEventsPauseAndSeekLottieNodes() throws {
        let scene = """
        {"size": [100, 100], "nodes": [
          {"type": "Lottie", "id": "spinner", "frame": [0, 0, 100, 100], "attributes": {"src": "\(Self.path("repeater"))"}}],
         "events": [{"at": 0.2, "target": "spinner", "type": "pause"},
                    {"at": 0.6, "target": "spinner", "type": "seek", "progress": 0.5},
                    {"at": 0.6, "target": "spinner", "type": "play"}]}
        """
        try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/events.json"))
        let result = try CLI.run(["render", "events.json", "--backend", "cpu", "--strict", "--fps", "10", "--duration", "0.7", "--out", "e"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let paused = try Data(contentsOf: URL(fileURLWithPath: folder + "/e/frame_00002.png"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/e/frame_00005.png")) == paused)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/e/frame_00006.png")) != paused)
        let bad = scene.replacingOccurrences(of: "\"progress\": 0.5", with: "\"progress\": 2")
        try Data(bad.utf8).write(to: URL(fileURLWithPath: folder + "/bad-events.json"))
        let refused = try CLI.run(["render", "bad-events.json", "--out", "b"], in: folder)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("progress"), "\(refused.stderr)")
        #expect(refused.stderr.contains("must be from 0 to 1, got 2"), "\(refused.stderr)")
    }

    /// Value providers recolour by key path, content modes place the composition, seeks take a
    /// marker; each bad value is an error naming the node and key.
    @Test func sceneNodesTakeValueProvidersContentModesAndMarkerSeeks() throws {
        let scene = """
        {"size": [200, 100], "nodes": [
          {"type": "Lottie", "id": "shapes", "frame": [0, 0, 200, 100],
           "attributes": {"src": "\(Self.path("shapes"))", "contentMode": "scaleToFill", "valueProviders": {"**.Color": "#00FF00"}}}],
         "events": [{"at": 0.1, "target": "shapes", "type": "seek", "marker": "none here"}]}
        """
        try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/providers.json"))
        let result = try CLI.run(["render", "providers.json", "--backend", "cpu", "--strict", "--frames", "0..0", "--out", "p"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let frame = try RGBAImage(contentsOfPNG: folder + "/p/frame_00000.png")
        // Over the white background every drawn pixel is green, mixed with white at its edges.
        var drawn = 0, green = 0
        for offset in stride(from: 0, to: frame.pixels.count, by: 4) where frame.pixels[offset ..< offset + 3] != [255, 255, 255] {
            drawn += 1
            if frame.pixels[offset + 1] == 255, frame.pixels[offset] == frame.pixels[offset + 2] { green += 1 }
        }
        #expect(drawn > 1000 && green == drawn, "\(green) of \(drawn) drawn pixels green")
        // Stretched to fill 200 wide (fitted, it would end at x = 150): drawn at x = 170.
        #expect((0..<100).contains { y in frame.pixels[(y * 200 + 170) * 4] != 255 })
        for (replacement, message) in [
            (##""**.Color": "greenish""##, "key 'attributes.valueProviders.**.Color': must be a colour such as"),
            (#""Nothing.Transform.Position": [1, 2]"#, "key 'attributes.valueProviders.Nothing.Transform.Position': matches nothing in"),
            (#""**.Transform.Rotation": [1, 2]"#, "Rotation takes a number"),
        ] {
            let bad = scene.replacingOccurrences(of: ##""**.Color": "#00FF00""##, with: replacement)
            try Data(bad.utf8).write(to: URL(fileURLWithPath: folder + "/bad-providers.json"))
            let refused = try CLI.run(["render", "bad-providers.json", "--out", "b"], in: folder)
            #expect(refused.status == 1)
            #expect(refused.stderr.contains(message), "\(refused.stderr)")
        }
        let badMode = scene.replacingOccurrences(of: "scaleToFill", with: "scaleToFit")
        try Data(badMode.utf8).write(to: URL(fileURLWithPath: folder + "/bad-mode.json"))
        let refused = try CLI.run(["render", "bad-mode.json", "--out", "b"], in: folder)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("key 'attributes.contentMode': must be one of scaleToFill"), "\(refused.stderr)")
    }

    @Test func benchLottiePrintsFramesPerSecondPerFile() throws {
        let result = try CLI.run(["bench", "lottie", Self.path("shapes"), Self.path("masks"), "--size", "128", "--frames", "6", "--repeat", "1", "--backend", "cpu", "--json"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let files = try #require(object["files"] as? [[String: Any]])
        #expect(files.count == 2)
        #expect(files[0]["width"] as? Int == 128 && files[0]["height"] as? Int == 128)
        #expect(files[0]["frames"] as? Int == 6)
        #expect((files[0]["fps"] as? Double ?? 0) > 0)
        #expect(object["version"] != nil)
    }
}

/// Writes a zip archive of stored (uncompressed) entries, as the dotLottie tests need.
func writeZip(to path: String, entries: [(name: String, data: Data)]) throws {
    var archive = Data()
    var directory = Data()
    func u16(_ value: Int) -> Data { Data([UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)]) }
    func u32(_ value: UInt32) -> Data { Data([UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24 & 0xFF)]) }
    for (name, data) in entries {
        let offset = UInt32(archive.count)
        let crc = crc32(data)
        let nameBytes = Data(name.utf8)
        archive += u32(0x0403_4B50) + u16(20) + u16(0) + u16(0) + u16(0) + u16(0) + u32(crc) + u32(UInt32(data.count)) + u32(UInt32(data.count))
        archive += u16(nameBytes.count) + u16(0) + nameBytes + data
        directory += u32(0x0201_4B50) + u16(20) + u16(20) + u16(0) + u16(0) + u16(0) + u16(0) + u32(crc) + u32(UInt32(data.count)) + u32(UInt32(data.count))
        directory += u16(nameBytes.count) + u16(0) + u16(0) + u16(0) + u16(0) + u32(0) + u32(offset) + nameBytes
    }
    let directoryOffset = UInt32(archive.count)
    archive += directory
    archive += u32(0x0605_4B50) + u16(0) + u16(0) + u16(entries.count) + u16(entries.count) + u32(UInt32(directory.count)) + u32(directoryOffset) + u16(0)
    try archive.write(to: URL(fileURLWithPath: path))
}

private func crc32(_ data: Data) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in data {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
    return crc ^ 0xFFFF_FFFF
}
