import CPNGCodec
import CadenceDraw
import CadenceFiles
import Foundation

/// Writes a sequence of frames as ordinary PNG files, compressing only the bands of rows that
/// changed since the frame before.
///
/// Each band of `bandHeight` rows is filtered on its own (with the up filter, its first row is
/// unfiltered) and compressed by zlib as raw deflate blocks ending in a full flush, which resets
/// the compressor: the band's bytes depend on its rows alone, and any sequence of bands is one
/// valid zlib stream. Each band becomes its own IDAT chunk, CRC included, and keeps the Adler-32
/// of its rows; a frame is written as the chunks of its bands between an IDAT holding the zlib
/// header and one holding the final empty block with the Adler-32 of all rows, combined from the
/// bands' (`adler32_combine`). A band whose rows did not change is the previous frame's band, not
/// compressed again.
///
/// Because a band's bytes are a pure function of its rows, a file is the same whichever frame
/// compressed its bands, in whatever order and on whatever thread: frames stay byte-identical
/// whatever `--jobs`, `--shard` or `--frames`.
///
/// Call `nextFrame(changedRows:)` once per frame, in frame order, from one thread; `write` may run
/// on any thread, any number at once.
public final class IncrementalPNGEncoder: @unchecked Sendable {
    /// Frame width in pixels.
    public let width: Int
    /// Frame height in pixels.
    public let height: Int
    /// Rows per band.
    public let bandHeight: Int
    /// Level and filter (the encoder field is not consulted).
    public let options: PNGOptions
    /// The bands of the last frame planned.
    private var bands: [BandSlot] = []

    /// Rows per band by default: 16 rows of a 1280-pixel frame are 80 KB of raw bytes, enough for
    /// deflate to find its matches (the demo's dump files grow by about 3 % over whole-image
    /// compression), small enough that a moving widget invalidates little.
    public static let defaultBandHeight = 16

    /// An encoder for `width` × `height` frames. Fails for a filter other than none, sub and up,
    /// or a level outside 0...9.
    public init(width: Int, height: Int, options: PNGOptions, bandHeight: Int = IncrementalPNGEncoder.defaultBandHeight) throws(PNGError) {
        guard (0...9).contains(options.level) else { throw .invalidLevel(options.level) }
        guard PNGOptions.Encoder.incremental.filters.contains(options.filter) else { throw .unsupportedFilter(options.filter, encoder: .incremental) }
        self.width = max(width, 1)
        self.height = max(height, 1)
        self.bandHeight = max(bandHeight, 1)
        self.options = options
    }

    /// What one frame is made of: a slot per band, shared with the frames around it where the
    /// rows are the same.
    public struct Frame: @unchecked Sendable {
        fileprivate let bands: [BandSlot]
        /// How many of the frame's bands it compresses itself (the rest come from the frame before).
        public let newBands: Int
    }

    /// Plans the frame after the last one planned. `changedRows` are the rows where it may differ
    /// from that frame (empty: none); nil, or the first frame, means all of them.
    public func nextFrame(changedRows: [Range<Int>]?) -> Frame {
        let count = (height + bandHeight - 1) / bandHeight
        var fresh = [Bool](repeating: bands.count != count || changedRows == nil, count: count)
        for rows in changedRows ?? [] {
            let lower = min(max(rows.lowerBound, 0), height)
            let upper = min(max(rows.upperBound, lower), height)
            guard lower < upper else { continue }
            for band in (lower / bandHeight)...((upper - 1) / bandHeight) { fresh[band] = true }
        }
        bands = (0..<count).map { fresh[$0] ? BandSlot() : bands[$0] }
        return Frame(bands: bands, newBands: fresh.filter { $0 }.count)
    }

