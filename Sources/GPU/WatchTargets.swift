import CGLES
import ShaderGraph
import ShaderLanguage

/// The two float images an instrumented shader draws in one pass (`WatchInstrumentation`): what the watched
/// expression was, and how many times its line ran with the value's type. One framebuffer draws both; each image
/// keeps its own for reading back.
final class WatchTargets {
    let value: RenderTarget
    let runs: RenderTarget
    private let framebufferObject: GLObject

    var size: PixelSize { value.size }

    /// `storesImages` fixes their storage, for a compute kernel to store into them as images.
    init(size: PixelSize, storesImages: Bool = false) throws(GPUError) {
        value = try RenderTarget(TextureDescriptor(size: size, format: .rgba32f), storesImages: storesImages)
        runs = try RenderTarget(TextureDescriptor(size: size, format: .rgba32f), storesImages: storesImages)
        framebufferObject = GLObject(.framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebufferObject.name)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), value.texture, 0)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT1), GLenum(GL_TEXTURE_2D), runs.texture, 0)
        var attachments = [GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_COLOR_ATTACHMENT1)]
        glDrawBuffers(2, &attachments)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            throw GPUError("a watch's two float targets are not supported here (framebuffer status 0x\(String(status, radix: 16)))")
        }
    }

    /// Sets both images to zeros: no value, no runs, where nothing records one this frame.
    func clear() {
        bindForDrawing()
        glClearColor(0, 0, 0, 0)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
    }

    /// Makes both images the target of the next draw.
    func bindForDrawing() {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebufferObject.name)
        glViewport(0, 0, GLsizei(size.width), GLsizei(size.height))
    }

    /// What was recorded at the pixel (`x`, `y`), from the top-left: how many times the line ran, and when it ran
    /// at all, the value's type and its numbers.
    func reading(x: Int, y: Int) -> ShaderWatchReading {
        let counts = runs.readPixel(x: x, y: y)
        let kind = Int(counts[1].rounded())
        let count = Int(counts[0].rounded())
        guard count > 0, let type = ShaderWatch.typeName(ofKind: kind) else { return ShaderWatchReading(runs: 0, type: nil, value: [], pass: nil) }
        return ShaderWatchReading(runs: count, type: type, value: Array(value.readPixel(x: x, y: y).prefix(ShaderWatch.componentCount(ofKind: kind))), pass: nil)
    }
}
