import CadenceDraw
import Foundation
import Testing
@testable import CadenceLottie

/// Path modifiers as lottie-web defines them, on shapes whose result can be worked out by hand.
@Suite struct LottieModifierTests {
    typealias F = LottieTestFiles

    /// A 100 × 100 square from (0, 0), clockwise in y-down space.
    let square = BezierShape(
        vertices: [SIMD2(0, 0), SIMD2(100, 0), SIMD2(100, 100), SIMD2(0, 100)],
        inTangents: Array(repeating: .zero, count: 4), outTangents: Array(repeating: .zero, count: 4), closed: true
    )

    private func close(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ tolerance: Double = 1e-6) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    /// Flattening a shape straight through a matrix gives exactly the points of the mapped
    /// shape's `Path` flattened: lines and curves mixed, open and closed, one vertex, none, and
    /// the identity.
    @Test func flatteningThroughAMatrixMatchesTheMappedPath() {
        var generator = SystemRandomNumberGenerator()
        func random() -> SIMD2<Double> { SIMD2(Double.random(in: -200...200, using: &generator), Double.random(in: -200...200, using: &generator)) }
        let matrices = [AffineTransform.identity, AffineTransform(a: 1.3, b: 0.4, c: -0.7, d: 0.9, tx: 12.5, ty: -3.25), AffineTransform(scaleX: 0.01, y: 3)]
        for count in [0, 1, 2, 3, 7] {
            for closed in [false, true] {
                for _ in 0..<20 {
                    // About half the handles are zero, so the segment is a line.
                    let handles = { (0..<count).map { _ in Bool.random(using: &generator) ? SIMD2<Double>.zero : random() * 0.3 } }
                    let shape = BezierShape(vertices: (0..<count).map { _ in random() }, inTangents: handles(), outTangents: handles(), closed: closed)
                    for matrix in matrices {
                        let expected = shape.applying(matrix).path.flattened(tolerance: 0.2)
                        let flattened = shape.flattened(by: matrix, tolerance: 0.2)
                        #expect(expected.count == (flattened == nil ? 0 : 1), "\(count) vertices, closed \(closed)")
                        if let flattened, let polyline = expected.first {
                            #expect(flattened.points == polyline.points && flattened.closed == polyline.closed)
                        }
                    }
                }
            }
        }
    }

    @Test func roundCornersCutEachSharpVertexBackByTheRadius() {
        let rounded = square.roundingCorners(radius: 10)
        #expect(rounded.vertices.count == 8)
        // The first corner: 10 back towards the last vertex, then 10 on towards the next; the
        // handles reach 55 % of the way to the old corner.
        #expect(close(rounded.vertices[0], SIMD2(0, 10)) && close(rounded.vertices[1], SIMD2(10, 0)))
        #expect(close(rounded.vertices[0] + rounded.outTangents[0], SIMD2(0, 10 - 5.519)))
        #expect(close(rounded.vertices[1] + rounded.inTangents[1], SIMD2(10 - 5.519, 0)))
        // A radius past half a side stops at half of it.
        #expect(close(square.roundingCorners(radius: 500).vertices[1], SIMD2(50, 0)))
        // Vertices with handles, and an open shape's ends, stay as they are.
        var open = square
        open.closed = false
        #expect(open.roundingCorners(radius: 10).vertices.count == 6)
        let circle = BezierShape.shapes(of: Path(elements: [
            .move(Point(x: 0, y: -1)), .curve(control1: Point(x: 1, y: -1), control2: Point(x: 1, y: 0), to: Point(x: 1, y: 0)),
            .curve(control1: Point(x: 1, y: 1), control2: Point(x: 0, y: 1), to: Point(x: 0, y: -1)), .close,
        ]))[0]
        #expect(circle.roundingCorners(radius: 10).vertices.count == circle.vertices.count)
    }

    @Test func puckerAndBloatMoveVerticesAndHandlesAboutTheCentre() {
        let bloated = square.puckeredAndBloated(percent: 50)
        // Vertices half way to the centre (50, 50); the handles (on the vertices) as far away.
        #expect(close(bloated.vertices[0], SIMD2(25, 25)))
        #expect(close(bloated.vertices[0] + bloated.outTangents[0], SIMD2(-25, -25)))
        let puckered = square.puckeredAndBloated(percent: -50)
        #expect(close(puckered.vertices[2], SIMD2(125, 125)) && close(puckered.vertices[2] + puckered.inTangents[2], SIMD2(75, 75)))
        #expect(square.puckeredAndBloated(percent: .nan).vertices == square.vertices)
    }

