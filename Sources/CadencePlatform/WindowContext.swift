import CGL
import CGLFW
import Foundation

/// A GLFW window with an OpenGL 3.3 core context and swap interval 1 (vsync).
///
/// GLFW needs a display: without `DISPLAY` or `WAYLAND_DISPLAY`, or when `glfwInit` fails, the
/// initialiser throws `PlatformError.noDisplay`. Under Xvfb the window works on llvmpipe.
@MainActor
public final class WindowContext: GLContext {
    private let window: OpaquePointer

    /// Opens a window of `width` × `height` screen coordinates titled `title`.
    /// `visible: false` keeps it off screen (tests), but it is still a real window surface.
    public init(width: Int, height: Int, title: String, visible: Bool = true) throws(PlatformError) {
        let environment = ProcessInfo.processInfo.environment
        guard environment["DISPLAY"].map({ !$0.isEmpty }) == true
            || environment["WAYLAND_DISPLAY"].map({ !$0.isEmpty }) == true
        else {
            throw .noDisplay(reason: "neither DISPLAY nor WAYLAND_DISPLAY is set")
        }
        glfwSetErrorCallback { _, description in
            // Reported through the thrown errors; GLFW may call this on any thread.
            _ = description
        }
        guard glfwInit() == GLFW_TRUE else {
            throw .noDisplay(reason: "glfwInit failed: \(Self.lastGLFWError())")
        }
        glfwDefaultWindowHints()
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3)
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3)
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE)
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE)
        glfwWindowHint(GLFW_VISIBLE, visible ? GLFW_TRUE : GLFW_FALSE)
        glfwWindowHint(GLFW_ALPHA_BITS, 8)
        guard let window = glfwCreateWindow(Int32(width), Int32(height), title, nil, nil) else {
            let reason = Self.lastGLFWError()
            glfwTerminate()
            throw .windowFailure(reason: reason)
        }
        self.window = window
        glfwMakeContextCurrent(window)
        glfwSwapInterval(1)
    }

    isolated deinit {
        glfwDestroyWindow(window)
        glfwTerminate()
    }

    public func makeCurrent() throws(PlatformError) {
        glfwMakeContextCurrent(window)
    }

    public func present() {
        glfwSwapBuffers(window)
    }

    public var defaultFramebufferSize: (width: Int, height: Int)? {
        var width: Int32 = 0
        var height: Int32 = 0
        glfwGetFramebufferSize(window, &width, &height)
        return (Int(width), Int(height))
    }

    public var rendererDescription: String { glRendererDescription() + " via GLFW" }

    /// Whether the user or the window manager asked the window to close.
    public var shouldClose: Bool { glfwWindowShouldClose(window) == GLFW_TRUE }

    /// Handles pending window events without waiting.
    public func pollEvents() {
        glfwPollEvents()
    }

    private static func lastGLFWError() -> String {
        var description: UnsafePointer<CChar>?
        let code = glfwGetError(&description)
        guard code != GLFW_NO_ERROR else { return "no error reported" }
        return description.map { String(cString: $0) } ?? "GLFW error 0x\(String(code, radix: 16))"
    }
}
