@testable import CadenceGL
import CadenceDraw
import CadenceEngine
import CadenceImage
import Testing

/// Pixel facts the renderer keeps, checked numerically on llvmpipe.
@MainActor
@Suite struct RendererTests {
    func render(_ shapes: [RoundedRect], size: Int = 16, background: Color = .black) throws -> RGBAImage {
        var list = DisplayList(size: Size(width: Double(size), height: Double(size)), background: background)
        for shape in shapes { list.roundedRect(shape) }
        return try OffscreenRenderer(width: size, height: size).render(list)
    }

    @Test func integerEdgesAreCrisp() throws {
        let image = try render([RoundedRect(rect: Rect(x: 2, y: 3, width: 4, height: 5), cornerRadius: 0, fill: .white)])
        #expect(image[1, 3] == (0, 0, 0, 255))
        #expect(image[2, 3] == (255, 255, 255, 255))
        #expect(image[5, 7] == (255, 255, 255, 255))
        #expect(image[6, 7] == (0, 0, 0, 255))
        #expect(image[5, 8] == (0, 0, 0, 255))
        #expect(image[2, 2] == (0, 0, 0, 255))  // row 0 is the top: y grows downwards
    }

    @Test func halfPixelEdgesAreHalfCovered() throws {
        let image = try render([RoundedRect(rect: Rect(x: 2.5, y: 0, width: 4, height: 16), cornerRadius: 0, fill: .white)])
        #expect(abs(Int(image[2, 8].0) - 128) <= 1)
        #expect(image[3, 8].0 == 255)
        #expect(abs(Int(image[6, 8].0) - 128) <= 1)
    }

    @Test func translucentFillBlendsPremultiplied() throws {
        let image = try render([RoundedRect(rect: Rect(x: 0, y: 0, width: 16, height: 16), cornerRadius: 0,
                                            fill: Color(red: 1, green: 1, blue: 1, alpha: 0.5))])
        let (red, green, blue, alpha) = image[8, 8]
        #expect(abs(Int(red) - 128) <= 1 && red == green && green == blue)
        #expect(alpha == 255)
    }

    @Test func strokeLiesInsideTheRect() throws {
        let image = try render([RoundedRect(rect: Rect(x: 0, y: 0, width: 16, height: 16), cornerRadius: 0,
                                            fill: Color(hex: "#0000FF")!, stroke: Color(hex: "#FF0000")!, strokeWidth: 2)])
        #expect(image[0, 8] == (255, 0, 0, 255))
        #expect(image[1, 8] == (255, 0, 0, 255))
        #expect(image[2, 8] == (0, 0, 255, 255))
        #expect(image[15, 8] == (255, 0, 0, 255))
    }

    @Test func roundedCornersCutTheCorner() throws {
        let image = try render([RoundedRect(rect: Rect(x: 0, y: 0, width: 16, height: 16), cornerRadius: 8, fill: .white)])
        #expect(image[0, 0] == (0, 0, 0, 255))
        #expect(image[8, 8] == (255, 255, 255, 255))
        #expect(image[8, 0].0 > 200)  // the top edge's middle is on the circle
    }

    @Test func transparentBackgroundReadsBackStraightAlpha() throws {
        let image = try render([RoundedRect(rect: Rect(x: 0, y: 0, width: 16, height: 16), cornerRadius: 0,
                                            fill: Color(red: 1, green: 0.5, blue: 0, alpha: 0.5))], background: .clear)
        let (red, green, blue, alpha) = image[8, 8]
        #expect(abs(Int(alpha) - 128) <= 1)
        #expect(red >= 254 && abs(Int(green) - 128) <= 2 && blue == 0)
    }

