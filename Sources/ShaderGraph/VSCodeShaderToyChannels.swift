import ShaderLanguage

/// What a composition gains for a shader written for VS Code's Shader Toy extension, from its directives
/// (`VSCodeShaderToyDirectives`): a node for each picture or movie its channels name and one for its keyboard,
/// the pass's own last frame on a channel that says `"self"`, and every channel sampled as the extension samples
/// it. What the composition says itself (`inputs:`, `sampling:`, `format:`) wins.
enum VSCodeShaderToyChannels {
    /// Whether the host feeds `sampler` of a shader with `interface` itself: a channel its directives bind, or
    /// its keyboard.
    static func feeds(_ sampler: String, of interface: ShaderInterface) -> Bool {
        guard interface.dialect == .vsCodeShaderToy, let directives = interface.vsCodeDirectives else { return false }
        if sampler == VSCodeShaderToyDialect.keyboard { return true }
        return VSCodeShaderToyDialect.channels.firstIndex(of: sampler).map { directives.channels[$0] != nil } ?? false
    }

    /// `pass`, node `node`'s, as its directives make the pass itself: a channel that says `"self"` reads the
    /// pass's own last frame, kept in a float image as the extension keeps it (unless `formatIsSet`), and each
    /// channel is filtered and wrapped as the extension does it (its directives, else linear and repeated) where
    /// the composition's `sampling:` leaves it open; the keyboard is read texel by texel.
    static func settle(_ pass: inout ShaderPass, node: String, formatIsSet: Bool) {
        guard pass.interface.dialect == .vsCodeShaderToy, let directives = pass.interface.vsCodeDirectives else { return }
        var readsItself = false
        for sampler in pass.interface.samplers.map(\.name) {
            let hostSampling: InputSampling
            if let number = VSCodeShaderToyDialect.channels.firstIndex(of: sampler) {
                if let channel = directives.channels[number], channel.source == .ownPreviousFrame, pass.inputs[sampler] == nil {
                    pass.inputs[sampler] = Wire(node: node, location: channel.location)
                    readsItself = true
                }
                hostSampling = (directives.samplings[number] ?? VSCodeShaderToyDirectives.Sampling()).inputSampling
            } else if sampler == VSCodeShaderToyDialect.keyboard {
                hostSampling = InputSampling(filter: .nearest, wrap: .clamp)
            } else {
                continue
            }
            var sampling = pass.samplings[sampler] ?? InputSampling()
            sampling.filter = sampling.filter ?? hostSampling.filter
            sampling.wrap = sampling.wrap ?? hostSampling.wrap
            pass.samplings[sampler] = sampling
        }
        if readsItself && !formatIsSet { pass.format = .rgba32f }
    }

    /// Reads a shader file a channel names, as the extension's (its `#include`s expanded), for the channel at
    /// that location.
    typealias ShaderFileReader = (_ path: String, _ channel: SourceLocation) throws(Diagnostic) -> (SourceText, ShaderInterface)

    /// `nodes` with what each VS Code Shader Toy shader's directives bring for the channels the composition
    /// leaves unwired, wired to them: a picture or movie node for each picture or movie a channel names, a
    /// keyboard node (its four rows) for `iKeyboard`, and for each other shader file a pass of its own (`read`),
    /// wired the same way, in a float image as the extension draws its buffers. One pass draws each file. As
    /// the extension draws every pass after those it reads, a pass reads one it is read by (its own reader's
    /// reader, round a circle) as that pass's last frame. Each is named after the node whose channel brings it
    /// (`look-iChannel0`, `look-keyboard`) and added after the composition's own nodes; a name the composition
    /// already uses is an error at the directive.
    static func bringing(_ nodes: [Node], reading read: @escaping ShaderFileReader) -> (nodes: [Node], problems: [Diagnostic]) {
        var bringing = Bringing(names: Set(nodes.map(\.name)), read: read)
        let wired = nodes.map { node in
            guard case .shader(let pass) = node.kind, pass.interface.vsCodeDirectives != nil else { return node }
            return bringing.wire(node, drawnBefore: [(node.name, FilePaths.absolute(pass.file))])
        }
        return (wired + bringing.brought, bringing.problems)
    }

    private struct Bringing {
        var names: Set<String>
        let read: ShaderFileReader
        var brought: [Node] = []
        var problems: [Diagnostic] = []
        /// The passes brought for shader files, by absolute path.
        var passes: [String: String] = [:]

