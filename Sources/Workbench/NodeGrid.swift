import GPU
import Overlay
import ShaderGraph

/// Every node at once (G): each image node's live output as a tile, labelled with its name, size, format and
/// what it costs a frame, and the value nodes' numbers along the bottom. A click on a tile shows that node
/// full size, as Tab would, and closes the grid.
final class NodeGrid {
    private(set) var isOpen = false
    private let trace: TraceWriter?
    /// The tiles as last drawn, with their nodes: what a click picks from.
    private var layout: NodeGridLayout?
    private var nodes: [String] = []
    private var wasPressed = false
    /// What was last traced, so the trace says where the tiles are without a line a frame.
    private var traced: (layout: NodeGridLayout, nodes: [String])?

    /// The pinned values last traced, by node.
    private var tracedValues: [String: String] = [:]

    init(trace: TraceWriter?) {
        self.trace = trace
    }

    /// What fits in `room` (measured by `width`) of an image's size, format and cost, the cost last to go: small
    /// tiles cut nothing in half.
    static func caption(image: TextureDescriptor?, milliseconds: Double?, room: Float, width: (String) -> Float) -> String {
        let cost = milliseconds.map { String(format2: $0) + " ms" } ?? "— ms"
        let size = image.map { "\($0.size.width)×\($0.size.height)" } ?? "no image"
        let captions = [[image?.description ?? "no image", cost], [size, cost], [cost]].map { $0.joined(separator: "  ·  ") }
        return captions.first { width($0) <= room } ?? cost
    }

    private func traceValue(_ node: String, _ pinned: (pixel: (x: Int, y: Int), rgba: [Float])) {
        let key = "\(pinned.pixel) \(pinned.rgba)"
        guard tracedValues[node] != key else { return }
        tracedValues[node] = key
        trace?.record("grid-value", ["node": .string(node), "x": .integer(pinned.pixel.x), "y": .integer(pinned.pixel.y),
                                     "rgba": .floats(pinned.rgba)])
    }

    /// Opens or closes the grid; while it is open, the session keeps every image and times every step.
    func toggle(_ session: LiveSession) {
        isOpen.toggle()
        session.keepEveryImage(isOpen)
        if !isOpen { layout = nil }
    }

    /// Takes a pointer event (framebuffer pixels): the node whose tile the left button just went down on.
    func pressedNode(x: Double, y: Double, pressed: Bool) -> String? {
        defer { wasPressed = pressed }
        guard pressed, !wasPressed, let index = layout?.tile(atX: x, y: y), nodes.indices.contains(index) else { return nil }
        return nodes[index]
    }

    /// Draws the tiles into the window's framebuffer, over nothing, and their labels into the interface.
    /// With a pixel pinned in `readout`, each tile also shows its node's value there, mapped through its size.
    func draw(_ session: LiveSession, presenter: Presenter, in interface: InterfaceContext, window: WindowLayout, readout: PixelReadout) {
        presenter.clear(viewport: window.framebuffer)
        guard let executor = session.executor else { return }
        let line = interface.lineHeight, pixels = window.pixelsPerUnit, margin = 8 * interface.scale
        let values = session.valueNodes
        var area = window.imageArea
        // Below the heads-up display's line, which would cover the first tile's top-left corner.
        let headsUp = Int(((10 * interface.scale + 2 * line) * pixels).rounded())
        area.y += headsUp
        area.height = max(1, area.height - headsUp)
        let valuesTop = Float(area.y + area.height) / pixels - Float(values.count) * line - margin
        if !values.isEmpty { area.height = max(1, Int((valuesTop * pixels).rounded()) - area.y) }
        nodes = session.imageNodes
        let labelLines: Float = readout.pinned == nil ? 2 : 3
        let tiles = NodeGridLayout(count: nodes.count, imageSize: executor.renderSize, area: area,
                                   labelHeight: Int((labelLines * line * pixels).rounded()), gap: Int((margin * pixels).rounded()))
        layout = tiles
        for (node, tile) in zip(nodes, tiles.tiles) {
            let image = executor.image(of: node)
            if let image { presenter.draw(image, window: window.framebuffer, area: tile.image) }
            // Just under the image, from its left edge: an image fitted into the cell leaves bars beside or above it.
            let corner = image.map { Presenter.windowPoint(x: 0, y: Double($0.size.height), image: $0.size, area: tile.image) }
                ?? (x: Double(tile.label.x), y: Double(tile.label.y))
            let left = Float(corner.x) / pixels, top = Float(corner.y) / pixels
            let cell = units(tile.cell, pixelsPerUnit: pixels)
            let clip = InterfaceRectangle(x: cell.x, y: top, width: cell.width, height: labelLines * line)
            let room = cell.x + cell.width - left
            interface.label(HeadsUpDisplay.truncated(node, to: room, in: interface), x: left, y: top,
                            colour: node == session.shownNode ? InterfacePalette.amber : InterfacePalette.white, clip: clip)
            let caption = Self.caption(image: image?.descriptor, milliseconds: executor.milliseconds(of: node), room: room,
                                        width: interface.width(of:))
            interface.label(caption, x: left, y: top + line, colour: InterfacePalette.grey, clip: clip)
            if let pinned = readout.pinnedValue(of: node, in: executor) {
                interface.label(HeadsUpDisplay.truncated("\(pinned.pixel.x), \(pinned.pixel.y): " + PixelReadout.shown(pinned.rgba), to: room, in: interface),
                                x: left, y: top + 2 * line, colour: InterfacePalette.amber, clip: clip)
                traceValue(node, pinned)
            }
        }
        let width = window.imageAreaWidth
        for (index, value) in values.enumerated() {
            let y = valuesTop + Float(index) * line
            let numbers = value.value.map { $0.prefix(8).map { String(format3: $0) }.joined(separator: ", ") } ?? "—"
            interface.label("\(value.name) (\(value.kind))  \(numbers)", x: margin, y: y, colour: InterfacePalette.grey,
                            clip: InterfaceRectangle(x: 0, y: y, width: width, height: line))
        }
        if traced.map({ $0.layout != tiles || $0.nodes != nodes }) ?? true {
            traced = (tiles, nodes)
            for (node, tile) in zip(nodes, tiles.tiles) {
                let shown = units(tile.image, pixelsPerUnit: pixels)
                trace?.record("grid-tile", ["node": .string(node), "x": .number(Double(shown.x)), "y": .number(Double(shown.y)),
                                            "width": .number(Double(shown.width)), "height": .number(Double(shown.height))])
            }
        }
    }

    /// A rectangle of framebuffer pixels in interface units.
    private func units(_ rectangle: PixelRectangle, pixelsPerUnit pixels: Float) -> InterfaceRectangle {
        InterfaceRectangle(x: Float(rectangle.x) / pixels, y: Float(rectangle.y) / pixels,
                           width: Float(rectangle.width) / pixels, height: Float(rectangle.height) / pixels)
    }
}
