import CadenceDraw
import Testing

@Suite struct PathSVGTests {
    @Test(arguments: [
        ("M1 2 L3 4", [Path.Element.move(pt(1, 2)), .line(pt(3, 4))]),
        ("m1 2 l3 4", [.move(pt(1, 2)), .line(pt(4, 6))]),
        ("M1 2 H5", [.move(pt(1, 2)), .line(pt(5, 2))]),
        ("M1 2 h5", [.move(pt(1, 2)), .line(pt(6, 2))]),
        ("M1 2 V5", [.move(pt(1, 2)), .line(pt(1, 5))]),
        ("M1 2 v5", [.move(pt(1, 2)), .line(pt(1, 7))]),
        ("M0 0 C1 2 3 4 5 6", [.move(pt(0, 0)), .curve(control1: pt(1, 2), control2: pt(3, 4), to: pt(5, 6))]),
        ("M1 1 c1 2 3 4 5 6", [.move(pt(1, 1)), .curve(control1: pt(2, 3), control2: pt(4, 5), to: pt(6, 7))]),
        ("M0 0 Q1 2 3 4", [.move(pt(0, 0)), .quadCurve(control: pt(1, 2), to: pt(3, 4))]),
        ("M1 1 q1 2 3 4", [.move(pt(1, 1)), .quadCurve(control: pt(2, 3), to: pt(4, 5))]),
        ("M0 0 L10 0 Z", [.move(pt(0, 0)), .line(pt(10, 0)), .close]),
        ("M0 0 L10 0 z", [.move(pt(0, 0)), .line(pt(10, 0)), .close]),
    ])
    func readsEachCommand(text: String, expected: [Path.Element]) throws {
        #expect(try Path(svg: text).elements == expected)
    }

