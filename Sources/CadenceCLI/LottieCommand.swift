import ArgumentParser
import CadenceEngine
import CadenceLottie
import CadenceScene
import Foundation

/// `cadence lottie …`: what a Lottie file holds.
struct LottieCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lottie",
        abstract: "Inspect Lottie animations (render them with cadence render FILE.json).",
        subcommands: [LottieInfo.self]
    )
}

/// `cadence lottie info FILE [--json]`: the composition, its layers, the features it uses and
/// those Cadence skips.
struct LottieInfo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "List a Lottie file's composition, layers, the features it uses and which of them Cadence does not draw.",
        discussion: "Exits 1 when the file cannot be read (the message names the file, layer and property)."
    )

    @Argument(help: "A Lottie file (.json).")
    var file: String

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    @OptionGroup var assetOptions: AssetOptions

    func run() throws {
        let animation: LottieAnimation
        do {
            animation = try LottieAnimation(contentsOf: file, assetRoot: assetOptions.assets)
        } catch {
            printError(error.description)
            throw ExitCode(1)
        }
        if json {
            print(try Self.json(animation))
        } else {
            print(Self.text(animation), terminator: "")
        }
    }

    static func text(_ animation: LottieAnimation) -> String {
        var lines = [
            "\(animation.name): \(number(animation.size.width))x\(number(animation.size.height)), \(number(animation.frameRate)) fps, "
                + "frames \(number(animation.inPoint))..<\(number(animation.outPoint)) (\(String(format: "%.3g", animation.duration)) s), Bodymovin \(animation.version.isEmpty ? "?" : animation.version)",
            "layers (top first):",
        ]
        for layer in animation.layerSummaries {
            let index = layer.index.map { " [\($0)]" } ?? ""
            lines.append("  \(layer.kind)\(index) \"\(layer.name)\" frames \(number(layer.inPoint))..<\(number(layer.outPoint))\(layer.isMatte ? " (matte)" : "")")
        }
        if !animation.markers.isEmpty {
            lines.append("markers: " + animation.markers.map { "\"\($0.name)\" \(number($0.frame))+\(number($0.duration))" }.joined(separator: ", "))
        }
        lines.append("features: " + (animation.features.isEmpty ? "none" : animation.features.joined(separator: ", ")))
        lines.append("not drawn: " + (animation.skippedFeatures.isEmpty ? "none" : animation.skippedFeatures.joined(separator: ", ")))
        for warning in animation.warnings { lines.append("  \(warning.detail)") }
        return lines.joined(separator: "\n") + "\n"
    }

    static func json(_ animation: LottieAnimation) throws -> String {
        let object: [String: Any] = [
            "name": animation.name, "version": animation.version,
            "width": animation.size.width, "height": animation.size.height, "frameRate": animation.frameRate,
            "inPoint": animation.inPoint, "outPoint": animation.outPoint, "duration": animation.duration,
            "layers": animation.layerSummaries.map { layer -> [String: Any] in
                var entry: [String: Any] = ["name": layer.name, "type": layer.kind, "inPoint": layer.inPoint, "outPoint": layer.outPoint, "matte": layer.isMatte]
                if let index = layer.index { entry["index"] = index }
                return entry
            },
            "markers": animation.markers.map { ["name": $0.name, "frame": $0.frame, "duration": $0.duration] as [String: Any] },
            "features": animation.features,
            "skipped": animation.warnings.map { ["feature": $0.feature ?? "", "message": $0.detail] },
        ]
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}
