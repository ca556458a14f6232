import ShaderLanguage

/// Opens what the user named on the command line: a composition, or a lone fragment shader treated as a
/// one-node composition fed by the live source; then applies `--input`.
public enum CompositionOpener {
    /// The name of the source node that feeds a lone shader.
    public static let liveNodeName = "input"
    /// The image input that a lone shader's own previous frame feeds, by convention.
    public static let feedbackInputName = "previousOutput"
    /// The source node that feeds a lone shader's other image inputs (a blend's second image).
    public static let secondNodeName = "input2"
    /// The audio node that feeds a lone ISF shader's audio and audioFFT inputs: the live sound.
    public static let soundNodeName = "sound"

    /// Every problem is reported at once: the composition's own, a bad `--input` and bad `--set` values
    /// together, so fixing one never only uncovers the next. (A `--set` needs the composition to be checked.)
    /// `includeFolders` (`--include`) are where shaders' `#include`s are looked for after their own folder.
    /// `fusing: false` (`--no-fuse`) draws every shader node as a pass of its own, as `fuse: false` does.
    /// `precision` (`--precision`) wins over the composition's `precision:`.
    /// `stages` are shaders named after a model file, as glslViewer takes them (`head.ply lit.frag lit.vert`).
    public static func open(path: String, stages: [String] = [], input: LiveInput? = nil, overrides: [ParameterOverride] = [],
                            includeFolders: [String] = [], fusing: Bool = true, precision: ShaderPrecision? = nil) throws(DiagnosticsError) -> Composition {
        var problems: [Diagnostic] = []
        var opened: Composition?
        if !stages.isEmpty, !FilePaths.isModelFile(path) {
            throw DiagnosticsError([.error("\(stages[0]): only a model file is followed by shaders, as glslViewer takes them "
                                           + "(shaderbench head.ply lit.frag); a composition names its shaders itself", code: .wrongValue)])
        }
        do {
            opened = FilePaths.isShaderFile(path) ? try shaderComposition(path: path, includeFolders: includeFolders)
                : FilePaths.isModelFile(path) ? try modelComposition(path: path, stages: stages)
                : try CompositionLoader.load(path: path, includeFolders: includeFolders)
        } catch {
            problems += error.diagnostics
        }
        var source: NodeKind?
        if let input {
            do {
                source = try liveSource(for: input)
            } catch {
                problems += error.diagnostics
            }
        }
        guard var composition = opened else { throw DiagnosticsError(problems) }
        if let input, let source {
            replaceLiveSource(of: &composition, with: source, givenAs: input)
        }
        do {
            try ParameterOverride.apply(overrides, to: &composition)
        } catch {
            problems += error.diagnostics
        }
        composition.fuses = composition.fuses && fusing
        if let precision { composition.precision = precision }
        composition.warnings += UnsetUniforms.warnings(in: composition)
        guard problems.isEmpty else { throw DiagnosticsError(composition.warnings + problems) }
        return composition
    }

    /// The live source starts as the pattern; `--input` then replaces it like any composition's.
    static func shaderComposition(path: String, includeFolders: [String] = []) throws(DiagnosticsError) -> Composition {
        if let kernel = try? UserFile.readText(path: path), ComputeInterface.isCompute(kernel) {
            return try kernelComposition(path: path, source: kernel, includeFolders: includeFolders)
        }
        let (source, interface) = try readShader(path, includeFolders: includeFolders)
        let start = source.location(line: 1, column: 1)
        var pass = ShaderPass(file: path, source: source, interface: interface)
        var nodes: [Node] = []
        let shaderName = NodeName.isValid(fileStem(path)) ? fileStem(path) : "shader"
        // Bonzomatic's default textures and what a VS Code Shader Toy shader's directives bring first, so no other
        // image takes their inputs.
        let defaults = BonzomaticDialect.wiringDefaultTextures([Node(name: "shader", kind: .shader(pass), location: start)])
        nodes += defaults.dropFirst()
        if case .shader(let wired)? = defaults.first?.kind { pass = wired }
        VSCodeShaderToyChannels.settle(&pass, node: shaderName, formatIsSet: false)
        let brought = VSCodeShaderToyChannels.bringing([Node(name: shaderName, kind: .shader(pass), location: start)]) { path, channel throws(Diagnostic) in
            let source = try ShaderIncludes.expand(UserFile.readText(path: path, reference: channel), folders: ShaderIncludes.Folders(search: includeFolders))
            return (source, try ShaderInterface.read(source, asVSCodeShaderToy: true))
        }
        guard brought.problems.isEmpty else { throw DiagnosticsError(brought.problems) }
        if case .shader(let wired)? = brought.nodes.first?.kind { pass = wired }
        if let imageInput = interface.primaryImageInput {
            nodes.append(Node(name: liveNodeName, kind: .pattern(PatternSource()), location: start))
            pass.inputs[imageInput.name] = Wire(node: liveNodeName, location: source.location(line: imageInput.line, column: imageInput.column))
            // A blend's other inputs see the test pattern, so `--input photo.jpg` blends the photo with it;
            // `previousOutput` is the shader's own last frame (feedback).
            let others = interface.pictureSamplers.filter {
                pass.inputs[$0.name] == nil && ![imageInput.name, feedbackInputName, interface.ownPreviousFrameInput?.name].contains($0.name)
                    && !(interface.dialect == .glslViewer && GLSLViewerPasses.isPassImage($0.name))
            }
            if !others.isEmpty {
                nodes.append(Node(name: secondNodeName, kind: .pattern(PatternSource()), location: start))
            }
            for sampler in others {
                pass.inputs[sampler.name] = Wire(node: secondNodeName, location: source.location(line: sampler.line, column: sampler.column))
            }
        }
        let soundInputs = interface.samplers.filter { interface.soundShape(of: $0.name) != nil }
        if !soundInputs.isEmpty {
            nodes.append(Node(name: soundNodeName, kind: .audio(AudioSource(location: start)), location: start))
        }
        for sampler in soundInputs {
            pass.inputs[sampler.name] = Wire(node: soundNodeName, location: source.location(line: sampler.line, column: sampler.column))
        }
        if let feedback = interface.ownPreviousFrameInput ?? interface.samplers.first(where: { $0.name == feedbackInputName }) {
            pass.inputs[feedback.name] = Wire(node: shaderName, location: source.location(line: feedback.line, column: feedback.column))
        }
        nodes += GLSLViewerPasses.nodes(for: Node(name: shaderName, kind: .shader(pass), location: start)) + brought.nodes.dropFirst()
        // Every parameter of a lone shader is published, so `--set` reaches all of them.
        let published = interface.parameters.map { declaration in
            ParameterReference(node: shaderName, uniform: declaration.name,
                               location: SourceLocation(file: declaration.file ?? source.path, line: declaration.line, column: declaration.column))
        }
        let composition = Composition(path: path, size: nil, nodes: nodes, output: shaderName, published: published,
                                      liveSource: interface.primaryImageInput == nil ? nil : liveNodeName)
        let diagnostics = CompositionValidator.validate(composition)
        guard diagnostics.isEmpty else { throw DiagnosticsError(diagnostics) }
        return composition
    }

