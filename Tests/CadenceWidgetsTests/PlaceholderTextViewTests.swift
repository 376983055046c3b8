import CadenceDraw
import CadenceScene
import CadenceText
import Foundation
import Testing

@Suite struct PlaceholderTextViewTests {
    func view(location: Point = .zero) throws -> PlaceholderTextView {
        var view = PlaceholderTextView(frame: Rect(x: 0, y: 0, width: 300, height: 120), font: try FontDescriptor(parsing: "DejaVu Sans 16"))
        view.placeholder = "Tell us about yourself"
        view.location = location
        return view
    }

    @Test func defaultsFollowUIKit() throws {
        let view = try view()
        #expect(view.textContainerInset == EdgeInsets(top: 8, left: 0, bottom: 8, right: 0))
        #expect(view.lineFragmentPadding == 5)
        #expect(view.placeholderColor == Color(red: 0, green: 0, blue: 0.098, alpha: 0.22))
        #expect(view.placeholderOrigin == (5, 8, 290))  // 300 − (5 + 0) − 5 − 0
    }

    @Test(arguments: [
        (Point(x: 10, y: 4), (15.0, 12.0, 280.0)),  // applied: 300 − 15 − 5
        (Point(x: -1, y: 4), (5, 8, 290)),  // negative x: ignored
        (Point(x: 10, y: -4), (5, 8, 290)),  // negative y: ignored
        (Point(x: 296, y: 0), (5, 8, 290)),  // beyond width − padding − inset.right: ignored
        (Point(x: 295, y: 0), (300, 8, 0)),  // at the limit: applied
    ])
    func locationRule(location: Point, expected: (Double, Double, Double)) throws {
        let origin = try view(location: location).placeholderOrigin
        #expect(origin.x == expected.0 && origin.y == expected.1 && origin.width == expected.2)
    }

    @Test func placeholderOnlyWhileEmpty() throws {
        var view = try view()
        view.edits.type("Hi", at: 1)
        view.edits.clear(at: 2)
        func colours(at time: Double) throws -> [Color] {
            var list = DisplayList(size: Size(width: 300, height: 120), background: .white)
            try view.draw(at: time, fonts: .shared, into: &list)
            return list.commands.compactMap { if case .glyphs(let run) = $0 { run.color } else { nil } }
        }
        #expect(try colours(at: 0.5) == [view.placeholderColor])
        #expect(try colours(at: 1.5) == [.black])
        #expect(try colours(at: 2.5) == [view.placeholderColor])
    }

    /// Glyph positions drawn at `time`.
    func positions(_ view: PlaceholderTextView, at time: Double) throws -> [Point] {
        var list = DisplayList(size: Size(width: 300, height: 120), background: .white)
        try view.draw(at: time, fonts: .shared, into: &list)
        return list.commands.compactMap { if case .glyphs(let run) = $0 { run.positions } else { nil } }.flatMap { $0 }
    }

    @Test(arguments: [TextAlignment.right, .center])
    func anAlignedPlaceholderLinesUpWithTheSameTextTyped(alignment: TextAlignment) throws {
        var view = try view()
        view.alignment = alignment
        view.textContainerInset = EdgeInsets(top: 8, left: 3, bottom: 8, right: 7)
        view.edits.type(view.placeholder, at: 1)
        let placeholder = try positions(view, at: 0)
        let typed = try positions(view, at: 1)
        #expect(!placeholder.isEmpty && placeholder == typed)
    }

    @Test func aWrappedPlaceholderBreaksWhereTypedTextBreaks() throws {
        var view = try view()
        view.placeholder = String(repeating: "wrapping words ", count: 10)
        view.edits.type(view.placeholder, at: 1)
        #expect(try positions(view, at: 0) == positions(view, at: 1))
    }

    @Test func placeholderWrapsInItsWidth() throws {
        var view = try view()
        view.placeholder = String(repeating: "wrapping words ", count: 10)
        var list = DisplayList(size: Size(width: 300, height: 120), background: .white)
        try view.draw(at: 0, fonts: .shared, into: &list)
        let ys = Set(list.commands.compactMap { if case .glyphs(let run) = $0 { run.positions.map(\.y) } else { nil } }.flatMap { $0 })
        #expect(ys.count > 2)
        let xs = list.commands.compactMap { if case .glyphs(let run) = $0 { run.positions.map(\.x) } else { nil } }.flatMap { $0 }
        #expect(xs.min()! >= 5 && xs.max()! < 300)
    }
}

private func == (lhs: (x: Double, y: Double, width: Double), rhs: (Double, Double, Double)) -> Bool {
    lhs.x == rhs.0 && lhs.y == rhs.1 && lhs.width == rhs.2
}
