import Foundation
import Testing

/// Every command the README and the reference pages show in a shell block (```sh) runs, in the
/// page's order, from a scratch folder holding the files the examples name: `hello.json` is the
/// README's first scene as printed, `Examples` is the repository's folder (the scenes, the client
/// package and the Lottie examples the pages play, `Examples/lottie`). Each must exit 0. The few that are not run here (`make`, `swift
/// test`, the reference-player benchmark) each have a reason, and a test keeps that list and the
/// pages in step. Commands named in prose are names, not examples.
///
/// The release binary is used when it is at least as new as the debug one (`make test` builds
/// it first), as the long ones (a 100,000-frame soak) take twice as long in debug.
@Suite(.serialized) struct DocCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The README and every reference page.
    static let pages: [String] = {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    /// The commands shown that are not run here, and why.
    static let notRun: [String: String] = [
        "make run": "builds the release binary and runs `cadence render`, which the tests run themselves",
        "make test": "is the suite this test is part of",
        "export PATH=\"$PWD/.build/release:$PATH\"": "puts the binary on the user's PATH; these tests put the binary under test there themselves",
        "CADENCE_RECORD_GOLDENS=1 swift test --package-path Examples/ClientPackage": "records goldens, on purpose only",
        "swift test --package-path Examples/ClientPackage": "make test runs it (test-client)",
        "CADENCE_RECORD_GOLDENS=1 swift test --filter GoldenTests": "records goldens, on purpose only",
        "make fuzz": "CI runs it after make test (.ci/run: 60, 30 and 45 s); it builds every module again under -sanitize=fuzzer",
        "make fuzz FUZZ_SECONDS=3600 FUZZ_OPTIONS_SECONDS=600": "an hour of fuzzing, on demand",
        "make test-asan": "the whole suite again under AddressSanitizer, several minutes, on demand",
        "make test-tsan": "the whole suite again under ThreadSanitizer, several minutes, on demand",
        "make bench-peers": "installs Skia and Blend2D's Python bindings from the network",
        "make bench-lottie": "installs rlottie's and ThorVG's Python bindings from the network",
        "make bench-lottie FILES=../rlottie/example/resource": "installs rlottie's and ThorVG's Python bindings from the network, and needs rlottie's examples fetched",
        "make bench-lottie FILES=\"../rlottie/example/resource\"": "installs rlottie's and ThorVG's Python bindings from the network, and needs rlottie's examples fetched",
    ]

    /// Commands run shorter than shown, and why: the same command on less of the timeline.
    static let shortened: [String: String] = [
        // 3,600 frames of the demo would take minutes; 30 split 8 ways is the same recipe.
        "parallel cadence render --duration 60 --shard {}/8 --out frames ::: 1 2 3 4 5 6 7 8":
            "parallel cadence render --duration 0.5 --shard {}/8 --out frames ::: 1 2 3 4 5 6 7 8",
    ]

    /// One command as a page shows it.
    struct Shown: CustomStringConvertible {
        var page: String
        var line: Int
        var command: String
        var description: String { "\(page):\(line): \(command)" }
    }

    /// The commands of `page`'s shell blocks, comments dropped: in a block with `$ ` prompts only
    /// the prompted lines (the rest is output), else every line.
    static func commands(of page: String) throws -> [Shown] {
        let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
        var found: [Shown] = []
        var block: [(Int, String)]?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if block == nil, line == "```sh" {
                block = []
            } else if block != nil, line == "```" {
                let lines = block ?? []
                let prompted = lines.contains { $0.1.hasPrefix("$ ") }
                for (number, text) in lines {
                    guard !prompted || text.hasPrefix("$ ") else { continue }
                    var command = prompted ? String(text.dropFirst(2)) : text
                    if let comment = command.range(of: " #") { command = String(command[..<comment.lowerBound]) }
                    command = command.trimmingCharacters(in: .whitespaces)
                    if !command.isEmpty { found.append(Shown(page: page, line: number, command: command)) }
                }
                block = nil
            } else if block != nil {
                block?.append((index + 1, String(line)))
            }
        }
        return found
    }

    static func isCadence(_ command: String) -> Bool {
        command.hasPrefix("cadence ") || command.hasPrefix("xvfb-run -a cadence ")
    }

    @Test func everyCommandShownRunsOrSaysWhyNot() throws {
        let all = try Self.pages.flatMap { try Self.commands(of: $0) }
        #expect(all.filter { Self.isCadence($0.command) }.count >= 25, "\(all)")
        // Only commands some page shows have reasons; other shell lines run.
        let shown = Set(all.map(\.command))
        #expect(Set(Self.notRun.keys).isSubset(of: shown), "reasons for commands no page shows: \(Set(Self.notRun.keys).subtracting(shown))")
        let others = shown.filter { !Self.isCadence($0) && Self.notRun[$0] == nil }
        #expect(others == Set(["grep -o '\"name\": \"[a-z ]*\", \"cat\": \"image\"' trace.json"]).union(Self.shortened.keys), "shell lines that run besides cadence's: \(others)")
    }

    /// The folder of the `cadence` binary to run: release when it is as new as debug.
    static let binaries: String = {
        let debug = CLI.executable
        let release = root.appendingPathComponent(".build/release/cadence")
        func modified(_ url: URL) -> Date? { (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date }
        if let releaseDate = modified(release), let debugDate = modified(debug), releaseDate >= debugDate {
            return release.deletingLastPathComponent().path
        }
        return debug.deletingLastPathComponent().path
    }()

    @Test(arguments: pages)
    func theCommandsOfAPageRun(page: String) throws {
        let shown = try Self.commands(of: page).filter { Self.notRun[$0.command] == nil }
        guard !shown.isEmpty else { return }
        let folder = NSTemporaryDirectory() + "cadence-doc-\(UUID().uuidString)"
        try Self.makeFixtures(in: folder)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for command in shown {
            let (status, output) = try Self.run(Self.shortened[command.command] ?? command.command, in: folder)
            #expect(status == 0, "\(command) exited \(status):\n\(output)")
        }
    }

    /// The sharding recipe: eight shards at once write their frames into one folder (each holds
    /// the folder shared and its own shard's lock), every frame once, and leave no lock behind.
    @Test func theParallelShardRecipeWritesEveryFrame() throws {
        let recipe = "parallel cadence render --duration 60 --shard {}/8 --out frames ::: 1 2 3 4 5 6 7 8"
        #expect(try Self.pages.flatMap { try Self.commands(of: $0) }.contains { $0.command == recipe })
        let folder = NSTemporaryDirectory() + "cadence-doc-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (status, output) = try Self.run(try #require(Self.shortened[recipe]), in: folder)
        #expect(status == 0, "\(output)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/frames").sorted()
        #expect(names == (0..<30).map { String(format: "frame_%05d.png", $0) }, "\(names)")
    }

    /// The scene examples of the pages (```json blocks of scenes, nodes and events) read under
    /// `--strict` and render a frame: a whole scene as it is, a node inside a scene, event lines
    /// after a node as that scene's events. Other JSON blocks (clock traces, bench output) are not
    /// scenes.
    @Test(arguments: pages)
    func theSceneExamplesOfAPageRender(page: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
        var examples: [String] = []
        var rest = text[...]
        while let start = rest.range(of: "```json\n"), let end = rest.range(of: "```", range: start.upperBound..<rest.endIndex) {
            examples.append(String(rest[start.upperBound..<end.lowerBound]))
            rest = rest[end.upperBound...]
        }
        let scenes = examples.compactMap(Self.scene(from:))
        if page == "docs/scenes.md" { #expect(scenes.count == 3, "the signup scene, the Lottie node with its events, the card layer") }
        guard !scenes.isEmpty else { return }
        let folder = NSTemporaryDirectory() + "cadence-doc-\(UUID().uuidString)"
        try Self.makeFixtures(in: folder)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (index, scene) in scenes.enumerated() {
            try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/example-\(index).json"))
            let (status, output) = try Self.run(
                "cadence render example-\(index).json --strict --backend cpu --frames 0..0 --out out-\(index)", in: folder
            )
            #expect(status == 0, "\(page), JSON example \(index) exited \(status):\n\(scene)\n\(output)")
        }
    }

    /// A whole scene for an example block: the block when it is one, a node or a node followed by
    /// event lines wrapped in one; nil for JSON that is not a scene's.
    static func scene(from example: String) -> String? {
        let values = example.split(separator: "\n").reduce(into: [String]()) { values, line in
            if line.hasPrefix("{") || values.isEmpty { values.append(String(line)) } else { values[values.count - 1] += "\n" + line }
        }
        guard let first = values.first, first.hasPrefix("{") else { return nil }
        if example.contains("\"size\"") && example.contains("\"nodes\"") { return example }
        guard first.contains("\"type\""), first.contains("\"id\"") else { return nil }
        let events = values.dropFirst().joined(separator: ", ")
        return #"{"size": [400, 300], "nodes": ["# + first + "], \"events\": [" + events + "]}"
    }

    /// Runs `command` with `sh -c` in `folder`, the binary first on `PATH`; at most 5 minutes.
    /// Under a display already (`make test` runs the suite under xvfb-run), `xvfb-run -a` is
    /// left off: the window opens on that display, as the demo tests' do, rather than on a
    /// second X server started beside the windows of the tests running in this process.
    static func run(_ command: String, in folder: String) throws -> (Int32, String) {
        var command = command
        if command.hasPrefix("xvfb-run -a "), !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty {
            command = String(command.dropFirst("xvfb-run -a ".count))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = binaries + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = environment
        let log = folder + "/.output-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        let deadline = Date().addingTimeInterval(300)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try handle.close()
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: log)
        return (process.terminationStatus, String(output.suffix(2000)))
    }

    // MARK: The files the examples name

    static func makeFixtures(in folder: String) throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder + "/docs", withIntermediateDirectories: true)
        try manager.createSymbolicLink(atPath: folder + "/Examples", withDestinationPath: root.appendingPathComponent("Examples").path)
        // The README's first scene, as printed.
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "```json\n"))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        try Data(readme[start.upperBound..<end.lowerBound].utf8).write(to: URL(fileURLWithPath: folder + "/hello.json"))
    }
}
