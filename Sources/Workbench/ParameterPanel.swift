import Overlay
import ShaderGraph

/// The panel docked at the window's right side (P): a control per published parameter, chosen by its type,
/// each with a button that resets it to its default; wired parameters and the graph's value nodes shown
/// read-only with what the last frame made. A change goes straight into the running graph.
final class ParameterPanel {
    var isOpen = false
    private let trace: TraceWriter?
    /// Where each control was when last traced, so the trace says where they are without a line a frame.
    private var tracedPlacements: [Placement] = []
    private var placements: [Placement] = []
    /// What the controls showed and how many values were unsaved when last traced.
    private var tracedValues: [String: [Float]] = [:]
    private var tracedUnsaved = 0

    /// A control's place on the window, for the trace: scripts and tests find the controls by it.
    private struct Placement: Equatable {
        var node: String
        var uniform: String
        /// `value` (the control), `reset`, `swatch`, `picker` (an open colour picker's square), or the
        /// component a slider sets (`x`, `y`, … or its index).
        var part: String
        var rectangle: InterfaceRectangle
    }

    private let watchEditor = WatchEditor()

    /// Whether the panel needs another frame with no input (a field about to take the keyboard).
    var needsFrame: Bool { isOpen && watchEditor.needsFrame }

    init(trace: TraceWriter?) {
        self.trace = trace
        buffers = BufferTable(trace: trace)
    }

    /// The shown compute node's buffers, under the values.
    private let buffers: BufferTable
    /// What the panel last drew of them: each reading maps a GPU buffer, so the values the frame starts from are
    /// not read again once drawn.
    private var drawnBuffers: [BufferTable.Reading] = []

    /// The parameters, the value nodes, and the watches of the shown node's shader (`WatchEditor`).
    func draw(_ session: LiveSession, watches: WindowWatches, readout: PixelReadout, midi: MIDIControl, in interface: InterfaceContext,
              layout: WindowLayout) {
        placements.removeAll(keepingCapacity: true)
        // Read whether or not the window's contents are drawn this frame, so `readings` never sees old ones.
        drawnBuffers = BufferTable.readings(of: session)
        interface.window("parameters", x: layout.width - layout.panelWidth, y: 0, size: (layout.panelWidth, layout.height),
                         style: .panel) {
            let unsaved = session.unsavedCount
            traceShown(unsaved: unsaved, session: session)
            interface.text("Parameters", colour: InterfacePalette.amber)
            if unsaved > 0 {
                interface.sameLine()
                interface.text("· \(unsaved) unsaved (Ctrl-S)", colour: InterfacePalette.grey)
            }
            interface.separator()
            if session.parameters.isEmpty {
                interface.wrappedText("Nothing is published: list parameters under 'publish:' as node.uniform.",
                                      colour: InterfacePalette.grey)
            }
            // Under their node's name, so two nodes' parameters of one name are told apart.
            for (node, parameters) in Self.byNode(session.parameters) {
                interface.section(node) {
                    for parameter in parameters {
                        interface.identified(parameter.reference.description) {
                            row(parameter, session: session, midi: midi, interface: interface)
                        }
                    }
                }
            }
            let values = session.valueNodes
            if !values.isEmpty {
                interface.section("Values") {
                    for node in values {
                        interface.text("\(node.name) (\(node.kind))", colour: InterfacePalette.white)
                        interface.text("  " + (node.value.map(Self.shown) ?? "—"), colour: InterfacePalette.grey)
                    }
                }
            }
            buffers.draw(drawnBuffers, node: session.shownNode, in: interface)
            watchEditor.draw(session, watches: watches, readout: readout, in: interface) { part, rectangle in
                placements.append(Placement(node: session.shownNode, uniform: "watch", part: part, rectangle: rectangle))
            }
        }
        if placements != tracedPlacements {
            tracedPlacements = placements
            for placement in placements {
                trace?.record("panel-control", ["node": .string(placement.node), "uniform": .string(placement.uniform),
                                                "part": .string(placement.part),
                                                "x": .number(Double(placement.rectangle.x)), "y": .number(Double(placement.rectangle.y)),
                                                "width": .number(Double(placement.rectangle.width)),
                                                "height": .number(Double(placement.rectangle.height))])
            }
        }
    }

