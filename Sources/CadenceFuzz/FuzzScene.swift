import CadenceDraw
import CadenceEngine
import CadenceScene
import CadenceText
import Foundation

/// One scene fuzz input: read as a scene file, then drawn at 0.5 s by both offscreen backends,
/// GL and the CPU rasteriser (fitted to a small frame, so each run stays cheap). Bad input must
/// come back as an error, never a trap; libFuzzer (or the replay below, in the tests) reports
/// anything else.
@MainActor @discardableResult
func fuzzOne(_ data: Data) -> FuzzOutcome {
    guard let loaded = try? SceneFile.parse(data, file: "fuzz.json") else { return .rejected }
    // Without EGL the display list alone is still checked.
    guard let renderer = FuzzRenderer.shared else {
        return (try? loaded.scene.displayList(at: 0.5)) == nil ? .rejected : .drawn
    }
    FuzzRenderer.images.prefetch(loaded.scene.imageSources)
    let context = DrawContext(images: FuzzRenderer.images)
    let frame = try? renderer.render(loaded.scene, at: 0.5, context: context)
    let cpuFrame = try? FuzzRenderer.cpu?.render(loaded.scene, at: 0.5, context: context)
    return frame == nil || cpuFrame == nil ? .rejected : .rendered
}

/// How far an input got.
enum FuzzOutcome: Equatable {
    /// A reader or renderer error (the answer bad input must get).
    case rejected
    /// Read and turned into a display list (no EGL to draw it).
    case drawn
    /// Read and drawn.
    case rendered
}

@MainActor
enum FuzzRenderer {
    /// One renderer for every input (an EGL context per run would dominate the time).
    static let shared = try? OffscreenRenderer(width: 96, height: 64)
    /// The CPU backend, drawing every input too.
    static let cpu = try? OffscreenRenderer(width: 96, height: 64, backend: .cpu)
    /// Images load once per path, not once per run.
    static let images = ImageStore()
}

/// What a fuzz run feeds its inputs to: scene files (the default), render options
/// (`CADENCE_FUZZ_TARGET=options`, `make fuzz`'s second run), Lottie documents
/// (`CADENCE_FUZZ_TARGET=lottie`, its third) or Lottie expressions (`expression`, its fourth).
enum FuzzTarget: String {
    case scene
    case options
    case lottie
    case expression

    /// The target the environment names.
    static let current = FuzzTarget(rawValue: ProcessInfo.processInfo.environment["CADENCE_FUZZ_TARGET"] ?? "") ?? .scene
}

/// Runs the current target on one input on the main actor, where the renderer lives (libFuzzer
/// and the replay both call from the main thread).
@discardableResult
func fuzzOnMain(_ data: Data) -> FuzzOutcome {
    MainActor.assumeIsolated {
        switch FuzzTarget.current {
        case .scene: fuzzOne(data)
        case .options: fuzzOptions(data)
        case .lottie: fuzzLottie(data)
        case .expression: fuzzExpression(data)
        }
    }
}

#if CADENCE_FUZZ
/// libFuzzer's driver (`make fuzz` builds this target with `-sanitize=fuzzer`). SwiftPM names an
/// executable's entry point `CadenceFuzz_main` and links `main` to it, so libFuzzer's own `main`
/// is never linked: this one hands the arguments to libFuzzer's documented driver entry instead.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The input callback by its libFuzzer name too: the sanitizer runtime's own `main` refers to it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    fuzzOnMain(bytes.map { Data(bytes: $0, count: count) } ?? Data())
    return 0
}

@main
enum Fuzz {
    static func main() {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(runFuzzerDriver(&argc, &argv) { bytes, count in fuzzerTestOneInput(bytes, count) })
    }
}
#else
/// Without libFuzzer: replays the files named (corpus and regression inputs), so the plain
/// build and the tests run every input a fuzzer found, and a trap fails them.
@main
enum Replay {
    static func main() {
        var count = 0
        for path in CommandLine.arguments.dropFirst() {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                FileHandle.standardError.write(Data("CadenceFuzz: \(path): no such file or folder\n".utf8))
                exit(1)
            }
            let files = isDirectory.boolValue
                ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { path + "/" + $0 }
                : [path]
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                fuzzOnMain(data)
                count += 1
            }
        }
        print("\(count) inputs replayed")
    }
}
#endif
