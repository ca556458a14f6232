import CGLES
import Overlay
import Testing

/// Dear ImGui drawing over a frame: where it draws, and the GL state it leaves behind.
@Suite("The interface over the image", .serialized)
struct InterfaceDrawingTests {
    @Test("a panel covers its rectangle and leaves the rest of the frame as it was")
    func panelCoversItsRectangle() throws {
        let window = try InterfaceWindow()
        var slider: InterfaceRectangle?
        window.clear(red: 1, green: 0, blue: 0)
        window.draw { interface in
            interface.window("panel", x: 20, y: 30, size: (120, 80), style: .panel) {
                interface.text("Level", colour: InterfaceColour(red: 1, green: 1, blue: 1))
                var level: Float = 0.5
                _ = interface.slider("##level", value: &level, range: 0...1)
                slider = interface.lastItem
            }
        }
        let inside = window.pixel(x: 130, y: 100)
        #expect(inside.r < 100, "the panel's background, found \(inside)")
        #expect(window.pixel(x: 10, y: 10) == (255, 0, 0))
        #expect(window.pixel(x: 150, y: 100) == (255, 0, 0))
        #expect(window.pixel(x: 60, y: 120) == (255, 0, 0))
        let rectangle = try #require(slider)
        #expect(rectangle.x > 20 && rectangle.y > 30 && rectangle.x + rectangle.width <= 140 && rectangle.height > 10,
                "the slider lies in the panel: \(rectangle)")
        // The slider's frame is a lighter blue than the panel behind it.
        let frame = window.pixel(x: Int(rectangle.x) + 3, y: Int(rectangle.y + rectangle.height / 2))
        #expect(frame.b > inside.b, "frame \(frame), panel \(inside)")
    }

    @Test("a text window covers a line that grew in the very frame it grew, as a frame rate does while animating")
    func textWindowFitsThisFrame() throws {
        let window = try InterfaceWindow()
        let white = InterfaceColour(red: 1, green: 1, blue: 1)
        window.clear(red: 1, green: 0, blue: 0)
        window.draw { interface in
            interface.textWindow("status", x: 10, y: 10, lines: [("9 fps", white)], style: .overlay)
        }
        var grownWidth: Float = 0
        window.clear(red: 1, green: 0, blue: 0)
        window.draw(frames: 1) { interface in
            let grown = "59.9 fps  ·  4.2 ms  ·  sepia.yaml  ·  node: sepia"
            grownWidth = interface.width(of: grown)
            interface.textWindow("status", x: 10, y: 10, lines: [(grown, white), ("camera unplugged", white)], style: .overlay)
        }
        // Just inside the window's right and bottom edges (padding beyond the text) its background has
        // replaced the clear colour.
        let right = window.pixel(x: 10 + Int(grownWidth) + 4, y: 14)
        #expect(right.r < 200, "the window ends before the grown line's end: \(right)")
        let bottom = window.pixel(x: 14, y: 10 + Int(2 * window.interface.lineHeight) + 4)
        #expect(bottom.r < 200, "the window ends before the second line: \(bottom)")
    }

    @Test("drawing the interface puts back the GL state the image's drawing left")
    func restoresState() throws {
        let window = try InterfaceWindow()
        window.clear(red: 0, green: 0, blue: 0)
        var buffer: GLuint = 0
        glGenBuffers(1, &buffer)
        defer { glDeleteBuffers(1, &buffer) }
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        glViewport(3, 4, 50, 60)
        glDisable(GLenum(GL_BLEND))
        glEnable(GLenum(GL_CULL_FACE))
        glActiveTexture(GLenum(GL_TEXTURE3))
        window.draw { interface in
            interface.window("panel", x: 0, y: 0, size: (200, 100), style: .panel) {
                interface.text("state", colour: InterfaceColour(red: 1, green: 1, blue: 1))
            }
        }
        var viewport = [GLint](repeating: 0, count: 4)
        glGetIntegerv(GLenum(GL_VIEWPORT), &viewport)
        #expect(viewport == [3, 4, 50, 60])
        #expect(glIsEnabled(GLenum(GL_BLEND)) == GLboolean(GL_FALSE))
        #expect(glIsEnabled(GLenum(GL_CULL_FACE)) == GLboolean(GL_TRUE))
        var value: GLint = 0
        glGetIntegerv(GLenum(GL_ARRAY_BUFFER_BINDING), &value)
        #expect(GLuint(value) == buffer)
        glGetIntegerv(GLenum(GL_ACTIVE_TEXTURE), &value)
        #expect(value == GL_TEXTURE3)
        #expect(glGetError() == GLenum(GL_NO_ERROR))
    }
}
