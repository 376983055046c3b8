import Foundation
import Testing

/// Issue 27, classes 3 and 4: what ffmpeg leaves is checked before a render says it worked, a
/// render of no frames is an error before ffmpeg starts, a stalled ffmpeg (a wrapper script that
/// stops reading, or never exits) is ended with its name in the message, and a font path that is
/// a FIFO is refused instead of waited on.
@Suite struct ChildProcessTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "cadence-children-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/bin", withIntermediateDirectories: true)
    }

    func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0 != "bin" }
    }

    @Test(arguments: ["gif", "mp4", "webm", "apng"])
    func noFramesIsAnErrorBeforeFFmpegStarts(format: String) throws {
        let result = try CLI.run(["render", "--size", "64x36", "--duration", "0", "--format", format, "--out", "a.\(format)"], in: folder)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("--duration: 0.0 s at 60.0 fps is no frames: the \(format) format needs at least one"), "\(result.stderr)")
        #expect(try leftovers().isEmpty)
    }

    /// A fake `ffmpeg` first on PATH: one that never reads its input, one that reads it and
    /// never exits. Each is ended after CADENCE_CHILD_TIMEOUT seconds, with its sleeping child.
    @Test(arguments: [("sleep 600", "ffmpeg stopped reading its input for 1 s: ended it"),
                      ("cat > /dev/null; sleep 600", "ffmpeg wrote nothing for 1 s after its input ended: ended it")])
    func aStalledFFmpegIsEndedAndNamed(script: String, message: String) throws {
        let fake = folder + "/bin/ffmpeg"
        try Data("#!/bin/sh\n\(script)\n".utf8).write(to: URL(fileURLWithPath: fake))
        #expect(chmod(fake, 0o755) == 0)
        let path = folder + "/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin")
        let start = ContinuousClock.now
        let result = try CLI.run(
            ["render", "--size", "320x180", "--duration", "0.5", "--format", "mp4", "--out", "a.mp4"], in: folder,
            environment: ["PATH": path, "CADENCE_CHILD_TIMEOUT": "1"]
        )
        #expect(start.duration(to: .now) < .seconds(30))
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("cannot write a.mp4: \(message)"), "\(result.stderr)")
        #expect(try leftovers().isEmpty)
    }

    /// ffmpeg exits 0 when the disk fills (a truncated GIF or WebM, an MP4 without its index):
    /// the frames in the file are counted before the render says it worked.
    @Test(.enabled(if: getuid() == 0, "needs to mount a small tmpfs"), arguments: ["gif", "webm", "mp4"])
    func aFileTruncatedByAFullDiskIsAnError(format: String) throws {
        let disk = folder + "/disk"
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=24k", "tmpfs", disk]
        try mount.run()
        mount.waitUntilExit()
        try #require(mount.terminationStatus == 0)
        defer {
            let unmount = Process()
            unmount.executableURL = URL(fileURLWithPath: "/bin/umount")
            unmount.arguments = [disk]
            try? unmount.run()
            unmount.waitUntilExit()
        }
        let result = try CLI.run(["render", "--size", "640x360", "--duration", "1", "--format", format, "--out", "disk/a.\(format)"], in: folder)
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stderr.contains("cannot write disk/a.\(format): ffmpeg exited 0 but its file"), "\(result.stderr)")
        #expect(result.stderr.contains("is the disk full?"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk).isEmpty)
    }

    @Test func aFontThatIsAFIFOIsRefusedNotWaitedOn() throws {
        #expect(mkfifo(folder + "/font.ttf", 0o644) == 0)
        try Data(#"{"size": [100, 40], "nodes": [{"type": "TextLayer", "id": "t", "frame": [0, 0, 100, 40], "string": "Hi", "font": "FONT 12"}]}"#
            .replacingOccurrences(of: "FONT", with: folder + "/font.ttf").utf8).write(to: URL(fileURLWithPath: folder + "/s.json"))
        let result = try CLI.run(["render", "s.json", "--duration", "0.1", "--out", "out"], in: folder)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("cannot load font file \(folder)/font.ttf: it is a FIFO (named pipe), not a regular file"), "\(result.stderr)")
    }
}