    @Test func linesAreAntialiasedWithRoundCaps() throws {
        var list = DisplayList(size: Size(width: 16, height: 16), background: .black)
        list.line(Line(from: Point(x: 3, y: 8), to: Point(x: 13, y: 8), width: 2, color: .white))
        let image = try OffscreenRenderer(width: 16, height: 16).render(list)
        #expect(image[8, 7] == (255, 255, 255, 255) && image[8, 8] == (255, 255, 255, 255))
        #expect(image[8, 5] == (0, 0, 0, 255) && image[8, 10] == (0, 0, 0, 255))
        #expect(image[2, 7].0 > 0 && image[2, 7].0 < 255)  // the round cap reaches past the end, softly
        #expect(image[0, 8] == (0, 0, 0, 255))
    }

    @Test func mixedKindsKeepTheirOrder() throws {
        var list = DisplayList(size: Size(width: 16, height: 16), background: .black)
        list.roundedRect(RoundedRect(rect: Rect(x: 0, y: 0, width: 16, height: 16), cornerRadius: 0, fill: Color(hex: "#FF0000")!))
        list.line(Line(from: Point(x: 0, y: 8), to: Point(x: 16, y: 8), width: 4, color: Color(hex: "#00FF00")!))
        list.roundedRect(RoundedRect(rect: Rect(x: 6, y: 0, width: 4, height: 16), cornerRadius: 0, fill: Color(hex: "#0000FF")!))
        let renderer = try OffscreenRenderer(width: 16, height: 16)
        let image = try renderer.render(list)
        #expect(image[2, 2] == (255, 0, 0, 255))
        #expect(image[2, 8] == (0, 255, 0, 255))  // the line over the first rect
        #expect(image[8, 8] == (0, 0, 255, 255))  // the last rect over the line
        #expect(renderer.lastDrawCallCount == 3)
    }

    @Test func manyRectsAreOneDrawCall() throws {
        var list = DisplayList(size: Size(width: 64, height: 64), background: .black)
        for index in 0..<500 {
            list.roundedRect(RoundedRect(rect: Rect(x: Double(index % 60), y: Double(index / 10), width: 4, height: 4), cornerRadius: 1, fill: .white))
        }
        let renderer = try OffscreenRenderer(width: 64, height: 64)
        _ = try renderer.render(list)
        #expect(renderer.lastDrawCallCount == 1)
    }

