import Foundation
import GPU
import OperatingSystem
import Overlay
import ShaderGraph
import ShaderLanguage

/// The composition's node graph over the image (N), laid out as `shaderbench graph` draws it (`GraphLayout`):
/// each node a box with its name, kind and file, what it costs a frame, a port for each input, and its live
/// image as a thumbnail (or its numbers, for a value node); wires from outputs to the inputs they feed; the
/// output outlined, the node shown named in amber, chains drawn as one program framed, nodes with errors
/// marked with their first. A click on a node shows it, as Tab would; a double-click opens its file in
/// `$VISUAL` or `$EDITOR` (or prints its path when neither is set); dragging the background pans, the wheel
/// zooms, and a double-click on the background fits the graph again. Dragging from a node's output onto a
/// port wires it there (let go over a box, its inputs nothing sets are offered, `GraphInputChooser`); dragging a
/// wire off its port unwires it (or, let go on another port, moves it there); dragging a box moves it, kept in
/// the composition's `layout:`; A adds a node (`GraphNodeField`); each is an edit of the composition's file
/// (`LiveSession.applyGraphEdit`). What moves only with the layout and the view is drawn once into a layer
/// (`WindowLayer`); a frame draws the thumbnails, numbers and costs over it.
final class GraphView {
    private(set) var isOpen = false
    private let trace: TraceWriter?
    /// The drawing of the graph the session runs, and which graph (by its executor) it was made for.
    private var drawing: GraphDrawing?
    private var drawnFor: ObjectIdentifier?
    private var viewport = GraphViewport()
    /// Whether the user panned or zoomed: a new graph then keeps the view where the user put it.
    private var placedByUser = false
    private var pointer: (x: Float, y: Float) = (0, 0)
    private var wasPressed = false
    /// What the held button is doing: panning the view, or dragging a wire from an output or off a port.
    private enum Drag {
        case pan(from: (x: Float, y: Float), offset: (x: Float, y: Float))
        case wire(from: String)
        case unwire(node: String, port: String, source: String)
        /// A box pressed: a click shows its node when let go where it was; dragged, it moves the box.
        case box(node: String, from: (x: Float, y: Float), origin: GraphLayout.Point, moved: Bool)
    }
    private var drag: Drag?
    private var lastPress: (node: String?, at: ContinuousClock.Instant)?
    /// The node under the pointer.
    private var hovered: String?
    /// What the last edit or refusal says, for the window to show.
    private var message: String?
    /// The node being renamed (M), the name typed so far, and whether the field takes the keyboard next frame.
    private(set) var renaming: (node: String, name: String)?
    private var renameFocus = false
    private var renameFocusArriving = false
    /// The field that adds a node (A).
    private let adding = GraphNodeField()
    /// The list of a box's unwired inputs, offered when a wire is let go over the box.
    private let chooser: GraphInputChooser
    /// What does not change between frames, drawn once into a texture; how many times the drawing's layout changed
    /// (a new graph, a box dragged), which the layer is drawn again for.
    private let layer = WindowLayer()
    private var layoutChanges = 0
    /// Where each box was last traced and the code of the error it was marked with, so the trace says where
    /// the boxes are and which are marked without a line a frame.
    private var traced: [String: TracedBox] = [:]
    /// The numbers the value wires showed when last traced, by the input each feeds.
    private var tracedNumbers: [String: String] = [:]
    private struct TracedBox: Equatable {
        var shown: InterfaceRectangle
        var problem: String?
    }

    static let doubleClick = Duration.milliseconds(400)

    init(trace: TraceWriter?) {
        self.trace = trace
        chooser = GraphInputChooser(trace: trace)
    }

    /// Opens or closes the view; while it is open, the session keeps every image and times every step.
    func toggle(_ session: LiveSession) {
        isOpen.toggle()
        session.keepEveryImage(isOpen)
        if !isOpen {
            (drawing, drawnFor, traced, placedByUser, renaming) = (nil, nil, [:], false, nil)
            adding.close()
            chooser.close()
            layer.discard()
        }
    }

    // MARK: The pointer

