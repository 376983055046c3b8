import Foundation
import Testing

/// The layering rule as code: each target may import only what this table allows, so a pure
/// module that starts importing C, GL or the engine fails here, not in review. A new target needs
/// a row. Where the table is wider than `../shared/DESIGN.md` wants, the row says so.
@Suite struct ImportTableTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// What every Swift target may import besides its own row: the platform's C library.
    static let everywhere: Set<String> = ["Glibc", "Darwin"]

    static let allowed: [String: Set<String>] = [
        // Pure: no C libraries, no GL.
        "CadenceTiming": ["Foundation", "CadenceAnimation", "CadenceFiles", "Histogram", "Logging"],
        "CadenceAnimation": ["CadenceDraw", "Synchronization"],
        "CadenceDraw": [],
        "CadenceFiles": ["Foundation"],
        // The text stack: fontconfig, FreeType, HarfBuzz.
        "CadenceText": ["Foundation", "CadenceDraw", "CadenceFiles", "CFontconfig", "CFreeType", "CHarfBuzz"],
        // The layer model: pure, text through CadenceDraw's TextLayoutEngine (no CadenceText).
        "CadenceLayers": ["CadenceAnimation", "CadenceDraw"],
        // The widgets lay text out with the text stack's FontLibrary where none is given.
        "CadenceWidgets": ["Foundation", "CadenceAnimation", "CadenceDraw", "CadenceFiles", "CadenceLayers", "CadenceText"],
        // An importer: scene files to layer trees and widgets.
        "CadenceSceneFile": [
            "Foundation", "CadenceAnimation", "CadenceArchive", "CadenceDraw", "CadenceFiles", "CadenceLayers", "CadenceLottie", "CadenceTiming", "CadenceWidgets",
        ],
        // The three above, re-exported as one import.
        "CadenceScene": ["CadenceLayers", "CadenceSceneFile", "CadenceWidgets"],
        // Scripts (Lottie expressions): pure, and nothing a script could reach through.
        "CadenceScript": ["Foundation", "CadenceAnimation"],
        // Synchronization: an expression's kept constant value, set once by whichever thread runs it first.
        "CadenceLottie": ["Foundation", "Synchronization", "CadenceAnimation", "CadenceDraw", "CadenceFiles", "CadenceLayers", "CadenceScript"],
        "CadenceArchive": ["Foundation", "CZlib"],
        "CadenceImage": ["Foundation", "CadenceDraw", "CadenceFiles", "CJPEGCodec", "CPNGCodec"],
        // The render seam: pure.
        "CadenceRender": ["CadenceDraw"],
        // The two backends: the CPU one imports no GL and no platform; GL makes its EGL context
        // through the platform module.
        "CadenceRaster": ["Dispatch", "CadenceDraw", "CadenceRender", "CadenceText"],
        "CadenceGL": ["CGL", "CadenceDraw", "CadenceImage", "CadencePlatform", "CadenceRender", "CadenceText"],
        "CadencePlatform": ["Foundation", "CGL", "CGLFW", "CadenceDraw", "CadenceTiming"],
        // The engine: the frame loop, its sinks, the offscreen renderer, the window's frames and the demo runner;
        // it picks a backend by kind and draws through the seam (no C GL module). Frame dumps and
        // contact sheets stay here, as CadenceTesting's goldens are made of them.
        "CadenceEngine": [
            "Foundation", "Dispatch", "CadenceDraw", "CadenceFiles", "CadenceGL", "CadenceImage", "CadencePlatform", "CadenceRaster",
            "CadenceRender", "CadenceScene", "CadenceText", "CadenceTiming",
        ],
        // Built on the engine: frame-rate checks, curve plots, the benchmarks.
        "CadenceTools": [
            "Foundation", "CadenceAnimation", "CadenceDraw", "CadenceEngine", "CadenceFiles", "CadenceGL", "CadenceImage", "CadencePlatform",
            "CadenceRender", "CadenceScene", "CadenceText", "CadenceTiming", "Histogram", "Logging",
        ],
        // The umbrella re-exports what apps and tests use; the benchmarks (CadenceTools) are a
        // product of their own.
        "Cadence": [
            "CadenceAnimation", "CadenceDraw", "CadenceEngine", "CadenceImage", "CadenceLottie", "CadencePlatform", "CadenceRender", "CadenceScene",
            "CadenceText", "CadenceTiming",
        ],
        "CadenceTesting": ["Foundation", "Testing", "XCTest", "CadenceDraw", "CadenceEngine", "CadenceImage", "CadenceRender", "CadenceScene"],
        "CadenceSnapshotTesting": ["Foundation", "SnapshotTesting", "CadenceDraw", "CadenceEngine", "CadenceImage", "CadenceScene", "CadenceTesting"],
        "CadenceCLI": [
            "Foundation", "ArgumentParser", "Logging", "CadenceAnimation", "CadenceDraw", "CadenceEngine", "CadenceFiles", "CadenceImage",
            "CadenceLottie", "CadenceRender", "CadenceScene", "CadenceText", "CadenceTiming", "CadenceTools",
        ],
        "CadenceFuzz": ["Foundation", "CadenceAnimation", "CadenceDraw", "CadenceEngine", "CadenceImage", "CadenceLottie", "CadenceScene", "CadenceText", "CadenceTiming"],
    ]

    /// The modules a target's Swift files import, each with a file that imports it.
    static func imports(of target: String) throws -> [String: String] {
        let folder = root.appendingPathComponent("Sources/" + target)
        var found: [String: String] = [:]
        guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return found }
        for case let file as URL in files where file.pathExtension == "swift" {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                var words = line.split(separator: " ").map(String.init)
                while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
                guard words.count >= 2, words[0] == "import" else { continue }
                // `import enum Module.Symbol`: the module is before the dot.
                let kinds: Set<String> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]
                if kinds.contains(words[1]), words.count >= 3 { words.removeFirst() }
                let module = String(words[1].split(separator: ".")[0])
                if found[module] == nil { found[module] = file.lastPathComponent }
            }
        }
        return found
    }

    /// The Swift targets: folders under Sources holding Swift files.
    static var swiftTargets: [String] {
        let sources = root.appendingPathComponent("Sources")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
        return names.sorted().filter { name in
            let files = FileManager.default.enumerator(atPath: sources.appendingPathComponent(name).path)
            while let file = files?.nextObject() as? String { if file.hasSuffix(".swift") { return true } }
            return false
        }
    }

    @Test func everyTargetHasARow() {
        let targets = Self.swiftTargets
        #expect(targets.count >= 10)
        for target in targets {
            #expect(Self.allowed[target] != nil, "Sources/\(target) has no row in ImportTableTests.allowed")
        }
    }

    @Test func targetsImportOnlyWhatTheirRowAllows() throws {
        for target in Self.swiftTargets {
            guard let row = Self.allowed[target] else { continue }
            for (module, file) in try Self.imports(of: target) where !row.contains(module) && !Self.everywhere.contains(module) {
                Issue.record("\(target) imports \(module) (\(file)), which its row in ImportTableTests does not allow")
            }
        }
    }

    @Test func theCPUBackendAndThePureModulesTouchNoGL() throws {
        for target in ["CadenceRaster", "CadenceRender", "CadenceDraw", "CadenceAnimation", "CadenceTiming", "CadenceLayers", "CadenceWidgets", "CadenceSceneFile", "CadenceLottie", "CadenceScript"] {
            let modules = Set(try Self.imports(of: target).keys)
            #expect(modules.isDisjoint(with: ["CGL", "CGLFW", "CadenceGL", "CadencePlatform", "CadenceEngine"]), "\(target): \(modules.sorted())")
        }
    }

    @Test func theLayerModelImportsNoTextStackNoFilesAndNoImporter() throws {
        let modules = Set(try Self.imports(of: "CadenceLayers").keys)
        #expect(
            modules.isDisjoint(with: ["Foundation", "CadenceText", "CFreeType", "CHarfBuzz", "CFontconfig", "CadenceFiles", "CadenceWidgets", "CadenceSceneFile"]),
            "CadenceLayers: \(modules.sorted())"
        )
    }

    @Test func theEngineImportsNoCGLModuleAndNoTool() throws {
        let modules = Set(try Self.imports(of: "CadenceEngine").keys)
        #expect(modules.isDisjoint(with: ["CGL", "CGLFW", "CX11", "CadenceTools"]), "CadenceEngine: \(modules.sorted())")
    }
}
