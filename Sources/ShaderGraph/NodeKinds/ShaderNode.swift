import ShaderLanguage
import Yams

/// `kind: shader`: a fragment shader drawn into a pooled image. Its file, and the files that file brings
/// (includes, a vertex shader), are watched; its image inputs and wired uniforms are what it depends on. The
/// keys read against the shader's interface are in ShaderNode+Settings, its checks in ShaderNode+Checking.
struct ShaderNode: NodeKindModel {
    var pass: ShaderPass

    static let keywords = ["shader"]

    static func read(_ declaration: NodeDeclaration, in loading: CompositionLoading) -> NodeKind? {
        // A kernel is recognised by its text, as the dialects are: `kind: shader` runs it as `kind: compute` would.
        if ComputeNode.namesKernel(declaration, in: loading) { return ComputeNode.read(declaration, in: loading) }
        loading.checkKeys(of: declaration, allowed: ["kind", "file", "filter", "vertex", "inputs", "uniforms", "size", "format", "mapping", "sampling", "previous", "common", "blur", "cache"], in: "a shader node")
        let (name, fields) = (declaration.name, declaration.fields)
        let size = fields["size"].flatMap { node in loading.attempt { () throws(Diagnostic) in try loading.reader.size(node, what: "'size'") } }
        let format = readFormat(fields, in: loading)
        let (inputs, uniforms, keyLocations) = readWiring(fields, in: loading)
        let wires = Array(inputs.values) + uniforms.values.compactMap { if case .wire(let wire) = $0 { wire } else { nil } }
        guard let file = fields["filter"] != nil ? builtInFilter(fields, node: name, in: loading) : loading.existingFile(declaration) else {
            loading.wiresOfUnloadedNodes += wires
            return nil
        }
        var vertex: (path: String, location: SourceLocation)?
        if fields["vertex"] != nil {
            guard let named = loading.existingFile(declaration, field: "vertex") else {
                loading.wiresOfUnloadedNodes += wires
                return nil
            }
            vertex = named
        }
        let shaderSource: SourceText
        let interface: ShaderInterface
        do {
            shaderSource = try ShaderIncludes.expand(loading.files.readText(path: file.path, reference: file.location), folders: loading.includes, files: loading.files)
            interface = try ShaderInterface.read(shaderSource, files: loading.files, vertexShaderPath: vertex?.path)
        } catch {
            loading.diagnostics.append(error)
            loading.wiresOfUnloadedNodes += wires
            return nil
        }
        if let vertex, interface.dialect != .glsl, let vertexNode = fields["vertex"] {
            let own = switch interface.dialect {
            case .isf: "an ISF shader's vertex shader is the .vs beside it"
            case .glslViewer: "a glslViewer shader's coordinates come from the workbench's vertex stage"
            case .glslSandbox: "a GLSL Sandbox shader's surfacePosition comes from the workbench's vertex stage"
            case .bonzomatic: "a Bonzomatic shader draws the whole pass with the workbench's vertex stage"
            case .glsl, .shaderToy, .vsCodeShaderToy: "a ShaderToy shader has no vertex stage"
            }
            loading.report("only a GLSL shader takes 'vertex' (\(vertex.path)); \(own)", at: vertexNode, code: .keyDoesNotApply)
            loading.wiresOfUnloadedNodes += wires
            return nil
        }
        var pass = ShaderPass(file: file.path, source: shaderSource, interface: interface, inputs: inputs,
                              uniforms: uniforms, size: size, format: format)
        pass.keyLocations = keyLocations
        if let previous = interface.ownPreviousFrameInput, pass.inputs[previous.name] == nil {
            pass.inputs[previous.name] = Wire(node: name, location: shaderSource.location(line: previous.line, column: previous.column))
        }
        guard readSettings(of: &pass, declaration, in: loading) else { return nil }
        VSCodeShaderToyChannels.settle(&pass, node: name, formatIsSet: fields["format"] != nil)
        return .shader(pass)
    }

