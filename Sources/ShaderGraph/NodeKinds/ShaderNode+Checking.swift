import ShaderLanguage

/// A shader node's checks against the composition: what is wired to its inputs and uniforms, the previous
/// frames it reads, and the varyings its vertex stage must provide.
extension CompositionCheck {
    mutating func checkShader(_ node: Node, _ pass: ShaderPass) {
        let interface = pass.interface
        let file = pass.source.path
        let unwiredPassImages = pass.drawnAroundModel ? GLSLViewerScenePasses.passImages : []
        for sampler in interface.samplers where pass.inputs[sampler.name] == nil && !unwiredPassImages.contains(sampler.name) {
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
    private mutating func checkPreviousFrameInputs(_ pass: ShaderPass) {
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
    private mutating func checkVertexStageUniform(_ name: String, _ setting: UniformSetting) {
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
    private mutating func checkVaryings(_ pass: ShaderPass) {
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
        for varying in interface.varyings where !pass.drawnAroundModel && varying.name != VertexStage.blurVarying
            && (!VertexStage.providedVaryings.contains(varying.name) || varying.type != .vec2 || varying.arrayLength != nil) {
            if interface.dialect == .isf, let vertex = ShaderInterface.conventionalVertexShaderPath(of: pass.source.path, dialect: .isf) {
                // ISF has no vertex stage with varyings of its own: they are the .vs file's, which the shader came without.
                let name = vertex.split(separator: "/").last.map(String.init) ?? vertex
                diagnostics.append(pass.source.error(
                    "varying '\(varying.name)' is written by no vertex shader: an ISF shader's own varyings come from the vertex shader beside it, \(name), which is not there",
                    line: varying.line, column: varying.column, code: .varying))
                continue
            }
            // A suggestion comes from the dialect the file is read as: its host's own names, else GPUImage's.
            let hostNames = VertexStage.ownVaryings(of: interface.dialect)
            let gpuImageNames = Array(VertexStage.providedVaryings.subtracting(VertexStage.hostVaryings)) + [VertexStage.blurVarying]
            let closest = hostNames.flatMap { Spelling.closest(to: varying.name, among: $0) } ?? Spelling.closest(to: varying.name, among: gpuImageNames)
            let provided = hostNames.map { names in "; a \(interface.dialect.title) shader is given \(names.map { "vec2 \($0)" }.joined(separator: ", ")) and GPUImage's coordinates" }
                ?? "; it provides vec2 textureCoordinate (…5) and outputTextureCoordinate, GPUImage's neighbours (leftTextureCoordinate, topRightTextureCoordinate, leftTextureCoordinate2, upperLeftInputTextureCoordinate, …) and its blurs' blurCoordinates[N]"
            let hint = closest.map { "; did you mean '\($0)'?" } ?? provided
            let readAs = hostNames == nil ? "" : " to a \(interface.dialect.title) shader"
            diagnostics.append(pass.source.error(
                "varying '\(varying.name)' is not provided by the workbench's vertex stage\(readAs)\(hint)",
                line: varying.line, column: varying.column, code: .varying))
        }
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

}
