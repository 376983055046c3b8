import CGL
import CadenceText

/// What went wrong in the GL backend; each message says where.
public enum GLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A shader did not compile: the file, the first line the driver complained about, its log.
    case shaderCompile(file: String, line: Int?, log: String)
    case programLink(files: [String], log: String)
    case framebufferIncomplete(status: UInt32)
    /// A framebuffer larger than the driver allows (`GL_MAX_RENDERBUFFER_SIZE`, viewport limits).
    case sizeTooLarge(width: Int, height: Int, limit: Int)
    case invalidSize(width: Int, height: Int)
    case glError(code: UInt32, operation: String)
    /// A glyph could not be rasterised (its font file failed to load, say).
    case glyph(TextError)
    /// The driver would not map a pixel buffer for reading.
    case pixelBufferUnavailable

    public var description: String {
        switch self {
        case .shaderCompile(let file, let line, let log):
            "\(file)\(line.map { ":\($0)" } ?? ""): shader does not compile:\n\(log)"
        case .programLink(let files, let log):
            "shaders \(files.joined(separator: " + ")) do not link:\n\(log)"
        case .framebufferIncomplete(let status):
            "framebuffer incomplete (status 0x\(String(status, radix: 16)))"
        case .sizeTooLarge(let width, let height, let limit):
            "size \(width)x\(height) is larger than this OpenGL driver allows (\(limit) pixels a side)"
        case .invalidSize(let width, let height):
            "size \(width)x\(height) is empty: width and height must be at least 1"
        case .glError(let code, let operation):
            "OpenGL error 0x\(String(code, radix: 16)) after \(operation)"
        case .glyph(let error):
            error.description
        case .pixelBufferUnavailable:
            "the OpenGL driver could not map a pixel buffer for reading"
        }
    }
}

/// Throws the first pending GL error, if any, naming the operation it followed.
public func checkGLError(_ operation: String) throws(GLError) {
    let code = glGetError()
    guard code == GLenum(GL_NO_ERROR) else { throw .glError(code: code, operation: operation) }
}
