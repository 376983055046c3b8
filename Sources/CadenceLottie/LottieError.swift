/// What is wrong with a Lottie file, or what Cadence does not draw of it: the file, the layer
/// (its `nm` and index, when the problem is in one) and the property, then what is wrong.
///
/// The same type carries errors (thrown) and warnings (returned beside the animation, each once).
public struct LottieError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, as it was named to the reader.
    public var file: String
    /// The layer, as `"Ball" (layer 3)`, or nil for the composition itself.
    public var layer: String?
    /// The property or key path in the layer, e.g. `ks.p` or `shapes[2].it[0].ks`; nil for none.
    public var property: String?
    /// What is wrong, or what is not drawn.
    public var message: String
    /// For a warning about something not drawn, the feature (`"masks"`, `"text layers"` …).
    public var feature: String?

    /// A problem in `file`, at `layer` and `property` when given.
    public init(file: String, layer: String? = nil, property: String? = nil, message: String) {
        self.file = file
        self.layer = layer
        self.property = property
        self.message = message
    }

    /// `anim.json: layer "Ball" (index 3), ks.p: …`.
    public var description: String {
        "\(file): \(detail)"
    }

    /// The description without the file: `layer "Ball" (index 3), ks.p: …`.
    public var detail: String {
        var place: [String] = []
        if let layer { place.append("layer \(layer)") }
        if let property { place.append(property) }
        return place.isEmpty ? message : "\(place.joined(separator: ", ")): \(message)"
    }
}
