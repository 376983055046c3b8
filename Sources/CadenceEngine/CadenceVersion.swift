/// Which Cadence this is: what `cadence --version` prints and the benchmarks' JSON carries, so a
/// figure can be matched to the build that made it.
nonisolated public enum CadenceVersion {
    /// The version, as semantic versioning spells it: the third wave, in development.
    public static let string = "0.3.0-dev"

    /// `object` (a JSON object's text, `{…}`) with `"version"` as its first key.
    public static func stamped(_ object: String) -> String {
        guard object.hasPrefix("{") else { return object }
        let rest = object.dropFirst()
        return "{\"version\": \"\(string)\"" + (rest.hasPrefix("}") ? "" : ", ") + rest
    }
}
