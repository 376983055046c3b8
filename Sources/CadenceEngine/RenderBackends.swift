import CadenceGL
import CadenceRaster
import CadenceRender

extension RenderBackendKind {
    /// A backend of this kind drawing `width` × `height` frames offscreen: an EGL context and a
    /// framebuffer object (`gl`), or a canvas in memory (`cpu`).
    public func makeOffscreenBackend(width: Int, height: Int) throws(EngineError) -> any RenderBackend {
        switch self {
        case .gl:
            do {
                return try GLBackend(width: width, height: height)
            } catch {
                throw EngineError(error)
            }
        case .cpu:
            return RasterBackend(width: width, height: height)
        }
    }
}
