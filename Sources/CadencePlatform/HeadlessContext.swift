import CGL

/// An OpenGL 3.3 core context with no window and no display, through EGL.
///
/// Displays are tried in order: Mesa's surfaceless platform (`EGL_MESA_platform_surfaceless`),
/// then the first EGL device (`EGL_EXT_platform_device`), then the default display. The context
/// is current with no surface at all (`EGL_KHR_surfaceless_context`): draw into an
/// `OffscreenTarget`. On machines with no GPU, Mesa's llvmpipe does the work.
@MainActor
public final class HeadlessContext: GLContext {
    private let display: EGLDisplay
    private let context: EGLContext
    /// Which display worked, e.g. "surfaceless".
    public let platform: String
    /// Live contexts per display. EGL gives every caller the same display and `eglTerminate`
    /// is not counted: terminating it under another live context breaks that one, so only the
    /// last context on a display terminates it.
    private static var contextsPerDisplay: [UInt: Int] = [:]

    /// Opens the first EGL display that works and makes an OpenGL 3.3 core context current on it; throws naming every display tried.
    public init() throws(PlatformError) {
        var tried: [String] = []
        var found: (EGLDisplay, String)?
        for (name, open) in Self.candidates() {
            guard let display = open() else {
                tried.append("\(name): not available")
                continue
            }
            var major: EGLint = 0
            var minor: EGLint = 0
            if eglInitialize(display, &major, &minor) == EGL_TRUE {
                found = (display, name)
                break
            }
            tried.append("\(name): eglInitialize failed with 0x\(String(eglGetError(), radix: 16))")
        }
        guard let (display, platform) = found else { throw .noEGLDisplay(tried: tried) }
        Self.contextsPerDisplay[Self.key(display), default: 0] += 1

        guard eglBindAPI(EGLenum(EGL_OPENGL_API)) == EGL_TRUE else {
            Self.release(display)
            throw .eglFailure(operation: "eglBindAPI(EGL_OPENGL_API)", code: eglGetError())
        }
        let configAttributes: [EGLint] = [
            EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
            EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
            EGL_NONE,
        ]
        var config: EGLConfig? = cadence_EGL_NO_CONFIG()
        var configCount: EGLint = 0
        if eglChooseConfig(display, configAttributes, &config, 1, &configCount) != EGL_TRUE || configCount < 1 {
            // A context needs no config where EGL_KHR_no_config_context is offered.
            config = cadence_EGL_NO_CONFIG()
        }
        let contextAttributes: [EGLint] = [
            EGL_CONTEXT_MAJOR_VERSION, 3,
            EGL_CONTEXT_MINOR_VERSION, 3,
            EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
            EGL_NONE,
        ]
        guard let context = eglCreateContext(display, config, cadence_EGL_NO_CONTEXT(), contextAttributes),
              context != cadence_EGL_NO_CONTEXT()
        else {
            let code = eglGetError()
            Self.release(display)
            throw .eglFailure(operation: "eglCreateContext(OpenGL 3.3 core) on the \(platform) display", code: code)
        }
        self.display = display
        self.context = context
        self.platform = platform
        try makeCurrent()
    }

    isolated deinit {
        eglMakeCurrent(display, cadence_EGL_NO_SURFACE(), cadence_EGL_NO_SURFACE(), cadence_EGL_NO_CONTEXT())
        eglDestroyContext(display, context)
        Self.release(display)
    }

    private static func key(_ display: EGLDisplay) -> UInt {
        UInt(bitPattern: Int(bitPattern: display))
    }

    /// One context fewer on `display`; terminates it when that was the last.
    private static func release(_ display: EGLDisplay) {
        let key = key(display)
        let remaining = (contextsPerDisplay[key] ?? 1) - 1
        contextsPerDisplay[key] = remaining > 0 ? remaining : nil
        if remaining <= 0 { eglTerminate(display) }
    }

    /// Makes the context current on this thread, with no surface.
    public func makeCurrent() throws(PlatformError) {
        guard eglMakeCurrent(display, cadence_EGL_NO_SURFACE(), cadence_EGL_NO_SURFACE(), context) == EGL_TRUE else {
            throw .eglFailure(operation: "eglMakeCurrent without a surface (EGL_KHR_surfaceless_context)", code: eglGetError())
        }
    }

    /// Nothing: there is no surface to present.
    public func present() {}

    /// None: draw into an `OffscreenTarget`.
    public var defaultFramebufferSize: (width: Int, height: Int)? { nil }

    /// The GL renderer and the EGL platform, e.g. "llvmpipe (LLVM 15.0.6, 256 bits) via EGL surfaceless".
    public var rendererDescription: String { glRendererDescription() + " via EGL \(platform)" }

    /// The displays to try, best first, each as a name and a way to open it.
    private static func candidates() -> [(String, () -> EGLDisplay?)] {
        let clientExtensions = eglQueryString(cadence_EGL_NO_DISPLAY(), EGL_EXTENSIONS).map { String(cString: $0) } ?? ""
        let extensions = Set(clientExtensions.split(separator: " ").map(String.init))
        return [
            ("surfaceless (EGL_MESA_platform_surfaceless)", {
                guard extensions.contains("EGL_MESA_platform_surfaceless") else { return nil }
                return eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil).flatMap(nonEmpty)
            }),
            ("device (EGL_EXT_platform_device)", {
                guard extensions.contains("EGL_EXT_platform_device") else { return nil }
                var device: EGLDeviceEXT?
                var count: EGLint = 0
                guard cadence_eglQueryDevices(1, &device, &count) == EGL_TRUE, count > 0, let device else { return nil }
                return eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_DEVICE_EXT), device, nil).flatMap(nonEmpty)
            }),
            ("default display", {
                eglGetDisplay(cadence_EGL_DEFAULT_DISPLAY).flatMap(nonEmpty)
            }),
        ]
    }
}

private func nonEmpty(_ display: EGLDisplay) -> EGLDisplay? {
    display == cadence_EGL_NO_DISPLAY() ? nil : display
}

/// "renderer, version" of the current context.
func glRendererDescription() -> String {
    let renderer = glGetString(GLenum(GL_RENDERER)).map { String(cString: $0) } ?? "unknown renderer"
    let version = glGetString(GLenum(GL_VERSION)).map { String(cString: $0) } ?? "unknown version"
    return "\(renderer), OpenGL \(version)"
}
