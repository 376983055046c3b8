import CadenceDraw
import CadenceRaster
import Testing

/// Translucent paint over translucent paint: each channel is s + ⌊(d · (255 − sₐ) + 127) / 255⌋,
/// in bytes, whether a run is blended a pixel at a time or four channels at once.
@Suite struct SourceOverRasterTests {
    /// `list` drawn on a canvas of its size, and its background's bytes alone (the backdrop).
    static func drawn(_ list: DisplayList) throws -> (canvas: RasterCanvas, backdrop: [Int]) {
        var canvas = RasterCanvas(width: Int(list.size.width), height: Int(list.size.height))
        try RasterRenderer().draw(list, into: &canvas)
        var empty = RasterCanvas(width: 1, height: 1)
        try RasterRenderer().draw(DisplayList(size: Size(width: 1, height: 1), background: list.background), into: &empty)
        return (canvas, empty.pixels[0..<4].map(Int.init))
    }

    /// Every pixel of column `x` is `expected`.
    static func expect(column x: Int, of canvas: RasterCanvas, toBe expected: [Int], sourceLocation: SourceLocation = #_sourceLocation) {
        for y in 0..<canvas.height {
            let at = (y * canvas.width + x) * 4
            #expect(canvas.pixels[at ..< at + 4].map(Int.init) == expected, "pixel \(x), \(y)", sourceLocation: sourceLocation)
        }
    }

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
        let (canvas, backdrop) = try Self.drawn(list)
        for x in 0..<width {
            var expected = backdrop
            for bar in bars where (bar.x ..< min(bar.x + bar.width, width)).contains(x) {
                let keep = 255 - bar.rgba[3]
                for channel in 0..<4 { expected[channel] = bar.rgba[channel] + (expected[channel] * keep + 127) / 255 }
            }
            Self.expect(column: x, of: canvas, toBe: expected)
        }
    }

    /// Bars whose sides fall a quarter and a half into a pixel: their edge pixels are runs of
    /// one pixel at coverage 191 and 128, each the shade (the colour times coverage / 255 in
    /// bytes) put source over, whether a run is short or long.
    @Test func edgePixelsAreTheirShadeSourceOver() throws {
        let (width, height) = (64, 2)
        let background = Color(red: 0.9, green: 0.1, blue: 0.3, alpha: 0.6)
        var list = DisplayList(size: Size(width: Double(width), height: Double(height)), background: background)
        // Left side at x + 0.25 (pixel x covered 0.75), right side at x + 1 + inner + 0.5.
        let inners = [0, 1, 2, 3, 4, 6]
        let bars: [(x: Int, inner: Int, channels: [Int], alpha: Int)] = (0..<6).map { index in
            let channels: [Int] = [index % 2, 1, (index / 2) % 2]
            return (x: index * 10, inner: inners[index], channels: channels, alpha: 60 + index * 39)
        }
        for bar in bars {
            let left = Double(bar.x) + 0.25, right = Double(bar.x + 1 + bar.inner) + 0.5
            list.append(.path(PathFill(
                contours: [[Point(x: left, y: 0), Point(x: right, y: 0), Point(x: right, y: Double(height)), Point(x: left, y: Double(height))]],
                color: Color(red: Double(bar.channels[0]), green: Double(bar.channels[1]), blue: Double(bar.channels[2]), alpha: Double(bar.alpha) / 255)
            )))
        }
        let (canvas, backdrop) = try Self.drawn(list)
        func byte(_ value: Double) -> Int { Int(min(max(value, 0), 1) * 255 + 0.5) }
        for x in 0..<width {
            var expected = backdrop
            if let bar = bars.first(where: { (0...($0.inner + 1)).contains(x - $0.x) }) {
                let coverage = x == bar.x ? 191 : (x == bar.x + bar.inner + 1 ? 128 : 255)
                let alpha = Double(bar.alpha) / 255
                let premultiplied: [Double] = bar.channels.map { Double($0) * alpha } + [alpha]
                let shade: [Int] = premultiplied.map { byte($0 * Double(coverage) / 255) }
                let keep = 255 - shade[3]
                for channel in 0..<4 { expected[channel] = min(255, shade[channel] + (expected[channel] * keep + 127) / 255) }
            }
            Self.expect(column: x, of: canvas, toBe: expected)
        }
    }

    /// An alpha-matted group over a translucent backdrop: each pixel is the picture's, scaled by
    /// the matte's alpha ((c · m + 127) / 255 a channel), then source over as above; and the same
    /// with mask paths and a matte together (the general loop).
    @Test(arguments: [false, true])
    func mattedPicturesAreScaledThenSourceOver(withMaskPaths: Bool) throws {
        let (width, height) = (72, 2)
        let background = Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
        func barCommand(_ x: Int, _ barWidth: Int, _ channels: [Int], _ alpha: Int) -> DrawCommand {
            let right = Double(min(x + barWidth, width))
            return .path(PathFill(
                contours: [[Point(x: Double(x), y: 0), Point(x: right, y: 0), Point(x: right, y: Double(height)), Point(x: Double(x), y: Double(height))]],
                color: Color(red: Double(channels[0]), green: Double(channels[1]), blue: Double(channels[2]), alpha: Double(alpha) / 255)
            ))
        }
        // Side by side, never overlapping: the picture's and the matte's bytes are each bar's own.
        // Alpha 1 under a matte of 127 is a tie that rounding with + 128 instead of + 127 moves.
        let pictureBars = (0..<9).map { index in (x: index * 8, width: 8, channels: [index % 2, (index / 2) % 2, 1 - index % 2], alpha: index == 0 ? 1 : 40 + index * 26) }
        let matteBars = (0..<12).map { index in (x: 4 + index * 5, width: 5, alpha: index == 3 ? 255 : (index == 0 ? 127 : 17 + index * 21)) }
        var list = DisplayList(size: Size(width: Double(width), height: Double(height)), background: background)
        // A mask path covering everything sends the composite through the general loop.
        let everything = MaskPath(contours: [[Point(x: -1, y: -1), Point(x: 99, y: -1), Point(x: 99, y: 9), Point(x: -1, y: 9)]], mode: .add)
        list.append(.pushGroup(Group(maskPaths: withMaskPaths ? [everything] : [], matte: .alpha)))
        for bar in pictureBars { list.append(barCommand(bar.x, bar.width, bar.channels, bar.alpha)) }
        list.append(.pushGroup(Group(isMatte: true)))
        for bar in matteBars { list.append(barCommand(bar.x, bar.width, [0, 0, 0], bar.alpha)) }
        list.append(.popGroup)
        list.append(.popGroup)
        let (canvas, backdrop) = try Self.drawn(list)
        for x in 0..<width {
            var expected = backdrop
            let picture = pictureBars.first { ($0.x ..< $0.x + $0.width).contains(x) }
            let matte = matteBars.first { ($0.x ..< $0.x + $0.width).contains(x) }?.alpha ?? 0
            if let picture, matte > 0 {
                let source = picture.channels.map { $0 * picture.alpha } + [picture.alpha]
                let scaled = source.map { ($0 * matte + 127) / 255 }
                let keep = 255 - scaled[3]
                for channel in 0..<4 { expected[channel] = min(255, scaled[channel] + (expected[channel] * keep + 127) / 255) }
            }
            Self.expect(column: x, of: canvas, toBe: expected)
        }
    }
}

