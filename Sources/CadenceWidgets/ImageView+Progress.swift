#if canImport(Glibc)
import CadenceLayers
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CadenceDraw
import CadenceText

extension ImageView {
    /// The ring's outer radius, its width, and the colours of its track and its fill.
    static let ringRadius = 18.0
    static let ringWidth = 4.0
    static let ringTrack = Color(red: 0.235, green: 0.235, blue: 0.263, alpha: 0.2)
    static let ringFill = Color(hex: "#007AFF")!

    /// The fraction downloaded at `time` while a load is running (the last report since it
    /// began, 0 before any); nil when no load is running.
    public func loadingProgress(at time: Double) -> Double? {
        guard let load = loads.last(where: { $0.start <= time }), time < load.completion else { return nil }
        return load.progress.last(where: { $0.time <= time })?.fraction ?? 0
    }

    /// The text of the `.percentage` indicator for `fraction`: whole percent, e.g. `40%`.
    public static func percentageText(_ fraction: Double) -> String {
        // Clamped to 0 … 1 first, so the conversion to Int cannot trap.
        let clamped = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
        return "\(Int((clamped * 100).rounded()))%"
    }

    /// The ring, centred in the frame: a full faint track and, over it, the filled sector from
    /// twelve o'clock clockwise through `fraction` of a turn.
    func drawRing(fraction: Double, into list: inout DisplayList) {
        let centre = indicatorCentre
        let outer = Self.ringRadius
        let inner = Self.ringRadius - Self.ringWidth
        func point(_ radius: Double, _ angle: Double) -> Point {
            Point(x: centre.x + radius * cos(angle), y: centre.y + radius * sin(angle))
        }
        let start = -Double.pi / 2
        let full = (0...64).map { start + 2 * Double.pi * Double($0) / 64 }
        list.append(.path(PathFill(
            contours: [full.map { point(outer, $0) }, full.reversed().map { point(inner, $0) }], fillRule: .evenOdd, color: Self.ringTrack
        )))
        let clamped = min(max(fraction, 0), 1)
        guard clamped > 0 else { return }
        // One segment per 1/64 of a turn, at least two; the count is at most 64, so no trap.
        let segments = max(2, Int((clamped * 64).rounded(.up)))
        let angles = (0...segments).map { start + 2 * Double.pi * clamped * Double($0) / Double(segments) }
        list.append(.path(PathFill(
            contours: [angles.map { point(outer, $0) } + angles.reversed().map { point(inner, $0) }], color: Self.ringFill
        )))
    }

    /// The `.percentage` indicator at `time`: the text centred on a light rounded plate.
    func drawPercentage(at time: Double, fonts: any TextLayoutEngine, into list: inout DisplayList) throws(TextError) {
        guard case .progress(.percentage) = indicator, let fraction = loadingProgress(at: time) else { return }
        let font = try FontDescriptor(family: "DejaVu Sans", size: 15)
        let layout = try fonts.layout(AttributedText(Self.percentageText(fraction), attributes: TextAttributes(font: font, color: Color(hex: "#3C3C43")!)))
        let plate = Rect(
            x: indicatorCentre.x - layout.size.width / 2 - 8, y: indicatorCentre.y - layout.size.height / 2 - 4,
            width: layout.size.width + 16, height: layout.size.height + 8
        )
        list.roundedRect(RoundedRect(rect: plate, cornerRadius: plate.height / 2, fill: Color(red: 1, green: 1, blue: 1, alpha: 0.85)))
        for run in layout.glyphRuns(at: Point(x: plate.minX + 8, y: plate.minY + 4)) { list.glyphs(run) }
    }
}
