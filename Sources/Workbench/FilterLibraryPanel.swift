import Overlay
import ShaderGraph

/// The filter library at hand (L): the shipped filters that take one image, narrowed by a search field, in a
/// compact list beside the selected filter's thumbnail and description. Up and Down move the selection, Enter
/// or a click runs the selected filter on the image of the node shown; "Add" (or A) writes it into the
/// composition after that node. The search field keeps the keyboard: a click anywhere in the panel gives it back,
/// so letters typed after a click go into the search, never to the window's shortcuts.
final class FilterLibraryPanel {
    private let trace: TraceWriter?
    private let thumbnails = FilterThumbnails()
    /// Where the thumbnail was when last traced, so the trace says where it is without a line a frame.
    private var tracedPlacements: [String: InterfaceRectangle] = [:]

    init(trace: TraceWriter?) {
        self.trace = trace
    }

    var isOpen = false {
        didSet { if isOpen && !oldValue { takesFocus = true } }
    }
    private var search = "" {
        didSet { if search != oldValue { selected = nil } }
    }
    /// The filter Up and Down moved to or a click chose; none: the first match.
    private var selected: String?
    /// The selection moved by a key in this frame: the list scrolls to it.
    private var selectionMoved = false
    /// The search field takes the keyboard in the next frame: when the panel opens, and after a click in it.
    private var takesFocus = false
    /// The search field was asked for the keyboard in this frame, which it has from the next one on.
    private var focusArriving = false

    /// The search field takes the keyboard in the next frame, where a key the window answered may have moved it.
    func takeKeyboard() {
        if isOpen { takesFocus = true }
    }

    /// Whether the panel needs another frame even with no input: a focus asked for arrives then, and until it has,
    /// a key would find the field without the keyboard.
    var needsFrame: Bool { isOpen && (takesFocus || focusArriving) }

    /// Read when the panel first opens: the files of the library, parsed once.
    private lazy var filters = FilterLibrary.oneImageFilters()

    /// The filters the search matches, those whose name matches first: every word of it is in the name or the
    /// description, whatever the case.
    var matches: [CatalogueEntry] {
        let words = search.lowercased().split(separator: " ")
        let found = filters.filter { filter in
            let text = (filter.name + " " + filter.description).lowercased()
            return words.allSatisfy { text.contains($0) }
        }
        let named = found.filter { filter in words.allSatisfy { filter.name.lowercased().contains($0) } }
        return named + found.filter { filter in !named.contains { $0.name == filter.name } }
    }

    /// Returns what to tell the person when something was added.
    func draw(_ session: LiveSession, in interface: InterfaceContext, layout: WindowLayout) -> String? {
        var message: String?
        let margin = 10 * interface.scale
        let top = 3 * interface.lineHeight + margin
        let width = min(560 * interface.scale, layout.imageAreaWidth - 2 * margin)
        let found = matches
        let current = found.first { $0.name == selected } ?? found.first
        interface.window("library", x: margin, y: top, size: (width, max(layout.height - top - margin, interface.lineHeight * 4)),
                         style: .panel) {
            let preview = session.filterPreview
            interface.text("Filters", colour: InterfacePalette.amber)
            interface.sameLine()
            interface.text("on \(preview?.node ?? session.shownNode)", colour: InterfacePalette.grey)
            interface.nextWidth(interface.availableWidth)
            let entered = interface.searchField("##search", text: &search, focus: takesFocus)
            // Asked for in the frame before, the keyboard is the field's from this frame on: scripts type then.
            if focusArriving { trace?.record("library-search-focused") }
            focusArriving = takesFocus
            takesFocus = false
            moveSelection(by: interface.verticalArrowPressed, in: found, from: current)
            if entered, let chosen = found.first(where: { $0.name == selected }) ?? found.first { session.preview(filter: chosen.name) }
            if let preview {
                if interface.button("Add \(preview.filter) after \(preview.node) (A)") { message = session.addPreviewedFilter() }
                interface.sameLine()
                if interface.button("Drop") { session.endPreview() }
            }
            interface.separator()
            // Side by side where there is room for a readable description, else the details under the list.
            let sideBySide = interface.availableWidth >= 300 * interface.scale
            let listWidth = sideBySide ? interface.availableWidth * 0.42 : 0
            interface.region("list", width: listWidth, height: sideBySide ? 0 : interface.lineHeight * 8) {
                for filter in found {
                    interface.identified(filter.name) {
                        if interface.selectable(filter.name, selected: filter.name == current?.name) {
                            selected = filter.name
                            session.preview(filter: filter.name)
                        }
                        if selectionMoved, filter.name == current?.name { interface.scrollToLastItem() }
                    }
                }
            }
            selectionMoved = false
            if sideBySide { interface.sameLine() }
            interface.region("details") {
                guard let current else { return }
                let chosen = interface.clickableGroup { drawDetails(of: current, in: interface) }
                if chosen {
                    selected = current.name
                    session.preview(filter: current.name)
                }
            }
            if interface.wasClickedInWindow { takesFocus = true }
        }
        return message
    }

    private func moveSelection(by step: Int, in found: [CatalogueEntry], from current: CatalogueEntry?) {
        guard step != 0, !found.isEmpty else { return }
        let index = current.flatMap { entry in found.firstIndex { $0.name == entry.name } } ?? 0
        selected = found[min(max(index + step, 0), found.count - 1)].name
        selectionMoved = true
    }

    /// The filter's name, its thumbnail from the catalogue at the region's width, and its description as text.
    private func drawDetails(of filter: CatalogueEntry, in interface: InterfaceContext) {
        interface.text(filter.name, colour: InterfacePalette.amber)
        var placements: [String: InterfaceRectangle] = [:]
        if let thumbnail = thumbnails.thumbnail(of: filter.name) {
            let width = min(interface.availableWidth, Float(thumbnail.size.width) * interface.scale)
            interface.image(thumbnail, width: width, height: width * Float(thumbnail.size.height) / Float(thumbnail.size.width))
            placements[filter.name] = interface.lastItem
        }
        if !filter.description.isEmpty { interface.wrappedText(Self.plainText(filter.description), colour: InterfacePalette.grey) }
        if placements != tracedPlacements {
            tracedPlacements = placements
            for (filter, rectangle) in placements.sorted(by: { $0.key < $1.key }) {
                trace?.record("library-thumbnail", ["filter": .string(filter), "x": .number(Double(rectangle.x)), "y": .number(Double(rectangle.y)),
                                                    "width": .number(Double(rectangle.width)), "height": .number(Double(rectangle.height))])
            }
        }
    }

    /// A description as it reads, without the Markdown the catalogue page renders (code spans, emphasis).
    static func plainText(_ markdown: String) -> String {
        markdown.replacingOccurrences(of: "**", with: "").replacingOccurrences(of: "`", with: "")
    }
}
