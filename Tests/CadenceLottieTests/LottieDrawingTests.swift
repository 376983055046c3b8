import CadenceAnimation
import CadenceDraw
import CadenceLayers
import Foundation
import Testing
@testable import CadenceLottie

@Suite struct LottieDrawingTests {
    typealias F = LottieTestFiles

    private func close(_ a: Double, _ b: Double, _ tolerance: Double = 0.01) -> Bool { abs(a - b) <= tolerance }

    private func closeRect(_ rect: Rect, _ x: Double, _ y: Double, _ width: Double, _ height: Double, _ tolerance: Double = 0.01) -> Bool {
        close(rect.minX, x, tolerance) && close(rect.minY, y, tolerance) && close(rect.width, width, tolerance) && close(rect.height, height, tolerance)
    }

    @Test func blendModesComposeTheLayerAsABlendedGroup() throws {
        let multiplied = F.shapeLayer(F.rectangle() + ", " + F.fill(0, 0, 1), name: "top", index: 1, extra: #", "bm": 1"#)
        let under = F.shapeLayer(F.rectangle(width: 80, height: 80) + ", " + F.fill(1, 1, 0), name: "under", index: 2)
        let animation = try F.animation(F.document(layers: multiplied + ", " + under), strict: true)
        #expect(animation.features.contains("blend modes"))
        let list = F.list(animation, frame: 0)
        guard case .pushGroup(let group) = list.commands[1], case .path = list.commands[2], case .popGroup = list.commands[3] else {
            Issue.record("no blended group: \(list)")
            return
        }
        #expect(group.blendMode == .multiply)
        // Add and hard mix (16, 17) are drawn too; a number past them is a warning, drawn normally.
        for (number, mode) in [(16, BlendMode.add), (17, .hardMix)] {
            let layer = F.shapeLayer(F.rectangle() + ", " + F.fill(), extra: ", \"bm\": \(number)")
            let list = F.list(try F.animation(F.document(layers: layer), strict: true), frame: 0)
            guard case .pushGroup(let group) = list.commands[0] else {
                Issue.record("no blended group for bm \(number): \(list)")
                continue
            }
            #expect(group.blendMode == mode)
        }
        let unknown = F.shapeLayer(F.rectangle() + ", " + F.fill(), extra: #", "bm": 18"#)
        let warned = try F.animation(F.document(layers: unknown))
        #expect(warned.warnings.first?.property == "bm")
        #expect(throws: LottieError.self) { try F.animation(F.document(layers: unknown), strict: true) }
    }

    /// 3-D layers as ThorVG draws them: the orthographic projection of Rx · Ry · Rz times the
    /// orientation's turn, about the anchor.
    @Test func threeDimensionalTurnsAndOrientationProjectFlat() throws {
        func bounds(_ ks: String) throws -> Rect {
            let transform = #"{"a": {"a": 0, "k": [50, 50]}, "p": {"a": 0, "k": [50, 50]}, \#(ks)}"#
            let layer = F.shapeLayer(F.rectangle() + ", " + F.fill(), ks: transform, extra: #", "ddd": 1"#)
            let animation = try F.animation(F.document(layers: layer), strict: true)
            return try #require(F.paths(F.list(animation, frame: 0)).first).bounds
        }
        // 40 × 20 about the centre: turned 60° about y, it shows half its width.
        #expect(closeRect(try bounds(#""ry": {"a": 0, "k": 60}"#), 40, 40, 20, 20))
        #expect(closeRect(try bounds(#""or": {"a": 0, "k": [0, 60, 0]}"#), 40, 40, 20, 20))
        // Orientation and rotation add up about the same axis; about x, the height shrinks.
        #expect(closeRect(try bounds(#""or": {"a": 0, "k": [0, 30, 0]}, "ry": {"a": 0, "k": 30}"#), 40, 40, 20, 20))
        #expect(closeRect(try bounds(#""or": {"a": 0, "k": [60, 0, 0]}"#), 30, 45, 40, 10))
        // Orientation about z turns the layer in its plane.
        #expect(closeRect(try bounds(#""or": {"a": 0, "k": [0, 0, 90]}"#), 40, 30, 20, 40))
    }

    @Test func fillsARectangle() throws {
        let animation = try F.animation(F.document(layers: F.shapeLayer(F.rectangle() + "," + F.fill(0, 1, 0))))
        let paths = F.paths(F.list(animation, frame: 0))
        #expect(paths.count == 1)
        #expect(paths[0].color == Color(red: 0, green: 1, blue: 0, alpha: 1))
        #expect(closeRect(paths[0].bounds, 30, 40, 40, 20))
    }

    /// Listed top first: the stroke listed before the fill is drawn after it (on top).
    @Test func paintsBottomFirst() throws {
        let animation = try F.animation(F.document(layers: F.shapeLayer([F.rectangle(), F.stroke(), F.fill()].joined(separator: ","))))
        let paths = F.paths(F.list(animation, frame: 0))
        #expect(paths.map(\.color.blue) == [0, 1])
        #expect(closeRect(paths[1].bounds, 28, 38, 44, 24))
    }

    /// A layer's transform: anchor, position, scale, rotation; its parent's transform too.
    @Test func appliesLayerTransformsAndParents() throws {
        let parent = #"{"ty": 3, "nm": "mover", "ind": 7, "ip": 0, "op": 30, "ks": {"p": {"a": 0, "k": [10, 0]}, "a": {"a": 0, "k": [0, 0]}}}"#
        let ks = #"{"a": {"a": 0, "k": [50, 50]}, "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [50, 200]}, "r": {"a": 0, "k": 0}}"#
        let child = F.shapeLayer(F.rectangle() + "," + F.fill(), index: 1, ks: ks, extra: #", "parent": 7"#)
        let animation = try F.animation(F.document(layers: child + "," + parent))
        let paths = F.paths(F.list(animation, frame: 0))
        // 40×20 about (50, 50) scaled to 20×40, then moved 10 right by the parent.
        #expect(closeRect(paths[0].bounds, 50, 30, 20, 40))
    }

    @Test func rotatesClockwise() throws {
        let ks = #"{"a": {"a": 0, "k": [50, 50]}, "p": {"a": 0, "k": [50, 50]}, "r": {"a": 0, "k": 90}}"#
        let animation = try F.animation(F.document(layers: F.shapeLayer(F.rectangle(x: 70, y: 50, width: 10, height: 10) + "," + F.fill(), ks: ks)))
        // The square right of the centre turns to below it.
        #expect(closeRect(F.paths(F.list(animation, frame: 0))[0].bounds, 45, 65, 10, 10))
    }

    /// Layers show from their in-point up to (not including) their out-point.
    @Test func layersShowBetweenInAndOutPoints() throws {
        let layer = #"{"ty": 4, "nm": "late", "ip": 10, "op": 20, "ks": {}, "shapes": [\#(F.rectangle()), \#(F.fill())]}"#
        let animation = try F.animation(F.document(layers: layer))
        #expect(F.paths(F.list(animation, frame: 9.99)).isEmpty)
        #expect(F.paths(F.list(animation, frame: 10)).count == 1)
        #expect(F.paths(F.list(animation, frame: 19.99)).count == 1)
        #expect(F.paths(F.list(animation, frame: 20)).isEmpty)
    }

    /// Opacity keyframes: linear, eased per After Effects' handles, held, and the old form
    /// with `e` end values.
    @Test func evaluatesKeyframes() throws {
        func opacity(_ keyframes: String, at frame: Double) throws -> Double {
            let animation = try F.animation(F.document(layers: F.shapeLayer(F.rectangle() + "," + F.fill(), ks: #"{"o": {"a": 1, "k": \#(keyframes)}}"#)))
            return F.paths(F.list(animation, frame: frame)).first?.color.alpha ?? 0
        }
        let linear = #"[{"t": 0, "s": [0]}, {"t": 10, "s": [100]}]"#
        #expect(close(try opacity(linear, at: 5), 0.5, 1e-9))
        #expect(close(try opacity(linear, at: -3), 0, 1e-9))
        #expect(close(try opacity(linear, at: 25), 1, 1e-9))
        let eased = #"[{"t": 0, "s": [0], "o": {"x": [0.42], "y": [0]}, "i": {"x": [0.58], "y": [1]}}, {"t": 10, "s": [100]}]"#
        #expect(close(try opacity(eased, at: 5), 0.5, 1e-6))
        #expect(try opacity(eased, at: 2) < 0.2)
        let hold = #"[{"t": 0, "s": [20], "h": 1}, {"t": 10, "s": [80]}]"#
        #expect(close(try opacity(hold, at: 9.9), 0.2, 1e-9))
        #expect(close(try opacity(hold, at: 10), 0.8, 1e-9))
        let old = #"[{"t": 0, "s": [0], "e": [40]}, {"t": 10}]"#
        #expect(close(try opacity(old, at: 5), 0.2, 1e-9))
        #expect(close(try opacity(old, at: 10), 0.4, 1e-9))
    }

    /// `scalar(at:)` and `point(at:)`, worked out without an array, are `value(at:)`'s first
    /// numbers exactly: before, between and after keyframes, eased per dimension, on a spatial
    /// curve, with fewer end numbers than start numbers, and with none.
    @Test func scalarsAndPointsAreTheValuesFirstNumbers() throws {
        let curves = KeyframeEasing.curves([try CubicBezier(x1: 0.2, y1: 0.9, x2: 0.7, y2: 0.1), try CubicBezier(x1: 0.9, y1: 0, x2: 0.1, y2: 1)])
        let spatial = SpatialCurve(from: SIMD2(0, 0), to: SIMD2(40, 10), outTangent: SIMD2(10, 30), inTangent: SIMD2(-5, 8))
        let properties = [
            AnimatedNumbers([3, 4]),
            AnimatedNumbers([]),
            AnimatedNumbers(initial: [0], keyframes: [
                NumberKeyframe(time: 0, endTime: 10, start: [1, 5, 9], end: [7, -3, 2], easing: curves),
                NumberKeyframe(time: 10, endTime: 20, start: [7, -3], end: [2], easing: .curves([])),
                NumberKeyframe(time: 20, endTime: 30, start: [0, 0], end: [40, 10], easing: curves, path: .spatial(spatial)),
                NumberKeyframe(time: 30, endTime: 40, start: [], end: [], easing: curves),
            ]),
        ]
        for property in properties {
            for frame in stride(from: -5.0, through: 45, by: 0.75) {
                let value = property.value(at: frame)
                #expect(property.scalar(at: frame, fallback: -1) == (value.first ?? -1), "frame \(frame)")
                #expect(property.point(at: frame) == SIMD2(value.first ?? 0, value.count > 1 ? value[1] : 0), "frame \(frame)")
            }
        }
    }

    /// A position keyframe with spatial tangents moves along the curve by arc length.
    @Test func positionsFollowSpatialCurves() throws {
        let p = #"{"a": 1, "k": [{"t": 0, "s": [0, 0], "to": [0, 40], "ti": [-40, 0]}, {"t": 10, "s": [100, 100]}]}"#
        let curve = SpatialCurve(from: .zero, to: SIMD2(100, 100), outTangent: SIMD2(0, 40), inTangent: SIMD2(-40, 0))
        let animation = try F.animation(F.document(layers: F.shapeLayer(F.rectangle(x: 0, y: 0, width: 2, height: 2) + "," + F.fill(), ks: #"{"p": \#(p)}"#)))
        let middle = F.paths(F.list(animation, frame: 5))[0].bounds
        let expected = curve.point(atLengthFraction: 0.5)
        #expect(close((middle.minX + middle.width / 2), expected.x) && close((middle.minY + middle.height / 2), expected.y))
        // The curve bows below the chord (x = y) at its middle.
        #expect((middle.minY + middle.height / 2) > (middle.minX + middle.width / 2) + 5)
    }

    /// A gradient under an uneven scale is the scaled picture of the gradient, as rlottie and
    /// ThorVG draw it: a radial one's circle becomes an ellipse, a diagonal linear one's lines
    /// of equal colour tilt with the shape.
    @Test func gradientsScaleWithTheirShapes() throws {
        // Group space (0, 0) lands on (50, 50); local x is halved, local y multiplied by 1.8.
        let ks = #"{"a": {"a": 0, "k": [0, 0]}, "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [50, 180]}}"#
        for (type, end) in [(2, "[40, 0]"), (1, "[40, 40]")] {
            let gradient = #"{"ty": "gf", "o": {"a": 0, "k": 100}, "r": 1, "t": \#(type), "g": {"p": 2, "k": {"a": 0, "k": [0, 1, 0, 0, 1, 0, 0, 1]}}, "s": {"a": 0, "k": [0, 0]}, "e": {"a": 0, "k": \#(end)}}"#
            let layer = F.shapeLayer(F.rectangle(x: 0, y: 0, width: 100, height: 100) + ", " + gradient, ks: ks)
            let animation = try F.animation(F.document(layers: layer), strict: true)
            let painted = try #require(F.paths(F.list(animation, frame: 0)).first?.gradient)
            func offset(_ x: Double, _ y: Double) -> Double { painted.offset(x: 50 + x * 0.5, y: 50 + y * 1.8) }
            if type == 2 {
                // On the circle of radius 40 in the group's space, whichever way.
                for angle in stride(from: 0.0, to: 6.28, by: 0.5) { #expect(close(offset(40 * cos(angle), 40 * sin(angle)), 1, 1e-9)) }
                #expect(close(offset(0, 20), 0.5, 1e-9))
            } else {
                // Half way along the diagonal, and anywhere on the line across it there.
                #expect(close(offset(20, 20), 0.5, 1e-9) && close(offset(30, 10), 0.5, 1e-9) && close(offset(0, 40), 0.5, 1e-9))
            }
        }
    }

    @Test func trimsPaths() throws {
        let line = #"{"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[0, 50], [100, 50]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}}}"#
        let trim = #"{"ty": "tm", "s": {"a": 0, "k": 25}, "e": {"a": 0, "k": 75}, "o": {"a": 0, "k": 0}, "m": 1}"#
        let animation = try F.animation(F.document(layers: F.shapeLayer([line, F.stroke(width: 2), trim].joined(separator: ","))))
        #expect(closeRect(F.paths(F.list(animation, frame: 0))[0].bounds, 25, 49, 50, 2))
        // An offset of 180° moves the span half way round: it wraps past the end to the start.
        let wrapped = trim.replacingOccurrences(of: #""o": {"a": 0, "k": 0}"#, with: #""o": {"a": 0, "k": 180}"#)
        let wrapping = try F.animation(F.document(layers: F.shapeLayer([line, F.stroke(width: 2), wrapped].joined(separator: ","))))
        let bounds = F.paths(F.list(wrapping, frame: 0))[0].bounds
        #expect(closeRect(bounds, 0, 49, 100, 2))
    }

    @Test func repeatsWithTransformAndOpacity() throws {
        let repeater = """
        {"ty": "rp", "c": {"a": 0, "k": 3}, "o": {"a": 0, "k": 0}, "m": 1,
         "tr": {"p": {"a": 0, "k": [20, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0},
                "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 50}}}
        """
        let animation = try F.animation(F.document(layers: F.shapeLayer([F.rectangle(x: 10, y: 10, width: 10, height: 10), F.fill(), repeater].joined(separator: ","))))
        let paths = F.paths(F.list(animation, frame: 0))
        // Bottom first: copy 2 (faintest, furthest right) first, copy 0 on top.
        #expect(paths.map { $0.bounds.minX.rounded() } == [45, 25, 5])
        #expect(paths.map(\.color.alpha) == [0.5, 0.75, 1])
        let huge = repeater.replacingOccurrences(of: #""c": {"a": 0, "k": 3}"#, with: #""c": {"a": 0, "k": 1e9}"#)
        let clamped = try F.animation(F.document(layers: F.shapeLayer([F.rectangle(), F.fill(), huge].joined(separator: ","))))
        #expect(F.paths(F.list(clamped, frame: 0)).count == Int(Repeater.maximumCopies))
        // Three repeaters of 1000 copies nested ask for 10⁹ copies of nothing (no path to count
        // against the path clamp): the copies evaluated are counted and stop at their own clamp.
        let thousand = huge.replacingOccurrences(of: "1e9", with: "1000")
        let empty = #"{"ty": "gr", "it": [{"ty": "gr", "it": [\#(F.fill()), \#(thousand)]}, \#(thousand)]}"#
        let nested = try F.animation(F.document(layers: F.shapeLayer([empty, thousand].joined(separator: ","))))
        #expect(F.paths(F.list(nested, frame: 0)).isEmpty)
        // With a path, the path clamp still holds.
        let drawn = try F.animation(F.document(layers: F.shapeLayer([F.rectangle(), F.fill(), thousand, thousand].joined(separator: ","))))
        #expect(F.paths(F.list(drawn, frame: 0)).count <= LottieAnimation.maximumPathsPerLayer)
    }

    @Test func drawsStarsPolygonsAndEllipses() throws {
        let star = #"{"ty": "sr", "sy": 1, "p": {"a": 0, "k": [50, 50]}, "pt": {"a": 0, "k": 5}, "r": {"a": 0, "k": 0}, "or": {"a": 0, "k": 40}, "ir": {"a": 0, "k": 20}, "os": {"a": 0, "k": 0}, "is": {"a": 0, "k": 0}}"#
        let stars = try F.animation(F.document(layers: F.shapeLayer(star + "," + F.fill())))
        let starPath = F.paths(F.list(stars, frame: 0))[0]
        #expect(starPath.contours[0].count == 10)
        #expect(close(starPath.contours[0][0].x, 50) && close(starPath.contours[0][0].y, 10))
        let absurd = star.replacingOccurrences(of: #""pt": {"a": 0, "k": 5}"#, with: #""pt": {"a": 0, "k": 1e9}"#)
        let many = try F.animation(F.document(layers: F.shapeLayer(absurd + "," + F.fill())))
        #expect(F.paths(F.list(many, frame: 0))[0].contours[0].count == 2 * Int(StarShape.maximumPoints))
        let ellipse = #"{"ty": "el", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [60, 30]}}"#
        let ellipses = try F.animation(F.document(layers: F.shapeLayer(ellipse + "," + F.fill())))
        #expect(closeRect(F.paths(F.list(ellipses, frame: 0))[0].bounds, 20, 35, 60, 30, 0.05))
    }

    /// A star's fractional point count grows a partial point (After Effects' star, as
    /// lottie-android, lottie-ios, rlottie and ThorVG draw it): the shape changes continuously
    /// as the count passes a whole number; a polygon drops the fraction.
    @Test func drawsPartialStarPoints() throws {
        func contour(_ points: Double, star: Bool = true) throws -> [Point] {
            let shape = #"{"ty": "sr", "sy": \#(star ? 1 : 2), "p": {"a": 0, "k": [50, 50]}, "pt": {"a": 0, "k": \#(points)}, "r": {"a": 0, "k": 0}, "or": {"a": 0, "k": 40}, "ir": {"a": 0, "k": 20}, "os": {"a": 0, "k": 0}, "is": {"a": 0, "k": 0}}"#
            let animation = try F.animation(F.document(layers: F.shapeLayer(shape + "," + F.fill())))
            return F.paths(F.list(animation, frame: 0))[0].contours[0]
        }
        func area(_ polygon: [Point]) -> Double {
            zip(polygon, polygon.dropFirst() + polygon.prefix(1)).reduce(0) { $0 + ($1.0.x * $1.1.y - $1.1.x * $1.0.y) / 2 }
        }
        // 5.5 points: five whole ones of 360° / 5.5 each, and a half one whose tip, where the
        // path starts, lies halfway from the inner radius to the outer, a quarter point past the top.
        let half = try contour(5.5)
        #expect(half.count == 12)
        let angle = (-90 + 360 / 5.5 / 4) * Double.pi / 180
        #expect(close(half[0].x, 50 + 30 * cos(angle)) && close(half[0].y, 50 + 30 * sin(angle)))
        #expect(half.allSatisfy { abs(hypot($0.x - 50, $0.y - 50) - 30) < 1e-6 || abs(hypot($0.x - 50, $0.y - 50) - 20) < 1e-6 || abs(hypot($0.x - 50, $0.y - 50) - 40) < 1e-6 })
        // Continuous through whole counts: just past 5 is the 5-point star, just short of 6 the 6-point one.
        let (five, fiveAndAHalf, six) = (area(try contour(5)), area(half), area(try contour(6)))
        let (justPastFive, justShortOfSix) = (area(try contour(5.000001)), area(try contour(5.999999)))
        #expect(abs(justPastFive - five) < 0.01 && abs(justShortOfSix - six) < 0.01)
        // Five kites of 40 by 20 spanning 360° / 5.5, and one of 30 by 20 spanning half that.
        let pointAngle = 2 * Double.pi / 5.5
        #expect(abs(fiveAndAHalf - (5 * 40 * 20 * sin(pointAngle / 2) + 30 * 20 * sin(pointAngle / 4))) < 1e-6)
        // A polygon's count is whole.
        let (pentagon, fractional) = (try contour(5, star: false), try contour(5.5, star: false))
        #expect(fractional == pentagon)
    }

    /// A fading layer with two paints is composited as one group; a lone path takes the opacity.
    @Test func layerOpacityGroupsSeveralPaints() throws {
        let two = try F.animation(F.document(layers: F.shapeLayer([F.rectangle(), F.stroke(), F.fill()].joined(separator: ","), ks: #"{"o": {"a": 0, "k": 50}}"#)))
        let commands = F.list(two, frame: 0).commands
        #expect(commands.first == .pushGroup(Group(opacity: 0.5)))
        #expect(commands.last == .popGroup)
    }

    /// A precomposition's layers play at its own time: start offset, stretch and time remapping.
    @Test func precompositionsRemapTime() throws {
        let inner = #"{"ty": 4, "nm": "inner", "ip": 0, "op": 100, "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [0, 0]}, {"t": 10, "s": [10, 0]}]}}, "shapes": [\#(F.rectangle(x: 5, y: 5, width: 10, height: 10)), \#(F.fill())]}"#
        let assets = #"[{"id": "comp", "layers": [\#(inner)]}]"#
        func x(_ layer: String, at frame: Double) throws -> Double {
            let animation = try F.animation(F.document(layers: layer, assets: assets))
            return F.paths(F.list(animation, frame: frame)).first?.bounds.minX ?? .nan
        }
        let plain = #"{"ty": 0, "refId": "comp", "ip": 0, "op": 30, "st": 0, "w": 100, "h": 100, "ks": {}}"#
        #expect(close(try x(plain, at: 5), 5))
        let started = plain.replacingOccurrences(of: #""st": 0"#, with: #""st": 4"#)
        #expect(close(try x(started, at: 5), 1))
        let stretched = plain.replacingOccurrences(of: #""st": 0"#, with: #""st": 0, "sr": 2"#)
        #expect(close(try x(stretched, at: 5), 2.5))
        // tm in seconds: at frame 5, 0.3 s = inner frame 9.
        let remapped = plain.replacingOccurrences(of: #""st": 0"#, with: #""st": 0, "tm": {"a": 0, "k": 0.3}"#)
        #expect(close(try x(remapped, at: 5), 9))
    }

    @Test func dashesStrokes() throws {
        let line = #"{"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[0, 50], [100, 50]]}}}"#
        let dashes = #", "d": [{"n": "d", "v": {"a": 0, "k": 10}}, {"n": "g", "v": {"a": 0, "k": 10}}, {"n": "o", "v": {"a": 0, "k": 0}}]"#
        let animation = try F.animation(F.document(layers: F.shapeLayer(line + "," + F.stroke(width: 2, extra: dashes))))
        #expect(F.paths(F.list(animation, frame: 0))[0].contours.count == 5)
        let zero = dashes.replacingOccurrences(of: #""k": 10"#, with: #""k": 0"#)
        let solid = try F.animation(F.document(layers: F.shapeLayer(line + "," + F.stroke(width: 2, extra: zero))))
        #expect(F.paths(F.list(solid, frame: 0))[0].contours.count == 1)
    }

    @Test func framesFollowTheCompositionRate() throws {
        let animation = try F.animation(F.document(layers: ""))
        for n in 0..<30 { #expect(animation.frame(atTime: Double(n) / 30) == Double(n)) }
        #expect(animation.frame(atTime: 1.0 / 120) == 0.25)
    }

    /// Scripted playback: a pause holds the frame, play goes on from it, a seek jumps; a view
    /// that does not play by itself waits for `play`.
    @Test func viewsFollowPlayPauseAndSeek() throws {
        let animation = try F.animation(F.document(layers: ""))
        var view = LottieView(animation: animation, loopMode: .loop)
        view.apply(.pause, at: 0.2)
        view.apply(.play, at: 0.5)
        view.apply(.seek(frame: 3), at: 0.6)
        view.apply(.seekProgress(0.5), at: 0.8)
        #expect(view.compositionFrame(at: 0.1) == 3)
        #expect(view.compositionFrame(at: 0.4) == 6)
        #expect(abs(view.compositionFrame(at: 0.55) - 7.5) < 1e-9)
        #expect(view.compositionFrame(at: 0.7) == 6)
        #expect(view.compositionFrame(at: 0.9) == 18)
        var waiting = LottieView(animation: animation)
        waiting.autoPlay = false
        waiting.apply(.play, at: 1)
        #expect(waiting.compositionFrame(at: 0.5) == 0)
        #expect(waiting.compositionFrame(at: 1.5) == 15)
    }

    @Test func viewsLoop() throws {
        let animation = try F.animation(F.document(layers: ""))
        #expect(LottieView(animation: animation).compositionFrame(at: 2) == (30.0).nextDown)
        #expect(LottieView(animation: animation, loopMode: .loop).compositionFrame(at: 1.5) == 15)
        #expect(LottieView(animation: animation, loopMode: .autoReverse).compositionFrame(at: 1.5) == 15)
        #expect(LottieView(animation: animation, loopMode: .autoReverse).compositionFrame(at: 1.25) == 22.5)
        #expect(LottieView(animation: animation, loopMode: .repeat(2)).compositionFrame(at: 1.5) == 15)
        #expect(LottieView(animation: animation, loopMode: .repeat(1.5)).compositionFrame(at: 3) == 15)
        #expect(LottieView(animation: animation, beginTime: 1).compositionFrame(at: 0.5) == 0)
        #expect(LottieView(animation: animation, speed: 2).compositionFrame(at: 0.25) == 15)
        let scene = Scene(lottie: animation)
        #expect(scene.duration == 1)
        #expect(scene.framesPerSecond == 30)
        #expect(scene.background == .clear)
    }

    /// A Lottie view in a scene fitted to a frame of another size draws the fit straight into its
    /// own transform (`drawsFitted`): the same commands, within rounding, as drawing at the fit's
    /// pixel scale and fitting every command after (what a widget that does not draw fitted gets).
    @Test func aFittedViewDrawsWhatFittingAfterGives() throws {
        let clipped = #"{"ty": 0, "nm": "clip", "refId": "inner", "ip": 0, "op": 30, "w": 60, "h": 40, "ks": {"r": {"a": 0, "k": 30}}}"#
        let inner = #"[{"id": "inner", "layers": [\#(F.shapeLayer(F.rectangle(x: 30, y: 20, width: 80, height: 30) + "," + F.fill()))]}]"#
        let layers = [F.shapeLayer(F.rectangle(roundness: 6) + "," + F.stroke(width: 3) + "," + F.fill(0, 1, 0)), clipped].joined(separator: ",")
        let view = LottieView(animation: try F.animation(F.document(layers: layers, assets: inner)))
        #expect(view.drawsFitted)
        let fit = try #require(FrameFit(from: Size(width: 100, height: 100), to: Size(width: 333, height: 180)))
        var context = DrawContext(fonts: NoFonts(), images: NoImages(), pixelScale: fit.scale)
        var after = DisplayList(size: Size(width: 333, height: 180), background: .clear)
        try view.draw(at: 0.25, context: context, into: &after)
        after.fit(from: 0, by: fit)
        context.fit = fit
        var direct = DisplayList(size: Size(width: 333, height: 180), background: .clear)
        try view.draw(at: 0.25, context: context, into: &direct)
        #expect(direct.commands.count == after.commands.count && direct.commands.count > 3)
        for (a, b) in zip(direct.commands, after.commands) {
            switch (a, b) {
            case (.path(let a), .path(let b)):
                #expect(a.color == b.color && a.contours.count == b.contours.count)
                for (p, q) in zip(a.contours.joined(), b.contours.joined()) {
                    #expect(abs(p.x - q.x) < 1e-9 && abs(p.y - q.y) < 1e-9)
                }
            case (.pushGroup(let a), .pushGroup(let b)):
                #expect(a.maskPaths.count == b.maskPaths.count)
                for (p, q) in zip(a.maskPaths.flatMap(\.contours).joined(), b.maskPaths.flatMap(\.contours).joined()) {
                    #expect(abs(p.x - q.x) < 1e-9 && abs(p.y - q.y) < 1e-9)
                }
            case (.popGroup, .popGroup), (.popClip, .popClip):
                break
            case (.pushClip(let a), .pushClip(let b)):
                #expect(abs(a.minX - b.minX) < 1e-9 && abs(a.maxY - b.maxY) < 1e-9)
            default:
                Issue.record("\(a) drawn fitted, \(b) fitted after")
            }
        }
    }
}

/// Skew is a shear by tan θ, so it repeats every 180°: a layer skewed by 180° is drawn unskewed
/// (as lottie-web, rlottie, ThorVG and Skottie draw it), one skewed by 200° as by 20°.
@Suite struct LottieSkewTests {
    static func bounds(skew: Double) throws -> Rect? {
        let layer = LottieTestFiles.shapeLayer(
            LottieTestFiles.rectangle() + "," + LottieTestFiles.fill(), ks: #"{"sk": {"a": 0, "k": \#(skew)}, "sa": {"a": 0, "k": 0}}"#
        )
        let animation = try LottieTestFiles.animation(LottieTestFiles.document(layers: layer))
        return LottieTestFiles.paths(LottieTestFiles.list(animation, frame: 0)).first?.bounds
    }

    @Test func skewRepeatsEvery180Degrees() throws {
        let plain = try #require(try Self.bounds(skew: 0))
        let half = try #require(try Self.bounds(skew: 180))
        #expect(abs(half.width - plain.width) < 1e-9 && abs(half.height - plain.height) < 1e-9)
        let twenty = try #require(try Self.bounds(skew: 20)), twoHundred = try #require(try Self.bounds(skew: 200))
        #expect(abs(twenty.width - twoHundred.width) < 1e-9 && abs(twenty.minX - twoHundred.minX) < 1e-9)
        #expect(twenty.width > plain.width)
        // Near 90° (a shear to infinity) it is still clamped to After Effects' 85°.
        let steep = try #require(try Self.bounds(skew: 89.5)), limit = try #require(try Self.bounds(skew: 85))
        #expect(abs(steep.width - limit.width) < 1e-9)
    }
}

/// A colour eased past 1 between its keys (an overshooting curve) is clamped, not taken for a
/// colour in 0 … 255 (which drew it black); a file that writes its colours in 0 … 255 is still
/// read as such.
@Suite struct LottieColourTests {
    static func colour(keys: String, frame: Double) throws -> Color? {
        let fill = #"{"ty": "fl", "c": {"a": 1, "k": \#(keys)}, "o": {"a": 0, "k": 100}, "r": 1}"#
        let animation = try LottieTestFiles.animation(LottieTestFiles.document(layers: LottieTestFiles.shapeLayer(LottieTestFiles.rectangle() + "," + fill)))
        return LottieTestFiles.paths(LottieTestFiles.list(animation, frame: frame)).first?.color
    }

    @Test func anOvershootIsClampedAndOldFilesKeepTheirScale() throws {
        // From white towards pink with an out-handle below 0: the eased value first rises past 1.
        let overshoot = #"[{"t": 0, "s": [1, 1, 1, 1], "o": {"x": [0.167], "y": [-1.543]}, "i": {"x": [0.704], "y": [1]}}, {"t": 30, "s": [0.976, 0.824, 0.875, 1]}]"#
        #expect(try Self.colour(keys: overshoot, frame: 3) == Color(red: 1, green: 1, blue: 1))
        let old = #"[{"t": 0, "s": [255, 0, 0, 255]}, {"t": 30, "s": [0, 0, 255, 255]}]"#
        let halfway = try #require(try Self.colour(keys: old, frame: 15))
        #expect(abs(halfway.red - 0.5) < 1e-9 && abs(halfway.blue - 0.5) < 1e-9)
    }
}
