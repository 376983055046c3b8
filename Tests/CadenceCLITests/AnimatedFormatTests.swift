import Foundation
import Testing

/// `cadence render --format apng|gif|mp4|webm|mov`, `--shard` with them, and `--shard auto/N`.
@Suite struct AnimatedFormatTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "cadence-animated-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// 10 frames of the demo at an odd size (so MP4 pads it).
    func render(_ arguments: [String], environment: [String: String] = [:]) throws -> CLI.Result {
        try CLI.run(["render", "--size", "161x91", "--fps", "10", "--duration", "1"] + arguments, in: folder, environment: environment)
    }

    /// ffprobe's frame count, width and height of the first video stream.
    func probe(_ path: String) throws -> (frames: Int, width: Int, height: Int)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0",
            "-show_entries", "stream=nb_read_frames,width,height", "-of", "default=noprint_wrappers=1", path,
        ]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var fields: [String: Int] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "=")
            if parts.count == 2, let value = Int(parts[1]) { fields[String(parts[0])] = value }
        }
        guard let frames = fields["nb_read_frames"], let width = fields["width"], let height = fields["height"] else { return nil }
        return (frames, width, height)
    }

    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    @Test(arguments: [
        ("apng", [0x89, 0x50, 0x4E, 0x47], 0, 161, 91),
        ("gif", Array("GIF89a".utf8).map(Int.init), 0, 161, 91),
        ("mp4", Array("ftyp".utf8).map(Int.init), 4, 162, 92),
        ("webm", [0x1A, 0x45, 0xDF, 0xA3], 0, 161, 91),
        ("mov", Array("ftypqt".utf8).map(Int.init), 4, 161, 91),
    ])
    func eachFormatWritesOneFileFfprobeReads(format: String, magic: [Int], at offset: Int, width: Int, height: Int) throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try render(["--format", format, "--out", "clips/demo.\(format)"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("10 frames"), "\(result.stdout)")
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/clips/demo.\(format)"))
        #expect(Array(data.dropFirst(offset).prefix(magic.count)).map(Int.init) == magic)
        let probed = try #require(try probe(folder + "/clips/demo.\(format)"))
        #expect(probed.frames == 10 && probed.width == width && probed.height == height, "\(probed)")
        // Nothing else: no temporary file left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/clips") == ["demo.\(format)"])
    }

    /// Runs a tool found on `PATH` and returns its standard output.
    func tool(_ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }

    /// A transparent background keeps its alpha in WebM (VP9 yuva420p) and MOV (ProRes 4444);
    /// an opaque one gives a WebM without alpha, as before.
    @Test func transparentScenesKeepTheirAlphaInWebMAndMOV() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scene = ##"{"size": [64, 48], "background": "#00000000", "nodes": [{"type": "Layer", "id": "half", "frame": [0, 0, 32, 48], "backgroundColor": "#FF000080"}]}"##
        try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/clear.json"))
        for format in ["webm", "mov"] {
            let result = try CLI.run(["render", "clear.json", "--fps", "10", "--duration", "0.5", "--backend", "cpu", "--format", format, "--out", "clear.\(format)"], in: folder)
            #expect(result.status == 0, "\(result.stderr)")
        }
        let webm = String(decoding: try tool(["ffprobe", "-v", "error", "-show_entries", "stream_tags=alpha_mode", "-of", "default=noprint_wrappers=1", folder + "/clear.webm"]), as: UTF8.self)
        #expect(webm.contains("alpha_mode=1"), "\(webm)")
        let mov = String(decoding: try tool(["ffprobe", "-v", "error", "-show_entries", "stream=codec_name,profile,pix_fmt", "-of", "default=noprint_wrappers=1", folder + "/clear.mov"]), as: UTF8.self)
        #expect(mov.contains("codec_name=prores") && mov.contains("pix_fmt=yuva444p"), "\(mov)")
        // Decoded, the left half is red at half alpha, the right half clear.
        for (file, decoder) in [("clear.webm", ["-c:v", "libvpx-vp9"]), ("clear.mov", [])] {
            let pixels = [UInt8](try tool(["ffmpeg", "-v", "error"] + decoder + ["-i", folder + "/" + file, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", "-"]))
            try #require(pixels.count == 64 * 48 * 4, "\(file)")
            let left = (24 * 64 + 8) * 4
            let right = (24 * 64 + 56) * 4
            #expect(abs(Int(pixels[left + 3]) - 128) <= 4 && pixels[left] > 200, "\(file): \(pixels[left..<left + 4])")
            #expect(pixels[right + 3] <= 4, "\(file): \(pixels[right..<right + 4])")
        }
        let opaque = try render(["--format", "webm", "--out", "opaque.webm"])
        #expect(opaque.status == 0)
        let tags = String(decoding: try tool(["ffprobe", "-v", "error", "-show_entries", "stream_tags=alpha_mode", "-of", "default=noprint_wrappers=1", folder + "/opaque.webm"]), as: UTF8.self)
        #expect(!tags.contains("alpha_mode=1"), "\(tags)")
    }

    @Test func theDefaultFileIsNamedAfterTheFormat() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try render(["--format", "apng"]).status == 0)
        #expect(try contents() == ["animation.apng"])
    }

    @Test func withoutFfmpegTheErrorSaysSoAndNoFileIsLeft() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try render(["--format", "gif", "--out", "demo.gif"], environment: ["PATH": "/nonexistent"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot write demo.gif: ffmpeg is not on PATH"), "\(result.stderr)")
        #expect(try contents().isEmpty)
    }

    /// A stand-in ffmpeg in its own folder: `script` as its body.
    func fakeFFmpeg(_ script: String) throws -> String {
        let bin = folder + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try ("#!/bin/sh\n" + script).write(toFile: bin + "/ffmpeg", atomically: true, encoding: .utf8)
        chmod(bin + "/ffmpeg", 0o755)
        return bin
    }

    @Test(arguments: [
        // Reads every frame, then fails (a bad option would): the last lines of its stderr.
        "for last in \"$@\"; do :; done; cat > /dev/null; echo 'half' > \"$last\"; echo 'first line' >&2; echo 'Unknown encoder libx264' >&2; exit 1",
        // Fails at once, before reading: the render must not die of SIGPIPE.
        "for last in \"$@\"; do :; done; echo 'half' > \"$last\"; echo 'Unknown encoder libx264' >&2; exit 1",
    ])
    func aFailingFfmpegGivesItsStderrAndLeavesNoFile(script: String) throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bin = try fakeFFmpeg(script)
        let result = try render(["--format", "mp4", "--out", "out/demo.mp4"], environment: ["PATH": bin + ":/usr/bin:/bin"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot write out/demo.mp4: ffmpeg exited with status 1:"), "\(result.stderr)")
        #expect(result.stderr.contains("Unknown encoder libx264"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/out").isEmpty)
    }

    @Test func aFolderInTheFilesPlaceIsAnError() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/demo.webm", withIntermediateDirectories: true)
        let result = try render(["--format", "webm", "--out", "demo.webm"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot write demo.webm: is a folder"), "\(result.stderr)")
    }

    @Test func shardsAreForFrameFiles() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try render(["--format", "apng", "--shard", "1/2"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("--shard: shards split a render into frame files; the apng format writes one file"), "\(result.stderr)")
        #expect(try contents().isEmpty)
    }

    @Test func autoShardsReadTheJobCompletionIndex() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Index 1 of a 4-completion Indexed Job: slice 2 of 4 of 10 frames, frames 2, 3 and 4.
        let result = try render(["--shard", "auto/4", "--out", "frames"], environment: ["JOB_COMPLETION_INDEX": "1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/frames").sorted()
            == ["frame_00002.png", "frame_00003.png", "frame_00004.png"])
    }

    @Test(arguments: [
        (nil, "JOB_COMPLETION_INDEX (set by a Kubernetes Indexed Job), which is not set"),
        ("4", "JOB_COMPLETION_INDEX must be 0...3 (0-based), got \"4\""),
        ("-1", "JOB_COMPLETION_INDEX must be 0...3 (0-based), got \"-1\""),
        ("one", "JOB_COMPLETION_INDEX must be 0...3 (0-based), got \"one\""),
    ] as [(String?, String)])
    func autoShardsWithoutAGoodIndexAreErrors(index: String?, message: String) throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try render(["--shard", "auto/4", "--out", "frames"], environment: index.map { ["JOB_COMPLETION_INDEX": $0] } ?? [:])
        #expect(result.status != 0)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(try contents().isEmpty)
    }
}