    @Test func zigZagAlternatesRidgesEitherSide() {
        let zigzag = square.zigZagged(size: 5, ridges: 1, smooth: false)
        // A corner ridge at each vertex (the first again at the end) and one mid-segment.
        #expect(zigzag.vertices.count == 9)
        // The first corner goes in (towards the centre), the middle of the top edge out (up).
        #expect(zigzag.vertices[0].x > 0 && zigzag.vertices[0].y > 0)
        #expect(close(zigzag.vertices[1], SIMD2(50, -5)))
        #expect(close(zigzag.vertices[3], SIMD2(105, 50)))
        // Sharp ridges have no handles; smooth ones lie along the path.
        #expect(zigzag.outTangents.allSatisfy { $0 == .zero })
        let smooth = square.zigZagged(size: 5, ridges: 1, smooth: true)
        #expect(close(smooth.outTangents[1], SIMD2(25, 0)))
    }

    @Test func offsetPathMovesEdgesAlongTheirNormals() {
        // Positive offsets grow a clockwise shape (in y-down space): its miter corners move out.
        let grown = square.offset(by: 10, join: .miter, miterLimit: 100)
        let xs = grown.vertices.map(\.x), ys = grown.vertices.map(\.y)
        #expect(abs(xs.min()! + 10) < 1e-6 && abs(xs.max()! - 110) < 1e-6)
        #expect(abs(ys.min()! + 10) < 1e-6 && abs(ys.max()! - 110) < 1e-6)
        let shrunk = square.offset(by: -10, join: .miter, miterLimit: 100)
        #expect(abs(shrunk.vertices.map(\.x).min()! - 10) < 1e-6 && abs(shrunk.vertices.map(\.y).max()! - 90) < 1e-6)
        // Neighbours are cut exactly where they cross, whatever the join: a 30-unit square shrunk
        // by 10 is the middle 10 × 10, every corner in place (a crossing at the exact middle of a
        // cut edge once went unfound, and round joins bulged out there).
        let small = BezierShape(
            vertices: [SIMD2(35, 35), SIMD2(65, 35), SIMD2(65, 65), SIMD2(35, 65)],
            inTangents: Array(repeating: .zero, count: 4), outTangents: Array(repeating: .zero, count: 4), closed: true
        )
        for join in [LineJoin.round, .miter, .bevel] {
            let middle = small.offset(by: -10, join: join, miterLimit: 4)
            #expect(middle.vertices.allSatisfy { abs($0.x - 50) <= 5 + 1e-6 && abs($0.y - 50) <= 5 + 1e-6 }, "\(join): \(middle.vertices)")
            #expect(Set(middle.vertices.map { [($0.x * 1e6).rounded(), ($0.y * 1e6).rounded()] }).count == 4, "\(join): \(middle.vertices)")
        }
        // A bevel leaves the corner cut: no vertex reaches the miter corner.
        let bevelled = square.offset(by: 10, join: .bevel, miterLimit: 100)
        #expect(!bevelled.vertices.contains { close($0, SIMD2(-10, -10)) })
        #expect(square.offset(by: .infinity, join: .round, miterLimit: 4).vertices == square.vertices)
    }

    @Test func trimmingCutsCurvesByLength() {
        // Half of the square's perimeter from its start: the top and right sides.
        let half = [[square]].trimmed(from: 0, to: 0.5)[0]
        #expect(half.count == 1 && !half[0].closed)
        #expect(close(half[0].vertices.first!, SIMD2(0, 0)) && close(half[0].vertices.last!, SIMD2(100, 100)))
        // Straight pieces stay straight: no handles.
        let middle = [[square]].trimmed(from: 0.125, to: 0.375)[0][0]
        #expect(close(middle.vertices.first!, SIMD2(50, 0)) && close(middle.vertices.last!, SIMD2(100, 50)))
        #expect(middle.outTangents.allSatisfy { $0 == .zero } && middle.inTangents.allSatisfy { $0 == .zero })
    }

