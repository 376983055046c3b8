import CGL
import CadenceDraw

/// Double-buffered readback through pixel-buffer objects: frame N's pixels are copied into one
/// buffer by the GPU while frame N+1 is drawn, and only then mapped and copied to the CPU, so a
/// GPU never waits for the CPU nor the CPU for the GPU at each frame.
///
/// Each buffer holds a whole frame in the image's layout (top row first, `width × 4` bytes a row),
/// and a read fills only the damaged regions of it.
///
/// ```swift
/// try readback.queue(regions: damage)          // after drawing frame N
/// if readback.queuedCount == 2 {
///     try readback.complete(into: &kept)       // frame N − 1, while N is still in flight
/// }
/// ```
@MainActor
public final class PixelBufferReadback {
    public let width: Int
    public let height: Int
    private var buffers: [GLuint] = [0, 0]
    /// Reads queued and not yet completed, oldest first: the buffer and what was read into it.
    private var queued: [(buffer: Int, regions: [PixelRect])] = []
    private var nextBuffer = 0

    /// Two buffers of `width × height × 4` bytes; a GL context must be current.
    public init(width: Int, height: Int) throws(GLError) {
        self.width = width
        self.height = height
        glGenBuffers(2, &buffers)
        for buffer in buffers {
            glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), buffer)
            glBufferData(GLenum(GL_PIXEL_PACK_BUFFER), width * height * 4, nil, GLenum(GL_STREAM_READ))
        }
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0)
        try checkGLError("creating two \(width)x\(height) pixel buffers")
    }

    isolated deinit {
        glDeleteBuffers(2, &buffers)
    }

    /// Reads queued and not completed yet (at most 2).
    public var queuedCount: Int { queued.count }

    /// Starts reading `regions` (top-left origin) of the bound framebuffer, drawn top row first,
    /// into the next buffer. At most two reads may be queued: complete one first.
    public func queue(regions: [PixelRect]) throws(GLError) {
        precondition(queued.count < 2, "complete a read before queueing a third")
        let buffer = nextBuffer
        nextBuffer = 1 - nextBuffer
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), buffers[buffer])
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), GLint(width))
        var kept: [PixelRect] = []
        for region in regions {
            guard let region = clamped(region) else { continue }
            // With a pack buffer bound, the pointer is an offset into it.
            let offset = (region.y * width + region.x) * 4
            glReadPixels(GLint(region.x), GLint(region.y), GLsizei(region.width), GLsizei(region.height),
                         GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), UnsafeMutableRawPointer(bitPattern: offset))
            kept.append(region)
        }
        glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), 0)
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0)
        queued.append((buffer, kept))
        try checkGLError("queueing the readback of \(regions.count) region(s)")
    }

    /// Waits for the oldest queued read and copies its regions into the same places of `image`
    /// (which holds the rest of the frame), with straight alpha.
    public func complete(into image: inout RGBAImage) throws(GLError) {
        guard !queued.isEmpty else { return }
        let (buffer, regions) = queued.removeFirst()
        guard !regions.isEmpty else { return }
        precondition(image.width == width && image.height == height, "the image must be the frame's size")
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), buffers[buffer])
        defer { glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0) }
        guard let mapped = glMapBufferRange(GLenum(GL_PIXEL_PACK_BUFFER), 0, width * height * 4, GLbitfield(GL_MAP_READ_BIT)) else {
            try checkGLError("mapping a pixel buffer")
            throw .pixelBufferUnavailable
        }
        let source = UnsafeRawPointer(mapped).assumingMemoryBound(to: UInt8.self)
        let rowBytes = width * 4
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            guard let base = pixels.baseAddress else { return }
            for region in regions {
                let bytes = region.width * 4
                for row in region.y..<(region.y + region.height) {
                    let offset = row * rowBytes + region.x * 4
                    (base + offset).update(from: source + offset, count: bytes)
                    RGBAImage.unpremultiply(base + offset, bytes: bytes)
                }
            }
        }
        glUnmapBuffer(GLenum(GL_PIXEL_PACK_BUFFER))
        try checkGLError("reading a pixel buffer")
    }

    private func clamped(_ region: PixelRect) -> PixelRect? {
        PixelRect(width: width, height: height).flatMap { region.intersection($0) }
    }
}
