import CadenceImage
import Testing
import CadenceDraw

@Suite struct ImageDiffTests {
    @Test func identicalImagesDoNotDiffer() {
        let image = RGBAImage(width: 10, height: 10, fill: (10, 20, 30, 255))
        let diff = ImageDiff(expected: image, actual: image, tolerance: 0)!
        #expect(diff.differingPixels == 0)
        #expect(diff.maxChannelDelta == 0)
        #expect(diff.differingFraction == 0)
    }

    @Test func countsPixelsBeyondTheToleranceAndMarksThemRed() {
        let expected = RGBAImage(width: 4, height: 1, fill: (100, 100, 100, 255))
        var actual = expected
        actual.pixels[0] = 103  // pixel 0: off by 3
        actual.pixels[4 + 2] = 110  // pixel 1: off by 10
        let diff = ImageDiff(expected: expected, actual: actual, tolerance: 3)!
        #expect(diff.differingPixels == 1)
        #expect(diff.maxChannelDelta == 10)
        #expect(diff.differingFraction == 0.25)
        #expect(diff.diffImage[1, 0] == (255, 0, 0, 255))
        #expect(diff.diffImage[0, 0] != (255, 0, 0, 255))
    }

    @Test func differentSizesCannotBeCompared() {
        #expect(ImageDiff(expected: RGBAImage(width: 2, height: 2), actual: RGBAImage(width: 2, height: 3), tolerance: 0) == nil)
    }
}
