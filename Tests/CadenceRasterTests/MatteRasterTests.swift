import CadenceDraw
import CadenceRaster
import Testing

/// An alpha or luma track matte alone is composited on a loop of its own, only where the matte
/// is: the same bytes as the general loop (taken here by adding a mask path that covers
/// everything), whatever the opacity, backdrop, and where the matte and the picture overlap.
@Suite struct MatteRasterTests {
    static func render(_ commands: [DrawCommand], background: Color) throws -> [UInt8] {
        try MaskedPathRasterTests.render(commands, background: background)
    }

    static func polygon(_ points: [(Double, Double)]) -> [Point] { MaskedPathRasterTests.polygon(points) }

    static let content = polygon([(4.6, 3.3), (58.2, 7.9), (51.7, 44.1), (9.1, 40.6)])
    static let mattes: [[Point]] = [
        polygon([(20.3, -5), (75, 20.1), (40.2, 60), (12.7, 30.5)]),
        polygon([(30.5, 10.2), (44.4, 12.9), (41.3, 30.8)]),
        polygon([(-10, -10), (80, -10), (80, 60), (-10, 60)]),
    ]
    static let everything = MaskPath(contours: [polygon([(-100, -100), (200, -100), (200, 200), (-100, 200)])], mode: .add)

    @Test(arguments: [Group.Matte.alpha, .luma])
    func aMatteAloneIsTheGeneralComposite(mode: Group.Matte) throws {
        for matte in Self.mattes {
            for opacity in [1, 0.6] {
                for background in [Color.clear, Color(red: 0.1, green: 0.8, blue: 0.3)] {
                    func commands(_ group: Group) -> [DrawCommand] {
                        [
                            .pushGroup(group), .path(PathFill(contours: [Self.content], color: Color(red: 0.9, green: 0.3, blue: 0.1, alpha: 0.8))),
                            .pushGroup(Group(isMatte: true)), .path(PathFill(contours: [matte], color: Color(red: 0.4, green: 0.7, blue: 0.9, alpha: 0.7))),
                            .popGroup, .popGroup,
                        ]
                    }
                    let alone = try Self.render(commands(Group(opacity: opacity, matte: mode)), background: background)
                    let general = try Self.render(commands(Group(opacity: opacity, maskPaths: [Self.everything], matte: mode)), background: background)
                    #expect(alone == general, "\(mode), opacity \(opacity), background \(background)")
                    #expect(alone != (try Self.render([], background: background)), "something is drawn")
                }
            }
        }
    }

    /// Mask paths alone are composited on a loop of their own, whole stretches at once where
    /// the mask is fully in: the same bytes as the general loop (taken here by adding an alpha
    /// matte that is opaque everywhere), whatever the masks, opacity, backdrop and picture.
    @Test(arguments: MaskedPathRasterTests.masks.indices)
    func maskPathsAloneAreTheGeneralComposite(maskIndex: Int) throws {
        let masks = MaskedPathRasterTests.masks[maskIndex]
        let opaqueEverywhere = Self.polygon([(-100, -100), (200, -100), (200, 200), (-100, 200)])
        for opacity in [1, 0.55] {
            for background in [Color.clear, Color(red: 0.1, green: 0.8, blue: 0.3)] {
                func commands(_ group: Group) -> [DrawCommand] {
                    var commands: [DrawCommand] = [
                        .pushGroup(group),
                        .path(PathFill(contours: [Self.content], color: Color(red: 0.9, green: 0.3, blue: 0.1))),
                        .path(PathFill(contours: [Self.mattes[1]], color: Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.45))),
                    ]
                    if group.matte != nil {
                        commands += [.pushGroup(Group(isMatte: true)), .path(PathFill(contours: [opaqueEverywhere], color: .white)), .popGroup]
                    }
                    return commands + [.popGroup]
                }
                let alone = try Self.render(commands(Group(opacity: opacity, maskPaths: masks)), background: background)
                let general = try Self.render(commands(Group(opacity: opacity, maskPaths: masks, matte: .alpha)), background: background)
                #expect(alone == general, "masks \(maskIndex), opacity \(opacity), background \(background)")
                #expect(alone != (try Self.render([], background: background)), "something is drawn")
            }
        }
    }

    /// Group pictures drawn in memory kept from earlier pictures (other sizes, other frames)
    /// start transparent: frames drawn one after another by one renderer equal each drawn alone.
    @Test func picturesInReusedMemoryStartTransparent() throws {
        func list(_ frame: Int) -> DisplayList {
            var list = DisplayList(size: Size(width: 64, height: 48), background: .clear)
            for (index, matte) in Self.mattes.enumerated() {
                let shift = Double((frame * 7 + index * 5) % 13)
                let moved = Self.content.map { Point(x: $0.x + shift - 6, y: $0.y) }
                list.append(.pushGroup(Group(opacity: 0.8, matte: index % 2 == 0 ? .alpha : .luma)))
                list.append(.path(PathFill(contours: [moved], color: Color(red: 0.9, green: 0.3, blue: 0.1))))
                list.append(.pushGroup(Group(isMatte: true)))
                list.append(.path(PathFill(contours: [matte], color: Color(red: 0.4, green: 0.7, blue: 0.9, alpha: 0.7))))
                list.append(.popGroup)
                list.append(.popGroup)
            }
            return list
        }
        let renderer = RasterRenderer()
        for frame in 0..<6 {
            var reused = RasterCanvas(width: 64, height: 48)
            try renderer.draw(list(frame), into: &reused)
            var alone = RasterCanvas(width: 64, height: 48)
            try RasterRenderer().draw(list(frame), into: &alone)
            #expect(reused.pixels == alone.pixels, "frame \(frame)")
        }
    }
}
