import ImGuiBridge

/// Text, in the interface's proportional font or its monospaced one.
extension InterfaceContext {
    public func text(_ text: String, colour: InterfaceColour) {
        imgui_bridge_text(text, colour.red, colour.green, colour.blue, colour.alpha)
    }

    /// Text broken into lines at the window's width.
    public func wrappedText(_ text: String, colour: InterfaceColour) {
        imgui_bridge_wrapped_text(text, colour.red, colour.green, colour.blue, colour.alpha)
    }

    /// Text built in `content` is monospaced, so a caret lines up under the column it points at.
    public func monospaced(_ content: () -> Void) {
        imgui_bridge_push_monospace()
        content()
        imgui_bridge_pop_font()
    }

    /// How wide `text` is in the current font.
    public func width(of text: String) -> Float {
        imgui_bridge_text_width(text)
    }

    /// From one line of text to the next.
    public var lineHeight: Float { imgui_bridge_line_height() }
}
