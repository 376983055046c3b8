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
            let slots = try assetOptions.slots()
            animation = try LottieFile.open(
                file, assetRoot: assetOptions.assets, expressions: assetOptions.expressions == .on, slots: slots, theme: assetOptions.theme
            )
        } catch {
            printError("\(error)")
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
        if !animation.slotIDs.isEmpty {
            lines.append("slots: " + animation.slotIDs.map { "\"\($0)\"" }.joined(separator: ", "))
        }
        lines.append("features: " + (animation.features.isEmpty ? "none" : animation.features.joined(separator: ", ")))
        lines.append("not drawn: " + (animation.skippedFeatures.isEmpty ? "none" : animation.skippedFeatures.joined(separator: ", ")))
        for warning in animation.warnings { lines.append("  \(warning.detail)") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The same facts as JSON, keys sorted, written straight out: through `JSONSerialization`
    /// the layers of a large file took most of the time (100,000 layers: 5.3 s, the read 1.6 s).
    static func json(_ animation: LottieAnimation) throws -> String {
        var out = InfoJSON()
        out.object {
            $0.member("duration") { $0.number(animation.duration) }
            $0.member("features") { out in out.array(animation.features) { $0.string($1) } }
            $0.member("frameRate") { $0.number(animation.frameRate) }
            $0.member("height") { $0.number(animation.size.height) }
            $0.member("inPoint") { $0.number(animation.inPoint) }
            $0.member("layers") { out in
                out.array(animation.layerSummaries) { out, layer in
                    out.object {
                        if let index = layer.index { $0.member("index") { $0.number(Double(index)) } }
                        $0.member("inPoint") { $0.number(layer.inPoint) }
                        $0.member("matte") { $0.bool(layer.isMatte) }
                        $0.member("name") { $0.string(layer.name) }
                        $0.member("outPoint") { $0.number(layer.outPoint) }
                        $0.member("type") { $0.string(layer.kind) }
                    }
                }
            }
            $0.member("markers") { out in
                out.array(animation.markers) { out, marker in
                    out.object {
                        $0.member("duration") { $0.number(marker.duration) }
                        $0.member("frame") { $0.number(marker.frame) }
                        $0.member("name") { $0.string(marker.name) }
                    }
                }
            }
            $0.member("name") { $0.string(animation.name) }
            $0.member("outPoint") { $0.number(animation.outPoint) }
            $0.member("skipped") { out in
                out.array(animation.warnings) { out, warning in
                    out.object {
                        $0.member("feature") { $0.string(warning.feature ?? "") }
                        $0.member("message") { $0.string(warning.detail) }
                    }
                }
            }
            $0.member("slots") { out in out.array(animation.slotIDs) { $0.string($1) } }
            $0.member("version") { $0.string(animation.version) }
            $0.member("width") { $0.number(animation.size.width) }
        }
        return out.text
    }
}

/// A JSON text written in order: members as they are given (the caller sorts them), numbers in
/// their shortest form that reads back the same (whole ones without a fraction), strings as
/// `JSONText.quoted` writes them.
struct InfoJSON {
    private(set) var text = ""
    private var first = true

    mutating func object(_ members: (inout InfoJSON) -> Void) {
        text += "{"
        first = true
        members(&self)
        text += "}"
        first = false
    }

    mutating func member(_ key: String, _ value: (inout InfoJSON) -> Void) {
        if !first { text += "," }
        string(key)
        text += ":"
        first = true
        value(&self)
        first = false
    }

    mutating func array<Element>(_ elements: [Element], _ write: (inout InfoJSON, Element) -> Void) {
        text += "["
        for (position, element) in elements.enumerated() {
            if position > 0 { text += "," }
            write(&self, element)
        }
        text += "]"
        first = false
    }

    mutating func number(_ value: Double) {
        guard value.isFinite else {
            text += "null"
            return
        }
        text += value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }

    mutating func bool(_ value: Bool) {
        text += value ? "true" : "false"
    }

    mutating func string(_ value: String) {
        text += JSONText.quoted(value)
    }
}
