import Foundation
import Testing

/// `cadence render A B … --out-dir DIR`: each file rendered into the folder by a render of its
/// own, several at once, with the same bytes as one render at a time; resumable, sharded by
/// file, bounded per file, one failure named without stopping the rest.
@Suite struct BatchRenderTests {
    let folder: String

    /// The project's own example files (`Examples/lottie`), copied in, and a broken one.
    init() throws {
        folder = NSTemporaryDirectory() + "cadence-batch-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/lottie")
        for name in ["spinner.json", "intro.json", "sticker.tgs"] {
            try FileManager.default.copyItem(atPath: examples.appendingPathComponent(name).path, toPath: folder + "/" + name)
        }
        try Data(#"{"not": "a scene""#.utf8).write(to: URL(fileURLWithPath: folder + "/broken.json"))
    }

    func bytes(_ path: String) throws -> [String: Data] {
        var found: [String: Data] = [:]
        let full = folder + "/" + path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder) else { return found }
        guard isFolder.boolValue else { return ["": try Data(contentsOf: URL(fileURLWithPath: full))] }
        for name in try FileManager.default.contentsOfDirectory(atPath: full) {
            found[name] = try Data(contentsOf: URL(fileURLWithPath: full + "/" + name))
        }
        return found
    }

    @Test func aBatchWritesWhatRendersOneAtATimeWrite() throws {
        let options = ["--size", "64x64", "--backend", "cpu"]
        let batch = try CLI.run(["render", "spinner.json", "intro.json", "sticker.tgs", "--out-dir", "out", "--parallel", "2"] + options, in: folder)
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(batch.stdout.contains("3 files: 3 rendered, 0 skipped, 0 failed"), "\(batch.stdout)")
        for name in ["spinner", "intro", "sticker"] {
            let file = name == "sticker" ? "sticker.tgs" : "\(name).json"
            let single = try CLI.run(["render", file, "--out", "single-\(name)"] + options, in: folder)
            #expect(single.status == 0, "\(single.stderr)")
            let batched = try bytes("out/\(name)"), alone = try bytes("single-\(name)")
            #expect(!batched.isEmpty && batched == alone, "\(name): the batch's frames differ from a render of the file alone")
        }
        // One file at a time: its frames split between renders, one per core, the same bytes.
        let split = try CLI.run(["render", "intro.json", "--out-dir", "split", "--parallel", "1", "--json"] + options, in: folder)
        #expect(split.status == 0, "\(split.stderr)")
        #expect(split.stdout.contains(#""status": "rendered", "frames": 60"#), "\(split.stdout)")
        #expect(try bytes("split/intro") == (try bytes("single-intro")))
        // No partial output is left beside the finished ones.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/out").sorted() == ["intro", "spinner", "sticker"])
        // Run again: everything there is skipped.
        let again = try CLI.run(["render", "spinner.json", "intro.json", "sticker.tgs", "--out-dir", "out", "--json"] + options, in: folder)
        #expect(again.status == 0)
        #expect(again.stdout.contains(#""skipped": 3"#), "\(again.stdout)")
    }

    @Test func oneFailureIsNamedAndTheRestRender() throws {
        let result = try CLI.run(["render", "broken.json", "spinner.json", "--out-dir", "out", "--size", "32x32", "--json"], in: folder)
        #expect(result.status == 1)
        #expect(result.stdout.contains(#""file": "broken.json", "output": "out/broken", "status": "failed""#), "\(result.stdout)")
        #expect(result.stdout.contains("broken.json: not valid JSON: line 1, column 18"), "\(result.stdout)")
        #expect(result.stdout.contains(#""file": "spinner.json", "output": "out/spinner", "status": "rendered", "frames": 30"#), "\(result.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/out") == ["spinner"])
    }

    @Test func shardsSplitTheFilesAndAListNamesThem() throws {
        try Data("# three files\nspinner.json\n\nintro.json\nsticker.tgs\n".utf8).write(to: URL(fileURLWithPath: folder + "/files.txt"))
        let first = try CLI.run(["render", "--list", "files.txt", "--out-dir", "out", "--shard", "1/2", "--size", "32x32"], in: folder)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/out").sorted() == ["spinner", "sticker"])
        let second = try CLI.run(["render", "--list", "files.txt", "--out-dir", "out", "--shard", "2/2", "--size", "32x32"], in: folder)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/out").sorted() == ["intro", "spinner", "sticker"])
    }

    /// Files from several folders keep their folders apart below the one they share.
    @Test func filesOfSeveralFoldersKeepTheirFolders() throws {
        for name in ["a", "b"] {
            try FileManager.default.createDirectory(atPath: folder + "/" + name, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: folder + "/spinner.json", toPath: folder + "/\(name)/spinner.json")
        }
        let result = try CLI.run(["render", "a/spinner.json", "b/spinner.json", "--out-dir", "out", "--size", "32x32", "--format", "apng"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/out/a/spinner.apng"))
        #expect(FileManager.default.fileExists(atPath: folder + "/out/b/spinner.apng"))
    }

    @Test func aFileOverItsTimeLimitIsEndedAndNamed() throws {
        let result = try CLI.run(["render", "intro.json", "--out-dir", "out", "--file-timeout", "0.001", "--json"], in: folder)
        #expect(result.status == 1)
        #expect(result.stdout.contains(#""status": "timed out""#), "\(result.stdout)")
        #expect(result.stdout.contains("--file-timeout"), "\(result.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/out").isEmpty)
    }

    /// `cadence bench batch`: the batch into a scratch folder, timed; the JSON names the version.
    @Test func benchBatchReportsFilesPerHourAndFramesPerCore() throws {
        let result = try CLI.run(["bench", "batch", "spinner.json", "intro.json", "--size", "32x32", "--json"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(report["rendered"] as? Int == 2)
        #expect(report["frames"] as? Int == 90)
        #expect((report["version"] as? String)?.hasPrefix("0.") == true)
        #expect((report["framesPerSecondPerCore"] as? Double ?? 0) > 0 && (report["filesPerHour"] as? Double ?? 0) > 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["broken.json", "intro.json", "spinner.json", "sticker.tgs"])
    }

    @Test func badBatchesAreRefusedBeforeAnyRender() throws {
        let cases: [([String], String)] = [
            (["spinner.json", "intro.json"], "a batch of files (several files, or --list) needs --out-dir"),
            (["spinner.json", "spinner.json", "--out-dir", "out"], "spinner.json and spinner.json would both be written to out/spinner: list each file once"),
            (["spinner.json", "--out-dir", "out", "--out", "x"], "--out names one render's output; a batch writes into --out-dir"),
            (["spinner.json", "--out-dir", "out", "--parallel", "0"], "--parallel must be 1 or more, got 0"),
            (["spinner.json", "--out-dir", "out", "--file-timeout", "-1"], "--file-timeout must be a number of seconds above 0"),
            (["--list", "missing.txt", "--out-dir", "out"], "--list: missing.txt: does not exist"),
            (["spinner.json", "--out-dir", "out", "--shard", "3/2"], "--shard K/N needs 1 ≤ K ≤ N, got 3/2"),
        ]
        for (arguments, message) in cases {
            let result = try CLI.run(["render"] + arguments, in: folder)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/out/spinner"))
    }
}