    /// A shader with no image inputs as the live source: a synthetic, moving test image made to order.
    static func generator(_ path: String) throws(DiagnosticsError) -> NodeKind {
        if let kernel = try? UserFile.readText(path: path), ComputeInterface.isCompute(kernel) {
            throw DiagnosticsError([kernel.error("--input \(path): a compute kernel cannot be the live source; open it on its own, or wire it in a composition",
                                                 line: 1, column: 1, code: .notAnImage)])
        }
        let (source, interface) = try readShader(path)
        if let sampler = interface.samplers.first {
            throw DiagnosticsError([source.error("--input \(path): a shader given as the live source generates its image and cannot sample '\(sampler.name)'",
                                                 line: sampler.line, column: sampler.column, code: .notAnImage)])
        }
        return .shader(ShaderPass(file: path, source: source, interface: interface))
    }

    static func readShader(_ path: String, includeFolders: [String] = []) throws(DiagnosticsError) -> (SourceText, ShaderInterface) {
        do throws(Diagnostic) {
            let source = try ShaderIncludes.expand(UserFile.readText(path: path), folders: ShaderIncludes.Folders(search: includeFolders))
            return (source, try ShaderInterface.read(source))
        } catch {
            throw DiagnosticsError([error])
        }
    }

    static func fileStem(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return name }
        return String(name[..<dot])
    }

    /// What `--input` names, as the node that replaces the live source.
    static func liveSource(for input: LiveInput) throws(DiagnosticsError) -> NodeKind {
        let commandLine = SourceLocation.commandLine(option: "--input", value: input.description)
        switch input {
        case .pattern:
            return .pattern(PatternSource())
        case .image(let path) where ImageSequence.isPattern(path):
            do throws(Diagnostic) {
                return .sequence(try ImageSequence.find(path, at: commandLine))
            } catch {
                throw DiagnosticsError([error])
            }
        case .image(let path):
            guard UserFile.isRegularFile(path) else { throw DiagnosticsError([.error("no such file", at: commandLine, code: .unreadableFile)]) }
            return FilePaths.isShaderFile(path) ? try generator(path) : .image(ImageSource(file: path, location: commandLine))
        case .movie(let path):
            guard NetworkStream.isStream(path) || UserFile.isRegularFile(path) else { throw DiagnosticsError([.error("no such file", at: commandLine, code: .unreadableFile)]) }
            return .movie(MovieSource(file: path, location: commandLine))
        case .camera(let device):
            return .camera(CameraSource(device: CameraSelector(parsing: device ?? "auto"), location: commandLine))
        }
    }

    /// A composition with no source to replace still runs, as it would without `--input`; the user is told
    /// the input is not used.
    static func replaceLiveSource(of composition: inout Composition, with source: NodeKind, givenAs input: LiveInput) {
        guard let name = composition.liveSource, let index = composition.nodes.firstIndex(where: { $0.name == name }) else {
            composition.warnings.append(Diagnostic(.warning, "\(composition.path) has no image source to replace, so the input is not used",
                                                   at: .commandLine(option: "--input", value: input.description), code: .notAnImage))
            return
        }
        composition.nodes[index].kind = source
    }
}
