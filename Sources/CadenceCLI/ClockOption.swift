import CadenceEngine
import CadenceTiming
import Foundation

/// The display clock a `--clock` value names: a trace file (when a file is at that path) or a
/// spec such as `vrr:120,80,60@0.5s+jitter:0.5ms,seed=7`, generated at `fps` for `duration`
/// seconds or for `count` vsyncs. A spec that does not parse throws `.spec` (exit 64); a trace
/// file that cannot be read or breaks a rule throws `.file` (exit 1).
func loadClock(_ text: String, fps: Double, duration: Double? = nil, count: Int? = nil) throws(EngineError) -> VSyncTrace {
    do throws(ClockTraceError) {
        // Anything at that path is the trace (a folder or FIFO is refused by name as such).
        var info = stat()
        if lstat(text, &info) == 0 {
            return try VSyncTrace.read(path: text)
        }
        guard ClockSpec.looksLikeSpec(text) else {
            throw .file(path: text, message: text.isEmpty ? "is empty: name a trace file or a clock spec" : "does not exist (and is not a clock spec: vrr:…, jitter:…, drop:…)")
        }
        return try ClockSpec(text).generate(fps: fps, duration: duration, count: count)
    } catch {
        throw .clockTrace(error)
    }
}
