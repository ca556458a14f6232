/// Render targets reused by descriptor: a pass takes one, and it goes back when nothing reads it any
/// more, so a steady stream of frames allocates nothing after the first.
public final class FramebufferPool {
    private var free: [TextureDescriptor: [RenderTarget]] = [:]
    /// How many targets the pool has ever created; flat after the first frame in steady state.
    public private(set) var createdCount = 0

    public init() {}

    public func acquire(_ descriptor: TextureDescriptor) throws(GPUError) -> RenderTarget {
        if let target = free[descriptor]?.popLast() {
            return target
        }
        createdCount += 1
        return try RenderTarget(descriptor)
    }

    public func release(_ target: RenderTarget) {
        free[target.descriptor, default: []].append(target)
    }
}