        /// `node` with its unwired channels and keyboard wired to what they read, brought as needed.
        /// `readers` are the passes that read it, itself first, by name and absolute file: those are drawn after it.
        mutating func wire(_ node: Node, drawnBefore readers: [(name: String, file: String)]) -> Node {
            guard case .shader(var pass) = node.kind, let directives = pass.interface.vsCodeDirectives else { return node }
            for sampler in pass.interface.samplers where pass.inputs[sampler.name] == nil {
                let channel = VSCodeShaderToyDialect.channels.firstIndex(of: sampler.name).flatMap { directives.channels[$0] }
                let location = channel?.location ?? pass.source.location(line: sampler.line, column: sampler.column)
                let kind: NodeKind
                switch channel?.source {
                case .picture(let path)?: kind = .image(ImageSource(file: path, location: location))
                case .movie(let path)?: kind = .movie(MovieSource(file: path, location: location))
                case .shader(let path)?:
                    let file = FilePaths.absolute(path)
                    if let reader = readers.first(where: { $0.file == file }) {
                        pass.inputs[sampler.name] = Wire(node: reader.name, location: location)
                        pass.previousFrameInputs[sampler.name] = location
                        continue
                    }
                    if let drawn = passes[file] {
                        pass.inputs[sampler.name] = Wire(node: drawn, location: location)
                        continue
                    }
                    guard let shader = bringPass(file, for: sampler.name, of: node.name, at: location, readers: readers) else { continue }
                    pass.inputs[sampler.name] = Wire(node: shader, location: location)
                    continue
                case .ownPreviousFrame?:
                    continue
                case nil:
                    guard sampler.name == VSCodeShaderToyDialect.keyboard else { continue }
                    kind = .keyboard(.vsCodeShaderToy)
                }
                guard let name = name(for: sampler.name, of: node.name, at: location) else { continue }
                var brought = Node(name: name, kind: kind, location: location)
                brought.broughtBy = node.name
                self.brought.append(brought)
                pass.inputs[sampler.name] = Wire(node: name, location: location)
            }
            var wired = node
            wired.kind = .shader(pass)
            return wired
        }

        /// The pass that draws `file` for `sampler` of `owner`, read and wired in turn: its name, nil (with the
        /// problem kept) when it cannot be read.
        private mutating func bringPass(_ file: String, for sampler: String, of owner: String, at location: SourceLocation,
                                        readers: [(name: String, file: String)]) -> String? {
            guard let name = name(for: sampler, of: owner, at: location) else { return nil }
            let source: SourceText, interface: ShaderInterface
            do {
                (source, interface) = try read(file, location)
            } catch {
                problems.append(error)
                return nil
            }
            passes[file] = name
            var pass = ShaderPass(file: file, source: source, interface: interface, format: .rgba32f)
            VSCodeShaderToyChannels.settle(&pass, node: name, formatIsSet: true)
            var node = Node(name: name, kind: .shader(pass), location: location)
            node.broughtBy = owner
            brought.append(wire(node, drawnBefore: readers + [(name, file)]))
            return name
        }

        /// `owner-sampler` (`look-keyboard` for the keyboard), unless the composition has a node of that name.
        private mutating func name(for sampler: String, of owner: String, at location: SourceLocation) -> String? {
            let name = "\(owner)-\(sampler == VSCodeShaderToyDialect.keyboard ? "keyboard" : sampler)"
            guard names.insert(name).inserted else {
                problems.append(.error("node '\(owner)' reads '\(sampler)' from a node it names '\(name)', which is the name of a node of the composition; rename that node",
                                       at: location, code: .vsCodeShaderToyDirective))
                return nil
            }
            return name
        }
    }
}

extension VSCodeShaderToyDirectives.Sampling {
    /// The extension's filters as the workbench's one filter per input: a magnifying filter of nearest reads
    /// nearest; otherwise a mipmapped minifying filter reads through the mipmaps (trilinear) and any other
    /// bilinear. What is unset is the extension's default, linear and repeated.
    var inputSampling: InputSampling {
        let filter: InputSampling.Filter = magFilter == .nearest ? .nearest : (minFilter?.isMipmapped ?? false) ? .mipmap : .linear
        let wrap: InputSampling.Wrap = switch self.wrap ?? .repeat {
        case .clamp: .clamp
        case .repeat: .repeat
        case .mirror: .mirror
        }
        return InputSampling(filter: filter, wrap: wrap)
    }
}
