/// The storage of a node's output texture. Half float keeps precision through long chains and reductions,
/// where 8 bits underflow.
public enum PixelFormat: String, Hashable, Sendable, CaseIterable {
    case rgba8
    case rgba16f
}
