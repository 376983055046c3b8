import CadenceDraw
import CadenceEngine
import CadenceImage
import CadenceScene
import Foundation
import Testing

/// Frame dumps: file names, settings checks, and the files a dump writes.
@MainActor
@Suite struct FrameDumpTests {
    /// A library error names the setting as the Swift API spells it, not a command-line flag.
    @Test func badSettingsAreNamedAsTheSwiftAPINamesThem() {
        func named(_ change: (inout FrameDumpSettings) -> Void) -> String? {
            var settings = FrameDumpSettings(width: 40, height: 20, fps: 30, duration: 1, outputDirectory: "unused")
            change(&settings)
            do {
                try settings.validate()
                return nil
            } catch {
                guard case .invalidOption(let name, _) = error else { return "\(error)" }
                return name
            }
        }
        #expect(named { $0.fps = 0 } == "fps")
        #expect(named { $0.duration = -1 } == "duration")
        #expect(named { $0.width = 0 } == "size")
        #expect(named { $0.jobs = 0 } == "jobs")
        #expect(named { $0.png.level = 12 } == "png.level")
        #expect(named { $0.duration = 1e300 } == "duration")
        // The encoder's rules are the engine's, not only the command line's.
        #expect(named { $0.png = PNGOptions(level: 0, filter: .none, encoder: .libdeflate) } == "png.level")
        #expect(named { $0.png = PNGOptions(level: 6, filter: .paeth, encoder: .incremental) } == "png.filter")
        #expect(named { _ in } == nil)
    }

    @Test func fileNamesArePaddedToFiveDigits() {
        #expect(FrameDump.fileName(ofFrame: 0) == "frame_00000.png")
        #expect(FrameDump.fileName(ofFrame: 42) == "frame_00042.png")
        #expect(FrameDump.fileName(ofFrame: 123_456) == "frame_123456.png")
    }

    @Test func settingsOutOfRangeAreErrors() {
        let good = FrameDumpSettings(width: 10, height: 10, fps: 30, duration: 1, outputDirectory: "/tmp/unused")
        #expect(throws: Never.self) { try good.validate() }
        var settings = good
        settings.fps = 0
        #expect(throws: EngineError.self) { try settings.validate() }
        settings = good
        settings.width = 0
        #expect(throws: EngineError.self) { try settings.validate() }
        settings = good
        settings.jobs = 0
        #expect(throws: EngineError.self) { try settings.validate() }
        settings = good
        settings.png = PNGOptions(filter: .paeth, encoder: .incremental)
        #expect(throws: EngineError.self) { try settings.validate() }
    }

    @Test func aDumpWritesOneFilePerFrame() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-engine-dump-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let settings = FrameDumpSettings(width: 40, height: 20, fps: 10, duration: 0.5, outputDirectory: folder)
        let summary = try FrameDump.run(scene: try OffscreenRendererTests.slidingSquare(), settings: settings)
        #expect(summary.frames == 5)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(files == (0..<5).map(FrameDump.fileName(ofFrame:)))
    }

    /// The incremental encoder re-uses the bands of rows outside the renderer's damage: every
    /// frame it writes, read back by libpng, is the whole redraw at that time — on the demo, an
    /// example layer scene and a stress scene, with both readback modes (PBO frames come back a
    /// frame late, with their own damage).
    @Test(arguments: ["demo", "toast", "stress:40"], [ReadbackMode.direct, .pbo])
    func incrementalDumpsReadBackAsWholeRedraws(name: String, readback: ReadbackMode) throws {
        let scene: Scene
        switch name {
        case "demo": scene = .demo
        case "stress:40": scene = .stress(count: 40)
        default:
            let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Examples/scenes")
            scene = try SceneFile.load(path: examples.appendingPathComponent("\(name).json").path, strict: true).scene
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-incremental-dump-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let width = Int(scene.size.width), height = Int(scene.size.height)
        var settings = FrameDumpSettings(width: width, height: height, fps: 30, duration: 1.5, outputDirectory: folder, jobs: 2)
        settings.readback = readback
        #expect(settings.png.encoder == .incremental)
        let summary = try FrameDump.run(scene: scene, settings: settings)
        // The reference: whole redraws, written by libpng (images load as in the dump).
        var reference = settings
        reference.outputDirectory = folder + "-reference"
        defer { try? FileManager.default.removeItem(atPath: reference.outputDirectory) }
        reference.fullRedraw = true
        reference.png = PNGOptions(encoder: .libpng)
        #expect(try FrameDump.run(scene: scene, settings: reference).frames == summary.frames)
        for frame in 0..<summary.frames {
            let file = "/" + FrameDump.fileName(ofFrame: frame)
            let written = try RGBAImage(contentsOfPNG: folder + file)
            #expect(written == (try RGBAImage(contentsOfPNG: reference.outputDirectory + file)), "\(name) frame \(frame)")
        }
    }
}
