import CGLES
import ShaderGraph

extension ComputeBarrier {
    /// `glMemoryBarrier`'s bits for it; the C export prints the same number.
    package var glBits: GLbitfield {
        var bits: Int32 = 0
        if contains(.imageAccess) { bits |= GL_SHADER_IMAGE_ACCESS_BARRIER_BIT }
        if contains(.storage) { bits |= GL_SHADER_STORAGE_BARRIER_BIT }
        if contains(.textureFetch) { bits |= GL_TEXTURE_FETCH_BARRIER_BIT }
        if contains(.framebuffer) { bits |= GL_FRAMEBUFFER_BARRIER_BIT | GL_PIXEL_BUFFER_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT }
        if contains(.bufferUpdate) { bits |= GL_BUFFER_UPDATE_BARRIER_BIT }
        return GLbitfield(bits)
    }
}
