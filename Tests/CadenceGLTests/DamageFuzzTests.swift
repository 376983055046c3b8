import CadenceDraw
import CadenceEngine
import CadenceGL
import CadenceImage
import CadencePlatform
import CadenceRender
import Testing

/// Random display lists, edited at random from frame to frame (commands replaced, inserted,
/// removed, moved, duplicated; clips and groups nested, unbalanced, fractional, empty, masked;
/// shapes and images turned and scaled, shadows, paths): redrawing only the damage must give the pixels of
/// a full redraw, through every path that uses damage.
@MainActor
@Suite struct DamageFuzzTests {
    static let width = 48
    static let height = 40

    /// A small deterministic generator (the same lists on every run).
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        /// From `low` in tenths up to `high`; whole numbers only unless `fractional`.
        mutating func coordinate(_ low: Double, _ high: Double, fractional: Bool = true) -> Double {
            let value = low + Double(next(Int((high - low) * 10) + 1)) / 10
            return fractional ? value : value.rounded()
        }
    }

    static let palette: [Color] = [.black, .white, Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1, alpha: 0.5), Color(red: 0, green: 1, blue: 0)]

    /// Identity half the time; else a turn, a scale (not always uniform) and a move.
    static func transform(_ g: inout Generator) -> AffineTransform {
        guard g.next(2) == 0 else { return .identity }
        let w = Double(width), h = Double(height)
        return AffineTransform(scaleX: g.coordinate(0.5, 2), y: g.coordinate(0.5, 2))
            .concatenating(AffineTransform(rotation: Double(g.next(360)) * .pi / 180))
            .concatenating(AffineTransform(translationX: g.coordinate(0, w), y: g.coordinate(0, h)))
    }

    /// A rectangle around the local origin (for transformed shapes) or anywhere in the frame.
    static func rect(_ g: inout Generator, around origin: Bool) -> Rect {
        let w = Double(width), h = Double(height)
        let size = Size(width: g.coordinate(0, 25), height: g.coordinate(0, 25))
        if origin { return Rect(origin: Point(x: -size.width / 2, y: -size.height / 2), size: size) }
        return Rect(origin: Point(x: g.coordinate(-5, w), y: g.coordinate(-5, h)), size: size)
    }

    static func command(_ g: inout Generator) -> DrawCommand {
        let w = Double(width), h = Double(height)
        switch g.next(13) {
        case 0:
            return .pushClip(Rect(x: g.coordinate(-5, w), y: g.coordinate(-5, h), width: g.coordinate(0, 30), height: g.coordinate(0, 30)))
        case 1:
            return .popClip
        case 2:
            let t = transform(&g)
            let reach = t.isIdentity ? 1.0 : 0.5
            return .line(Line(from: Point(x: g.coordinate(0, w * reach), y: g.coordinate(0, h * reach)),
                              to: Point(x: g.coordinate(0, w * reach), y: g.coordinate(0, h * reach)),
                              width: g.coordinate(1, 4), color: palette[g.next(palette.count)], transform: t))
        case 3:
            let mask = g.next(2) == 0 ? nil : transformedRect(&g)
            return .pushGroup(Group(opacity: [1, 0.5, 0.8][g.next(3)], mask: mask))
        case 4:
            return .popGroup
        case 5:
            let t = transform(&g)
            return .shadow(Shadow(rect: rect(&g, around: !t.isIdentity), cornerRadius: Double(g.next(5)), color: palette[g.next(palette.count)],
                                  blur: g.coordinate(0, 3), transform: t))
        case 6:
            let contours = (0...g.next(2)).map { _ in (0..<(3 + g.next(3))).map { _ in Point(x: g.coordinate(-5, w + 5), y: g.coordinate(-5, h + 5)) } }
            return .path(PathFill(contours: contours, fillRule: g.next(2) == 0 ? .nonZero : .evenOdd, color: palette[g.next(palette.count)],
                                  blur: g.next(3) == 0 ? g.coordinate(0.5, 2) : 0))
        case 7, 8:
            return .roundedRect(transformedRect(&g))
        case 9:
            let t = transform(&g)
            return .image(ImageDraw(key: "fuzz-checkerboard", image: TransformGoldenTests.checkerboard, rect: rect(&g, around: !t.isIdentity),
                                    alpha: [1, 0.6][g.next(2)], transform: t))
        default:
            return .roundedRect(RoundedRect(rect: Rect(x: g.coordinate(-5, w), y: g.coordinate(-5, h), width: g.coordinate(0, 25), height: g.coordinate(0, 25)),
                                            cornerRadius: Double(g.next(5)), fill: palette[g.next(palette.count)]))
        }
    }

    /// A rounded rectangle, stroked now and then, through a random transform.
    static func transformedRect(_ g: inout Generator) -> RoundedRect {
        let t = transform(&g)
        return RoundedRect(rect: rect(&g, around: !t.isIdentity), cornerRadius: Double(g.next(6)), fill: palette[g.next(palette.count)],
                           stroke: palette[g.next(palette.count)], strokeWidth: Double(g.next(3)), transform: t)
    }

    static func edited(_ commands: [DrawCommand], _ g: inout Generator) -> [DrawCommand] {
        var result = commands
        for _ in 0...g.next(3) {
            switch g.next(5) {
            case 0 where !result.isEmpty: result[g.next(result.count)] = command(&g)
            case 1: result.insert(command(&g), at: g.next(result.count + 1))
            case 2 where !result.isEmpty: result.remove(at: g.next(result.count))
            case 3 where !result.isEmpty:
                let moved = result.remove(at: g.next(result.count))
                result.insert(moved, at: g.next(result.count + 1))
            case 4 where !result.isEmpty: result.insert(result[g.next(result.count)], at: g.next(result.count + 1))
            default: break
            }
        }
        return result
    }

    static func list(_ commands: [DrawCommand]) -> DisplayList {
        var list = DisplayList(size: Size(width: Double(width), height: Double(height)), background: .white)
        for command in commands { list.append(command) }
        return list
    }

    /// Frame lists of `sequences` random animations of 8 frames each.
    static func animations(seeds: Range<UInt64>) -> [[DisplayList]] {
        seeds.map { seed in
            var g = Generator(state: seed &* 7919 &+ 13)
            var commands = (0..<(3 + g.next(8))).map { _ in command(&g) }
            var frames: [DisplayList] = []
            for _ in 0..<8 {
                frames.append(list(commands))
                commands = edited(commands, &g)
            }
            return frames
        }
    }

    func offscreen(_ readback: ReadbackMode, seeds: Range<UInt64>, backend: RenderBackendKind = .gl) throws {
        let partial = try OffscreenRenderer(width: Self.width, height: Self.height, backend: backend)
        partial.readback = readback
        // The damage path itself, even where a whole redraw would be estimated cheaper.
        partial.redrawCost = nil
        let full = try OffscreenRenderer(width: Self.width, height: Self.height, backend: backend)
        full.fullRedraw = true
        for (index, frames) in Self.animations(seeds: seeds).enumerated() {
            var expected: [RGBAImage] = []
            var actual: [RGBAImage] = []
            for list in frames {
                expected.append(try full.render(list))
                actual += try partial.submit(list)
            }
            actual += try partial.finish()
            #expect(actual.count == expected.count)
            if let frame = actual.indices.first(where: { $0 < expected.count && actual[$0] != expected[$0] }) {
                Issue.record("seed \(seeds.lowerBound + UInt64(index)), frame \(frame): \(frames[frame].commands) after \(frame > 0 ? frames[frame - 1].commands : [])")
                return
            }
        }
    }

    @Test func directReadback() throws {
        try offscreen(.direct, seeds: 0..<800)
    }

    @Test func pixelBufferReadback() throws {
        try offscreen(.pbo, seeds: 200..<300)
    }

    /// The CPU backend's damage path, byte for byte its whole redraw.
    @Test func cpuBackend() throws {
        try offscreen(.direct, seeds: 0..<400, backend: .cpu)
    }

    /// Both backends draw the same random lists alike: per frame, a mean absolute difference of
    /// at most 0.5 (of 255, over all channels) and at most 0.5 % of pixels more than 8 apart.
    /// The lists are drawn at 4× the fuzz size (scaled), so edges are a small share of the pixels,
    /// as in real frames.
    @Test func cpuBackendAgreesWithGL() throws {
        let (width, height) = (Self.width * 4, Self.height * 4)
        let gl = try OffscreenRenderer(width: width, height: height, backend: .gl)
        let cpu = try OffscreenRenderer(width: width, height: height, backend: .cpu)
        gl.fullRedraw = true
        cpu.fullRedraw = true
        var worst = (mean: 0.0, far: 0.0, seed: UInt64(0))
        for (index, frames) in Self.animations(seeds: 1000..<1080).enumerated() {
            for list in frames {
                let a = try gl.render(list)
                let b = try cpu.render(list)
                var total = 0, far = 0
                for pixel in 0..<(width * height) {
                    var farHere = false
                    for channel in 0..<4 {
                        let d = abs(Int(a.pixels[pixel * 4 + channel]) - Int(b.pixels[pixel * 4 + channel]))
                        total += d
                        farHere = farHere || d > 8
                    }
                    if farHere { far += 1 }
                }
                let mean = Double(total) / Double(width * height * 4)
                let share = Double(far) / Double(width * height)
                if mean > worst.mean || share > worst.far { worst = (max(mean, worst.mean), max(share, worst.far), 1000 + UInt64(index)) }
            }
        }
        #expect(worst.mean <= 0.5 && worst.far <= 0.005, "worst: mean \(worst.mean), \(worst.far * 100) % over 8 (seed \(worst.seed))")
    }

    /// The window's way: GL's own row order, damage drawn over what the framebuffer holds.
    @Test func bottomRowFirstRenderer() throws {
        let context = try HeadlessContext()
        try context.makeCurrent()
        let partialTarget = try OffscreenTarget(width: Self.width, height: Self.height)
        let fullTarget = try OffscreenTarget(width: Self.width, height: Self.height)
        let renderer = try Renderer()
        var previous: DisplayList?
        for (index, frames) in Self.animations(seeds: 300..<400).enumerated() {
            for (frame, list) in frames.enumerated() {
                fullTarget.bind()
                try renderer.draw(list, viewport: (Self.width, Self.height))
                let expected = try readFramebuffer(width: Self.width, height: Self.height)
                partialTarget.bind()
                if let previous {
                    if let damage = list.damageRegion(since: previous) { try renderer.draw(list, viewport: (Self.width, Self.height), damage: damage) }
                } else {
                    try renderer.draw(list, viewport: (Self.width, Self.height))
                }
                previous = list
                let actual = try readFramebuffer(width: Self.width, height: Self.height)
                guard actual == expected else {
                    Issue.record("seed \(300 + index), frame \(frame): \(list.commands)")
                    return
                }
            }
        }
    }

    /// An empty clip draws nothing, even at fractional edges that share a pixel.
    @Test(arguments: [
        [DrawCommand.pushClip(Rect(x: 10.5, y: 0, width: 0, height: 20))],
        [DrawCommand.pushClip(Rect(x: 0, y: 0, width: 10.3, height: 20)), .pushClip(Rect(x: 10.6, y: 0, width: 20, height: 20))],
    ])
    func emptyClipsDrawNothing(clips: [DrawCommand]) throws {
        func list(_ color: Color) -> DisplayList {
            var list = DisplayList(size: Size(width: 40, height: 20), background: .white)
            for clip in clips { list.append(clip) }
            list.roundedRect(RoundedRect(rect: Rect(x: 0, y: 0, width: 40, height: 20), cornerRadius: 0, fill: color))
            for _ in clips { list.append(.popClip) }
            return list
        }
        let renderer = try OffscreenRenderer(width: 40, height: 20)
        let black = try renderer.render(list(.black))
        #expect(black == (try OffscreenRenderer(width: 40, height: 20).render(DisplayList(size: Size(width: 40, height: 20), background: .white))))
        #expect(list(Color(red: 1, green: 0, blue: 0)).damageRegion(since: list(.black)) == nil)
    }
}
