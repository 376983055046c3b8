/// SplitMix64 (Steele, Lea and Flood 2014): a small seeded generator whose output is the same on
/// every machine: for clock jitter and drops that replay exactly, generated scenes, and each
/// emitter particle's draws.
public struct SplitMix64: Sendable {
    @usableFromInline var state: UInt64

    /// The generator whose first step is from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    @inlinable
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform number in [0, 1).
    @inlinable
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }
}
