import CadenceDraw
import Testing

/// Projective transforms of the plane, and the pictures drawn through them.
@Suite struct ProjectiveTransformTests {
    /// Perspective along x: w = 1 + x / 200, so points to the right shrink towards the origin.
    static let tilted = ProjectiveTransform(m11: 1, m12: 0, m13: 0.005, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)

    @Test func anAffineTransformStaysAffine() throws {
        let affine = AffineTransform(rotation: 0.3).concatenating(AffineTransform(translationX: 5, y: -2))
        let projective = ProjectiveTransform(affine)
        #expect(projective.affine == affine)
        #expect(Self.tilted.affine == nil)
        let point = Point(x: 3, y: 4)
        let mapped = try #require(projective.apply(to: point))
        #expect(abs(mapped.x - affine.apply(to: point).x) < 1e-12 && abs(mapped.y - affine.apply(to: point).y) < 1e-12)
    }

    @Test func concatenationAppliesSelfFirstAndTheInverseUndoesIt() throws {
        let shift = AffineTransform(translationX: 10, y: 0)
        let both = ProjectiveTransform(shift).concatenating(Self.tilted)
        // (0, 0) moves to (10, 0), then w = 1.05.
        let mapped = try #require(both.apply(to: Point(x: 0, y: 0)))
        #expect(abs(mapped.x - 10 / 1.05) < 1e-12 && mapped.y == 0)
        let inverse = try #require(both.inverted)
        let back = try #require(inverse.apply(to: mapped))
        #expect(abs(back.x) < 1e-9 && abs(back.y) < 1e-9)
        #expect(ProjectiveTransform(m11: 1, m12: 0, m13: 0, m21: 2, m22: 0, m23: 0, m31: 0, m32: 0, m33: 1).inverted == nil)
    }

    @Test func whatLiesBehindTheEyeIsClippedNeverANumberOfNoMeaning() throws {
        // w = 1 − x / 100: the eye's plane is x = 100.
        let eye = ProjectiveTransform(m11: 1, m12: 0, m13: -0.01, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)
        #expect(eye.apply(to: Point(x: 150, y: 0)) == nil)
        #expect(eye.apply(to: Point(x: 100, y: 0)) == nil)
        let outline = eye.projectedOutline(of: Rect(x: 0, y: 0, width: 200, height: 10))
        #expect(outline.count == 4)
        #expect(outline.allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.x >= 0 })
        // Wholly behind: nothing shows.
        #expect(eye.boundingBox(of: Rect(x: 120, y: 0, width: 50, height: 10)) == nil)
        let box = try #require(eye.boundingBox(of: Rect(x: 0, y: 0, width: 50, height: 10)))
        #expect(abs(box.maxX - 100) < 1e-9)  // x = 50 at w = 0.5
        #expect(abs(box.maxY - 20) < 1e-9)
    }

    @Test func samplesGrowWithTheFootprint() {
        #expect(ProjectedPicture.samples(footprint: 0.5) == 1)
        #expect(ProjectedPicture.samples(footprint: 2) == 1)
        #expect(ProjectedPicture.samples(footprint: 2.5) == 2)
        #expect(ProjectedPicture.samples(footprint: 7.9) == 4)
        #expect(ProjectedPicture.samples(footprint: 1e300) == 4)
        #expect(ProjectedPicture.samples(footprint: .infinity) == 4)
        #expect(ProjectedPicture.samples(footprint: .nan) == 4)
    }

    @Test func aPicturesBoundsAreItsProjectedOutlineAndMappingMovesOnlyTheTransform() throws {
        var inner = DisplayList(size: Size(width: 100, height: 50), background: .clear)
        inner.roundedRect(RoundedRect(rect: Rect(x: 0, y: 0, width: 100, height: 50), cornerRadius: 0, fill: .black))
        let command = DrawCommand.projected(ProjectedPicture(list: inner, transform: Self.tilted))
        let bounds = try #require(command.bounds)
        // The picture grown by a pixel (its bilinear edge), projected, grown by a pixel.
        #expect(abs(bounds.minX - (-1 / 0.995 - 1)) < 1e-9 && abs(bounds.minY - (-1 / 0.995 - 1)) < 1e-9)
        #expect(abs(bounds.maxX - (101 / 1.505 + 1)) < 1e-9 && abs(bounds.maxY - (51 / 0.995 + 1)) < 1e-9)
        var mapping = CommandMapping(AffineTransform(translationX: 7, y: 3))
        guard case .projected(let moved) = mapping.map(command) else {
            Issue.record("not a picture")
            return
        }
        #expect(moved.list == inner)
        let corner = try #require(moved.transform.apply(to: Point(x: 0, y: 0)))
        #expect(corner == Point(x: 7, y: 3))
        // A tint reaches the picture's commands.
        guard case .projected(let tinted) = command.tinted(by: Color(red: 1, green: 0, blue: 0, alpha: 0.5)),
              case .roundedRect(let shape) = tinted.list.commands[0] else {
            Issue.record("tint lost the picture")
            return
        }
        #expect(shape.fill.alpha == 0.5)
    }

    @Test func aPictureTakesAGroupDepthAndPastTheDepthIsNotDrawn() {
        var inner = DisplayList(size: Size(width: 10, height: 10), background: .clear)
        inner.append(.pushGroup(Group(opacity: 0.5)))
        inner.roundedRect(RoundedRect(rect: Rect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 0, fill: .black))
        inner.append(.popGroup)
        var list = DisplayList(size: Size(width: 20, height: 20), background: .white)
        list.append(.projected(ProjectedPicture(list: inner, transform: Self.tilted)))
        #expect(list.groupDepth == 2)
        #expect(list.flatteningGroups(deeperThan: 2) == list)
        // One depth: the picture keeps its own, its group is flattened.
        guard case .projected(let kept) = list.flatteningGroups(deeperThan: 1).commands.first else {
            Issue.record("the picture was dropped")
            return
        }
        #expect(kept.list.groupDepth == 0)
        #expect(list.flatteningGroups(deeperThan: 0).commands.isEmpty)
    }
}
