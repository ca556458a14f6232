import Overlay

/// The keys the window answers to, listed over the middle of the image while H is held on.
enum KeyHelp {
    static let keys: [(String, String)] = [
        ("Space", "pause or resume the clock"),
        ("Left / Right", "paused: step a frame back or on; playing: seek 5 s"),
        ("R", "reload everything"),
        ("S", "save a screenshot of the image shown"),
        ("V", "record the image shown to a movie; V again stops"),
        ("Tab", "show the next node (Shift-Tab: previous)"),
        ("B", "keep the image as a reference beside the live one; B again drops it"),
        ("G", "every node at once, with its cost; click one to show it"),
        ("P", "the parameter panel: tune published parameters"),
        ("L", "the filter library: search, Up/Down, Enter or a click runs one on the node shown, A adds it"),
        ("Ctrl-S", "save the tuned values into the composition"),
        ("Ctrl-Z", "undo a parameter change (Ctrl-Shift-Z: redo)"),
        ("F", "fullscreen on or off"),
        ("I", "the pixel readout: exact values under the pointer; a click pins a pixel, which the grid follows"),
        ("W", "show the shader's // watch: expressions one by one over the image in false colour"),
        ("H", "this help"),
        ("Esc / Q", "quit, asking first about unsaved tuned values (Esc closes the library first)"),
    ]

    static func draw(in interface: InterfaceContext, layout: WindowLayout) {
        let margin = 10 * interface.scale
        let keyWidth = keys.map { interface.width(of: $0.0) }.max() ?? 0
        interface.window("help", x: layout.imageAreaWidth / 2, y: layout.height / 2, pivot: (0.5, 0.5), style: .overlay) {
            interface.text("Keys", colour: InterfacePalette.amber)
            for (key, meaning) in keys {
                interface.text(key, colour: InterfacePalette.white)
                interface.sameLine(x: keyWidth + 2 * margin)
                interface.text(meaning, colour: InterfacePalette.grey)
            }
        }
    }
}
