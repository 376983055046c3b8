import CDeflate
import CadenceDraw
import CadenceEngine
import CadenceImage
import CadenceScene
import Foundation
import Testing

/// A small APNG reader for the tests, independent of the writer: chunks with their CRCs (a CRC
/// table of its own), sequence numbers, every filter type, frames composed on a canvas.
struct APNGReader {
    struct Frame {
        var region: PixelRect
        var delay: (numerator: Int, denominator: Int)
        var dispose: UInt8
        var blend: UInt8
        var data: [UInt8] = []
    }

    enum Failure: Error, CustomStringConvertible {
        case bad(String)
        var description: String { if case .bad(let message) = self { message } else { "" } }
    }

    var width = 0
    var height = 0
    var declaredFrames = 0
    var plays = -1
    var frames: [Frame] = []
    /// Whether the IDAT image is the first frame (an fcTL came before it).
    var idatIsFirstFrame = false

    static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    static func be32(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }

    static func be16(_ bytes: [UInt8], _ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }

    init(path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        guard bytes.count > 8, Array(bytes[0..<8]) == [137, 80, 78, 71, 13, 10, 26, 10] else { throw Failure.bad("no PNG signature") }
        var at = 8
        var nextSequence = 0
        var sawIEND = false
        while at < bytes.count {
            guard at + 12 <= bytes.count else { throw Failure.bad("truncated chunk at \(at)") }
            let length = Self.be32(bytes, at)
            guard at + 12 + length <= bytes.count else { throw Failure.bad("chunk at \(at) runs past the end") }
            let type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
            let data = Array(bytes[(at + 8)..<(at + 8 + length)])
            guard Self.crc(bytes[(at + 4)..<(at + 8 + length)]) == UInt32(Self.be32(bytes, at + 8 + length)) else {
                throw Failure.bad("bad CRC in \(type)")
            }
            at += 12 + length
            switch type {
            case "IHDR":
                width = Self.be32(data, 0)
                height = Self.be32(data, 4)
                guard Array(data[8...12]) == [8, 6, 0, 0, 0] else { throw Failure.bad("not 8-bit RGBA, deflate, not interlaced") }
            case "acTL":
                guard frames.isEmpty else { throw Failure.bad("acTL after a frame") }
                declaredFrames = Self.be32(data, 0)
                plays = Self.be32(data, 4)
            case "fcTL":
                guard Self.be32(data, 0) == nextSequence else { throw Failure.bad("fcTL sequence \(Self.be32(data, 0)), expected \(nextSequence)") }
                nextSequence += 1
                let region = PixelRect(x: Self.be32(data, 12), y: Self.be32(data, 16), width: Self.be32(data, 4), height: Self.be32(data, 8))!
                guard region.width >= 1, region.height >= 1, region.x + region.width <= width, region.y + region.height <= height else {
                    throw Failure.bad("frame region \(region) outside \(width)x\(height)")
                }
                frames.append(Frame(region: region, delay: (Self.be16(data, 20), Self.be16(data, 22)), dispose: data[24], blend: data[25]))
            case "IDAT":
                if frames.count == 1 { idatIsFirstFrame = true }
                guard idatIsFirstFrame else { throw Failure.bad("IDAT outside the first frame") }
                frames[0].data += data
            case "fdAT":
                guard Self.be32(data, 0) == nextSequence else { throw Failure.bad("fdAT sequence \(Self.be32(data, 0)), expected \(nextSequence)") }
                nextSequence += 1
                guard frames.count >= 2 else { throw Failure.bad("fdAT before a second fcTL") }
                frames[frames.count - 1].data += data[4...]
            case "IEND":
                sawIEND = true
            default:
                break
            }
        }
        guard sawIEND else { throw Failure.bad("no IEND") }
        guard declaredFrames == frames.count else { throw Failure.bad("acTL says \(declaredFrames) frames, \(frames.count) fcTL") }
    }

