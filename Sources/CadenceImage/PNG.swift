import CPNGCodec
import Foundation
import CadenceDraw

/// How hard the PNG encoder works: zlib's level and libpng's row filter.
public struct PNGOptions: Sendable, Hashable {
    /// Row filters; `adaptive` lets libpng pick per row (smaller, slower).
    public enum Filter: String, Sendable, Hashable, CaseIterable {
        /// libpng's row filters: chosen per row, or one for every row.
        case adaptive, none, sub, up, average, paeth

        var mask: Int32 {
            switch self {
            case .adaptive: Int32(CADENCE_PNG_FILTER_ADAPTIVE)
            case .none: Int32(CADENCE_PNG_FILTER_NONE)
            case .sub: Int32(CADENCE_PNG_FILTER_SUB)
            case .up: Int32(CADENCE_PNG_FILTER_UP)
            case .average: Int32(CADENCE_PNG_FILTER_AVG)
            case .paeth: Int32(CADENCE_PNG_FILTER_PAETH)
            }
        }
    }

    /// Which library compresses the image data.
    public enum Encoder: String, Sendable, Hashable, CaseIterable {
        /// libpng with zlib: every filter, levels 0 ... 9.
        case libpng
        /// Cadence's own chunk writer with libdeflate: the none and up filters, levels 1 ... 9.
        case libdeflate
        /// Cadence's own chunk writer with zlib, in bands of rows that a sequence of frames
        /// re-uses where the rows did not change (`IncrementalPNGEncoder`): the none, sub and up
        /// filters, levels 0 ... 9. A single image is compressed band by band.
        case incremental

        /// What `cadence render` and `PNGOptions()` use: incremental, which writes the none,
        /// sub and up filters; libpng for the others.
        public static func `default`(for filter: Filter) -> Encoder {
            Encoder.incremental.filters.contains(filter) ? .incremental : .libpng
        }

        /// The row filters this encoder writes.
        public var filters: [Filter] {
            switch self {
            case .libpng: Filter.allCases
            case .libdeflate: [.none, .up]
            case .incremental: [.none, .sub, .up]
            }
        }

        /// `filters` in words: "none, sub and up".
        public var filterNames: String {
            let names = filters.map(\.rawValue)
            return names.count > 1 ? names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1] : names.joined()
        }
    }

    /// Compression level, 0 (store) ... 9 (smallest).
    public var level: Int
    /// The row filter.
    public var filter: Filter
    /// Which library compresses.
    public var encoder: Encoder

    /// The defaults favour speed: on a 1280×720 demo frame, level 1 with no row filter took 4.6 ms
    /// and 48 KB with libpng against its usual level 6 with adaptive filters at 22.6 ms and 31 KB.
    /// libdeflate at level 1 writes 30 KB instead of 48, but whole dumps ran about 10 % slower
    /// with it (135.5 against 151.3 frames/s, interleaved runs), so it is the option for size.
    /// The incremental encoder writes the same rows at the same level and filter (about 50 KB a
    /// frame either way) and re-uses unchanged bands: demo dumps ran at 504–538 frames/s against
    /// libpng's 218–224 (`cadence bench render --png-encoder …`, interleaved), so it is the default.
    /// Without an encoder, the default for the filter (`Encoder.default(for:)`).
    public init(level: Int = 1, filter: Filter = .none, encoder: Encoder? = nil) {
        self.level = level
        self.filter = filter
        self.encoder = encoder ?? .default(for: filter)
    }
}

/// Why a PNG could not be read or written; each names the file.
public enum PNGError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A compression level outside 0 ... 9.
    case invalidLevel(Int)
    /// A row filter the encoder does not write.
    case unsupportedFilter(PNGOptions.Filter, encoder: PNGOptions.Encoder)
    /// The file could not be written, with the reason.
    case writeFailed(path: String, reason: String)
    /// The file could not be read or decoded, with the reason.
    case readFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .invalidLevel(let level): "PNG compression level must be 0...9, got \(level)"
        case .unsupportedFilter(let filter, let encoder):
            "the \(encoder.rawValue) PNG encoder writes the \(encoder.filterNames) filters, not \(filter.rawValue)"
        case .writeFailed(let path, let reason): "cannot write PNG \(path): \(reason)"
        case .readFailed(let path, let reason): "cannot read PNG \(path): \(reason)"
        }
    }
}

