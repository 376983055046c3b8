import CadenceDraw
import CadenceImage
import Foundation
import Testing

/// Issue 27, class 2: every PNG Cadence writes is whole by the format's own checks. Each file's
/// chunks are walked and every CRC recomputed here (a CRC-32 of our own, independent of the
/// writers), the chunk order checked (IHDR first, IEND last and empty), and the pixels read
/// back by libpng. `--png-encoder libdeflate` wrote an IEND whose CRC was 0, which libpng
/// rejects when it reads to the end: libdeflate's CRC of an empty (NULL) buffer restarts at 0.
@Suite struct PNGChunkCRCTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "cadence-crc-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    static let image: RGBAImage = {
        var image = RGBAImage(width: 37, height: 21)
        for index in 0..<(37 * 21) {
            image.pixels[index * 4] = UInt8(index % 251)
            image.pixels[index * 4 + 1] = UInt8((index * 7) % 256)
            image.pixels[index * 4 + 2] = UInt8((index / 37) * 12 % 256)
            image.pixels[index * 4 + 3] = 255
        }
        return image
    }()

    /// Every encoder with every filter it writes, at its lowest, default and highest levels.
    static let options: [PNGOptions] = PNGOptions.Encoder.allCases.flatMap { encoder in
        encoder.filters.flatMap { filter in
            (encoder == .libdeflate ? [1, 6, 9] : [0, 1, 9]).map { PNGOptions(level: $0, filter: filter, encoder: encoder) }
        }
    }

    @Test(arguments: options)
    func everyChunkOfEveryEncodersFileHasItsCRC(options: PNGOptions) throws {
        let path = folder + "/image.png"
        try Self.image.writePNG(to: path, options: options)
        let types = try Self.checkedChunks(of: Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(types.first == "IHDR")
        #expect(types.last == "IEND")
        #expect(types.contains("IDAT"))
        #expect(try RGBAImage(contentsOfPNG: path) == Self.image)
    }

    @Test func everyChunkOfAnAPNGHasItsCRC() throws {
        let path = folder + "/anim.png"
        let writer = try APNGWriter(path: path, width: Self.image.width, height: Self.image.height, fps: 30)
        var second = Self.image
        second.pixels[0] = 1
        try writer.add(Self.image, changed: nil)
        try writer.add(second, changed: PixelRect(x: 0, y: 0, width: 1, height: 1)!)
        try writer.finish()
        let types = try Self.checkedChunks(of: Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(types.prefix(2) == ["IHDR", "acTL"])
        #expect(types.last == "IEND")
        #expect(types.filter { $0 == "fcTL" }.count == 2)
    }

    /// The chunk types of `png` in order; throws at the first chunk whose CRC is wrong, or when
    /// the signature, a length or the end is wrong.
    static func checkedChunks(of png: Data) throws -> [String] {
        let bytes = [UInt8](png)
        guard bytes.starts(with: [137, 80, 78, 71, 13, 10, 26, 10]) else { throw CRCFailure("no PNG signature") }
        var types: [String] = []
        var at = 8
        while at < bytes.count {
            guard at + 12 <= bytes.count else { throw CRCFailure("a chunk is cut short at byte \(at)") }
            let length = Int(UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3]))
            guard at + 12 + length <= bytes.count else { throw CRCFailure("chunk at byte \(at) runs past the end") }
            let type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
            let stored = bytes[(at + 8 + length)..<(at + 12 + length)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            let computed = crc32(bytes[(at + 4)..<(at + 8 + length)])
            guard stored == computed else {
                throw CRCFailure("\(type) chunk at byte \(at): CRC \(String(stored, radix: 16)), should be \(String(computed, radix: 16))")
            }
            types.append(type)
            if type == "IEND" {
                guard length == 0, at + 12 == bytes.count else { throw CRCFailure("IEND is not an empty last chunk") }
            }
            at += 12 + length
        }
        return types
    }

    /// CRC-32 as PNG defines it (ISO 3309, polynomial 0xEDB88320), bit by bit.
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    struct CRCFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