    /// Takes a pointer event (framebuffer pixels); true when the view changed and needs a frame.
    func pointer(x: Double, y: Double, pressed: Bool, session: LiveSession, pixelsPerUnit: Float) -> Bool {
        pointer = (Float(x) / pixelsPerUnit, Float(y) / pixelsPerUnit)
        defer { wasPressed = pressed }
        if pressed, !wasPressed { return press(session) }
        switch drag {
        case .pan(let from, let offset)? where pressed:
            viewport.offset = (offset.x + pointer.x - from.x, offset.y + pointer.y - from.y)
            placedByUser = true
            return true
        case .wire?, .unwire?:
            if !pressed { release(session) }
            return true
        case .box(let node, let from, let origin, let moved)?:
            let distance = max(abs(pointer.x - from.x), abs(pointer.y - from.y))
            guard pressed else {
                drag = nil
                if moved, let box = drawing?.layout.box(named: node) {
                    // The view stays where it is when the moved graph comes back from the file.
                    placedByUser = true
                    // Whole units, never left of or above the drawing's corner.
                    message = session.applyGraphEdit(.move(node, to: GraphLayout.Point(x: max(0, box.origin.x.rounded()), y: max(0, box.origin.y.rounded()))))
                } else {
                    session.show(node)
                }
                return true
            }
            guard moved || distance > 4 else { return false }
            drag = .box(node: node, from: from, origin: origin, moved: true)
            layoutChanges += 1
            drawing?.layout.move(node, to: GraphLayout.Point(x: origin.x + Double((pointer.x - from.x) / viewport.zoom),
                                                             y: origin.y + Double((pointer.y - from.y) / viewport.zoom)))
            return true
        default:
            if !pressed { drag = nil }
            // The node under the pointer is named when the boxes are too small for their labels.
            let under = box(under: pointer)?.name
            defer { hovered = under }
            return under != hovered
        }
    }

    /// The node whose output the wire being dragged carries.
    private var draggedSource: String? {
        switch drag {
        case .wire(let from)?: from
        case .unwire(_, _, let source)?: source
        default: nil
        }
    }

    /// Opens the field that renames `node` (M).
    func beginRenaming(_ node: String) {
        adding.close()
        renaming = (node, node)
        renameFocus = true
    }

    /// Opens the field that adds a node (A).
    func beginAdding() {
        renaming = nil
        adding.open()
    }

    /// Whether a field over the view (rename, add, the inputs a wire may go into) is open, which Esc closes.
    var hasField: Bool { renaming != nil || adding.isOpen || chooser.isOpen }

    /// Closes the rename or add field, or the list of inputs.
    func closeField() {
        renaming = nil
        adding.close()
        chooser.close()
    }

    /// Whether a field needs another frame: the keyboard it asked for arrives then.
    var needsFrame: Bool { (renaming != nil && (renameFocus || renameFocusArriving)) || adding.needsFrame }

    /// The field over the view that renames a node: Enter renames it (its references follow), Esc cancels.
    private func drawRenaming(_ session: LiveSession, in interface: InterfaceContext, area: InterfaceRectangle) {
        guard var renaming else { return }
        var entered = false
        interface.window("rename-node", x: area.x + area.width / 2, y: area.y + 8 * interface.scale, pivot: (0.5, 0), style: .panel) {
            interface.text("rename \(renaming.node): Enter renames, Esc cancels", colour: InterfacePalette.grey)
            interface.nextWidth(260 * interface.scale)
            entered = interface.searchField("##rename", hint: "new name", text: &renaming.name, focus: renameFocus)
        }
        renameFocusArriving = renameFocus
        renameFocus = false
        self.renaming = renaming
        guard entered else { return }
        self.renaming = nil
        if renaming.name != renaming.node { message = session.applyGraphEdit(.rename(renaming.node, to: renaming.name)) }
    }

    /// What the last edit said, once.
    func takeMessage() -> String? {
        defer { message = nil }
        return message
    }

    private func press(_ session: LiveSession) -> Bool {
        // A click outside the list of inputs (which takes its own clicks) closes it.
        chooser.close()
        guard let layout = drawing?.layout else { return false }
        let reach = 8 * max(viewport.zoom, 0.5)
        func near(_ point: GraphLayout.Point) -> Bool {
            let shown = viewport.window(point)
            return abs(shown.x - pointer.x) <= reach && abs(shown.y - pointer.y) <= reach
        }
        if let source = layout.boxes.first(where: { near($0.outputPoint) }) {
            drag = .wire(from: source.name)
            return true
        }
        for box in layout.boxes {
            if let port = box.ports.first(where: { near(box.inputPoint($0)) }),
               let edge = layout.edges.first(where: { $0.to == box.name && $0.port == port }) {
                drag = .unwire(node: box.name, port: port, source: edge.from)
                return true
            }
        }
        let node = box(under: pointer)?.name
        let now = ContinuousClock.now
        let double = lastPress.map { $0.node == node && now - $0.at < Self.doubleClick } ?? false
        lastPress = double ? nil : (node, now)
        guard let node else {
            if double {
                placedByUser = false
                drawnFor = nil
                return true
            }
            drag = .pan(from: pointer, offset: viewport.offset)
            return false
        }
        if double {
            openFile(of: node, session: session)
        } else if let box = layout.box(named: node) {
            drag = .box(node: node, from: pointer, origin: box.origin, moved: false)
        }
        return true
    }

