import ShaderLanguage

/// `kind: buffer`: numbers read out of a compute node's storage buffer after its kernels ran in the frame, as a
/// value other nodes read. The read is planned only when something uses the value, so an unread buffer is
/// never read back.
struct BufferValueNode: NodeKindModel {
    var read: BufferRead

    static let keywords = ["buffer"]

    static func read(_ declaration: NodeDeclaration, in loading: CompositionLoading) -> NodeKind? {
        loading.checkKeys(of: declaration, allowed: ["kind", "input", "buffer", "start", "count"], in: "a buffer node")
        let (name, fields, key) = (declaration.name, declaration.fields, declaration.key)
        guard let inputNode = fields["input"] else {
            loading.report("buffer node '\(name)' needs an 'input': the compute node whose buffer it reads", at: key, code: .missingKey)
            return nil
        }
        guard let bufferNode = fields["buffer"] else {
            loading.report("buffer node '\(name)' needs a 'buffer': the name of the compute node's buffer block", at: key, code: .missingKey)
            return nil
        }
        guard let input = loading.attempt({ () throws(Diagnostic) in try loading.readWire(inputNode) }),
              let buffer = loading.attempt({ () throws(Diagnostic) in try loading.reader.string(bufferNode, what: "'buffer'") }) else { return nil }
        guard input.components.isEmpty, input.parameter == nil else {
            loading.report("'input' names the compute node alone; the elements are chosen by 'start' and 'count'", at: inputNode, code: .bufferValue)
            return nil
        }
        var start = 0, count = 1
        if let startNode = fields["start"] {
            guard let read = loading.attempt({ () throws(Diagnostic) in try loading.reader.integer(startNode, what: "'start'", in: 0...Int(Int32.max)) }) else { return nil }
            start = read
        }
        if let countNode = fields["count"] {
            guard let read = loading.attempt({ () throws(Diagnostic) in
                try loading.reader.integer(countNode, what: "'count'", in: 1...BufferRead.maximumNumbers)
            }) else { return nil }
            count = read
        }
        let range = fields["count"] ?? fields["start"] ?? key
        return .bufferValue(BufferRead(input: input, buffer: buffer, start: start, count: count,
                                       bufferLocation: loading.reader.location(of: bufferNode), rangeLocation: loading.reader.location(of: range)))
    }

    var output: NodeOutput { .value(components: read.componentCount) }

    func inputs(of node: String) -> [NodeInput] {
        [NodeInput(name: "input", wire: read.input, carries: .value)]
    }

    /// The input is a compute node, the buffer one of its blocks, and the range inside the block's array.
    func check(_ node: Node, in check: inout CompositionCheck) {
        guard let source = check.resolve(read.input) else { return }
        guard case .compute(let kernel) = source.kind else {
            check.report("'\(source.name)' is a \(source.kind.name) node; a buffer node reads a compute node's storage buffer",
                         at: read.input.location, code: .bufferValue)
            return
        }
        guard let buffer = kernel.buffers.first(where: { $0.name == read.buffer }) else {
            let names = kernel.buffers.map(\.name)
            let hint = Spelling.closest(to: read.buffer, among: names).map { "; did you mean '\($0)'?" }
                ?? (names.isEmpty ? "; its kernels declare no buffer block" : "; it has: \(names.joined(separator: ", "))")
            check.report("compute node '\(source.name)' has no buffer '\(read.buffer)'\(hint)", at: read.bufferLocation, code: .bufferValue)
            return
        }
        let elements = buffer.elementCount
        if read.start + read.count > elements {
            let asked = read.count == 1 ? "element \(read.start) does not exist" : "elements \(read.start) to \(read.start + read.count - 1) do not all exist"
            check.report("buffer '\(read.buffer)' has \(elements) element\(elements == 1 ? "" : "s") (0 to \(elements - 1)); \(asked)",
                         at: read.rangeLocation, code: .bufferValue)
        } else if read.componentCount > BufferRead.maximumNumbers {
            check.report("\(read.count) elements of \(buffer.element.components) numbers are \(read.componentCount) numbers; a value holds "
                         + "\(BufferRead.maximumNumbers) at most, so read \(BufferRead.maximumNumbers / buffer.element.components) or fewer",
                         at: read.rangeLocation, code: .bufferValue)
        }
    }

    func work(in planning: StepPlanning) -> FramePlan.Work {
        .bufferValue(read, input: planning.step(of: read.input))
    }
}
