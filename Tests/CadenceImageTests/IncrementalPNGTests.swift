import CadenceDraw
import CadenceImage
import Foundation
import Testing

/// The incremental encoder writes ordinary PNGs (read back by libpng), and a frame's bytes do not
/// depend on which earlier frame compressed its bands.
@Suite struct IncrementalPNGTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "cadence-incremental-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// A frame with texture in every row, and a block at `block` rows that later frames move.
    func frame(width: Int = 53, height: Int = 70, block: Range<Int>, shade: UInt8 = 200) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 4
                let inBlock = block.contains(y) && (10..<30).contains(x)
                image.pixels[offset] = inBlock ? shade : UInt8((x * 7 + y * 3) % 256)
                image.pixels[offset + 1] = inBlock ? 40 : UInt8((x ^ y) % 256)
                image.pixels[offset + 2] = UInt8(y % 256)
                image.pixels[offset + 3] = inBlock ? 255 : UInt8(128 + x % 128)
            }
        }
        return image
    }

    func bytes(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
    }

    @Test(arguments: [
        PNGOptions(level: 0, filter: .none, encoder: .incremental), PNGOptions(level: 1, filter: .none, encoder: .incremental),
        PNGOptions(level: 1, filter: .sub, encoder: .incremental), PNGOptions(level: 6, filter: .up, encoder: .incremental),
        PNGOptions(level: 9, filter: .up, encoder: .incremental),
    ])
    func aSingleImageRoundTrips(options: PNGOptions) throws {
        // 70 rows: four whole bands of 16 and a short one.
        let image = frame(block: 20..<41)
        try image.writePNG(to: folder + "/one.png", options: options)
        #expect(try RGBAImage(contentsOfPNG: folder + "/one.png") == image)
    }

    @Test(arguments: [PNGFilterCase.none, .sub, .up])
    func framesReusingBandsAreTheFramesWrittenAlone(filter: PNGFilterCase) throws {
        let options = PNGOptions(level: 1, filter: filter.filter, encoder: .incremental)
        let encoder = try IncrementalPNGEncoder(width: 53, height: 70, options: options)
        // The block moves down 5 rows a frame; then a frame with nothing changed.
        let blocks = [0..<10, 5..<15, 10..<20, 30..<55, 30..<55]
        var previous: Range<Int>?
        var newBands: [Int] = []
        for (index, block) in blocks.enumerated() {
            let changed = previous.map { [$0, block] } ?? [0..<70]
            let plan = encoder.nextFrame(changedRows: previous == block ? [] : changed)
            newBands.append(plan.newBands)
            let image = frame(block: block)
            try encoder.write(image, frame: plan, to: folder + "/seq_\(index).png")
            try image.writePNG(to: folder + "/alone_\(index).png", options: options)
            #expect(try bytes("seq_\(index).png") == bytes("alone_\(index).png"), "frame \(index)")
            #expect(try RGBAImage(contentsOfPNG: folder + "/seq_\(index).png") == image, "frame \(index)")
            previous = block
        }
        // Only the bands the block left or entered are compressed again.
        #expect(newBands == [5, 1, 2, 4, 0])
    }

    @Test func framesWrittenOnManyThreadsAreTheSameBytes() throws {
        let options = PNGOptions(level: 1, filter: .up, encoder: .incremental)
        let encoder = try IncrementalPNGEncoder(width: 53, height: 70, options: options, bandHeight: 4)
        let frames = (0..<24).map { frame(block: ($0 * 2)..<($0 * 2 + 9), shade: UInt8(100 + $0)) }
        let plans = frames.indices.map { index in
            encoder.nextFrame(changedRows: index == 0 ? nil : [((index - 1) * 2)..<(index * 2 + 9)])
        }
        let failures = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: frames.count) { index in
            do {
                try encoder.write(frames[index], frame: plans[index], to: folder + "/threads_\(index).png")
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        for (index, image) in frames.enumerated() {
            let alone = try IncrementalPNGEncoder(width: 53, height: 70, options: options, bandHeight: 4)
            try alone.write(image, frame: alone.nextFrame(changedRows: nil), to: folder + "/alone.png")
            #expect(try RGBAImage(contentsOfPNG: folder + "/alone.png") == image)
            #expect(try bytes("threads_\(index).png") == bytes("alone.png"), "frame \(index)")
        }
    }

    @Test func otherFiltersAndLevelsAreRefusedByName() throws {
        #expect(throws: PNGError.unsupportedFilter(.paeth, encoder: .incremental)) {
            try IncrementalPNGEncoder(width: 4, height: 4, options: PNGOptions(level: 1, filter: .paeth, encoder: .incremental))
        }
        #expect(throws: PNGError.invalidLevel(10)) {
            try IncrementalPNGEncoder(width: 4, height: 4, options: PNGOptions(level: 10, filter: .none, encoder: .incremental))
        }
        #expect("\(PNGError.unsupportedFilter(.paeth, encoder: .incremental))".contains("none, sub and up filters, not paeth"))
    }

    @Test func theDefaultEncoderFollowsTheFilter() {
        #expect(PNGOptions().encoder == .incremental)
        #expect(PNGOptions(filter: .up).encoder == .incremental)
        #expect(PNGOptions(level: 9, filter: .adaptive).encoder == .libpng)
        #expect(PNGOptions(filter: .none, encoder: .libdeflate).encoder == .libdeflate)
    }

    @Test func aFrameOfTheWrongSizeIsAnErrorNamingThePath() throws {
        let encoder = try IncrementalPNGEncoder(width: 8, height: 8, options: PNGOptions())
        let plan = encoder.nextFrame(changedRows: nil)
        let path = folder + "/wrong.png"
        #expect {
            try encoder.write(RGBAImage(width: 4, height: 8), frame: plan, to: path)
        } throws: { error in
            "\(error)".contains(path) && "\(error)".contains("4x8")
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}

/// The filters the incremental encoder writes, as test arguments.
enum PNGFilterCase: CaseIterable, Sendable, CustomTestStringConvertible {
    case none, sub, up

    var filter: PNGOptions.Filter {
        switch self {
        case .none: .none
        case .sub: .sub
        case .up: .up
        }
    }

    var testDescription: String { "\(filter)" }
}

/// A value behind a lock, for collecting results from many threads.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.withLock { body(&value) }
    }
}
