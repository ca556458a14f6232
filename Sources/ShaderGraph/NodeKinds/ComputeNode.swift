import ShaderLanguage
import Yams

/// `kind: compute`: GLSL compute kernels run in order over the node's images and storage buffers. Its kernel
/// files are watched; its wired images and uniforms are what it depends on. Its buffers are read in
/// ComputeNode+Buffers, its checks against the composition are in ComputeNode+Checking.
struct ComputeNode: NodeKindModel {
    var kernel: ComputeKernel

    static let keywords = ["compute"]

    static func read(_ declaration: NodeDeclaration, in loading: CompositionLoading) -> NodeKind? {
        loading.checkKeys(of: declaration, allowed: ["kind", "file", "passes", "inputs", "uniforms", "size", "format", "buffers", "dispatch"],
                          in: "a compute node")
        let fields = declaration.fields
        let inputs = readWires(fields["inputs"], what: "'inputs'", in: loading)
        let uniforms = readUniforms(fields["uniforms"], in: loading)
        let wires = Array(inputs.wires.values) + uniforms.settings.values.compactMap { if case .wire(let wire) = $0 { wire } else { nil } }
        guard let passes = readPasses(declaration, in: loading) else {
            loading.wiresOfUnloadedNodes += wires
            return nil
        }
        var size = ComputeKernel.Size.render
        if let sizeNode = fields["size"] {
            if case .scalar = sizeNode, let wire = loading.attempt({ () throws(Diagnostic) in try loading.readWire(sizeNode) }) {
                size = .node(wire)
            } else if let fixed = loading.attempt({ () throws(Diagnostic) in try loading.reader.size(sizeNode, what: "'size'") }) {
                size = .fixed(fixed)
            }
        }
        let format = fields["format"].map { _ in ShaderNode.readFormat(fields, in: loading) }
        let buffers = readBuffers(fields["buffers"], passes: passes, node: declaration, in: loading)
        var kernel = ComputeKernel(passes: passes, inputs: inputs.wires, uniforms: uniforms.settings, size: size, format: format, buffers: buffers)
        kernel.keyLocations = inputs.locations.merging(uniforms.locations) { first, _ in first }
        return .compute(kernel)
    }

    /// Whether a node of another kind names a compute kernel in its `file:` (a text that declares its work group
    /// size), read quietly: a file that cannot be read is the other kind's to report.
    static func namesKernel(_ declaration: NodeDeclaration, in loading: CompositionLoading) -> Bool {
        guard declaration.fields["filter"] == nil, let reference = declaration.fields["file"]?.string else { return false }
        let path = FilePaths.join(loading.directory, reference)
        guard loading.files.isRegularFile(path), let text = try? loading.files.readText(path: path, reference: loading.reader.location(of: declaration.key)) else {
            return false
        }
        return ComputeInterface.isCompute(text)
    }

    /// `file:` with an optional `dispatch:`, or `passes:`, a list of `{ file, dispatch }` run in order.
    private static func readPasses(_ declaration: NodeDeclaration, in loading: CompositionLoading) -> [ComputeKernel.Pass]? {
        let fields = declaration.fields
        if let passesNode = fields["passes"] {
            if let fileNode = fields["file"] {
                loading.report("node '\(declaration.name)' has both 'file' and 'passes'; keep one", at: fileNode, code: .keyDoesNotApply)
                return nil
            }
            guard case .sequence(let items) = passesNode, !items.isEmpty else {
                loading.report("'passes' is a list of passes, each { file: KERNEL, dispatch: [X, Y, Z] }", at: passesNode, code: .wrongValue)
                return nil
            }
            var passes: [ComputeKernel.Pass] = []
            for item in items {
                guard let mapping = loading.attempt({ () throws(Diagnostic) in try loading.reader.mapping(item, what: "a pass") }) else { return nil }
                var keyProblems: [Diagnostic] = []
                loading.reader.checkKeys(mapping, allowed: ["file", "dispatch"], in: "a compute pass", into: &keyProblems)
                loading.diagnostics += keyProblems
                let pass = NodeDeclaration(name: declaration.name, keyword: declaration.keyword, fields: mapping, key: item)
                guard let read = readPass(pass, in: loading) else { return nil }
                passes.append(read)
            }
            return passes
        }
        return readPass(declaration, in: loading).map { [$0] }
    }