    /// The parameters by node, nodes in the order their first parameter comes.
    static func byNode(_ parameters: [TunableParameter]) -> [(node: String, parameters: [TunableParameter])] {
        var groups: [(node: String, parameters: [TunableParameter])] = []
        for parameter in parameters {
            if let index = groups.firstIndex(where: { $0.node == parameter.reference.node }) {
                groups[index].parameters.append(parameter)
            } else {
                groups.append((parameter.reference.node, [parameter]))
            }
        }
        return groups
    }

    /// Traces what the controls show and the unsaved count when they change, so scripts and tests read what a
    /// person sees.
    private func traceShown(unsaved: Int, session: LiveSession) {
        if unsaved != tracedUnsaved {
            tracedUnsaved = unsaved
            trace?.record("panel-unsaved", ["count": .integer(unsaved)])
        }
        for parameter in session.parameters {
            let name = parameter.reference.description
            guard let value = session.value(of: parameter), tracedValues[name] != value else { continue }
            tracedValues[name] = value
            trace?.record("panel-value", ["node": .string(parameter.reference.node), "uniform": .string(parameter.reference.uniform),
                                          "value": .floats(value)])
        }
    }

    /// What the panel shows of values the graph makes (wired parameters, value nodes), as shown: when a frame
    /// changes them, the panel needs another frame to show what it made. `buffersAsDrawn` takes the buffers as
    /// the panel drew them this frame instead of reading them again (before the frame renders, nothing has
    /// changed them).
    func readings(of session: LiveSession, buffersAsDrawn: Bool = false) -> [String] {
        let wired = session.parameters.filter(\.isWired).map { session.value(of: $0).map(Self.shown) ?? "—" }
        let buffers = isOpen ? (buffersAsDrawn ? drawnBuffers : BufferTable.readings(of: session)).flatMap { $0.elements.map(Self.shown) } : []
        return wired + session.valueNodes.map { $0.value.map(Self.shown) ?? "—" } + buffers
    }

    private static func shown(_ value: [Float]) -> String {
        value.prefix(8).map { String(format3: $0) }.joined(separator: ", ") + (value.count > 8 ? ", …" : "")
    }

    /// One parameter: the reset button and the label, then its control on a line of its own.
    private func row(_ parameter: TunableParameter, session: LiveSession, midi: MIDIControl, interface: InterfaceContext) {
        guard let value = session.value(of: parameter), value.count == parameter.count else {
            interface.text(parameter.label, colour: InterfacePalette.white)
            interface.text("  no value yet", colour: InterfacePalette.grey)
            return
        }
        if parameter.isWired {
            interface.text(parameter.label, colour: InterfacePalette.white)
            if let wire = parameter.wire {
                interface.sameLine()
                interface.text("← \(wire.node)\(wire.parameter.map { ".\($0)" } ?? "")", colour: InterfacePalette.grey)
            }
            interface.readOnly {
                control(parameter, value: value, session: session, interface: interface)
            }
            return
        }
        if interface.button("↺", small: true) {
            session.tune(parameter, to: parameter.defaultValue, gestureContinues: false)
        }
        place(parameter, "reset", interface.lastItem)
        interface.tooltip("reset to the default, " + parameter.defaultValue.map { String(format3: $0) }.joined(separator: ", "))
        interface.sameLine()
        interface.text(parameter.label, colour: InterfacePalette.white)
        if parameter.count == 1 { learnButton(parameter, session: session, midi: midi, interface: interface) }
        control(parameter, value: value, session: session, interface: interface)
    }

    /// MIDI learn, at the row's right: pressed, the next controller moved plays the parameter (pressed again,
    /// it stops waiting). Beside it, what plays the parameter now.
    private func learnButton(_ parameter: TunableParameter, session: LiveSession, midi: MIDIControl, interface: InterfaceContext) {
        let waiting = midi.learning?.reference.description == parameter.reference.description
        let mapping = session.controls.last { $0.key == parameter.reference.description }
        interface.sameLine()
        if interface.button(waiting ? "move a control…###learn" : "learn###learn", small: true) {
            midi.learning = waiting ? nil : parameter
            trace?.record("midi-learn", ["parameter": .string(parameter.reference.description), "waiting": .bool(!waiting)])
        }
        place(parameter, "learn", interface.lastItem)
        interface.tooltip(mapping.map { "played by \($0.sourceDescription); press, then move a MIDI control, to map another" }
                          ?? "press, then move a MIDI control (a knob, fader, pad or the pitch wheel) to play this parameter with it")
        if let mapping {
            interface.sameLine()
            interface.text(mapping.sourceDescription, colour: InterfacePalette.grey)
        }
    }

