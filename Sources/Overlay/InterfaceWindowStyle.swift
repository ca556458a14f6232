import ImGuiBridge

/// How a window of the interface looks and takes the pointer.
public enum InterfaceWindowStyle: Sendable {
    /// A fixed panel with a background, scrolling when its content is taller.
    case panel
    /// Sized to its content, translucent, and transparent to the pointer: text over the image.
    case overlay

    var bridged: imgui_bridge_window_style {
        switch self {
        case .panel: IMGUI_BRIDGE_WINDOW_PANEL
        case .overlay: IMGUI_BRIDGE_WINDOW_OVERLAY
        }
    }
}
