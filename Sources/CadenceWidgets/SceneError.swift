/// A problem in a scene file, naming the file and, where it applies, the node and key.
public struct SceneError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The scene file, or `Swift API` for what Swift code built.
    public var file: String
    /// The id of the node at fault, when one is.
    public var node: String?
    /// The key at fault, as a path into the node or file (e.g. `animations[0].keyPath`).
    public var key: String?
    /// What is wrong, and what is allowed.
    public var message: String

    /// An error in `file`, at `node` and `key` when given.
    public init(file: String, node: String? = nil, key: String? = nil, message: String) {
        self.file = file
        self.node = node
        self.key = key
        self.message = message
    }

    public var description: String {
        var place = file
        if let node { place += ": node '\(node)'" }
        if let key { place += ": key '\(key)'" }
        return "\(place): \(message)"
    }
}