    private func control(_ parameter: TunableParameter, value: [Float], session: LiveSession, interface: InterfaceContext) {
        func changed(to newValue: [Float]) {
            session.tune(parameter, to: newValue, gestureContinues: interface.isHoldingControl)
        }
        switch parameter.control {
        case .slider(let range):
            var number = value[0]
            interface.nextWidth(interface.availableWidth)
            if interface.slider("##value", value: &number, range: range) { changed(to: [number]) }
            place(parameter, "value", interface.lastItem)
        case .integerSlider(let range):
            var number = WholeNumber.int32(value[0])
            interface.nextWidth(interface.availableWidth)
            if interface.slider("##value", value: &number, range: range) { changed(to: [Float(number)]) }
            place(parameter, "value", interface.lastItem)
        case .checkbox:
            var flag = value[0] != 0
            // `###` keeps the checkbox one control whichever word it shows.
            if interface.checkbox(flag ? "on###value" : "off###value", value: &flag) { changed(to: [flag ? 1 : 0]) }
            place(parameter, "value", interface.lastItem)
        case .point(let x, let y, _):
            componentSliders(parameter, value: value, ranges: [x, y], integers: false, session: session, interface: interface)
        case .components(let ranges, let integers):
            componentSliders(parameter, value: value, ranges: ranges, integers: integers, session: session, interface: interface)
        case .colour:
            var colour = value
            var swatch = InterfaceRectangle(x: 0, y: 0, width: 0, height: 0)
            var picker: InterfaceRectangle?
            interface.nextWidth(interface.availableWidth - interface.lineHeight)
            if interface.colour("##value", value: &colour, swatch: &swatch, picker: &picker) { changed(to: colour) }
            place(parameter, "swatch", swatch)
            if let picker { place(parameter, "picker", picker) }
        case .button:
            if interface.button("Trigger") { session.pulse(parameter) }
            place(parameter, "value", interface.lastItem)
        case .menu(let values, let labels):
            var selected = Int32(values.firstIndex(of: WholeNumber.int32(value[0])) ?? 0)
            interface.nextWidth(interface.availableWidth)
            if interface.menu("##value", selected: &selected, items: labels), values.indices.contains(Int(selected)) {
                changed(to: [Float(values[Int(selected)])])
            }
            place(parameter, "value", interface.lastItem)
        }
    }

    /// A slider per number, each named by its component.
    private func componentSliders(_ parameter: TunableParameter, value: [Float], ranges: [ClosedRange<Float>], integers: Bool,
                                  session: LiveSession, interface: InterfaceContext) {
        for (index, range) in ranges.enumerated() where value.indices.contains(index) {
            let name = ranges.count <= 4 ? ["x", "y", "z", "w"][index] : "\(index)"
            interface.alignTextToControls()
            interface.text(name, colour: InterfacePalette.grey)
            interface.sameLine()
            interface.nextWidth(interface.availableWidth)
            var changedValue = value
            var edited = false
            if integers {
                var number = Int32(value[index].rounded())
                let bounds = WholeNumber.int32(range.lowerBound.rounded(.down))...WholeNumber.int32(range.upperBound.rounded(.up))
                edited = interface.slider("##" + name, value: &number, range: bounds)
                changedValue[index] = Float(number)
            } else {
                var number = value[index]
                edited = interface.slider("##" + name, value: &number, range: range)
                changedValue[index] = number
            }
            if edited { session.tune(parameter, to: changedValue, gestureContinues: interface.isHoldingControl) }
            place(parameter, name, interface.lastItem)
        }
    }

    private func place(_ parameter: TunableParameter, _ part: String, _ rectangle: InterfaceRectangle) {
        placements.append(Placement(node: parameter.reference.node, uniform: parameter.reference.uniform, part: part, rectangle: rectangle))
    }
}