    /// Read from a file: each modifier changes the paths above it in its group.
    @Test func modifiersApplyFromFiles() throws {
        let rounded = try F.animation(F.document(layers: F.shapeLayer([
            F.rectangle(x: 50, y: 50, width: 40, height: 40), #"{"ty": "rd", "r": {"a": 0, "k": 10}}"#, F.fill(),
        ].joined(separator: ","))), strict: true)
        #expect(rounded.features.contains("round corners") && rounded.skippedFeatures.isEmpty)
        let path = F.paths(F.list(rounded, frame: 0))[0]
        // The bounds stay 40 × 40, but the corner is cut off.
        #expect(abs(path.bounds.width - 40) < 0.01)
        let corner = Point(x: 30.5, y: 30.5)
        #expect(!path.contours[0].contains(where: { abs($0.x - corner.x) < 2 && abs($0.y - corner.y) < 2 }))
        for modifier in [#"{"ty": "pb", "a": {"a": 0, "k": 30}}"#, #"{"ty": "zz", "s": {"a": 0, "k": 4}, "r": {"a": 0, "k": 1e9}, "pt": {"a": 0, "k": 2}}"#,
                         #"{"ty": "op", "a": {"a": 0, "k": 5}, "lj": 2, "ml": {"a": 0, "k": 4}}"#] {
            let animation = try F.animation(F.document(layers: F.shapeLayer([F.rectangle(), modifier, F.fill()].joined(separator: ","))), strict: true)
            #expect(F.paths(F.list(animation, frame: 0)).count == 1, "\(modifier)")
        }
    }

