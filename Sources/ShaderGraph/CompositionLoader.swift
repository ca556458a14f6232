import ShaderLanguage
import Yams

/// Loads a composition file (YAML, or JSON, which is YAML) into a validated `Composition`, reporting every
/// problem at once, each at its `file:line:col`.
public enum CompositionLoader {
    static let topLevelKeys = ["composition", "size", "nodes", "output", "publish", "live", "include", "osc", "osc-out", "fuse", "precision", "midi", "controls", "animate", "duration", "rate", "tempo", "layout"]
    static let formatVersion = 1

    /// `path` is shown in messages as given; files the composition names resolve against its folder.
    /// `includeFolders` (`--include`) are searched for shaders' `#include`s after the composition's own.
    public static func load(path: String, includeFolders: [String] = []) throws(DiagnosticsError) -> Composition {
        let source: SourceText
        do {
            source = try UserFile.readText(path: path)
        } catch {
            throw DiagnosticsError([error])
        }
        return try load(source: source, includeFolders: includeFolders)
    }

    /// `files` is where the files it names are read from: the disk, or an exported composition's texts.
    public static func load(source: SourceText, files: SourceFiles = .disk, includeFolders: [String] = []) throws(DiagnosticsError) -> Composition {
        let loading = CompositionLoading(source: source, files: files, includeFolders: includeFolders)
        let composition = loading.read()
        var diagnostics = loading.diagnostics
        if let composition {
            diagnostics += CompositionValidator.validate(composition, source: source, unloadedNodes: loading.unloadedNodes,
                                                         wiresOfUnloadedNodes: loading.wiresOfUnloadedNodes)
        }
        guard diagnostics.isEmpty, var composition else {
            throw DiagnosticsError(diagnostics.sorted(by: Self.documentOrder))
        }
        composition.warnings = loading.warnings + DeclaredRange.clampSettings(in: &composition, source: source)
        return composition
    }

    static func documentOrder(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        let left = a.location ?? SourceLocation(file: "", line: 0)
        let right = b.location ?? SourceLocation(file: "", line: 0)
        return (left.file, left.line, left.column) < (right.file, right.line, right.column)
    }
}

/// One pass over a composition's YAML, collecting diagnostics instead of stopping at the first. Each node's
/// kind reads its node through it (`NodeKindModel.read`).
final class CompositionLoading {
    let source: SourceText
    let reader: YAMLReader
    let directory: String
    let files: SourceFiles
    var diagnostics: [Diagnostic] = []
    /// What is said once the composition loads, without stopping it (a model's normals made for it).
    var warnings: [Diagnostic] = []
    /// Nodes that are declared but could not be loaded (their shader is missing, say). References to them
    /// are not reported again as unknown.
    var unloadedNodes: Set<String> = []
    /// The wires of shader nodes whose shader could not be used (an unknown filter, a missing file): the
    /// nodes they name are still checked, so one bad name does not hide a misspelt wire beside it.
    var wiresOfUnloadedNodes: [Wire] = []
    /// Where shaders' `#include`s are looked for after their own folder: the composition's `include:` list,
    /// then the command line's; and the composition's folder, where they may also lie.
    var includes: ShaderIncludes.Folders
    /// The composition's `rate:` and `tempo:`, read before anything that holds keys.
    var keyClock = KeyClock()

    init(source: SourceText, files: SourceFiles, includeFolders: [String]) {
        self.source = source
        self.files = files
        self.reader = YAMLReader(source: source)
        self.directory = FilePaths.directory(of: source.path)
        includes = ShaderIncludes.Folders(search: includeFolders, allowed: [directory])
    }

    func attempt<T>(_ body: () throws(Diagnostic) -> T) -> T? {
        do {
            return try body()
        } catch {
            diagnostics.append(error)
            return nil
        }
    }

    func report(_ message: String, at node: Yams.Node, code: DiagnosticCode) {
        diagnostics.append(reader.error(message, at: node, code: code))
    }

    /// An error for each of the node's keys that is not in `allowed`; `what` is the node, as "an image node".
    func checkKeys(of declaration: NodeDeclaration, allowed: [String], in what: String) {
        reader.checkKeys(declaration.fields, allowed: allowed, in: what, into: &diagnostics)
    }

