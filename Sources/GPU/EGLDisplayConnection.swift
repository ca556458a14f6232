import CEGL

/// The process's one EGL display on Mesa's surfaceless platform: no X server, no environment needed.
/// Initialised once and never terminated, because terminating would destroy every context of the process.
struct EGLDisplayConnection: @unchecked Sendable {
    // EGLDisplay is a raw pointer, but EGL requires displays to be usable from any thread.
    let display: EGLDisplay
    let version: (major: Int32, minor: Int32)

    static let shared: Result<EGLDisplayConnection, GPUError> = connect()

    private static func connect() -> Result<EGLDisplayConnection, GPUError> {
        guard let display = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil),
              display != cegl_no_display()
        else {
            return .failure(GPUError("EGL has no surfaceless platform display (is Mesa's libegl-mesa0 installed?)"))
        }
        var major: EGLint = 0
        var minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) == EGLBoolean(EGL_TRUE) else {
            return .failure(GPUError("EGL could not initialise the surfaceless display (error 0x\(String(eglGetError(), radix: 16)))"))
        }
        return .success(EGLDisplayConnection(display: display, version: (major, minor)))
    }
}
