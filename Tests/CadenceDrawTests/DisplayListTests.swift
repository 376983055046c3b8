import CadenceDraw
import Testing

@Suite struct DisplayListTests {
    @Test func describesCommandsInOrder() {
        var list = DisplayList(size: Size(width: 100, height: 50), background: .white)
        list.roundedRect(RoundedRect(rect: Rect(x: 1, y: 2, width: 30, height: 40), cornerRadius: 4, fill: .black))
        list.roundedRect(RoundedRect(
            rect: Rect(x: 0.5, y: 0, width: 10, height: 10), cornerRadius: 0, fill: .clear,
            stroke: Color(hex: "#FF0000")!, strokeWidth: 1.5
        ))
        #expect(list.description == """
        size 100x50 background #FFFFFFFF
        roundedRect [1, 2, 30, 40] radius 4 fill #000000FF
        roundedRect [0.5, 0, 10, 10] radius 0 fill #00000000 stroke #FF0000FF width 1.5
        """)
    }

    @Test func fittingScalesUniformlyAndCentres() {
        var list = DisplayList(size: Size(width: 200, height: 100), background: .white)
        list.roundedRect(RoundedRect(rect: Rect(x: 0, y: 0, width: 200, height: 100), cornerRadius: 10, fill: .black, stroke: .white, strokeWidth: 4))
        let fitted = list.fitted(to: Size(width: 100, height: 100))
        #expect(fitted.size == Size(width: 100, height: 100))
        #expect(fitted.commands == [.roundedRect(RoundedRect(
            rect: Rect(x: 0, y: 25, width: 100, height: 50), cornerRadius: 5, fill: .black, stroke: .white, strokeWidth: 2
        ))])
    }

    @Test func fittingToTheSameSizeChangesNothing() {
        var list = DisplayList(size: Size(width: 64, height: 48), background: .black)
        list.roundedRect(RoundedRect(rect: Rect(x: 3, y: 4, width: 5, height: 6), cornerRadius: 1, fill: .white))
        #expect(list.fitted(to: list.size) == list)
    }
}

@Suite struct DisplayListTransformingTests {
    static func child() -> DisplayList {
        var list = DisplayList(size: Size(width: 100, height: 100), background: .clear)
        list.clipped(to: Rect(x: 0, y: 0, width: 20, height: 10)) { list in
            list.roundedRect(RoundedRect(rect: Rect(x: 1, y: 2, width: 3, height: 4), cornerRadius: 0, fill: .black))
            list.append(.path(PathFill(contours: [[Point(x: 0, y: 0), Point(x: 4, y: 0), Point(x: 0, y: 4)]], color: .black, blur: 1)))
        }
        return list
    }

    @Test func aTranslationMovesTheGeometry() {
        var parent = DisplayList(size: Size(width: 100, height: 100), background: .white)
        parent.append(Self.child(), transformedBy: AffineTransform(translationX: 10, y: 20))
        #expect(parent.description.split(separator: "\n").dropFirst().map(String.init) == [
            "clip [10, 20, 20, 10]",
            "roundedRect [11, 22, 3, 4] radius 0 fill #000000FF",
            "path 1 contours 3 points nonZero color #000000FF blur 1",
            "end clip",
        ])
        guard case .path(let path) = parent.commands[2] else { return }
        #expect(path.contours[0] == [Point(x: 10, y: 20), Point(x: 14, y: 20), Point(x: 10, y: 24)])
    }

    @Test func aRotationConcatenatesAndTurnsClipsIntoMaskedGroups() {
        var parent = DisplayList(size: Size(width: 100, height: 100), background: .white)
        let turn = AffineTransform(rotation: .pi / 2)
        parent.append(Self.child(), transformedBy: turn)
        guard case .pushGroup(let group) = parent.commands[0], case .roundedRect(let shape) = parent.commands[1],
              case .popGroup = parent.commands[3] else {
            Issue.record("\(parent.commands)")
            return
        }
        #expect(group.mask?.rect == Rect(x: 0, y: 0, width: 20, height: 10))
        #expect(group.mask?.transform == turn)
        #expect(shape.transform == turn)
        #expect(shape.rect == Rect(x: 1, y: 2, width: 3, height: 4))
    }

    @Test func aScaleKeepsClipsAndScalesBlur() {
        var parent = DisplayList(size: Size(width: 100, height: 100), background: .white)
        parent.append(Self.child(), transformedBy: AffineTransform(scaleX: 2, y: 2))
        #expect(parent.commands[0] == .pushClip(Rect(x: 0, y: 0, width: 40, height: 20)))
        guard case .path(let path) = parent.commands[2] else { return }
        #expect(path.blur == 2)
    }

    @Test func fadingMultipliesAlphaAndLeavesBracketsAlone() {
        let faded = DrawCommand.roundedRect(RoundedRect(rect: Rect(x: 0, y: 0, width: 1, height: 1), cornerRadius: 0, fill: .black)).fading(by: 0.5)
        guard case .roundedRect(let shape)? = faded else { return }
        #expect(shape.fill.alpha == 0.5)
        #expect(DrawCommand.popClip.fading(by: 0.5) == nil)
    }
}
