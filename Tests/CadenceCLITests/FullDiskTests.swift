import CadenceDraw
import CadenceImage
import Foundation
import Testing

/// A 300 KB tmpfs to fill, where this process may mount one (root with mount rights: our CI).
private let smallDisk: String? = {
    let path = NSTemporaryDirectory() + "cadence-full-disk-\(ProcessInfo.processInfo.processIdentifier)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return run("/bin/mount", ["-t", "tmpfs", "-o", "size=300k", "tmpfs", path]) ? path : nil
}()

@discardableResult
private func run(_ tool: String, _ arguments: [String]) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
}

@Suite struct FullDiskTests {
    @Test(.enabled(if: smallDisk != nil, "needs to mount a small tmpfs (root with mount rights)"))
    func aFullDiskStopsTheDumpWithWholeFramesAndNamesThePath() throws {
        let disk = try #require(smallDisk)
        defer { run("/bin/umount", [disk]) }
        let result = try CLI.run(["render", "--size", "640x360", "--duration", "1", "--jobs", "2", "--out", disk + "/frames"], in: disk)
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot write PNG \(disk)/frames/frame_"), "\(result.stderr)")
        #expect(result.stderr.contains("No space left on device"))
        let names = try FileManager.default.contentsOfDirectory(atPath: disk + "/frames")
        #expect(!names.contains { $0.hasSuffix(".tmp") }, "a temporary file was left: \(names)")
        #expect(names.count > 3)
        for name in names {
            let image = try RGBAImage(contentsOfPNG: "\(disk)/frames/\(name)")  // every frame left is whole
            #expect(image.width == 640 && image.height == 360)
        }
    }
}
