import CadenceDraw
import Foundation
@testable import CadenceLottie

/// Small Lottie documents written for these tests, one feature each.
enum LottieTestFiles {
    /// A document of `size` at 30 fps, frames 0 ..< 30, with `layers` (JSON text) and `assets`.
    static func document(layers: String, assets: String = "[]", size: Int = 100, extra: String = "") -> String {
        """
        {"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": \(size), "h": \(size), "nm": "test", "assets": \(assets),
         "layers": [\(layers)]\(extra)}
        """
    }

    /// A shape layer holding `shapes` (JSON text), with transform `ks` (default: none).
    static func shapeLayer(_ shapes: String, name: String = "shape", index: Int = 1, ks: String = "{}", extra: String = "") -> String {
        """
        {"ty": 4, "nm": "\(name)", "ind": \(index), "ip": 0, "op": 30, "st": 0, "ks": \(ks), "shapes": [\(shapes)]\(extra)}
        """
    }

    static func rectangle(x: Double = 50, y: Double = 50, width: Double = 40, height: Double = 20, roundness: Double = 0) -> String {
        #"{"ty": "rc", "p": {"a": 0, "k": [\#(x), \#(y)]}, "s": {"a": 0, "k": [\#(width), \#(height)]}, "r": {"a": 0, "k": \#(roundness)}}"#
    }

    static func fill(_ r: Double = 1, _ g: Double = 0, _ b: Double = 0, opacity: Double = 100) -> String {
        #"{"ty": "fl", "c": {"a": 0, "k": [\#(r), \#(g), \#(b), 1]}, "o": {"a": 0, "k": \#(opacity)}, "r": 1}"#
    }

    static func stroke(width: Double = 4, extra: String = "") -> String {
        #"{"ty": "st", "c": {"a": 0, "k": [0, 0, 1, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": \#(width)}, "lc": 1, "lj": 1, "ml": 4\#(extra)}"#
    }

    static func animation(_ json: String, strict: Bool = false) throws -> LottieAnimation {
        try LottieAnimation(data: Data(json.utf8), file: "test.json", strict: strict)
    }

    /// The list the animation draws at `frame`, at its own size.
    static func list(_ animation: LottieAnimation, frame: Double) -> DisplayList {
        var list = DisplayList(size: animation.size, background: .clear)
        animation.draw(atFrame: frame, transform: .identity, into: &list)
        return list
    }

    /// The path fills of a list, in order.
    static func paths(_ list: DisplayList) -> [PathFill] {
        list.commands.compactMap { if case .path(let path) = $0 { return path } else { return nil } }
    }
}

extension PathFill {
    /// The smallest rectangle holding every contour point.
    var bounds: Rect {
        let points = contours.flatMap { $0 }
        let xs = points.map(\.x), ys = points.map(\.y)
        let minX = xs.min() ?? 0, minY = ys.min() ?? 0
        return Rect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }
}
