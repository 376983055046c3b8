import ArgumentParser
import CadenceEngine
import CadenceLottie
import CadenceScene
import CadenceText
import CadenceTools
import Foundation

/// `cadence bench lottie FILE… [--size N] [--frames 60] [--backend cpu|gl] [--json]`: frames per
/// second of rendering Lottie animations alone, on one thread.
struct LottieSpeed: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lottie",
        abstract: "Time rendering Lottie files alone: frames/s on one thread, distinct frames spread over each animation after a warm-up.",
        discussion: """
        Each file is read once, outside the timing. A frame is the animation evaluated at that \
        frame, its display list made and drawn whole into the backend's premultiplied frame (as \
        rlottie and ThorVG render into theirs): no file I/O, no parsing, no readback. The CPU \
        backend draws on one thread (unless CADENCE_RASTER_THREADS says otherwise); pin the \
        process to one core (taskset -c 0) to compare with lottie_ref.py bench --cpu 0. The \
        figure is the median of --repeat timed passes.
        """
    )

    @Argument(help: "Lottie files (.json).")
    var files: [String]

    @Option(help: "The longest side of the frame in pixels; the composition's aspect ratio is kept.")
    var size = 512

    @Option(help: "Distinct frames per pass, spread evenly over the animation.")
    var frames = 60

    @Option(help: "Timed passes over the frames (after one warm-up pass); the median is reported.")
    var `repeat` = 3

    @OptionGroup var backendOptions: BackendOptions

    @OptionGroup var assetOptions: AssetOptions

    @Flag(help: "Print {\"files\": [{\"file\", \"width\", \"height\", \"frames\", \"fps\"}]} instead of a table.")
    var json = false

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give at least one Lottie file") }
        guard (1...16384).contains(size) else { throw ValidationError("--size must be 1 ... 16384, got \(size)") }
        guard (1...100_000).contains(frames) else { throw ValidationError("--frames must be 1 ... 100000, got \(frames)") }
        guard (1...100).contains(`repeat`) else { throw ValidationError("--repeat must be 1 ... 100, got \(`repeat`)") }
    }

    func run() throws {
        try onMainActor { () throws(EngineError) in try measure() }
    }

    @MainActor
    private func measure() throws(EngineError) {
        var results: [(file: String, width: Int, height: Int, fps: Double)] = []
        for file in files {
            let animation: LottieAnimation
            let slots = try assetOptions.slots()
            do throws(LottieError) {
                animation = try LottieFile.open(
                    file, assetRoot: assetOptions.assets, expressions: assetOptions.expressions == .on, slots: slots, theme: assetOptions.theme
                )
            } catch {
                throw .scene(SceneError(file: error.file, message: error.detail))
            }
            let scale = Double(size) / max(animation.size.width, animation.size.height)
            let width = max(Int((animation.size.width * scale).rounded()), 1), height = max(Int((animation.size.height * scale).rounded()), 1)
            let scene = Scene(lottie: animation)
            // Images decoded before the clock starts, as a render prefetches them.
            let images = ImageStore()
            images.prefetch(scene.imageSources)
            let renderer = try OffscreenRenderer(
                width: width, height: height, backend: backendOptions.offscreen, besides: ProcessInfo.processInfo.activeProcessorCount
            )
            renderer.fullRedraw = true
            let target = Size(width: Double(width), height: Double(height))
            // Frame i of n at composition frame ip + (op − ip) · i / n, as seconds from the start.
            let times = (0..<frames).map { animation.duration * Double($0) / Double(frames) }
            func pass() throws(EngineError) -> Double {
                let start = DispatchTime.now().uptimeNanoseconds
                for time in times {
                    let list: DisplayList
                    do {
                        list = try scene.displayList(at: time, size: target, in: DrawContext(fonts: FontLibrary.shared, images: images))
                    } catch {
                        throw .text(error)
                    }
                    try renderer.draw(list)
                }
                return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            }
            _ = try pass()
            var rates: [Double] = []
            for _ in 0..<`repeat` { rates.append(Double(frames) / max(try pass(), 1e-9)) }
            rates.sort()
            results.append((file, width, height, rates[rates.count / 2]))
        }
        if json {
            let entries = results.map { result in
                "{\"file\": \(jsonString(result.file)), \"width\": \(result.width), \"height\": \(result.height), \"frames\": \(frames), \"fps\": \(String(format: "%.1f", result.fps))}"
            }
            print(CadenceVersion.stamped("{\"files\": [" + entries.joined(separator: ", ") + "]}", version: Cadence.version))
            return
        }
        print("\(frames) frames a file, median of \(`repeat`) passes, \(backendOptions.offscreen.rawValue) backend, one thread")
        for result in results {
            print(String(format: "%10.1f frames/s  %5dx%-5d  %@", result.fps, result.width, result.height, result.file))
        }
    }
}

/// `text` as a JSON string literal.
private func jsonString(_ text: String) -> String {
    let data = (try? JSONSerialization.data(withJSONObject: [text])) ?? Data("[\"\"]".utf8)
    return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
}