/// A renderer keeps each path colour's shades from frame to frame: frames drawn one after
/// another by one renderer (colours changing, returning, and more of them than it keeps) are each
/// the bytes a fresh renderer draws.
@Suite struct KeptShadeRasterTests {
    static func frame(_ n: Int, colours: Int) -> DisplayList {
        var list = DisplayList(size: Size(width: 40, height: 30), background: .clear)
        for index in 0..<colours {
            let value = Double((index * 7 + n * 13) % 251) / 250
            let x = Double(index % 9) * 4.3 + 0.37, y = Double(index % 7) * 3.9 + 0.21
            // Slanted edges: runs of every coverage, so every shade is used.
            let triangle = [Point(x: x, y: y), Point(x: x + 9.6, y: y + 1.3), Point(x: x + 2.2, y: y + 8.7)]
            list.append(.path(PathFill(contours: [triangle], color: Color(red: value, green: 1 - value, blue: 0.5, alpha: 0.25 + 0.75 * value))))
        }
        return list
    }

    @Test func keptShadesAreTheShadesOfTheColoursDrawn() throws {
        let renderer = RasterRenderer()
        // Few colours, others, the first again, then more colours than are kept.
        for (n, colours) in [(0, 12), (1, 12), (0, 12), (2, 1100), (0, 12)] {
            var kept = RasterCanvas(width: 40, height: 30)
            try renderer.draw(Self.frame(n, colours: colours), into: &kept)
            var fresh = RasterCanvas(width: 40, height: 30)
            try RasterRenderer().draw(Self.frame(n, colours: colours), into: &fresh)
            #expect(kept.pixels == fresh.pixels, "frame \(n) of \(colours) colours")
        }
    }
}
