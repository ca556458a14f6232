import CGLES

/// How the fragments of the next draws combine with what the framebuffer holds.
public enum Blending {
    /// Each fragment adds to what is there: counting, as histogram bins do.
    case add

    /// Turns blending on in this mode.
    public func enable() {
        glEnable(GLenum(GL_BLEND))
        switch self {
        case .add:
            glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE))
        }
    }

    /// Turns blending off: fragments replace what is there.
    public static func disable() {
        glDisable(GLenum(GL_BLEND))
    }
}
