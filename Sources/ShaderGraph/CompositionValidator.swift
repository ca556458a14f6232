import ShaderLanguage

/// Checks a composition as a whole before anything runs: references, image versus value wiring, uniform
/// types and arity, shader interfaces, and cycles. Returns every problem found.
public enum CompositionValidator {
    /// `source` is the composition's text, for quoting the lines that problems point at. `unloadedNodes` are
    /// declared but could not be loaded, so wires to them are not reported again; `wiresOfUnloadedNodes` are
    /// those nodes' own wires, whose node names are still checked.
    public static func validate(_ composition: Composition, source: SourceText? = nil, unloadedNodes: Set<String> = [],
                                wiresOfUnloadedNodes: [Wire] = []) -> [Diagnostic] {
        var check = Check(composition: composition, unloadedNodes: unloadedNodes)
        check.run()
        for wire in wiresOfUnloadedNodes {
            _ = check.resolve(wire)
        }
        var sources = check.shaderSources
        if let source { sources[source.path] = source }
        return check.diagnostics.map { diagnostic in
            var quoted = diagnostic
            if quoted.sourceLine == nil, let location = quoted.location {
                quoted.sourceLine = sources[location.file]?.line(location.line)
            }
            return quoted
        }
    }
}

private struct Check {
    let composition: Composition
    let unloadedNodes: Set<String>
    let byName: [String: Node]
    var diagnostics: [Diagnostic] = []

