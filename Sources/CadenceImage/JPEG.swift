import CJPEGCodec
import CadenceDraw
import CadenceFiles
import Foundation

/// Why a JPEG could not be read.
public enum JPEGError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be read or decoded, with the reason.
    case readFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .readFailed(let path, let reason): "cannot read JPEG \(path): \(reason)"
        }
    }
}

extension RGBAImage {
    /// The most progressive scans a JPEG may have: real files have about ten; each scan costs a
    /// pass over the whole image, so a file of thousands of tiny scans is refused.
    public static let maximumJPEGScans = 1000

    /// The largest JPEG file read from disk: far more than any image the limits let through.
    public static let maximumJPEGFileBytes = 1 << 28

    /// Whether `data` starts as a JPEG does (the start-of-image marker, then another marker).
    public static func isJPEG(_ data: Data) -> Bool {
        data.count >= 3 && data[data.startIndex] == 0xFF && data[data.startIndex + 1] == 0xD8 && data[data.startIndex + 2] == 0xFF
    }

    /// Reads a JPEG held in memory (an image embedded in a file) as opaque 8-bit RGBA, through
    /// libjpeg-turbo; `name` names it in errors. An image over `maximumSide` pixels a side is
    /// refused from its header; one over `maximumPixels` pixels is refused too, or with
    /// `reducingLarger` decoded at 1/2, 1/4 or 1/8 of its size, the largest that fits.
    public init(
        jpegData data: Data, name: String, maximumSide: Int = RGBAImage.maximumSide, maximumPixels: Int = RGBAImage.maximumPixels,
        reducingLarger: Bool = false
    ) throws(JPEGError) {
        var message = [CChar](repeating: 0, count: 256)
        var bytes: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0
        var height: UInt32 = 0
        let status = data.withUnsafeBytes { raw in
            cadence_jpeg_read_memory(
                raw.bindMemory(to: UInt8.self).baseAddress, raw.count, UInt32(clamping: maximumSide), UInt64(clamping: max(maximumPixels, 1)),
                reducingLarger ? 1 : 0, Int32(Self.maximumJPEGScans), &bytes, &width, &height, &message, message.count
            )
        }
        guard status == 0, let bytes else {
            let reason = cString(message)
            throw .readFailed(path: name, reason: reason.isEmpty ? "not a JPEG" : reason)
        }
        self.init(freeing: bytes, width: width, height: height)
    }

    /// Reads the JPEG file at `path` (a regular file), as `init(jpegData:…)` does.
    public init(
        contentsOfJPEG path: String, maximumSide: Int = RGBAImage.maximumSide, maximumPixels: Int = RGBAImage.maximumPixels,
        reducingLarger: Bool = false
    ) throws(JPEGError) {
        let data: Data
        do {
            data = try FilePaths.read(path, limit: Self.maximumJPEGFileBytes)
        } catch {
            throw .readFailed(path: path, reason: error.reason)
        }
        try self.init(jpegData: data, name: path, maximumSide: maximumSide, maximumPixels: maximumPixels, reducingLarger: reducingLarger)
    }
}