extension RGBAImage {
    /// Writes the image as an 8-bit RGBA PNG, atomically.
    ///
    /// The bytes go to a temporary file in the same folder, which is renamed over `path` only once
    /// complete, so a failed or interrupted write never leaves a truncated PNG behind.
    public func writePNG(to path: String, options: PNGOptions = PNGOptions()) throws(PNGError) {
        guard (0...9).contains(options.level) else { throw .invalidLevel(options.level) }
        if options.encoder == .incremental {
            let encoder = try IncrementalPNGEncoder(width: width, height: height, options: options)
            try encoder.write(self, frame: encoder.nextFrame(changedRows: nil), to: path)
            return
        }
        let deflate = options.encoder == .libdeflate && options.level >= 1 && (options.filter == .none || options.filter == .up)
        try writeAtomically(to: path) { descriptor, message in
            pixels.withUnsafeBufferPointer { bytes in
                deflate
                    ? cadence_png_write_deflate(
                        descriptor, bytes.baseAddress, UInt32(width), UInt32(height),
                        Int32(options.level), options.filter.mask, message, 256
                    )
                    : cadence_png_write(
                        descriptor, bytes.baseAddress, UInt32(width), UInt32(height),
                        Int32(options.level), options.filter.mask, message, 256
                    )
            }
        }
    }

    /// The widest and tallest image read: 16384, the largest texture llvmpipe (and most GPUs)
    /// take; a bigger image is refused from its header, before it is decoded.
    public static let maximumSide = 16384

    /// The most pixels an image is read with by default: 67,108,864 (8192 × 8192), as many as a
    /// frame may have, 256 MiB decoded. Two 16384² PNGs of 1 MB each took 3.1 GiB to compare.
    public static let maximumPixels = 1 << 26

    /// Reads any PNG, converted to 8-bit RGBA with straight alpha; at most `maximumSide`
    /// pixels a side, both checked from the header before anything is decoded.
    ///
    /// An image of more than `maximumPixels` pixels is refused, or with `reducingLarger` read
    /// smaller by the least whole factor that fits (each block of pixels averaged, with alpha as
    /// the weight), a row at a time, so memory is that of the smaller image.
    public init(
        contentsOfPNG path: String, maximumSide: Int = RGBAImage.maximumSide, maximumPixels: Int = RGBAImage.maximumPixels,
        reducingLarger: Bool = false
    ) throws(PNGError) {
        // Only regular files: a FIFO would block the reader for ever, a device never end.
        var info = stat()
        guard stat(path, &info) == 0 else { throw .readFailed(path: path, reason: String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw .readFailed(path: path, reason: info.st_mode & S_IFMT == S_IFDIR ? "a folder, not a PNG file" : "not a regular file")
        }
        var message = [CChar](repeating: 0, count: 256)
        var bytes: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0
        var height: UInt32 = 0
        guard cadence_png_read(
            path, UInt32(clamping: maximumSide), UInt64(clamping: max(maximumPixels, 1)), reducingLarger ? 1 : 0, &bytes, &width, &height,
            &message, message.count
        ) == 0, let bytes else {
            throw .readFailed(path: path, reason: cString(message))
        }
        self.init(freeing: bytes, width: width, height: height)
    }

    /// Reads a PNG held in memory (an image embedded in a file), as 8-bit RGBA; `name` names it in
    /// errors. An image over `maximumSide` pixels a side or `maximumPixels` pixels is refused from
    /// its header, before its pixels are allocated.
    public init(pngData data: Data, name: String, maximumSide: Int = RGBAImage.maximumSide, maximumPixels: Int = RGBAImage.maximumPixels) throws(PNGError) {
        var message = [CChar](repeating: 0, count: 256)
        var bytes: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0
        var height: UInt32 = 0
        let status = data.withUnsafeBytes { raw in
            cadence_png_read_memory(
                raw.bindMemory(to: UInt8.self).baseAddress, raw.count, UInt32(clamping: maximumSide), UInt64(clamping: max(maximumPixels, 1)),
                &bytes, &width, &height, &message, message.count
            )
        }
        guard status == 0, let bytes else { throw .readFailed(path: name, reason: cString(message)) }
        self.init(freeing: bytes, width: width, height: height)
    }
}

extension RGBAImage {
    /// The `width` × `height` RGBA pixels a C decoder returned in memory it malloc'd: copied,
    /// then freed.
    init(freeing bytes: UnsafeMutablePointer<UInt8>, width: UInt32, height: UInt32) {
        defer { free(bytes) }
        let count = Int(width) * Int(height) * 4
        self.init(width: Int(width), height: Int(height), pixels: Array(UnsafeBufferPointer(start: bytes, count: count)))
    }
}
