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
        // GLFW callbacks are C functions: they find this object through the window's user pointer.
        glfwSetWindowUserPointer(window, Unmanaged.passUnretained(self).toOpaque())
        glfwSetCharCallback(window) { window, codepoint in
            WindowContext.from(window)?.onCharacter?(codepoint)
        }
        glfwSetKeyCallback(window) { window, key, _, action, mods in
            guard action == GLFW_PRESS || action == GLFW_REPEAT else { return }
            WindowContext.from(window)?.onKey?(Key(code: key, shift: mods & GLFW_MOD_SHIFT != 0, control: mods & GLFW_MOD_CONTROL != 0))
        }
        glfwSetMouseButtonCallback(window) { window, button, action, _ in
            guard button == GLFW_MOUSE_BUTTON_LEFT, action == GLFW_PRESS, let context = WindowContext.from(window) else { return }
            var x = 0.0
            var y = 0.0
            glfwGetCursorPos(window, &x, &y)
            context.onClick?(x, y)
        }
    }

    /// A key press: GLFW's key code and the modifiers that matter here.
    public struct Key: Sendable, Hashable {
        public var code: Int32
        public var shift: Bool
        public var control: Bool

        public static let escape = GLFW_KEY_ESCAPE, tab = GLFW_KEY_TAB, backspace = GLFW_KEY_BACKSPACE, delete = GLFW_KEY_DELETE
        public static let left = GLFW_KEY_LEFT, right = GLFW_KEY_RIGHT, home = GLFW_KEY_HOME, end = GLFW_KEY_END
    }

    /// Called with each character typed (a Unicode scalar, as GLFW's char callback gives it).
    public var onCharacter: ((UInt32) -> Void)?
    /// Called with each key press and repeat.
    public var onKey: ((Key) -> Void)?
    /// Called with each left click, in window coordinates (screen points, top-left origin).
    public var onClick: ((Double, Double) -> Void)?

    private static func from(_ window: OpaquePointer?) -> WindowContext? {
        guard let window, let pointer = glfwGetWindowUserPointer(window) else { return nil }
        return MainActor.assumeIsolated { Unmanaged<WindowContext>.fromOpaque(pointer).takeUnretainedValue() }
    }

    /// The window's size in screen points (the framebuffer is larger on HiDPI screens).
    public var windowSize: (width: Int, height: Int) {
        var width: Int32 = 0
        var height: Int32 = 0
        glfwGetWindowSize(window, &width, &height)
        return (Int(width), Int(height))
    }

    public func setTitle(_ title: String) {
        glfwSetWindowTitle(window, title)
    }

    /// Asks the window to close (as the close button does).
    public func close() {
        glfwSetWindowShouldClose(window, GLFW_TRUE)
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