    func read() -> Composition? {
        guard let root = parse() else { return nil }
        guard let mapping = attempt({ () throws(Diagnostic) in try reader.mapping(root, what: "a composition") }) else { return nil }
        reader.checkKeys(mapping, allowed: CompositionLoader.topLevelKeys, in: "the composition", into: &diagnostics)
        if let includeNode = mapping["include"] {
            includes.search = readIncludeFolders(includeNode) + includes.search
        }

        if let version = mapping["composition"] {
            if let number = attempt({ () throws(Diagnostic) in try reader.integer(version, what: "'composition' (the format version)", in: 1...Int.max) }),
               number != CompositionLoader.formatVersion {
                diagnostics.append(reader.error("composition format \(number) is newer than this workbench reads (\(CompositionLoader.formatVersion))", at: version, code: .newerFormat))
            }
        }
        keyClock = readKeyClock(mapping)
        let size = mapping["size"].flatMap { node in attempt { () throws(Diagnostic) in try reader.size(node, what: "'size'") } }

        let nodes = readNodes(mapping)
        var published: [ParameterReference] = []
        if let publishNode = mapping["publish"] {
            if case .sequence(let sequence) = publishNode {
                for item in sequence {
                    if let reference = attempt({ () throws(Diagnostic) in try parameterReference(item) }) { published.append(reference) }
                }
            } else {
                diagnostics.append(reader.error("'publish' must be a list of node.uniform names, found \(reader.describe(publishNode))", at: publishNode, code: .wrongValue))
            }
        }

        var liveSource = nodes.first(where: { $0.isImageSource && $0.broughtBy == nil })?.name
        var liveLocation: SourceLocation?
        if let liveNode = mapping["live"] {
            liveSource = attempt { () throws(Diagnostic) in try reader.string(liveNode, what: "'live'") }
            liveLocation = reader.location(of: liveNode)
        }

        let output: String
        if let outputNode = mapping["output"] {
            guard let name = attempt({ () throws(Diagnostic) in try reader.string(outputNode, what: "'output'") }) else { return nil }
            output = name
        } else if let last = nodes.last(where: { $0.output == .image }) {
            output = last.name
        } else {
            if !nodes.isEmpty {
                diagnostics.append(source.error("the composition has no 'output' and no node that makes an image", line: 1, column: 1, code: .notAnImage))
            }
            return nil
        }
        let outputLocation = mapping["output"].map(reader.location(of:)) ?? source.location(line: 1, column: 1)

        var composition = Composition(path: source.path, size: size, nodes: nodes, output: output,
                                      published: published, liveSource: liveSource)
        ValueShapes.settle(&composition)
        if let oscNode = mapping["osc-out"], let setting = OSCOutputSetting.read(oscNode, with: reader, into: &diagnostics) {
            diagnostics += setting.problems(in: composition)
            composition.oscOutput = setting
        }
        if let portNode = mapping["osc"],
           let port = attempt({ () throws(Diagnostic) in try reader.integer(portNode, what: "'osc' (the UDP port to listen on)", in: 1...65535) }) {
            composition.oscPort = (port, reader.location(of: portNode))
        }
        if let controlsNode = mapping["controls"] {
            let controls = ControlMapping.readAll(controlsNode, with: reader, into: &diagnostics)
            diagnostics += ControlMapping.problems(controls, in: composition)
            composition.controls = controls
        }
        if let midiNode = mapping["midi"],
           let source = attempt({ () throws(Diagnostic) in try reader.string(midiNode, what: "'midi' (the MIDI port to connect, CLIENT:PORT)") }) {
            composition.midiSource = (source, reader.location(of: midiNode))
        }
        if let fuseNode = mapping["fuse"], let fuses = attempt({ () throws(Diagnostic) in try reader.flag(fuseNode, what: "'fuse'") }) {
            composition.fuses = fuses
        }
        if let precisionNode = mapping["precision"], let word = attempt({ () throws(Diagnostic) in try reader.string(precisionNode, what: "'precision'") }) {
            if let precision = ShaderPrecision(rawValue: word) {
                composition.precision = precision
            } else {
                diagnostics.append(reader.error("'precision' is \(ShaderPrecision.words), not '\(word)'", at: precisionNode, code: .wrongValue))
            }
        }
        if let animateNode = mapping["animate"] {
            composition.animation = AnimatedParameter.checked(readAnimation(animateNode), in: composition, unloadedNodes: unloadedNodes,
                                                              into: &diagnostics)
            composition.keyMovieTimes()
        }
        if let layoutNode = mapping["layout"] { composition.placements = readLayout(layoutNode, nodes: nodes) }
        composition.duration = mapping["duration"].flatMap(readDuration)
        composition.rate = keyClock.rate
        composition.tempo = keyClock.tempo
        composition.outputLocation = outputLocation
        composition.liveSourceLocation = liveLocation
        return composition
    }

