import Overlay
import ShaderGraph
import ShaderLanguage

/// The parameter panel's watch section for the shown node's shader: the file line by line, to pick the line a
/// watch reads after; a field for the expression, which Enter (or Watch) adds; and the node's watches, those added
/// here with a button that removes them. The user's file is never written: a watch that should outlive the session
/// is a `// watch:` comment. Adding one turns the pixel readout on, where its values show.
final class WatchEditor {
    /// The line picked, in the text of the file it is a line of.
    private var picked: (source: SourceText, line: Int)?
    private var expression = ""
    /// Set in the frame a line was picked, so the keyboard goes to the expression.
    private var focusExpression = false
    /// The expression field was asked for the keyboard in this frame, which it has from the next one on.
    private var focusArriving = false

    /// Whether another frame is needed with no input: a focus asked for arrives then, and until it has, a key
    /// typed into the expression would be taken as a command.
    var needsFrame: Bool { focusExpression || focusArriving }

    /// Draws the section; `place` is told where each part is, for the trace.
    func draw(_ session: LiveSession, watches: WindowWatches, readout: PixelReadout, in interface: InterfaceContext,
              place: (String, InterfaceRectangle) -> Void) {
        let node = session.shownNode
        guard let composition = session.executor?.composition, let source = WindowWatches.source(of: node, in: composition) else { return }
        // A save carries the line picked to where its text is now.
        if let held = picked, held.source.path == source.path, held.source.text != source.text {
            picked = held.source.line(held.line, followedTo: source).map { (source, $0) }
        }
        interface.section("Watches · \(node)") {
            let comments = watches.comments(in: source)
            for watch in watches.watches(of: node, in: composition) {
                if comments.contains(watch) {
                    interface.text("line \(watch.line): \(watch.expression)  (comment)", colour: InterfacePalette.grey)
                    continue
                }
                if interface.button("×##\(watch.line):\(watch.expression)", small: true) { watches.remove(watch, from: source.path) }
                place("remove \(watch.line):\(watch.expression)", interface.lastItem)
                interface.sameLine()
                interface.text("line \(watch.line): \(watch.expression)", colour: InterfacePalette.white)
            }
            interface.text("Pick a line, then type what to read after it:", colour: InterfacePalette.grey)
            interface.region("lines", height: 8 * interface.lineHeight) {
                interface.monospaced {
                    for (index, text) in source.lines.enumerated() {
                        let line = index + 1
                        let isPicked = picked.map { $0.source.path == source.path && $0.line == line } ?? false
                        // `##` would end the shown label.
                        let shown = String(format: "%4d  ", line) + text.replacingOccurrences(of: "##", with: "# #")
                        if interface.selectable("\(shown)###line\(line)", selected: isPicked) {
                            picked = (source, line)
                            focusExpression = true
                        }
                        // Only lines the region shows have a place: a hidden one cannot be clicked where it is.
                        if interface.lastItemIsInView { place("line \(line)", interface.lastItem) }
                    }
                }
            }
            guard let picked, picked.source.path == source.path else { return }
            interface.nextWidth(interface.availableWidth - interface.width(of: "Watch") - 4 * interface.lineHeight / 3)
            let entered = interface.searchField("##expression", hint: "expression, e.g. uv.x * 2.0", text: &expression, focus: focusExpression)
            focusArriving = focusExpression
            focusExpression = false
            place("expression", interface.lastItem)
            interface.sameLine()
            let clicked = interface.button("Watch")
            place("add", interface.lastItem)
            let trimmed = expression.trimmingCharacters(in: .whitespaces)
            if entered || clicked, !trimmed.isEmpty {
                watches.add(ShaderWatch(line: picked.line, expression: trimmed), in: source)
                expression = ""
                readout.isOn = true
            }
        }
    }
}
