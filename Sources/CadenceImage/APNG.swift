import CPNGCodec
import CadenceDraw
import CadenceFiles
import Foundation

/// Writes an animated PNG (APNG) frame by frame, atomically: the first frame whole (the IDAT
/// image, so viewers without APNG show it), each later frame only the region that changed
/// (an fcTL with its offset and size, `APNG_DISPOSE_OP_NONE` and `APNG_BLEND_OP_SOURCE`, and
/// its rows in fdAT chunks). A frame where nothing changed lengthens the previous frame's delay.
///
/// The bytes go to a temporary file in the same folder, renamed over the path by `finish()`;
/// `cancel()` (or an error) removes it, so a failed render never leaves a half-written file.
/// Every frame's delay is 1 / fps (as a fraction of 16-bit integers); the animation loops forever.
public final class APNGWriter {
    /// The file written.
    public let path: String
    /// Frame width in pixels.
    public let width: Int
    /// Frame height in pixels.
    public let height: Int
    /// Frames given to `add` so far.
    public private(set) var framesAdded = 0
    /// APNG frames (fcTL chunks) written so far: fewer than `framesAdded` when some were unchanged.
    public private(set) var framesWritten = 0

    private let temporary: TemporaryFile
    private var descriptor: Int32
    private let level: Int32
    private let filter: Int32
    /// One frame's delay: numerator and denominator in seconds.
    private let delay: (numerator: Int, denominator: Int)
    private var sequence: UInt32 = 0
    /// The frame not yet written, as its delay may still grow.
    private var pending: (region: PixelRect, data: [UInt8], frames: Int)?
    /// The whole frame.
    private let frame: PixelRect

