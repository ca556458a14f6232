import ImGuiBridge

/// Windows and where items go in them.
extension InterfaceContext {
    /// A window with its corner `pivot` (0 0: top-left, 1 1: bottom-right) at `x`, `y`; `size` nil fits it to
    /// what `content` puts in it.
    public func window(_ identifier: String, x: Float, y: Float, pivot: (x: Float, y: Float) = (0, 0),
                       size: (width: Float, height: Float)? = nil, style: InterfaceWindowStyle, _ content: () -> Void) {
        if imgui_bridge_begin_window(identifier, x, y, pivot.x, pivot.y, size?.width ?? 0, size?.height ?? 0, style.bridged) {
            content()
        }
        imgui_bridge_end_window()
    }

    /// A window of `lines` of text, each in its colour, sized to them as they are in this frame. A window fitted
    /// to its content is measured from the frame before, so a line that grows (a frame rate, a clock) would be
    /// cut short in every frame that it grows in; this one never is.
    public func textWindow(_ identifier: String, x: Float, y: Float, lines: [(text: String, colour: InterfaceColour)],
                           style: InterfaceWindowStyle) {
        var paddingX: Float = 0, paddingY: Float = 0, lineGap: Float = 0
        imgui_bridge_window_spacing(&paddingX, &paddingY, &lineGap)
        let width = (lines.map { self.width(of: $0.text) }.max() ?? 0) + 2 * paddingX
        let height = Float(lines.count) * lineHeight - lineGap + 2 * paddingY
        window(identifier, x: x, y: y, size: (width.rounded(.up), height.rounded(.up)), style: style) {
            for line in lines { text(line.text, colour: line.colour) }
        }
    }

    /// Puts the next item on the current line, `x` from the window's left, or just after the last item.
    public func sameLine(x: Float = 0) {
        imgui_bridge_same_line(x)
    }

    public func separator() {
        imgui_bridge_separator()
    }

    /// A heading that opens and closes what follows it; `content` runs while it is open.
    public func section(_ title: String, _ content: () -> Void) {
        if imgui_bridge_section(title) { content() }
    }

    /// The width left on the current line of the window being built.
    public var availableWidth: Float { imgui_bridge_available_width() }

    /// The next control's width.
    public func nextWidth(_ width: Float) {
        imgui_bridge_set_next_width(width)
    }

    /// Controls built in `content` are told apart from others of the same label by `identifier`.
    public func identified(_ identifier: String, _ content: () -> Void) {
        imgui_bridge_push_identifier(identifier)
        content()
        imgui_bridge_pop_identifier()
    }

    /// A region of `width` × `height` that scrolls on its own (0: all that is left that way), holding `content`.
    public func region(_ identifier: String, width: Float = 0, height: Float = 0, _ content: () -> Void) {
        if imgui_bridge_begin_child(identifier, width, height) { content() }
        imgui_bridge_end_child()
    }

    /// The items `content` draws as one: true in the frame a click landed on any of them.
    public func clickableGroup(_ content: () -> Void) -> Bool {
        imgui_bridge_begin_group()
        content()
        return imgui_bridge_end_group_clicked()
    }

    /// Whether a click ended over the window being built, or a region of it, in this frame.
    public var wasClickedInWindow: Bool { imgui_bridge_window_clicked() }

    /// Whether the window being built shows all it holds so far (false in the frame its fitted content grew).
    public var windowShowsAll: Bool { imgui_bridge_window_shows_all() }

    /// Scrolls the region being built so the last item drawn is in its middle.
    public func scrollToLastItem() {
        imgui_bridge_scroll_to_last_item()
    }

    /// -1 when Up, 1 when Down was pressed (or repeated) in this frame, else 0.
    public var verticalArrowPressed: Int { Int(imgui_bridge_vertical_arrow_pressed()) }

    /// Controls built in `content` show their values, dimmed, and cannot be changed.
    public func readOnly(_ content: () -> Void) {
        imgui_bridge_begin_read_only()
        content()
        imgui_bridge_end_read_only()
    }

    /// Moves the next text down to where a control's text sits, so a name lines up with the control after it.
    public func alignTextToControls() {
        imgui_bridge_align_text_to_controls()
    }

    /// Shows `text` beside the pointer while it is over the last item.
    public func tooltip(_ text: String) {
        imgui_bridge_tooltip(text)
    }

    /// Where the last item drawn is.
    public var lastItem: InterfaceRectangle {
        var rectangle = InterfaceRectangle(x: 0, y: 0, width: 0, height: 0)
        imgui_bridge_item_rectangle(&rectangle.x, &rectangle.y, &rectangle.width, &rectangle.height)
        return rectangle
    }

    /// Whether the last item drawn is in view: its middle, where a click lands, inside the region holding it.
    public var lastItemIsInView: Bool { imgui_bridge_item_in_view() }

    /// Whether a control is held (a slider dragged, a button pressed): the changes it brings are one gesture.
    public var isHoldingControl: Bool { imgui_bridge_any_item_active() }
}
