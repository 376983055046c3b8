import CadenceDraw
import CadenceImage
import CadenceScene
import CadenceText
import Foundation

/// Frames of a scene at chosen times, tiled into one labelled image: one golden for a whole
/// animation, as Flutter's animation sheets.
public enum ContactSheet {
    /// Renders `scene` at each of `times` into `tile`-sized frames, `columns` to a row, each
    /// labelled with its time.
    public static func render(scene: Scene, times: [Double], columns: Int, tile: Size) throws(EngineError) -> RGBAImage {
        guard !times.isEmpty else { throw .invalidOption(name: "--times", message: "needs at least one time") }
        for time in times where !time.isFinite || time < 0 {
            throw .invalidOption(name: "--times", message: "times must be finite and 0 or more, got \(time)")
        }
        guard columns >= 1 else { throw .invalidOption(name: "--columns", message: "must be at least 1, got \(columns)") }
        let gap = 8.0
        let label = 24.0
        let width = Int(tile.width)
        let height = Int(tile.height)
        let frames = try ImageSink(width: width, height: height)
        let loop = FrameLoop(scene: scene)
        try loop.run(times: times, into: frames)
        let rows = (times.count + columns - 1) / columns
        let used = min(columns, times.count)
        let size = Size(width: Double(used) * (tile.width + gap) + gap, height: Double(rows) * (tile.height + label + gap) + gap)
        var sheet = DisplayList(size: size, background: Color(hex: "#D1D1D6")!)
        let font: FontDescriptor
        do {
            font = try FontDescriptor(family: "DejaVu Sans", size: 14)
        } catch {
            throw .text(error)
        }
        for (index, (time, frame)) in zip(times, frames.images).enumerated() {
            let x = gap + Double(index % columns) * (tile.width + gap)
            let y = gap + Double(index / columns) * (tile.height + label + gap)
            sheet.append(.image(ImageDraw(key: "frame \(index)", image: frame, rect: Rect(x: x, y: y, width: tile.width, height: tile.height))))
            let caption = AttributedText(String(format: "t = %.2f s", time), attributes: TextAttributes(font: font, color: Color(hex: "#1C1C1E")!))
            do throws(TextError) {
                let layout = try loop.context.fonts.layout(caption)
                for run in layout.glyphRuns(at: Point(x: x + (tile.width - layout.size.width) / 2, y: y + tile.height + 3)) { sheet.glyphs(run) }
            } catch {
                throw .text(error)
            }
        }
        let sheetRenderer = try OffscreenRenderer(width: Int(size.width), height: Int(size.height))
        return try sheetRenderer.render(sheet)
    }
}
