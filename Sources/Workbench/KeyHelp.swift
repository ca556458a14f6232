import Overlay

/// The keys the window answers to (`WindowCommand`'s table), listed over the middle of the image while H is held on.
enum KeyHelp {
    static func draw(in interface: InterfaceContext, layout: WindowLayout) {
        let margin = 10 * interface.scale
        let keys = WindowCommand.helpLines
        let keyWidth = keys.map { interface.width(of: $0.key) }.max() ?? 0
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
