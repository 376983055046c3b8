import CadenceAnimation
import Testing

@Suite struct SpellingTests {
    @Test(arguments: [
        ("backgroundColour", "backgroundColor"), ("positon.y", "position.y"), ("cornerradius", "cornerRadius"),
        ("duraton", "duration"), ("mask", "masksToBounds"), ("opactiy", "opacity"),
    ])
    func aMisspeltNameFindsTheValidOne(name: String, expected: String) {
        let keys = ["backgroundColor", "position", "position.x", "position.y", "cornerRadius", "duration", "masksToBounds", "opacity", "bounds"]
        #expect(Spelling.nearest(to: name, among: keys) == expected)
    }

    @Test func farNamesAndLongNamesGetNone() {
        #expect(Spelling.nearest(to: "zebra", among: ["opacity", "bounds"]) == nil)
        #expect(Spelling.nearest(to: "ab", among: ["abc"]) == "abc")
        #expect(Spelling.nearest(to: String(repeating: "a", count: 100_000), among: ["a"]) == nil)
        #expect(Spelling.suggestion(for: "centre", among: ["left", "center", "right"]) == "; did you mean 'center'?")
        #expect(Spelling.suggestion(for: "middle", among: ["left", "center", "right"]) == "")
    }
}
