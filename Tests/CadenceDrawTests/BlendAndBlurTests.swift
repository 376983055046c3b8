import CadenceDraw
import Testing

/// Blend modes' formulas, and what blurred groups and blurred backdrops do to reach and damage.
@Suite struct BlendAndBlurTests {
    static let red = SIMD4<Double>(1, 0, 0, 1)
    static let grey = SIMD4<Double>(0.5, 0.5, 0.5, 1)

    @Test func blendModesFollowTheCompositingSpec() {
        #expect(BlendMode.normal.composite(Self.red * 0.5, over: Self.grey) == SIMD4(0.75, 0.25, 0.25, 1))
        #expect(BlendMode.multiply.composite(Self.red, over: Self.grey) == SIMD4(0.5, 0, 0, 1))
        #expect(BlendMode.screen.composite(Self.red, over: Self.grey) == SIMD4(1, 0.5, 0.5, 1))
        #expect(BlendMode.difference.composite(Self.red, over: Self.grey) == SIMD4(0.5, 0.5, 0.5, 1))
        #expect(BlendMode.darken.composite(Self.red, over: Self.grey) == SIMD4(0.5, 0, 0, 1))
        #expect(BlendMode.lighten.composite(Self.red, over: Self.grey) == SIMD4(1, 0.5, 0.5, 1))
        // After Effects' add sums the channels (at most 1); hard mix is 1 where they sum to 1 or more.
        #expect(BlendMode.add.composite(Self.red, over: Self.grey) == SIMD4(1, 0.5, 0.5, 1))
        #expect(BlendMode.add.composite(Self.grey, over: Self.grey) == SIMD4(1, 1, 1, 1))
        #expect(BlendMode.hardMix.composite(Self.red, over: Self.grey) == SIMD4(1, 0, 0, 1))
        #expect(BlendMode.hardMix.composite(SIMD4(0.25, 0.25, 0.25, 1), over: Self.grey) == SIMD4(0, 0, 0, 1))
        // Over transparent, every mode is the source; transparent, the backdrop.
        for mode in BlendMode.allCases {
            #expect(mode.composite(Self.red, over: .zero) == Self.red, "\(mode)")
            #expect(mode.composite(.zero, over: Self.grey) == Self.grey, "\(mode)")
        }
        // Luminosity keeps the backdrop's hue and takes the source's luminosity: grey stays grey.
        let lum = BlendMode.luminosity.composite(Self.red, over: Self.grey)
        #expect(abs(lum.x - 0.3) < 1e-12 && abs(lum.y - 0.3) < 1e-12 && abs(lum.z - 0.3) < 1e-12)
        // Colour takes the source's hue and saturation, the backdrop's luminosity (0.5).
        let color = BlendMode.color.composite(Self.red, over: Self.grey)
        #expect(abs(0.3 * color.x + 0.59 * color.y + 0.11 * color.z - 0.5) < 1e-9)
        #expect(color.x > color.y && color.y == color.z)
    }

    static func list(blur: Double, memberX: Double) -> DisplayList {
        var list = DisplayList(size: Size(width: 200, height: 100), background: .white)
        list.append(.pushGroup(Group(blur: blur)))
        list.roundedRect(RoundedRect(rect: Rect(x: memberX, y: 40, width: 10, height: 10), cornerRadius: 0, fill: .black))
        list.append(.popGroup)
        return list
    }

    @Test func aBlurredGroupReachesAndDamagesThreeDeviationsPastItsMembers() throws {
        let list = Self.list(blur: 4, memberX: 50)
        let reach = try #require(list.reach(ofGroupAt: 0))
        // The member's bounds (a pixel of fringe) grown by 3 · 4 + 1.
        #expect(reach == Rect(x: 36, y: 26, width: 38, height: 38))
        let moved = Self.list(blur: 4, memberX: 120)
        let damage = try #require(moved.damage(since: list))
        #expect(damage.minX <= 36 && damage.maxX >= 120 + 10 + 14)
        #expect(damage.minY <= 26 && damage.maxY >= 64)
        // A blur past the cap spreads as far as the cap.
        #expect(Group(blur: 1e9).blurReach == 301)
    }

