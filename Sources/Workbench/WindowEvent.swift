/// What happened to the window since the last frame, as plain data for the main loop.
enum WindowEvent: Equatable {
    case key(WindowKey)
    case dropped(paths: [String])
    /// The window needs drawing again (exposed, resized, moved between screens).
    case damaged
}

/// The keys the workbench answers to.
enum WindowKey: Equatable {
    case space, escape, tab, shiftTab
    case letter(Character)
}
