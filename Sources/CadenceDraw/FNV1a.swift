/// FNV-1a, 64 bits: a hash of bytes that is the same on every machine and every run (Swift's
/// `Hasher` is seeded per process), for seeds and identities that must not change.
public enum FNV1a {
    public static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
