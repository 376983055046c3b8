import CadenceDraw
import CadenceEngine
import CadenceImage
import CadenceText
import Foundation

/// Frame times as a line chart — a title, a grid with labelled ticks, one line per series and a
/// legend — drawn with Cadence's own renderer, for the benchmarks' `--plot`.
nonisolated public struct FrameTimeChart: Sendable {
    /// One line of the chart.
    public struct Series: Sendable {
        /// The legend's label.
        public var name: String
        /// Milliseconds, one per frame.
        public var values: [Double]
        /// The line's colour.
        public var color: Color

        /// A line called `name` through `values` (ms, one per frame) in `color`.
        public init(name: String, values: [Double], color: Color) {
            self.name = name
            self.values = values
            self.color = color
        }
    }

    /// The chart's title.
    public var title: String
    /// The lines.
    public var series: [Series]
    /// A dashed reference line, e.g. the refresh interval.
    public var reference: (label: String, value: Double)?
    /// The picture's size.
    public var size = Size(width: 900, height: 420)

    /// A chart titled `title` of `series`, with a dashed `reference` line when given.
    public init(title: String, series: [Series], reference: (label: String, value: Double)? = nil) {
        self.title = title
        self.series = series
        self.reference = reference
    }

    /// The chart; labels are laid out with `fonts` (DejaVu Sans).
    public func displayList(fonts: FontLibrary = .shared) throws(TextError) -> DisplayList {
        var list = DisplayList(size: size, background: .white)
        let area = Rect(x: 64, y: 48, width: size.width - 96, height: size.height - 100)
        let count = max(series.map(\.values.count).max() ?? 1, 2)
        let high = max(series.flatMap(\.values).max() ?? 1, reference?.value ?? 0) * 1.1
        let step = CurvePlot.niceStep(for: high)
        func place(_ index: Double, _ value: Double) -> Point {
            Point(x: area.minX + index / Double(count - 1) * area.width, y: area.maxY - min(value / high, 1) * area.height)
        }
        let tick = TextAttributes(font: try FontDescriptor(family: "DejaVu Sans", size: 12), color: Color(hex: "#6C6C70")!)
        var value = 0.0
        while value <= high {
            list.line(Line(from: place(0, value), to: place(Double(count - 1), value), width: 1, color: Color(hex: "#E5E5EA")!))
            let layout = try fonts.layout(AttributedText(CurvePlot.label(value), attributes: tick))
            for run in layout.glyphRuns(at: Point(x: area.minX - 8 - layout.size.width, y: place(0, value).y - layout.size.height / 2)) { list.glyphs(run) }
            value += step
        }
        for i in 0...4 {
            let index = Double(i) / 4 * Double(count - 1)
            let layout = try fonts.layout(AttributedText(String(Int(index.rounded())), attributes: tick))
            for run in layout.glyphRuns(at: Point(x: place(index, 0).x - layout.size.width / 2, y: area.maxY + 6)) { list.glyphs(run) }
        }
        if let reference {
            // Dashes of 6 px.
            var x = area.minX
            while x < area.maxX {
                let y = place(0, reference.value).y
                list.line(Line(from: Point(x: x, y: y), to: Point(x: min(x + 6, area.maxX), y: y), width: 1.5, color: Color(hex: "#FF9500")!))
                x += 12
            }
        }
        list.line(Line(from: Point(x: area.minX, y: area.maxY), to: Point(x: area.maxX, y: area.maxY), width: 1.5, color: Color(hex: "#3C3C43")!))
        list.line(Line(from: Point(x: area.minX, y: area.minY), to: Point(x: area.minX, y: area.maxY), width: 1.5, color: Color(hex: "#3C3C43")!))
        for entry in series {
            list.polyline(entry.values.enumerated().map { place(Double($0.offset), $0.element) }, width: 1.5, color: entry.color)
        }
        let heading = TextAttributes(font: try FontDescriptor(family: "DejaVu Sans", size: 15, weight: .bold), color: Color(hex: "#1C1C1E")!)
        for run in try fonts.layout(AttributedText(title, attributes: heading)).glyphRuns(at: Point(x: area.minX, y: 14)) { list.glyphs(run) }
        // Legend, under the chart: a swatch and a name per series, then the reference.
        var x = area.minX
        let legend = series.map { ($0.name, $0.color) } + (reference.map { [("\($0.label)", Color(hex: "#FF9500")!)] } ?? [])
        for (name, color) in legend {
            list.roundedRect(RoundedRect(rect: Rect(x: x, y: size.height - 26, width: 14, height: 4), cornerRadius: 2, fill: color))
            let layout = try fonts.layout(AttributedText(name, attributes: tick))
            for run in layout.glyphRuns(at: Point(x: x + 20, y: size.height - 24 - layout.size.height / 2)) { list.glyphs(run) }
            x += 40 + layout.size.width
        }
        let unit = try fonts.layout(AttributedText("ms per frame, by frame", attributes: tick))
        for run in unit.glyphRuns(at: Point(x: area.maxX - unit.size.width, y: size.height - 24 - unit.size.height / 2)) { list.glyphs(run) }
        return list
    }

    /// Renders the chart and writes it to `path` (atomically).
    @MainActor
    public func write(to path: String) throws(EngineError) {
        let list: DisplayList
        do {
            list = try displayList()
        } catch {
            throw .text(error)
        }
        let image = try OffscreenRenderer(width: Int(size.width), height: Int(size.height)).render(list)
        do {
            try image.writePNG(to: path, options: PNGOptions(level: 9, filter: .adaptive))
        } catch {
            throw .png(error)
        }
    }
}
