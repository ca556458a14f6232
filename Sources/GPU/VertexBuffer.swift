import CGLES

/// A buffer of float vertex attributes: corners fixed for good, or per-instance values rewritten every frame
/// into storage that is reallocated only when it must grow.
public final class VertexBuffer {
    private let buffer = GLObject(.buffer)

    var name: GLuint { buffer.name }

    /// A buffer holding `values` for good (a shape's corners). Leaves it bound to `GL_ARRAY_BUFFER`.
    public init(fixed values: [Float]) {
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), name)
        values.withUnsafeBytes { bytes in
            glBufferData(GLenum(GL_ARRAY_BUFFER), bytes.count, bytes.baseAddress, GLenum(GL_STATIC_DRAW))
        }
    }

    /// A buffer of `byteCount` bytes, undefined until written, for values rewritten every frame. Leaves it
    /// bound to `GL_ARRAY_BUFFER`.
    public init(rewrittenEachFrame byteCount: Int) {
        reallocate(byteCount: byteCount)
    }

    /// Replaces the storage with `byteCount` undefined bytes. Leaves the buffer bound to `GL_ARRAY_BUFFER`.
    public func reallocate(byteCount: Int) {
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), name)
        glBufferData(GLenum(GL_ARRAY_BUFFER), byteCount, nil, GLenum(GL_DYNAMIC_DRAW))
    }

    /// Writes the first `count` of `values` to the start of the buffer, which must hold them. Leaves the
    /// buffer bound to `GL_ARRAY_BUFFER`.
    public func write(_ values: [Float], count: Int) {
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), name)
        values.withUnsafeBytes { bytes in
            glBufferSubData(GLenum(GL_ARRAY_BUFFER), 0, count * MemoryLayout<Float>.stride, bytes.baseAddress)
        }
    }
}
