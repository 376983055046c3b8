import CadenceGL
import CadenceImage
import CadenceRender
import CadencePlatform
import CadenceScene
import CadenceText
import CadenceTiming

/// Everything that can stop a render, each with a message a user can act on.
public enum EngineError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The GL context could not be made.
    case platform(PlatformError)
    /// A GL call or resource failed.
    case gl(GLError)
    /// A PNG could not be written or read.
    case png(PNGError)
    /// A scene or events file is wrong.
    case scene(SceneError)
    /// The clock's settings are wrong.
    case clock(ClockError)
    /// A `--clock` spec or trace file is wrong, or a trace cannot be written.
    case clockTrace(ClockTraceError)
    /// A font could not be found or loaded.
    case text(TextError)
    /// The output folder cannot be made or written.
    case outputDirectory(path: String, reason: String)
    /// An animation file (`--format apng|gif|mp4|webm`) could not be written.
    case animation(path: String, reason: String)
    /// A setting is out of range: its name in the Swift API (`fps`, `png.level`; the CLI shows
    /// the flag that sets it) and the rule.
    case invalidOption(name: String, message: String)
    /// An event trace (`--trace`) could not be written.
    case trace(TraceWriteError)
    /// A render backend failed in a way none of the cases above names.
    case render(RenderError)

    /// A backend's failure as the engine's: a GL, context or font error keeps its own case.
    public init(_ error: RenderError) {
        switch error.cause {
        case let cause as GLError: self = .gl(cause)
        case let cause as PlatformError: self = .platform(cause)
        case let cause as TextError: self = .text(cause)
        default: self = .render(error)
        }
    }

    public var description: String {
        switch self {
        case .platform(let error): error.description
        case .gl(let error): error.description
        case .png(let error): error.description
        case .scene(let error): error.description
        case .clock(let error): error.description
        case .clockTrace(let error): error.description
        case .text(let error): error.description
        case .outputDirectory(let path, let reason): "output folder \(path): \(reason)"
        case .animation(let path, let reason): "cannot write \(path): \(reason)"
        case .invalidOption(let name, let message): "\(name): \(message)"
        case .trace(let error): "event trace: \(error)"
        case .render(let error): error.description
        }
    }
}
