import CadenceDraw
import CadenceRaster
import Foundation
import Testing

/// A group holding one plain path under mask paths is drawn through its masks without a picture
/// of its own: the same bytes as the group composited (made to take the group's way here by a
/// clip around the path that cuts nothing), whatever the masks, opacity and backdrop.
@Suite struct MaskedPathRasterTests {
    static func render(_ commands: [DrawCommand], background: Color) throws -> [UInt8] {
        var list = DisplayList(size: Size(width: 64, height: 48), background: background)
        for command in commands { list.append(command) }
        var canvas = RasterCanvas(width: 64, height: 48)
        try RasterRenderer().draw(list, into: &canvas)
        return canvas.pixels
    }

    static func polygon(_ points: [(Double, Double)]) -> [Point] { points.map { Point(x: $0.0, y: $0.1) } }

    static let circleish = polygon((0..<24).map { index in
        let angle = Double(index) / 24 * 2 * .pi
        return (30.3 + 17.2 * cos(angle), 22.6 + 15.1 * sin(angle))
    })
    static let band = polygon([(-3, 14.4), (70, 18.7), (70, 31.2), (-3, 27.9)])
    static let shape = polygon([(4.6, 3.3), (58.2, 7.9), (51.7, 44.1), (9.1, 40.6)])

    static let masks: [[MaskPath]] = [
        [MaskPath(contours: [circleish], mode: .add)],
        [MaskPath(contours: [circleish], mode: .subtract)],
        [MaskPath(contours: [circleish], mode: .add, opacity: 0.6, inverted: true)],
        [MaskPath(contours: [circleish], mode: .add), MaskPath(contours: [band], mode: .intersect)],
        [MaskPath(contours: [band], mode: .add), MaskPath(contours: [circleish], mode: .difference, opacity: 0.7)],
        [MaskPath(contours: [circleish, band], fillRule: .evenOdd, mode: .add)],
    ]

    @Test(arguments: masks.indices)
    func aMaskedPathIsTheGroupComposited(maskIndex: Int) throws {
        for opacity in [1, 0.55] {
            for color in [Color(red: 0.9, green: 0.3, blue: 0.1), Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.45)] {
                for background in [Color.clear, Color(red: 0.1, green: 0.8, blue: 0.3)] {
                    let group = Group(opacity: opacity, maskPaths: Self.masks[maskIndex])
                    let path = DrawCommand.path(PathFill(contours: [Self.shape], color: color))
                    let drawn = try Self.render([.pushGroup(group), path, .popGroup], background: background)
                    let composited = try Self.render(
                        [.pushGroup(group), .pushClip(Rect(x: -100, y: -100, width: 300, height: 300)), path, .popClip, .popGroup], background: background
                    )
                    #expect(drawn == composited, "masks \(maskIndex), opacity \(opacity), colour \(color), background \(background)")
                    #expect(drawn != (try Self.render([], background: background)), "something is drawn")
                }
            }
        }
    }

    /// A renderer keeps a group's mask coverage while frames draw the same masks, and makes it
    /// anew when they change: frames drawn one after another by one renderer, each mask set in
    /// turn (both ways of compositing), then the first again, are each the bytes a fresh
    /// renderer draws.
    @Test func keptMaskCoverageIsTheCoverageOfTheMasksDrawn() throws {
        let renderer = RasterRenderer()
        let path = DrawCommand.path(PathFill(contours: [Self.shape], color: Color(red: 0.9, green: 0.3, blue: 0.1)))
        let clip = Rect(x: -100, y: -100, width: 300, height: 300)
        let frames: [[DrawCommand]] = Self.masks.indices.flatMap { index -> [[DrawCommand]] in
            let group = Group(opacity: 0.8, maskPaths: Self.masks[index])
            return [[.pushGroup(group), path, .popGroup], [.pushGroup(group), .pushClip(clip), path, .popClip, .popGroup]]
        } + [[.pushGroup(Group(maskPaths: Self.masks[0])), path, .popGroup]]
        for (number, commands) in frames.enumerated() {
            var list = DisplayList(size: Size(width: 64, height: 48), background: .clear)
            for command in commands { list.append(command) }
            var canvas = RasterCanvas(width: 64, height: 48)
            try renderer.draw(list, into: &canvas)
            #expect(canvas.pixels == (try Self.render(commands, background: .clear)), "frame \(number)")
        }
    }
}
