/// The valid name nearest a misspelt one, for messages that say "did you mean …?".
///
/// Nearest by edit distance (insertions, deletions, substitutions and swaps of two neighbours,
/// ignoring case), within about a third of the name's length; else a valid name that starts
/// with the one given (`mask` → `masksToBounds`). Names longer than 64 characters get no
/// suggestion: the work grows with the product of the lengths.
public enum Spelling {
    /// The longest name compared.
    public static let maximumLength = 64

    /// The candidate nearest `name`, or nil when none is near enough.
    public static func nearest(to name: String, among candidates: some Sequence<String>) -> String? {
        let word = Array(name.lowercased())
        guard !word.isEmpty, word.count <= maximumLength else { return nil }
        let limit = max(1, word.count / 3)
        var best: (name: String, distance: Int)?
        var prefixed: String?
        for candidate in candidates where candidate != name {
            let other = Array(candidate.lowercased())
            guard other.count <= maximumLength * 2 else { continue }
            if word.count >= 3, other.starts(with: word), prefixed.map({ candidate.count < $0.count }) ?? true { prefixed = candidate }
            guard abs(other.count - word.count) <= limit else { continue }
            let distance = editDistance(word, other)
            if distance <= limit, distance < best?.distance ?? .max { best = (candidate, distance) }
        }
        return best?.name ?? prefixed
    }

    /// `"; did you mean 'x'?"` for the candidate nearest `name`, or an empty string: the end of
    /// a message's first part ("unknown key; did you mean 'x'? (known: …)").
    public static func suggestion(for name: String, among candidates: some Sequence<String>) -> String {
        nearest(to: name, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The optimal-string-alignment distance of `a` and `b`.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, before[j - 2] + 1) }
                current[j] = value
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
