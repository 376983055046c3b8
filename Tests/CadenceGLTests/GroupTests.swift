import CadenceDraw
import CadenceEngine
import CadenceGL
import CadenceImage
import CadencePlatform
import CadenceTesting
import Testing

/// Groups drawn alone into a texture and composited with their opacity and mask.
@MainActor
@Suite struct GroupTests {
    static let red = Color(hex: "#FF3B30")!
    static let blue = Color(hex: "#007AFF")!

    /// Two overlapping opaque rectangles, in a group of `opacity` or drawn one by one at that alpha.
    static func overlap(grouped: Bool, opacity: Double = 0.5) -> DisplayList {
        var list = DisplayList(size: Size(width: 40, height: 20), background: .white)
        let alpha = grouped ? 1 : opacity
        if grouped { list.append(.pushGroup(Group(opacity: opacity))) }
        list.roundedRect(RoundedRect(rect: Rect(x: 2, y: 2, width: 20, height: 16), cornerRadius: 0, fill: red.withAlpha(alpha)))
        list.roundedRect(RoundedRect(rect: Rect(x: 14, y: 2, width: 20, height: 16), cornerRadius: 0, fill: blue.withAlpha(alpha)))
        if grouped { list.append(.popGroup) }
        return list
    }

    /// Group opacity fades the picture, not each member: where the members overlap, only the top
    /// one shows, exactly as where it is alone.
    @Test func groupOpacityShowsNoOverlapSeam() throws {
        let renderer = try OffscreenRenderer(width: 40, height: 20)
        let grouped = try renderer.render(Self.overlap(grouped: true))
        #expect(grouped[18, 10] == grouped[28, 10], "overlap \(grouped[18, 10]) vs blue alone \(grouped[28, 10])")
        #expect(abs(Int(grouped[28, 10].0) - 128) <= 1 && abs(Int(grouped[28, 10].2) - 255) <= 1)  // half blue over white
        #expect(abs(Int(grouped[6, 10].1) - 157) <= 2)  // half red over white: green 59 → 157
        #expect(grouped[37, 10] == (255, 255, 255, 255))
        #expect(renderer.lastDrawCallCount == 2)  // the members in one call, the composite in another
        // Without the group, the overlap shows both.
        let separate = try renderer.render(Self.overlap(grouped: false))
        #expect(separate[18, 10] != separate[28, 10])
    }

    /// An opaque group with no mask draws what its members would draw alone.
    @Test func opaqueGroupChangesNothing() throws {
        let renderer = try OffscreenRenderer(width: 40, height: 20)
        #expect(try renderer.render(Self.overlap(grouped: true, opacity: 1)) == (try renderer.render(Self.overlap(grouped: false, opacity: 1))))
    }

    /// A rounded mask turned 20°, as a rotated `masksToBounds` layer, cutting a striped rectangle.
    static func maskedList() -> DisplayList {
        var list = DisplayList(size: Size(width: 160, height: 120), background: Color(hex: "#F2F2F7")!)
        let mask = RoundedRect(rect: Rect(x: -50, y: -30, width: 100, height: 60), cornerRadius: 16, fill: .black,
                               transform: AffineTransform(rotation: 20 * .pi / 180).concatenating(AffineTransform(translationX: 80, y: 60)))
        list.append(.pushGroup(Group(opacity: 1, mask: mask)))
        list.roundedRect(RoundedRect(rect: Rect(x: 0, y: 0, width: 160, height: 120), cornerRadius: 0, fill: blue))
        for stripe in 0..<8 {
            list.roundedRect(RoundedRect(rect: Rect(x: Double(stripe) * 20, y: 0, width: 10, height: 120), cornerRadius: 0, fill: red))
        }
        list.append(.popGroup)
        return list
    }

    @Test func rotatedRoundedMaskClips() throws {
        let image = try expectGoldenOnBothBackends(named: "group-rotated-mask", width: 160, height: 120, tolerance: 2, maxDifferingFraction: 0.002) { renderer in
            try renderer.render(Self.maskedList())
        }
        #expect(image[95, 60] == (0, 122, 255, 255))  // inside the mask, a blue gap between stripes
        #expect(image[5, 5] == (242, 242, 247, 255))  // outside: the background
        #expect(image[80 + 45, 60 - 30] == (242, 242, 247, 255))  // turned clockwise: the top-right corner drops
        #expect(image[80 + 40, 60 + 28] != (242, 242, 247, 255))
    }

    /// Groups nest: an inner group at half opacity inside an outer one at half, inside a clip.
    static func nestedList() -> DisplayList {
        var list = DisplayList(size: Size(width: 40, height: 20), background: .white)
        list.clipped(to: Rect(x: 0, y: 0, width: 30, height: 20)) { list in
            list.append(.pushGroup(Group(opacity: 0.5)))
            list.roundedRect(RoundedRect(rect: Rect(x: 0, y: 0, width: 40, height: 20), cornerRadius: 0, fill: red))
            list.append(.pushGroup(Group(opacity: 0.5)))
            list.roundedRect(RoundedRect(rect: Rect(x: 10, y: 0, width: 30, height: 20), cornerRadius: 0, fill: blue))
            list.append(.popGroup)
            list.append(.popGroup)
        }
        return list
    }

    @Test func nestedGroupsMultiplyInsideClips() throws {
        let image = try OffscreenRenderer(width: 40, height: 20).render(Self.nestedList())
        // Red at 1/2 over white.
        #expect(abs(Int(image[5, 10].1) - 157) <= 2)
        // Blue at 1/2 over red, the lot at 1/2 over white: green = (59/2 + 122/2) / 2 + 255/2.
        #expect(abs(Int(image[20, 10].1) - 173) <= 2, "\(image[20, 10])")
        #expect(image[35, 10] == (255, 255, 255, 255))  // clipped away
    }

    /// In a window, rows run from the bottom: groups and masks come out the same.
    @Test func bottomRowFirstMatchesTopRowFirst() throws {
        for list in [Self.maskedList(), Self.nestedList()] {
            let width = Int(list.size.width), height = Int(list.size.height)
            let expected = try OffscreenRenderer(width: width, height: height).render(list)
            let context = try HeadlessContext()
            try context.makeCurrent()
            let target = try OffscreenTarget(width: width, height: height)
            let renderer = try Renderer()
            target.bind()
            try renderer.draw(list, viewport: (width, height))
            #expect(try target.readImage() == expected)
        }
    }
}

extension Color {
    fileprivate func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }
}
