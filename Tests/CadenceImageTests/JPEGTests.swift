import CadenceDraw
import CadenceImage
import Foundation
import Testing

/// JPEG decoding through libjpeg-turbo: colours, the size limits, reduction, and bad files.
@Suite struct JPEGTests {
    /// A 32 × 16 baseline JPEG made for this test: its left half red, its right half blue.
    static let redBlue = Data(base64Encoded: "/9j/4AAQSkZJRgABAgAAAQABAAD//gAQTGF2YzU5LjM3LjEwMAD/2wBDAAgEBAQEBAUFBQUFBQYGBgYGBgYGBgYGBgYHBwcICAgHBwcGBgcHCAgICAkJCQgICAgJCQoKCgwMCwsODg4RERT/xABOAAEBAAAAAAAAAAAAAAAAAAAABgEBAQEBAAAAAAAAAAAAAAAAAAgHBhABAAAAAAAAAAAAAAAAAAAAABEBAAAAAAAAAAAAAAAAAAAAAP/AABEIABAAIAMBEgACEgADEgD/2gAMAwEAAhEDEQA/AIscoN/AAEgKqE1gAD//2Q==")!

    @Test func decodesColoursOpaque() throws {
        #expect(RGBAImage.isJPEG(Self.redBlue))
        let image = try RGBAImage(jpegData: Self.redBlue, name: "red-blue.jpg")
        #expect(image.width == 32 && image.height == 16)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(image.pixels[(y * 32 + x) * 4..<(y * 32 + x) * 4 + 4]) }
        let (red, blue) = (pixel(4, 8), pixel(28, 8))
        #expect(red[0] > 230 && red[1] < 30 && red[2] < 30 && red[3] == 255, "\(red)")
        #expect(blue[0] < 30 && blue[1] < 30 && blue[2] > 230 && blue[3] == 255, "\(blue)")
    }

    @Test func limitsAndReduction() throws {
        #expect(throws: JPEGError.self) { try RGBAImage(jpegData: Self.redBlue, name: "x", maximumSide: 16) }
        #expect(throws: JPEGError.self) { try RGBAImage(jpegData: Self.redBlue, name: "x", maximumPixels: 128) }
        // Reduced by libjpeg's own scaling, to the largest of 1/2, 1/4, 1/8 that fits.
        let half = try RGBAImage(jpegData: Self.redBlue, name: "x", maximumPixels: 128, reducingLarger: true)
        #expect(half.width == 16 && half.height == 8)
        let eighth = try RGBAImage(jpegData: Self.redBlue, name: "x", maximumPixels: 8, reducingLarger: true)
        #expect(eighth.width == 4 && eighth.height == 2)
        #expect(throws: JPEGError.self) { try RGBAImage(jpegData: Self.redBlue, name: "x", maximumPixels: 7, reducingLarger: true) }
    }

    /// A header declaring 60000 × 60000 pixels is refused before any pixel is allocated.
    @Test func aHugeDeclaredSizeIsRefusedFromItsHeader() throws {
        var bytes = [UInt8](Self.redBlue)
        let frame = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        // SOF0: marker, length (2), precision (1), height (2), width (2).
        bytes[frame + 5] = 0xEA; bytes[frame + 6] = 0x60; bytes[frame + 7] = 0xEA; bytes[frame + 8] = 0x60
        #expect {
            try RGBAImage(jpegData: Data(bytes), name: "huge.jpg")
        } throws: { error in
            "\(error)".contains("huge.jpg") && "\(error)".contains("60000x60000")
        }
    }

    @Test func badFilesAreErrorsNamingThem() throws {
        for data in [Data(), Data([0xFF, 0xD8, 0xFF]), Data([0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 7, count: 200)), Data("not a jpeg".utf8)] {
            #expect {
                try RGBAImage(jpegData: data, name: "bad.jpg")
            } throws: { error in
                "\(error)".hasPrefix("cannot read JPEG bad.jpg: ")
            }
        }
        // Cut short: libjpeg fills in the rest (a warning, not an error) and the size stands.
        let cut = try RGBAImage(jpegData: Self.redBlue.prefix(Self.redBlue.count - 12), name: "cut.jpg")
        #expect(cut.width == 32 && cut.height == 16)
        #expect(throws: JPEGError.self) { try RGBAImage(contentsOfJPEG: "/nonexistent/file.jpg") }
        #expect(throws: JPEGError.self) { try RGBAImage(contentsOfJPEG: "/tmp") }
    }
}
