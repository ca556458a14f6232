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

    /// Starts reading `width`×`height` RGBA texels of the bound framebuffer's read buffer to `offset` bytes in,
    /// each row `rowLength` texels after the one before (0: `width`), rows 4-byte aligned.
    func startReading(width: Int, height: Int, offset: Int = 0, rowLength: Int = 0) {
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), buffer.name)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), GLint(rowLength))
        glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), UnsafeMutableRawPointer(bitPattern: offset))
        glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), 0)
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0)
    }

    /// Hands `body` what the reads put here, waiting for them if they have not finished; `what` names the
    /// pixels in the error.
    func read(_ what: @autoclosure () -> String, _ body: (UnsafeRawBufferPointer) -> Void) throws(GPUError) {
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), buffer.name)
        defer { glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0) }
        guard let mapped = glMapBufferRange(GLenum(GL_PIXEL_PACK_BUFFER), 0, byteCount, GLbitfield(GL_MAP_READ_BIT)) else {
            throw GPUError("mapping \(what()) failed (GL error 0x\(String(glGetError(), radix: 16)))")
        }
        body(UnsafeRawBufferPointer(start: mapped, count: byteCount))
        glUnmapBuffer(GLenum(GL_PIXEL_PACK_BUFFER))
    }
}
