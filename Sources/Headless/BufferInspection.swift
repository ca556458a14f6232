import Foundation
import GPU
import LiveSources
import ShaderGraph
import ShaderLanguage

/// `shaderbench inspect --buffer NAME[START:COUNT]`: elements of a compute node's storage buffer as a frame left
/// them, drawn headless as `inspect` draws a pixel's frame (the frames before it first, so a persistent buffer
/// holds what a long render's would).
public enum BufferInspection {
    /// Which elements: `NAME`, `NAME[START:COUNT]` or `NAME[START]` (one element).
    public struct Elements: Sendable, Equatable {
        public var buffer: String
        public var start: Int
        /// Nil: the first `defaultCount` from `start`, or as many as the buffer has.
        public var count: Int?

        public static let defaultCount = 16

        /// Nil when `text` is not one of the forms.
        public init?(parsing text: String) {
            guard let open = text.firstIndex(of: "[") else {
                guard Self.isIdentifier(text) else { return nil }
                (buffer, start, count) = (text, 0, nil)
                return
            }
            let name = String(text[..<open])
            guard text.hasSuffix("]"), Self.isIdentifier(name) else { return nil }
            let inside = text[text.index(after: open)..<text.index(before: text.endIndex)].split(separator: ":", omittingEmptySubsequences: false)
            guard let first = inside.first.flatMap({ Int($0) }), first >= 0, inside.count <= 2 else { return nil }
            if inside.count == 2 {
                guard let number = Int(inside[1]), number > 0 else { return nil }
                count = number
            } else {
                count = 1
            }
            (buffer, start) = (name, first)
        }

        /// A GLSL name: a letter or `_`, then letters, digits and `_`.
        private static func isIdentifier(_ text: String) -> Bool {
            guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
            return text.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
        }
    }

    public struct Report: Sendable {
        public var node: String
        public var buffer: String
        public var type: String
        /// How many elements the buffer's array holds.
        public var length: Int
        public var frame: Int
        public var start: Int
        /// Each element's numbers, from `start` on.
        public var elements: [[Float]]
        public var warnings: [Diagnostic]
    }

    public static func run(_ request: InspectRequest, elements asked: Elements) throws(RenderJob.Failure) -> Report {
        guard request.frame >= 0 else { throw .failed("--frame must be 0 or more") }
        let composition = try InspectJob.open(request)
        let computeNodes = composition.nodes.filter { if case .compute = $0.kind { true } else { false } }.map(\.name)
        guard let name = request.node ?? (computeNodes.count == 1 ? computeNodes.first : nil) else {
            throw .usage("--buffer needs --node: the compute nodes are \(computeNodes.isEmpty ? "none" : computeNodes.joined(separator: ", "))")
        }
        guard let node = composition.node(named: name), case .compute(let kernel) = node.kind else {
            throw .usage("'\(name)' is not a compute node with buffers; the compute nodes are \(computeNodes.isEmpty ? "none" : computeNodes.joined(separator: ", "))")
        }
        guard let buffer = kernel.buffers.first(where: { $0.name == asked.buffer }) else {
            let names = kernel.buffers.map(\.name)
            throw .usage("'\(name)' has no buffer '\(asked.buffer)'; its buffers: \(names.isEmpty ? "none" : names.joined(separator: ", "))")
        }
        let length = buffer.elementCount
        guard asked.start < length else {
            throw .usage("--buffer \(asked.buffer)[\(asked.start)…]: '\(asked.buffer)' has \(length) element\(length == 1 ? "" : "s"), 0 to \(length - 1)")
        }
        let count = min(asked.count ?? Elements.defaultCount, length - asked.start)
        if let wanted = asked.count, wanted > count {
            throw .usage("--buffer \(asked.buffer)[\(asked.start):\(wanted)] runs past the end: '\(asked.buffer)' has \(length) element\(length == 1 ? "" : "s")")
        }
        let context = try HeadlessContext.forJob()
        defer { withExtendedLifetime(context) {} }
        let plan: FramePlan
        do {
            plan = try FramePlan(composition, keeping: [name], convertingFrames: FrameConverter.convertsInReaders)
        } catch {
            throw .diagnostics(error.diagnostics)
        }
        let resources = GraphResources(sources: StandardFrameSources(busyCameraIsAnError: true))
        let executor: GraphExecutor
        do {
            (executor, _) = try InspectJob.draw(plan, frame: request.frame, fps: request.framesPerSecond ?? composition.rate?.framesPerSecond ?? 30,
                                                resources: resources, of: name)
        } catch {
            throw .diagnostics(error.diagnostics)
        }
        guard let numbers = executor.bufferElements(of: name, buffer: buffer.name, range: asked.start..<(asked.start + count)) else {
            throw .diagnostics([.error("compute node '\(name)' ran without its buffer '\(buffer.name)'")])
        }
        return Report(node: name, buffer: buffer.name, type: buffer.element.typeName, length: length, frame: request.frame,
                      start: asked.start, elements: numbers, warnings: composition.warnings + [plan.inexactRange(from: request.frame)].compactMap { $0 })
    }

    /// The report as a person reads it: a head line, then one line per element with its index.
    public static func lines(_ report: Report) -> String {
        var text = "\(report.node).\(report.buffer) (\(report.length) × \(report.type)), frame \(report.frame), "
            + "elements \(report.start) to \(report.start + report.elements.count - 1)\n"
        let width = String(report.start + report.elements.count - 1).count
        for (offset, element) in report.elements.enumerated() {
            let index = String(report.start + offset)
            text += "  [\(String(repeating: " ", count: width - index.count))\(index)] \(element.map(InspectReportText.decimals).joined(separator: " "))\n"
        }
        return text
    }

    public static func json(_ report: Report) -> String {
        let object: [String: Any] = ["node": report.node, "buffer": report.buffer, "type": report.type, "length": report.length,
                                     "frame": report.frame, "start": report.start, "elements": report.elements]
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