    /// Merge paths that combine areas fill through masks: the path just above the merge is
    /// combined with the union of those above it; a stroke below them is a warning.
    @Test func mergePathsCombineAreasForFills() throws {
        let square = F.rectangle(x: 40, y: 50, width: 40, height: 40)
        let circle = #"{"ty": "el", "p": {"a": 0, "k": [60, 50]}, "s": {"a": 0, "k": [40, 40]}}"#
        func list(_ mode: Int, paint: String = F.fill()) throws -> (LottieAnimation, DisplayList) {
            let merge = #"{"ty": "mm", "mm": \#(mode)}"#
            let animation = try F.animation(F.document(layers: F.shapeLayer([square, circle, merge, paint].joined(separator: ","))))
            return (animation, F.list(animation, frame: 0))
        }
        // Merge (1) keeps one compound path.
        #expect(try list(1).1.commands.count == 1)
        for (mode, maskMode) in [(2, MaskPath.Mode.add), (3, .subtract), (4, .intersect), (5, .difference)] {
            let (animation, drawn) = try list(mode)
            #expect(animation.skippedFeatures.isEmpty)
            guard case .pushGroup(let group) = drawn.commands.first else {
                Issue.record("mode \(mode): no group")
                continue
            }
            #expect(group.maskPaths.map(\.mode) == [.add, maskMode], "mode \(mode)")
            // The circle (just above the merge) is the one combined with the square.
            let circleBounds = group.maskPaths[1].contours.flatMap { $0 }.map(\.x)
            #expect(abs(circleBounds.min()! - 40) < 0.5 && abs(circleBounds.max()! - 80) < 0.5)
        }
        let (stroked, _) = try list(3, paint: F.stroke())
        #expect(stroked.skippedFeatures == ["strokes of combined merge paths"])
        #expect(throws: LottieError.self) {
            try F.animation(F.document(layers: F.shapeLayer([square, circle, #"{"ty": "mm", "mm": 3}"#, F.stroke()].joined(separator: ","))), strict: true)
        }
    }

    /// A merge takes the paths above it as its own: paints above it in its group, and those of
    /// the groups it merges, paint nothing (as lottie-android draws them); the paint below it
    /// paints the merged path. Groups with paints of their own above a merge once left paints
    /// pointing past the merged paths, a trap when drawn.
    @Test func mergePathsTakeThePathsAbove() throws {
        func group(_ shapes: String...) -> String { #"{"ty": "gr", "it": [\#(shapes.joined(separator: ","))]}"# }
        let red = group(F.rectangle(x: 40, y: 50, width: 40, height: 40), F.fill(1, 0, 0))
        let blue = group(#"{"ty": "el", "p": {"a": 0, "k": [60, 50]}, "s": {"a": 0, "k": [40, 40]}}"#, F.fill(0, 0, 1))
        let small = F.rectangle(x: 50, y: 10, width: 10, height: 10)
        for mode in 1...5 {
            let shapes = [red, blue, small, F.stroke(), #"{"ty": "mm", "mm": \#(mode)}"#, F.fill(0, 1, 0)]
            let drawn = F.list(try F.animation(F.document(layers: F.shapeLayer(shapes.joined(separator: ",")))), frame: 0)
            var colors: [Color] = []
            for command in drawn.commands {
                if case .path(let path) = command { colors.append(path.color) }
            }
            #expect(colors == [Color(red: 0, green: 1, blue: 0)], "mode \(mode)")
        }
    }
}

/// Text layers drawn with the file's glyphs (`chars`).
@Suite struct LottieTextTests {
    typealias F = LottieTestFiles

    static func document(text: String, justification: Int = 0, box: String = "", extraChars: String = "", animators: String = "[]") -> String {
        let square = #"{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[0, -10], [10, -10], [10, 0], [0, 0]], "i": [[0,0],[0,0],[0,0],[0,0]], "o": [[0,0],[0,0],[0,0],[0,0]]}}}"#
        let chars = #"[{"ch": "A", "fFamily": "T", "style": "R", "w": 20, "data": {"shapes": [\#(square)]}}, {"ch": " ", "fFamily": "T", "style": "R", "w": 10, "data": {}}\#(extraChars)]"#
        let doc = #"{"s": 100, "f": "T-R", "t": "\#(text)", "j": \#(justification), "tr": 0, "lh": 50, "fc": [1, 0, 0]\#(box)}"#
        let layer = #"{"ty": 5, "nm": "words", "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": {}, "t": {"d": {"k": [{"t": 0, "s": \#(doc)}]}, "a": \#(animators)}}"#
        return F.document(layers: layer, extra: #", "fonts": {"list": [{"fName": "T-R", "fFamily": "T", "fStyle": "R", "ascent": 80}]}, "chars": \#(chars)"#)
    }

    /// Each glyph's square, left to right, as x ranges.
    private func squares(_ json: String) throws -> [ClosedRange<Double>] {
        let animation = try F.animation(json, strict: true)
        let fill = F.paths(F.list(animation, frame: 0))[0]
        return fill.contours.map { contour in contour.map(\.x).min()!...contour.map(\.x).max()! }
    }

    @Test func glyphsAdvanceAlongLinesAndJustify() throws {
        // "A A": advances of 20 and a 10 space, at size 100 (the glyphs' own size).
        #expect(try squares(Self.document(text: "A A")) == [0...10, 30...40])
        // Right-justified: the line (50 wide) ends at the origin; centred: it straddles it.
        #expect(try squares(Self.document(text: "A A", justification: 1)) == [-50 ... -40, -20 ... -10])
        #expect(try squares(Self.document(text: "A A", justification: 2)) == [-25 ... -15, 5...15])
        // A line break starts the next line 50 (lh) lower at the same x.
        let animation = try F.animation(Self.document(text: "A\\rA"), strict: true)
        let ys = F.paths(F.list(animation, frame: 0))[0].contours.map { $0.map(\.y).max()! }
        #expect(ys == [0, 50])
    }

    @Test func boxesWrapWordsAtTheirWidth() throws {
        // A 55-wide box: "A A A" (80 wide) wraps after the second A; the first baseline is the ascent down.
        let json = Self.document(text: "A A A", box: #", "sz": [55, 200], "ps": [5, 0]"#)
        let animation = try F.animation(json, strict: true)
        let contours = F.paths(F.list(animation, frame: 0))[0].contours
        #expect(contours.map { $0.map(\.x).min()! } == [5, 35, 5])
        #expect(contours.map { $0.map(\.y).max()! } == [80, 80, 130])
    }

    @Test func whatIsNotDrawnIsAWarning() throws {
        let missing = try F.animation(Self.document(text: "AB"))
        #expect(missing.skippedFeatures == ["missing glyphs"])
        // Animators are applied (LottieTextAnimatorTests); text on a path is not.
        let animated = try F.animation(Self.document(text: "A", animators: #"[{"s": {}, "a": {}}]"#), strict: true)
        #expect(animated.features.contains("text animators") && animated.skippedFeatures.isEmpty)
        let onPath = Self.document(text: "A").replacingOccurrences(of: #""a": []"#, with: #""a": [], "p": {"m": 0}"#)
        #expect(try F.animation(onPath).skippedFeatures == ["text on a path"])
        // Text without glyphs is set in a font when drawn; a stroke on it is not drawn.
        let fontText = F.document(layers: #"{"ty": 5, "nm": "t", "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": {}, "t": {"d": {"k": [{"t": 0, "s": {"s": 10, "f": "X", "t": "hi"}}]}}}"#)
        let set = try F.animation(fontText, strict: true)
        #expect(set.features.contains("text set in fonts") && set.warnings.isEmpty)
        let stroked = fontText.replacingOccurrences(of: #""t": "hi""#, with: #""t": "hi", "sc": [1, 0, 0], "sw": 2"#)
        #expect(try F.animation(stroked).skippedFeatures == ["text strokes in fonts"])
        // Hostile: a huge font size or advance is an error naming the property.
        #expect(throws: LottieError.self) { try F.animation(Self.document(text: "A").replacingOccurrences(of: #""s": 100"#, with: #""s": 1e300"#)) }
    }
}
