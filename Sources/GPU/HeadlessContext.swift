import CEGL
import CGLES

/// An OpenGL ES 3 context with no window, current on the thread that created it. GL objects made while it
/// is current belong to it; like them it is not `Sendable`, so the compiler keeps it on its thread.
public final class HeadlessContext {
    private let display: EGLDisplay
    private let context: EGLContext

    /// Creates the context and makes it current on the calling thread.
    public init() throws(GPUError) {
        let connection = try EGLDisplayConnection.shared.get()
        display = connection.display
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGLBoolean(EGL_TRUE) else {
            throw GPUError("EGL cannot bind the OpenGL ES API")
        }
        let attributes: [EGLint] = [EGLint(EGL_CONTEXT_MAJOR_VERSION), 3, EGLint(EGL_CONTEXT_MINOR_VERSION), 0, EGLint(EGL_NONE)]
        // Surfaceless contexts need no config (EGL_KHR_no_config_context) and no surface.
        guard let context = eglCreateContext(display, cegl_no_config(), cegl_no_context(), attributes),
              context != cegl_no_context()
        else {
            throw GPUError("EGL could not create an OpenGL ES 3.0 context (error 0x\(String(eglGetError(), radix: 16)))")
        }
        self.context = context
        try makeCurrent()
    }

    /// Makes this context current on the calling thread.
    public func makeCurrent() throws(GPUError) {
        guard eglMakeCurrent(display, cegl_no_surface(), cegl_no_surface(), context) == EGLBoolean(EGL_TRUE) else {
            throw GPUError("EGL could not make the context current (error 0x\(String(eglGetError(), radix: 16)))")
        }
    }

    /// `GL_RENDERER` and `GL_VERSION`, for benchmark reports and error messages.
    public var rendererDescription: String {
        GLInfo.renderer
    }

    deinit {
        eglMakeCurrent(display, cegl_no_surface(), cegl_no_surface(), cegl_no_context())
        eglDestroyContext(display, context)
    }
}
