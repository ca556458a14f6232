import CGLES

extension RenderTarget {
    /// A target of its own holding what this one holds now: later passes drawing into this one leave the copy
    /// as it was, which is what a kept reference image needs.
    public func copy() throws(GPUError) -> RenderTarget {
        let copy = try RenderTarget(descriptor)
        let width = GLint(size.width), height = GLint(size.height)
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), framebuffer)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), copy.framebuffer)
        glBlitFramebuffer(0, 0, width, height, 0, 0, width, height, GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        try GLInfo.check("copying a \(descriptor) image")
        return copy
    }
}

extension RenderTarget {
    /// Copies what this holds now into `other`: a frame a compute kernel loads as an image, which needs a texture
    /// of fixed storage that pooled images are not, or an image laid under a draw node's mesh. Texel for texel
    /// where the sizes match, stretched and filtered where they do not.
    func copy(into other: RenderTarget) {
        let width = GLint(size.width), height = GLint(size.height)
        let otherWidth = GLint(other.size.width), otherHeight = GLint(other.size.height)
        let filter = size == other.size ? GL_NEAREST : GL_LINEAR
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), framebuffer)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), other.framebuffer)
        glBlitFramebuffer(0, 0, width, height, 0, 0, otherWidth, otherHeight, GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(filter))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
    }
}