    private func box(under point: (x: Float, y: Float)) -> GraphLayout.Box? {
        drawing?.layout.boxes.first { box in
            let shown = viewport.window(box)
            return point.x >= shown.x && point.x < shown.x + shown.width && point.y >= shown.y && point.y < shown.y + shown.height
        }
    }

    /// The port whose row is under the pointer, and its node.
    private func port(under point: (x: Float, y: Float)) -> (node: String, port: String)? {
        guard let box = box(under: point) else { return nil }
        let row = Int(((Double(point.y) - Double(viewport.offset.y)) / Double(viewport.zoom) - box.origin.y - GraphMetrics.header) / GraphMetrics.portRow)
        return box.ports.indices.contains(row) ? (box.name, box.ports[row]) : nil
    }

    /// A wire let go: onto a port it wires what it carries there; a wire pulled off its port and let go
    /// elsewhere is unwired.
    private func release(_ session: LiveSession) {
        defer { drag = nil }
        guard let composition = session.loadedComposition else { return }
        let target = port(under: pointer)
        var edit: GraphEdit?
        switch drag {
        case .wire(let from)?:
            guard let target else {
                if let box = box(under: pointer), box.name != from { offerInputs(of: box.name, to: from, in: composition, session: session) }
                return
            }
            edit = Self.wiring(from, into: target.node, port: target.port, in: composition)
            if edit == nil { message = "\(target.node).\(target.port) is not wired from the graph; edit the composition" }
        case .unwire(let node, let port, let source)?:
            if let target {
                guard target.node != node || target.port != port else { return }
                edit = Self.wiring(source, into: target.node, port: target.port, in: composition)
            } else {
                edit = Self.unwiring(node, port: port, in: composition)
            }
            if edit == nil { message = "\(node).\(port) is not unwired from the graph; edit the composition" }
        default:
            return
        }
        if let edit { message = session.applyGraphEdit(edit) }
    }

    /// A wire from `source` let go over `node`'s box: its one unwired input of the kind the wire carries is wired
    /// at once; with several, they are listed to choose from.
    private func offerInputs(of node: String, to source: String, in composition: Composition, session: LiveSession) {
        let image = drawing?.outputs[source] == .image
        let inputs = UnwiredInputs.of(node, takingImage: image, in: composition)
        switch inputs.count {
        case 0:
            message = "\(node) has no input nothing sets that takes \(image ? "an image" : "a value"); drop the wire on a port to replace one"
        case 1:
            message = session.applyGraphEdit(.wire(from: source, to: node, key: inputs[0].key, section: inputs[0].section))
        default:
            chooser.open(source: source, node: node, inputs: inputs, at: pointer)
        }
    }

    /// The edit that wires `source` into `port` of `node`: under `inputs:` or `uniforms:` of a shader or
    /// compute node, else the field of that name. Nil for an operand of a list (`values[1]`).
    static func wiring(_ source: String, into node: String, port: String, in composition: Composition) -> GraphEdit? {
        guard let (key, section) = place(of: port, in: node, composition: composition) else { return nil }
        return .wire(from: source, to: node, key: key, section: section)
    }

    static func unwiring(_ node: String, port: String, in composition: Composition) -> GraphEdit? {
        guard let (key, section) = place(of: port, in: node, composition: composition) else { return nil }
        return .unwire(node: node, key: key, section: section)
    }

    private static func place(of port: String, in name: String, composition: Composition) -> (key: String, section: String?)? {
        guard let node = composition.node(named: name), !port.contains("[") else { return nil }
        switch node.kind {
        case .shader(let pass):
            return (port, pass.inputs[port] != nil ? "inputs" : "uniforms")
        case .compute(let kernel):
            if port == "size", kernel.inputs["size"] == nil { return ("size", nil) }
            return (port, kernel.inputs[port] != nil ? "inputs" : "uniforms")
        default:
            return (port, nil)
        }
    }

