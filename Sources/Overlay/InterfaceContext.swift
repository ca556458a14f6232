import Foundation
import GPU
import ImGuiBridge

/// The window's interface, drawn by Dear ImGui over whatever the frame already holds: windows of text and
/// controls built anew each frame (immediate mode), between `beginFrame()` and `draw()`. One per process,
/// bound to one GLFW window, used on the thread that owns the window's GL context.
///
/// ImGui's GLFW callbacks are chained in front of the window's own, so the window still sees every key and
/// pointer event; `wantsPointer` and `wantsText` say which of them the interface took. Keys and characters
/// reach the interface through a queue, one change of a key a frame (see `hasPendingInput`).
public final class InterfaceContext {
    public static let fontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    /// For quoted source lines, whose carets must line up under them.
    public static let monospaceFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"

    /// Sizes (text, padding, controls) are multiplied by this: the screen's content scale.
    public let scale: Float

    /// `window` is the GLFWwindow whose context is current. Throws when a font is missing.
    public init(window: OpaquePointer, scale: Float) throws(GPUError) {
        for path in [Self.fontPath, Self.monospaceFontPath] where !FileManager.default.isReadableFile(atPath: path) {
            throw GPUError("the font file \(path) is missing (DejaVu comes with the Debian package fonts-dejavu-core)")
        }
        self.scale = scale
        imgui_bridge_start(UnsafeMutableRawPointer(window), Self.fontPath, Self.monospaceFontPath, (15 * scale).rounded(), scale)
    }

    /// Starts building a frame's interface. The first one makes the renderer's program, buffers and font
    /// texture, binding them as it goes; the bindings are put back.
    public func beginFrame() {
        let state = DrawStateSnapshot.capture()
        imgui_bridge_begin_frame()
        state.restore()
    }

    /// Draws what was built since `beginFrame()` into the bound framebuffer. ImGui's renderer sets GL state
    /// of its own; it is put back as it was, so the next frame's passes find what they left.
    public func draw() {
        let state = DrawStateSnapshot.capture()
        imgui_bridge_render()
        state.restore()
    }

    /// Whether a window that appeared in the last frame was measured then, not drawn: the next frame shows it,
    /// so one is needed even when nothing else asks for it.
    public var isSettling: Bool { imgui_bridge_settling() }

    /// Whether keys or typed characters still wait for the interface, which sees one change of a key a frame:
    /// it needs frames until they are all in, however slowly frames come, so no short press is lost.
    public var hasPendingInput: Bool { imgui_bridge_input_pending() }

    /// Whether the pointer is over the interface or dragging one of its controls: its clicks are not the image's.
    public var wantsPointer: Bool { imgui_bridge_wants_pointer() }

    /// Whether a text field is being edited: keys are its, not the window's shortcuts.
    public var wantsText: Bool { imgui_bridge_wants_text() }

    /// Whether a pop-up (a colour picker, a drop-down) is open: Escape is then for closing it.
    public var hasOpenPopup: Bool { imgui_bridge_popup_open() }

    /// Closes every pop-up in the next frame.
    public func closePopups() {
        imgui_bridge_close_popups()
    }

    deinit {
        imgui_bridge_stop()
    }
}
