import CadenceDraw
import CadenceEngine
import CadenceImage
import Testing

/// A group with a blend mode reads a copy of what lies under it, within its scissor, which
/// reaches a pixel past the frame's edges; copying from outside the texture was
/// GL_INVALID_VALUE ("OpenGL error 0x501 after compositing a group"), every frame of a public
/// Lottie blend-mode test file. Every mode, over groups of odd sizes and offsets touching and
/// crossing each edge, on frames of odd sizes: drawn by GL and by the CPU, and the same.
@MainActor
@Suite struct BlendModeEdgeTests {
    static func list(width: Int, height: Int) -> DisplayList {
        let (w, h) = (Double(width), Double(height))
        var list = DisplayList(size: Size(width: w, height: h), background: Color(red: 1, green: 0.58, blue: 0, alpha: 0.9))
        let boxes = [
            Rect(x: -7, y: -5, width: 23, height: 17), Rect(x: w - 13, y: h - 9, width: 31, height: 19),
            Rect(x: w / 3, y: -11, width: 7, height: 13), Rect(x: -3, y: h / 2, width: 11, height: 5),
            Rect(x: 0, y: 0, width: w, height: h), Rect(x: -0.5, y: 0.5, width: w + 1, height: h + 0.25),
        ]
        for (index, mode) in BlendMode.allCases.enumerated() where mode != .normal {
            let box = boxes[index % boxes.count]
            list.append(DrawCommand.pushGroup(Group(opacity: 0.8, blendMode: mode)))
            list.roundedRect(RoundedRect(rect: box, cornerRadius: 2, fill: Color(hex: "#0A84FF")!))
            list.roundedRect(RoundedRect(rect: box.insetBy(3), cornerRadius: 0, fill: Color(red: 0.2, green: 0.78, blue: 0.35, alpha: 0.6)))
            list.append(DrawCommand.popGroup)
        }
        return list
    }

    @Test(arguments: [(64, 48), (37, 29), (101, 17)])
    func everyModeAtTheEdgesDrawsOnBothBackends(width: Int, height: Int) throws {
        let list = Self.list(width: width, height: height)
        let gl = try OffscreenRenderer(width: width, height: height).render(list)
        let cpu = try OffscreenRenderer(width: width, height: height, backend: .cpu).render(list)
        var largest = 0
        for (a, b) in zip(gl.pixels, cpu.pixels) { largest = max(largest, abs(Int(a) - Int(b))) }
        #expect(largest <= 2, "\(width)×\(height): GL and CPU differ by up to \(largest)")
    }
}