    /// Opens the node's first file in the user's editor, or prints its path where no editor is set.
    private func openFile(of node: String, session: LiveSession) {
        guard let file = session.loadedComposition?.node(named: node)?.files.first else { return }
        let environment = ProcessInfo.processInfo.environment
        guard let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap({ $0 }).first(where: { !$0.isEmpty }) else {
            StandardStreams.output(file + "\n")
            trace?.record("graph-open-file", ["node": .string(node), "path": .string(file), "editor": .string("")])
            return
        }
        // Through the shell, as editors are named with their options (`code --wait`); not waited for.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", editor + " \"$1\"", "sh", file]
        do {
            try process.run()
            trace?.record("graph-open-file", ["node": .string(node), "path": .string(file), "editor": .string(editor)])
        } catch {
            StandardStreams.error("cannot start \(editor) for \(file): \(error)\n")
        }
    }

    // MARK: Drawing

    /// Puts the still layer (frames, wires, boxes, labels) into the window's framebuffer, drawing it again when
    /// what it shows changed, then the thumbnails over it and the numbers and costs into the interface.
    func draw(_ session: LiveSession, presenter: Presenter, in interface: InterfaceContext, window: WindowLayout) {
        guard let executor = session.executor, let composition = session.loadedComposition else {
            presenter.clear(viewport: window.framebuffer)
            return
        }
        let identity = ObjectIdentifier(executor)
        let area = Self.area(window, interface: interface)
        if drawnFor != identity {
            drawing = GraphDrawing(composition)
            drawnFor = identity
            layoutChanges += 1
            if !placedByUser, let drawing {
                viewport = .fitting(width: drawing.layout.width, height: drawing.layout.height, in: area, margin: 24 * interface.scale)
            }
        }
        guard let drawing else { return }
        let wheel = interface.wheelOverBackdrop
        if wheel != 0 {
            viewport = viewport.zoomed(by: wheel, aboutX: pointer.x, y: pointer.y)
            placedByUser = true
        }
        let problems = session.diagnostics.isEmpty ? [:] : NodeDiagnostics.first(of: session.diagnostics, in: composition)
        // Text too small to read is not drawn (it would only smear): the node under the pointer is named instead.
        let legible = viewport.zoom * Float(GraphMetrics.portRow) >= interface.lineHeight * 0.8
        let key = LayerKey(layoutChanges: layoutChanges, offsetX: viewport.offset.x, offsetY: viewport.offset.y, zoom: viewport.zoom,
                           window: window.framebuffer, pixelsPerUnit: window.pixelsPerUnit, shown: session.shownNode,
                           problems: problems.mapValues(\.message))
        do {
            try layer.show(for: key, window: window.framebuffer, presenter: presenter, background: Self.background) {
                let size = window.framebuffer
                interface.drawLayer(width: Float(size.width) / window.pixelsPerUnit, height: Float(size.height) / window.pixelsPerUnit,
                                    pixelsPerUnit: window.pixelsPerUnit) {
                    drawStill(drawing, session: session, problems: problems, legible: legible, interface: interface)
                }
            }
        } catch {
            presenter.clear(viewport: window.framebuffer)
            drawStill(drawing, session: session, problems: problems, legible: legible, interface: interface)
        }
        if let source = draggedSource, let box = drawing.layout.box(named: source) {
            let from = viewport.window(box.outputPoint), reach = max(abs(pointer.x - from.x) / 2, 24 * viewport.zoom)
            interface.backdropCurve(from, (from.x + reach, from.y), (pointer.x - reach, pointer.y), pointer, colour: InterfacePalette.amber,
                                    thickness: max(1, 2 * viewport.zoom))
        }
        var boxes: [String: TracedBox] = [:]
        for box in drawing.layout.boxes {
            let shown = viewport.window(box)
            boxes[box.name] = TracedBox(shown: shown, problem: problems[box.name].map { $0.code?.description ?? "error" })
            live(box, shown: shown, drawing: drawing, executor: executor, legible: legible, presenter: presenter, interface: interface, window: window)
        }
        var numbers: [String: String] = [:]
        if legible {
            for edge in drawing.layout.edges where edge.carries == .value && !edge.readsParameter && !edge.runsBack {
                if let text = number(on: edge, value: executor.value(of: edge.from), interface: interface) { numbers["\(edge.to).\(edge.port)"] = text }
            }
        }
        traceNumbers(numbers)
        if !legible, let box = box(under: pointer) { name(box, problem: problems[box.name], interface: interface) }
        drawRenaming(session, in: interface, area: area)
        if let said = adding.draw(session, in: interface, area: area) { message = said }
        if let said = chooser.draw(session, in: interface) { message = said }
        if boxes != traced {
            traced = boxes
            for box in drawing.layout.boxes {
                guard let traced = boxes[box.name] else { continue }
                let shown = traced.shown
                trace?.record("graph-node", ["node": .string(box.name), "x": .number(Double(shown.x)), "y": .number(Double(shown.y)),
                                             "width": .number(Double(shown.width)), "height": .number(Double(shown.height)),
                                             "problem": .string(traced.problem ?? "")])
            }
        }
    }

