import ShaderLanguage
import Yams

/// Loads a composition file (YAML, or JSON, which is YAML) into a validated `Composition`, reporting every
/// problem at once, each at its `file:line:col`.
public enum CompositionLoader {
    static let topLevelKeys = ["composition", "size", "nodes", "output", "publish", "live", "include", "osc", "osc-out", "fuse", "midi", "controls"]
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
        let loading = Loading(source: source, files: files, includeFolders: includeFolders)
        let composition = loading.read()
        var diagnostics = loading.diagnostics
        if let composition {
            diagnostics += CompositionValidator.validate(composition, source: source, unloadedNodes: loading.unloadedNodes,
                                                         wiresOfUnloadedNodes: loading.wiresOfUnloadedNodes)
        }
        guard diagnostics.isEmpty, var composition else {
            throw DiagnosticsError(diagnostics.sorted(by: Self.documentOrder))
        }
        composition.warnings = DeclaredRange.clampSettings(in: &composition, source: source)
        return composition
    }

    static func documentOrder(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        let left = a.location ?? SourceLocation(file: "", line: 0)
        let right = b.location ?? SourceLocation(file: "", line: 0)
        return (left.file, left.line, left.column) < (right.file, right.line, right.column)
    }
}

/// One pass over a composition's YAML, collecting diagnostics instead of stopping at the first.
private final class Loading {
    let source: SourceText
    let reader: YAMLReader
    let directory: String
    let files: SourceFiles
    var diagnostics: [Diagnostic] = []
    /// Nodes that are declared but could not be loaded (their shader is missing, say). References to them
    /// are not reported again as unknown.
    var unloadedNodes: Set<String> = []
    /// The wires of shader nodes whose shader could not be used (an unknown filter, a missing file): the
    /// nodes they name are still checked, so one bad name does not hide a misspelt wire beside it.
    var wiresOfUnloadedNodes: [Wire] = []
    /// Where shaders' `#include`s are looked for after their own folder: the composition's `include:` list,
    /// then the command line's; and the composition's folder, where they may also lie.
    var includes: ShaderIncludes.Folders

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