    @Test func readsSmoothCurvesByReflection() throws {
        let cubic = try Path(svg: "M0 0 C1 2 3 4 5 5 S9 8 10 10 s1 1 2 0").elements
        #expect(cubic == [
            .move(pt(0, 0)),
            .curve(control1: pt(1, 2), control2: pt(3, 4), to: pt(5, 5)),
            .curve(control1: pt(7, 6), control2: pt(9, 8), to: pt(10, 10)),
            .curve(control1: pt(11, 12), control2: pt(11, 11), to: pt(12, 10)),
        ])
        let quadratic = try Path(svg: "M0 0 Q2 4 4 0 T8 0 t4 0").elements
        #expect(quadratic == [
            .move(pt(0, 0)),
            .quadCurve(control: pt(2, 4), to: pt(4, 0)),
            .quadCurve(control: pt(6, -4), to: pt(8, 0)),
            .quadCurve(control: pt(10, 4), to: pt(12, 0)),
        ])
        // Without a curve before, the first control point is the current point.
        #expect(try Path(svg: "M1 1 L2 2 S3 3 4 4").elements.last == .curve(control1: pt(2, 2), control2: pt(3, 3), to: pt(4, 4)))
        #expect(try Path(svg: "M1 1 C1 1 1 1 2 2 T4 4").elements.last == .quadCurve(control: pt(2, 2), to: pt(4, 4)))
    }

    @Test func repeatsCommandsImplicitly() throws {
        #expect(try Path(svg: "M0 0 10 10 20 0").elements == [.move(pt(0, 0)), .line(pt(10, 10)), .line(pt(20, 0))])
        #expect(try Path(svg: "m1 1 2 2 3 3").elements == [.move(pt(1, 1)), .line(pt(3, 3)), .line(pt(6, 6))])
        #expect(try Path(svg: "M0 0 h1 2 v3").elements == [.move(pt(0, 0)), .line(pt(1, 0)), .line(pt(3, 0)), .line(pt(3, 3))])
        #expect(try Path(svg: "M0,0L1,1,2,2").elements == [.move(pt(0, 0)), .line(pt(1, 1)), .line(pt(2, 2))])
    }

    @Test func readsCompactNumbers() throws {
        #expect(try Path(svg: "M.5.5L-.5-1e1").elements == [.move(pt(0.5, 0.5)), .line(pt(-0.5, -10))])
        #expect(try Path(svg: "M1e3 2E-1l+1-1").elements == [.move(pt(1000, 0.2)), .line(pt(1001, -0.8))])
        #expect(try Path(svg: "\n\tM 1 , 2 \r\n L 3 4 ").elements == [.move(pt(1, 2)), .line(pt(3, 4))])
        #expect(try Path(svg: "").elements.isEmpty)
        #expect(try Path(svg: "   ").elements.isEmpty)
    }

    @Test func startsANewSubpathAfterClose() throws {
        let elements = try Path(svg: "M1 1 L5 1 Z l0 4 z M9 9").elements
        #expect(elements == [
            .move(pt(1, 1)), .line(pt(5, 1)), .close,
            .move(pt(1, 1)), .line(pt(1, 5)), .close,
            .move(pt(9, 9)),
        ])
    }

    @Test func arcsEndWhereTheySayAndLieOnTheEllipse() throws {
        // A semicircle of radius 5 from (0, 0) to (10, 0), sweeping clockwise on screen (through y < 0).
        let elements = try Path(svg: "M0 0 A5 5 0 0 1 10 0").elements
        #expect(elements.count == 3)
        guard case .curve(_, _, let middle) = elements[1], case .curve(_, _, let end) = elements[2] else {
            Issue.record("expected two curves, got \(elements)")
            return
        }
        #expect(PathProbe.isClose(end, pt(10, 0)))
        #expect(PathProbe.isClose(middle, pt(5, -5), within: 1e-9))
        // Between the ends, a quarter-turn Bézier strays from the circle by 2.7e-4 of the radius.
        for polyline in Path(elements: elements).flattened(tolerance: 0.001) {
            for point in polyline.points {
                #expect(abs(PathProbe.distance(point, pt(5, 0)) - 5) < 5 * 1e-3)
                #expect(point.y <= 1e-12)
            }
        }
        // The other sweep goes through y > 0; relative end points are relative to the start.
        let other = try Path(svg: "M0 0 a5 5 0 0 0 10 0").elements
        guard case .curve(_, _, let otherMiddle) = other[1] else { return }
        #expect(PathProbe.isClose(otherMiddle, pt(5, 5)))
    }

    @Test func arcsWithTooSmallRadiiGrowAndZeroRadiiAreLines() throws {
        // Radius 1 cannot span 10: it grows to 5, a semicircle again.
        let grown = try Path(svg: "M0 0 A1 1 0 0 1 10 0").elements
        guard case .curve(_, _, let middle) = grown[1] else {
            Issue.record("expected a curve, got \(grown)")
            return
        }
        #expect(PathProbe.isClose(middle, pt(5, -5)))
        #expect(try Path(svg: "M0 0 A0 5 0 0 1 10 0").elements == [.move(pt(0, 0)), .line(pt(10, 0))])
        #expect(try Path(svg: "M0 0 A5 5 0 0 1 0 0").elements == [.move(pt(0, 0))])
    }

    @Test func largeArcFlagPicksTheLongWayRound() throws {
        // Radius 10 between points 10 apart: the large arc turns 300°, in four curves or fewer,
        // and every flattened point lies on one of the two possible circles.
        let elements = try Path(svg: "M0 0 A10 10 0 1 1 10 0").elements
        #expect(elements.count == 5)
        #expect(elements.last.map { if case .curve(_, _, let end) = $0 { PathProbe.isClose(end, pt(10, 0)) } else { false } } == true)
        let centre = pt(5, -75.0.squareRoot())
        for point in Path(elements: elements).flattened(tolerance: 0.01)[0].points {
            #expect(abs(PathProbe.distance(point, centre) - 10) < 10 * 1e-3)
        }
        // A rotated ellipse, its flags written without separators: large arc 1, sweep 0, to (10, 0).
        let rotated = try Path(svg: "M0 0a10 5 30 1010 0").elements
        guard case .curve(_, _, let rotatedEnd) = rotated.last else {
            Issue.record("expected curves, got \(rotated)")
            return
        }
        #expect(rotated.count >= 3)
        #expect(rotatedEnd == pt(10, 0))
    }

    @Test(arguments: [
        ("M 0 0 L 10", 10),
        ("X", 0),
        ("M 1e400 0", 2),
        ("M0 0 A 1 1 0 2 0 5 5", 13),
        ("L 1 1", 0),
        ("M 0 0 L 1 1 Z 5", 14),
        ("M 0 0 L 1 x", 10),
        ("M 0 0 L 1e 2", 8),
        ("M 0 0 L - 2", 8),
    ])
    func namesTheOffsetOfBadData(text: String, offset: Int) {
        #expect(throws: PathError.self) { try Path(svg: text) }
        do {
            _ = try Path(svg: text)
        } catch {
            #expect(error.offset == offset, "\(error)")
            #expect(error.message.contains("offset \(offset)"), "\(error)")
            #expect(error.description.contains(error.message))
        }
    }

    @Test func saysWhatWasExpected() {
        #expect(throws: PathError(offset: 10, message: "expected a number after 'L' at offset 10")) {
            try Path(svg: "M 0 0 L 10")
        }
    }
}
