import Overlay
import ShaderGraph

/// A wire let go over a box rather than one of its ports: the node's inputs that nothing sets yet
/// (`UnwiredInputs`), listed where it was let go. A click on one wires the wire's source into it; Esc, or a click
/// anywhere else, closes the list.
final class GraphInputChooser {
    private struct Offer {
        var source: String
        var node: String
        var inputs: [(key: String, section: String)]
        var at: (x: Float, y: Float)
    }

    private let trace: TraceWriter?
    private var offer: Offer?
    /// Where each input's line was last traced, so scripts can click it.
    private var traced: [String: InterfaceRectangle] = [:]

    init(trace: TraceWriter?) {
        self.trace = trace
    }

    var isOpen: Bool { offer != nil }

    func open(source: String, node: String, inputs: [(key: String, section: String)], at point: (x: Float, y: Float)) {
        offer = Offer(source: source, node: node, inputs: inputs, at: point)
        traced = [:]
    }

    func close() {
        offer = nil
    }

    /// Draws the list; what to tell the person when an input was chosen.
    func draw(_ session: LiveSession, in interface: InterfaceContext) -> String? {
        guard let offer else { return nil }
        var chosen: (key: String, section: String)?
        var placed: [String: InterfaceRectangle] = [:]
        interface.window("wire-into", x: offer.at.x + 8, y: offer.at.y, style: .panel) {
            interface.text("wire \(offer.source) into \(offer.node):", colour: InterfacePalette.grey)
            for input in offer.inputs {
                interface.identified(input.key) {
                    if interface.selectable(input.key, selected: false) { chosen = input }
                    placed[input.key] = interface.lastItem
                }
            }
        }
        if placed != traced {
            traced = placed
            for (input, rectangle) in placed.sorted(by: { $0.key < $1.key }) {
                trace?.record("graph-input-offered", ["node": .string(offer.node), "input": .string(input), "x": .number(Double(rectangle.x)),
                                                      "y": .number(Double(rectangle.y)), "width": .number(Double(rectangle.width)),
                                                      "height": .number(Double(rectangle.height))])
            }
        }
        guard let chosen else { return nil }
        self.offer = nil
        return session.applyGraphEdit(.wire(from: offer.source, to: offer.node, key: chosen.key, section: chosen.section))
    }
}
