import ShaderLanguage
import Yams

/// `kind: compute`: GLSL compute kernels run in order over the node's images and storage buffers. Its kernel
/// files are watched; its wired images and uniforms are what it depends on. Its buffers are read in
/// ComputeNode+Buffers, its checks against the composition are in ComputeNode+Checking.
struct ComputeNode: NodeKindModel {
    var kernel: ComputeKernel

    static let keywords = ["compute"]

    static func read(_ declaration: NodeDeclaration, in loading: CompositionLoading) -> NodeKind? {
        loading.checkKeys(of: declaration, allowed: ["kind", "file", "passes", "inputs", "uniforms", "size", "format", "buffers", "dispatch", "sampling"],
                          in: "a compute node")
        let fields = declaration.fields
        let inputs = readWires(fields["inputs"], what: "'inputs'", in: loading)
        let uniforms = readUniforms(fields["uniforms"], in: loading)
        let wires = Array(inputs.wires.values) + uniforms.settings.values.compactMap { if case .wire(let wire) = $0 { wire } else { nil } }
        guard let read = readPasses(declaration, in: loading) else {
            loading.wiresOfUnloadedNodes += wires
            return nil
        }
        var passes = read.map(\.pass)
        let variables = ComputeCount.variables(inputs: Array(inputs.wires.keys),
                                               uniforms: passes.flatMap { $0.interface.uniforms.filter { $0.type.componentCount != nil }.map(\.name) })
        for (index, written) in read.enumerated() {
            guard let dispatchNode = written.dispatch else { continue }
            passes[index].dispatch = readDispatch(dispatchNode, variables: variables, in: loading)
            if passes[index].dispatch == nil { return nil }
        }
        var size = ComputeKernel.Size.render
        if let format = passes.first?.format {
            // The first image it writes as the header sizes it, else its first image input's size.
            if let sized = imageSize(of: format) {
                size = sized
            } else if let input = format.imageInputs.first, let wire = inputs.wires[input.name] {
                size = .node(wire)
            }
        }
        if let sizeNode = fields["size"] {
            if case .scalar = sizeNode, let wire = loading.attempt({ () throws(Diagnostic) in try loading.readWire(sizeNode) }) {
                size = .node(wire)
            } else if case .sequence(let sides) = sizeNode, sides.count == 2, sides.contains(where: isExpression) {
                guard let width = readCount(sides[0], what: "the width", variables: variables, in: loading),
                      let height = readCount(sides[1], what: "the height", variables: variables, in: loading) else { return nil }
                size = .expression(width: width, height: height)
            } else if let fixed = loading.attempt({ () throws(Diagnostic) in try loading.reader.size(sizeNode, what: "'size'") }) {
                size = .fixed(fixed)
            }
        }
        let format = fields["format"].map { _ in ShaderNode.readFormat(fields, in: loading) }
        let defaults = passes.compactMap(\.format).reduce(into: [String: (count: Int, persistent: Bool)]()) { $0.merge(bufferDefaults(of: $1)) { first, _ in first } }
        let buffers = readBuffers(fields["buffers"], passes: passes, node: declaration, defaults: defaults, in: loading)
        for index in passes.indices { passes[index].dispatch = bufferDispatch(of: passes[index], buffers: buffers) }
        var kernel = ComputeKernel(passes: passes, inputs: inputs.wires, uniforms: uniforms.settings, size: size, format: format, buffers: buffers)
        if let samplingNode = fields["sampling"] {
            kernel.samplings = readSamplings(samplingNode, samplers: passes.flatMap { $0.interface.samplers.map(\.name) }, in: loading)
        }
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

    /// `file:` with an optional `dispatch:`, or `passes:`, a list of `{ file, dispatch }` run in order; each
    /// `dispatch:` as written, read once every pass's uniforms are known.
    private static func readPasses(_ declaration: NodeDeclaration, in loading: CompositionLoading) -> [(pass: ComputeKernel.Pass, dispatch: Yams.Node?)]? {
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
            var passes: [(pass: ComputeKernel.Pass, dispatch: Yams.Node?)] = []
            for item in items {
                guard let mapping = loading.attempt({ () throws(Diagnostic) in try loading.reader.mapping(item, what: "a pass") }) else { return nil }
                var keyProblems: [Diagnostic] = []
                loading.reader.checkKeys(mapping, allowed: ["file", "dispatch"], in: "a compute pass", into: &keyProblems)
                loading.diagnostics += keyProblems
                let pass = NodeDeclaration(name: declaration.name, keyword: declaration.keyword, fields: mapping, key: item)
                guard let read = readPass(pass, in: loading) else { return nil }
                passes += read.map { ($0, mapping["dispatch"]) }
            }
            return passes
        }
        return readPass(declaration, in: loading).map { $0.map { ($0, fields["dispatch"]) } }
    }

