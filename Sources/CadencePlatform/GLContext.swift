/// An OpenGL 3.3 core context that drawing can be made current on.
///
/// Two exist: `HeadlessContext` (EGL, no display, draws into framebuffer objects) and
/// `WindowContext` (a GLFW window, presents by swapping buffers). The renderer works on either.
public protocol GLContext: AnyObject {
    /// Makes this context current on the calling thread.
    func makeCurrent() throws(PlatformError)
    /// Shows what was drawn: swaps a window's buffers; nothing for a headless context.
    func present()
    /// The framebuffer drawn into by default: 0 for a window, none (nil) for headless contexts,
    /// which draw into framebuffer objects.
    var defaultFramebufferSize: (width: Int, height: Int)? { get }
    /// The GL renderer and version, e.g. "llvmpipe (LLVM 15.0.6, 256 bits), 4.5 (Core Profile) Mesa 22.3.6".
    var rendererDescription: String { get }
}

/// Why a context or window could not be made; each message names what was tried and what to do.
public enum PlatformError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No EGL display could be opened: each one tried and why.
    case noEGLDisplay(tried: [String])
    /// An EGL call failed with its error code.
    case eglFailure(operation: String, code: Int32)
    /// There is no display to open a window on, with the reason.
    case noDisplay(reason: String)
    /// GLFW could not make the window or its context.
    case windowFailure(reason: String)

    public var description: String {
        switch self {
        case .noEGLDisplay(let tried):
            "no EGL display could be initialised (tried: \(tried.joined(separator: "; "))). "
                + "Headless rendering needs Mesa's EGL and llvmpipe: apt-get install libegl1 libegl-mesa0 libgl1-mesa-dri"
        case .eglFailure(let operation, let code):
            "EGL: \(operation) failed with 0x\(String(code, radix: 16))"
                + " (Mesa's libegl-mesa0 and libgl1-mesa-dri provide OpenGL 3.3 core on llvmpipe)"
        case .noDisplay(let reason):
            "no display to open a window on (\(reason)); use `cadence render` for headless frames"
        case .windowFailure(let reason):
            "cannot create an OpenGL 3.3 core window: \(reason)"
        }
    }
}
