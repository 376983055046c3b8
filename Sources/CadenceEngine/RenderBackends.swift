import CadenceGL
import CadenceRaster
import CadenceRender
import CadenceText
import Foundation

extension RenderBackendKind {
    /// A backend of this kind drawing `width` × `height` frames offscreen: an EGL context and a
    /// framebuffer object (`gl`), or a canvas in memory (`cpu`) drawn in
    /// `RenderBackendKind.rasterThreads(besides:)` bands, leaving `busyThreads` cores to other
    /// work (a dump's PNG encoders). Glyphs are rasterised by `fonts`.
    public func makeOffscreenBackend(
        width: Int, height: Int, besides busyThreads: Int = 0, fonts: FontLibrary = .shared
    ) throws(EngineError) -> any RenderBackend {
        switch self {
        case .gl:
            do {
                return try GLBackend(width: width, height: height, fonts: fonts)
            } catch {
                throw EngineError(error)
            }
        case .cpu:
            return RasterBackend(width: width, height: height, fonts: fonts, bands: try Self.rasterThreads(besides: busyThreads))
        }
    }

    /// The environment variable that sets how many threads the CPU backend draws a frame with.
    public static let rasterThreadsVariable = "CADENCE_RASTER_THREADS"

    /// How many threads (horizontal bands) the CPU backend draws a frame with: `CADENCE_RASTER_THREADS`
    /// (1 … 64) when set, else the cores this process may use less `busyThreads` (a dump's
    /// encoders), at least 1 and at most 4. The bytes of a frame are the same whatever the number.
    public static func rasterThreads(
        besides busyThreads: Int = 0, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(EngineError) -> Int {
        guard let text = environment[rasterThreadsVariable] else {
            let free = ProcessInfo.processInfo.activeProcessorCount - max(busyThreads, 0)
            return min(max(free, 1), 4)
        }
        guard let count = Int(text.trimmingCharacters(in: .whitespaces)), (1...RasterBackend.maximumBands).contains(count) else {
            throw .invalidOption(
                name: rasterThreadsVariable,
                message: "must be a whole number from 1 to \(RasterBackend.maximumBands), not \"\(text)\"; unset it for the default (one thread a core, at most 4)"
            )
        }
        return count
    }
}