    /// The kernel a file holds, or the passes of a Compute Shader Format file, each with the work groups its
    /// header counts.
    private static func readPass(_ declaration: NodeDeclaration, in loading: CompositionLoading) -> [ComputeKernel.Pass]? {
        guard let file = loading.existingFile(declaration) else { return nil }
        do throws(Diagnostic) {
            let source = try ShaderIncludes.expand(loading.files.readText(path: file.path, reference: file.location), folders: loading.includes, files: loading.files)
            if let format = try ComputeShaderFormat.read(source) {
                if let dispatch = declaration.fields["dispatch"] {
                    loading.report("\(file.path) is a Compute Shader Format file, whose EXECUTION_MODEL counts each pass's work groups; remove 'dispatch'",
                                   at: dispatch, code: .keyDoesNotApply)
                    return nil
                }
                return try passes(of: format, file: file.path, location: file.location)
            }
            return [ComputeKernel.Pass(file: file.path, source: source, interface: try ComputeInterface.read(source), dispatch: nil, location: file.location)]
        } catch {
            loading.diagnostics.append(error)
            return nil
        }
    }

    /// `dispatch: [X, Y, Z]`, each a number of work groups or an expression (`"ceil($WIDTH / 16)"`); Y and Z 1 where
    /// not given.
    private static func readDispatch(_ node: Yams.Node, variables: [String], in loading: CompositionLoading) -> [ComputeCount]? {
        guard case .sequence(let counts) = node, (1...3).contains(counts.count) else {
            loading.report("'dispatch' is [X, Y, Z]: how many work groups on each axis, each 1 or more, or an expression such as \"ceil($WIDTH / 16)\"",
                           at: node, code: .computeDispatch)
            return nil
        }
        var read: [ComputeCount] = []
        for count in counts {
            guard let value = readCount(count, what: "a work group count", variables: variables, in: loading) else { return nil }
            read.append(value)
        }
        return read + Array(repeating: .number(1), count: 3 - read.count)
    }

    /// Whether a count is written as an expression: a text that is not a number.
    private static func isExpression(_ node: Yams.Node) -> Bool {
        guard case .scalar(let scalar) = node else { return false }
        return Double(scalar.string) == nil
    }

    /// A whole number of 1 or more, or a quoted expression over `variables`, `$WIDTH` and `$HEIGHT`.
    private static func readCount(_ node: Yams.Node, what: String, variables: [String], in loading: CompositionLoading) -> ComputeCount? {
        if isExpression(node), let text = node.string {
            do throws(ISFSizeExpression.SyntaxError) {
                return .expression(try ISFSizeExpression(parsing: text, inputs: variables))
            } catch {
                loading.report("\(what) \"\(text)\": \(error.message) (at character \(error.offset + 1)); it may read $WIDTH, $HEIGHT"
                               + (variables.isEmpty ? "" : ", " + variables.map { "$" + $0 }.joined(separator: ", ")), at: node, code: .computeDispatch)
                return nil
            }
        }
        do throws(Diagnostic) {
            return .number(try loading.reader.integer(node, what: what, in: 1...Int(Int32.max)))
        } catch {
            // A count of no work groups is the dispatch's own mistake, as the device's limit is.
            var countError = error
            countError.code = .computeDispatch
            loading.diagnostics.append(countError)
            return nil
        }
    }

    /// `sampling: { INPUT: { filter: nearest | linear, wrap: clamp | repeat | mirror } }` for a kernel's `sampler2D`
    /// inputs, which `texture` reads (linear and clamped unless told); `texelFetch` reads texels as they are.
    private static func readSamplings(_ node: Yams.Node, samplers: [String], in loading: CompositionLoading) -> [String: InputSampling] {
        let read = ShaderNode.readSamplings(node, samplers: samplers, file: "the node's kernels", keys: ["filter", "wrap"], in: loading)
        for (input, sampling) in read where sampling.filter == .mipmap {
            loading.report("'\(input)': a kernel's input is read nearest or linear; no mipmap chain is built for it", at: node, code: .wrongValue)
        }
        return read
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
