import CadenceDraw
import Testing

/// Damage in lists with groups: group push and pop are brackets, like clips.
@Suite struct GroupDamageTests {
    static let whole = Rect(x: 0, y: 0, width: 100, height: 100)

    static func list(opacity: Double = 0.5, mask: RoundedRect? = nil, memberX: Double = 10, closed: Bool = true) -> DisplayList {
        var list = DisplayList(size: Size(width: 100, height: 100), background: .white)
        list.roundedRect(RoundedRect(rect: Rect(x: 80, y: 80, width: 10, height: 10), cornerRadius: 0, fill: .black))
        list.append(.pushGroup(Group(opacity: opacity, mask: mask)))
        list.roundedRect(RoundedRect(rect: Rect(x: memberX, y: 10, width: 20, height: 10), cornerRadius: 0, fill: .black))
        list.roundedRect(RoundedRect(rect: Rect(x: 20, y: 30, width: 10, height: 10), cornerRadius: 0, fill: .black))
        if closed { list.append(.popGroup) }
        return list
    }

    @Test func changedOpacityDamagesTheMembersBounds() {
        #expect(Self.list(opacity: 0.8).damage(since: Self.list()) == Rect(x: 9, y: 9, width: 22, height: 32))
    }

    @Test func aMemberThatMovesDamagesOnlyItsOldAndNewPlaces() {
        #expect(Self.list(memberX: 12).damage(since: Self.list()) == Rect(x: 9, y: 9, width: 24, height: 12))
    }

    @Test func aMaskCutsItsMembersDamage() {
        let mask = RoundedRect(rect: Rect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 2, fill: .black,
                               transform: AffineTransform(translationX: 15, y: 10))
        // The mask's bounds (14 ... 26 across, 9 ... 21 down) cut the moved member's.
        #expect(Self.list(mask: mask, memberX: 12).damage(since: Self.list(mask: mask)) == Rect(x: 14, y: 9, width: 12, height: 12))
        // A changed mask: the members within the old mask and within the new one.
        let moved = RoundedRect(rect: mask.rect, cornerRadius: 2, fill: .black, transform: AffineTransform(translationX: 15, y: 30))
        #expect(Self.list(mask: moved).damage(since: Self.list(mask: mask)) == Rect(x: 14, y: 9, width: 12, height: 32))
    }

    @Test func aGroupThatComesOrGoesWholeDamagesItsMembers() {
        var bare = DisplayList(size: Size(width: 100, height: 100), background: .white)
        bare.roundedRect(RoundedRect(rect: Rect(x: 80, y: 80, width: 10, height: 10), cornerRadius: 0, fill: .black))
        #expect(Self.list().damage(since: bare) == Rect(x: 9, y: 9, width: 22, height: 32))
        #expect(bare.damage(since: Self.list()) == Rect(x: 9, y: 9, width: 22, height: 32))
    }

    @Test func groupsAndClipsEndingOutOfOrderRedrawEverything() {
        var crossed = DisplayList(size: Size(width: 100, height: 100), background: .white)
        crossed.append(.pushClip(Rect(x: 0, y: 0, width: 50, height: 50)))
        crossed.append(.pushGroup(Group(opacity: 0.5)))
        crossed.append(.popClip)
        crossed.roundedRect(RoundedRect(rect: Rect(x: 1, y: 1, width: 2, height: 2), cornerRadius: 0, fill: .black))
        crossed.append(.popGroup)
        var changed = crossed
        changed.roundedRect(RoundedRect(rect: Rect(x: 5, y: 5, width: 2, height: 2), cornerRadius: 0, fill: .black))
        #expect(changed.damage(since: crossed) == Self.whole)
        // A lone push or pop of a group: everything.
        #expect(Self.list(closed: false).damage(since: Self.list()) == Self.whole)
    }
}
