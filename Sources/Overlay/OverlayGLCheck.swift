import CGLES
import GPU

/// Turns pending GL error flags into one `GPUError`. Called after set-up and reallocation only: reading the
/// flags mid-frame would take errors that belong to whoever drew before the overlay.
enum OverlayGLCheck {
    static func check(_ what: @autoclosure () -> String) throws(GPUError) {
        var codes: [GLenum] = []
        while codes.count < 8 {
            let code = glGetError()
            if code == GLenum(GL_NO_ERROR) { break }
            codes.append(code)
        }
        guard codes.isEmpty else {
            throw GPUError("\(what()) failed: GL error \(codes.map { "0x" + String($0, radix: 16) }.joined(separator: ", "))")
        }
    }
}