    /// The frame's pixels, unfiltered.
    func pixels(of frame: Frame) throws -> [UInt8] {
        let rowBytes = frame.region.width * 4
        var raw = [UInt8](repeating: 0, count: (rowBytes + 1) * frame.region.height)
        guard let decompressor = libdeflate_alloc_decompressor() else { throw Failure.bad("no decompressor") }
        defer { libdeflate_free_decompressor(decompressor) }
        var actual = 0
        let result = frame.data.withUnsafeBytes { input in
            raw.withUnsafeMutableBytes { output in
                libdeflate_zlib_decompress(decompressor, input.baseAddress, input.count, output.baseAddress, output.count, &actual)
            }
        }
        guard result == LIBDEFLATE_SUCCESS, actual == raw.count else { throw Failure.bad("zlib stream does not inflate to \(raw.count) bytes") }
        var out = [UInt8](repeating: 0, count: rowBytes * frame.region.height)
        for row in 0..<frame.region.height {
            let filter = raw[row * (rowBytes + 1)]
            for i in 0..<rowBytes {
                let x = Int(raw[row * (rowBytes + 1) + 1 + i])
                let a = i >= 4 ? Int(out[row * rowBytes + i - 4]) : 0
                let b = row > 0 ? Int(out[(row - 1) * rowBytes + i]) : 0
                let c = i >= 4 && row > 0 ? Int(out[(row - 1) * rowBytes + i - 4]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = a
                case 2: predicted = b
                case 3: predicted = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                    predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw Failure.bad("filter type \(filter)")
                }
                out[row * rowBytes + i] = UInt8((x + predicted) & 0xFF)
            }
        }
        return out
    }

    /// Every frame as shown, each repeated for its delay in frames of `fps`.
    func composedFrames(fps: Int) throws -> [RGBAImage] {
        var canvas = RGBAImage(width: width, height: height)
        var shown: [RGBAImage] = []
        for frame in frames {
            guard frame.dispose == 0, frame.blend == 0 else { throw Failure.bad("dispose \(frame.dispose), blend \(frame.blend)") }
            let pixels = try pixels(of: frame)
            let rowBytes = frame.region.width * 4
            for row in 0..<frame.region.height {
                let start = ((frame.region.y + row) * width + frame.region.x) * 4
                canvas.pixels.replaceSubrange(start..<(start + rowBytes), with: pixels[(row * rowBytes)..<((row + 1) * rowBytes)])
            }
            guard frame.delay.denominator == fps, frame.delay.numerator >= 1 else {
                throw Failure.bad("delay \(frame.delay.numerator)/\(frame.delay.denominator) is not whole frames of 1/\(fps) s")
            }
            shown += Array(repeating: canvas, count: frame.delay.numerator)
        }
        return shown
    }
}

/// `--format apng`: decoded frame by frame, every composed frame is byte for byte the PNG frame
/// of the same render.
@MainActor
@Suite struct APNGOutputTests {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-apng-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// Renders `scene` as PNG frames and as an APNG; the decoded APNG and the PNG frames.
    func renderBoth(_ scene: Scene, width: Int, height: Int, fps: Int, duration: Double, readback: ReadbackMode = .direct,
                    fullRedraw: Bool = false) throws -> (reader: APNGReader, apng: [RGBAImage], png: [RGBAImage]) {
        var settings = FrameDumpSettings(width: width, height: height, fps: Double(fps), duration: duration, outputDirectory: folder + "/frames")
        let summary = try FrameDump.run(scene: scene, settings: settings)
        let png = try (0..<summary.frames).map { try RGBAImage(contentsOfPNG: folder + "/frames/" + FrameDump.fileName(ofFrame: $0)) }
        settings.format = .apng
        settings.outputDirectory = folder + "/out/animation.apng"
        settings.readback = readback
        settings.fullRedraw = fullRedraw
        let animated = try FrameDump.run(scene: scene, settings: settings)
        #expect(animated.frames == summary.frames)
        let reader = try APNGReader(path: settings.outputDirectory)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/out") == ["animation.apng"])
        return (reader, try reader.composedFrames(fps: fps), png)
    }

