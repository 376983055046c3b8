import CadenceAnimation
import CadenceDraw
import CadenceEngine
import CadenceText
import Foundation

/// A picture of a curve: a title, grid, axes, tick labels and the curve, as a display list.
nonisolated public struct CurvePlot: Sendable {
    /// The curve or spring plotted.
    public let spec: CurveSpec
    /// What the title says, e.g. the spec as the user wrote it.
    public let title: String
    /// The end of the x axis: 1 for curves, seconds for springs.
    public let xEnd: Double
    /// The picture's size.
    public let size: Size

    /// A plot of `spec` titled `title`, x running from 0 to `xEnd`.
    public init(spec: CurveSpec, title: String, xEnd: Double, size: Size = Size(width: 640, height: 400)) {
        self.spec = spec
        self.title = title
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

    /// The plot; labels are laid out with `fonts` (DejaVu Sans).
    public func displayList(fonts: FontLibrary = .shared) throws(TextError) -> DisplayList {
        var list = DisplayList(size: size, background: .white)
        let area = Rect(x: 64, y: 44, width: size.width - 104, height: size.height - 92)
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

        let tick = TextAttributes(font: try FontDescriptor(family: "DejaVu Sans", size: 12), color: label)
        for i in 0...4 {
            let x = Double(i) / 4 * xEnd
            let anchor = place(x, yMin)
            let layout = try fonts.layout(AttributedText(Self.label(x), attributes: tick))
            for run in layout.glyphRuns(at: Point(x: anchor.x - layout.size.width / 2, y: anchor.y + 8)) { list.glyphs(run) }
        }
        y = (yMin / yStep).rounded(.up) * yStep
        while y <= yMax {
            let anchor = place(0, y)
            let layout = try fonts.layout(AttributedText(Self.label(y), attributes: tick))
            for run in layout.glyphRuns(at: Point(x: anchor.x - 8 - layout.size.width, y: anchor.y - layout.size.height / 2)) { list.glyphs(run) }
            y += yStep
        }
        let heading = TextAttributes(font: try FontDescriptor(family: "DejaVu Sans", size: 15, weight: .bold), color: axis)
        var caption = title
        if case .spring = spec { caption += "   (t in seconds)" }
        for run in try fonts.layout(AttributedText(caption, attributes: heading)).glyphRuns(at: Point(x: area.minX, y: 12)) { list.glyphs(run) }

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