    /// What the still layer shows: everything that changes only with the layout, the view, the node shown and
    /// the errors.
    private struct LayerKey: Hashable {
        var layoutChanges: Int
        var offsetX: Float, offsetY: Float, zoom: Float
        var window: PixelSize
        var pixelsPerUnit: Float
        var shown: String
        var problems: [String: String]
    }

    /// What stays the same from frame to frame: fused chains' frames, wires, boxes with their sockets, names,
    /// captions and ports, and errors.
    private func drawStill(_ drawing: GraphDrawing, session: LiveSession, problems: [String: Diagnostic], legible: Bool, interface: InterfaceContext) {
        for chain in drawing.fusedChains { frame(chain, in: drawing.layout, interface: interface) }
        for edge in drawing.layout.edges { wire(edge, in: drawing.layout, interface: interface) }
        for box in drawing.layout.boxes {
            still(box, shown: viewport.window(box), drawing: drawing, session: session, problem: problems[box.name], legible: legible, interface: interface)
        }
    }

    /// The image area in interface units, below the heads-up display's lines.
    private static func area(_ window: WindowLayout, interface: InterfaceContext) -> InterfaceRectangle {
        let pixels = window.pixelsPerUnit, image = window.imageArea
        let top = 10 * interface.scale + 2 * interface.lineHeight
        return InterfaceRectangle(x: Float(image.x) / pixels, y: Float(image.y) / pixels + top,
                                  width: Float(image.width) / pixels, height: max(1, Float(image.height) / pixels - top))
    }

    /// Where a box shows its thumbnail or numbers: under its header and ports, inset from its edges.
    private func content(of box: GraphLayout.Box, shown: InterfaceRectangle) -> InterfaceRectangle {
        let zoom = viewport.zoom, top = viewport.window(GraphLayout.Point(x: 0, y: box.contentTop)).y
        return InterfaceRectangle(x: shown.x + 6 * zoom, y: top, width: shown.width - 12 * zoom, height: shown.y + shown.height - 6 * zoom - top)
    }

    private func fade(of box: GraphLayout.Box, in drawing: GraphDrawing) -> Float {
        drawing.unused.contains(box.name) ? 0.45 : 1
    }

    /// A node's box, its sockets and, when `legible`, its name, caption, ports and error: what moves only with
    /// the layout. An image node's box is open where its thumbnail goes, which the live part draws.
    private func still(_ box: GraphLayout.Box, shown: InterfaceRectangle, drawing: GraphDrawing, session: LiveSession, problem: Diagnostic?,
                       legible: Bool, interface: InterfaceContext) {
        let zoom = viewport.zoom, faded = fade(of: box, in: drawing), content = content(of: box, shown: shown)
        let header = InterfaceRectangle(x: shown.x, y: shown.y, width: shown.width, height: content.y - shown.y)
        interface.backdropRectangle(header, colour: Self.boxColour.faded(faded), rounding: 6 * zoom)
        if drawing.outputs[box.name] != .image {
            interface.backdropRectangle(content, colour: Self.bandColour.faded(faded), rounding: 3 * zoom)
        }
        let border = problem != nil ? InterfacePalette.red : box.name == drawing.output ? InterfacePalette.amber : Self.borderColour
        interface.backdropRectangle(shown, colour: border.faded(faded), rounding: 6 * zoom, thickness: box.name == drawing.output || problem != nil ? 2.5 : 1)
        let socket = 4 * zoom
        if socket >= 1.5 {
            let output = viewport.window(box.outputPoint)
            interface.backdropDisc(x: output.x, y: output.y, radius: socket, colour: Self.socketColour.faded(faded))
            for port in box.ports {
                let point = viewport.window(box.inputPoint(port))
                interface.backdropDisc(x: point.x, y: point.y, radius: socket, colour: Self.socketColour.faded(faded))
            }
        }
        guard legible else { return }
        let name = box.name == session.shownNode ? InterfacePalette.amber : InterfacePalette.white
        let line = interface.lineHeight
        interface.label(box.name, x: shown.x + 8 * zoom, y: shown.y + 4 * zoom, colour: name.faded(faded), clip: header)
        interface.label(drawing.caption(of: box.name), x: shown.x + 8 * zoom, y: shown.y + 4 * zoom + line * 0.85,
                        colour: InterfacePalette.grey.faded(faded), clip: header)
        for port in box.ports {
            let point = viewport.window(box.inputPoint(port))
            interface.label(port, x: point.x + 10 * zoom, y: point.y - line * 0.45, colour: InterfacePalette.grey.faded(faded), clip: header)
        }
        if let problem {
            interface.label(problem.message, x: content.x + 4, y: content.y + 2, colour: InterfacePalette.red, clip: content)
        }
    }