        var liveSource = nodes.first(where: \.isImageSource)?.name
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
        composition.outputLocation = outputLocation
        composition.liveSourceLocation = liveLocation
        return composition
    }

    /// The composition's `nodes`, with the passes a glslViewer file adds and Bonzomatic's default textures.
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
            if let node = readNode(key: key, value: value) { nodes += GLSLViewerPasses.nodes(for: node) }
        }
        if nodeMapping.count == 0 {
            diagnostics.append(reader.error("'nodes' is empty; a composition needs at least one node", at: nodesNode, code: .noNodes))
        }
        return BonzomaticDialect.wiringDefaultTextures(nodes)
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

    /// The node's kind as its `kind:` names it, read from the node's other keys (which are checked against
    /// the kind's); nil, with why in `diagnostics`, when it cannot be read.
    func readKind(_ kindName: String, at kindNode: Yams.Node, name: String, fields: Yams.Node.Mapping, key: Yams.Node) -> NodeKind? {
        let kind: NodeKind?
        switch kindName {
        case "image":
            reader.checkKeys(fields, allowed: ["kind", "file"], in: "an image node", into: &diagnostics)
            kind = readImage(name: name, fields: fields, at: key)
        case "sequence":
            reader.checkKeys(fields, allowed: ["kind", "files"], in: "a sequence node", into: &diagnostics)
            kind = readSequence(name: name, fields: fields, at: key)
        case "pattern":
            reader.checkKeys(fields, allowed: ["kind", "size", "pattern"], in: "a pattern node", into: &diagnostics)
            kind = .pattern(readPattern(fields: fields))
        case "camera":
            reader.checkKeys(fields, allowed: ["kind", "device", "size", "rate", "format"], in: "a camera node", into: &diagnostics)
            kind = readCamera(fields: fields, at: key)
        case "movie":
            reader.checkKeys(fields, allowed: ["kind", "file", "loop", "speed", "start"], in: "a movie node", into: &diagnostics)
            kind = readMovie(name: name, fields: fields, at: key)
        case "audio":
            reader.checkKeys(fields, allowed: ["kind", "file"], in: "an audio node", into: &diagnostics)
            kind = readAudio(name: name, fields: fields, at: key)
        case "shader":
            reader.checkKeys(fields, allowed: ["kind", "file", "filter", "vertex", "inputs", "uniforms", "size", "format", "mapping", "sampling", "previous", "common", "blur", "cache"], in: "a shader node", into: &diagnostics)
            kind = readShader(name: name, fields: fields, at: key)
        case "constant":
            reader.checkKeys(fields, allowed: ["kind", "value"], in: "a constant node", into: &diagnostics)
            kind = readConstant(name: name, fields: fields, at: key)
        case "time":
            reader.checkKeys(fields, allowed: ["kind"], in: "a time node", into: &diagnostics)
            kind = .time
        case "mouse":
            reader.checkKeys(fields, allowed: ["kind"], in: "a mouse node", into: &diagnostics)
            kind = .mouse
        case "key":
            reader.checkKeys(fields, allowed: ["kind", "key"], in: "a key node", into: &diagnostics)
            kind = readKey(name: name, fields: fields, at: key)
        case "keyboard":
            reader.checkKeys(fields, allowed: ["kind"], in: "a keyboard node", into: &diagnostics)
            kind = .keyboard
        case "pick":
            reader.checkKeys(fields, allowed: ["kind", "input", "initial"], in: "a pick node", into: &diagnostics)
            kind = readPick(name: name, fields: fields, at: key)
        case "drag":
            reader.checkKeys(fields, allowed: ["kind", "initial", "range", "scale"], in: "a drag node", into: &diagnostics)
            kind = readDrag(fields: fields)
        case "lfo":
            reader.checkKeys(fields, allowed: ["kind", "waveform", "rate", "phase"], in: "an lfo node", into: &diagnostics)
            kind = readOscillator(fields: fields)
        case let measureName where Reduction.Measure(rawValue: measureName) != nil:
            let measure = Reduction.Measure(rawValue: measureName)!
            reader.checkKeys(fields, allowed: measure == .histogram ? ["kind", "input", "channels"] : ["kind", "input"],
                             in: "a \(measureName) node", into: &diagnostics)
            kind = readReduction(measure, name: name, fields: fields, at: key)
        case let operatorName where ValueOperation.Operator(rawValue: operatorName) != nil:
            let operation = ValueOperation.Operator(rawValue: operatorName)!
            reader.checkKeys(fields, allowed: ["kind"] + ValueOperation.roles(of: operation), in: "a \(operatorName) node", into: &diagnostics)
            kind = readOperation(operation, name: name, fields: fields, at: key)
        default:
            var message = "unknown node kind '\(kindName)'"
            if let suggestion = Spelling.closest(to: kindName, among: NodeKind.names) {
                message += "; did you mean '\(suggestion)'?"
            } else {
                message += "; expected one of: \(NodeKind.names.joined(separator: ", "))"
            }
            diagnostics.append(reader.error(message, at: kindNode, code: .unknownNodeKind))
            kind = nil
        }
        return kind
    }

    /// A pattern node's `size` and `pattern` (bars unless it names another).
    func readPattern(fields: Yams.Node.Mapping) -> PatternSource {
        let size = fields["size"].flatMap { node in attempt { () throws(Diagnostic) in try reader.size(node, what: "'size'") } }
        var picture = PatternSource.Picture.bars
        if let pictureNode = fields["pattern"], let text = attempt({ () throws(Diagnostic) in try reader.string(pictureNode, what: "'pattern'") }) {
            if let known = PatternSource.Picture(rawValue: text) {
                picture = known
            } else {
                diagnostics.append(reader.error("unknown pattern '\(text)'; expected one of: \(PatternSource.Picture.allCases.map(\.rawValue).joined(separator: ", "))", at: pictureNode, code: .wrongValue))
            }
        }
        return PatternSource(size: size, picture: picture)
    }

    /// Resolves a `file:` (or another key naming a file) against the composition's folder and checks it is there.
    func existingFile(_ fields: Yams.Node.Mapping, node name: String, at key: Yams.Node, field: String = "file") -> (path: String, location: SourceLocation)? {
        guard let fileNode = fields[field] else {
            diagnostics.append(reader.error("node '\(name)' needs a '\(field)'", at: key, code: .missingKey))
            return nil
        }
        guard let reference = attempt({ () throws(Diagnostic) in try reader.string(fileNode, what: "'\(field)'") }) else { return nil }
        let path = FilePaths.join(directory, reference)
        guard files.isRegularFile(path) else {
            diagnostics.append(reader.error("\(path): no such file (from '\(reference)', relative to the composition's folder)", at: fileNode, code: .unreadableFile))
            return nil
        }
        return (path, reader.location(of: fileNode))
    }

    /// A shader node's `filter: NAME`: the built-in filter's file, which is then watched like any other.
    func builtInFilter(_ fields: Yams.Node.Mapping, node name: String) -> (path: String, location: SourceLocation)? {
        guard let filterNode = fields["filter"] else { return nil }
        if let fileNode = fields["file"] {
            diagnostics.append(reader.error("node '\(name)' has both 'file' and 'filter'; keep one", at: fileNode, code: .keyDoesNotApply))
            return nil
        }
        guard let filter = attempt({ () throws(Diagnostic) in try reader.string(filterNode, what: "'filter'") }) else { return nil }
        let path = FilterLibrary.path(of: filter, in: files.filterFolder)
        guard !filter.contains("/"), files.isRegularFile(path) else {
            let names = files.filterNames
            var message = "there is no built-in filter '\(filter)'"
            if let closest = Spelling.closest(to: filter, among: names) {
                message += "; did you mean '\(closest)'?"
            } else if names.isEmpty {
                message += " (no filters found in \(files.filterFolder); set SHADERBENCH_SHADERS to the shaders folder)"
            } else {
                message += "; see docs/filters.md for the list"
            }
            diagnostics.append(reader.error(message, at: filterNode, code: .unknownNodeKind))
            return nil
        }
        return (path, reader.location(of: filterNode))
    }

    func readSequence(name: String, fields: Yams.Node.Mapping, at key: Yams.Node) -> NodeKind? {
        guard let filesNode = fields["files"] else {
            diagnostics.append(reader.error("sequence node '\(name)' needs 'files': a numbered path such as frames/%04d.png", at: key, code: .missingKey))
            return nil
        }
        guard let pattern = attempt({ () throws(Diagnostic) in try reader.string(filesNode, what: "'files'") }) else { return nil }
        let location = reader.location(of: filesNode)
        guard let sequence = attempt({ () throws(Diagnostic) in try ImageSequence.find(FilePaths.join(directory, pattern), at: location) }) else {
            return nil
        }
        return .sequence(sequence)
    }

    func readImage(name: String, fields: Yams.Node.Mapping, at key: Yams.Node) -> NodeKind? {
        guard let file = existingFile(fields, node: name, at: key) else { return nil }
        return .image(ImageSource(file: file.path, location: file.location))
    }

    func readCamera(fields: Yams.Node.Mapping, at key: Yams.Node) -> NodeKind? {
        var camera = CameraSource(location: reader.location(of: key))
        if let deviceNode = fields["device"] {
            camera.location = reader.location(of: deviceNode)
            guard let scalar = deviceNode.scalar else {
                diagnostics.append(reader.error("'device' is auto, a path such as /dev/video0, an index, or part of the camera's name", at: deviceNode, code: .wrongValue))
                return nil
            }
            camera.device = CameraSelector(parsing: scalar.string)
        }
        camera.size = fields["size"].flatMap { node in attempt { () throws(Diagnostic) in try reader.size(node, what: "'size'") } }
        if let rateNode = fields["rate"] {
            guard let rate = rateNode.scalar.flatMap(reader.number), rate > 0, rate <= 1000 else {
                diagnostics.append(reader.error("'rate' is frames per second, a number such as 30", at: rateNode, code: .wrongValue))
                return nil
            }
            camera.frameRate = rate
        }
        if let formatNode = fields["format"] {
            guard let text = attempt({ () throws(Diagnostic) in try reader.string(formatNode, what: "'format'") }) else { return nil }
            let known = ["YUYV", "UYVY", "NV12", "YU12", "YV12", "RGB3", "BGR3", "MJPG"]
            guard known.contains(text.uppercased()) else {
                diagnostics.append(reader.error("unknown camera format '\(text)'; expected one of: \(known.joined(separator: ", "))", at: formatNode, code: .wrongValue))
                return nil
            }
            camera.format = text.uppercased()
        }
        return .camera(camera)
    }

    func readMovie(name: String, fields: Yams.Node.Mapping, at key: Yams.Node) -> NodeKind? {
        guard let file = existingFile(fields, node: name, at: key) else { return nil }
        var movie = MovieSource(file: file.path, location: file.location)
        if let loopNode = fields["loop"] {
            guard let loop = loopNode.scalar.flatMap(reader.boolean) else {
                diagnostics.append(reader.error("'loop' is true (start again after the last frame) or false (hold it)", at: loopNode, code: .wrongValue))
                return nil
            }
            movie.loop = loop
        }
        if let speedNode = fields["speed"] {
            guard let speed = speedNode.scalar.flatMap(reader.number), speed > 0, speed <= 100 else {
                diagnostics.append(reader.error("'speed' is seconds of movie per second, a number above 0 and at most 100, such as 0.5", at: speedNode, code: .wrongValue))
                return nil
            }
            movie.speed = speed
        }
        if let startNode = fields["start"] {
            guard let start = startNode.scalar.flatMap(reader.number), start >= 0, start.isFinite else {
                diagnostics.append(reader.error("'start' is the second of the movie shown first, a number of at least 0", at: startNode, code: .wrongValue))
                return nil
            }
            movie.start = start
        }
        return .movie(movie)
    }

    func readAudio(name: String, fields: Yams.Node.Mapping, at key: Yams.Node) -> NodeKind? {
        guard fields["file"] != nil else { return .audio(AudioSource(location: reader.location(of: key))) }
        guard let file = existingFile(fields, node: name, at: key) else { return nil }
        return .audio(AudioSource(file: file.path, location: file.location))
    }

    func readShader(name: String, fields: Yams.Node.Mapping, at key: Yams.Node) -> NodeKind? {
        let size = fields["size"].flatMap { node in attempt { () throws(Diagnostic) in try reader.size(node, what: "'size'") } }
        let format = readFormat(fields)
        let (inputs, uniforms, keyLocations) = readWiring(fields)
        let wires = Array(inputs.values) + uniforms.values.compactMap { if case .wire(let wire) = $0 { wire } else { nil } }
        guard let file = fields["filter"] != nil ? builtInFilter(fields, node: name) : existingFile(fields, node: name, at: key) else {
            wiresOfUnloadedNodes += wires
            return nil
        }
        var vertex: (path: String, location: SourceLocation)?
        if fields["vertex"] != nil {
            guard let named = existingFile(fields, node: name, at: key, field: "vertex") else {
                wiresOfUnloadedNodes += wires
                return nil
            }
            vertex = named
        }
        let shaderSource: SourceText
        let interface: ShaderInterface
        do {
            shaderSource = try ShaderIncludes.expand(files.readText(path: file.path, reference: file.location), folders: includes, files: files)
            interface = try ShaderInterface.read(shaderSource, files: files, vertexShaderPath: vertex?.path)
        } catch {
            diagnostics.append(error)
            wiresOfUnloadedNodes += wires
            return nil
        }
        if let vertex, interface.dialect != .glsl, let vertexNode = fields["vertex"] {
            let own = switch interface.dialect {
            case .isf: "an ISF shader's vertex shader is the .vs beside it"
            case .glslViewer: "a glslViewer shader's coordinates come from the workbench's vertex stage"
            case .glslSandbox: "a GLSL Sandbox shader's surfacePosition comes from the workbench's vertex stage"
            case .bonzomatic: "a Bonzomatic shader draws the whole pass with the workbench's vertex stage"
            case .glsl, .shaderToy: "a ShaderToy shader has no vertex stage"
            }
            diagnostics.append(reader.error("only a GLSL shader takes 'vertex' (\(vertex.path)); \(own)", at: vertexNode, code: .keyDoesNotApply))
            wiresOfUnloadedNodes += wires
            return nil
        }
        var pass = ShaderPass(file: file.path, source: shaderSource, interface: interface, inputs: inputs,
                              uniforms: uniforms, size: size, format: format)
        pass.keyLocations = keyLocations
        if let previous = interface.ownPreviousFrameInput, pass.inputs[previous.name] == nil {
            pass.inputs[previous.name] = Wire(node: name, location: shaderSource.location(line: previous.line, column: previous.column))
        }
        guard readSettings(of: &pass, fields: fields, name: name, key: key) else { return nil }
        return .shader(pass)
    }

    /// A shader node's `format`: rgba8 unless it names another.
    func readFormat(_ fields: Yams.Node.Mapping) -> PixelFormat {
        guard let formatNode = fields["format"], let text = attempt({ () throws(Diagnostic) in try reader.string(formatNode, what: "'format'") }) else {
            return .rgba8
        }
        guard let parsed = PixelFormat(rawValue: text) else {
            diagnostics.append(reader.error("unknown format '\(text)'; expected one of: \(PixelFormat.allCases.map(\.rawValue).joined(separator: ", "))", at: formatNode, code: .wrongValue))
            return .rgba8
        }
        return parsed
    }

    /// A shader node's `inputs` and `uniforms`, with where each key is written.
    func readWiring(_ fields: Yams.Node.Mapping) -> (inputs: [String: Wire], uniforms: [String: UniformSetting], keyLocations: [String: SourceLocation]) {
        var inputs: [String: Wire] = [:]
        var keyLocations: [String: SourceLocation] = [:]
        if let inputsNode = fields["inputs"], let mapping = attempt({ () throws(Diagnostic) in try reader.mapping(inputsNode, what: "'inputs'") }) {
            for (sampler, value) in mapping {
                guard let samplerName = sampler.string, let wire = attempt({ () throws(Diagnostic) in try readWire(value) }) else { continue }
                inputs[samplerName] = wire
                keyLocations[samplerName] = reader.location(of: sampler)
            }
        }
        var uniforms: [String: UniformSetting] = [:]
        if let uniformsNode = fields["uniforms"], let mapping = attempt({ () throws(Diagnostic) in try reader.mapping(uniformsNode, what: "'uniforms'") }) {
            for (uniform, value) in mapping {
                guard let uniformName = uniform.string, let setting = attempt({ () throws(Diagnostic) in try readUniformSetting(value) }) else { continue }
                uniforms[uniformName] = setting
                keyLocations[uniformName] = reader.location(of: uniform)
            }
        }
        return (inputs, uniforms, keyLocations)
    }

    /// The keys of a shader node read against its shader's interface: `mapping`, `sampling`, `previous`,
    /// `common`, `blur` and `cache`; false when the node cannot load.
    func readSettings(of pass: inout ShaderPass, fields: Yams.Node.Mapping, name: String, key: Yams.Node) -> Bool {
        let interface = pass.interface, path = pass.file
        if let mappingNode = fields["mapping"] {
            pass.mappings = readMappings(mappingNode, interface: interface, file: path)
        }
        if let samplingNode = fields["sampling"] {
            pass.samplings = readSamplings(samplingNode, interface: interface, file: path)
        }
        if let previousNode = fields["previous"] {
            pass.previousFrameInputs = readPreviousFrameInputs(previousNode, interface: interface, file: path)
        }
        if let commonNode = fields["common"] {
            guard interface.dialect == .shaderToy else {
                diagnostics.append(reader.error("'common' is a ShaderToy shader's Common code, and \(path) is not a ShaderToy shader", at: commonNode, code: .keyDoesNotApply))
                return false
            }
            guard let named = existingFile(fields, node: name, at: key, field: "common"),
                  let common = attempt({ () throws(Diagnostic) in try files.readText(path: named.path, reference: named.location) }) else { return false }
            pass.common = common
        }
        if let blurNode = fields["blur"] {
            guard let layout = readBlur(blurNode, interface: interface, file: path) else { return false }
            pass.blurLayout = layout
        }
        if let cacheNode = fields["cache"], let cache = attempt({ () throws(Diagnostic) in try reader.flag(cacheNode, what: "'cache'") }) {
            pass.cache = cache
        }
        return true
    }

    /// `mapping: { INPUT: fill | fit | stretch }`: how each named image input is laid onto the pass.
    func readMappings(_ node: Yams.Node, interface: ShaderInterface, file: String) -> [String: InputMapping] {
        guard let mapping = attempt({ () throws(Diagnostic) in try reader.mapping(node, what: "'mapping'") }) else { return [:] }
        let names = InputMapping.allCases.map(\.rawValue).joined(separator: ", ")
        var mappings: [String: InputMapping] = [:]
        for (inputNode, value) in mapping {
            guard let input = inputNode.string else { continue }
            guard interface.samplers.contains(where: { $0.name == input }) else {
                diagnostics.append(reader.error("'mapping' names '\(input)', which is not an image input of \(file)\(Spelling.closest(to: input, among: interface.samplers.map(\.name)).map { "; did you mean '\($0)'?" } ?? "")", at: inputNode, code: .noSuchUniform))
                continue
            }
            guard let text = value.string, let chosen = InputMapping(rawValue: text) else {
                diagnostics.append(reader.error("a mapping is one of: \(names)", at: value, code: .wrongValue))
                continue
            }
            mappings[input] = chosen
        }
        return mappings
    }

    /// `blur:` where the shader reads GPUImage's blurCoordinates, in a layout its count allows; nil (said why)
    /// otherwise.
    func readBlur(_ node: Yams.Node, interface: ShaderInterface, file: String) -> BlurLayout? {
        guard let layout = readBlurLayout(node) else { return nil }
        guard let count = interface.blurCoordinateCount else {
            diagnostics.append(reader.error("'blur' places a blur's blurCoordinates, which \(file) does not read", at: node, code: .keyDoesNotApply))
            return nil
        }
        if layout.isCentredPairs && count % 2 == 0 {
            diagnostics.append(reader.error("GPUImage's box and Gaussian blurs put the centre first, then pairs either side: they need an odd number of blurCoordinates, and \(file) reads \(count)", at: node, code: .keyDoesNotApply))
            return nil
        }
        return layout
    }

    /// `previous: [INPUT, …]`: image inputs that read the image their node made the frame before.
    func readPreviousFrameInputs(_ node: Yams.Node, interface: ShaderInterface, file: String) -> [String: SourceLocation] {
        guard case .sequence(let items) = node else {
            diagnostics.append(reader.error("'previous' must be a list of image inputs, found \(reader.describe(node))", at: node, code: .wrongValue))
            return [:]
        }
        var inputs: [String: SourceLocation] = [:]
        for item in items {
            guard let input = attempt({ () throws(Diagnostic) in try reader.string(item, what: "an entry of 'previous'") }) else { continue }
            guard interface.samplers.contains(where: { $0.name == input }) else {
                diagnostics.append(reader.error("'previous' names '\(input)', which is not an image input of \(file)\(Spelling.closest(to: input, among: interface.samplers.map(\.name)).map { "; did you mean '\($0)'?" } ?? "")", at: item, code: .noSuchUniform))
                continue
            }
            inputs[input] = reader.location(of: item)
        }
        return inputs
    }

    /// `sampling: { INPUT: { filter: nearest|linear|mipmap, wrap: clamp|repeat|mirror, flip: BOOL } }`, every key optional.
    func readSamplings(_ node: Yams.Node, interface: ShaderInterface, file: String) -> [String: InputSampling] {
        guard let mapping = attempt({ () throws(Diagnostic) in try reader.mapping(node, what: "'sampling'") }) else { return [:] }
        var samplings: [String: InputSampling] = [:]
        for (inputNode, value) in mapping {
            guard let input = inputNode.string else { continue }
            guard interface.samplers.contains(where: { $0.name == input }) else {
                diagnostics.append(reader.error("'sampling' names '\(input)', which is not an image input of \(file)\(Spelling.closest(to: input, among: interface.samplers.map(\.name)).map { "; did you mean '\($0)'?" } ?? "")", at: inputNode, code: .noSuchUniform))
                continue
            }
            guard let fields = attempt({ () throws(Diagnostic) in try reader.mapping(value, what: "an input's sampling") }) else { continue }
            reader.checkKeys(fields, allowed: ["filter", "wrap", "flip"], in: "an input's sampling", into: &diagnostics)
            var sampling = InputSampling()
            if let filterNode = fields["filter"] {
                sampling.filter = choice(filterNode, what: "a filter")
            }
            if let wrapNode = fields["wrap"] {
                sampling.wrap = choice(wrapNode, what: "a wrap")
            }
            if let flipNode = fields["flip"] {
                if case .scalar(let scalar) = flipNode, let flipped = reader.boolean(scalar) {
                    sampling.isFlipped = flipped
                } else {
                    diagnostics.append(reader.error("'flip' is true or false, found \(reader.describe(flipNode))", at: flipNode, code: .wrongValue))
                }
            }
            samplings[input] = sampling
        }
        return samplings
    }

    /// One of an enumeration's spellings, or a located error that lists them.
    func choice<Choice: RawRepresentable & CaseIterable>(_ node: Yams.Node, what: String) -> Choice? where Choice.RawValue == String {
        if let text = node.string, let chosen = Choice(rawValue: text) { return chosen }
        diagnostics.append(reader.error("\(what) is one of: \(Choice.allCases.map(\.rawValue).joined(separator: ", "))", at: node, code: .wrongValue))
        return nil
    }

    /// `blur: ordered`, `blur: box` or `blur: { gaussian: SIGMA }`.
    func readBlurLayout(_ node: Yams.Node) -> BlurLayout? {
        switch node.string {
        case "ordered": return .ordered
        case "box": return .box
        default: break
        }
        if let mapping = node.mapping, mapping.count == 1, let (key, value) = mapping.first, key.string == "gaussian" {
            if let sigma = value.scalar.flatMap(reader.number), sigma > 0, sigma.isFinite { return .gaussian(sigma: sigma) }
            diagnostics.append(reader.error("a Gaussian blur's sigma (GPUImage's blurRadiusInPixels) is a number above 0", at: value, code: .wrongValue))
            return nil
        }
        diagnostics.append(reader.error("'blur' is \(BlurLayout.spellings)", at: node, code: .wrongValue))
        return nil
    }

    func readConstant(name: String, fields: Yams.Node.Mapping, at key: Yams.Node) -> NodeKind? {
        guard let valueNode = fields["value"] else {
            diagnostics.append(reader.error("constant node '\(name)' needs a 'value'", at: key, code: .missingKey))
            return nil
        }
        guard let setting = attempt({ () throws(Diagnostic) in try readUniformSetting(valueNode) }) else { return nil }
        guard case .literal(let values, _) = setting else {
            diagnostics.append(reader.error("a constant's 'value' must be numbers, not a reference to another node", at: valueNode, code: .wrongValue))
            return nil
        }
        return .constant(values)
    }

    func readKey(name: String, fields: Yams.Node.Mapping, at key: Yams.Node) -> NodeKind? {
        guard let keyNode = fields["key"], let text = attempt({ () throws(Diagnostic) in try reader.string(keyNode, what: "'key'") }) else {
            diagnostics.append(reader.error("key node '\(name)' needs a 'key': a letter a–z or space", at: key, code: .missingKey))
            return nil
        }
        let lowered = text.lowercased()
        guard lowered == "space" || (lowered.count == 1 && lowered.first!.isLetter && lowered.first!.isASCII) else {
            diagnostics.append(reader.error("'key' is a letter a–z or space, found '\(text)'", at: keyNode, code: .wrongValue))
            return nil
        }
        return .key(lowered)
    }

    func readPick(name: String, fields: Yams.Node.Mapping, at key: Yams.Node) -> NodeKind? {
        guard let inputNode = fields["input"] else {
            diagnostics.append(reader.error("pick node '\(name)' needs an 'input': the image it picks colours from", at: key, code: .missingKey))
            return nil
        }
        guard let input = attempt({ () throws(Diagnostic) in try readWire(inputNode) }) else { return nil }
        var pick = PickedColour(input: input)
        if let initialNode = fields["initial"] {
            guard case .literal(let numbers, _)? = attempt({ () throws(Diagnostic) in try readUniformSetting(initialNode) }),
                  numbers.count == 3 || numbers.count == 4 else {
                diagnostics.append(reader.error("'initial' is a colour: [r, g, b] or [r, g, b, a]", at: initialNode, code: .wrongValue))
                return nil
            }
            pick.initial = numbers.count == 3 ? numbers + [1] : numbers
        }
        return .pick(pick)
    }

    func readDrag(fields: Yams.Node.Mapping) -> NodeKind? {
        var drag = DraggedValue()
        for key in ["initial", "scale"] {
            guard let node = fields[key] else { continue }
            guard let number = node.scalar.flatMap(reader.number) else {
                diagnostics.append(reader.error("'\(key)' is a number", at: node, code: .wrongValue))
                return nil
            }
            if key == "initial" { drag.initial = Float(number) } else { drag.scale = Float(number) }
        }
        if let rangeNode = fields["range"] {
            guard case .literal(let bounds, _)? = attempt({ () throws(Diagnostic) in try readUniformSetting(rangeNode) }),
                  bounds.count == 2, bounds[0] <= bounds[1] else {
                diagnostics.append(reader.error("'range' is [minimum, maximum]", at: rangeNode, code: .wrongValue))
                return nil
            }
            drag.range = bounds[0]...bounds[1]
        }
        drag.initial = min(max(drag.initial, drag.range.lowerBound), drag.range.upperBound)
        return .drag(drag)
    }

    func readOscillator(fields: Yams.Node.Mapping) -> NodeKind? {
        var oscillator = Oscillator()
        if let waveformNode = fields["waveform"], let text = attempt({ () throws(Diagnostic) in try reader.string(waveformNode, what: "'waveform'") }) {
            guard let waveform = Oscillator.Waveform(rawValue: text) else {
                diagnostics.append(reader.error("unknown waveform '\(text)'; expected one of: \(Oscillator.Waveform.allCases.map(\.rawValue).joined(separator: ", "))", at: waveformNode, code: .wrongValue))
                return nil
            }
            oscillator.waveform = waveform
        }
        for (key, range) in [("rate", 0.0...1000.0), ("phase", 0.0...1.0)] {
            guard let node = fields[key] else { continue }
            guard let number = node.scalar.flatMap(reader.number), range.contains(number) else {
                diagnostics.append(reader.error("'\(key)' is a number from \(range.lowerBound) to \(range.upperBound)", at: node, code: .wrongValue))
                return nil
            }
            if key == "rate" { oscillator.rate = Float(number) } else { oscillator.phase = Float(number) }
        }
        return .oscillator(oscillator)
    }

    func readReduction(_ measure: Reduction.Measure, name: String, fields: Yams.Node.Mapping, at key: Yams.Node) -> NodeKind? {
        guard let inputNode = fields["input"] else {
            diagnostics.append(reader.error("\(measure.rawValue) node '\(name)' needs an 'input': the image it measures", at: key, code: .missingKey))
            return nil
        }
        guard let input = attempt({ () throws(Diagnostic) in try readWire(inputNode) }) else { return nil }
        var perChannel = false
        if let channelsNode = fields["channels"], let text = attempt({ () throws(Diagnostic) in try reader.string(channelsNode, what: "'channels'") }) {
            guard ["luminance", "rgb"].contains(text) else {
                diagnostics.append(reader.error("'channels' is luminance (256 bins) or rgb (luminance, red, green and blue: 1024 bins)", at: channelsNode, code: .wrongValue))
                return nil
            }
            perChannel = text == "rgb"
        }
        return .reduction(Reduction(measure: measure, input: input, perChannel: perChannel))
    }

    func readOperation(_ operation: ValueOperation.Operator, name: String, fields: Yams.Node.Mapping, at key: Yams.Node) -> NodeKind? {
        var operands: [(role: String, operand: Operand)] = []
        for role in ValueOperation.roles(of: operation) {
            guard let node = fields[role] else {
                diagnostics.append(reader.error("\(operation.rawValue) node '\(name)' needs '\(role)'", at: key, code: .missingKey))
                return nil
            }
            if role == "values" {
                guard case .sequence(let items) = node, items.count >= 2 else {
                    diagnostics.append(reader.error("'values' is a list of two or more values: node names or numbers", at: node, code: .wrongValue))
                    return nil
                }
                for (index, item) in items.enumerated() {
                    guard let operand = attempt({ () throws(Diagnostic) in try readOperand(item) }) else { return nil }
                    operands.append(("\(index)", operand))
                }
            } else {
                guard let operand = attempt({ () throws(Diagnostic) in try readOperand(node) }) else { return nil }
                operands.append((role, operand))
            }
        }
        return .operation(ValueOperation(operation: operation, operands: operands))
    }

    /// A number, a list of numbers, or another node's value (`node` or `node.xy`).
    func readOperand(_ node: Yams.Node) throws(Diagnostic) -> Operand {
        switch try readUniformSetting(node) {
        case .literal(let numbers, _): .literal(numbers)
        case .wire(let wire): .wire(wire)
        }
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
