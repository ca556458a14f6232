/// What the window does on a key, each in one entry: the keys that run it, its line in the help (and the guide's
/// key table in docs/window.md, which a test holds to this list), when it applies and what it does. The window
/// answers keys from this table alone, so a key can be neither listed and not handled nor handled and not listed.
struct WindowCommand: Sendable {
    var keys: [WindowKey]
    /// The keys as the help writes them ("Tab / Shift-Tab"); nil for an entry that only narrows a listed one
    /// (Esc closing the library before it quits).
    var label: String?
    var help: String
    /// Whether the entry takes its key now; the first entry that does, in table order, runs.
    var applies: @Sendable (WindowLoop) -> Bool = { _ in true }
    var action: @Sendable (WindowLoop) -> Void

    /// The entry that answers `key` in the window's state now.
    static func answering(_ key: WindowKey, in loop: WindowLoop) -> WindowCommand? {
        table.first { $0.keys.contains(key) && $0.applies(loop) }
    }

    /// The help's lines, in table order.
    static var helpLines: [(key: String, meaning: String)] {
        table.compactMap { command in command.label.map { ($0, command.help) } }
    }

    static let table: [WindowCommand] = [
        WindowCommand(keys: [.space], label: "Space", help: "pause or resume the clock") { $0.clock.togglePause() },
        WindowCommand(keys: [.left], label: "Left / Right", help: "paused: step a frame back or on; playing: seek 5 s") { loop in
            loop.clock.shift(by: loop.clock.isPaused ? -loop.session.frameStep : -5)
        },
        WindowCommand(keys: [.right], label: nil, help: "paused: step a frame on; playing: seek 5 s on") { loop in
            loop.clock.shift(by: loop.clock.isPaused ? loop.session.frameStep : 5)
        },
        WindowCommand(keys: [.letter("r")], label: "R", help: "reload everything") { $0.session.reload(reason: "key") },
        WindowCommand(keys: [.letter("s")], label: "S", help: "save a screenshot of the image shown") { $0.saveScreenshot() },
        WindowCommand(keys: [.letter("v")], label: "V", help: "record the image shown to a movie; V again stops") { $0.toggleRecording() },
        WindowCommand(keys: [.tab], label: "Tab / Shift-Tab", help: "show the next node (Shift-Tab: previous)") { $0.session.cycleViewedNode(backwards: false) },
        WindowCommand(keys: [.shiftTab], label: nil, help: "show the previous node") { $0.session.cycleViewedNode(backwards: true) },
        WindowCommand(keys: [.letter("b")], label: "B", help: "keep the image as a reference beside the live one; B again drops it") { loop in
            loop.say(loop.beforeAndAfter.toggle(shown: loop.shownImage))
        },
        WindowCommand(keys: [.letter("g")], label: "G", help: "every node at once, with its cost; click one to show it") { $0.toggleGrid() },
        WindowCommand(keys: [.letter("n")], label: "N", help: "the node graph: click a node to show it, double-click to open its file; drag to pan, wheel to zoom") {
            $0.toggleGraph()
        },
        WindowCommand(keys: [.letter("p")], label: "P", help: "the parameter panel: tune published parameters") { $0.panel.isOpen.toggle() },
        // Esc closes what is open over the image before it quits.
        WindowCommand(keys: [.escape], label: nil, help: "close an open colour picker or drop-down",
                      applies: { $0.interface.hasOpenPopup }) { $0.interface.closePopups() },
        WindowCommand(keys: [.escape], label: nil, help: "close the filter library", applies: { $0.library.isOpen }) { $0.toggleLibrary() },
        WindowCommand(keys: [.escape], label: nil, help: "close the graph's rename or add field", applies: { $0.graph.hasField }) { $0.graph.closeField() },
        WindowCommand(keys: [.letter("l")], label: "L", help: "the filter library: search, Up/Down, Enter or a click runs one on the node shown, A adds it") {
            $0.toggleLibrary()
        },
        WindowCommand(keys: [.letter("a")], label: nil, help: "add the filter the library runs to the composition",
                      applies: { $0.library.isOpen }) { $0.say($0.session.addPreviewedFilter()) },
        WindowCommand(keys: [.letter("a")], label: "A", help: "graph open: add a node: a library filter after the node shown, or a kind by name with its file",
                      applies: { $0.graph.isOpen }) { $0.graph.beginAdding() },
        WindowCommand(keys: [.control("s", shifted: false)], label: "Ctrl-S", help: "save the tuned values and edited keys into the composition") { $0.saveTunedValues() },
        WindowCommand(keys: [.control("z", shifted: false)], label: "Ctrl-Z / Ctrl-Shift-Z", help: "undo / redo a parameter change or key edit (Ctrl-Y redoes too)") { loop in
            if !loop.session.undo() { loop.say("nothing to undo", seconds: 2) }
        },
        WindowCommand(keys: [.control("z", shifted: true), .control("y", shifted: false)], label: nil, help: "redo a parameter change") { loop in
            if !loop.session.redo() { loop.say("nothing to redo", seconds: 2) }
        },
        WindowCommand(keys: [.letter("t")], label: "T", help: "the timeline: playhead, loop, the shown node's keys; drag to scrub or move a key") {
            $0.timeline.isOpen.toggle()
        },
        WindowCommand(keys: [.letter("k")], label: "K", help: "timeline open: a key at the playhead for the parameter under the pointer",
                      applies: { $0.timeline.isOpen }) { loop in
            loop.say(loop.timeline.addKey(loop.session, seconds: loop.clock.seconds), seconds: 2)
        },
        WindowCommand(keys: [.letter("e")], label: "E", help: "timeline open: the selected key's interpolation, hold, linear or smooth",
                      applies: { $0.timeline.isOpen }) { $0.say($0.timeline.cycleInterpolation($0.session), seconds: 2) },
        WindowCommand(keys: [.delete], label: nil, help: "graph open: delete the node shown, and the wires that read it",
                      applies: { $0.graph.isOpen }) { loop in
            loop.say(loop.session.applyGraphEdit(.delete(loop.session.shownNode)), seconds: 4)
        },
        WindowCommand(keys: [.letter("m")], label: "M", help: "graph open: rename the node shown; every wire and parameter that names it follows",
                      applies: { $0.graph.isOpen }) { $0.graph.beginRenaming($0.session.shownNode) },
        WindowCommand(keys: [.letter("o")], label: "O", help: "graph open: make the node shown the composition's output",
                      applies: { $0.graph.isOpen }) { loop in
            loop.say(loop.session.applyGraphEdit(.setOutput(loop.session.shownNode)), seconds: 4)
        },
        WindowCommand(keys: [.delete], label: "Delete", help: "timeline open: delete the selected key; graph open: delete the node shown",
                      applies: { $0.timeline.isOpen }) { $0.say($0.timeline.deleteSelected($0.session), seconds: 2) },
        WindowCommand(keys: [.control("r", shifted: false)], label: "Ctrl-R",
                      help: "record keys: what sliders, MIDI and OSC set while the clock plays; Ctrl-R again ends the take") { $0.toggleKeyTake() },
        WindowCommand(keys: [.letter("f")], label: "F", help: "fullscreen on or off") { $0.window.toggleFullscreen() },
        WindowCommand(keys: [.letter("c")], label: "C", help: "a draw node shown: the composition's camera again (drag turns it, right- or Shift-drag slides it, the wheel zooms)") { loop in
            loop.say(loop.session.resetCamera(), seconds: 2)
        },
        WindowCommand(keys: [.letter("z")], label: "Z", help: "a draw node shown: aim its camera at the mesh so that it fills the picture") { loop in
            loop.say(loop.session.frameCamera(), seconds: 2)
        },
        WindowCommand(keys: [.letter("i")], label: "I", help: "the pixel readout: exact values under the pointer; a click pins a pixel, which the grid follows") {
            $0.toggleReadout()
        },
        WindowCommand(keys: [.letter("w")], label: "W", help: "show the shader's watches (// watch: comments, the panel's) one by one over the image in false colour") {
            $0.watches.showNext()
        },
        WindowCommand(keys: [.letter("h")], label: "H", help: "this help") { $0.showHelp.toggle() },
        WindowCommand(keys: [.escape, .letter("q")], label: "Esc / Q", help: "quit, asking first about unsaved tuned values (Esc closes the library first)") {
            $0.quit()
        },
    ]
}
