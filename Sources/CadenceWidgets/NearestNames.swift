import CadenceLayers
import Foundation

/// The names in `candidates` closest to `name` by edit distance (case-insensitive), best first:
/// what a message suggests when a value is not one of a known set.
func nearestNames(to name: String, in candidates: [String], count: Int = 3) -> [String] {
    let target = Array(name.lowercased())
    // Long user strings are cut: the suggestion only needs their start, and the cost stays bounded.
    let probe = Array(target.prefix(64))
    return candidates
        .map { (name: $0, distance: editDistance(probe, Array($0.lowercased()))) }
        .sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }
        .prefix(count)
        .map(\.name)
}

/// Levenshtein distance of two character arrays (two rows of the table).
func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
            current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}

/// Locale identifiers Foundation knows (`en_US`, `de_DE`, …), and ISO 4217 currency codes.
enum KnownNames {
    static let locales: Set<String> = Set(Locale.availableIdentifiers)
    static let currencies: Set<String> = Set(Locale.Currency.isoCurrencies.map(\.identifier))
}