    func expectSameFrames(_ apng: [RGBAImage], _ png: [RGBAImage]) {
        #expect(apng.count == png.count)
        for (index, (a, b)) in zip(apng, png).enumerated() where a != b {
            Issue.record("frame \(index) differs from its PNG")
        }
    }

    @Test func laterFramesHoldOnlyWhatChangedAndUnchangedFramesLengthenTheDelay() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The square slides for 1 s, then stays: 10 frames that move, 10 that do not.
        let (reader, apng, png) = try renderBoth(try OffscreenRendererTests.slidingSquare(), width: 40, height: 20, fps: 10, duration: 2)
        expectSameFrames(apng, png)
        #expect(reader.width == 40 && reader.height == 20)
        #expect(reader.plays == 0)
        #expect(reader.idatIsFirstFrame)
        #expect(reader.frames[0].region == PixelRect(x: 0, y: 0, width: 40, height: 20)!)
        // Only the square and its edge change after the first frame, never the whole frame.
        for frame in reader.frames.dropFirst() {
            #expect(frame.region.width < 40 && frame.region.height < 20)
        }
        // The still second second is one frame's delay, not ten frames.
        #expect(reader.frames.count < 20)
        #expect(reader.frames.last.map { $0.delay.numerator } ?? 0 >= 10)
    }

    @Test func theDemoDecodesToThePNGFrames() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (reader, apng, png) = try renderBoth(.demo, width: 320, height: 180, fps: 30, duration: 1.5)
        expectSameFrames(apng, png)
        #expect(reader.frames.dropFirst().contains { $0.region.width * $0.region.height < 320 * 180 })
    }

    @Test func pixelBufferReadbackAndWholeRedrawsGiveTheSameFrames() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (_, pbo, png) = try renderBoth(.demo, width: 200, height: 120, fps: 20, duration: 1, readback: .pbo)
        expectSameFrames(pbo, png)
        let (_, whole, _) = try renderBoth(.demo, width: 200, height: 120, fps: 20, duration: 1, fullRedraw: true)
        expectSameFrames(whole, png)
    }

    @Test func aWriterFailureLeavesNoFile() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/broken.apng"
        let writer = try APNGWriter(path: path, width: 4, height: 4, fps: 10)
        try writer.add(RGBAImage(width: 4, height: 4), changed: nil)
        #expect(throws: PNGError.self) { try writer.add(RGBAImage(width: 5, height: 4), changed: nil) }
        writer.cancel()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func aLongStillStretchSplitsItsDelayAtSixteenBits() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/still.apng"
        let writer = try APNGWriter(path: path, width: 2, height: 2, fps: 30_000)
        let image = RGBAImage(width: 2, height: 2, fill: (10, 20, 30, 255))
        for _ in 0..<70_000 { try writer.add(image, changed: nil) }
        try writer.finish()
        let reader = try APNGReader(path: path)
        #expect(reader.frames.map { $0.delay.numerator } == [65_535, 4_465])
        #expect(reader.frames[1].region == PixelRect(x: 0, y: 0, width: 1, height: 1)!)
        let frames = try reader.composedFrames(fps: 30_000)
        #expect(frames.count == 70_000)
        #expect(frames.allSatisfy { $0 == image })
    }

    @Test func delaysAreFractionsOfTheFrameRate() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/ntsc.apng"
        let writer = try APNGWriter(path: path, width: 1, height: 1, fps: 30_000.0 / 1001)
        try writer.add(RGBAImage(width: 1, height: 1), changed: nil)
        try writer.finish()
        let reader = try APNGReader(path: path)
        #expect(reader.frames[0].delay.numerator == 1001 && reader.frames[0].delay.denominator == 30_000)
    }
}
