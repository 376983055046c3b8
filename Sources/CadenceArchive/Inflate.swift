import CZlib
import Foundation

/// Why compressed bytes could not be read: corrupt, truncated, or larger than the limit.
public struct ArchiveError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// Inflating zlib, gzip and raw deflate streams with a hard limit on the output, so a small file
/// that inflates without end (a "zip bomb") is refused after `limit` bytes, never held whole.
public enum Inflate {
    /// The stream formats zlib reads.
    public enum Format: Sendable {
        /// gzip (`.gz`, a Telegram sticker's `.tgs`).
        case gzip
        /// Raw deflate, as zip archives store entries.
        case raw
    }

    /// The bytes `data` inflates to, at most `limit` of them.
    public static func decompress(_ data: Data, format: Format, limit: Int) throws(ArchiveError) -> Data {
        var stream = z_stream()
        let windowBits: Int32 = format == .gzip ? 16 + MAX_WBITS : -MAX_WBITS
        guard inflateInit2_(&stream, windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw ArchiveError("zlib could not start inflating")
        }
        defer { inflateEnd(&stream) }
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var input = [UInt8](data)
        var status: Int32 = Z_OK
        try input.withUnsafeMutableBufferPointer { (source: inout UnsafeMutableBufferPointer<UInt8>) throws(ArchiveError) in
            stream.next_in = source.baseAddress
            stream.avail_in = uInt(source.count)
            repeat {
                let produced: Int = chunk.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress
                    stream.avail_out = uInt(target.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    return target.count - Int(stream.avail_out)
                }
                guard status == Z_OK || status == Z_STREAM_END || (status == Z_BUF_ERROR && produced > 0) else {
                    throw ArchiveError(status == Z_BUF_ERROR ? "the compressed data ends too soon" : "the compressed data is corrupt (zlib error \(status))")
                }
                guard output.count + produced <= limit else {
                    throw ArchiveError("it inflates to more than \(limit) bytes")
                }
                output.append(contentsOf: chunk[0..<produced])
                if status == Z_OK, produced == 0, stream.avail_in == 0 {
                    throw ArchiveError("the compressed data ends too soon")
                }
            } while status != Z_STREAM_END
        }
        return output
    }
}
