import GPU

/// The vertex array and buffers the overlay draws from: a unit square shared by all quads, and one buffer of
/// per-quad attributes that is rewritten each frame and reallocated only when a frame has more quads than
/// ever before.
final class QuadInstanceBuffer {
    /// Rectangle (4), atlas placement (4), colour (4).
    static let floatsPerQuad = 12
    private static let bytesPerQuad = floatsPerQuad * MemoryLayout<Float>.stride

    private let vertexArray = VertexArray()
    private let corners = VertexBuffer(fixed: [0, 0, 1, 0, 0, 1, 1, 1])
    private let instances: VertexBuffer
    /// Quads the instance buffer holds without reallocating.
    private(set) var capacity: Int
    /// GL buffer allocations made for quads so far, the first included.
    private(set) var allocationCount = 1

    /// Leaves the vertex array and the instance buffer bound; the caller saves and restores the bindings.
    init(initialCapacity: Int = 256) throws(GPUError) {
        capacity = max(initialCapacity, 1)
        instances = VertexBuffer(rewrittenEachFrame: capacity * Self.bytesPerQuad)
        vertexArray.setAttribute(OverlayShaderProgram.cornerLocation, components: 2, from: corners)
        for (slot, location) in [OverlayShaderProgram.rectangleLocation, OverlayShaderProgram.atlasLocation,
                                 OverlayShaderProgram.colourLocation].enumerated() {
            vertexArray.setAttribute(location, components: 4, from: instances, stride: Self.bytesPerQuad,
                                     offset: slot * 4 * MemoryLayout<Float>.stride, perInstance: true)
        }
        try GLInfo.check("creating the overlay's vertex buffers")
    }

    /// Uploads the first `count` quads of `instances` and draws them with the program in use. Leaves the
    /// vertex array and array buffer bound; the caller restores them.
    func draw(_ values: [Float], count: Int) {
        guard count > 0 else { return }
        if count > capacity {
            capacity = max(count, capacity * 2)
            instances.reallocate(byteCount: capacity * Self.bytesPerQuad)
            allocationCount += 1
        }
        instances.write(values, count: count * Self.floatsPerQuad)
        vertexArray.drawInstanced(.triangleStrip, vertexCount: 4, instanceCount: count)
    }
}
