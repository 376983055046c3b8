import CadenceDraw
import CadenceScene
import CadenceText
import Foundation
import Testing

/// 3-D transforms: turns about x and y, translation and scale along z, perspective, the sublayer
/// transform and `doubleSided`, read from files and drawn as projected pictures.
@Suite struct Transform3DTests {
    func parse(_ json: String, file: String = "3d.json") throws(SceneError) -> Scene {
        try SceneFile.parse(Data(json.utf8), file: file, strict: true).scene
    }

    /// A 100 × 60 card in a 200 × 200 scene, with `card` keys added.
    static func card(_ keys: String, stage: String = "") -> String {
        """
        {"size": [200, 200], "background": "#FFFFFF", "nodes": [
          {"type": "Layer", "id": "stage", "frame": [0, 0, 200, 200]\(stage.isEmpty ? "" : ", " + stage), "sublayers": [
            {"type": "Layer", "id": "card", "position": [100, 100], "bounds": [100, 60], "backgroundColor": "#FF9500"\(keys.isEmpty ? "" : ", " + keys)}
          ]}]}
        """
    }

    static func pictures(_ list: DisplayList) -> [ProjectedPicture] {
        list.commands.compactMap { if case .projected(let picture) = $0 { picture } else { nil } }
    }

    @Test func aTransformReadsItsThreeDimensionalForms() throws {
        let scene = try parse(Self.card(
            #""transform": {"rotation": {"x": 0.1, "y": 0.2, "z": 0.3}, "translation": [1, 2, 3], "scale": [2, 3, 4], "perspective": 500}, "doubleSided": false"#,
            stage: #""sublayerTransform": {"perspective": 800, "rotation": {"y": 0.5}}"#
        ))
        let card = try #require(scene.layer(id: "card")).properties
        #expect(card.transform == LayerTransform(
            rotation: 0.3, scale: Point(x: 2, y: 3), translation: Point(x: 1, y: 2), rotationX: 0.1, rotationY: 0.2, scaleZ: 4, translationZ: 3, perspective: 500
        ))
        #expect(!card.isDoubleSided)
        let stage = try #require(scene.layer(id: "stage")).properties
        #expect(stage.sublayerTransform.perspective == 800 && stage.sublayerTransform.rotationY == 0.5)
        // A uniform scale sets z too, as transform.scale does.
        let uniform = try parse(Self.card(#""transform": {"scale": 2}"#)).layer(id: "card")?.properties.transform
        #expect(uniform?.scaleZ == 2)
    }

    @Test(arguments: [
        (#""transform": {"perspective": 0}"#, "transform.perspective", "above 0"),
        (#""transform": {"perspective": -300}"#, "transform.perspective", "above 0"),
        (#""transform": {"rotation": {"y": 1e308}}"#, "transform.rotation.y", "out of range"),
        (#""transform": {"rotation": 1e308}"#, "transform.rotation", "out of range"),
        (#""transform": {"rotation": {"w": 1}}"#, "transform.rotation.w", "unknown key"),
        (#""transform": {"rotation": "y"}"#, "transform.rotation", "{\"x\", \"y\", \"z\"}"),
        (#""transform": {"translation": [1, 2, 3, 4]}"#, "transform.translation", "2 or 3 numbers"),
        (#""transform": {"perspectve": 500}"#, "transform.perspectve", "did you mean 'perspective'?"),
        (#""sublayerTransform": {"perspective": 1e308}"#, "sublayerTransform.perspective", "out of range"),
        (#""doubleSided": "no""#, "doubleSided", "true or false"),
        (#""animations": [{"keyPath": "sublayerTransform.perspective", "from": 500, "to": 0, "duration": 1}]"#, "animations[0].to", "above 0"),
    ])
    func badThreeDimensionalValuesNameTheNodeAndKey(keys: String, key: String, words: String) throws {
        let error = try #require(throws: SceneError.self) { try parse(Self.card(keys)) }
        #expect(error.node == "card")
        #expect(error.key == key)
        #expect(error.message.contains(words), "\(error)")
    }

    @Test func aReplicatorsInstanceTransformStaysFlat() throws {
        let json = """
            {"size": [100, 20], "background": "#FFFFFF", "nodes": [
              {"type": "ReplicatorLayer", "id": "row", "frame": [0, 0, 100, 20], "instanceCount": 3,
               "instanceTransform": {"rotation": {"y": 1}}}]}
            """
        let error = try #require(throws: SceneError.self) { try parse(json) }
        #expect(error.key == "instanceTransform.rotation" && error.message.contains("must be a number"))
    }

    @Test func aLayerTurnedUnderPerspectiveIsAProjectedPictureAndAFlatOneIsNot() throws {
        let fonts = FontLibrary()
        let flat = try parse(Self.card(#""transform": {"perspective": 400}"#)).displayList(at: 0, in: DrawContext(fonts: fonts))
        #expect(Self.pictures(flat).isEmpty)
        let turned = try parse(Self.card(#""transform": {"rotation": {"y": 0.6}, "perspective": 400}"#)).displayList(at: 0, in: DrawContext(fonts: fonts))
        let picture = try #require(Self.pictures(turned).first)
        // Drawn flat at about the frame's resolution (rounded up to a quarter octave): the card and its fringe.
        #expect(picture.list.size.width >= 100 && picture.list.size.width <= 125)
        // Positive turns about y take the right edge away from the eye: it shows shorter.
        let t = picture.transform
        let left = try #require(t.apply(to: Point(x: 1, y: 1))), leftBottom = try #require(t.apply(to: Point(x: 1, y: picture.list.size.height - 1)))
        let right = try #require(t.apply(to: Point(x: picture.list.size.width - 1, y: 1)))
        let rightBottom = try #require(t.apply(to: Point(x: picture.list.size.width - 1, y: picture.list.size.height - 1)))
        #expect(rightBottom.y - right.y < leftBottom.y - left.y)
        // Without perspective the same turn is an affine squash, drawn as before.
        let squashed = try parse(Self.card(#""transform": {"rotation": {"y": 0.6}}"#)).displayList(at: 0, in: DrawContext(fonts: fonts))
        #expect(Self.pictures(squashed).isEmpty)
        guard case .roundedRect(let shape)? = squashed.commands.first else {
            Issue.record("no card: \(squashed)")
            return
        }
        #expect(abs(shape.transform.a - cos(0.6)) < 1e-12)
    }

    @Test func theSublayerTransformSeesTheSublayersInPerspectiveAboutTheAnchor() throws {
        let fonts = FontLibrary()
        let list = try parse(Self.card(#""transform": {"rotation": {"y": 0.6}}"#, stage: #""sublayerTransform": {"perspective": 400}"#))
            .displayList(at: 0, in: DrawContext(fonts: fonts))
        #expect(Self.pictures(list).count == 1)
        // zPosition brings a flat sublayer towards the eye: larger about the stage's centre.
        let near = try parse(Self.card(#""zPosition": 100"#, stage: #""sublayerTransform": {"perspective": 500}"#)).displayList(at: 0, in: DrawContext(fonts: fonts))
        guard case .roundedRect(let shape)? = near.commands.first else {
            Issue.record("no card: \(near)")
            return
        }
        #expect(abs(shape.transform.a - 1.25) < 1e-12)
        let centre = shape.transform.apply(to: Point(x: 50, y: 30))
        #expect(abs(centre.x - 100) < 1e-9 && abs(centre.y - 100) < 1e-9)
    }

    @Test func aSingleSidedLayerSeenFromBehindIsNotDrawn() throws {
        let fonts = FontLibrary()
        for (angle, shown) in [(0.3, true), (1.2, true), (2.0, false), (3.0, false), (-2.5, false)] {
            for perspective in ["", #", "perspective": 400"#] {
                let single = try parse(Self.card(#""doubleSided": false, "transform": {"rotation": {"y": \#(angle)}\#(perspective)}"#))
                #expect(try !single.displayList(at: 0, in: DrawContext(fonts: fonts)).commands.isEmpty == shown, "\(angle) \(perspective)")
                let double = try parse(Self.card(#""transform": {"rotation": {"y": \#(angle)}\#(perspective)}"#))
                #expect(try !double.displayList(at: 0, in: DrawContext(fonts: fonts)).commands.isEmpty)
            }
        }
    }

    @Test func geometryBehindTheEyeIsClippedNeverANaNOrACrash() throws {
        let fonts = FontLibrary()
        // The whole card past the eye: nothing shows.
        let behind = try parse(Self.card(#""transform": {"translation": [0, 0, 900], "rotation": {"y": 0.2}, "perspective": 500}"#))
        #expect(try behind.displayList(at: 0, in: DrawContext(fonts: fonts)).commands.isEmpty)
        // A wide card turned so that one end is behind the eye: the part in front shows, in bounds.
        let wide = """
            {"size": [200, 200], "background": "#FFFFFF", "nodes": [
              {"type": "Layer", "id": "card", "position": [100, 100], "bounds": [4000, 60], "backgroundColor": "#FF9500",
               "transform": {"rotation": {"y": 1.3}, "perspective": 300}}]}
            """
        let list = try parse(wide).displayList(at: 0, in: DrawContext(fonts: fonts))
        for picture in Self.pictures(list) {
            let bounds = try #require(DrawCommand.projected(picture).bounds)
            #expect(bounds.minX.isFinite && bounds.maxX.isFinite && bounds.minY.isFinite && bounds.maxY.isFinite)
            #expect(picture.list.size.width <= 200 && picture.list.size.height <= 200)
        }
        // Edge-on, and turns that are not numbers, from Swift: nothing or a sliver, never a trap.
        for angle in [Double.pi / 2, .nan, .infinity, 1e308] {
            var card = Layer(id: "card")
            card.properties.bounds = Size(width: 100, height: 60)
            card.properties.position = Point(x: 100, y: 100)
            card.properties.backgroundColor = .black
            card.properties.transform = LayerTransform(rotationY: angle, perspective: 400)
            let scene = Scene(name: "edge", size: Size(width: 200, height: 200), background: .white, nodes: [.layer(card)])
            for command in try scene.displayList(at: 0, in: DrawContext(fonts: fonts)).commands {
                if let bounds = command.bounds { #expect(!bounds.minX.isNaN && !bounds.maxX.isNaN) }
            }
        }
    }

    @Test func projectedPicturesAreDrawnAtTheFittedResolution() throws {
        let fonts = FontLibrary()
        let scene = try parse(Self.card(#""transform": {"rotation": {"x": 0.4}, "perspective": 400}"#))
        let own = try #require(Self.pictures(try scene.displayList(at: 0, in: DrawContext(fonts: fonts))).first)
        let doubled = try #require(Self.pictures(try scene.displayList(at: 0, size: Size(width: 400, height: 400), in: DrawContext(fonts: fonts))).first)
        #expect(abs(doubled.list.size.width - 2 * own.list.size.width) <= 4)
        // The same place in the frame, twice as far from the corner.
        let a = try #require(own.transform.apply(to: Point(x: own.list.size.width / 2, y: own.list.size.height / 2)))
        let b = try #require(doubled.transform.apply(to: Point(x: doubled.list.size.width / 2, y: doubled.list.size.height / 2)))
        #expect(abs(b.x - 2 * a.x) < 2 && abs(b.y - 2 * a.y) < 2)
    }

    @Test func theThreeDimensionalKeyPathsAnimate() throws {
        let scene = try parse(Self.card(
            #""animations": [{"keyPath": "transform.rotation.y", "from": 0, "to": 1, "duration": 1, "timingFunction": "linear", "fillMode": "both"}, {"keyPath": "transform.translation.z", "from": 0, "to": 50, "duration": 1, "timingFunction": "linear", "fillMode": "both"}]"#,
            stage: #""sublayerTransform": {"perspective": 600}, "animations": [{"keyPath": "sublayerTransform.perspective", "from": 600, "to": 300, "duration": 1, "timingFunction": "linear", "fillMode": "both"}]"#
        ))
        let card = try #require(scene.layer(id: "card")).presentation(at: 0.5).properties.transform
        #expect(abs(card.rotationY - 0.5) < 1e-9 && abs(card.translationZ - 25) < 1e-9)
        #expect(scene.layer(id: "stage").map { abs($0.presentation(at: 0.5).properties.sublayerTransform.perspective - 450) < 1e-9 } == true)
        for name in ["transform.rotation.x", "transform.rotation.z", "transform.scale.z", "transform.perspective", "sublayerTransform.rotation.y",
                     "sublayerTransform.translation.z", "sublayerTransform.scale"] {
            #expect(LayerLens.named(name) != nil, "\(name)")
        }
    }
}

/// An ImageLayer's `minificationFilter` and `magnificationFilter`.
@Suite struct ImageFilterTests {
    @Test func filtersAreReadAndReachTheImageDraw() throws {
        let json = """
            {"size": [100, 100], "background": "#FFFFFF", "nodes": [
              {"type": "ImageLayer", "id": "photo", "frame": [0, 0, 40, 25], "contents": "builtin:sunset",
               "minificationFilter": "trilinear", "magnificationFilter": "nearest"}]}
            """
        let scene = try SceneFile.parse(Data(json.utf8), file: "filters.json", strict: true).scene
        guard case .image(let content)? = scene.layer(id: "photo")?.content else {
            Issue.record("not an image layer")
            return
        }
        #expect(content.minificationFilter == .trilinear && content.magnificationFilter == .nearest)
        let draw = ImageDraw(key: "k", image: RGBAImage(width: 320, height: 200), rect: Rect(x: 0, y: 0, width: 40, height: 25),
                             minificationFilter: .trilinear, magnificationFilter: .nearest)
        #expect(draw.texelsPerPixel == 8)
        #expect(draw.filter == .trilinear)
        var enlarged = draw
        enlarged.rect = Rect(x: 0, y: 0, width: 640, height: 400)
        #expect(enlarged.filter == .nearest)
        enlarged.magnificationFilter = .trilinear
        #expect(enlarged.filter == .linear)
        // A turn keeps the footprint; a flattening transform has none.
        enlarged.transform = AffineTransform(rotation: 0.7)
        #expect(abs(enlarged.texelsPerPixel - 0.5) < 1e-12)
        enlarged.transform = AffineTransform(scaleX: 0, y: 1)
        #expect(enlarged.texelsPerPixel == 0)
    }

    @Test func aMisspeltFilterIsNamedWithASuggestion() throws {
        let json = """
            {"size": [100, 100], "background": "#FFFFFF", "nodes": [
              {"type": "ImageLayer", "id": "photo", "frame": [0, 0, 40, 25], "contents": "builtin:sunset", "magnificationFilter": "neerest"}]}
            """
        let error = try #require(throws: SceneError.self) { try SceneFile.parse(Data(json.utf8), file: "filters.json", strict: true) }
        #expect(error.node == "photo" && error.key == "magnificationFilter")
        #expect(error.message.contains("did you mean 'nearest'?"), "\(error)")
    }
}

/// Blend modes and filters: `compositingFilter`, `filters` and `backgroundFilters`.
@Suite struct LayerFilterTests {
    func parse(_ json: String) throws(SceneError) -> Scene {
        try SceneFile.parse(Data(json.utf8), file: "filters.json", strict: true).scene
    }

    static func card(_ keys: String) -> String {
        """
        {"size": [200, 200], "background": "#FFFFFF", "nodes": [
          {"type": "Layer", "id": "card", "position": [100, 100], "bounds": [100, 60], "cornerRadius": 8, "backgroundColor": "#FF9500", \(keys)}]}
        """
    }

    @Test func filtersAreReadAndMakeOneGroup() throws {
        let scene = try parse(Self.card(#""compositingFilter": "softLight", "filters": [{"type": "gaussianBlur", "inputRadius": 3}], "backgroundFilters": [{"type": "gaussianBlur"}], "opacity": 0.5"#))
        let card = try #require(scene.layer(id: "card")).properties
        #expect(card.compositingFilter == .softLight && card.blurRadius == 3 && card.backgroundBlurRadius == 10)
        let list = try scene.displayList(at: 0, in: DrawContext(fonts: FontLibrary()))
        guard case .pushGroup(let group)? = list.commands.first else {
            Issue.record("no group: \(list)")
            return
        }
        #expect(group.blendMode == .softLight && group.blur == 3 && group.backdropBlur == 10 && group.opacity == 0.5)
        #expect(group.backdrop?.rect == Rect(x: 0, y: 0, width: 100, height: 60) && group.backdrop?.cornerRadius == 8)
        // In pixels: a scene drawn twice as large blurs twice as far.
        let doubled = try scene.displayList(at: 0, size: Size(width: 400, height: 400), in: DrawContext(fonts: FontLibrary()))
        guard case .pushGroup(let large)? = doubled.commands.first else { return }
        #expect(abs(large.blur - 6) < 1e-9 && abs(large.backdropBlur - 20) < 1e-9)
    }

    @Test(arguments: [
        (#""compositingFilter": "multiplyy""#, "compositingFilter", "did you mean 'multiply'?"),
        (#""filters": [{"type": "gaussianBlur", "inputRadius": 1e9}]"#, "filters[0].inputRadius", "from 0 to 100"),
        (#""filters": [{"type": "gausianBlur"}]"#, "filters[0].type", "did you mean 'gaussianBlur'?"),
        (#""backgroundFilters": [{"type": "gaussianBlur", "inputRadius": -1}]"#, "backgroundFilters[0].inputRadius", "from 0 to 100"),
        (#""filters": [{"type": "gaussianBlur"}, {"type": "gaussianBlur"}]"#, "filters", "at most one filter"),
        (#""filters": [{"type": "gaussianBlur", "radius": 3}]"#, "filters[0].radius", "unknown key"),
        (#""animations": [{"keyPath": "filters.gaussianBlur.inputRadius", "from": 0, "to": 500, "duration": 1}]"#, "animations[0].to", "from 0 to 100"),
    ])
    func badFiltersNameTheNodeAndKey(keys: String, key: String, words: String) throws {
        let error = try #require(throws: SceneError.self) { try parse(Self.card(keys)) }
        #expect(error.node == "card" && error.key == key, "\(error)")
        #expect(error.message.contains(words), "\(error)")
    }
}
