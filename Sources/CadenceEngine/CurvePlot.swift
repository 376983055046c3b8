import CadenceAnimation
import CadenceDraw
import Foundation

/// A picture of a curve: grid, axes, tick labels and the curve, as a display list.
///
/// Tick labels are drawn as seven-segment digits with the line primitive, so a plot needs no
/// fonts; the spec's name goes in the file name and the command's output.
nonisolated public struct CurvePlot: Sendable {
    public let spec: CurveSpec
    /// The end of the x axis: 1 for curves, seconds for springs.
    public let xEnd: Double
    public let size: Size

    public init(spec: CurveSpec, xEnd: Double, size: Size = Size(width: 640, height: 400)) {
        self.spec = spec
        self.xEnd = xEnd
        self.size = size
    }

    /// The curve's value at `x` (progress, or seconds for springs).
    public func value(at x: Double) -> Double {
        switch spec {
        case .curve(let curve): curve.value(at: x)
        case .spring(let spring): spring.value(at: x)
        }
    }

    public func displayList() -> DisplayList {
        var list = DisplayList(size: size, background: .white)
        let area = Rect(x: 64, y: 24, width: size.width - 104, height: size.height - 72)
        let samples = Int(area.width.rounded())
        let points = (0...samples).map { i -> (Double, Double) in
            let x = Double(i) / Double(samples) * xEnd
            return (x, value(at: x))
        }
        let low = min(0, points.map(\.1).min() ?? 0)
        let high = max(1, points.map(\.1).max() ?? 1)
        let padding = (high - low) * 0.05
        let yMin = low - padding
        let yMax = high + padding
        func place(_ x: Double, _ y: Double) -> Point {
            Point(x: area.minX + x / xEnd * area.width, y: area.maxY - (y - yMin) / (yMax - yMin) * area.height)
        }

        let grid = Color(hex: "#E5E5EA")!
        let axis = Color(hex: "#3C3C43")!
        let label = Color(hex: "#6C6C70")!
        for i in 0...10 {
            let x = Double(i) / 10 * xEnd
            list.line(Line(from: place(x, yMin), to: place(x, yMax), width: 1, color: grid))
        }
        let yStep = Self.niceStep(for: yMax - yMin)
        var y = (yMin / yStep).rounded(.up) * yStep
        while y <= yMax {
            list.line(Line(from: place(0, y), to: place(xEnd, y), width: 1, color: grid))
            y += yStep
        }
        list.line(Line(from: place(0, 1), to: place(xEnd, 1), width: 1, color: Color(hex: "#AEAEB2")!))
        list.line(Line(from: place(0, 0), to: place(xEnd, 0), width: 1.5, color: axis))
        list.line(Line(from: place(0, yMin), to: place(0, yMax), width: 1.5, color: axis))

        for x in [0, xEnd / 2, xEnd] {
            let anchor = place(x, yMin)
            SevenSegment.draw(Self.label(x), centredAt: Point(x: anchor.x, y: anchor.y + 18), color: label, into: &list)
        }
        for value in [0.0, 1.0] {
            let anchor = place(0, value)
            SevenSegment.draw(Self.label(value), rightAlignedAt: Point(x: anchor.x - 10, y: anchor.y), color: label, into: &list)
        }

        list.polyline(points.map { place($0.0, $0.1) }, width: 2.5, color: Color(hex: "#007AFF")!)
        return list
    }

    /// 1, 2 or 5 × 10ⁿ, giving 5 to 10 grid lines over `span`.
    static func niceStep(for span: Double) -> Double {
        let raw = span / 8
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        for factor in [1.0, 2, 5, 10] where raw <= factor * magnitude { return factor * magnitude }
        return 10 * magnitude
    }

    /// Up to three decimals, no trailing zeros: 0, 0.5, 1.25.
    static func label(_ value: Double) -> String {
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}

/// Digits, '.', and '-' drawn as seven-segment figures, 7 × 13 pixels each.
nonisolated enum SevenSegment {
    private static let width = 7.0
    private static let height = 13.0
    private static let advance = 10.0

    /// Segments a (top), b (top right), c (bottom right), d (bottom), e (bottom left),
    /// f (top left), g (middle), as unit coordinates on a 1 × 2 box.
    private static let segments: [Character: ((Double, Double), (Double, Double))] = [
        "a": ((0, 0), (1, 0)), "b": ((1, 0), (1, 1)), "c": ((1, 1), (1, 2)), "d": ((0, 2), (1, 2)),
        "e": ((0, 1), (0, 2)), "f": ((0, 0), (0, 1)), "g": ((0, 1), (1, 1)),
    ]
    private static let figures: [Character: String] = [
        "0": "abcdef", "1": "bc", "2": "abged", "3": "abgcd", "4": "fgbc", "5": "afgcd",
        "6": "afgedc", "7": "abc", "8": "abcdefg", "9": "abcdfg", "-": "g",
    ]

    static func textWidth(_ text: String) -> Double {
        text.reduce(0) { $0 + ($1 == "." ? advance / 2 : advance) } - (advance - width)
    }

    static func draw(_ text: String, centredAt centre: Point, color: Color, into list: inout DisplayList) {
        draw(text, from: Point(x: centre.x - textWidth(text) / 2, y: centre.y - height / 2), color: color, into: &list)
    }

    static func draw(_ text: String, rightAlignedAt anchor: Point, color: Color, into list: inout DisplayList) {
        draw(text, from: Point(x: anchor.x - textWidth(text), y: anchor.y - height / 2), color: color, into: &list)
    }

    private static func draw(_ text: String, from origin: Point, color: Color, into list: inout DisplayList) {
        var x = origin.x
        for character in text {
            if character == "." {
                let dot = Point(x: x + 1, y: origin.y + height)
                list.line(Line(from: dot, to: dot, width: 2, color: color))
                x += advance / 2
                continue
            }
            for segment in figures[character] ?? "" {
                guard let ((x0, y0), (x1, y1)) = segments[segment] else { continue }
                list.line(Line(
                    from: Point(x: x + x0 * width, y: origin.y + y0 * height / 2),
                    to: Point(x: x + x1 * width, y: origin.y + y1 * height / 2),
                    width: 1.5, color: color
                ))
            }
            x += advance
        }
    }
}