    /// Creates the temporary file (`FilePaths.beginOutput`: new, never through a link planted at
    /// its name) and writes the header. `level` is libdeflate's (1...12) and `filter` `.none` or
    /// `.up`.
    public init(path: String, width: Int, height: Int, fps: Double, level: Int = 6, filter: PNGOptions.Filter = .up) throws(PNGError) {
        guard let frame = PixelRect(width: width, height: height), width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw .writeFailed(path: path, reason: "frame size \(width)x\(height) is not a PNG size")
        }
        self.frame = frame
        guard fps.isFinite, fps > 0 else { throw .writeFailed(path: path, reason: "frame rate \(fps) is not above 0") }
        guard (1...12).contains(level) else { throw .writeFailed(path: path, reason: "compression level \(level) is not 1...12") }
        guard filter == .none || filter == .up else { throw .writeFailed(path: path, reason: "APNG frames use the none or up filter") }
        guard let delay = Self.delayFraction(fps: fps) else {
            throw .writeFailed(path: path, reason: "frame rate \(fps) gives a delay APNG cannot hold (1/65535 s ... 65535 s)")
        }
        self.path = path
        self.width = width
        self.height = height
        self.level = Int32(level)
        self.filter = filter.mask
        self.delay = delay
        do throws(FileProblem) {
            temporary = try FilePaths.beginOutput(path)
        } catch {
            throw .writeFailed(path: path, reason: error.reason)
        }
        descriptor = temporary.descriptor
        var header: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        var ihdr: [UInt8] = []
        Self.append32(UInt32(width), to: &ihdr)
        Self.append32(UInt32(height), to: &ihdr)
        ihdr += [8, 6, 0, 0, 0]  // 8 bits, RGBA, deflate, adaptive filtering, not interlaced
        Self.appendChunk("IHDR", ihdr, to: &header)
        Self.appendChunk("acTL", Self.animationControl(frames: 0), to: &header)
        try write(header)
    }

    deinit {
        if descriptor >= 0 {
            close(descriptor)
            unlink(temporary.path)
        }
    }

    /// Adds the next frame: `image`, of which only `changed` differs from the frame before
    /// (nil: nothing changed). The first frame is always written whole.
    public func add(_ image: RGBAImage, changed: PixelRect?) throws(PNGError) {
        guard image.width == width, image.height == height else {
            throw .writeFailed(path: path, reason: "frame \(framesAdded) is \(image.width)x\(image.height), not \(width)x\(height)")
        }
        defer { framesAdded += 1 }
        if framesAdded == 0 {
            pending = (frame, try compress(image, frame), 1)
            return
        }
        let region = changed.flatMap { $0.intersection(frame) }
        if region == nil, let current = pending, (current.frames + 1) * delay.numerator <= Int(UInt16.max) {
            pending = (current.region, current.data, current.frames + 1)
            return
        }
        // Unchanged but the delay is full: a 1×1 frame of the same pixel holds it.
        let written = region ?? PixelRect(minX: 0, minY: 0, maxX: 1, maxY: 1) ?? frame
        try flush()
        pending = (written, try compress(image, written), 1)
    }

    /// Writes the last frame, the frame count, and renames the file into place.
    public func finish() throws(PNGError) {
        guard descriptor >= 0 else { throw .writeFailed(path: path, reason: "already finished or cancelled") }
        guard framesAdded > 0 else {
            cancel()
            throw .writeFailed(path: path, reason: "an animation needs at least one frame")
        }
        do throws(PNGError) {
            try flush()
            var trailer: [UInt8] = []
            Self.appendChunk("IEND", [], to: &trailer)
            try write(trailer)
            // The frame count, known only now, into the acTL chunk right after IHDR.
            var control: [UInt8] = []
            Self.appendChunk("acTL", Self.animationControl(frames: framesWritten), to: &control)
            let done = control.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 33) }
            guard done == control.count else { throw PNGError.writeFailed(path: path, reason: String(cString: strerror(errno))) }
            let closed = close(descriptor)
            descriptor = -1
            guard closed == 0 else { throw PNGError.writeFailed(path: path, reason: String(cString: strerror(errno))) }
            do throws(FileProblem) {
                try FilePaths.commit(temporary, to: path)
            } catch {
                throw PNGError.writeFailed(path: path, reason: error.reason)
            }
        } catch {
            cancel()
            throw error
        }
    }

    /// Stops and removes the temporary file; the path is left as it was.
    public func cancel() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        unlink(temporary.path)
    }

    /// 1 / fps as numerator / denominator, both 1...65535: exact for whole frame rates, else the
    /// closest such fraction. Nil when no fraction comes within 0.1 %.
    static func delayFraction(fps: Double) -> (numerator: Int, denominator: Int)? {
        let limit = Double(UInt16.max)
        if fps == fps.rounded(), fps >= 1, fps <= limit, let whole = Int(exactly: fps) { return (1, whole) }
        let seconds = 1 / fps
        var best: (numerator: Int, denominator: Int, error: Double)?
        for denominator in 1...Int(UInt16.max) {
            let exact = seconds * Double(denominator)
            guard exact < limit + 1 else { break }
            let rounded = exact.rounded()
            guard rounded >= 1, rounded <= limit, let numerator = Int(exactly: rounded) else { continue }
            let error = abs(rounded / Double(denominator) - seconds)
            if error < (best?.error ?? .infinity) { best = (numerator, denominator, error) }
            if error == 0 { break }
        }
        guard let best, best.error <= seconds * 0.001 else { return nil }
        return (best.numerator, best.denominator)
    }

    private func flush() throws(PNGError) {
        guard let frame = pending else { return }
        pending = nil
        var bytes: [UInt8] = []
        var control: [UInt8] = []
        Self.append32(sequence, to: &control)
        sequence += 1
        Self.append32(UInt32(frame.region.width), to: &control)
        Self.append32(UInt32(frame.region.height), to: &control)
        Self.append32(UInt32(frame.region.x), to: &control)
        Self.append32(UInt32(frame.region.y), to: &control)
        Self.append16(UInt16(frame.frames * delay.numerator), to: &control)
        Self.append16(UInt16(delay.denominator), to: &control)
        control += [0, 0]  // APNG_DISPOSE_OP_NONE, APNG_BLEND_OP_SOURCE
        Self.appendChunk("fcTL", control, to: &bytes)
        if framesWritten == 0 {
            Self.appendChunk("IDAT", frame.data, to: &bytes)
        } else {
            var data: [UInt8] = []
            data.reserveCapacity(frame.data.count + 4)
            Self.append32(sequence, to: &data)
            sequence += 1
            data += frame.data
            Self.appendChunk("fdAT", data, to: &bytes)
        }
        framesWritten += 1
        try write(bytes)
    }

    private func compress(_ image: RGBAImage, _ region: PixelRect) throws(PNGError) -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            cadence_png_compress_region(
                pixels.baseAddress, UInt32(width), UInt32(region.x), UInt32(region.y), UInt32(region.width), UInt32(region.height),
                level, filter, &out, &size, &message, message.count
            )
        }
        guard status == 0, let out else {
            throw .writeFailed(path: path, reason: String(decoding: message.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self))
        }
        defer { free(out) }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }

    private func write(_ bytes: [UInt8]) throws(PNGError) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw .writeFailed(path: path, reason: String(cString: strerror(errno))) }
            offset += count
        }
    }

    private static func animationControl(frames: Int) -> [UInt8] {
        var data: [UInt8] = []
        append32(UInt32(frames), to: &data)
        append32(0, to: &data)  // num_plays: forever
        return data
    }

    private static func append32(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func append16(_ value: UInt16, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 8), UInt8(value & 0xFF)]
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to bytes: inout [UInt8]) {
        append32(UInt32(data.count), to: &bytes)
        let typeBytes = Array(type.utf8)
        bytes += typeBytes
        bytes += data
        var crc = typeBytes.withUnsafeBufferPointer { cadence_png_crc32(0, $0.baseAddress, $0.count) }
        crc = data.withUnsafeBufferPointer { cadence_png_crc32(crc, $0.baseAddress, $0.count) }
        append32(crc, to: &bytes)
    }
}