    private static func readPass(_ declaration: NodeDeclaration, in loading: CompositionLoading) -> ComputeKernel.Pass? {
        guard let file = loading.existingFile(declaration) else { return nil }
        let source: SourceText
        let interface: ComputeInterface
        do throws(Diagnostic) {
            source = try ShaderIncludes.expand(loading.files.readText(path: file.path, reference: file.location), folders: loading.includes, files: loading.files)
            interface = try ComputeInterface.read(source)
        } catch {
            loading.diagnostics.append(error)
            return nil
        }
        var dispatch: [Int]?
        if let dispatchNode = declaration.fields["dispatch"] {
            guard case .sequence(let counts) = dispatchNode, (1...3).contains(counts.count),
                  let read = loading.attempt({ () throws(Diagnostic) in
                      try counts.map { count throws(Diagnostic) in
                          do throws(Diagnostic) {
                              return try loading.reader.integer(count, what: "a work group count", in: 1...Int(Int32.max))
                          } catch {
                              // A count of no work groups is the dispatch's own mistake, as the device's limit is.
                              var dispatchError = error
                              dispatchError.code = .computeDispatch
                              throw dispatchError
                          }
                      }
                  }) else {
                if case .sequence = dispatchNode {} else {
                    loading.report("'dispatch' is [X, Y, Z]: how many work groups on each axis, each 1 or more", at: dispatchNode, code: .computeDispatch)
                }
                return nil
            }
            dispatch = read + Array(repeating: 1, count: 3 - read.count)
        }
        return ComputeKernel.Pass(file: file.path, source: source, interface: interface, dispatch: dispatch, location: file.location)
    }

    private static func readWires(_ node: Yams.Node?, what: String, in loading: CompositionLoading) -> (wires: [String: Wire], locations: [String: SourceLocation]) {
        var wires: [String: Wire] = [:]
        var locations: [String: SourceLocation] = [:]
        guard let node, let mapping = loading.attempt({ () throws(Diagnostic) in try loading.reader.mapping(node, what: what) }) else { return ([:], [:]) }
        for (key, value) in mapping {
            guard let name = key.string, let wire = loading.attempt({ () throws(Diagnostic) in try loading.readWire(value) }) else { continue }
            wires[name] = wire
            locations[name] = loading.reader.location(of: key)
        }
        return (wires, locations)
    }

    private static func readUniforms(_ node: Yams.Node?, in loading: CompositionLoading) -> (settings: [String: UniformSetting], locations: [String: SourceLocation]) {
        var settings: [String: UniformSetting] = [:]
        var locations: [String: SourceLocation] = [:]
        guard let node, let mapping = loading.attempt({ () throws(Diagnostic) in try loading.reader.mapping(node, what: "'uniforms'") }) else { return ([:], [:]) }
        for (key, value) in mapping {
            guard let name = key.string, let setting = loading.attempt({ () throws(Diagnostic) in try loading.readUniformSetting(value) }) else { continue }
            settings[name] = setting
            locations[name] = loading.reader.location(of: key)
        }
        return (settings, locations)
    }

    /// Its first target; only buffers, for buffer nodes to read, when its kernels write no image.
    var output: NodeOutput { kernel.targets.isEmpty ? .buffers : .image }

    /// Its wired images, the node its size follows (when no image input reads it already), then its wired
    /// uniforms, each by name.
    func inputs(of node: String) -> [NodeInput] {
        let size: [NodeInput] = if case .node(let wire) = kernel.size, !kernel.inputs.values.contains(where: { $0.node == wire.node }) {
            [NodeInput(name: "size", wire: wire, carries: .image)]
        } else { [] }
        return NodeInput.images(kernel.inputs) { _ in false } + size + NodeInput.values(kernel.uniforms)
    }

    var files: [String] { kernel.files }

    func check(_ node: Node, in check: inout CompositionCheck) {
        check.checkCompute(node, kernel)
    }

    func work(in planning: StepPlanning) -> FramePlan.Work {
        .compute(ComputePlan(kernel, index: planning.index))
    }
}