    /// What a node shows that moves with its frames: its thumbnail (drawn into the framebuffer, under the
    /// interface) or numbers, and what its step cost.
    private func live(_ box: GraphLayout.Box, shown: InterfaceRectangle, drawing: GraphDrawing, executor: GraphExecutor, legible: Bool,
                      presenter: Presenter, interface: InterfaceContext, window: WindowLayout) {
        let zoom = viewport.zoom, faded = fade(of: box, in: drawing), content = content(of: box, shown: shown)
        if drawing.outputs[box.name] == .image {
            guard let image = executor.image(of: box.name) else { return }
            let pixels = window.pixelsPerUnit
            presenter.draw(image, window: window.framebuffer,
                           area: PixelRectangle(x: Int((content.x * pixels).rounded()), y: Int((content.y * pixels).rounded()),
                                                width: max(1, Int((content.width * pixels).rounded())), height: max(1, Int((content.height * pixels).rounded()))))
        } else if legible {
            let numbers = executor.value(of: box.name).map { $0.prefix(4).map { String(format3: $0) }.joined(separator: ", ") }
                ?? drawing.outputs[box.name]?.description ?? ""
            interface.label(numbers, x: content.x + 4, y: content.y + 2, colour: InterfacePalette.grey.faded(faded), clip: content)
        }
        guard legible, let cost = executor.milliseconds(of: box.name).map({ String(format2: $0) + " ms" }) else { return }
        let header = InterfaceRectangle(x: shown.x, y: shown.y, width: shown.width, height: content.y - shown.y)
        interface.label(cost, x: shown.x + shown.width - interface.width(of: cost) - 10 * zoom, y: shown.y + 4 * zoom,
                        colour: InterfacePalette.grey.faded(faded), clip: header)
    }

    /// What a value wire carries this frame, written over it in the gap before the port it feeds; the text, when
    /// there is room for it.
    private func number(on edge: GraphLayout.Edge, value: [Float]?, interface: InterfaceContext) -> String? {
        guard let value, !value.isEmpty, let last = edge.points.last else { return nil }
        let text = value.prefix(2).map { String(format2: Double($0)) }.joined(separator: ", ") + (value.count > 2 ? ", …" : "")
        let end = viewport.window(last), width = interface.width(of: text)
        let gap = Float(GraphMetrics.columnGap) * viewport.zoom
        guard width + 8 <= gap else { return nil }
        let x = end.x - gap / 2 - width / 2, y = end.y - interface.lineHeight - 1
        interface.label(text, x: x, y: y, colour: Self.valueWire, clip: InterfaceRectangle(x: x - 2, y: y, width: width + 4, height: interface.lineHeight))
        return text
    }

    /// Traces the numbers the wires show when one changes, by the input each feeds (`NODE.PORT`).
    private func traceNumbers(_ numbers: [String: String]) {
        guard numbers != tracedNumbers else { return }
        for (input, text) in numbers.sorted(by: { $0.key < $1.key }) where tracedNumbers[input] != text {
            trace?.record("graph-wire-value", ["input": .string(input), "text": .string(text)])
        }
        tracedNumbers = numbers
    }

