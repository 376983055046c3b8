import CGL
import CadenceImage
import CadenceDraw

/// An RGBA8 framebuffer object to render into without a window, and its readback.
@MainActor
public final class OffscreenTarget {
    public let width: Int
    public let height: Int
    private var framebuffer: GLuint = 0
    private var colorBuffer: GLuint = 0

    /// Creates a `width` × `height` framebuffer; a GL context must be current.
    ///
    /// Fails for empty sizes and sizes beyond the driver's `GL_MAX_RENDERBUFFER_SIZE` or
    /// `GL_MAX_VIEWPORT_DIMS`.
    public init(width: Int, height: Int) throws(GLError) {
        guard width >= 1, height >= 1 else { throw .invalidSize(width: width, height: height) }
        let limit = Self.maximumSide()
        guard width <= limit, height <= limit else { throw .sizeTooLarge(width: width, height: height, limit: limit) }
        self.width = width
        self.height = height
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glGenRenderbuffers(1, &colorBuffer)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), colorBuffer)
        glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), colorBuffer)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            glDeleteRenderbuffers(1, &colorBuffer)
            glDeleteFramebuffers(1, &framebuffer)
            throw .framebufferIncomplete(status: status)
        }
        try checkGLError("creating a \(width)x\(height) framebuffer")
    }

    isolated deinit {
        glDeleteRenderbuffers(1, &colorBuffer)
        glDeleteFramebuffers(1, &framebuffer)
    }

    /// The largest width or height a framebuffer may have on the current context.
    public static func maximumSide() -> Int {
        var renderbuffer: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_RENDERBUFFER_SIZE), &renderbuffer)
        var viewport: [GLint] = [0, 0]
        glGetIntegerv(GLenum(GL_MAX_VIEWPORT_DIMS), &viewport)
        return Int(min(renderbuffer, viewport[0], viewport[1]))
    }

    /// Makes this framebuffer the one drawn into and read from.
    public func bind() {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
    }

    /// Reads this framebuffer back as a top-left-origin image with straight alpha.
    public func readImage() throws(GLError) -> RGBAImage {
        bind()
        return try readFramebuffer(width: width, height: height)
    }
}

/// Reads the bound read framebuffer (an FBO, or a window's back buffer before it is swapped).
///
/// GL's rows start at the bottom and its pixels are premultiplied; the image's rows start at the
/// top and its alpha is straight, as PNG wants.
public func readFramebuffer(width: Int, height: Int) throws(GLError) -> RGBAImage {
    var image = RGBAImage(width: width, height: height)
    let rowBytes = width * 4
    glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
    image.pixels.withUnsafeMutableBytes { raw in
        glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), raw.baseAddress)
    }
    try checkGLError("reading back \(width)x\(height) pixels")
    image.pixels.withUnsafeMutableBufferPointer { pixels in
        guard let base = pixels.baseAddress else { return }
        // Flip in place, a pair of rows at a time.
        let spare = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes)
        defer { spare.deallocate() }
        for y in 0..<height / 2 {
            let top = base + y * rowBytes
            let bottom = base + (height - 1 - y) * rowBytes
            spare.update(from: top, count: rowBytes)
            top.update(from: bottom, count: rowBytes)
            bottom.update(from: spare, count: rowBytes)
        }
        unpremultiply(base, bytes: pixels.count)
    }
    return image
}

/// Reads the pixel rectangle `x, y, width, height` (top-left origin) of the bound framebuffer into
/// the same place of `image`, which holds the rest of the frame already: a partial readback.
public func readFramebuffer(region: (x: Int, y: Int, width: Int, height: Int), into image: inout RGBAImage) throws(GLError) {
    guard region.width > 0, region.height > 0 else { return }
    let rowBytes = region.width * 4
    var rows = [UInt8](repeating: 0, count: rowBytes * region.height)
    glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
    glReadPixels(GLint(region.x), GLint(image.height - region.y - region.height), GLsizei(region.width), GLsizei(region.height),
                 GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &rows)
    try checkGLError("reading back a \(region.width)x\(region.height) region")
    let imageWidth = image.width
    rows.withUnsafeBufferPointer { source in
        image.pixels.withUnsafeMutableBufferPointer { target in
            guard let from = source.baseAddress, let to = target.baseAddress else { return }
            for row in 0..<region.height {
                let destination = to + ((region.y + region.height - 1 - row) * imageWidth + region.x) * 4
                destination.update(from: from + row * rowBytes, count: rowBytes)
                unpremultiply(destination, bytes: rowBytes)
            }
        }
    }
}

/// GL's pixels are premultiplied; PNG wants straight alpha. Only pixels that are neither opaque
/// nor clear change, and most frames have none, so this is mostly a scan of alpha bytes.
private func unpremultiply(_ pixels: UnsafeMutablePointer<UInt8>, bytes: Int) {
    var x = 3
    while x < bytes {
        let alpha = pixels[x]
        if alpha != 255, alpha != 0 {
            for channel in 1...3 {
                pixels[x - channel] = UInt8(min(255, (Int(pixels[x - channel]) * 255 + Int(alpha) / 2) / Int(alpha)))
            }
        }
        x += 4
    }
}
