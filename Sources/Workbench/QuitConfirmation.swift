import Overlay

/// Quitting with tuned values not yet saved asks first: Save (S or Ctrl-S) writes them and quits, Discard (D)
/// quits without them, Cancel (Esc or C) goes back to the window. Nothing else leaves the question.
struct QuitConfirmation {
    enum Answer {
        case save, discard, cancel
    }

    private(set) var isOpen = false

    mutating func ask() {
        isOpen = true
    }

    /// The answer a key gives, which closes the question; nil for a key that gives none.
    mutating func answer(for key: WindowKey) -> Answer? {
        let answer: Answer? = switch key {
        case .letter("s"), .control("s", shifted: false): .save
        case .letter("d"): .discard
        case .escape, .letter("c"): .cancel
        default: nil
        }
        if answer != nil { isOpen = false }
        return answer
    }

    /// Draws the question over the middle of the image; the answer when one of its buttons was clicked.
    mutating func draw(unsaved: Int, in interface: InterfaceContext, layout: WindowLayout) -> Answer? {
        guard isOpen else { return nil }
        var answer: Answer?
        let width = 440 * interface.scale
        let height = 4.5 * interface.lineHeight
        interface.window("quit", x: layout.imageAreaWidth / 2, y: layout.height / 2, pivot: (0.5, 0.5), size: (width, height), style: .panel) {
            interface.text("\(unsaved) tuned value\(unsaved == 1 ? " is" : "s are") not saved.", colour: InterfacePalette.amber)
            interface.text("Save them into the composition before quitting?", colour: InterfacePalette.white)
            if interface.button("Save (S)") { answer = .save }
            interface.sameLine()
            if interface.button("Discard (D)") { answer = .discard }
            interface.sameLine()
            if interface.button("Cancel (Esc)") { answer = .cancel }
        }
        if answer != nil { isOpen = false }
        return answer
    }
}
