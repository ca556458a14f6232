import ShaderLanguage

/// Checks a composition as a whole before anything runs: references, image versus value wiring, uniform
/// types and arity, shader interfaces, and cycles. Returns every problem found.
public enum CompositionValidator {
    /// `source` is the composition's text, for quoting the lines that problems point at. `unloadedNodes` are
    /// declared but could not be loaded, so wires to them are not reported again; `wiresOfUnloadedNodes` are
    /// those nodes' own wires, whose node names are still checked.
    public static func validate(_ composition: Composition, source: SourceText? = nil, unloadedNodes: Set<String> = [],
                                wiresOfUnloadedNodes: [Wire] = []) -> [Diagnostic] {
        var check = CompositionCheck(composition: composition, unloadedNodes: unloadedNodes)
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

/// One check of a composition: what is known about it, and the problems found so far. Each node kind adds
/// its own checks (`NodeKindModel.check`).
struct CompositionCheck {
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
            node.kind.model.check(node, in: &self)
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

    mutating func checkImageInput(_ wire: Wire, of kind: String) {
        guard let source = resolve(wire) else { return }
        if source.output != .image {
            report("'\(source.name)' makes \(source.output), but a \(kind) node measures an image", at: wire.location, code: .wrongWire)
        } else if !wire.components.isEmpty {
            report("a \(kind) node measures a whole image; remove the component selection", at: wire.location, code: .wrongWire)
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
        guard let declaration = node.kind.uniformParameters?.settable(named: parameter) else {
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

    mutating func checkPublished() {
        for parameter in composition.published {
            guard let node = byName[parameter.node] else {
                if !unloadedNodes.contains(parameter.node) { report("published parameter '\(parameter)': \(unknownNode(parameter.node))", at: parameter.location, code: .unknownNode) }
                continue
            }
            guard let parameters = node.kind.uniformParameters else {
                report("published parameter '\(parameter)': '\(node.name)' is a \(node.kind.name) node; only shader and compute uniforms can be published", at: parameter.location, code: .notPublished)
                continue
            }
            guard parameters.settable(named: parameter.uniform) != nil else {
                let file = if case .compute(let kernel) = node.kind, kernel.passes.count > 1 { "the kernels of '\(node.name)' have" } else { "\(parameters.file) has" }
                report("published parameter '\(parameter)': \(file) no uniform '\(parameter.uniform)'\(suggestion(parameter.uniform, among: parameters.settableNames))", at: parameter.location, code: .noSuchUniform)
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