    /// A shader node's `filter: NAME`: the built-in filter's file, which is then watched like any other.
    private static func builtInFilter(_ fields: Yams.Node.Mapping, node name: String, in loading: CompositionLoading) -> (path: String, location: SourceLocation)? {
        guard let filterNode = fields["filter"] else { return nil }
        if let fileNode = fields["file"] {
            loading.report("node '\(name)' has both 'file' and 'filter'; keep one", at: fileNode, code: .keyDoesNotApply)
            return nil
        }
        guard let filter = loading.attempt({ () throws(Diagnostic) in try loading.reader.string(filterNode, what: "'filter'") }) else { return nil }
        let path = FilterLibrary.path(of: filter, in: loading.files.filterFolder)
        guard !filter.contains("/"), loading.files.isRegularFile(path) else {
            let names = loading.files.filterNames
            var message = "there is no built-in filter '\(filter)'"
            if let closest = Spelling.closest(to: filter, among: names) {
                message += "; did you mean '\(closest)'?"
            } else if names.isEmpty {
                message += " (no filters found in \(loading.files.filterFolder); set SHADERBENCH_SHADERS to the shaders folder)"
            } else {
                message += "; see docs/filters.md for the list"
            }
            loading.report(message, at: filterNode, code: .unknownNodeKind)
            return nil
        }
        return (path, loading.reader.location(of: filterNode))
    }

    /// A shader node's `inputs` and `uniforms`, with where each key is written.
    static func readWiring(_ fields: Yams.Node.Mapping, in loading: CompositionLoading) -> (inputs: [String: Wire], uniforms: [String: UniformSetting], keyLocations: [String: SourceLocation]) {
        var inputs: [String: Wire] = [:]
        var keyLocations: [String: SourceLocation] = [:]
        if let inputsNode = fields["inputs"], let mapping = loading.attempt({ () throws(Diagnostic) in try loading.reader.mapping(inputsNode, what: "'inputs'") }) {
            for (sampler, value) in mapping {
                guard let samplerName = sampler.string, let wire = loading.attempt({ () throws(Diagnostic) in try loading.readWire(value) }) else { continue }
                inputs[samplerName] = wire
                keyLocations[samplerName] = loading.reader.location(of: sampler)
            }
        }
        var uniforms: [String: UniformSetting] = [:]
        if let uniformsNode = fields["uniforms"], let mapping = loading.attempt({ () throws(Diagnostic) in try loading.reader.mapping(uniformsNode, what: "'uniforms'") }) {
            for (uniform, value) in mapping {
                guard let uniformName = uniform.string, let setting = loading.attempt({ () throws(Diagnostic) in try loading.readUniformSetting(value) }) else { continue }
                uniforms[uniformName] = setting
                keyLocations[uniformName] = loading.reader.location(of: uniform)
            }
        }
        return (inputs, uniforms, keyLocations)
    }


    var output: NodeOutput { .image }

    /// Its image inputs (those that read last frame's image as feedback), then its wired uniforms, each by name.
    func inputs(of node: String) -> [NodeInput] {
        NodeInput.images(pass.inputs) { pass.readsPreviousFrame($0, node: node) } + NodeInput.values(pass.uniforms)
    }

    var files: [String] {
        var files = [pass.file] + pass.source.includedFiles
        // The conventional vertex shader is followed even before it exists, so creating one reloads.
        if let vertex = pass.interface.vertexShader?.path
            ?? ShaderInterface.conventionalVertexShaderPath(of: pass.file, dialect: pass.interface.dialect) {
            files.append(vertex)
        }
        return files
    }

    func check(_ node: Node, in check: inout CompositionCheck) {
        check.checkShader(node, pass)
    }

    func work(in planning: StepPlanning) -> FramePlan.Work {
        .pass(PassPlan(pass, node: planning.node, index: planning.index, images: planning.images, opaque: planning.opaque,
                       isReadAsPreviousFrame: planning.keepsPreviousFrame, precision: planning.precision))
    }
}
