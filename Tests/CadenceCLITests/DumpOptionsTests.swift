import CadenceDraw
import CadenceImage
import Foundation
import Testing

@Suite struct DumpOptionsTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "cadence-dump-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func render(_ arguments: [String], out: String) throws -> CLI.Result {
        try CLI.run(["render", "--size", "320x180", "--duration", "0.5", "--out", out] + arguments, in: folder)
    }

    func files(_ subfolder: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: "\(folder)/\(subfolder)") {
            result[name] = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(subfolder)/\(name)"))
        }
        return result
    }

    @Test func framesAreTheSameWhateverTheJobs() throws {
        #expect(try render(["--jobs", "1"], out: "one").status == 0)
        #expect(try render(["--jobs", "4"], out: "four").status == 0)
        #expect(try files("one") == files("four"))
        #expect(try files("one").count == 30)
    }

    @Test func fullRedrawGivesTheSameFiles() throws {
        #expect(try render([], out: "damage").status == 0)
        #expect(try render(["--full-redraw"], out: "full").status == 0)
        #expect(try files("damage") == files("full"))
    }

    @Test func pixelBufferReadbackGivesTheSameFiles() throws {
        #expect(try render(["--readback", "direct"], out: "direct").status == 0)
        #expect(try render(["--readback", "pbo"], out: "pbo").status == 0)
        #expect(try render(["--readback", "pbo", "--frames", "3..9"], out: "pbo-slice").status == 0)
        let direct = try files("direct")
        #expect(direct.count == 30)
        #expect(try files("pbo") == direct)
        for (name, data) in try files("pbo-slice") { #expect(direct[name] == data) }
        #expect(try files("pbo-slice").count == 7)
    }

    @Test func shardsAddUpToTheWholeTimeline() throws {
        #expect(try render([], out: "whole").status == 0)
        for shard in 1...3 {
            let result = try render(["--shard", "\(shard)/3"], out: "sharded")
            #expect(result.status == 0 && result.stdout.hasPrefix("10 frames"), "\(result.stdout)\(result.stderr)")
        }
        #expect(try files("sharded") == files("whole"))
    }

    @Test func layerScenesGiveTheSameFilesWhateverTheJobsShardsOrRedraw() throws {
        let scene = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/scenes/checkmark.json").path
        func render(_ arguments: [String], out: String) throws -> CLI.Result {
            try CLI.run(["render", scene, "--duration", "1.5", "--fps", "20", "--out", out] + arguments, in: folder)
        }
        #expect(try render(["--jobs", "1"], out: "one").status == 0)
        #expect(try render(["--jobs", "2", "--full-redraw"], out: "two").status == 0)
        for shard in 1...2 { #expect(try render(["--shard", "\(shard)/2"], out: "sharded").status == 0) }
        let one = try files("one")
        #expect(one.count == 30)
        #expect(try files("two") == one)
        #expect(try files("sharded") == one)
    }

    @Test func aRangeRendersOnlyThoseFramesWithoutReplay() throws {
        #expect(try render([], out: "whole").status == 0)
        let result = try render(["--frames", "12..14"], out: "slice")
        #expect(result.status == 0)
        let slice = try files("slice")
        #expect(slice.keys.sorted() == ["frame_00012.png", "frame_00013.png", "frame_00014.png"])
        let whole = try files("whole")
        for (name, data) in slice { #expect(whole[name] == data) }
    }

    @Test func pngSettingsChangeSizeNotPixels() throws {
        #expect(try render(["--png-level", "0", "--png-encoder", "libpng"], out: "stored").status == 0)
        #expect(try render(["--png-level", "9", "--png-filter", "adaptive", "--png-encoder", "libpng"], out: "libpng").status == 0)
        #expect(try render(["--png-encoder", "libdeflate"], out: "default").status == 0)
        let frames = try ["stored", "libpng", "default"].map { try RGBAImage(contentsOfPNG: "\(folder)/\($0)/frame_00007.png") }
        #expect(frames[0] == frames[1] && frames[1] == frames[2])
        let sizes = try ["stored", "libpng", "default"].map { try files($0)["frame_00007.png"]!.count }
        #expect(sizes[1] < sizes[0] && sizes[2] < sizes[0])
    }

    @Test(arguments: [
        (["--jobs", "0"], "--jobs: must be at least 1, got 0"),
        (["--shard", "3/2"], "--shard: K/N needs 1 ≤ K ≤ N"),
        (["--shard", "0/2"], "--shard: K/N needs 1 ≤ K ≤ N"),
        (["--frames", "10..40"], "--frames: 10..40 is outside the timeline's frames 0..29"),
        (["--frames", "5"], "--frames"),
        (["--png-filter", "zigzag"], "--png-filter must be one of"),
        (["--png-encoder", "gif"], "--png-encoder must be one of libpng, libdeflate, incremental"),
        (["--png-encoder", "incremental", "--png-filter", "paeth"], "--png-filter: the incremental encoder writes the none, sub and up filters only, got paeth"),
        (["--readback", "dma"], "--readback must be direct or pbo"),
    ])
    func badOptionsAreClearErrors(arguments: [String], message: String) throws {
        let result = try render(arguments, out: "bad")
        #expect(result.status != 0)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/bad"))
    }
}
