import CadenceDraw
import CadenceImage
import CadenceRender
import CadenceScene
import CadenceText
import Foundation

/// Frames of a scene at chosen times, tiled into one labelled image: one golden for a whole
/// animation, as Flutter's animation sheets.
public enum ContactSheet {
    /// The pixels between and around frames.
    static let gap = 8.0
    /// The height of the caption under each frame.
    static let captionHeight = 24.0

    /// Where the frames of a sheet of `count` frames of `tile` size, `columns` to a row, sit
    /// (in time order), and the sheet's size: 8 pixels around each frame, its caption below it.
    public static func layout(count: Int, columns: Int, tile: Size) -> (size: Size, frames: [Rect]) {
        let size = sheetSize(count: count, columns: columns, tile: tile)
        return (size, (0..<max(count, 0)).map { frameRect(index: $0, count: count, columns: columns, tile: tile) })
    }

    /// The size of a sheet of `count` frames of `tile`, `columns` to a row.
    static func sheetSize(count: Int, columns: Int, tile: Size) -> Size {
        // Columns beyond the frames are not drawn; counting rows by them would overflow for a
        // --columns near Int.max.
        let used = max(1, min(columns, count))
        let rowCount = (count + used - 1) / used
        return Size(width: Double(used) * (tile.width + gap) + gap, height: Double(rowCount) * (tile.height + captionHeight + gap) + gap)
    }

    /// Where frame `index` of a sheet of `count` frames sits.
    static func frameRect(index: Int, count: Int, columns: Int, tile: Size) -> Rect {
        let used = max(1, min(columns, count))
        return Rect(x: gap + Double(index % used) * (tile.width + gap), y: gap + Double(index / used) * (tile.height + captionHeight + gap),
                    width: tile.width, height: tile.height)
    }

    /// Renders `scene` at each of `times` into `tile`-sized frames, `columns` to a row, each
    /// labelled with its time, drawn by `backend`.
    public static func render(
        scene: Scene, times: [Double], columns: Int, tile: Size, backend: RenderBackendKind = .default
    ) throws(EngineError) -> RGBAImage {
        guard !times.isEmpty else { throw .invalidOption(name: "times", message: "needs at least one time") }
        for time in times where !time.isFinite || time < 0 || time > SceneFile.maximumTime {
            throw .invalidOption(name: "times", message: "times must be from 0 to \(Int(SceneFile.maximumTime)) s, got \(String(format: "%.15g", time))")
        }
        guard columns >= 1 else { throw .invalidOption(name: "columns", message: "must be at least 1, got \(columns)") }
        guard tile.width >= 1, tile.height >= 1, tile.width <= Double(SceneFile.maximumFrameSide), tile.height <= Double(SceneFile.maximumFrameSide) else {
            throw .invalidOption(name: "size", message: "each frame must be 1 to \(SceneFile.maximumFrameSide) pixels a side, got \(tile.width)x\(tile.height)")
        }
        let sheetSize = sheetSize(count: times.count, columns: columns, tile: tile)
        let used = min(columns, times.count)
        let sheetWidth = sheetSize.width
        let sheetHeight = sheetSize.height
        guard sheetWidth <= Double(SceneFile.maximumFrameSide), sheetHeight <= Double(SceneFile.maximumFrameSide) else {
            throw .invalidOption(
                name: "times",
                message: "\(times.count) frames of \(Int(tile.width))x\(Int(tile.height)) in \(columns) columns make a \(Int(sheetWidth))x\(Int(sheetHeight)) sheet, above the limit of \(SceneFile.maximumFrameSide) pixels a side: fewer times, more columns or a smaller --size"
            )
        }
        // The frames are held until the sheet is drawn: their pixels are at most the sheet's.
        if let problem = SceneFile.framePixelsProblem(width: Int(sheetWidth), height: Int(sheetHeight)) {
            throw .invalidOption(name: "times", message: "\(times.count) frames in \(used) columns make a sheet of \(problem): fewer times or a smaller frame size")
        }
        let width = Int(tile.width)
        let height = Int(tile.height)
        let frames = try ImageSink(width: width, height: height, backend: backend)
        let loop = FrameLoop(scene: scene)
        try loop.run(times: times, into: frames)
        let size = Size(width: sheetWidth, height: sheetHeight)
        var sheet = DisplayList(size: size, background: Color(hex: "#D1D1D6")!)
        let font: FontDescriptor
        do {
            font = try FontDescriptor(family: "DejaVu Sans", size: 14)
        } catch {
            throw .text(error)
        }
        for (index, (time, frame)) in zip(times, frames.images).enumerated() {
            let place = frameRect(index: index, count: times.count, columns: columns, tile: tile)
            let x = place.minX
            let y = place.minY
            sheet.append(.image(ImageDraw(key: "frame \(index)", image: frame, rect: Rect(x: x, y: y, width: tile.width, height: tile.height))))
            let caption = AttributedText(String(format: "t = %.2f s", time), attributes: TextAttributes(font: font, color: Color(hex: "#1C1C1E")!))
            do throws(TextError) {
                let layout = try loop.context.fonts.layout(caption)
                for run in layout.glyphRuns(at: Point(x: x + (tile.width - layout.size.width) / 2, y: y + tile.height + 3)) { sheet.glyphs(run) }
            } catch {
                throw .text(error)
            }
        }
        let sheetRenderer = try OffscreenRenderer(width: Int(size.width), height: Int(size.height), backend: backend)
        return try sheetRenderer.render(sheet)
    }
}