    /// Coordinates, scales and blurs up to 1e308, infinities and NaN: nothing traps, full or
    /// damage redraws, and a sane shape drawn after them still shows.
    @Test func hugeAndOddValuesDrawWithoutTrapping() throws {
        let huge = 1e308
        func list(_ shift: Double) -> DisplayList {
            var list = DisplayList(size: Size(width: 16, height: 16), background: .black)
            let odd = [AffineTransform(a: huge, b: 0, c: 0, d: huge, tx: huge, ty: -huge), AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: .nan, ty: 0),
                       AffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0), AffineTransform(a: 1e-300, b: 0, c: 0, d: 1e-300, tx: 0, ty: 0),
                       AffineTransform(rotation: 1).concatenating(AffineTransform(translationX: .infinity, y: 0))]
            list.append(.pushClip(Rect(x: -huge, y: -huge, width: .infinity, height: huge)))
            for t in odd {
                list.roundedRect(RoundedRect(rect: Rect(x: -huge, y: 0, width: huge, height: 4), cornerRadius: huge, fill: .white, transform: t))
                list.line(Line(from: Point(x: -huge, y: 1), to: Point(x: huge, y: .nan), width: huge, color: .white, transform: t))
                list.append(.shadow(Shadow(rect: Rect(x: 0, y: 0, width: huge, height: 2), cornerRadius: 1, color: .white, blur: huge, transform: t)))
                list.append(.pushGroup(Group(opacity: .nan, mask: RoundedRect(rect: Rect(x: 0, y: 0, width: huge, height: huge), cornerRadius: 3, fill: .black, transform: t))))
                list.append(.path(PathFill(contours: [[Point(x: -huge, y: 0), Point(x: huge, y: huge), Point(x: 0, y: .nan)]], color: .white, blur: huge)))
                list.append(.popGroup)
            }
            list.append(.popClip)
            list.append(.pushClip(Rect(x: huge, y: huge, width: huge, height: huge)))
            list.append(.popClip)
            list.roundedRect(RoundedRect(rect: Rect(x: 4 + shift, y: 4, width: 4, height: 4), cornerRadius: 0, fill: Color(hex: "#FF0000")!))
            return list
        }
        let renderer = try OffscreenRenderer(width: 16, height: 16)
        let first = try renderer.render(list(0))
        let second = try renderer.render(list(2))
        #expect(first[5, 5] == (255, 0, 0, 255))
        #expect(second[7, 5] == (255, 0, 0, 255))
    }

    @Test func emptyAndHugeSizesAreClearErrors() throws {
        #expect(throws: EngineError.gl(.invalidSize(width: 0, height: 0))) {
            try OffscreenRenderer(width: 0, height: 0)
        }
        #expect {
            try OffscreenRenderer(width: 1_000_000, height: 10)
        } throws: { error in
            guard case .gl(.sizeTooLarge(1_000_000, 10, let limit))? = error as? EngineError else { return false }
            return limit > 0 && "\(error)".contains("1000000x10")
        }
    }

    @Test func shaderErrorsNameTheFileAndLine() throws {
        let renderer = try OffscreenRenderer(width: 4, height: 4)
        _ = try renderer.render(DisplayList(size: Size(width: 4, height: 4), background: .black))  // makes the context current
        let broken = ShaderProgram.Source(file: "Shaders/broken.vert", bytes: Array("""
        #version 330 core
        void main() {
            gl_Position = vec4(undefinedThing, 1.0);
        }
        """.utf8))
        let fragment = ShaderProgram.Source(file: "Shaders/rounded_rect.frag", bytes: PackageResources.rounded_rect_frag)
        #expect {
            try ShaderProgram(vertex: broken, fragment: fragment)
        } throws: { error in
            guard case .shaderCompile("Shaders/broken.vert", 3?, _)? = error as? GLError else { return false }
            return "\(error)".hasPrefix("Shaders/broken.vert:3: ")
        }
    }

    @Test(arguments: [
        ("0:12(5): error: syntax error, unexpected '}'", 12),
        ("0(7) : error C0000: syntax error", 7),
        ("warning: something\n0:3(10): error: `x' undeclared", 3),
        ("no line here", nil),
    ] as [(String, Int?)])
    func compileLogLinesAreFound(log: String, line: Int?) {
        #expect(firstLine(inLog: log) == line)
    }
}

@MainActor
@Suite struct ClipTests {
    @Test func clipsNestAndEnd() throws {
        var list = DisplayList(size: Size(width: 16, height: 16), background: .black)
        list.clipped(to: Rect(x: 4, y: 4, width: 8, height: 8)) { list in
            list.clipped(to: Rect(x: 0, y: 6, width: 16, height: 16)) { list in
                list.roundedRect(RoundedRect(rect: Rect(x: 0, y: 0, width: 16, height: 16), cornerRadius: 0, fill: .white))
            }
        }
        list.roundedRect(RoundedRect(rect: Rect(x: 0, y: 15, width: 16, height: 1), cornerRadius: 0, fill: Color(hex: "#FF0000")!))
        let image = try OffscreenRenderer(width: 16, height: 16).render(list)
        #expect(image[5, 7] == (255, 255, 255, 255))  // inside both clips
        #expect(image[5, 5] == (0, 0, 0, 255))  // inside the outer clip only
        #expect(image[2, 7] == (0, 0, 0, 255))  // inside the inner clip only
        #expect(image[12, 7] == (0, 0, 0, 255))
        #expect(image[2, 15] == (255, 0, 0, 255))  // after the clips end, drawing is whole again
    }
}
