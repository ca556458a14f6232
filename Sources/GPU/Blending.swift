import CGLES

/// How the fragments of the next draws combine with what the framebuffer holds.
public enum Blending {
    /// Each fragment adds to what is there: counting, as histogram bins do.
    case add
    /// Each fragment over what is there by its alpha, the "over" of compositing.
    case alpha

    /// Turns blending on in this mode.
    public func enable() {
        glEnable(GLenum(GL_BLEND))
        switch self {
        case .add:
            glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE))
        case .alpha:
            glBlendFuncSeparate(GLenum(GL_SRC_ALPHA), GLenum(GL_ONE_MINUS_SRC_ALPHA), GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        }
    }

    /// Turns blending off: fragments replace what is there.
    public static func disable() {
        glDisable(GLenum(GL_BLEND))
    }
}
