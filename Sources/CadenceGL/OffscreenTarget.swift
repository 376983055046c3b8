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

    /// Reads this framebuffer back as a top-left-origin image with straight alpha; `topRowFirst`
    /// says it was drawn with the picture's top in row 0 (`Renderer.topRowFirst`).
    public func readImage(topRowFirst: Bool = false) throws(GLError) -> RGBAImage {
        bind()
        return topRowFirst ? try readFramebufferTopRowFirst(width: width, height: height) : try readFramebuffer(width: width, height: height)
    }
}

/// Reads the bound read framebuffer (an FBO, or a window's back buffer before it is swapped).
///
/// GL's rows start at the bottom and its pixels are premultiplied; the image's rows start at the
/// top and its alpha is straight, as PNG wants.
public func readFramebuffer(width: Int, height: Int) throws(GLError) -> RGBAImage {
    var image = RGBAImage(width: width, height: height)
    if let whole = PixelRect(width: width, height: height) {
        try readFramebufferBottomRowFirst(regions: [whole], height: height, into: &image)
    }
    return image
}

/// Reads the whole bound framebuffer, drawn with the picture's top in row 0
/// (`Renderer.topRowFirst`), as an image with straight alpha: no flip needed.
public func readFramebufferTopRowFirst(width: Int, height: Int) throws(GLError) -> RGBAImage {
    var image = RGBAImage(width: width, height: height)
    if let whole = PixelRect(width: width, height: height) { try readFramebufferTopRowFirst(regions: [whole], into: &image) }
    return image
}

/// Reads `regions` of the bound framebuffer, drawn with the picture's top in row 0, straight into
/// the same places of `image`, which holds the rest of the frame already: a partial readback with
/// no copy in between.
public func readFramebufferTopRowFirst(regions: [PixelRect], into image: inout RGBAImage) throws(GLError) {
    let imageWidth = image.width
    let imageHeight = image.height
    glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
    glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), GLint(imageWidth))
    defer { glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), 0) }
    image.pixels.withUnsafeMutableBufferPointer { pixels in
        guard let base = pixels.baseAddress else { return }
        for region in regions {
            let minX = max(region.x, 0), minY = max(region.y, 0)
            let maxX = min(region.x + region.width, imageWidth), maxY = min(region.y + region.height, imageHeight)
            guard maxX > minX, maxY > minY else { continue }
            let corner = base + (minY * imageWidth + minX) * 4
            glReadPixels(GLint(minX), GLint(minY), GLsizei(maxX - minX), GLsizei(maxY - minY),
                         GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), corner)
            for row in 0..<(maxY - minY) {
                RGBAImage.unpremultiply(corner + row * imageWidth * 4, bytes: (maxX - minX) * 4)
            }
        }
    }
    try checkGLError("reading back \(regions.count) region(s) of a \(imageWidth)x\(imageHeight) frame")
}

/// Reads `regions` (top-left origin) of the bound framebuffer, drawn bottom row first as a window
/// shows it (`height` rows), into the same places of `image`, flipping each row into place.
public func readFramebufferBottomRowFirst(regions: [PixelRect], height: Int, into image: inout RGBAImage) throws(GLError) {
    let imageWidth = image.width
    let imageHeight = image.height
    glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
    var rows: [UInt8] = []
    for region in regions {
        guard let bounds = PixelRect(width: imageWidth, height: min(imageHeight, height)), let region = region.intersection(bounds) else { continue }
        let rowBytes = region.width * 4
        rows = [UInt8](repeating: 0, count: rowBytes * region.height)
        glReadPixels(GLint(region.minX), GLint(height - region.maxY), GLsizei(region.width), GLsizei(region.height),
                     GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &rows)
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            guard let base = pixels.baseAddress else { return }
            rows.withUnsafeBufferPointer { source in
                guard let source = source.baseAddress else { return }
                for row in 0..<region.height {
                    // GL's first row read is the region's bottom one.
                    let destination = base + ((region.maxY - 1 - row) * imageWidth + region.minX) * 4
                    destination.update(from: source + row * rowBytes, count: rowBytes)
                    RGBAImage.unpremultiply(destination, bytes: rowBytes)
                }
            }
        }
    }
    try checkGLError("reading back \(regions.count) region(s) of a window's \(imageWidth)x\(imageHeight) frame")
}
