import Overlay
import ShaderGraph

/// The filter library at hand (L): the shipped filters that take one image, with what their header comments
/// say, narrowed by a search field. Choosing one (a click, or Enter for the first match) runs it on the image of
/// the node shown; "Add" (or A) writes it into the composition after that node.
final class FilterLibraryPanel {
    private let trace: TraceWriter?
    private let thumbnails = FilterThumbnails()
    /// Where each thumbnail was when last traced, so the trace says where they are without a line a frame.
    private var tracedPlacements: [String: InterfaceRectangle] = [:]

    init(trace: TraceWriter?) {
        self.trace = trace
    }

    var isOpen = false {
        didSet { if isOpen && !oldValue { takesFocus = true } }
    }
    private var search = ""
    /// The search field takes the keyboard in the frame after the panel opens.
    private var takesFocus = false
    /// Read when the panel first opens: the files of the library, parsed once.
    private lazy var filters: [CatalogueEntry] = FilterLibrary.names().compactMap { name in
        guard let entry = try? CatalogueEntry.read(path: FilterLibrary.path(of: name)), entry.interface.samplers.count == 1 else {
            return nil
        }
        return entry
    }

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
        let width = min(320 * interface.scale, layout.imageAreaWidth / 2)
        interface.window("library", x: margin, y: top, size: (width, max(layout.height - top - margin, interface.lineHeight * 4)),
                         style: .panel) {
            let preview = session.filterPreview
            interface.text("Filters", colour: InterfacePalette.amber)
            interface.sameLine()
            interface.text("on \(preview?.node ?? session.shownNode)", colour: InterfacePalette.grey)
            interface.nextWidth(interface.availableWidth)
            let entered = interface.searchField("##search", text: &search, focus: takesFocus)
            takesFocus = false
            if entered, let first = matches.first { session.preview(filter: first.name) }
            if let preview {
                if interface.button("Add \(preview.filter) after \(preview.node) (A)") { message = session.addPreviewedFilter() }
                interface.sameLine()
                if interface.button("Drop") { session.endPreview() }
            }
            interface.separator()
            var placements: [String: InterfaceRectangle] = [:]
            for filter in matches {
                interface.identified(filter.name) {
                    if interface.selectable(filter.name, selected: filter.name == preview?.filter) { session.preview(filter: filter.name) }
                    if let thumbnail = thumbnails.thumbnail(of: filter.name) {
                        // Half the catalogue's size: enough to tell the filters apart, and a screenful of them.
                        let scale = interface.scale / 2
                        interface.image(thumbnail, width: Float(thumbnail.size.width) * scale, height: Float(thumbnail.size.height) * scale)
                        placements[filter.name] = interface.lastItem
                    }
                    if !filter.description.isEmpty { interface.wrappedText(filter.description, colour: InterfacePalette.grey) }
                }
            }
            if placements != tracedPlacements {
                tracedPlacements = placements
                for (filter, rectangle) in placements.sorted(by: { $0.key < $1.key }) {
                    trace?.record("library-thumbnail", ["filter": .string(filter), "x": .number(Double(rectangle.x)), "y": .number(Double(rectangle.y)),
                                                        "width": .number(Double(rectangle.width)), "height": .number(Double(rectangle.height))])
                }
            }
        }
        return message
    }
}
