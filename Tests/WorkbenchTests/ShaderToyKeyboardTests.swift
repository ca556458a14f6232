import Foundation
import TestSupport
import Testing

/// ShaderToy's keyboard channel in the real window under Xvfb: keys pressed with xdotool reach the shader's
/// 256×3 image by browser key code, and a VS Code Shader Toy shader's 256×4 one.
@Suite("ShaderToy's keyboard in the window", .serialized)
struct ShaderToyKeyboardTests {
    /// Red with no X, green while X is held; blue once X has been pressed an odd number of times.
    static let shader = """
        void mainImage(out vec4 fragColor, in vec2 fragCoord) {
            float held = texelFetch(iChannel0, ivec2(88, 0), 0).x;
            float toggled = texelFetch(iChannel0, ivec2(88, 2), 0).x;
            fragColor = vec4(1.0 - held, held, toggled, 1.0);
        }
        """

    @Test("a key held is row 0 of the keyboard image, and a key pressed once is row 2 until pressed again")
    func heldAndToggled() throws {
        let window = try LiveWindow(composition: """
            composition: 1
            size: [64, 64]
            nodes:
              keys: { kind: keyboard }
              show: { kind: shader, file: show.fsh, inputs: { iChannel0: keys } }
            output: show
            """) { folder in try folder.write("compositions/show.fsh", Self.shader) }
        #expect(try window.waitForCentre(red), "stderr: \(window.app.error)")
        let focus = ["search", "--name", "Shaderbench", "windowfocus", "--sync"]
        _ = try window.display.xdotool(focus + ["keydown", "x"])
        #expect(try window.waitForCentre((0, 255, 255)), "X held and toggled on")
        _ = try window.display.xdotool(focus + ["keyup", "x"])
        #expect(try window.waitForCentre((255, 0, 255)), "X let go, still toggled on")
        _ = try window.display.xdotool(focus + ["key", "x"])
        #expect(try window.waitForCentre(red), "X pressed again: toggled off")
    }

    /// VS Code's Shader Toy extension: red with no X, green while X is held; once X has gone up, blue stays (the
    /// pass keeps what it read from its own last frame).
    static let vsCodeShader = """
        #iKeyboard
        #iChannel0 "self"
        void mainImage(out vec4 fragColor, in vec2 fragCoord) {
            float released = max(texture(iChannel0, fragCoord / iResolution.xy).b, isKeyReleased(Key_X) ? 1.0 : 0.0);
            fragColor = vec4(isKeyDown(Key_X) ? 0.0 : 1.0, isKeyDown(Key_X) ? 1.0 : 0.0, released, 1.0);
        }
        """

    @Test("a VS Code Shader Toy shader's #iKeyboard reads the window's keys: isKeyDown while held, isKeyReleased when let go")
    func vsCodeKeyboard() throws {
        let window = try LiveWindow(composition: """
            composition: 1
            size: [64, 64]
            nodes:
              show: { kind: shader, file: show.glsl }
            output: show
            """) { folder in try folder.write("compositions/show.glsl", Self.vsCodeShader) }
        #expect(try window.waitForCentre(red), "stderr: \(window.app.error)")
        let focus = ["search", "--name", "Shaderbench", "windowfocus", "--sync"]
        _ = try window.display.xdotool(focus + ["keydown", "x"])
        #expect(try window.waitForCentre((0, 255, 0)), "X held")
        _ = try window.display.xdotool(focus + ["keyup", "x"])
        #expect(try window.waitForCentre((255, 0, 255)), "X let go: released in one frame, kept after")
    }
}
