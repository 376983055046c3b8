import CadenceDraw
import CadenceRaster
import Testing

/// Translucent paint over translucent paint: each channel is s + ⌊(d · (255 − sₐ) + 127) / 255⌋,
/// in bytes, whether a run is blended a pixel at a time or four channels at once.
@Suite struct SourceOverRasterTests {
    @Test func runsOfTranslucentPaintAreSourceOverInBytes() throws {
        let (width, height) = (72, 3)
        let background = Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
        var list = DisplayList(size: Size(width: Double(width), height: Double(height)), background: background)
        // Bars of whole pixels (so every run is fully covered), 1 to 24 wide, each of channels
        // 0 or 1 and an alpha of whole bytes: its premultiplied bytes are exact.
        var bars: [(x: Int, width: Int, rgba: [Int])] = []
        for index in 0..<40 {
            let x = (index * 13) % 60, barWidth = 1 + (index * 7) % 24
            let alpha = 1 + (index * 37) % 254
            let channels = [index % 2, (index / 2) % 2, (index / 4) % 2]
            bars.append((x, barWidth, channels.map { $0 * alpha } + [alpha]))
            let right = Double(min(x + barWidth, width))
            list.append(.path(PathFill(
                contours: [[Point(x: Double(x), y: 0), Point(x: right, y: 0), Point(x: right, y: Double(height)), Point(x: Double(x), y: Double(height))]],
                color: Color(red: Double(channels[0]), green: Double(channels[1]), blue: Double(channels[2]), alpha: Double(alpha) / 255)
            )))
        }
        var canvas = RasterCanvas(width: width, height: height)
        try RasterRenderer().draw(list, into: &canvas)
        var empty = RasterCanvas(width: 1, height: 1)
        try RasterRenderer().draw(DisplayList(size: Size(width: 1, height: 1), background: background), into: &empty)
        for x in 0..<width {
            var expected = Array(empty.pixels[0..<4].map(Int.init))
            for bar in bars where (bar.x ..< min(bar.x + bar.width, width)).contains(x) {
                let keep = 255 - bar.rgba[3]
                for channel in 0..<4 { expected[channel] = bar.rgba[channel] + (expected[channel] * keep + 127) / 255 }
            }
            for y in 0..<height {
                let actual = canvas.pixels[(y * width + x) * 4 ..< (y * width + x) * 4 + 4].map(Int.init)
                #expect(actual == expected, "pixel \(x), \(y)")
            }
        }
    }
}
