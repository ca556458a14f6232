/// A 64-bit FNV-1a digest of a file's bytes.
///
/// The watcher only has to tell a real edit from a save that rewrote identical bytes. A fast
/// non-cryptographic hash does that: nobody gains from forging a collision in their own shader, the
/// odds of an accidental one are about 2⁻⁶⁴ per save, and FNV-1a fits in a few lines, so change
/// detection needs no dependency.
struct ContentHash: Hashable, Sendable {
    let value: UInt64

    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    init(of bytes: [UInt8]) {
        var hash = Self.offsetBasis
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= Self.prime
        }
        value = hash
    }
}
