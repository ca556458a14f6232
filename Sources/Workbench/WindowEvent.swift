/// What happened to the window since the last frame, as plain data for the main loop.
enum WindowEvent: Equatable {
    case key(WindowKey)
    case dropped(paths: [String])
    /// The window needs drawing again (exposed, resized, moved between screens).
    case damaged
    /// A letter key (`a`…`z`) or `space` went down (true) or up (false), for `key` nodes.
    case keyHeld(String, Bool)
    /// A key with a browser key code went down (true) or up (false), for ShaderToy's keyboard image.
    case keyCode(Int, Bool)
    /// The pointer moved or a button changed, in framebuffer pixels from the top-left: whether the left button is
    /// held, and whether the right one is or the left one with Shift (a drag that slides the orbit camera).
    case pointer(x: Double, y: Double, pressed: Bool, panning: Bool)
    /// The wheel turned, up positive, in its steps; the interface reads it too.
    case scroll(Double)
    /// Typed text, which only the interface reads: it needs a frame to see it.
    case interfaceInput
}

/// The keys the workbench answers to.
enum WindowKey: Equatable {
    case space, escape, tab, shiftTab, left, right, delete
    case letter(Character)
    /// A letter with Ctrl held, and Shift when `shifted`.
    case control(Character, shifted: Bool)

    /// As the help and the guide write the key (`V`, `Ctrl-Shift-Z`, `Esc`).
    var label: String {
        switch self {
        case .space: "Space"
        case .escape: "Esc"
        case .tab: "Tab"
        case .shiftTab: "Shift-Tab"
        case .left: "Left"
        case .right: "Right"
        case .delete: "Delete"
        case .letter(let letter): letter.uppercased()
        case .control(let letter, let shifted): (shifted ? "Ctrl-Shift-" : "Ctrl-") + letter.uppercased()
        }
    }

    /// As the key is written on the keyboard and in the help (`v`, `ctrl+shift+z`, `escape`), for the trace.
    var name: String {
        switch self {
        case .space: "space"
        case .escape: "escape"
        case .tab: "tab"
        case .shiftTab: "shift+tab"
        case .left: "left"
        case .right: "right"
        case .delete: "delete"
        case .letter(let letter): String(letter)
        case .control(let letter, let shifted): (shifted ? "ctrl+shift+" : "ctrl+") + String(letter)
        }
    }
}
