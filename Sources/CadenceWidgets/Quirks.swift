/// Whether a widget behaves as Cadence's rebuild or reproduces the original it rebuilds, bugs
/// included, for people porting an app who need identical motion.
///
/// Set per node with `"quirks": "original"`, or for every node with `cadence render --quirks
/// original`; a node's own key wins. The README lists each quirk with the original's file and line.
public enum Quirks: String, Sendable, Hashable, CaseIterable {
    /// Cadence's behaviour: the originals' behaviour with their bugs fixed.
    case none
    /// The original's exact behaviour, bugs included.
    case original
}
