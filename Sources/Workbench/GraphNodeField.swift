import Overlay
import ShaderGraph

/// The graph view's add field (A): a kind or a library filter typed by name, with the kinds and filters that
/// match listed under it. Up and Down choose among them, Enter adds (a filter after the node shown, a kind as
/// a node of its own, `GraphNodeRequest`), Esc closes it; a click on a line adds that one.
final class GraphNodeField {
    private(set) var isOpen = false
    private var text = ""
    /// The line Up and Down moved to; none: the first match.
    private var selected: Int?
    /// The field takes the keyboard in the next frame, and has it from the one after.
    private var focus = false
    private var focusArriving = false
    /// The library's filters, read when the field first opens.
    private lazy var filters: [FilterInsertion.Filter] = FilterLibrary.oneImageFilters().compactMap { entry in
        (entry.interface.primaryImageInput ?? entry.interface.samplers.first).map { FilterInsertion.Filter(name: entry.name, imageInput: $0.name) }
    }

    func open() {
        (isOpen, text, selected, focus) = (true, "", nil, true)
    }

    func close() {
        isOpen = false
    }

    /// Whether the field needs another frame: the keyboard it asked for arrives then.
    var needsFrame: Bool { isOpen && (focus || focusArriving) }

    /// Draws the field at the top of `area`; returns what to tell the person when something was added or refused.
    func draw(_ session: LiveSession, in interface: InterfaceContext, area: InterfaceRectangle) -> String? {
        guard isOpen else { return nil }
        var entered = false, clicked: String?
        let words = text.split(separator: " ", maxSplits: 1).map(String.init)
        let matches = Array(GraphNodeRequest.suggestions(for: words.first ?? "", filters: filters.map(\.name)).prefix(8))
        let step = interface.verticalArrowPressed
        if step != 0, !matches.isEmpty { selected = min(max((selected ?? -1) + step, 0), matches.count - 1) }
        interface.window("add-node", x: area.x + area.width / 2, y: area.y + 8 * interface.scale, pivot: (0.5, 0), style: .panel) {
            interface.text("add a node: a filter (after \(session.shownNode)), or a kind and its file (image photo.png); Enter adds, Esc closes",
                           colour: InterfacePalette.grey)
            interface.nextWidth(420 * interface.scale)
            entered = interface.searchField("##add-node", hint: "blur, lfo, shader, image FILE, average input=NODE", text: &text, focus: focus)
            for (index, match) in matches.enumerated() {
                let line = match.name + (match.isFilter ? "   filter, after \(session.shownNode)" : "   kind")
                interface.identified(match.name) {
                    if interface.selectable(line, selected: index == (selected ?? 0)) { clicked = match.name }
                }
            }
        }
        focusArriving = focus
        focus = false
        let chosen: String
        if let clicked {
            chosen = clicked + (words.count > 1 ? " " + words[1] : "")
        } else if entered {
            // What was typed when it names a kind or filter itself, else the line chosen in its place.
            let typed = words.first ?? ""
            let exact = NodeKind.names.contains(typed) || filters.contains { $0.name == typed }
            guard exact || !matches.isEmpty else { return session.addNode(text, filters: filters) }
            chosen = exact ? text : matches[selected ?? 0].name + (words.count > 1 ? " " + words[1] : "")
        } else {
            return nil
        }
        isOpen = false
        return session.addNode(chosen, filters: filters)
    }
}
