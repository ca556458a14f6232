import CGLES

/// A buffer a framebuffer's pixels are read into on the GPU and mapped later, so the read does not stall
/// until the drawing before it has finished.
final class PixelPackBuffer {
    let byteCount: Int
    private let buffer = GLObject(.buffer)

    init(byteCount: Int) {
        self.byteCount = byteCount
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), buffer.name)
        glBufferData(GLenum(GL_PIXEL_PACK_BUFFER), byteCount, nil, GLenum(GL_STREAM_READ))
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0)
    }

    /// Starts reading `width`×`height` RGBA bytes of the bound framebuffer, rows 4-byte aligned.
    func startReading(width: Int, height: Int) {
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), buffer.name)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0)
    }

    /// Replaces `bytes` with what the last read put here, waiting for it if it has not finished; `what`
    /// names the pixels in the error.
    func copy(into bytes: inout [UInt8], reading what: @autoclosure () -> String) throws(GPUError) {
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), buffer.name)
        defer { glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0) }
        guard let mapped = glMapBufferRange(GLenum(GL_PIXEL_PACK_BUFFER), 0, byteCount, GLbitfield(GL_MAP_READ_BIT)) else {
            throw GPUError("mapping \(what()) failed (GL error 0x\(String(glGetError(), radix: 16)))")
        }
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: UnsafeRawBufferPointer(start: mapped, count: byteCount))
        glUnmapBuffer(GLenum(GL_PIXEL_PACK_BUFFER))
    }
}
