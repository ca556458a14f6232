/// The storage of a node's output texture. Half float keeps precision through long chains, where 8 bits
/// band and underflow.
public enum PixelFormat: String, Hashable, Sendable, CaseIterable {
    case rgba8
    case rgba16f
    /// Single float: what reductions sum in, so averages over a whole frame stay exact.
    case rgba32f
}
