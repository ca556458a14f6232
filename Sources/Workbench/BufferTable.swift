import Overlay
import ShaderGraph

/// The shown compute node's storage buffers in the parameter panel: each buffer's first elements as a table,
/// one row an element with its index, read back as the last frame left them. Reading waits for the kernels, so
/// it happens only while the panel is open on a compute node.
final class BufferTable {
    static let shownElements = 16

    /// One buffer's first elements, as the panel shows them.
    struct Reading: Equatable {
        var buffer: String
        var type: String
        var count: Int
        var elements: [[Float]]
    }

    private let trace: TraceWriter?
    /// What was last traced, so the trace gets a line only when a buffer's elements change.
    private var traced: [String: [[Float]]] = [:]

    init(trace: TraceWriter?) {
        self.trace = trace
    }

    /// The shown node's buffers, if it is a compute node that has any.
    static func readings(of session: LiveSession) -> [Reading] {
        let node = session.shownNode
        guard let executor = session.executor, case .compute(let kernel)? = session.loadedComposition?.node(named: node)?.kind else { return [] }
        return kernel.buffers.compactMap { buffer in
            executor.bufferElements(of: node, buffer: buffer.name, range: 0..<min(shownElements, buffer.elementCount)).map {
                Reading(buffer: buffer.name, type: buffer.element.typeName, count: buffer.elementCount, elements: $0)
            }
        }
    }

    /// Each element's line, `[index]` then its numbers, every column right-aligned.
    static func rows(of elements: [[Float]]) -> [String] {
        let cells = elements.map { $0.map { String(format3: $0) } }
        let widths = (0..<(cells.map(\.count).max() ?? 0)).map { column in cells.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0 }
        let indexWidth = String(max(elements.count - 1, 0)).count
        func padded(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(width - text.count, 0)) + text }
        return cells.enumerated().map { index, row in
            "[\(padded(String(index), indexWidth))] " + row.enumerated().map { padded($1, widths[$0]) }.joined(separator: "  ")
        }
    }

    func draw(_ readings: [Reading], node: String, in interface: InterfaceContext) {
        guard !readings.isEmpty else { return }
        interface.section("Buffers of \(node)") {
            for reading in readings {
                let shown = reading.elements.count < reading.count ? ", the first \(reading.elements.count)" : ""
                interface.text("\(reading.buffer) (\(reading.count) × \(reading.type)\(shown))", colour: InterfacePalette.white)
                interface.monospaced {
                    for row in Self.rows(of: reading.elements) { interface.text(row, colour: InterfacePalette.grey) }
                }
            }
        }
        for reading in readings where traced[node + "." + reading.buffer] != reading.elements {
            traced[node + "." + reading.buffer] = reading.elements
            trace?.record("panel-buffer", ["node": .string(node), "buffer": .string(reading.buffer), "elements": .floats(reading.elements.flatMap { $0 })])
        }
    }
}
