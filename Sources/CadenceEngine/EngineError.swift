import CadenceGL
import CadenceImage
import CadencePlatform
import CadenceScene
import CadenceText
import CadenceTiming

/// Everything that can stop a render, each with a message a user can act on.
public enum EngineError: Error, Sendable, Equatable, CustomStringConvertible {
    case platform(PlatformError)
    case gl(GLError)
    case png(PNGError)
    case scene(SceneError)
    case clock(ClockError)
    case text(TextError)
    case outputDirectory(path: String, reason: String)
    case invalidOption(name: String, message: String)

    public var description: String {
        switch self {
        case .platform(let error): error.description
        case .gl(let error): error.description
        case .png(let error): error.description
        case .scene(let error): error.description
        case .clock(let error): error.description
        case .text(let error): error.description
        case .outputDirectory(let path, let reason): "output folder \(path): \(reason)"
        case .invalidOption(let name, let message): "\(name): \(message)"
        }
    }
}
