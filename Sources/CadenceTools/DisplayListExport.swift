import CadenceDraw
import CadenceEngine
import CadenceFiles
import CadenceImage
import CadenceScene
import CadenceTiming
import Foundation

/// The display lists of a render written as JSON, so that other 2D libraries can draw exactly
/// the frames Cadence draws and be timed on them (`Benchmarks/peers.py`, `cadence bench lists`).
///
/// `lists.json` holds `{"frames": [{"width", "height", "background", "commands": [...]}]}`; every
/// colour is `[r, g, b, a]` (sRGB, 0 … 1, not premultiplied), every rectangle `[x, y, w, h]`,
/// every transform `[a, b, c, d, tx, ty]` (x' = a·x + c·y + tx, y' = b·x + d·y + ty). A command is
/// an object whose `type` is its `DrawCommand` case: `roundedRect` (`rect`, `radius`, `fill`,
/// `stroke`, `strokeWidth` inside the edge, `transform`), `line` (`from`, `to`, `width`,
/// `color`, `transform`), `glyphs` (`font` path, `face`, `size` in pixels, `glyphs`, `positions`
/// as x, y pairs of baseline origins, `color`, `transform`), `image` (`image`: a PNG beside
/// `lists.json`, straight alpha; `rect`, `source` in the image's pixels, `alpha`, `transform`),
/// `path` (`contours`: lists of x, y pairs in pixels, `fillRule`, `color`, `blur`: a Gaussian's
/// standard deviation in pixels), `shadow` (`rect`, `radius`, `color`, `blur` in local units,
/// `transform`), `pushClip` (`rect`), `popClip`, `pushGroup` (`opacity`, `mask`: a roundedRect
/// object or null), `popGroup`, `projected` (`size` of the picture in pixels, `transform`: the
/// nine entries of its projective transform, row by row, `commands`: what the picture shows).
public enum DisplayListExport {
    /// The lists of frames 0 ..< `frames` of `scene` at `fps`, fitted to `width` × `height`: what
    /// `bench render` draws, through the same frame loop, with the scene's images loaded.
    @MainActor
    public static func lists(of scene: Scene, frames: Int, width: Int, height: Int, fps: Double = 60) throws(EngineError) -> [DisplayList] {
        try checkFrameCount(frames, atLeast: 1)
        let images = ImageStore()
        images.prefetch(scene.imageSources)
        let sink = CollectingSink(size: Size(width: Double(width), height: Double(height)))
        try FrameLoop(scene: scene, context: DrawContext(images: images)).run(frames: 0..<frames, fps: fps, into: sink)
        return sink.lists
    }

