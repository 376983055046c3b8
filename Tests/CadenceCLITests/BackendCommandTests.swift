import CadenceDraw
import CadenceImage
import Foundation
import Testing

/// `--backend cpu`: the CPU backend through the commands, its frames those of the GL backend
/// within the agreement tolerance, and byte-identical whatever the threads or shards.
@Suite struct BackendCommandTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "cadence-backend-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func frames(_ name: String) throws -> [RGBAImage] {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/" + name).filter { $0.hasSuffix(".png") }.sorted()
        return try files.map { try RGBAImage(contentsOfPNG: folder + "/" + name + "/" + $0) }
    }

    @Test func cpuFramesMatchGLFramesAndDoNotDependOnThreadsOrShards() throws {
        let common = ["render", "--size", "640x360", "--duration", "0.5", "--fps", "12"]
        for (name, extra) in [("gl", ["--backend", "gl"]), ("cpu", ["--backend", "cpu"]), ("cpu1", ["--backend", "cpu", "--jobs", "1"])] {
            let result = try CLI.run(common + extra + ["--out", name], in: folder)
            #expect(result.status == 0, "\(result.stderr)")
        }
        for shard in ["1/2", "2/2"] {
            let result = try CLI.run(common + ["--backend", "cpu", "--shard", shard, "--out", "sharded"], in: folder)
            #expect(result.status == 0, "\(result.stderr)")
        }
        let gl = try frames("gl"), cpu = try frames("cpu")
        #expect(gl.count == 6 && cpu.count == 6)
        #expect(try frames("cpu1") == cpu)
        #expect(try frames("sharded") == cpu)
        for (a, b) in zip(gl, cpu) {
            let diff = try #require(ImageDiff(expected: a, actual: b, tolerance: 8))
            #expect(diff.differingFraction <= 0.005)
        }
    }

    @Test func aBackendThatDoesNotExistIsAnOptionError() throws {
        let result = try CLI.run(["render", "--backend", "vulkan", "--duration", "0.1"], in: folder)
        #expect(result.status == 64)
        #expect(result.stderr.contains("'vulkan' is invalid for '--backend"), "\(result.stderr)")
    }
}