    /// The composition's `nodes`, with the passes a glslViewer file adds, Bonzomatic's default textures and what
    /// a VS Code Shader Toy shader's directives bring.
    func readNodes(_ mapping: Yams.Node.Mapping) -> [Node] {
        guard let nodesNode = mapping["nodes"] else {
            if mapping["Shader"] != nil {
                // The JSON ShaderToy exports for a shader: a page to import, not a composition.
                diagnostics.append(source.error("the composition has no 'nodes': this is a ShaderToy page, which "
                                                + "`shaderbench import \(source.path) --out DIR` turns into a composition", line: 1, column: 1,
                                                code: .noNodes))
            } else {
                diagnostics.append(source.error("the composition has no 'nodes'", line: 1, column: 1, code: .noNodes))
            }
            return []
        }
        guard let nodeMapping = attempt({ () throws(Diagnostic) in try reader.mapping(nodesNode, what: "'nodes'") }) else { return [] }
        var nodes: [Node] = []
        for (key, value) in nodeMapping {
            if let node = readNode(key: key, value: value) { nodes += GLSLViewerPasses.nodes(for: node).flatMap(GLSLViewerScenePasses.nodes(for:)) }
        }
        if nodeMapping.count == 0 {
            diagnostics.append(reader.error("'nodes' is empty; a composition needs at least one node", at: nodesNode, code: .noNodes))
        }
        let brought = VSCodeShaderToyChannels.bringing(BonzomaticDialect.wiringDefaultTextures(nodes)) { [files, includes] path, channel throws(Diagnostic) in
            let source = try ShaderIncludes.expand(files.readText(path: path, reference: channel), folders: includes, files: files)
            return (source, try ShaderInterface.read(source, files: files, asVSCodeShaderToy: true))
        }
        diagnostics += brought.problems
        return brought.nodes
    }

    func parse() -> Yams.Node? {
        if source.text.allSatisfy(\.isWhitespace) {
            diagnostics.append(source.error("the composition is empty; it needs at least 'nodes'", line: 1, column: 1, code: .noNodes))
            return nil
        }
        do {
            guard let root = try Yams.compose(yaml: source.text) else {
                diagnostics.append(source.error("the composition is empty; it needs at least 'nodes'", line: 1, column: 1, code: .noNodes))
                return nil
            }
            return root
        } catch let error as YamlError {
            diagnostics.append(YAMLSyntaxError.diagnostic(for: error, in: source))
        } catch {
            diagnostics.append(source.error("cannot read YAML: \(error)", line: 1, column: 1, code: .yamlSyntax))
        }
        return nil
    }

    /// `include: [DIR, …]`: folders, relative to the composition, where shaders' `#include`s are looked for.
    func readIncludeFolders(_ node: Yams.Node) -> [String] {
        guard case .sequence(let sequence) = node else {
            diagnostics.append(reader.error("'include' must be a list of folders, found \(reader.describe(node))", at: node, code: .wrongValue))
            return []
        }
        return sequence.compactMap { item in
            guard let folder = attempt({ () throws(Diagnostic) in try reader.string(item, what: "a folder in 'include'") }) else { return nil }
            let path = FilePaths.join(directory, folder)
            if case .disk = files, !UserFile.isDirectory(path) {
                diagnostics.append(reader.error("'include' names \(path), which is not a folder", at: item, code: .unreadableFile))
                return nil
            }
            return path
        }
    }

    func readNode(key: Yams.Node, value: Yams.Node) -> Node? {
        let location = reader.location(of: key)
        guard let name = attempt({ () throws(Diagnostic) in try reader.string(key, what: "a node name") }) else { return nil }
        guard NodeName.isValid(name) else {
            diagnostics.append(reader.error("'\(name)' is not a valid node name: use letters, digits, '_' and '-', starting with a letter or '_'", at: key, code: .wrongValue))
            unloadedNodes.insert(name)
            return nil
        }
        guard let fields = attempt({ () throws(Diagnostic) in try reader.mapping(value, what: "node '\(name)'") }) else {
            unloadedNodes.insert(name)
            return nil
        }
        guard let kindNode = fields["kind"] else {
            diagnostics.append(reader.error("node '\(name)' has no 'kind'; expected one of: \(NodeKind.names.joined(separator: ", "))", at: key, code: .missingKey))
            unloadedNodes.insert(name)
            return nil
        }
        guard let kindName = attempt({ () throws(Diagnostic) in try reader.string(kindNode, what: "'kind'") }) else {
            unloadedNodes.insert(name)
            return nil
        }
        guard let kind = readKind(kindName, at: kindNode, name: name, fields: fields, key: key) else {
            unloadedNodes.insert(name)
            return nil
        }
        return Node(name: name, kind: kind, location: location)
    }

