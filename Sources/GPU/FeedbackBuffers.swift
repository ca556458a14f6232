import CGLES

/// A pass whose previous frame is read (by itself or by other passes) draws into one of two targets while
/// the other holds that frame, then they trade places. Both start transparent black, the defined "previous
/// frame" of frame 0.
final class FeedbackBuffers {
    private(set) var previous: RenderTarget
    private(set) var next: RenderTarget

    init(_ descriptor: TextureDescriptor) throws(GPUError) {
        previous = try RenderTarget(descriptor)
        next = try RenderTarget(descriptor)
        for target in [previous, next] {
            target.bindForDrawing()
            glClearColor(0, 0, 0, 0)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
    }

    var descriptor: TextureDescriptor { next.descriptor }

    /// Between frames: what was drawn becomes the previous frame.
    func advance() {
        swap(&previous, &next)
    }
}
