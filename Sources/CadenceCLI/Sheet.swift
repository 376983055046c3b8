import ArgumentParser
import CadenceDraw
import CadenceEngine
import CadenceImage
import CadenceScene
import Foundation

/// `cadence sheet`: frames at chosen times tiled into one labelled PNG.
struct Sheet: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Tile a scene's frames at chosen times into one labelled PNG (one golden for a whole animation)."
    )

    @Argument(help: "A scene file (JSON). Default: the built-in demo scene.")
    var scene: String?

    @Option(parsing: .unconditional, help: "Comma-separated times in seconds, e.g. 0,0.25,0.5.")
    var times: String

    @Option(parsing: .unconditional, help: "Frames per row.")
    var columns = 4

    @Option(parsing: .unconditional, help: "Size of each frame, WxH. Default: the scene's size scaled to 320 pixels wide.")
    var size: FrameSize?

    @Option(help: "The PNG to write.")
    var out = "sheet.png"

    @OptionGroup var sceneOptions: SceneOptions

    @OptionGroup var backendOptions: BackendOptions

    @OptionGroup var motionOptions: MotionOptions

    func validate() throws {
        try size?.check("--size")
    }

    func run() throws {
        try onMainActor { () throws(EngineError) in try make() }
    }

    @MainActor
    private func make() throws(EngineError) {
        var parsed: [Double] = []
        for field in times.split(separator: ",", omittingEmptySubsequences: false) {
            guard let time = Double(field.trimmingCharacters(in: .whitespaces)) else {
                throw .invalidOption(name: "--times", message: "'\(field)' is not a number (expected e.g. 0,0.25,0.5)")
            }
            parsed.append(time)
        }
        let loaded = motionOptions.applied(to: try sceneOptions.load(scene))
        let tile = size.map { Size(width: Double($0.width), height: Double($0.height)) }
            ?? Size(width: 320, height: min(max((320 * loaded.size.height / loaded.size.width).rounded(), 1), Double(SceneFile.maximumFrameSide)))
        let image = try ContactSheet.render(scene: loaded, times: parsed, columns: columns, tile: tile, backend: backendOptions.offscreen)
        do throws(PNGError) {
            try image.writePNG(to: out, options: PNGOptions(level: 9, filter: .adaptive, encoder: .libpng))
        } catch {
            throw .png(error)
        }
        print("\(parsed.count) frames, \(image.width)x\(image.height) -> \(out)")
    }
}
