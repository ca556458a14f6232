import CGLES
import CGLFW
import Foundation
import Overlay
import TestSupport

/// A GLFW window with a GLES 3 context on a display of the test's own, and the interface bound to it: what
/// the workbench's window is, without the workbench. Overlay tests run serialised, each on one thread.
final class InterfaceWindow {
    let display: VirtualDisplay
    let handle: OpaquePointer
    /// Released before the window and GLFW, whose callbacks and context it uses as it goes.
    private(set) var interface: InterfaceContext!
    let width = 320
    let height = 200

    init() throws {
        display = try VirtualDisplay()
        setenv("DISPLAY", display.name, 1)
        guard glfwInit() == GLFW_TRUE else { throw TestSupportError("GLFW did not start on \(display.name)") }
        glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API)
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3)
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0)
        guard let handle = glfwCreateWindow(Int32(width), Int32(height), "interface", nil, nil) else {
            glfwTerminate()
            throw TestSupportError("no GLES 3 window on \(display.name)")
        }
        self.handle = handle
        glfwMakeContextCurrent(handle)
        interface = try InterfaceContext(window: handle, scale: 1)
    }

    /// Clears the window's framebuffer to a colour.
    func clear(red: Float, green: Float, blue: Float) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        glViewport(0, 0, GLsizei(width), GLsizei(height))
        glClearColor(red, green, blue, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    }

    /// Builds a frame with `content` and draws it, twice by default: a window is measured in the frame it
    /// appears in and drawn from the next.
    func draw(frames: Int = 2, _ content: (InterfaceContext) -> Void) {
        for _ in 0..<frames {
            interface.beginFrame()
            content(interface)
            interface.draw()
        }
    }

    /// The framebuffer's pixel at (`x`, `y`) from the top-left.
    func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        var rgba = [UInt8](repeating: 0, count: 4)
        glReadPixels(GLint(x), GLint(height - 1 - y), 1, 1, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &rgba)
        return (rgba[0], rgba[1], rgba[2])
    }

    deinit {
        interface = nil
        glfwDestroyWindow(handle)
        glfwTerminate()
    }
}
