import CGLES

/// The GL state a drawing layer over the image (the overlay) changes, read before and put back after, so
/// whatever draws next (the window's next frame, the graph executor) finds things as it left them: blending,
/// the viewport, the depth, scissor, stencil and culling switches, the program, vertex array and array buffer,
/// the active texture unit and unit 0's texture, and the unpack alignment.
public struct DrawStateSnapshot {
    private var blendEnabled: GLboolean = 0
    private var blendSourceRGB: GLint = 0
    private var blendDestinationRGB: GLint = 0
    private var blendSourceAlpha: GLint = 0
    private var blendDestinationAlpha: GLint = 0
    private var blendEquationRGB: GLint = 0
    private var blendEquationAlpha: GLint = 0
    private var depthTestEnabled: GLboolean = 0
    private var scissorTestEnabled: GLboolean = 0
    private var stencilTestEnabled: GLboolean = 0
    private var cullFaceEnabled: GLboolean = 0
    private var viewport: (GLint, GLint, GLint, GLint) = (0, 0, 0, 0)
    private var program: GLint = 0
    private var vertexArray: GLint = 0
    private var arrayBuffer: GLint = 0
    private var activeTexture: GLint = 0
    private var textureOnUnitZero: GLint = 0
    private var unpackAlignment: GLint = 0

    public static func capture() -> DrawStateSnapshot {
        var state = DrawStateSnapshot()
        state.blendEnabled = glIsEnabled(GLenum(GL_BLEND))
        glGetIntegerv(GLenum(GL_BLEND_SRC_RGB), &state.blendSourceRGB)
        glGetIntegerv(GLenum(GL_BLEND_DST_RGB), &state.blendDestinationRGB)
        glGetIntegerv(GLenum(GL_BLEND_SRC_ALPHA), &state.blendSourceAlpha)
        glGetIntegerv(GLenum(GL_BLEND_DST_ALPHA), &state.blendDestinationAlpha)
        glGetIntegerv(GLenum(GL_BLEND_EQUATION_RGB), &state.blendEquationRGB)
        glGetIntegerv(GLenum(GL_BLEND_EQUATION_ALPHA), &state.blendEquationAlpha)
        state.depthTestEnabled = glIsEnabled(GLenum(GL_DEPTH_TEST))
        state.scissorTestEnabled = glIsEnabled(GLenum(GL_SCISSOR_TEST))
        state.stencilTestEnabled = glIsEnabled(GLenum(GL_STENCIL_TEST))
        state.cullFaceEnabled = glIsEnabled(GLenum(GL_CULL_FACE))
        withUnsafeMutableBytes(of: &state.viewport) { bytes in
            glGetIntegerv(GLenum(GL_VIEWPORT), bytes.baseAddress?.assumingMemoryBound(to: GLint.self))
        }
        glGetIntegerv(GLenum(GL_CURRENT_PROGRAM), &state.program)
        glGetIntegerv(GLenum(GL_VERTEX_ARRAY_BINDING), &state.vertexArray)
        glGetIntegerv(GLenum(GL_ARRAY_BUFFER_BINDING), &state.arrayBuffer)
        glGetIntegerv(GLenum(GL_ACTIVE_TEXTURE), &state.activeTexture)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glGetIntegerv(GLenum(GL_TEXTURE_BINDING_2D), &state.textureOnUnitZero)
        glActiveTexture(GLenum(state.activeTexture))
        glGetIntegerv(GLenum(GL_UNPACK_ALIGNMENT), &state.unpackAlignment)
        return state
    }

    public func restore() {
        Self.set(GLenum(GL_BLEND), blendEnabled)
        glBlendFuncSeparate(GLenum(blendSourceRGB), GLenum(blendDestinationRGB), GLenum(blendSourceAlpha), GLenum(blendDestinationAlpha))
        glBlendEquationSeparate(GLenum(blendEquationRGB), GLenum(blendEquationAlpha))
        Self.set(GLenum(GL_DEPTH_TEST), depthTestEnabled)
        Self.set(GLenum(GL_SCISSOR_TEST), scissorTestEnabled)
        Self.set(GLenum(GL_STENCIL_TEST), stencilTestEnabled)
        Self.set(GLenum(GL_CULL_FACE), cullFaceEnabled)
        glViewport(viewport.0, viewport.1, viewport.2, viewport.3)
        glUseProgram(GLuint(program))
        glBindVertexArray(GLuint(vertexArray))
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), GLuint(arrayBuffer))
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), GLuint(textureOnUnitZero))
        glActiveTexture(GLenum(activeTexture))
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), unpackAlignment)
    }

    private static func set(_ capability: GLenum, _ enabled: GLboolean) {
        if enabled == GLboolean(GL_TRUE) { glEnable(capability) } else { glDisable(capability) }
    }
}