    init(composition: Composition, unloadedNodes: Set<String>) {
        self.composition = composition
        self.unloadedNodes = unloadedNodes
        self.byName = Dictionary(composition.nodes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    var shaderSources: [String: SourceText] {
        var sources: [String: SourceText] = [:]
        for node in composition.nodes {
            if case .shader(let pass) = node.kind { sources[pass.source.path] = pass.source }
        }
        return sources
    }

    mutating func report(_ message: String, at location: SourceLocation?, code: DiagnosticCode) {
        diagnostics.append(.error(message, at: location, code: code))
    }

    /// The node a wire names, or nil after reporting that none has that name.
    mutating func resolve(_ wire: Wire) -> Node? {
        if let node = byName[wire.node] { return node }
        if !unloadedNodes.contains(wire.node) {
            report(unknownNode(wire.node), at: wire.location, code: .unknownNode)
        }
        return nil
    }

    func unknownNode(_ name: String) -> String {
        var message = "no node named '\(name)'"
        if let suggestion = Spelling.closest(to: name, among: composition.nodes.map(\.name)) {
            message += "; did you mean '\(suggestion)'?"
        }
        return message
    }

    mutating func run() {
        checkOutput()
        checkLiveSource()
        for node in composition.nodes {
            switch node.kind {
            case .shader(let pass): checkShader(node, pass)
            case .reduction(let reduction): checkReduction(node, reduction)
            case .pick(let pick): checkImageInput(pick.input, of: "pick")
            case .operation(let operation): checkOperation(node, operation)
            default: break
            }
        }
        checkPublished()
        checkCycles()
    }

    mutating func checkOutput() {
        let location = composition.outputLocation
        guard let node = byName[composition.output] else {
            if !unloadedNodes.contains(composition.output) {
                report("'output': \(unknownNode(composition.output))", at: location, code: .unknownNode)
            }
            return
        }
        if node.output != .image {
            report("the output '\(node.name)' is a \(node.kind.name) node, which makes \(node.output); the output must be an image", at: location, code: .notAnImage)
        }
    }

    mutating func checkLiveSource() {
        guard let name = composition.liveSource, let location = composition.liveSourceLocation else { return }
        guard let node = byName[name] else {
            if !unloadedNodes.contains(name) { report("'live': \(unknownNode(name))", at: location, code: .unknownNode) }
            return
        }
        if !node.isImageSource {
            report("'live' must name an image or pattern node, which --input can replace; '\(name)' is a \(node.kind.name) node", at: location, code: .notAnImage)
        }
    }

    mutating func checkShader(_ node: Node, _ pass: ShaderPass) {
        let interface = pass.interface
        let file = pass.source.path
        for sampler in interface.samplers where pass.inputs[sampler.name] == nil {
            let remedy = interface.soundShape(of: sampler.name) == nil ? "add it" : "wire an audio node ({ kind: audio }) to it"
            report("node '\(node.name)': \(file) samples '\(sampler.name)', but nothing is wired to it; \(remedy) under 'inputs:'", at: node.location, code: .unwiredInput)
        }
        for (name, wire) in pass.inputs.sorted(by: { $0.key < $1.key }) {
            let keyLocation = pass.keyLocations[name] ?? wire.location
            guard let declaration = interface.uniform(named: name) else {
                report("\(file) has no image input '\(name)'\(suggestion(name, among: interface.samplers.map(\.name)))", at: keyLocation, code: .noSuchUniform)
                continue
            }
            guard declaration.type == .sampler2D else {
                report("'\(name)' is a \(declaration.type) uniform of \(file), not an image input; set it under 'uniforms:'", at: keyLocation, code: .wrongWire)
                continue
            }
            guard let source = resolve(wire) else { continue }
            if interface.soundShape(of: name) != nil {
                if source.output != .sound {
                    let what = interface.soundInput(named: name).map { "an ISF \($0.kind.rawValue) input" } ?? "Bonzomatic's spectrum"
                    report("'\(name)' is \(what), made from sound; wire an audio node to it ({ kind: audio }), not '\(source.name)', which makes \(source.output)", at: wire.location, code: .wrongWire)
                }
            } else if source.output == .sound {
                report("'\(source.name)' makes sound, which only an ISF audio or audioFFT input or a Bonzomatic spectrum takes; '\(name)' is an image input", at: wire.location, code: .wrongWire)
            } else if source.output != .image {
                report("'\(source.name)' makes \(source.output), but '\(name)' is an image input; wire values into uniforms", at: wire.location, code: .wrongWire)
            } else if !wire.components.isEmpty {
                report("an image input takes a whole image; remove the component selection from '\(source.name)'", at: wire.location, code: .wrongWire)
            }
        }
        checkPreviousFrameInputs(pass)
        for (name, setting) in pass.uniforms.sorted(by: { $0.key < $1.key }) {
            let keyLocation = pass.keyLocations[name] ?? setting.location
            if let declaration = interface.uniform(named: name) {
                checkUniform(name, declaration, setting, file: file, keyLocation: keyLocation)
            } else if interface.vertexStageUniforms.contains(where: { $0.name == name }) {
                checkVertexStageUniform(name, setting)
            } else {
                let settable = interface.uniforms.filter { $0.type != .sampler2D }.map(\.name) + interface.vertexStageUniforms.map(\.name)
                report("\(file) has no uniform '\(name)'\(suggestion(name, among: settable))", at: keyLocation, code: .noSuchUniform)
            }
        }
        checkVaryings(pass)
    }

    /// An input under `previous:` reads a shader node's last frame, which only a single pass keeps.
    mutating func checkPreviousFrameInputs(_ pass: ShaderPass) {
        for (name, location) in pass.previousFrameInputs.sorted(by: { $0.key < $1.key }) {
            // An input wired to nothing, to an unknown node or to one that makes no image is reported already.
            guard let wire = pass.inputs[name], let source = byName[wire.node], source.output == .image else { continue }
            guard case .shader(let sourcePass) = source.kind else {
                report("'\(name)' reads the previous frame of '\(source.name)', a \(source.kind.name) node; only a shader node keeps its previous frame", at: location, code: .noPreviousFrame)
                continue
            }
            if let header = sourcePass.interface.isf, !header.passes.isEmpty || !header.imported.isEmpty {
                report("'\(name)' reads the previous frame of '\(source.name)', an ISF shader with PASSES or IMPORTED images, which keeps no previous frame of its output", at: location, code: .noPreviousFrame)
            }
        }
    }

    /// The texel step of the workbench's vertex stage is settled when the graph is built: a number.
    mutating func checkVertexStageUniform(_ name: String, _ setting: UniformSetting) {
        guard case .literal(let values, let location) = setting else {
            report("'\(name)' is the texel step of the vertex stage, set once: give it a number (in texture coordinates, 1 / width is one texel)", at: setting.location, code: .wrongNumbers)
            return
        }
        if values.count != 1 {
            report("'\(name)' is float and needs 1 number, found \(values.count)", at: location, code: .wrongNumbers)
        }
    }

    /// Each varying the shader reads must be one the workbench's vertex stage writes, unless the shader
    /// brings its own vertex stage.
    mutating func checkVaryings(_ pass: ShaderPass) {
        let interface = pass.interface
        guard interface.usesWorkbenchVertexStage else { return }
        for varying in interface.varyings where varying.name == VertexStage.blurVarying {
            guard varying.type == .vec2, let length = varying.arrayLength, length >= 1 else {
                diagnostics.append(pass.source.error(
                    "GPUImage's blurs read 'varying vec2 blurCoordinates[N]', with N a number or an integer constant",
                    line: varying.line, column: varying.column, code: .varying))
                continue
            }
        }
        for varying in interface.varyings where varying.name != VertexStage.blurVarying
            && (!VertexStage.providedVaryings.contains(varying.name) || varying.type != .vec2 || varying.arrayLength != nil) {
            if interface.dialect == .isf, let vertex = ShaderInterface.conventionalVertexShaderPath(of: pass.source.path, dialect: .isf) {
                // ISF has no vertex stage with varyings of its own: they are the .vs file's, which the shader came without.
                let name = vertex.split(separator: "/").last.map(String.init) ?? vertex
                diagnostics.append(pass.source.error(
                    "varying '\(varying.name)' is written by no vertex shader: an ISF shader's own varyings come from the vertex shader beside it, \(name), which is not there",
                    line: varying.line, column: varying.column, code: .varying))
                continue
            }
            let names = Array(VertexStage.providedVaryings) + [VertexStage.blurVarying]
            let hint = Spelling.closest(to: varying.name, among: names).map { "; did you mean '\($0)'?" }
                ?? "; it provides vec2 textureCoordinate (…5) and outputTextureCoordinate, GPUImage's neighbours (leftTextureCoordinate, topRightTextureCoordinate, leftTextureCoordinate2, upperLeftInputTextureCoordinate, …) and its blurs' blurCoordinates[N]"
            diagnostics.append(pass.source.error(
                "varying '\(varying.name)' is not provided by the workbench's vertex stage\(hint)",
                line: varying.line, column: varying.column, code: .varying))
        }
    }

    mutating func checkReduction(_ node: Node, _ reduction: Reduction) {
        checkImageInput(reduction.input, of: reduction.measure.rawValue)
    }

    mutating func checkImageInput(_ wire: Wire, of kind: String) {
        guard let source = resolve(wire) else { return }
        if source.output != .image {
            report("'\(source.name)' makes \(source.output), but a \(kind) node measures an image", at: wire.location, code: .wrongWire)
        } else if !wire.components.isEmpty {
            report("a \(kind) node measures a whole image; remove the component selection", at: wire.location, code: .wrongWire)
        }
    }

    mutating func checkOperation(_ node: Node, _ operation: ValueOperation) {
        for (key, operand) in operation.operands {
            let role = Int(key).map { "item \($0 + 1) of 'values'" } ?? "'\(key)'"
            let width: Int
            let location: SourceLocation?
            switch operand {
            case .literal(let numbers):
                (width, location) = (numbers.count, node.location)
            case .wire(let wire):
                guard let available = valueWidth(of: wire, as: "\(role) of a \(operation.operation.rawValue) node") else { continue }
                (width, location) = (wire.components.isEmpty ? available : wire.components.count, wire.location)
            }
            if width != 1 && width != operation.componentCount {
                report("\(role) \(operand.isLiteral ? "has" : "carries") \(width) numbers, but this \(operation.operation.rawValue) works on \(operation.componentCount); give 1 (for every component) or \(operation.componentCount)", at: location, code: .wrongNumbers)
            }
        }
    }

    /// How many numbers a wire into a value can carry from its source (a value node, or a published
    /// parameter); nil after reporting why it cannot be a value. `role` names where it is wired, for messages.
    mutating func valueWidth(of wire: Wire, as role: String) -> Int? {
        if wire.parameter != nil { return parameterWidth(wire) }
        guard let source = resolve(wire) else { return nil }
        guard case .value(let available) = source.output else {
            report("'\(source.name)' makes \(source.output), but \(role) is a value; measure an image with a reduction node (average, centroid, minmax, histogram)", at: wire.location, code: .wrongWire)
            return nil
        }
        if let outOfRange = wire.components.first(where: { $0 >= available }) {
            report("'\(source.name)' has \(available) component\(available == 1 ? "" : "s"); component \(outOfRange + 1) does not exist", at: wire.location, code: .wrongNumbers)
            return nil
        }
        return available
    }

    /// How many numbers a published parameter carries; nil after reporting what is wrong with the wire.
    mutating func parameterWidth(_ wire: Wire) -> Int? {
        guard let parameter = wire.parameter, let node = resolve(wire) else { return nil }
        guard case .shader(let pass) = node.kind, let declaration = pass.interface.uniform(named: parameter), declaration.type != .sampler2D else {
            report("'\(wire.node).\(parameter)': '\(wire.node)' has no parameter '\(parameter)'", at: wire.location, code: .noSuchUniform)
            return nil
        }
        guard composition.published.contains(where: { $0.node == wire.node && $0.uniform == parameter }) else {
            report("'\(wire.node).\(parameter)' is not published; add it under 'publish:' to read it as a value", at: wire.location, code: .notPublished)
            return nil
        }
        let available = (declaration.type.componentCount ?? 1) * (declaration.arrayLength ?? 1)
        if let outOfRange = wire.components.first(where: { $0 >= available }) {
            report("'\(wire.node).\(parameter)' has \(available) component\(available == 1 ? "" : "s"); component \(outOfRange + 1) does not exist", at: wire.location, code: .wrongNumbers)
            return nil
        }
        return available
    }

    func suggestion(_ name: String, among names: [String]) -> String {
        if let closest = Spelling.closest(to: name, among: names) { return "; did you mean '\(closest)'?" }
        if names.isEmpty { return "" }
        return "; it declares: \(names.joined(separator: ", "))"
    }

    mutating func checkUniform(_ name: String, _ declaration: ShaderInterface.Declaration, _ setting: UniformSetting,
                               file: String, keyLocation: SourceLocation) {
        let type = declaration.type
        if type == .sampler2D {
            report("'\(name)' is an image input of \(file); wire it under 'inputs:'", at: keyLocation, code: .wrongWire)
            return
        }
        guard let components = type.componentCount, let scalarKind = type.scalarKind else {
            report("'\(name)' has type \(type), which a composition cannot set", at: keyLocation, code: .wrongNumbers)
            return
        }
        let expected = components * (declaration.arrayLength ?? 1)
        let typeName = declaration.arrayLength.map { "\(type)[\($0)]" } ?? type.description
        switch setting {
        case .literal(let values, let location):
            if values.count != expected {
                report("'\(name)' is \(typeName) and needs \(expected) number\(expected == 1 ? "" : "s"), found \(values.count)", at: location, code: .wrongNumbers)
            } else if scalarKind == .int, values.contains(where: { $0 != $0.rounded() }) {
                report("'\(name)' is \(typeName) and needs whole numbers", at: location, code: .wrongNumbers)
            } else if scalarKind == .bool, values.contains(where: { $0 != 0 && $0 != 1 }) {
                report("'\(name)' is \(typeName) and needs true or false", at: location, code: .wrongNumbers)
            }
        case .wire(let wire) where wire.parameter != nil:
            guard let available = parameterWidth(wire) else { return }
            let count = wire.components.isEmpty ? available : wire.components.count
            if count != expected {
                report("'\(name)' is \(typeName) and needs \(expected) component\(expected == 1 ? "" : "s"), but '\(wire.node).\(wire.parameter ?? "")' carries \(count)", at: wire.location, code: .wrongNumbers)
            }
        case .wire(let wire):
            guard let source = resolve(wire) else { return }
            guard case .value(let available) = source.output else {
                report("'\(source.name)' makes \(source.output), but '\(name)' is a \(typeName) uniform; wire images under 'inputs:'", at: wire.location, code: .wrongWire)
                return
            }
            if let outOfRange = wire.components.first(where: { $0 >= available }) {
                report("'\(source.name)' has \(available) component\(available == 1 ? "" : "s"); component \(outOfRange + 1) does not exist", at: wire.location, code: .wrongNumbers)
                return
            }
            let count = wire.components.isEmpty ? available : wire.components.count
            if count != expected {
                report("'\(name)' is \(typeName) and needs \(expected) component\(expected == 1 ? "" : "s"), but the wire carries \(count)", at: wire.location, code: .wrongNumbers)
            }
        }
    }

    mutating func checkPublished() {
        for parameter in composition.published {
            guard let node = byName[parameter.node] else {
                if !unloadedNodes.contains(parameter.node) { report("published parameter '\(parameter)': \(unknownNode(parameter.node))", at: parameter.location, code: .unknownNode) }
                continue
            }
            guard case .shader(let pass) = node.kind else {
                report("published parameter '\(parameter)': '\(node.name)' is a \(node.kind.name) node; only shader uniforms can be published", at: parameter.location, code: .notPublished)
                continue
            }
            guard let declaration = pass.interface.uniform(named: parameter.uniform), declaration.type != .sampler2D else {
                let settable = pass.interface.uniforms.filter { $0.type != .sampler2D }.map(\.name)
                report("published parameter '\(parameter)': \(pass.source.path) has no uniform '\(parameter.uniform)'\(suggestion(parameter.uniform, among: settable))", at: parameter.location, code: .noSuchUniform)
                continue
            }
        }
    }

    mutating func checkCycles() {
        if case .failure(let error) = GraphOrder.sorted(composition) {
            diagnostics.append(error.diagnostic)
        }
    }
}
