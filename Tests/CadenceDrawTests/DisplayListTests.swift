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