    /// A group's picture is needed only where its mask paths can cover: within their bounds
    /// when none is inverted and the first does not subtract, and nothing inside blurs.
    @Test func maskPathsBoundAGroupsReach() throws {
        let square = [Point(x: 40, y: 40), Point(x: 60, y: 40), Point(x: 60, y: 60), Point(x: 40, y: 60)]
        func reach(_ masks: [MaskPath], blurInside: Bool = false) -> Rect? {
            var list = DisplayList(size: Size(width: 200, height: 100), background: .white)
            list.append(.pushGroup(Group(maskPaths: masks)))
            if blurInside { list.append(.pushGroup(Group(blur: 2))) }
            list.roundedRect(RoundedRect(rect: Rect(x: 0, y: 0, width: 150, height: 90), cornerRadius: 0, fill: .black))
            if blurInside { list.append(.popGroup) }
            list.append(.popGroup)
            return list.reach(ofGroupAt: 0)
        }
        #expect(reach([MaskPath(contours: [square], mode: .add)]) == Rect(x: 39, y: 39, width: 22, height: 22))
        // Inverted, subtracting first, or a blur inside: the members' reach as before.
        for masks in [[MaskPath(contours: [square], mode: .add, inverted: true)], [MaskPath(contours: [square], mode: .subtract)]] {
            #expect((reach(masks)?.width ?? 0) > 150)
        }
        #expect((reach([MaskPath(contours: [square], mode: .add)], blurInside: true)?.width ?? 0) > 150)
        // An alpha or luma matte bounds it too; an inverted one does not.
        func matted(_ mode: Group.Matte) -> Rect? {
            var list = DisplayList(size: Size(width: 200, height: 100), background: .white)
            list.append(.pushGroup(Group(matte: mode)))
            list.roundedRect(RoundedRect(rect: Rect(x: 0, y: 0, width: 150, height: 90), cornerRadius: 0, fill: .black))
            list.append(.pushGroup(Group(isMatte: true)))
            list.roundedRect(RoundedRect(rect: Rect(x: 100, y: 10, width: 20, height: 20), cornerRadius: 0, fill: .white))
            list.append(.popGroup)
            list.append(.popGroup)
            return list.reach(ofGroupAt: 0)
        }
        for mode in [Group.Matte.alpha, .luma] {
            let box = try #require(matted(mode))
            #expect(box.minX >= 98 && box.maxX <= 122 && box.minY >= 8 && box.maxY <= 32, "\(mode): \(box)")
        }
        #expect((matted(.alphaInverted)?.width ?? 0) >= 150 && (matted(.lumaInverted)?.width ?? 0) >= 150)
    }

    @Test func damageUnderABlurredBackdropRedrawsAllItReadsInOnePass() throws {
        func list(dotX: Double) -> DisplayList {
            var list = DisplayList(size: Size(width: 300, height: 200), background: .white)
            list.roundedRect(RoundedRect(rect: Rect(x: dotX, y: 90, width: 10, height: 10), cornerRadius: 5, fill: .black))
            list.roundedRect(RoundedRect(rect: Rect(x: 250, y: 10, width: 10, height: 10), cornerRadius: 0, fill: .black))
            let glass = RoundedRect(rect: Rect(x: 100, y: 50, width: 100, height: 100), cornerRadius: 10, fill: .black)
            list.append(.pushGroup(Group(backdropBlur: 5, backdrop: glass)))
            list.roundedRect(RoundedRect(rect: Rect(x: 100, y: 50, width: 100, height: 100), cornerRadius: 10, fill: Color(red: 1, green: 1, blue: 1, alpha: 0.3)))
            list.append(.popGroup)
            return list
        }
        #expect(list(dotX: 20).blursBackdrop)
        // A dot moving near the glass, within its blur's reach: the glass and all it reads, one rectangle.
        let damage = try #require(list(dotX: 90).damageRegion(since: list(dotX: 88)))
        #expect(damage.count == 1)
        #expect(damage[0].minX <= 100 - 17 && damage[0].maxX >= 200 + 17)
        // Far from it, the glass is left alone.
        let far = try #require(list(dotX: 12).damageRegion(since: list(dotX: 10)))
        #expect(far.allSatisfy { $0.maxX < 80 })
    }
}
