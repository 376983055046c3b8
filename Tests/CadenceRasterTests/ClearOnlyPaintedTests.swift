import CadenceDraw
import CadenceRaster
import Foundation
import Testing

/// A whole redraw clears only what the last whole redraw painted: frame after frame into one
/// canvas gives the bytes a fresh canvas gives, whatever moved, faded, left or changed the
/// background.
@Suite @MainActor struct ClearOnlyPaintedTests {
    static let size = Size(width: 96, height: 64)

    /// Frame `n` of a little animation: shapes that move and leave, a fading group, a masked
    /// path, a shadow, a blurred group; the background changes now and then.
    static func frame(_ n: Int) -> DisplayList {
        let background: Color = n % 5 == 4 ? Color(red: 0.2, green: 0.3, blue: 0.9) : .clear
        var list = DisplayList(size: size, background: background)
        let t = Double(n)
        let x = 5 + 7.3 * t
        if n % 4 != 3 {
            list.append(.path(PathFill(contours: [[Point(x: x, y: 4.2), Point(x: x + 20.5, y: 6.1), Point(x: x + 14, y: 30.7)]], color: Color(red: 1, green: 0, blue: 0))))
        }
        list.append(.roundedRect(RoundedRect(rect: Rect(x: 60 - t * 3, y: 30 + t, width: 22, height: 14), cornerRadius: 5, fill: Color(red: 0, green: 0.6, blue: 0.2, alpha: 0.7))))
        if n % 3 == 0 {
            list.append(.pushGroup(Group(opacity: 0.5)))
            list.append(.roundedRect(RoundedRect(rect: Rect(x: 10 + t, y: 40, width: 30, height: 12), cornerRadius: 0, fill: .black)))
            list.append(.roundedRect(RoundedRect(rect: Rect(x: 20 + t, y: 44, width: 30, height: 12), cornerRadius: 3, fill: .white)))
            list.append(.popGroup)
        }
        if n % 2 == 0 {
            let mask = MaskPath(contours: [[Point(x: 40, y: 10 + t), Point(x: 80, y: 12), Point(x: 70, y: 50)]], mode: .add)
            list.append(.pushGroup(Group(opacity: 0.8, maskPaths: [mask])))
            list.append(.path(PathFill(contours: [[Point(x: 30, y: 5), Point(x: 90, y: 5), Point(x: 90, y: 60), Point(x: 30, y: 60)]], color: Color(red: 0, green: 0, blue: 1))))
            list.append(.popGroup)
        }
        if n == 5 {
            list.append(.shadow(Shadow(rect: Rect(x: 30, y: 20, width: 20, height: 20), cornerRadius: 4, color: .black, blur: 6)))
            list.append(.pushGroup(Group(blur: 3)))
            list.append(.roundedRect(RoundedRect(rect: Rect(x: 70, y: 8, width: 16, height: 16), cornerRadius: 8, fill: Color(red: 1, green: 0, blue: 0))))
            list.append(.popGroup)
        }
        return list
    }

    @Test func reusedCanvasIsAFreshOne() throws {
        try expectRedrawsAreFresh(width: 96, height: 64, frames: 0..<12, Self.frame)
    }

    @Test func damageBetweenWholeRedrawsIsForgotten() throws {
        let renderer = RasterRenderer()
        var reused = RasterCanvas(width: 96, height: 64)
        for n in 0..<8 {
            // A damaged redraw of another frame in between: the canvas no longer holds what the
            // last whole redraw left, so the next one clears everything.
            try renderer.draw(Self.frame(n + 20), into: &reused, damage: [Rect(x: 0, y: 0, width: 50, height: 30)])
            try renderer.draw(Self.frame(n), into: &reused)
            var fresh = RasterCanvas(width: 96, height: 64)
            try RasterRenderer().draw(Self.frame(n), into: &fresh)
            #expect(reused == fresh, "frame \(n)")
        }
    }

    @Test func bandsOfTheBackendAreFreshOnes() throws {
        let banded = RasterBackend(width: 96, height: 64, bands: 3)
        let single = RasterBackend(width: 96, height: 64)
        for n in 0..<12 {
            try banded.draw(Self.frame(n), damage: nil)
            try single.draw(Self.frame(n), damage: nil)
            let fresh = RasterBackend(width: 96, height: 64)
            try fresh.draw(Self.frame(n), damage: nil)
            #expect(single.canvas == fresh.canvas, "frame \(n), one band")
            #expect(banded.canvas == fresh.canvas, "frame \(n), three bands")
        }
    }
}

/// Draws `frame(n)` for each of `frames` into one canvas with one renderer, frame after frame,
/// and expects each the bytes a fresh renderer draws into a fresh canvas.
func expectRedrawsAreFresh(width: Int, height: Int, frames: Range<Int>, _ frame: (Int) -> DisplayList) throws {
    let renderer = RasterRenderer()
    var reused = RasterCanvas(width: width, height: height)
    for n in frames {
        try renderer.draw(frame(n), into: &reused)
        var fresh = RasterCanvas(width: width, height: height)
        try RasterRenderer().draw(frame(n), into: &fresh)
        #expect(reused == fresh, "frame \(n)")
    }
}
