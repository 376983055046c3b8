import CadenceScene
import Testing

@Suite struct EditLogTests {
    @Test func typingInsertsAtTheCaret() {
        var log = EditLog()
        log.type("helo", at: 0)
        log.moveCaret(.left, at: 1)
        log.type("l", at: 2)
        #expect(log.text(at: 2) == "hello" && log.caret(at: 2) == 4)
        log.moveCaret(.home, at: 3)
        log.type("¡", at: 4)
        #expect(log.text(at: 4) == "¡hello" && log.caret(at: 4) == 1)
        log.moveCaret(.end, at: 5)
        #expect(log.caret(at: 5) == 6)
    }

    @Test func deletingWorksByGraphemeBothWays() {
        var log = EditLog()
        log.type("a👍🏽é̃b", at: 0)  // the emoji with its skin tone and e + two marks are one character each
        log.moveCaret(.left, at: 1)
        log.deleteBackward(at: 2)
        #expect(log.text(at: 2) == "a👍🏽b")
        log.moveCaret(.home, at: 3)
        log.deleteForward(at: 4)
        #expect(log.text(at: 4) == "👍🏽b" && log.caret(at: 4) == 0)
        log.deleteBackward(at: 5)  // nothing before the caret
        #expect(log.text(at: 5) == "👍🏽b")
    }

    @Test func movesStopAtTheEnds() {
        var log = EditLog()
        log.type("ab", at: 0)
        log.moveCaret(.right, at: 1)
        #expect(log.caret(at: 1) == 2)
        log.moveCaret(.home, at: 2)
        log.moveCaret(.left, at: 3)
        #expect(log.caret(at: 3) == 0)
    }

    @Test func transitionsFollowEmptiness() {
        var log = EditLog()
        log.type("x", at: 1)
        log.moveCaret(.home, at: 2)
        log.deleteForward(at: 3)
        #expect(log.transitions(until: 10).map(\.time) == [1, 3])
    }
}
