import CGL

/// A linked GL program made from one vertex and one fragment shader file of `Shaders/`.
///
/// The sources are compiled into the binary at build time, so the executable runs from any
/// folder. Compile errors name the shader file and the line the driver points to.
@MainActor
final class ShaderProgram {
    let id: GLuint

    /// One shader stage's source and the file it came from.
    struct Source {
        let file: String
        let bytes: [UInt8]

        /// The same source with `#define name` after its `#version` line (and a `#line` that
        /// keeps error lines pointing into the file): one file, several specialised programs.
        func defining(_ name: String) -> Source {
            guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return self }
            let inserted = Array("#define \(name)\n#line 2\n".utf8)
            return Source(file: file, bytes: Array(bytes[...newline]) + inserted + Array(bytes[(newline + 1)...]))
        }
    }

    init(vertex: Source, fragment: Source) throws(GLError) {
        let vertexShader = try Self.compile(vertex, stage: GLenum(GL_VERTEX_SHADER))
        defer { glDeleteShader(vertexShader) }
        let fragmentShader = try Self.compile(fragment, stage: GLenum(GL_FRAGMENT_SHADER))
        defer { glDeleteShader(fragmentShader) }
        let program = glCreateProgram()
        glAttachShader(program, vertexShader)
        glAttachShader(program, fragmentShader)
        glLinkProgram(program)
        var linked: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &linked)
        guard linked == GL_TRUE else {
            let log = Self.infoLog(program, length: glGetProgramiv, read: glGetProgramInfoLog)
            glDeleteProgram(program)
            throw .programLink(files: [vertex.file, fragment.file], log: log)
        }
        id = program
    }

    isolated deinit {
        glDeleteProgram(id)
    }

    func uniformLocation(_ name: String) -> GLint {
        glGetUniformLocation(id, name)
    }

    private static func compile(_ source: Source, stage: GLenum) throws(GLError) -> GLuint {
        let shader = glCreateShader(stage)
        source.bytes.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: GLchar.self) { chars in
                var pointer: UnsafePointer<GLchar>? = chars.baseAddress
                var length = GLint(chars.count)
                glShaderSource(shader, 1, &pointer, &length)
            }
        }
        glCompileShader(shader)
        var compiled: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &compiled)
        guard compiled == GL_TRUE else {
            let log = infoLog(shader, length: glGetShaderiv, read: glGetShaderInfoLog)
            glDeleteShader(shader)
            throw .shaderCompile(file: source.file, line: firstLine(inLog: log), log: log)
        }
        return shader
    }

    private static func infoLog(
        _ object: GLuint,
        length: (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void,
        read: (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void
    ) -> String {
        var size: GLint = 0
        length(object, GLenum(GL_INFO_LOG_LENGTH), &size)
        var buffer = [GLchar](repeating: 0, count: Int(max(size, 1)))
        read(object, GLsizei(buffer.count), nil, &buffer)
        return String(decoding: buffer.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self)
            .trimmingTrailingNewlines()
    }
}

/// The line number in the first message of a driver's compile log.
///
/// Mesa writes `0:12(5): error: …`, NVIDIA `0(12) : error …`; both name string 0 and then the line.
func firstLine(inLog log: String) -> Int? {
    for message in log.split(separator: "\n") {
        let digits = message.drop { !$0.isNumber }.drop { $0.isNumber }.dropFirst().prefix { $0.isNumber }
        if let line = Int(digits) { return line }
    }
    return nil
}

extension String {
    fileprivate func trimmingTrailingNewlines() -> String {
        var text = Substring(self)
        while text.last?.isNewline == true { text = text.dropLast() }
        return String(text)
    }
}