    /// Writes `lists` as `lists.json` and the images they draw as `image-N.png` into `directory`
    /// (made if missing; files of those names replaced, nothing else touched).
    public static func write(_ lists: [DisplayList], to directory: String) throws(EngineError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .outputDirectory(path: directory, reason: "cannot be made: \(error.localizedDescription)")
        }
        var images: [String: String] = [:]
        var json = "{\"frames\": [\n"
        for (index, list) in lists.enumerated() {
            json += index == 0 ? "" : ",\n"
            json += "{\"width\": \(number(list.size.width)), \"height\": \(number(list.size.height)), \"background\": \(color(list.background)), \"commands\": ["
            for (position, command) in list.commands.enumerated() {
                json += position == 0 ? "\n" : ",\n"
                json += try encode(command, images: &images, directory: directory)
            }
            json += "]}"
        }
        json += "\n]}\n"
        let path = directory + "/lists.json"
        do throws(FileProblem) {
            try FilePaths.writeAtomically(Data(json.utf8), to: path)
        } catch {
            throw .outputDirectory(path: path, reason: error.description)
        }
    }

    private static func encode(_ command: DrawCommand, images: inout [String: String], directory: String) throws(EngineError) -> String {
        switch command {
        case .roundedRect(let shape):
            return roundedRect(shape)
        case .line(let line):
            return "{\"type\": \"line\", \"from\": \(point(line.start)), \"to\": \(point(line.end)), \"width\": \(number(line.width)), "
                + "\"color\": \(color(line.color)), \"transform\": \(transform(line.transform))}"
        case .glyphs(let run):
            let positions = run.positions.map { "\(number($0.x)), \(number($0.y))" }.joined(separator: ", ")
            return "{\"type\": \"glyphs\", \"font\": \(string(run.font.path)), \"face\": \(run.font.faceIndex), \"size\": \(number(run.font.pixelSize)), "
                + "\"glyphs\": [\(run.glyphs.map(String.init).joined(separator: ", "))], \"positions\": [\(positions)], "
                + "\"color\": \(color(run.color)), \"transform\": \(transform(run.transform))}"
        case .pushClip(let rect):
            return "{\"type\": \"pushClip\", \"rect\": \(self.rect(rect))}"
        case .popClip:
            return "{\"type\": \"popClip\"}"
        case .image(let draw):
            let name: String
            if let written = images[draw.key] {
                name = written
            } else {
                name = "image-\(images.count).png"
                do throws(PNGError) {
                    try draw.image.writePNG(to: directory + "/" + name)
                } catch {
                    throw .png(error)
                }
                images[draw.key] = name
            }
            return "{\"type\": \"image\", \"image\": \(string(name)), \"rect\": \(rect(draw.rect)), \"source\": \(rect(draw.source)), "
                + "\"alpha\": \(number(draw.alpha)), \"transform\": \(transform(draw.transform))}"
        case .path(let path):
            let contours = path.contours.map { contour in "[" + contour.map { "\(number($0.x)), \(number($0.y))" }.joined(separator: ", ") + "]" }
            return "{\"type\": \"path\", \"contours\": [\(contours.joined(separator: ", "))], \"fillRule\": \(string(path.fillRule.rawValue)), "
                + "\"color\": \(color(path.color)), \"blur\": \(number(path.blur))}"
        case .shadow(let shadow):
            return "{\"type\": \"shadow\", \"rect\": \(rect(shadow.rect)), \"radius\": \(number(shadow.cornerRadius)), \"color\": \(color(shadow.color)), "
                + "\"blur\": \(number(shadow.blur)), \"transform\": \(transform(shadow.transform))}"
        case .pushGroup(let group):
            return "{\"type\": \"pushGroup\", \"opacity\": \(number(group.opacity)), \"mask\": \(group.mask.map(roundedRect) ?? "null")}"
        case .popGroup:
            return "{\"type\": \"popGroup\"}"
        case .projected(let picture):
            let t = picture.transform
            var members: [String] = []
            for member in picture.list.commands { members.append(try encode(member, images: &images, directory: directory)) }
            return "{\"type\": \"projected\", \"size\": [\(number(picture.list.size.width)), \(number(picture.list.size.height))], "
                + "\"transform\": [\([t.m11, t.m12, t.m13, t.m21, t.m22, t.m23, t.m31, t.m32, t.m33].map(number).joined(separator: ", "))], "
                + "\"commands\": [\(members.joined(separator: ", "))]}"
        }
    }

    private static func roundedRect(_ shape: RoundedRect) -> String {
        "{\"type\": \"roundedRect\", \"rect\": \(rect(shape.rect)), \"radius\": \(number(shape.cornerRadius)), \"fill\": \(color(shape.fill)), "
            + "\"stroke\": \(color(shape.stroke)), \"strokeWidth\": \(number(shape.strokeWidth)), \"transform\": \(transform(shape.transform))}"
    }

    /// A finite number as JSON writes it; what is not finite (never in a list a scene makes) as 0.
    private static func number(_ value: Double) -> String {
        value.isFinite ? String(format: "%.9g", value) : "0"
    }

    private static func point(_ point: Point) -> String { "[\(number(point.x)), \(number(point.y))]" }
    private static func rect(_ rect: Rect) -> String { "[\(number(rect.minX)), \(number(rect.minY)), \(number(rect.width)), \(number(rect.height))]" }
    private static func color(_ color: Color) -> String { "[\(number(color.red)), \(number(color.green)), \(number(color.blue)), \(number(color.alpha))]" }
    private static func transform(_ t: CadenceDraw.AffineTransform) -> String {
        "[\(number(t.a)), \(number(t.b)), \(number(t.c)), \(number(t.d)), \(number(t.tx)), \(number(t.ty))]"
    }

    private static func string(_ text: String) -> String {
        JSONText.quoted(text)
    }
}

/// Keeps every list it is given, fitted to `size` (by the loop, as it draws).
private final class CollectingSink: FrameSink {
    let size: Size
    var lists: [DisplayList] = []

    init(size: Size) {
        self.size = size
    }

    var frameSize: Size? { size }

    func take(_ list: DisplayList, frame: FrameInfo) throws(EngineError) {
        lists.append(list)
    }
}
