/// Which Cadence this is: what `cadence --version` prints and the benchmarks' JSON carries, so a
/// figure can be matched to the build that made it.
nonisolated public enum CadenceVersion {
    /// The version, as semantic versioning spells it: the third wave, in development.
    public static let string = "0.3.0-dev"

    /// `string` with `commit` as semantic versioning's build metadata (`0.3.0-dev+1a2b3c4d5e6f`;
    /// `…-dirty` when built from a changed work tree); `string` alone when the commit is unknown.
    public static func withCommit(_ commit: String) -> String {
        commit.isEmpty ? string : string + "+" + commit
    }

    /// `object` (a JSON object's text, `{…}`) with `"version"` (`version`) as its first key.
    public static func stamped(_ object: String, version: String = string) -> String {
        guard object.hasPrefix("{") else { return object }
        let rest = object.dropFirst()
        return "{\"version\": \"\(version)\"" + (rest.hasPrefix("}") ? "" : ", ") + rest
    }
}
