import CEGL
import CGLES
import CGLFW
import CInotifyTools
import CV4L2
import Testing

/// Each C library the workbench builds on must link and answer, including those whose Swift wrappers
/// arrive with later features, so a missing Debian package fails here and not in a user's hands.
@Suite("System libraries")
struct SystemLibraryLinkTests {
    @Test("GLFW links and reports its version")
    func glfw() {
        var major: Int32 = 0, minor: Int32 = 0, revision: Int32 = 0
        glfwGetVersion(&major, &minor, &revision)
        #expect(major == 3)
    }

    /// Only pure functions: libinotifytools keeps one state per process, which the file watcher owns.
    @Test("libinotifytools links")
    func inotifyTools() {
        #expect(inotifytools_str_to_event("CLOSE_WRITE") == IN_CLOSE_WRITE)
        #expect(cinotify_all_events() & UInt32(IN_CLOSE_WRITE) != 0)
    }

    @Test("libv4l2 links and refuses a path that is not a device")
    func v4l2() {
        #expect(cv4l2_open("/nonexistent-video-device", O_RDWR) == -1)
        #expect(cv4l2_querycap() != 0)
    }

    @Test("EGL links and names its client extensions")
    func egl() {
        let extensions = eglQueryString(cegl_no_display(), EGLint(EGL_EXTENSIONS)).map { String(cString: $0) } ?? ""
        #expect(extensions.contains("EGL_MESA_platform_surfaceless"))
    }
}
