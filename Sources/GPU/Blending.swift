import CGLES

/// How the fragments of the next draws combine with what the framebuffer holds.
public enum Blending {
    /// Straight-alpha "over" for colour; alpha accumulates coverage, so a translucent target stays correct.
    case over
    /// Each fragment adds to what is there: counting, as histogram bins do.
    case add

    /// Turns blending on in this mode.
    public func enable() {
        glEnable(GLenum(GL_BLEND))
        switch self {
        case .over:
            glBlendEquation(GLenum(GL_FUNC_ADD))
            glBlendFuncSeparate(GLenum(GL_SRC_ALPHA), GLenum(GL_ONE_MINUS_SRC_ALPHA), GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        case .add:
            glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE))
        }
    }

    /// Turns blending off: fragments replace what is there.
    public static func disable() {
        glDisable(GLenum(GL_BLEND))
    }
}