    /// The node's kind as its `kind:` names it, read by that kind from the node's other keys; nil, with why in
    /// `diagnostics`, when it cannot be read.
    func readKind(_ kindName: String, at kindNode: Yams.Node, name: String, fields: Yams.Node.Mapping, key: Yams.Node) -> NodeKind? {
        guard let model = NodeKind.model(named: kindName) else {
            var message = "unknown node kind '\(kindName)'"
            if let suggestion = Spelling.closest(to: kindName, among: NodeKind.names) {
                message += "; did you mean '\(suggestion)'?"
            } else {
                message += "; expected one of: \(NodeKind.names.joined(separator: ", "))"
            }
            diagnostics.append(reader.error(message, at: kindNode, code: .unknownNodeKind))
            return nil
        }
        return model.read(NodeDeclaration(name: name, keyword: kindName, fields: fields, key: key), in: self)
    }

    /// Resolves a `file:` (or another key naming a file) against the composition's folder and checks it is there.
    func existingFile(_ declaration: NodeDeclaration, field: String = "file") -> (path: String, location: SourceLocation)? {
        guard let fileNode = declaration.fields[field] else {
            diagnostics.append(reader.error("node '\(declaration.name)' needs a '\(field)'", at: declaration.key, code: .missingKey))
            return nil
        }
        return existingFile(fileNode, what: "'\(field)'")
    }

    /// The file a value names (`what` is its key, for messages), resolved against the composition's folder and there.
    func existingFile(_ fileNode: Yams.Node, what: String) -> (path: String, location: SourceLocation)? {
        guard let reference = attempt({ () throws(Diagnostic) in try reader.string(fileNode, what: what) }) else { return nil }
        let path = FilePaths.join(directory, reference)
        guard files.isRegularFile(path) else {
            diagnostics.append(reader.error("\(path): no such file (from '\(reference)', relative to the composition's folder)", at: fileNode, code: .unreadableFile))
            return nil
        }
        return (path, reader.location(of: fileNode))
    }

    /// `node` or `node.xyz`.
    func readWire(_ node: Yams.Node) throws(Diagnostic) -> Wire {
        let text = try reader.string(node, what: "a connection")
        return try WireReference.parse(text, at: reader.location(of: node), in: source)
    }

    /// A number, a bool, a list of them (a list of lists for a matrix, one list per column), or a wire.
    func readUniformSetting(_ node: Yams.Node) throws(Diagnostic) -> UniformSetting {
        let location = reader.location(of: node)
        switch node {
        case .scalar(let scalar):
            if let number = reader.number(scalar) { return .literal([Float(number)], location: location) }
            if let flag = reader.boolean(scalar) { return .literal([flag ? 1 : 0], location: location) }
            return .wire(try readWire(node))
        case .sequence(let sequence):
            var values: [Float] = []
            for item in sequence {
                if case .sequence(let column) = item {
                    for element in column { values.append(try literalNumber(element)) }
                } else {
                    values.append(try literalNumber(item))
                }
            }
            guard !values.isEmpty else { throw reader.error("an empty list is not a value", at: node, code: .wrongValue) }
            return .literal(values, location: location)
        default:
            throw reader.error("a uniform value must be a number, a bool, a list of numbers or a node name, found \(reader.describe(node))", at: node, code: .wrongValue)
        }
    }

    func literalNumber(_ node: Yams.Node) throws(Diagnostic) -> Float {
        if case .scalar(let scalar) = node {
            if let number = reader.number(scalar) { return Float(number) }
            if let flag = reader.boolean(scalar) { return flag ? 1 : 0 }
        }
        throw reader.error("expected a number, found \(reader.describe(node))", at: node, code: .wrongValue)
    }

    func parameterReference(_ node: Yams.Node) throws(Diagnostic) -> ParameterReference {
        let text = try reader.string(node, what: "a published parameter")
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw reader.error("a published parameter is written node.uniform, found '\(text)'", at: node, code: .wrongValue)
        }
        return ParameterReference(node: String(parts[0]), uniform: String(parts[1]), location: reader.location(of: node))
    }
}

enum NodeName {
    static func isValid(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || (first.properties.isAlphabetic && first.isASCII) else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") }
    }
}
