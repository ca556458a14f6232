import CGLES
import ShaderGraph

extension InputSampling {
    /// The GL edge mode of its wrap: clamped unless it says repeat or mirror.
    var glWrap: GLint {
        switch wrap {
        case .repeat: GL_REPEAT
        case .mirror: GL_MIRRORED_REPEAT
        case .clamp, nil: GL_CLAMP_TO_EDGE
        }
    }
}