    /// The name (and error) of a node whose own labels are too small to read, over its box.
    private func name(_ box: GraphLayout.Box, problem: Diagnostic?, interface: InterfaceContext) {
        let shown = viewport.window(box), text = [box.name, problem?.message].compactMap { $0 }.joined(separator: ": ")
        let line = interface.lineHeight, width = interface.width(of: text) + 12
        let plate = InterfaceRectangle(x: shown.x + shown.width / 2 - width / 2, y: shown.y - line - 6, width: width, height: line + 4)
        interface.backdropRectangle(plate, colour: Self.boxColour, rounding: 4)
        interface.label(text, x: plate.x + 6, y: plate.y + 2, colour: problem != nil ? InterfacePalette.red : InterfacePalette.white, clip: plate)
    }

    /// A wire: one stroke of level-leaving curves between its points, or for one that runs back a loop under its
    /// boxes. Whole pixels thick, which Dear ImGui draws from its font texture at two vertices a point.
    private func wire(_ edge: GraphLayout.Edge, in layout: GraphLayout, interface: InterfaceContext) {
        let colour = edge.readsParameter || edge.carries == .value ? Self.valueWire : edge.carries == .previousFrame ? Self.feedbackWire : Self.imageWire
        let thickness = max(1, (2 * viewport.zoom).rounded())
        let points = edge.points.map(viewport.window)
        guard let first = points.first, let last = points.last else { return }
        if edge.runsBack {
            let below = viewport.window(GraphLayout.Point(x: 0, y: layout.loopDepth(of: edge))).y
            let reach = Float(GraphMetrics.loopReach) * viewport.zoom
            interface.backdropPath(from: first, curves: [((first.x + reach, first.y), (first.x + reach, below), (first.x, below)),
                                                         ((first.x, below), (last.x, below), (last.x, below)),
                                                         ((last.x - reach, below), (last.x - reach, last.y), last)],
                                   colour: colour, thickness: thickness)
            return
        }
        let curves = zip(points, points.dropFirst()).map { from, to in
            let reach = max((to.x - from.x) / 2, 24 * viewport.zoom)
            return (control1: (from.x + reach, from.y), control2: (to.x - reach, to.y), end: to)
        }
        interface.backdropPath(from: first, curves: curves, colour: colour, thickness: thickness)
    }

    /// A fused chain's frame, behind its boxes.
    private func frame(_ chain: [String], in layout: GraphLayout, interface: InterfaceContext) {
        let shown = chain.compactMap(layout.box(named:)).map(viewport.window)
        guard let left = shown.map(\.x).min(), let top = shown.map(\.y).min(),
              let right = shown.map({ $0.x + $0.width }).max(), let bottom = shown.map({ $0.y + $0.height }).max() else { return }
        let zoom = viewport.zoom
        let around = InterfaceRectangle(x: left - 8 * zoom, y: top - 8 * zoom - interface.lineHeight, width: right - left + 16 * zoom,
                                        height: bottom - top + 16 * zoom + interface.lineHeight)
        interface.backdropRectangle(around, colour: InterfacePalette.amber.faded(0.08), rounding: 8 * zoom)
        interface.backdropRectangle(around, colour: InterfacePalette.amber.faded(0.5), rounding: 8 * zoom, thickness: 1)
        interface.label("fused: one program", x: around.x + 6 * zoom, y: around.y + 2, colour: InterfacePalette.amber, clip: around)
    }

    static let background: (Float, Float, Float) = (0.09, 0.09, 0.1)
    static let boxColour = InterfaceColour(red: 0.14, green: 0.153, blue: 0.18)
    static let bandColour = InterfaceColour(red: 0.082, green: 0.09, blue: 0.11)
    static let borderColour = InterfaceColour(red: 0.35, green: 0.376, blue: 0.44)
    static let socketColour = InterfaceColour(red: 0.56, green: 0.64, blue: 0.78)
    static let imageWire = InterfaceColour(red: 0.56, green: 0.64, blue: 0.78)
    static let valueWire = InterfaceColour(red: 0.47, green: 0.76, blue: 0.6)
    static let feedbackWire = InterfaceColour(red: 0.79, green: 0.56, blue: 0.78)
}

private extension InterfaceColour {
    /// The colour with its alpha scaled: a faded node's box, a frame's wash.
    func faded(_ amount: Float) -> InterfaceColour {
        InterfaceColour(red: red, green: green, blue: blue, alpha: alpha * amount)
    }
}