    /// Writes `image` — the frame `frame` was planned for — to `path`, atomically (a temporary
    /// file renamed into place).
    public func write(_ image: RGBAImage, frame: Frame, to path: String) throws(PNGError) {
        guard image.width == width, image.height == height, image.pixels.count == width * height * 4 else {
            throw .writeFailed(path: path, reason: "a \(image.width)x\(image.height) frame given to an encoder of \(width)x\(height) frames")
        }
        var chunks: [cadence_png_band] = []
        chunks.reserveCapacity(frame.bands.count)
        for (index, slot) in frame.bands.enumerated() {
            let first = index * bandHeight
            let rows = first..<min(first + bandHeight, height)
            do throws(BandSlot.Failure) {
                chunks.append(try slot.band { () throws(BandSlot.Failure) -> PNGBand in try compress(image, rows: rows) }.band)
            } catch {
                throw .writeFailed(path: path, reason: error.reason)
            }
        }
        try writeAtomically(to: path) { descriptor, message in
            cadence_png_write_bands(descriptor, UInt32(width), UInt32(height), Int32(options.level), chunks, chunks.count, message, 256)
        }
        // The slots own the chunks' memory: keep them alive until the file is written.
        withExtendedLifetime(frame) {}
    }

    private func compress(_ image: RGBAImage, rows: Range<Int>) throws(BandSlot.Failure) -> PNGBand {
        var band = cadence_png_band()
        var message = [CChar](repeating: 0, count: 256)
        let status = image.pixels.withUnsafeBufferPointer { bytes in
            cadence_png_compress_band(
                bytes.baseAddress, UInt32(width), UInt32(rows.lowerBound), UInt32(rows.count),
                Int32(options.level), options.filter.mask, &band, &message, message.count
            )
        }
        guard status == 0 else { throw BandSlot.Failure(reason: cString(message)) }
        return PNGBand(band)
    }
}

/// A band's compressed chunk, freed with it.
final class PNGBand: @unchecked Sendable {
    let band: cadence_png_band

    init(_ band: cadence_png_band) {
        self.band = band
    }

    deinit {
        var band = band
        cadence_png_band_free(&band)
    }
}

/// One band of rows, compressed by the first frame that gets to it: later frames whose rows in it
/// did not change share the slot and wait, if it is still being compressed, for that one
/// compression. Compressing never waits on anything, so waiting here cannot deadlock.
final class BandSlot: @unchecked Sendable {
    struct Failure: Error {
        var reason: String
    }

    private enum State {
        case empty, compressing, done(PNGBand), failed(String)
    }

    private let condition = NSCondition()
    private var state = State.empty

    /// The band, compressed by `make` if nobody has yet.
    func band(_ make: () throws(Failure) -> PNGBand) throws(Failure) -> PNGBand {
        condition.lock()
        while true {
            switch state {
            case .done(let band):
                condition.unlock()
                return band
            case .failed(let reason):
                condition.unlock()
                throw Failure(reason: reason)
            case .compressing:
                condition.wait()
            case .empty:
                state = .compressing
                condition.unlock()
                let result: State
                do throws(Failure) {
                    result = .done(try make())
                } catch {
                    result = .failed(error.reason)
                }
                condition.lock()
                state = result
                condition.broadcast()
            }
        }
    }
}

/// Runs `write(descriptor, message)` — a C writer returning 0 or a message, which closes the
/// descriptor whatever happens — on a temporary file created beside `path`
/// (`FilePaths.createTemporary`: never through a link or into a FIFO planted at its name), then
/// renames it over `path`; nothing is left behind on failure. A target that exists and is not a
/// regular file (a FIFO, device, folder, link) is refused, not replaced.
func writeAtomically(
    to path: String, _ write: (_ descriptor: Int32, _ message: UnsafeMutablePointer<CChar>) -> Int32
) throws(PNGError) {
    let temporary: TemporaryFile
    do throws(FileProblem) {
        try FilePaths.checkOutput(path)
        temporary = try FilePaths.createTemporary(for: path)
    } catch {
        throw .writeFailed(path: path, reason: error.reason)
    }
    var message = [CChar](repeating: 0, count: 256)
    let status = message.withUnsafeMutableBufferPointer { buffer in write(temporary.descriptor, buffer.baseAddress!) }
    guard status == 0 else {
        unlink(temporary.path)
        throw .writeFailed(path: path, reason: cString(message))
    }
    do throws(FileProblem) {
        try FilePaths.commit(temporary, to: path)
    } catch {
        throw .writeFailed(path: path, reason: error.reason)
    }
}

/// The text of a NUL-terminated message buffer filled by C.
func cString(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self)
}
