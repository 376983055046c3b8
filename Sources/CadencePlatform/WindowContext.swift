import CGL
import CGLFW
import CadenceDraw
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
        canPresentRegions = glfwExtensionSupported("GLX_MESA_copy_sub_buffer") == GLFW_TRUE
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
        // The X server lost what the window showed (uncovered, restored): show all of it again.
        glfwSetWindowRefreshCallback(window) { window in
            WindowContext.from(window)?.screenIsStale = true
        }
    }

    // MARK: Presenting regions

    /// Whether the window can put parts of its back buffer on screen without a swap
    /// (GLX_MESA_copy_sub_buffer, which Mesa's software rasterisers have).
    public let canPresentRegions: Bool
    /// Present by copying only `presentRegions` of the back buffer to the screen instead of
    /// swapping: for drivers that never wait for vsync anyway (`WindowDriver` turns it on when it
    /// paces itself), where a swap copies the whole frame. Ignored without `canPresentRegions`.
    public var presentsRegions = false
    /// What the next `present` must put on screen, in framebuffer pixels with a top-left origin;
    /// nil for all of it. Whoever draws the frame sets it; `present` clears it.
    public var presentRegions: [PixelRect]?
    /// True while the back buffer holds the last frame drawn, whole (it was presented by copying,
    /// not swapped away), so the next frame may redraw only what changed.
    public private(set) var backBufferHoldsLastFrame = false
    private var screenIsStale = true

    /// A key press: GLFW's key code and the modifiers that matter here.
    public struct Key: Sendable, Hashable {
        /// GLFW's key code (`GLFW_KEY_…`).
        public var code: Int32
        /// Whether Shift was held.
        public var shift: Bool
        /// Whether Control was held.
        public var control: Bool

        /// Key codes the demo handles.
        public static let escape = GLFW_KEY_ESCAPE, tab = GLFW_KEY_TAB, backspace = GLFW_KEY_BACKSPACE, delete = GLFW_KEY_DELETE
        /// Key codes the demo handles.
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

    /// Sets the window's title.
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

    /// Makes the window's GL context current on this thread.
    public func makeCurrent() throws(PlatformError) {
        glfwMakeContextCurrent(window)
    }

    /// Shows the frame: copies `presentRegions` (everything after a resize or an expose) when
    /// `presentsRegions`, else swaps.
    public func present() {
        defer { presentRegions = nil }
        guard presentsRegions, canPresentRegions, let size = defaultFramebufferSize else {
            glfwSwapBuffers(window)
            backBufferHoldsLastFrame = false
            return
        }
        let whole = PixelRect(width: size.width, height: size.height).map { [$0] } ?? []
        let regions = screenIsStale ? whole : presentRegions ?? whole
        for region in regions {
            // GL window coordinates count rows from the bottom.
            guard cadence_glfwCopySubBuffer(window, Int32(region.x), Int32(size.height - region.y - region.height),
                                            Int32(region.width), Int32(region.height)) != 0 else {
                glfwSwapBuffers(window)
                backBufferHoldsLastFrame = false
                return
            }
        }
        if regions.isEmpty { glFlush() }
        screenIsStale = false
        backBufferHoldsLastFrame = true
    }

    /// The framebuffer's size in pixels (larger than the window's on high-density screens).
    public var defaultFramebufferSize: (width: Int, height: Int)? {
        var width: Int32 = 0
        var height: Int32 = 0
        glfwGetFramebufferSize(window, &width, &height)
        return (Int(width), Int(height))
    }

    /// The GL renderer, e.g. "llvmpipe (LLVM 15.0.6, 256 bits) via GLFW".
    public var rendererDescription: String { glRendererDescription() + " via GLFW" }

    /// The X11 window's id (an XID), or nil off X11.
    public var x11Window: UInt? {
        let id = glfwGetX11Window(window)
        return id == 0 ? nil : UInt(id)
    }

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
